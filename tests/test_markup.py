"""Markup pasted with a text (HTML tags and entities from a web page, escapes written out by a JSON log) reads as the
separator it stood for (service/extract/markup.py), through the rules."""

import pytest

from service.extract import extract
from service.extract.markup import without_markup

WANT = ("浙江省", "杭州市", "西湖区", "文三路1号", "张三", "13800000001")


@pytest.mark.parametrize("text", [
    "张三<br>13800000001<br/>浙江省杭州市西湖区文三路1号",
    "张三&nbsp;13800000001&nbsp;浙江省杭州市西湖区文三路1号",
    "张三\\n13800000001\\n浙江省杭州市西湖区文三路1号",  # a JSON log's \n written out
    "<p>收件人：张三</p><p>电话：13800000001</p><p>地址：浙江省杭州市西湖区文三路1号</p>",  # was …1号</p, unflagged
    "<div class=\"addr\">浙江省杭州市西湖区文三路1号</div><span>张三</span> <span>13800000001</span>",
])
def test_markup_reads_as_a_separator(text):
    r = extract(text)
    assert (r.province, r.city, r.district, r.specific_location, r.name, r.phone) == WANT


def test_text_with_no_markup_is_left_alone():
    for text in ("AT&T 张三", "浙江省杭州市西湖区文三路1号 <备注>", "C:\\data 张三", "2<3"):
        assert without_markup(text) == text
    assert without_markup("A&amp;B 张三&#12288;李四") == "A&B 张三 李四"  # an entity that is a space is one
