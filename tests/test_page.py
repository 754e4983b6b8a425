"""The page at / in a real headless browser (Debian's chromium driven by Playwright's Python API):
the real server, orders typed and clicked, the rendered table read back, no external URL loaded,
errors shown plainly, a screenshot saved with the test's output."""

import shutil

import pytest

from .conftest import start_server, stop_server

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium on PATH: .ci/run installs Debian's chromium "
                                                          "(apt-get install chromium fonts-noto-cjk)")
KEY = "page-key-123"


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"], headless=True)
        yield b
        b.close()


def open_page(browser, url, **viewport):
    page = browser.new_page(viewport=viewport or {"width": 1280, "height": 900})
    requested = []
    page.on("request", lambda request: requested.append(request.url))
    page.goto(url + "/")
    return page, requested


def rows(page):
    return [[td.inner_text() for td in tr.query_selector_all("td")] for tr in page.query_selector_all("#results tbody tr")]


def test_page_extracts_orders_and_shows_checks(rules_server, browser, tmp_path):
    page, requested = open_page(browser, rules_server)
    page.wait_for_selector("#backend[data-state='ready']")
    assert "rules" in page.inner_text("#backend")
    page.fill("#orders", "长沙市岳麓区桃花岭路189号润丰园B座1202室 | 电话021-17613435 | 联系人江雨桐\n"
                         "收货人：司马晓东苏州市姑苏区人民路1号 13912340000\n\n")
    page.click("#extract")
    page.wait_for_selector("#results tbody tr")
    got = rows(page)
    assert len(got) == 2  # the blank line is not an order
    assert got[0][:10] == ["0", "长沙市岳麓区桃花岭路189号润丰园B座1202室 | 电话021-17613435 | 联系人江雨桐", "ok", "无需复核 none",
                           "湖南省", "长沙市", "岳麓区", "桃花岭路189号润丰园B座1202室", "江雨桐", "021-17613435"]
    assert got[1][4:9] == ["江苏省", "苏州市", "姑苏区", "人民路1号", "司马晓东"]
    assert page.get_attribute("#results tbody tr:first-child td:nth-child(5)", "data-check") == "inferred"  # 湖南省 from 长沙市
    assert got[1][12] == "13912340000 ✓"  # compact: kind and normalized form on hover
    assert page.get_attribute("#results tbody tr:nth-child(2) .phone", "title") == "mobile · +8613912340000"
    page.fill("#orders", "浙江省杭州市西湖区转塘街道象山社区8号 王芳 13912345678")
    page.click("#extract")
    page.wait_for_function("document.querySelector('#results tbody tr td:nth-child(12)').innerText === '转塘街道'")
    assert page.get_attribute("#results tbody tr td:nth-child(12)", "title") == "code 330106011 · check: found"
    page.fill("#orders", "寄件人：张三 13800138000 北京市海淀区中关村大街1号 收件人：李四 13912345678 上海市浦东新区世纪大道100号")
    page.click("#extract")
    page.wait_for_function("document.querySelector('#results tbody tr td:nth-child(14)').innerText.includes('收 李四')")
    sender_row = rows(page)[0]
    assert sender_row[6] == "浦东新区" and sender_row[13] == "寄 张三 13800138000\n收 李四 13912345678"
    assert "北京市 北京市 海淀区 中关村大街1号" in page.get_attribute("#results tbody tr td:nth-child(14)", "title")
    assert "request" in page.inner_text("#timing") and '"results"' in page.text_content("#raw")
    page.click("button.example:has-text('several phones')")
    page.wait_for_function("document.querySelector('#results tbody tr td:nth-child(2)').innerText.includes('中山北路200号')"
                           " && document.querySelector('#results tbody tr td:nth-child(10)').innerText === '13912345678'")
    assert len(page.query_selector_all("#results tbody tr:first-child .phone")) == 2
    # An ok the review flags is not green, and says why (issue 23: 发往：… showed a green ok with nothing read).
    page.fill("#orders", "浙江省杭州市文三路100号 13912345678\n")
    page.click("#extract")
    # Wait for this answer's row, not any flagged row: the previous example's row may be flagged too (a race under load).
    page.wait_for_function("document.querySelector('#results tbody tr td:nth-child(2)').innerText.includes('文三路100号')"
                           " && document.querySelector('#results tbody tr td:nth-child(4)').dataset.review === 'needed'")
    flagged = rows(page)[0]
    assert flagged[2] == "ok" and "no_district" in flagged[3] and "name_missing" in flagged[3]
    assert "needs-review" in page.get_attribute("#results tbody tr:first-child td:nth-child(3)", "class")
    # Division names never wrap (杭州/市 read as two words), even in a narrow table.
    assert page.evaluate("getComputedStyle(document.querySelector('#results tbody td:nth-child(6)')).whiteSpace") == "nowrap"
    page.screenshot(path=str(tmp_path / "page.png"), full_page=True)
    mobile, _ = open_page(browser, rules_server, width=390, height=844)
    mobile.click("button.example:has-text('glued name')")
    mobile.wait_for_selector("#results tbody tr")
    mobile.screenshot(path=str(tmp_path / "page-phone.png"), full_page=True)
    assert not [u for u in requested if not u.startswith(rules_server)], requested  # no CDN, nothing external
    assert any(u.endswith("/static/favicon.svg") for u in requested)


def test_page_reads_a_csv_upload_by_column(rules_server, browser, tmp_path):
    """A CSV is parsed (header, quoted commas, quotes and line breaks), its text column chosen; not pasted raw."""
    csv_file = tmp_path / "orders.csv"
    csv_file.write_text('order_id,address,note\n'
                        'A-1,"长沙市岳麓区桃花岭路189号润丰园B座1202室, 江雨桐 021-17613435","fragile, ""top"" side"\n'
                        'A-2,"收货人：司马晓东\n苏州市姑苏区人民路1号 13912340000",\n', encoding="utf-8")
    page, _ = open_page(browser, rules_server)
    page.wait_for_selector("#backend[data-state='ready']")
    page.set_input_files("#file", str(csv_file))
    page.wait_for_selector("#csv-label:not([hidden])")
    assert page.input_value("#csv-column") == "1"  # the address column, found by its name
    assert page.input_value("#orders").split("\n") == ["长沙市岳麓区桃花岭路189号润丰园B座1202室, 江雨桐 021-17613435",
                                                     "收货人：司马晓东 苏州市姑苏区人民路1号 13912340000"]
    page.click("#extract")
    page.wait_for_selector("#results tbody tr")
    got = rows(page)
    assert [r[6] for r in got] == ["岳麓区", "姑苏区"] and [r[8] for r in got] == ["江雨桐", "司马晓东"]
    page.select_option("#csv-column", "0")  # another column, chosen by hand
    assert page.input_value("#orders") == "A-1\nA-2"


def test_a_failed_request_clears_the_table(rules_server, browser):
    page, _ = open_page(browser, rules_server)
    page.wait_for_selector("#backend[data-state='ready']")
    page.fill("#orders", "北京市海淀区中关村大街1号 张三 13800138000")
    page.click("#extract")
    page.wait_for_selector("#results tbody tr")
    page.fill("#orders", "北京市海淀区中关村大街1号" + "号" * 2100)  # over the 2,000-character limit: 413
    page.click("#extract")
    page.wait_for_function("document.querySelector('#message').innerText.includes('413')")
    assert page.is_hidden("#output") and rows(page) == []


def test_page_shows_limits_and_asks_for_a_key(browser):
    url, proc = start_server({"ADDRX_MODEL": "", "ADDRX_API_KEYS": KEY, "ADDRX_MAX_ITEMS": "3"},
                             headers={"authorization": f"Bearer {KEY}"})
    try:
        page, _ = open_page(browser, url)
        page.wait_for_selector("#key-label:not([hidden])")
        assert "401" in page.inner_text("#message")
        page.fill("#key", KEY)
        page.dispatch_event("#key", "change")
        page.wait_for_selector("#backend[data-state='ready']")
        page.fill("#orders", "\n".join(["北京市海淀区中关村大街1号 张三 13800138000"] * 4))
        page.click("#extract")
        page.wait_for_selector("#message:not([hidden])")
        page.wait_for_function("document.querySelector('#message').innerText.includes('413')")
        assert "too_many_items" in page.inner_text("#message")
        page.fill("#orders", "北京市海淀区中关村大街1号 张三 13800138000")
        page.click("#extract")
        page.wait_for_selector("#results tbody tr")
        assert rows(page)[0][6] == "海淀区"
    finally:
        stop_server(proc)
