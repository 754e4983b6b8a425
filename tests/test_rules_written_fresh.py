"""The rules on texts written by hand in other people's shapes (tests/written_texts_2026_12_03.py)."""

import pytest

from service.extract import extract
from service.review import review_of

from .written_texts_2026_12_03 import CASES


@pytest.mark.parametrize("text,want", CASES, ids=[str(i) for i in range(len(CASES))])
def test_six_fields_of_a_text_written_by_hand(text, want):
    r = extract(text)
    assert (r.province, r.city, r.district, r.specific_location, r.name, r.phone) == want


def test_a_name_ending_like_an_address_beside_the_phone_is_flagged_not_guessed():
    text = "江苏昆山花桥镇绿地大道1号 顾城 13912621234"  # 顾城, a poet's name, ends like an address (…城)
    r = extract(text)
    assert r.name is None and "name_missing" in review_of(r, text).reasons
