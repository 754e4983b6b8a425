"""The township level (issue 22): `town` and `town_code`, computed after either backend from the answer's county
and location; the six fields do not move."""

import json

import httpx
import pytest
from fastapi.testclient import TestClient

from service.app import create_app
from service.extract import extract
from service.extract.town import read_town
from service.settings import Settings

from .conftest import FakeModelBackend, wait_until_ready


@pytest.mark.parametrize("text,town,code,check", [
    ("浙江省杭州市西湖区转塘街道象山社区8号", "转塘街道", "330106011", "found"),
    ("浙江省杭州市余杭区五常街道文一西路998号", "五常街道", "330110005", "found"),
    # A stem unique in the county, at the head of the location: the township it implies.
    ("浙江省杭州市西湖区转塘 象山社区8号", "转塘街道", "330106011", "inferred"),
    # A road, an estate or the county's own short form is not a township.
    ("浙江省杭州市西湖区转塘路8号", None, None, "unknown"),
    ("北京市海淀区中关村大街1号", None, None, "unknown"),
    ("杭州市西湖区西湖 文三路90号", None, None, "unknown"),
])
def test_the_township_the_location_names(text, town, code, check):
    r = extract(text)
    assert tuple(read_town(r.adcode, r.specific_location)) == (town, code, check)


def test_with_no_county_only_a_township_no_other_place_has():
    """A text opening with its township (NAACL: 1,086 train addresses tag a town and no county)."""
    assert tuple(read_town(None, "转塘街道象山社区8号")) == ("转塘街道", "330106011", "found")
    assert tuple(read_town(None, "城关镇解放路8号")) == (None, None, "unknown")  # hundreds of places have one
    # A county since split (余杭区 → 临平区, 2021): its township found in the same prefecture.
    assert read_town("330110", "乔司街道乔莫西路497号").code.startswith("330113")


def test_town_over_http_and_the_location_unchanged(rules_server):
    [r] = httpx.post(rules_server + "/extract", json={"texts": ["浙江省杭州市西湖区转塘街道象山社区8号 王芳 13912345678"]}).json()["results"]
    assert (r["district"], r["specific_location"], r["adcode"]) == ("西湖区", "转塘街道象山社区8号", "330106")
    assert (r["town"], r["town_code"], r["checks"]["town"]) == ("转塘街道", "330106011", "found")


def test_the_model_path_gets_the_same_township():
    """The model writes the six fields only; the pipeline adds the township, as for the rules."""
    text = "杭州市西湖区转塘街道象山社区8号 王芳 13912345678"
    six = {"province": "浙江省", "city": "杭州市", "district": "西湖区", "specific_location": "转塘街道象山社区8号",
           "name": "王芳", "phone": "13912345678"}
    with TestClient(create_app(Settings(model=""), backend=FakeModelBackend([json.dumps(six, ensure_ascii=False)]))) as c:
        wait_until_ready(c)
        [r] = c.post("/extract", json={"texts": [text]}).json()["results"]
    assert (r["town"], r["town_code"], r["checks"]["town"], r["status"]) == ("转塘街道", "330106011", "found", "ok")
