"""Model output -> Reading: parse, normalise, ground, repair (pure; recorded model outputs)."""

import json

from service.backends.reading import reading_from_model
from service.schema import EXAMPLE_TEXT as TEXT

GOOD = {"province": "湖南省", "city": "长沙市", "district": "岳麓区", "specific_location": "桃花岭路189号润丰园B座1202室",
        "name": "江雨桐", "phone": "021-17613435"}


def test_good_output_is_kept_and_checked():
    o = reading_from_model(TEXT, json.dumps(GOOD, ensure_ascii=False))
    assert o.status == "ok" and o.six() == GOOD and o.adcode == "430104"
    assert o.checks == dict.fromkeys(GOOD, "found")


def test_short_forms_are_normalised():
    o = reading_from_model(TEXT, json.dumps(GOOD | {"province": "湖南", "city": "长沙"}, ensure_ascii=False))
    assert (o.province, o.city) == ("湖南省", "长沙市")
    assert o.checks["province"] == o.checks["city"] == "inferred"  # expanded, not contradicted


def test_made_up_phone_and_name_are_replaced_from_the_text():
    o = reading_from_model(TEXT, json.dumps(GOOD | {"phone": "13800000000", "name": "张三"}, ensure_ascii=False))
    assert (o.phone, o.name) == ("021-17613435", "江雨桐")
    assert o.checks["phone"] == o.checks["name"] == "corrected" and o.status == "ok"


def test_an_empty_string_is_null_not_a_value():
    """The finetuned stand-in wrote name "" for glued names (H200, 2026-12-01): the answer says null."""
    o = reading_from_model(TEXT, json.dumps(GOOD | {"name": "", "specific_location": "  "}, ensure_ascii=False))
    assert o.name is None and o.specific_location is None and o.checks["name"] == "unknown"
    assert o.six() | {"name": "江雨桐", "specific_location": GOOD["specific_location"]} == GOOD


def test_invented_divisions_fall_back_to_the_text():
    o = reading_from_model(TEXT, json.dumps(GOOD | {"province": "火星省", "city": "月球市", "district": None}, ensure_ascii=False))
    assert (o.province, o.district, o.adcode) == ("湖南省", "岳麓区", "430104")
    assert o.checks["province"] == "corrected"


def test_unusable_or_ungrounded_output_is_repaired_and_flagged():
    for raw in ("not json", "{}", '{"province": null}',
                json.dumps({k: "乱码" for k in GOOD}, ensure_ascii=False)):
        o = reading_from_model(TEXT, raw)
        assert o.status == "repaired" and o.error.code == "unusable_output", raw
        assert o.six() == GOOD


def test_a_confidently_wrong_division_the_text_contradicts_is_not_taken():
    """A real division, written plausibly, that the text contradicts (天心区 for a text that writes 岳麓区):
    the divisions the text writes win, and the record says the rules answered part of it."""
    for wrong in ({"district": "天心区"}, {"province": "浙江省", "city": "杭州市", "district": "西湖区"}):
        o = reading_from_model(TEXT, json.dumps(GOOD | wrong, ensure_ascii=False))
        assert (o.province, o.city, o.district, o.adcode) == ("湖南省", "长沙市", "岳麓区", "430104"), wrong
        assert all(o.checks[role] == "corrected" for role in wrong) and o.answered_by == "model+rules"
    assert reading_from_model(TEXT, json.dumps(GOOD, ensure_ascii=False)).answered_by == "model"
    assert reading_from_model(TEXT, "not json").answered_by == "rules"


def test_an_inferred_division_the_text_does_not_contradict_is_kept():
    """The model infers the province the text leaves out: nothing in the text says otherwise, so it stands."""
    text = "岳麓区桃花岭路189号润丰园B座1202室 江雨桐 021-17613435"
    o = reading_from_model(text, json.dumps(GOOD, ensure_ascii=False))
    assert (o.province, o.city, o.district) == ("湖南省", "长沙市", "岳麓区") and o.answered_by == "model"


def test_a_division_the_model_misspelled_is_read_from_the_text():
    """The H200 serve check (2026-12-01): the stand-in's district was no division of 长沙市, the normaliser
    dropped it, and the record went out with district null while the text writes 岳麓区."""
    o = reading_from_model(TEXT, json.dumps(GOOD | {"district": "岳麓"+"山区"}, ensure_ascii=False))
    assert (o.district, o.adcode, o.checks["district"], o.answered_by) == ("岳麓区", "430104", "corrected", "model+rules")
    left_empty = reading_from_model(TEXT, json.dumps(GOOD | {"district": None}, ensure_ascii=False))
    assert left_empty.answered_by == "model"  # the model's own call: not overruled
