"""A division's name mistyped by one character of the same sound (issue 21; the NAACL corpus's real addresses hold 义务市,
乐青市, 丰化市, 海洲区, 鄞洲区, 喻水区): read as that division below the one written before it, and flagged."""

import pytest

from service.extract import extract, get_gazetteer, normalise_divisions
from service.extract.misspelled import misspelled
from service.review import review_of


@pytest.mark.parametrize("written,meant", [
    ("义务市", {"义乌市"}), ("西胡区", {"西湖区"}), ("乐青市", {"乐清市"}), ("海洲区", {"海州区"}),
    ("丰化市", {"奉化市"}),  # a former name too (奉化市 is 奉化区 today)
    ("深训市", set()),  # 训 only looks like 圳: no sound says which was meant
    ("高新区", set()), ("新城区", set()), ("开发区", set()),  # places' own names, no slip for a division
    ("西湖区", set()),  # a name that exists is no slip
])
def test_a_slip_is_one_character_of_the_same_sound(written, meant):
    assert {d.name for d in misspelled(written, get_gazetteer())} == meant


@pytest.mark.parametrize("text,want", [
    ("浙江省杭州市西胡区文三路100号 张敏 13912345101", ("浙江省", "杭州市", "西湖区", "文三路100号")),
    ("江西省南昌市西胡区八一大道1号", ("江西省", "南昌市", "西湖区", "八一大道1号")),  # the city says which 西湖区
    ("浙江省金华市义务市江东街道宾王广场B座4543", ("浙江省", "金华市", "义乌市", "江东街道宾王广场B座4543")),
    ("浙江省乐青市南岳镇电厂十足超市", ("浙江省", "温州市", "乐清市", "南岳镇电厂十足超市")),  # below the province
    ("辽宁省阜新市海洲区中阜路", ("辽宁省", "阜新市", "海州区", "中阜路")),
])
def test_a_slip_after_its_division_is_read_and_flagged(text, want):
    reading = extract(text)
    assert (reading.province, reading.city, reading.district, reading.specific_location) == want
    assert reading.checks["district"] == "corrected"
    assert review_of(reading, text).reasons == ["division_corrected"]


@pytest.mark.parametrize("text", [
    "舟山市定湖区盐仓兴舟大厦1521号",  # 定湖区 sounds like 鼎湖区, which is in 肇庆, not 舟山
    "义务市江东街道1号",  # no division before it: nothing says it is one
])
def test_a_slip_is_read_only_below_a_division_it_lies_in(text):
    reading = extract(text)
    assert reading.district is None and "no_district" in review_of(reading, text).reasons


def test_a_models_slip_is_normalised_the_same_way():
    divisions = normalise_divisions("浙江省", "金华市", "义务市")
    assert (divisions.district, divisions.checks["district"], divisions.adcode) == ("义乌市", "corrected", "330782")
