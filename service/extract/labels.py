"""Labels and the words around them: the label words' pattern (LABEL_RE, each label's kind), what a piece is shaped
like (a full name, a name a receipt mark or a contact label vouches for, an address that writes no division, a place),
and how a piece is cleaned of edges and symbols. pieces.py cuts a text on these; piece_kinds.py settles each piece's
kind.
"""

from __future__ import annotations

import re
import unicodedata

from .alone import KIN
from .label_words import COLON_LABELS as _COLON_LABELS, HEAD_LABELS as _HEAD_LABELS, LABELS as _LABELS
from .names import (ADDRESS_END, COMPOUND_SURNAMES, LOCATION_HINT, PARCEL_LOCKER, person_shaped,
                    starts_with_a_common_surname, starts_with_a_surname)

LABEL_KIND = {label: kind for kind, labels in _LABELS.items() for label in labels} | _HEAD_LABELS | _COLON_LABELS
# A label may end in a copula: 电话号码是139…, 收货人为钱多多, 地址为…, 地址在…, 收件人叫刘诗诗, 收件人就是刘诗诗.
_COPULA = "(?:的话是|的话就是|的话|就是|是|为|在|叫|请填写?|填写?|写的是|写成|写(?!字))?"  # …, 收货地址请填：…, 名字写张丽 (not 写字楼)
# A phone label is one only when a phone (masked by then), a number, a colon or the end follows: 手机店,
# 手机城 and 电话亭 are words of an address.
_PHONE_FOLLOWS = rf"(?={_COPULA}\s*[:：=]?\s*[【\[]?\s*(?:[\x00\dA-Za-z+(（]|$|[|｜;；,，、/／])|\s*[:：])"
_CHAT_ID_LABELS = ("微信号", "wx", "vx", "wechat", "v信")  # label a chat app's id only before one
_PLACES_NAMED = ("小区", "公司", "单位", "学校", "酒店", "宾馆", "店铺", "楼盘", "大厦", "商场", "医院", "店")


def _label_pattern(label: str) -> str:
    # The word first, then what may not stand before it (a lookbehind over the word too): the alternation fails fast on
    # the word at most positions instead of testing the character before it for every label.
    if label in _COLON_LABELS and len(label) == 1:  # 省:浙江省;市:杭州市, 收:覃; not B区: or 3号楼:
        return rf"{label}(?<![\u4e00-\u9fffA-Za-z0-9]{label})(?=\s*[:：])"
    if label in _COLON_LABELS:  # one that says a field's kind labels a piece of its own too (地区 福建省 厦门市 …)
        # (a noise word standing alone is a word: …46650店铺, …中通快递)
        alone = _COLON_LABELS[label] not in (None, "noise")
        return rf"{label}(?<![\u4e00-\u9fffA-Za-z]{label})(?=\s*[:：]{'|$' if alone else ''})"
    if label in _HEAD_LABELS:
        return rf"{label}(?<![\u4e00-\u9fff]{label})"
    # 微信号：zhangsan123, 微信号 138… (a piece alone); …食铺-微信号 吴建军 (a shop's sign, then the name) labels nothing
    if label in _CHAT_ID_LABELS:
        return rf"{label}(?<![A-Za-z]{label})(?=\s*[:：=]?\s*[\x00A-Za-z0-9_-]|\s*[:：=]\s*$|(?<=^{label})\s*$)"
    if label.isascii():
        return rf"{label}(?<![A-Za-z]{label})(?![A-Za-z])"
    if label == "名字":  # 小区名字叫人境庐: a place's name, not the person's
        return label + "".join(f"(?<!{place}{label})" for place in _PLACES_NAMED)
    return label + _PHONE_FOLLOWS if LABEL_KIND[label] == "phone" else label


# Any colon, or `=` as exports write it (name=张三).
# The lookahead on the labels' first characters lets the search skip most positions at once: re tries every
# alternative at every position otherwise (6x faster over the generated texts, the same splits).
_LABEL_FIRSTS = re.escape("".join(sorted({label[0] for label in LABEL_KIND})))
LABEL_RE = re.compile(f"(?=[{_LABEL_FIRSTS}])(" + "|".join(_label_pattern(label) for label in sorted(LABEL_KIND, key=len, reverse=True))
                       + ")" + _COPULA + r"(?:[哈哦啊呀吧](?=\s*[:：]))?\.?\s*[:：=]?\s*", re.IGNORECASE)  # 地址哈：…
_ADDRESS_WORD = re.compile(r"\d|[路街巷弄镇乡村栋幢楼室苑区厂店院校站桥门]|大厦|公寓|花园|广场|市场|公司|中心")
_DELIVERY_SPOT = re.compile(r"^(?:小区门口|小区|楼下|门口|家门口|家里|门卫|前台|公司|单位|物业|驿站|快递柜|丰巢)")
_TOWNSHIP_ALONE = re.compile(r"^[\u4e00-\u9fff]{2}[镇乡村]$")  # 练市镇


def undivided_address(piece: str) -> bool:
    """An address that writes no division (日旺北路87奥狮林纺织品有限公司, 九堡镇九堡东方电子商务园a133栋, 练市镇: NAACL's
    rows often start so): a number, a road's or a building's word in it, or a township alone; not where to leave a
    parcel (小区门口, 前台)."""
    return ((len(piece) >= 4 and bool(_ADDRESS_WORD.search(piece))) or bool(_TOWNSHIP_ALONE.match(piece))) \
        and not _DELIVERY_SPOT.match(piece)


OPENING_BRACKET = re.compile(r"[（(【\[]")  # a cheap test before _BRACKET_NOTE's search
PLACE_WORD = re.compile(r"近|旁|侧|对面|附近|站|口|东|西|南|北|内|外|里|院|所|店|厅|部|处|库|房|屋")


def place_like(word: str) -> bool:
    """A place's word (东门, 南站, 学院路), not a person's: a full name of a common surname and one or two characters
    keeps 东, 南, 里 … (刘强东, 周南) unless an address word is in it."""
    if LOCATION_HINT.search(word):
        return True
    return PLACE_WORD.search(word) is not None and not (len(word) <= 3 and starts_with_a_common_surname(word))


PHONE_MARK = "\x00"  # stands in for a phone so its label still has a piece to label
EDGE_JUNK = " \t\n:：-—_.,，。;；|/()（）[]【】「」『』?？*＊·"  # 姚广孝·139…·江苏省…: a dot beside a phone separates


def a_kin_word(piece: str) -> bool:
    """我妈, 老婆, 朋友: who the person is to the sender, not a name."""
    return KIN.match(piece.strip(EDGE_JUNK)) is not None


def a_marked_name(word: str) -> bool:
    """A surname and two characters (three behind a compound surname) that end like a place, before a receipt mark or
    after a contact's label: the person's name. Two characters (东门收), parcel lockers (丰巢柜收) and a compound surname
    that is an address word too (南门口收) are left to the name test."""
    return (person_shaped(word) and len(word) >= 3 and not PARCEL_LOCKER.match(word)
            and bool(ADDRESS_END.search(word) or LOCATION_HINT.search(word))  # others pass the name test as they are
            and not (word[:2] in COMPOUND_SURNAMES and LOCATION_HINT.search(word)))


def a_full_name(word: str) -> bool:
    """A surname and a given name (林依晨, 欧阳娜娜), not a surname alone (欧阳)."""
    return starts_with_a_surname(word) and not (len(word) == 2 and word in COMPOUND_SURNAMES)


def is_label(word: str) -> bool:
    """`word` is a field's label as it stands (收件人, 手机, 省, 详细地址), as a spreadsheet's header cell writes it."""
    return word.lower() in LABEL_KIND


def holds_label(text: str) -> bool:
    """A field label (收件地址, 电话, tel, …) is written somewhere in `text`."""
    return LABEL_RE.search(text) is not None


_SYMBOL_CATEGORIES = ("So", "Sk", "Mn", "Cf", "Co", "Cs", "Cn")


def is_symbol(ch: str) -> bool:
    """Emoji, other symbols, marks and unassigned or private-use code points: never address text."""
    return unicodedata.category(ch) in _SYMBOL_CATEGORIES


# Where shipping text lives (ASCII and Latin-1, CJK punctuation, the unified ideographs, full-width forms): the symbols
# among them in one class, so a piece written only there is cleaned by one regex instead of a test per character.
_COMMON = [(0x00, 0xFF), (0x3000, 0x303F), (0x4E00, 0x9FFF), (0xFF00, 0xFFEF)]
_COMMON_SYMBOLS = re.compile("[" + "".join(re.escape(chr(c)) for lo, hi in _COMMON for c in range(lo, hi + 1)
                                           if is_symbol(chr(c))) + "]")
_OUTSIDE_COMMON = re.compile("[^" + "".join(f"{re.escape(chr(lo))}-{re.escape(chr(hi))}" for lo, hi in _COMMON) + "]")


def without_symbols(text: str) -> str:
    """`text` without the characters is_symbol names."""
    if _OUTSIDE_COMMON.search(text) is None:
        return _COMMON_SYMBOLS.sub("", text)
    return "".join(ch for ch in text if not is_symbol(ch))


_BRACKET = re.compile(r"[（）()【】\[\]]")


def strip_edges(piece: str) -> str:
    """Label punctuation off both ends; a bracket whose partner stays is part of the address (…39号（东门）,
    （高新区）网商路599号, …100号[华星大厦]), not edge punctuation."""
    stripped = piece.strip(EDGE_JUNK)
    if not _BRACKET.search(piece):
        return stripped  # (most pieces: one search instead of eight counts)
    for opening, closing in (("（", "）"), ("(", ")"), ("【", "】"), ("[", "]")):
        if stripped.count(opening) > stripped.count(closing):
            after = piece[piece.find(stripped) + len(stripped):].lstrip(" \t")
            if after.startswith(closing):
                stripped += closing
        elif stripped.count(closing) > stripped.count(opening):
            before = piece[:piece.find(stripped)].rstrip(" \t")
            if before.endswith(opening):
                stripped = opening + stripped
    return stripped


def clean(piece: str) -> str:
    """Drop emoji and other symbols, trim label punctuation at the edges."""
    return strip_edges(without_symbols(piece))


THE_RIGHT_ONE = ("应该是", "正确的是", "而是", "是")  # what a correction says before the right value (whose_phone too)
