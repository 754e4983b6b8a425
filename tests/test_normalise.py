from hypothesis import given, settings, strategies as st

from service.extract import get_gazetteer
from service.extract import normalise_divisions

GAZ = get_gazetteer()
ALL_NAMES = sorted(set(GAZ.by_name) | set(GAZ.by_alias) | set(GAZ.renamed))


def test_short_forms_expand_and_province_is_inferred():
    d = normalise_divisions("湖南", "长沙", "岳麓区")
    assert (d.province, d.city, d.district, d.adcode) == ("湖南省", "长沙市", "岳麓区", "430104")
    # An expansion is inferred, not corrected: nothing the text says was contradicted (issue 23).
    assert d.checks == {"province": "inferred", "city": "inferred", "district": "found"}
    d = normalise_divisions(None, "长沙市", "岳麓区")
    assert d.province == "湖南省" and d.checks["province"] == "inferred"


def test_autonomous_region_and_prefecture_short_forms():
    assert normalise_divisions("新疆", None, None).province == "新疆维吾尔自治区"
    assert normalise_divisions("内蒙古", None, None).province == "内蒙古自治区"
    assert normalise_divisions(None, "大理州", "大理市")[:3] == ("云南省", "大理白族自治州", "大理市")


def test_municipality_province_equals_city():
    assert normalise_divisions("上海", None, "浦东新区")[:3] == ("上海市", "上海市", "浦东新区")
    assert normalise_divisions(None, "北京", None)[:3] == ("北京市", "北京市", None)


def test_county_level_cities_without_prefecture():
    assert normalise_divisions(None, None, "仙桃市")[:3] == ("湖北省", "仙桃市", "仙桃市")
    assert normalise_divisions("新疆", None, "石河子市")[:3] == ("新疆维吾尔自治区", "石河子市", "石河子市")
    assert normalise_divisions(None, "东莞", None)[:3] == ("广东省", "东莞市", "东莞市")


def test_ambiguous_district_needs_its_city_or_the_text():
    assert normalise_divisions(None, None, "朝阳区")[:3] == (None, None, "朝阳区")
    assert normalise_divisions(None, "长春市", "朝阳区")[:3] == ("吉林省", "长春市", "朝阳区")
    assert normalise_divisions(None, None, "朝阳区", text="北京朝阳区建国路")[:3] == ("北京市", "北京市", "朝阳区")


def test_renamed_divisions_map_to_current_names():
    d = normalise_divisions(None, "襄樊市", "樊城区")
    assert d[:3] == ("湖北省", "襄阳市", "樊城区") and d.checks["city"] == "corrected"  # a rename is a correction
    assert normalise_divisions(None, "大理州", "大理市").checks["city"] == "inferred"  # an alias is not
    d = normalise_divisions("湖南省", "长沙市", "宁乡县")  # a former county: kept, flagged, today's adcode
    assert (d.district, d.checks["district"]) == ("宁乡县", "former")
    assert GAZ.by_code[d.adcode].name == "宁乡市"


def test_impossible_combination_resolved_and_flagged():
    d = normalise_divisions("广东省", "广州市", "浦东新区", text="上海浦东新区世纪大道")
    assert (d.province, d.city, d.district) == ("上海市", "上海市", "浦东新区")
    assert d.checks["province"] == d.checks["city"] == "corrected"


def test_unknown_names_are_dropped_not_invented():
    d = normalise_divisions("火星省", None, None)
    assert (d.province, d.city, d.district) == (None, None, None)
    assert d.checks["province"] == "corrected"


maybe = st.one_of(st.none(), st.sampled_from(ALL_NAMES), st.text(min_size=1, max_size=6))


@settings(max_examples=400, deadline=None)
@given(maybe, maybe, maybe)
def test_normalising_twice_changes_nothing(province, city, district):
    once = normalise_divisions(province, city, district)
    twice = normalise_divisions(once.province, once.city, once.district)
    assert twice[:4] == once[:4]


@settings(max_examples=400, deadline=None)
@given(maybe, maybe, maybe)
def test_output_divisions_exist_and_nest(province, city, district):
    d = normalise_divisions(province, city, district)
    for name in (d.province, d.city):
        assert name is None or name in GAZ.by_name
    former = d.checks["district"] == "former"
    assert d.district is None or d.district in (GAZ.former if former else GAZ.by_name)
    if d.adcode and not former:
        leaf = GAZ.by_code[d.adcode]
        if leaf.level == 1 and leaf.code in ("710000", "810000", "820000") and (d.city, d.district) != (None, None):
            assert leaf.name == d.province  # no MCA code below these provinces: adcode is the province's
            return
        assert GAZ.triple(leaf) == (d.province, d.city, d.district)
        if d.city:
            assert any(GAZ.contains(c, leaf) for c in GAZ.by_name[d.city])
