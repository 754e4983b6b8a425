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
    assert o.checks["province"] == o.checks["city"] == "corrected"


def test_made_up_phone_and_name_are_replaced_from_the_text():
    o = reading_from_model(TEXT, json.dumps(GOOD | {"phone": "13800000000", "name": "张三"}, ensure_ascii=False))
    assert (o.phone, o.name) == ("021-17613435", "江雨桐")
    assert o.checks["phone"] == o.checks["name"] == "corrected" and o.status == "ok"


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
