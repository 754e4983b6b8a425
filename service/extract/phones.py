"""Find every phone in a shipping text: mobiles (spaces, dashes, +86), landlines with area code
and extension, 400/800 service numbers, and odd 11-12 digit forms a label may still carry.
libphonenumber (the `phonenumbers` package) decides validity and kind; the raw form is kept."""

from __future__ import annotations

import re
from functools import lru_cache
from dataclasses import dataclass

import phonenumbers
from phonenumbers import PhoneMetadata, PhoneNumberType
from phonenumbers.phonenumberutil import _number_type_helper  # is_valid_number's own test, for the mobile fast path

from ..schema import PhoneInfo

# The country code: +86, 0086, (86), or 86 with no plus before a mobile where a field starts (张三，86-138…, 韩寒 86 138…).
_PREFIX = r"(?:(?:[+＋]|00|００)(?:86|８６)[\s-]?|[(（][+＋]?(?:86|８６)[)）]\s?|(?<![^\s,，;；|/:：=])86[\s-](?=1[3-9]\d))?"  # ＋８６: full width
_EXT = r"(?:\s?(?:转\s?分机|转|分机|ext\.?|EXT\.?|x|-)\s?(?P<ext>\d{1,5}))?"  # 转 分机 6 too
_BODY = "|".join(
    [
        r"(?:(?:\+|00)(?:852|853)[\s-]?|(?:852|853)[\s-])\d{4}[\s-]?\d{4}",  # Hong Kong, Macau (852-9123 4567 too)
        r"1[3-9]\d\*{4}\d{4}",  # a mobile masked by a shop's export (177****1234): as written, never valid
        r"(?:\+|00)886[\s-]?\d{1,3}[\s-]?\d{3,4}[\s-]?\d{3,4}",  # Taiwan
        r"09\d{2}[\s-]?\d{3}[\s-]?\d{3}",  # a Taiwan mobile written locally
        r"[48]00[\s-]?\d{3}[\s-]?\d{4}",  # 400/800 service numbers
        # mobile 186 2134 5678 / 186-2134-5678, with an extension (转12, 分机 12) or a platform relay number
        # (13812345678-1234: a masked mobile plus 4 digits; not a dash before a house number's unit)
        r"1\d{2}[\s.-]?\d{4}[\s.-]?\d{4}"  # 138.0013.8000 too
        r"(?:\s?(?:转\s?分机|转|分机|ext\.?|EXT\.?)\s?(?P<mext>\d{1,5})|-(?P<relay>\d{4})(?![\d号楼室栋幢座单元层]))?",
        # a mobile in other groups of digits (1397 9001 234), never with more digits a space away (room 1501 and the
        # mobile 193 3509 5093 are two numbers)
        r"1[3-9]\d(?: ?\d){8}(?! ?\d)",
        r"1 [3-9](?: \d){9}(?! ?\d)",  # one digit at a time (1 3 9 0 7 3 1 2 3 4 5)
        # landline; after the country code its area code has no trunk 0 (+86-21-62881234, +86 (10) 6512 3456)
        # (a dash of any width after the area code: 0571—88888011, 0571－8888 8011)
        rf"(?:[(（]0\d{{2,3}}[)）]|0\d{{2,3}}|(?:[+＋]|00)86[\s-]?(?:[(（][1-9]\d{{1,2}}[)）]|[1-9]\d{{1,2}}))[\s\-—–－]?\d{{3,4}}[\s-]?\d{{4}}{_EXT}",
        r"\d{11,12}",  # odd synthetic forms (11 digits not starting with 1, ...)
    ]
)
PHONE_RE = re.compile(rf"(?<!\d){_PREFIX}(?:{_BODY})(?![\d年])")  # …都市123-2034 2026年12月7日: a room, then a year
# Digits right after these are order/waybill numbers, not phones.
# (NO as a word: a shop's name may end in it, …天一店TRENDIANO18610849840)
# (an order id may open with letters: 订单号A2026…, 运单号SF1234…)
_NOT_PHONE_BEFORE = re.compile(r"(?:订单|单号|编号|运单|货号|工号|学号|会员号)[号:：.\s#=]*[A-Za-z]{0,4}$")
# No. labels a number too, but not after a phone's word (Mobile No.:138…, Tel. No. 138…, Mob no:, Ph no.): tested after
# No. is found, so the common text pays one search.
_NO_BEFORE = re.compile(r"(?<![A-Za-z])(?:NO|No|no)[号:：.\s#=]*$")
_PHONE_WORD_BEFORE_NO = re.compile(r"(?:mobile|mob|phone|ph|tel|cell|contact)[ .]{1,2}$", re.IGNORECASE)


def _not_a_phone_after(before: str) -> bool:
    """What is written right before a number makes it an order's, a waybill's or an id's, not a phone."""
    if _NOT_PHONE_BEFORE.search(before):
        return True
    no = _NO_BEFORE.search(before)
    return no is not None and not _PHONE_WORD_BEFORE_NO.search(before, 0, no.start())


# A phone's label right before twelve digits (电话813800138000): the digits are one mistyped phone, not a house's.
_PHONE_LABEL_END = re.compile(r"(?:电话|手机|号码|联系方式|tel|TEL|Tel)[:：\s]*$")
# Eleven or more digits opening with a date (20261203…): an order's or a waybill's number, not a phone, where a valid
# phone is written too.
_DATED_NUMBER = re.compile(r"20[2-3]\d(?:0[1-9]|1[0-2])(?:[0-2]\d|3[01])\d{3,}")
# What ends a house or room number's unit: a digit run right after it may carry a glued mobile.
_UNIT_CHARS = "-号楼室栋幢座单元层"
# What a house, room or stall number may end a digit run after: a unit, the address's words, a block's letter
# (A67, CD2866) or the underscore and slash that stand for a lost dash (56_11, 415/416).
_NUMBER_AFTER = rf"{_UNIT_CHARS}\u4e00-\u9fffA-Za-z_/"
# A mobile glued to the room number before it (…6-1-70417204489167 is room 704 and 17204489167):
# only looked for when no phone stands alone, after a unit, the address's words or a block's letter
# (…往珠峰方向10016501099893: 100 and 16501099893, waybill train; a market's five-digit stall,
# …四区八楼4100518618369942: 41005 and 18618369942, NAACL train's addresses glued to a phone; a postcode, which the
# location then drops: …166号32560018513779472).
_GLUED_MOBILE = re.compile(rf"(?<=[{_NUMBER_AFTER}])\d{{1,6}}(?P<mobile>1[3-9]\d{{9}})(?!\d)")
_NUMBER_END = re.compile(rf"[{_NUMBER_AFTER}]")
_ONE_DIGIT_AND_A_MOBILE = re.compile(r"\d1[3-9]\d{9}")

# A mobile said aloud and transcribed (语音转文字：… 电话一三六一二三四五零零五; 幺 for 1 as callers say it): read only where
# no phone is written in digits; raw as written, normalised from the digits it says.
_SPOKEN_DIGIT = "零〇洞一幺二两三四五六七八九"
_SPOKEN = str.maketrans(_SPOKEN_DIGIT, "00011223456789")
_SPOKEN_MOBILE = re.compile(rf"(?<![{_SPOKEN_DIGIT}十百千万])[一幺][三四五六七八九](?:\s?[{_SPOKEN_DIGIT}]){{9}}(?![{_SPOKEN_DIGIT}十百千万])")

_KIND_BY_TYPE = {
    PhoneNumberType.MOBILE: "mobile",
    PhoneNumberType.FIXED_LINE: "landline",
    PhoneNumberType.FIXED_LINE_OR_MOBILE: "landline",
    PhoneNumberType.SHARED_COST: "service",
    PhoneNumberType.TOLL_FREE: "service",
    PhoneNumberType.PREMIUM_RATE: "service",
}


@dataclass(frozen=True)
class Phone:
    raw: str
    start: int
    end: int
    kind: str
    normalized: str
    valid: bool
    extension: str | None = None

    @property
    def without_area_code(self) -> bool:  # a mainland landline written locally (88888888): see _LOCAL_MAINLAND
        return self.kind == "landline" and not self.valid and len(self.normalized) <= 8

    def info(self) -> PhoneInfo:
        return PhoneInfo(raw=self.raw, kind=self.kind, normalized=self.normalized, valid=self.valid, extension=self.extension)


def _shape_kind(digits: str) -> str:
    if len(digits) == 11 and digits.startswith("1"):
        return "mobile"
    if digits.startswith(("400", "800")) and len(digits) == 10:
        return "service"
    if digits.startswith("0") and 10 <= len(digits) <= 12:
        return "landline"
    return "unknown"


_CN_METADATA = PhoneMetadata.metadata_for_region("CN")


def _mainland(significant: str, unread_kind: str, written: str) -> tuple[str, str, bool]:
    """(kind, normalized, valid) of a mainland number from its national significant digits, typed by the plan's
    metadata as is_valid_number types it; an invalid one keeps `unread_kind` and the digits as written."""
    number_type = _number_type_helper(significant, _CN_METADATA)
    if number_type == PhoneNumberType.UNKNOWN:
        return unread_kind, written, False
    return _KIND_BY_TYPE.get(number_type, "unknown"), "+86" + significant, True


# The extension closing a number, compiled once (a pattern built from each extension filled re's cache: 3% of the rules'
# time on generated texts went to compiling them).
_EXT_AT_END = re.compile(r"\s?(?:转|分机|ext\.?|EXT\.?|x|-)\s?(\d{1,5})$")
_NON_DIGIT = re.compile(r"\D")


def classify(raw: str, ext: str | None = None) -> tuple[str, str, bool]:
    """(kind, normalized, valid) for one written phone."""
    main = raw
    if ext and (at_end := _EXT_AT_END.search(raw)) and at_end.group(1) == ext:
        main = raw[: at_end.start()]
    digits = _NON_DIGIT.sub("", main).translate(_ASCII_DIGITS)  # full width, or widths mixed by an IME: 1３８１２…
    region = "CN"
    if "*" in main:  # masked: the number cannot be dialled, an operator asks for it
        return "mobile", main, False
    # 852 or 853 glued to eight digits (85291234567): eleven digits no mainland number has (a mobile opens with 1)
    abroad = re.match(r"\s*(?:\+|00)(852|853|886)", main) or re.match(r"\s*(852|853)(?:[\s-]|\d{8}$)", main)
    if abroad:  # Hong Kong, Macau, Taiwan: read in their own plan
        region = {"852": "HK", "853": "MO", "886": "TW"}[abroad.group(1)]
        national = digits[digits.index(abroad.group(1)) + 3:]
    elif digits.startswith("09") and len(digits) == 10:
        region, national = "TW", digits
    else:
        national = digits[2:] if digits.startswith("86") and len(digits) > 11 else digits
        national = national[2:] if digits.startswith("0086") else national
    if region == "CN" and len(national) == 11 and national.startswith("1"):
        # a mainland mobile's shape: its type straight from the plan's metadata, as is_valid_number reads it, without
        # parse (7x faster; the same answer on 200,000 random 1xxxxxxxxxx numbers, tests/test_phones.py)
        kind, normalized, valid = _mainland(national, unread_kind="mobile", written=national)
    elif region == "CN" and 10 <= len(national) <= 12 and national.startswith("0") and national[1] != "0":
        # a landline with its trunk 0, as parse reads it (the 0 stripped; a number too short without it is invalid
        # either way): the same answer on random numbers and every area code (tests/test_phones.py), 3x faster
        kind, normalized, valid = _mainland(national[1:], unread_kind=_shape_kind(national), written=national)
    else:
        try:
            number = phonenumbers.parse(national, region)
            valid = phonenumbers.is_valid_number(number)
        except phonenumbers.NumberParseException:
            number, valid = None, False
        if valid:
            kind = _KIND_BY_TYPE.get(phonenumbers.number_type(number), "unknown")
            normalized = phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.E164)
        else:
            kind, normalized = _shape_kind(national), national
    if ext:
        normalized += f";ext={ext}"
    return kind, normalized, valid


# Numbers as Hong Kong, Macau and Taiwan write them at home (6612 3456, 2888 1234; 07-3361234, (02)2720-8889):
# read only in a text that names the place, only when no other phone is there, and only a valid mobile or fixed line
# of its plan.
_LOCAL_EIGHT = re.compile(r"(?<![\d\-号楼室栋幢座])\d{4}[\s-]?\d{4}(?![\d号楼室栋幢座])")
_LOCAL_TAIWAN = re.compile(r"(?<![\d\-号楼室栋幢座])(?:[(（]0\d{1,2}[)）]|0\d{1,2})[\s-]?\d{3,4}[\s-]?\d{4}" + _EXT
                           + r"(?![\d号楼室栋幢座])")
_TAIWAN_NAMES = ("台湾", "臺灣", "台灣", "台北", "臺北", "新北", "桃园", "桃園", "台中", "臺中", "台南", "臺南", "高雄", "基隆",
                 "新竹", "嘉义", "嘉義", "苗栗", "彰化", "南投", "云林", "雲林", "屏东", "屏東", "宜兰", "宜蘭", "花莲", "花蓮",
                 "台东", "臺東", "台東", "澎湖", "金门", "金門")
_LOCAL_PLANS = (("HK", ("香港",), _LOCAL_EIGHT), ("MO", ("澳门", "澳門"), _LOCAL_EIGHT), ("TW", _TAIWAN_NAMES, _LOCAL_TAIWAN))
_SAR_NAMES = tuple(name for region, names, _ in _LOCAL_PLANS if region in ("HK", "MO") for name in names)
_GLUED_ABROAD = re.compile(r"85[23]\d{8}")  # 852/853 glued to the number: read so only where the place is written
_LOCAL_KINDS = {PhoneNumberType.MOBILE: "mobile", PhoneNumberType.FIXED_LINE: "landline"}


# A mainland landline written without its area code (张三 88888888, 电话：6543210): read only when no other phone is
# there, only standing apart (a separator or a phone's label before it, a separator or the end after it: 世昌大道1631179
# is a house's number) and only in a local number's shape (never a 0 or a 1 first; 20261203 is a date). As written, and
# invalid: its area code is not written, so review asks a person.
_LOCAL_MAINLAND = re.compile(r"(?:^|(?<=[\s,，;；|/:：()（）【】\[\]、])|(?<=电话)|(?<=手机)|(?<=座机)|(?<=固话)|(?<=号码))"
                             r"(?P<number>[2-9]\d{6,7}|[2-9]\d{2,3}-\d{4})(?=$|[\s,，;；|/()（）【】\[\]、。.!！])")
_NOT_A_LOCAL_PHONE_BEFORE = re.compile(r"(?:qq|QQ|微信|wx|vx|VX|邮编|编码|邮政|密码|身份证|尾号)[号码:：\s]*$")
_DATE_SHAPED = re.compile(r"20[0-3]\d(?:0[1-9]|1[0-2])(?:[0-2]\d|3[01])")


def _local_mainland(text: str) -> list[Phone]:
    found = []
    for m in _LOCAL_MAINLAND.finditer(text):
        before = text[max(0, m.start() - 8): m.start()]
        raw = m.group("number")
        if _not_a_phone_after(before) or _NOT_A_LOCAL_PHONE_BEFORE.search(before) or _DATE_SHAPED.fullmatch(raw):
            continue
        found.append(Phone(raw, m.start("number"), m.end("number"), "landline", re.sub(r"\D", "", raw), False, None))
    return found


def _local_numbers(text: str) -> list[Phone]:
    found = []
    for region, names, pattern in _LOCAL_PLANS:
        if not any(name in text for name in names):
            continue
        for m in pattern.finditer(text):
            ext = m.groupdict().get("ext")
            main = text[m.start(): m.start("ext")] if ext else m.group(0)  # the number without its extension
            try:
                number = phonenumbers.parse(re.sub(r"\D", "", main), region)
            except phonenumbers.NumberParseException:
                continue
            kind = _LOCAL_KINDS.get(phonenumbers.number_type(number))
            if kind and phonenumbers.is_valid_number(number) and all(f.start != m.start() for f in found):
                normalized = phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.E164)
                found.append(Phone(m.group(0), m.start(), m.end(), kind, normalized + (f";ext={ext}" if ext else ""), True, ext))
    return sorted(found, key=lambda phone: phone.start)


def find_phones(text: str) -> list[Phone]:
    """Every phone written in text, in order. A record's text is searched by the reading, its contacts and the
    rules (up to four times a record in post-processing, ~40% of its time): the search is remembered per text."""
    return list(_find_phones(text))


def _a_house_digit_before_a_mobile(text: str, start: int, raw: str, valid: bool) -> bool:
    """Whether twelve digits after a house's number are its last digit and a mobile (…解放东路918510872229: house 9), not
    one number: a landline keeps its trunk 0 (21 8001359339 would be a valid Shanghai number, 0138… no number at all)."""
    return (bool(_ONE_DIGIT_AND_A_MOBILE.fullmatch(raw)) and (not valid or raw[0] != "0") and start > 0
            and bool(_NUMBER_END.match(text, start - 1)) and not _PHONE_LABEL_END.search(text[max(0, start - 8): start]))


_ASCII_DIGITS = str.maketrans("０１２３４５６７８９", "0123456789")
_WIDE_DIGIT = re.compile("[０-９]")  # a cheap test before the translation (the common text has none)


@lru_cache(maxsize=1024)
def _find_phones(text: str) -> tuple[Phone, ...]:
    found = []
    # Scanned with full-width digits read as ASCII (０５７１-8888…; the same length, so positions hold); raw as written
    for m in PHONE_RE.finditer(text.translate(_ASCII_DIGITS) if _WIDE_DIGIT.search(text) else text):
        if _not_a_phone_after(text[max(0, m.start() - 16): m.start()]):
            continue
        plain, start = m.group(0), m.start()
        ext = m.group("ext") or m.group("mext") or m.group("relay")
        kind, normalized, valid = classify(plain, ext)
        if valid and _GLUED_ABROAD.fullmatch(plain) and not any(name in text for name in _SAR_NAMES):
            kind, normalized, valid = "unknown", text[start: m.end()], False  # …岳阳市… 85247024125: no place explains it
        if _a_house_digit_before_a_mobile(text, start, plain, valid):  # …红旗路62-213264429666: house 62-2, 13264429666
            mobile = classify(plain[1:])
            if mobile[2]:
                start += 1
                kind, normalized, valid = mobile
        found.append(Phone(text[start: m.end()], start, m.end(), kind, normalized, valid, ext))
    if any(phone.valid for phone in found):  # 202612030099 沈括 139…: an order number that opens with its date
        found = [phone for phone in found if phone.valid or not _DATED_NUMBER.fullmatch(phone.raw)]
    if not found:
        found = _local_numbers(text)
    # A local landline: the phone where no other is, else a second number (张三 138… 88888888), never inside one
    found = sorted(found + [local for local in _local_mainland(text)
                            if all(local.end <= phone.start or local.start >= phone.end for phone in found)],
                   key=lambda phone: phone.start)
    if not found:
        for m in _SPOKEN_MOBILE.finditer(text):
            kind, normalized, valid = classify(m.group(0).translate(_SPOKEN))
            found.append(Phone(m.group(0), m.start(), m.end(), kind, normalized, valid))
    if not found:
        for m in _GLUED_MOBILE.finditer(text):
            if not _not_a_phone_after(text[max(0, m.start() - 16): m.start()]):
                kind, normalized, valid = classify(m.group("mobile"))
                found.append(Phone(m.group("mobile"), m.start("mobile"), m.end(), kind, normalized, valid))
    return tuple(found)
