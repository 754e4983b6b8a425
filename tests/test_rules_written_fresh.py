"""The rules on texts written by hand in other people's shapes (tests/written_texts_2026_12_03.py)."""

import pytest

from service.extract import extract
from service.review import review_of

from .written_texts_2026_12_03 import CASES


@pytest.mark.parametrize("text,want", CASES, ids=[str(i) for i in range(len(CASES))])
def test_six_fields_of_a_text_written_by_hand(text, want):
    r = extract(text)
    assert (r.province, r.city, r.district, r.specific_location, r.name, r.phone) == want


@pytest.mark.parametrize("text,location,name", [
    ("江苏昆山花桥镇绿地大道1号 顾城 13912621234", "花桥镇绿地大道1号", "顾城"),  # a poet's name ending like an address (…城)
    ("浙江省杭州市西湖区文三路100号 古城 13912345678", "文三路100号 古城", None),  # 古 is no common surname: a place
])
def test_a_name_ending_like_an_address_beside_the_phone_needs_a_common_surname(text, location, name):
    r = extract(text)
    assert (r.specific_location, r.name) == (location, name)
    assert ("name_missing" in review_of(r, text).reasons) == (name is None)
