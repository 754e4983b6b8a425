import pytest

from service.extract import find_phones


@pytest.mark.parametrize("text,raw,kind,valid", [
    ("电话021-17613435", "021-17613435", "landline", True),
    ("手机:+86 186 2134 5678 张三", "+86 186 2134 5678", "mobile", True),
    ("186-2134-5678", "186-2134-5678", "mobile", True),
    ("TEL0731-88889999转8001", "0731-88889999转8001", "landline", True),
    ("客服 400-820-8820", "400-820-8820", "service", True),
    ("8008208820", "8008208820", "service", True),
    ("MOBILE：22323185576", "22323185576", "unknown", False),
    ("(021)55917720", "(021)55917720", "landline", True),
])
def test_kinds_validity_and_raw_form(text, raw, kind, valid):
    [phone] = find_phones(text)
    assert (phone.raw, phone.kind, phone.valid) == (raw, kind, valid)


def test_extension_kept_in_normalised_form():
    [phone] = find_phones("座机 010 1234 5678-12")
    assert phone.normalized == "+861012345678;ext=12"


def test_every_phone_found_order_numbers_and_house_numbers_ignored():
    text = "订单号 240312345678 桃花岭路189号1202室 13800138000 / 0755-12345678"
    assert [p.raw for p in find_phones(text)] == ["13800138000", "0755-12345678"]
