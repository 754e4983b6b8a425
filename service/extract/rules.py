"""The embedded rules backend: no model. Phones first, then labels and separators split the
text into pieces, the gazetteer reads the divisions at the head of the address, the rest of the
address is specific_location and the remaining person-name-like piece is the name. It is the
default backend, the repair path for unusable model output, and the evaluation baseline."""

from __future__ import annotations

import re

from .. import errors
from ..schema import DIVISION_FIELDS, ErrorInfo, Reading
from .chain import COUNTRY, city_after_a_note, district_in_a_later_piece, division_at, scan_divisions, upper_division_at
from .gazetteer import Gazetteer, get_gazetteer
from .labels import PHONE_MARK, a_kin_word, clean, is_label, strip_edges
from .leading_name import leading_name
from .markup import without_markup
from .location import (CALL_NOTE, POSTCODE_END, after_a_second_reading, as_written, once_if_written_twice, without_call_notes,
                       without_divisions_apart, without_leading_repeats)
from .names import (CHAT_WORDS, COMPOUND_SURNAMES, CUE_END, LOCATION_HINT, TRAILING_LATIN_NAME, a_latin_name, cut_after_a_shop,
                    name_closing_an_address, person_shaped, starts_with_a_common_surname, starts_with_a_surname,
                    surname_fits, trailing_name)
from .normalise import Divisions, normalise_divisions
from .notes import a_note
from .phones import Phone, find_phones
from .piece_name import (NOT_NAMES, TOWNSHIP_FIRST, VILLAGE_FIRST, a_lone_surname, begins_with_a_division,
                         compound_name_before_a_division, is_name, name_before_province, name_ending_like_an_address)
from .piece_kinds import untitled
from .pieces import pieces
from . import traditional
from .sar_taiwan import without_sar_area
from .table_row import labelled_row
from .whose_phone import phone_of_the_name
from .traditional import to_simplified
from .roles import role_segments

_DIGIT = re.compile(r"\d")
_RECEIVED_END = re.compile(r"(?:接|签)?收$")  # "to be received by" (location.CALL_NOTE), glued before the phone
# A word and a colon that no label list holds, right before the divisions (门店：浙江省…): still a label (issue 21).
_A_LABEL_OF_ITS_OWN = re.compile(r"[\u4e00-\u9fff]{1,5}[:：]\s*")
_SEPARATED = re.compile(r"[\s|｜;；,，、:：]")  # a text written in pieces, not three fields glued
_BRACKETED = re.compile(r"^\s*[（(][^（()）]+[）)]\s*$")
_SARS = ("香港特别行政区", "澳门特别行政区")


def _a_name_closing_after_a_phone(glued: bool, found: list[tuple[str | None, str]], at: int, piece: str,
                                  address_parts: list, named: bool) -> bool:
    """…对面185…柏佳栋: a surname and two characters closing a text of three fields glued, right after the phone with
    the address before both; ends like an address (栋) only by its last character. Written apart the piece may be the
    address's last part (… 139… 金融城), unless it is a common surname and one character standing right
    beside the phone after the address (… 1号 顾城 139…, … 3号楼 钱学 138…), or a surname and two characters right
    before the phone that closes the text or a note does, no one else named (… 193号 荣怡园 186…, as glued waybills write it;
    review flags it name_like_address: an estate written apart reads the same)."""
    if not (bool(address_parts) and name_ending_like_an_address(piece)):
        return False
    if len(piece) == 3 and glued and at > 0 and found[at - 1][1] == PHONE_MARK:
        return starts_with_a_surname(piece) and not any(clean(raw) for _, raw in found[at + 1:])
    if len(piece) == 3 and not named and at + 1 < len(found) and found[at + 1][1] == PHONE_MARK:
        return starts_with_a_surname(piece) and not any(  # … 186… 放门卫: a note after the phone leaves it closing
            clean(raw) and kind != "noise" and not a_note(clean(raw)) for kind, raw in found[at + 2:])
    return len(piece) == 2 and starts_with_a_common_surname(piece) and _beside_a_phone(found, at)


def _pieces_before_the_address(parts: list[str], gaz: Gazetteer) -> int:
    """How many address pieces stand before the address proper: an organisation or a note written apart before a piece
    that opens with a province's or city's full name (阿里巴巴集团 浙江省杭州市…, 单位：浙江大学 地址：浙江省…). Joined to it,
    they hid every division (or read 阿里 as 阿里地区); left out, the review says text_before_address. 0 when the first
    piece names a province or a district itself (浦东新区 上海市…); a city's short form in it (阿里巴巴…, 杭州某某公司) is
    the organisation's name."""
    # The cheap test first: most texts have no later piece opening with a full name, and pay nothing more.
    k = next((k for k in range(1, len(parts)) if upper_division_at(gaz, parts[k], 0)), 0)
    if not k or {"province", "district"} & scan_divisions(parts[0], gaz)[0].keys():
        return 0
    if is_name(parts[0], gaz) or name_before_province(parts[0], parts[0] + parts[1], gaz):
        return 0  # 夏学期 黑龙江省…, 王峰门 湖北省…: the person, read as such where the address is read
    return k


def _a_name_opening_before_a_phone(found: list[tuple[str | None, str]], at: int, piece: str, address_parts: list,
                                   gaz: Gazetteer) -> bool:
    """黄志城 138… 广西南宁市…: a surname and two characters ending like an address opening the text, the phone right
    after it and the address after both, starting with its divisions: an estate is never written before its province."""
    if address_parts or len(piece) != 3 or not name_ending_like_an_address(piece) or not starts_with_a_surname(piece):
        return False
    if at + 1 >= len(found) or found[at + 1][1] != PHONE_MARK:
        return False
    later = next((clean(raw) for kind, raw in found[at + 2:] if kind in (None, "address") and clean(raw)), "")
    written, start, _ = scan_divisions(later, gaz)
    return bool(written) and start == 0


def _glued_name_alone(name: str) -> str:
    """诸思睿中国浙江省…: the country written between a glued name and the province is no part of the name; nor is a
    copula after a full name (秋兰芹是吴兴区…: "秋兰芹 is at …"; 辛是 is a name, so two characters stay whole)."""
    if name[-1:] in "是为" and len(name) >= 4 and surname_fits(name[:-1]):
        return name[:-1]
    country = next((c for c in COUNTRY if name.endswith(c) and len(name) - len(c) >= 2), "")
    return name[: len(name) - len(country)]


def _without_the_province(name: str, province: str | None, gaz: Gazetteer) -> str:
    """惠嘉雨浙江/杭州市/…: the short form of the province read, glued after a name and cut from the chain by a separator,
    is the province's, not the name's."""
    for div in gaz.by_name.get(province or "", ()):
        for short in gaz.aliases_by_code.get(div.code, ()) if div.level == 1 else ():
            if name.endswith(short) and len(name) - len(short) >= 2:
                return name[: len(name) - len(short)]
    return name


def _beside_a_phone(found: list[tuple[str | None, str]], at: int) -> bool:
    """The piece at `at` stands right before or after a phone."""
    return any(0 <= i < len(found) and found[i][1] == PHONE_MARK for i in (at - 1, at + 1))


_PHONE_BRACKETS = frozenset(("【】", "[]", "()", "（）", "「」", "〔〕"))


def phone_masked_pieces(text: str, phones: list, gaz: Gazetteer) -> list[tuple[str | None, str]]:
    """The text's labelled pieces (pieces.pieces) with each phone replaced by PHONE_MARK, a piece of its own that
    its label still labels."""
    for ph in reversed(phones):
        start, end = ph.start, ph.end
        if 0 < start and end < len(text) and text[start - 1] + text[end] in _PHONE_BRACKETS:
            start, end = start - 1, end + 1  # …1号【张三】【138…】: the phone's brackets go with it
        text = text[:start] + f" {PHONE_MARK} " + text[end:]
    return pieces(text, lambda rest: bool(scan_divisions(rest, gaz)[0]))


# A division in brackets right after its parent (浙江省杭州市(西湖区)文三路…, an export's picker): read as if written apart.
_BRACKETED_DIVISION = re.compile(r"(?<=[省市州盟])[（(]([\u4e00-\u9fff]{1,8}[区县市旗])[)）]")


def _unbracketed_divisions(text: str, gaz: Gazetteer) -> str:
    """The brackets around a division's full name become spaces: the same length, so positions still map back."""
    if "(" not in text and "（" not in text:
        return text
    return _BRACKETED_DIVISION.sub(lambda m: f" {m[1]} " if gaz.is_full_name(m[1]) else m[0], text)


def extract(text: str, gaz: Gazetteer | None = None) -> Reading:
    """The rules' reading of one text; a text in traditional characters is read in simplified ones and its
    copied fields (location, name, phone) come back as written."""
    gaz = gaz or get_gazetteer()
    text = labelled_row(without_markup(text), is_label)
    simplified = _unbracketed_divisions(to_simplified(text), gaz)
    segments = dict(role_segments(simplified) or ())
    if "sender" in segments and segments.get("recipient"):  # 寄件人 … 收件人 …: the record is the recipient's
        reading = _extract(segments["recipient"], gaz)
        reading.phones = [p.info() for p in find_phones(simplified)]  # every phone in the text, as always
    elif segments.get("sender"):  # 寄件人：陈伟 … alone: the only contact is read (review says sender_only)
        reading = _extract(segments["sender"], gaz)
    else:
        reading = _extract(simplified, gaz)
    if simplified != text:
        for key in ("specific_location", "name", "phone"):
            setattr(reading, key, traditional.as_written(getattr(reading, key), simplified, text))
    return reading


def _name_shaped_first(names: list[str], between: list, address_parts: list[str]) -> None:
    """Put first the name-like piece shaped like a name (names and address_parts change in place). 什么时候发货 贵州省…1号
    周恩来 139…: a chat's question or request before the address is name-like too; the name is the piece shaped like
    one, beside the phone if several are. A first piece shaped like no name and apart from the phone (急急急 浙江省…1号
    蒋经国 139…) gives way to a shaped one beside it; one beside the phone stays (铁冠 139… 白天打). The piece that gives
    way, written right after the address and no chat's, is the address's rest (…1号 罗浮山下 葛洪 139…)."""
    chat_first = CHAT_WORDS.search(names[0]) is not None
    first_beside = any(beside for _, piece, _, beside in between if piece == names[0])
    # …货运站自提 李 139…; after a chat's phrase or a first piece apart from the phone, a name with no listed surname
    # beside the phone (能发货了吗 …1号 多隆 139…, 美女 浙江省…1号 紫薇 139…)
    shaped = [piece for piece in names if person_shaped(piece) or a_lone_surname(piece)] or [
        piece for _, piece, _, beside in between
        if (chat_first or not first_beside) and beside and piece != names[0] and len(piece) <= 4
        and not CHAT_WORDS.search(piece)]
    by_a_phone = [piece for _, piece, _, beside in between if beside and piece in shaped]
    if not (shaped and (chat_first or len(names[0]) > 4)
            or (by_a_phone and not person_shaped(names[0]) and not first_beside)):
        return
    best, demoted = (by_a_phone or shaped)[0], names[0]
    if best == demoted:
        return
    names.remove(best)
    names.insert(0, best)
    at, after = next(((at, after) for at, piece, after, _ in between if piece == demoted), (None, False))
    # …1号 宁波港 集装箱码头 包玉刚 139…: right after a name-like piece already put back in the address, it is the
    # address's rest too, and follows it there
    moved = [piece for a, piece, _, _ in between if a == at and piece != demoted and piece in address_parts]
    if at is not None and (after or moved) and not CHAT_WORDS.search(demoted):
        names.remove(demoted)
        address_parts.insert(address_parts.index(moved[-1]) + 1 if moved else at, demoted)


def _a_note_after_the_contact(found, at: int, piece: str, address_parts: list[str], names: list[str],
                              gaz: Gazetteer) -> bool:
    """A sentence to the courier written after the name and the phone, the address already read before them: a note,
    no part of the location (… 文三路1号 张一 139… 家里有老人，敲门大声点); a division's name is none (如东县: 如 asks)."""
    return bool(address_parts) and bool(names) and a_note(piece) and any(kind == "phone" for kind, _ in found[:at]) \
        and not gaz.is_full_name(piece)


_CHAT_SENTENCE = re.compile(r"[我你您吗呢吧]")


def _a_chat_before_the_address(found, at: int, piece: str, gaz: Gazetteer) -> bool:
    """A sentence of the chat's written apart before the address, naming no division, number or place (请问发什么快递
    我这边只有邮政能到 西藏拉萨市…): no part of the address, which a later piece opens."""
    if len(piece) < 5 or not _CHAT_SENTENCE.search(piece) or _DIGIT.search(piece) or LOCATION_HINT.search(piece):
        return False
    if scan_divisions(piece, gaz)[0]:
        return False
    later = (scan_divisions(clean(raw), gaz) for kind, raw in found[at + 1:] if kind in (None, "address") and raw != PHONE_MARK)
    return any(written and start == 0 for written, start, _ in later)


def _written_before_a_phone(location: str, text: str, phones: list) -> bool:
    """The location's end is written right before a phone, with no separator (…附近楼佳琪185…), or but for the 收
    the location's note dropped (…省发改委冯楚璎收176…)."""
    return any(text[: ph.start].endswith(location[-2:]) or _RECEIVED_END.sub("", text[: ph.start]).endswith(location[-2:])
               for ph in phones)


def _begins_with_a_short_form(text: str, gaz: Gazetteer) -> bool:
    """A province's or a city's short form opens text (浙江传媒学院…, 杭州东站…, 宁波机场…), read as no division there."""
    return any(divs and all(div.level <= 2 for div in divs) for divs in (gaz.by_alias.get(text[:k]) for k in (2, 3)))


def _name_glued_before(address: str, text: str, phones: list, gaz: Gazetteer) -> int:
    """Length of a name glued before an address that writes no division (so the record stays flagged no_district),
    the address at the text's head or right after a phone (leading_name); 138…咸玲武义县… is left to the division
    scan, which 义县 (Liaoning) would mislead."""
    head = address[:6]
    after_a_phone = any(text.startswith(head, ph.end) for ph in phones)
    if len(address) < 8 or not (after_a_phone or text.startswith(head)):
        return 0
    if not (cut := leading_name(address, lambda rest: begins_with_a_division(rest, gaz),
                                lambda rest: _begins_with_a_short_form(rest, gaz))):
        return 0
    if gaz.lookup(address[:cut])[1] != "none" or (address[:2] not in COMPOUND_SURNAMES
                                                   and _begins_with_a_short_form(address, gaz)):
        return 0  # 东阳木雕城…, 南浔古镇…, 杭州东站…: a division's short form opens the address, no one's name (濮阳 may)
    trailing = trailing_name(address, _written_before_a_phone(address, text, phones))
    if (trailing and not cut_after_a_shop(address, trailing)) or scan_divisions(address, gaz)[0]:
        return 0  # the name glued after the address instead (…6楼D92室乌潞晶150…; not …华山车行, a shop), or a division
    return cut


def _dialable(phones: list[Phone], at: int) -> int:
    """The phone at `at`, unless it lacks its area code (88888888 13800001111) and another is a whole number."""
    if phones[at].without_area_code:
        return next((i for i, phone in enumerate(phones) if not phone.without_area_code), at)
    return at


def _extract(text: str, gaz: Gazetteer) -> Reading:
    phones = find_phones(text)
    masked = without_sar_area(text)
    names, address_parts, between = [], [], []
    glued = not _SEPARATED.search(text)  # the waybill's three fields written with nothing between them
    found = phone_masked_pieces(masked, find_phones(masked) if masked != text else phones, gaz)
    # A piece in brackets standing apart (… 690号 (张江高科) 刘女士收) is a name only when no other piece can be one.
    others_named = any(_BRACKETED.match(raw) for _, raw in found) and any(
        kind == "name" or (kind is None and not _BRACKETED.match(raw) and is_name(clean(raw), gaz)) for kind, raw in found)
    for at, (kind, raw) in enumerate(found):
        piece = clean(raw)
        if not piece or kind in ("noise", "phone"):
            continue
        if kind is None and _a_note_after_the_contact(found, at, piece, address_parts, names, gaz):
            continue
        if kind is None and not address_parts and _a_chat_before_the_address(found, at, piece, gaz):
            continue
        if kind is None and others_named and _BRACKETED.match(raw):
            address_parts.append(raw.strip())  # kept with its brackets: the location is written so
            continue
        if kind in (None, "name") and a_lone_surname(piece) and (kind == "name" or _beside_a_phone(found, at)):
            names.append(piece)  # 收：覃 139…, … 118号 王 138…: a surname alone, where a name is written
            continue
        if kind == "name":
            in_piece, start, _ = scan_divisions(piece, gaz)
            if in_piece and start == 0 and (of := piece.rfind("的")) > 0 and is_name(piece[of + 1:], gaz):
                address_parts.append(piece[:of])  # 寄给江西省…1号的邓紫棋: the address, then whose it is
                names.insert(0, piece[of + 1:])
                continue
            if 2 <= start <= 9 and a_kin_word(piece[:start]):  # 寄给我妈：河南省…: the address; the name is elsewhere
                address_parts.append(piece[start:])
                continue
            if 2 <= start <= 9 and is_name(clean(piece[:start]), gaz):  # 收货人：司马晓东苏州市姑苏区…
                piece, rest = clean(piece[:start]), piece[start:]
                address_parts.append(rest)
            names.insert(0, piece)  # a labelled name beats any unlabelled name-like piece
        elif kind == "address" or (kind is None and not is_name(piece, gaz)
                                   and not _a_name_closing_after_a_phone(glued, found, at, piece, address_parts, bool(names))
                                   and not _a_name_opening_before_a_phone(found, at, piece, address_parts, gaz)):
            address_parts.append(piece)
        else:
            names.append(piece)
            after_address = at > 0 and bool(address_parts) and clean(found[at - 1][1]) == address_parts[-1]
            between.append((len(address_parts), piece, after_address, _beside_a_phone(found, at)))
    # A name-like piece standing between two address pieces (… 浦东新区 陆家嘴 世纪大道 …, 宁波 北仑 新碶街道) is address
    # when another piece can be the name, and so is one right after the address when a label names the person
    # (地址：…166号 振华商厦 姓名：隋东) or another name-like piece stands beside the phone and this one carries no common
    # surname (…92号 哈工大 王博 0451…; …1号 王博 李娜 138… stays two names): otherwise it would be lost from both.
    labelled_name = any(kind == "name" for kind, _ in found)
    named_by_a_phone = sum(beside and not CHAT_WORDS.search(piece) for _, piece, _, beside in between) == 1
    for at, piece, after_address, beside in reversed(between):
        if len(names) > 1 and (0 < at < len(address_parts)
                               or (after_address and (labelled_name or (named_by_a_phone and not beside
                                                                         and not starts_with_a_common_surname(piece))))):
            names.remove(piece)
            address_parts.insert(at, piece)
    if len(names) > 1 and not labelled_name:
        _name_shaped_first(names, between, address_parts)
    skipped = _pieces_before_the_address(address_parts, gaz)
    address = "".join(address_parts[skipped:])
    # 138…卢厚希延安路1000号: no division to show where the name ends; 濮阳妍子杭州市…: 濮阳 the surname, not the city.
    if not names and (cut := (phones and _name_glued_before(address, text, phones, gaz))
                      or compound_name_before_a_division(address, gaz)):
        names.append(address[:cut])
        address = address[cut:]
    # Divisions after the head only behind a glued name (张三浙江省…), not inside a place's name (圣荣广场西区).
    written, start, end = scan_divisions(address, gaz, lambda prefix: prefix in NOT_NAMES or is_name(prefix, gaz)
                                         or TOWNSHIP_FIRST.search(prefix) is not None
                                         or _A_LABEL_OF_ITS_OWN.fullmatch(prefix) is not None
                                         or (VILLAGE_FIRST.search(prefix) is not None
                                             and division_at(gaz, address, len(prefix)))
                                         or name_before_province(prefix, address, gaz))
    if start and not names and (is_name(address[:start], gaz) or name_before_province(address[:start], address, gaz)):
        names.append(_glued_name_alone(address[:start]))
    if written and "district" not in written:
        written, end = district_in_a_later_piece(gaz, address, address_parts, written, end)
    if written and set(written) == {"province"}:
        written, end = city_after_a_note(gaz, address, written, end)
    divisions = normalise_divisions(written.get("province"), written.get("city"), written.get("district"), text, gaz) \
        if written else Divisions(None, None, None, None, dict.fromkeys(DIVISION_FIELDS, "unknown"))
    location = clean(address[end:] if written else address)
    if written and divisions.adcode:
        location = after_a_second_reading(without_leading_repeats(location, gaz, divisions.adcode, written),
                                           gaz, divisions.adcode)
    location = without_call_notes(location)  # before the glued name: 王某收 is 王某
    # Glued to a phone: written right before one (…附近楼佳琪185…), or ending a text that a phone opens with nothing
    # between (185…广东省…附近楼佳琪): a waybill's three fields glued, where nothing else stands in that place.
    before_a_phone = len(location) >= 2 and (_written_before_a_phone(location, text, phones)
                                             or (glued and phones and phones[0].start == 0 and text.endswith(location[-2:])))
    if not names and phones and (cut := trailing_name(location, before_a_phone)):  # a glued name comes with a phone
        names.append(location[-cut:])
        location = CALL_NOTE.sub("", CUE_END.sub("", location[:-cut]))  # …张某收给娄城伟: 收 was the note's
    elif not names and not phones and written and (cut := name_closing_an_address(location)):
        names.append(location[-cut:])  # …502室沈梦辰 with no phone: a name after a room or a unit's number
        location = location[:-cut]
    elif not names and phones and (latin := TRAILING_LATIN_NAME.search(location)) and a_latin_name(latin.group(1)):
        names.append(latin.group(1))  # …天河城7楼 Tony 138…: written apart, in Latin letters
        location = location[: latin.start()]
    location = strip_edges(POSTCODE_END.sub("", as_written(location, text))) or None
    if location and written and divisions.province not in _SARS:  # 香港 新界 沙田 …: the district's place stays (README)
        location = without_divisions_apart(location, (divisions.province, divisions.city, divisions.district))
    location = once_if_written_twice(location) if location else None
    name = _without_the_province(names[0], divisions.province, gaz) if names else None
    phone = phones[_dialable(phones, min(phone_of_the_name(found, name, names), len(phones) - 1))].raw if phones else None
    name = (untitled(name) or name) if name else None  # …1号张三先生138…: glued, the title goes as it does written apart
    checks = dict(divisions.checks)
    checks.update({key: "found" if value else "unknown"
                   for key, value in (("specific_location", location), ("name", name), ("phone", phone))})
    if location and any(piece.strip() not in COUNTRY for piece in address_parts[:skipped]):
        checks["specific_location"] = "inferred"  # found after what stood before the address (review: text_before_address)
    reading = Reading(province=divisions.province, city=divisions.city, district=divisions.district,
                      specific_location=location, name=name, phone=phone, adcode=divisions.adcode, checks=checks,
                      phones=[p.info() for p in phones])
    if not (written or (location and LOCATION_HINT.search(location))):
        reading.status = "no_address"
        reading.error = ErrorInfo(code=errors.ITEM_NO_ADDRESS, message="no address found in the text")
    return reading
