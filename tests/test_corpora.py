"""The corpus converter on lines written here in each corpus's format (CI has no corpora)."""

import pytest

from addrdata import corpora

NAACL = """浙 B-prov
江 I-prov
杭 B-city
州 I-city
江 B-district
干 I-district
区 I-district
江 B-redundant
干 I-redundant
区 I-redundant
景 B-road
坛 I-road
路 I-road
1 B-roadno
号 I-roadno
- B-redundant
2 B-houseno

萧 B-district
山 I-district
人 B-road
民 I-road
路 I-road

安 B-prov
微 I-prov
合 B-city
肥 I-city
"""


def waybill_line(parts: list[tuple[str, str]]) -> str:
    chars, tags = [], []
    for text, tag in parts:
        for i, ch in enumerate(text):
            chars.append(ch)
            tags.append("O" if tag == "O" else f"{tag}-{'B' if i == 0 else 'I'}")
    return "\x02".join(chars) + "\t" + "\x02".join(tags)


def test_naacl_rows_convert_to_the_contract_and_bad_rows_are_counted(tmp_path):
    (tmp_path / "naacl2019").mkdir()
    (tmp_path / "naacl2019" / "dev.txt").write_text(NAACL, encoding="utf-8")
    converted = corpora.load("naacl2019", "dev", tmp_path)
    assert converted.rows == [
        ("浙江杭州江干区江干区景坛路1号-2", {"province": "浙江省", "city": "杭州市", "district": "江干区",
                                      "specific_location": "景坛路1号-2", "name": None, "phone": None}),
        ("萧山人民路", {"province": "浙江省", "city": "杭州市", "district": "萧山区", "specific_location": "人民路",
                    "name": None, "phone": None})]
    assert converted.skipped == {"province not a division that fits": 1} and converted.read == 3


def test_waybill_rows_a_taiwan_row_and_one_that_cannot_be_placed(tmp_path):
    """A repeated division leaves the gold location (城区城区…), a road named after one stays in it (台湾大道);
    Taiwan's divisions place since sar_taiwan.txt; a division that fits nowhere skips the row."""
    (tmp_path / "waybill").mkdir()
    lines = ["text_a\tlabel",
             waybill_line([("13800138000", "T"), ("王小明", "P"), ("山西省", "A1"), ("阳泉市", "A2"), ("城区", "A3"),
                           ("城区新华东街105号", "A4")]),
             waybill_line([("台湾", "A1"), ("台中市", "A2"), ("西区", "A3"), ("台湾大道1号", "A4"), ("李雷", "P")]),
             waybill_line([("火星省", "A1"), ("月球市", "A2"), ("长安街1号", "A4"), ("李雷", "P")])]
    (tmp_path / "waybill" / "dev.txt").write_text("\n".join(lines), encoding="utf-8")
    converted = corpora.load("waybill", "dev", tmp_path)
    assert converted.rows == [("13800138000王小明山西省阳泉市城区城区新华东街105号",
                               {"province": "山西省", "city": "阳泉市", "district": "城区", "specific_location": "新华东街105号",
                                "name": "王小明", "phone": "13800138000"}),
                              ("台湾台中市西区台湾大道1号李雷",
                               {"province": "台湾省", "city": "台中市", "district": "西区", "specific_location": "台湾大道1号",
                                "name": "李雷", "phone": None})]
    assert sum(converted.skipped.values()) == 1


def test_test_splits_are_refused():
    with pytest.raises(ValueError):
        corpora.load("waybill", "test")
