import pytest

from service.extract import extract, find_phones
from service.review import review_of


@pytest.mark.parametrize("text,raw,kind,valid", [
    ("电话021-17613435", "021-17613435", "landline", True),
    ("手机:+86 186 2134 5678 张三", "+86 186 2134 5678", "mobile", True),
    ("186-2134-5678", "186-2134-5678", "mobile", True),
    ("TEL0731-88889999转8001", "0731-88889999转8001", "landline", True),
    ("客服 400-820-8820", "400-820-8820", "service", True),
    ("8008208820", "8008208820", "service", True),
    ("MOBILE：22323185576", "22323185576", "unknown", False),
    ("(021)55917720", "(021)55917720", "landline", True),
    # dots between the groups, and a full-width +86 with full-width digits (issue 21: both left in the location)
    ("张三 138.0013.8000", "138.0013.8000", "mobile", True),
    ("张三 ＋８６ １３８００１３８０００", "＋８６ １３８００１３８０００", "mobile", True),
    # an IME switching width within the number (written fresh 2026-12-07: read invalid)
    ("欧阳修 电话：1３８１２３４５６７８", "1３８１２３４５６７８", "mobile", True),
    ("欧阳修 ０５７１-88888011", "０５７１-88888011", "landline", True),
    # a landline after the country code has no trunk 0 (written fresh 2026-12-02: it was not read at all)
    ("Tel:+86-21-62881234 陈女士", "+86-21-62881234", "landline", True),
    ("王五 +86 (10) 6512 3456", "+86 (10) 6512 3456", "landline", True),
    ("王五 0086-571-87654321", "0086-571-87654321", "landline", True),
    # a dash of another width after the area code (written fresh 2026-12-03: the phone was lost, nothing flagged)
    ("李一 电话:0571—88888011", "0571—88888011", "landline", True),
    ("李一 0571－88888011", "0571－88888011", "landline", True),
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


@pytest.mark.parametrize("text,raw,extension,normalized", [
    ("电话0571-88886666转801 张三", "0571-88886666转801", "801", "+8657188886666;ext=801"),
    ("座机 010-66665555 分机 802", "010-66665555 分机 802", "802", "+861066665555;ext=802"),
    ("tel 021-55917720 ext. 12", "021-55917720 ext. 12", "12", "+862155917720;ext=12"),
    ("手机13812345678转5 李四", "13812345678转5", "5", "+8613812345678;ext=5"),
    ("电话：13800138014 转 分机 6", "13800138014 转 分机 6", "6", "+8613800138014;ext=6"),  # 转 and 分机 both
    # A platform relay number: a mobile plus a 4-digit extension (the buyer's real number is hidden).
    ("收件人王五 13812345678-1234 北京市海淀区中关村大街1号", "13812345678-1234", "1234", "+8613812345678;ext=1234"),
])
def test_extensions_and_relay_numbers_are_their_own_field(text, raw, extension, normalized):
    phone = find_phones(text)[0]
    assert (phone.raw, phone.extension, phone.normalized, phone.valid) == (raw, extension, normalized, True)
    assert phone.info().extension == extension


def test_a_dash_before_a_house_unit_is_not_a_relay_number():
    phones = find_phones("13812345678-1203室")
    assert phones[0].raw == "13812345678" and phones[0].extension is None


def _as_phonenumbers_reads(digits: str, unread_kind: str) -> tuple[str, str, bool]:
    """(kind, normalized, valid) by phonenumbers' parse + is_valid_number + number_type: what classify's fast paths
    must answer; an invalid number keeps `unread_kind` and its digits."""
    import phonenumbers

    from service.extract.phones import _KIND_BY_TYPE

    try:
        number = phonenumbers.parse(digits, "CN")
    except phonenumbers.NumberParseException:
        return unread_kind, digits, False
    if not phonenumbers.is_valid_number(number):
        return unread_kind, digits, False
    return (_KIND_BY_TYPE.get(phonenumbers.number_type(number), "unknown"),
            phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.E164), True)


def test_the_mainland_mobile_fast_path_answers_as_phonenumbers_does():
    """classify reads a mainland 1xxxxxxxxxx number's type from the plan's metadata without parsing it: the same
    (kind, normalized, valid) as phonenumbers on random numbers of that shape."""
    import random

    from service.extract.phones import classify

    rng = random.Random(20261203)
    for _ in range(20000):
        digits = "1" + "".join(rng.choice("0123456789") for _ in range(10))
        assert classify(digits) == _as_phonenumbers_reads(digits, "mobile"), digits


def test_the_mainland_landline_fast_path_answers_as_phonenumbers_does():
    """classify reads a 0-prefixed mainland number's type from the plan's metadata without parsing it: the same answer
    as phonenumbers on random numbers, half of them after a real area code (so that many are valid)."""
    import random

    from addrdata.records import _area_codes
    from service.extract.phones import _shape_kind, classify

    rng, codes, valid = random.Random(20261204), _area_codes(), 0
    for i in range(20000):
        head = rng.choice(codes) if i % 2 else "0" + rng.choice("123456789")
        digits = head + "".join(rng.choice("0123456789") for _ in range(rng.randint(6, 10)))
        if not 10 <= len(digits) <= 12 or (digits.startswith("09") and len(digits) == 10):  # 09…: Taiwan's mobiles
            continue
        want = _as_phonenumbers_reads(digits, _shape_kind(digits))
        valid += want[2]
        assert classify(digits) == want, digits
    assert valid > 3000  # the check covered valid numbers, not only invalid ones


@pytest.mark.parametrize("text,raw,normalized", [
    # a mobile said aloud and transcribed (written fresh 2026-12-04: the phone was lost, the location took it)
    ("收件人周敏 电话一三六一二三四五零零五", "一三六一二三四五零零五", "+8613612345005"),
    ("手机号 幺三六幺二三四五零零六 地址 四川省…", "幺三六幺二三四五零零六", "+8613612345006"),  # 幺 as callers say 1
    ("电话一三五 零一二三 四五六七", "一三五 零一二三 四五六七", "+8613501234567"),  # groups said apart
])
def test_a_mobile_said_in_chinese_digits_is_read_as_written(text, raw, normalized):
    [phone] = find_phones(text)
    assert (phone.raw, phone.normalized, phone.kind, phone.valid) == (raw, normalized, "mobile", True)


@pytest.mark.parametrize("text", [
    "一二三四五六七八九零一二",  # no mobile's shape (一二…)
    "十一三六一二三四五零零五",  # a number said with 十 is a count, not a phone's digits
    "中山路一三六一二三四五零零五八号",  # more digits run on: not a mobile
    "李四 13912345678 一三六一二三四五零零五",  # a phone in digits is written: the spoken one is not looked for
])
def test_chinese_digits_are_a_phone_only_in_a_mobile_shape_where_no_digits_are(text):
    assert all(phone.raw[0].isdigit() for phone in find_phones(text))


@pytest.mark.parametrize("text,raw,location", [
    # a mobile glued to the number before it, with no phone written apart: the last 11 digits when they are a mobile
    ("谈晨旭西藏自治区日喀则市定日县白坝村318国道往珠峰方向10016501099893", "16501099893", "白坝村318国道往珠峰方向100"),
    ("浙江省杭州市西湖区文三路1213812345678 张三", "13812345678", "文三路12"),
    ("浙江省杭州市西湖区文三路6-1-70417204489167 张三", "17204489167", "文三路6-1-704"),
    # written fresh 2026-12-04 (NAACL train's addresses glued to a phone lost it): a market's five-digit stall, a block's
    # letter, an underscore for a dash, a postcode (dropped from the location), a house's last digit before a mobile
    ("浙江省义乌市国际商贸城四区八楼3120713912345678王芳", "13912345678", "国际商贸城四区八楼31207"),
    ("杭州市滨江区江南大道88号B栋C2015613712345678", "13712345678", "江南大道88号B栋C20156"),
    ("宁波市鄞州区天童路55弄_1215098765432", "15098765432", "天童路55弄_12"),
    ("杭州市西湖区文三路90号31001215812345678李雷", "15812345678", "文三路90号"),
    ("苏州市姑苏区干将东路718912345678", "18912345678", "干将东路7"),
    ("上海市黄浦区南京东路100号LINO13912345678 王五", "13912345678", "南京东路100号LINO"),  # LINO is no order's NO
])
def test_a_mobile_glued_to_a_number_is_split_off_it(text, raw, location):
    from service.extract import extract

    assert [p.raw for p in find_phones(text)] == [raw]
    r = extract(text)
    assert (r.phone, r.specific_location) == (raw, location)


@pytest.mark.parametrize("text,raw", [
    ("电话813800138000", "813800138000"),  # after a phone's label the twelve digits are one mistyped phone, as written
    ("订单号2026120313912345678", None),  # an order's number, however it ends
    ("上海市黄浦区南京东路100号 NO13912345678", None),  # NO as a word: the number's label
    ("订单号A20261206001", None),  # an order id opening with letters
    ("运单号SF1234567890123", None),
])
def test_digits_a_label_owns_keep_no_glued_mobile(text, raw):
    assert [p.raw for p in find_phones(text)] == ([raw] if raw else [])


@pytest.mark.parametrize("text,raw", [
    ("浙江省杭州市西湖区文三路1号 张三 88888888", "88888888"),
    ("浙江省杭州市西湖区文三路1号 张三 电话：8888888", "8888888"),  # seven digits, after its label's colon
    ("浙江省杭州市西湖区文三路1号 张三 电话88888888", "88888888"),  # glued to its label
    ("浙江省杭州市西湖区文三路1号，张三，8888-8888", "8888-8888"),
    ("张三 64381234 上海市徐汇区漕溪北路1号", "64381234"),
])
def test_a_landline_without_its_area_code_is_read_as_written_and_invalid(text, raw):
    [phone] = find_phones(text)
    assert (phone.raw, phone.kind, phone.normalized, phone.valid) == (raw, "landline", raw.replace("-", ""), False)
    r = extract(text)
    assert (r.phone, r.name) == (raw, "张三") and raw not in r.specific_location
    assert "phone_invalid" in review_of(r, text).reasons  # no area code written: a person checks it


@pytest.mark.parametrize("text", [
    "浙江省杭州市西湖区世昌大道1631179",  # glued to the address: a house's number
    "浙江省杭州市西湖区文三路1号 张三 QQ 88888888",
    "浙江省杭州市西湖区文三路1号 张三 订单号 88888888",
    "浙江省杭州市西湖区文三路1号 张三 20261203",  # a date's shape
    "浙江省杭州市西湖区文三路1号 张三 01234567",  # no local number opens with 0 or 1
    "浙江省杭州市西湖区文三路1号 张三 12345678",
])
def test_digits_that_are_no_local_landline(text):
    assert find_phones(text) == []


@pytest.mark.parametrize("text", [
    "浙江省杭州市西湖区文三路1号 张三 13800001111 88888888",
    "浙江省杭州市西湖区文三路1号 张三 手机13800001111 座机88888888",
    "浙江省杭州市西湖区文三路1号 张三 88888888 13800001111",  # written first: the whole number is still the phone
    "张三 88888888 13800001111 浙江省杭州市西湖区文三路1号",
])
def test_a_local_landline_beside_a_mobile_is_the_second_number(text):
    r = extract(text)
    assert (r.specific_location, r.name, r.phone) == ("文三路1号", "张三", "13800001111")
    assert sorted(p.raw for p in r.phones) == ["13800001111", "88888888"]
    assert review_of(r, text).needed is False


def test_a_local_landline_is_never_cut_out_of_a_whole_one():
    assert [p.raw for p in find_phones("张三 0571-88888888 浙江省杭州市西湖区文三路1号")] == ["0571-88888888"]
    assert [p.raw for p in find_phones("张三 (0571) 88888888 浙江省杭州市西湖区文三路1号")] == ["(0571) 88888888"]


@pytest.mark.parametrize("text", [
    "订单号A20261206001 江苏省无锡市梁溪区中山路333号 严宽 13212345678",
    "20261206001 江苏省无锡市梁溪区中山路333号 严宽 13212345678",  # eleven digits opening with a date: an order's
])
def test_an_order_number_never_takes_the_mobiles_place(text):
    assert extract(text).phone == "13212345678"


@pytest.mark.parametrize("raw,normalized", [("85291234567", "+85291234567"), ("85366123456", "+85366123456")])
def test_a_hong_kong_or_macau_number_with_its_country_code_glued_on(raw, normalized):
    from service.extract.phones import classify

    assert classify(raw) == ("mobile", normalized, True)
    assert [(p.raw, p.valid) for p in extract(f"香港九龙旺角弥敦道688号 黎明 {raw}").phones] == [(raw, True)]
    # in a text that names no Hong Kong or Macau place the digits are no number a courier can trust
    assert [(p.raw, p.valid) for p in extract(f"湖南省岳阳市君山区伦南路1号 萧云芳 {raw}").phones] == [(raw, False)]
