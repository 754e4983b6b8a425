"""The shapes a listed label takes besides `label：value` (issue 21, the twenty-first session's shaped-* sets), written
back as that: a mark forms and exports write for the colon, spaced or not (姓名 = 王芳, 详细=文三路1号, 配送地址 => …,
签收人-王芳, 手机#138…), brackets around the value (收件人【王芳】, 地址：「浙江省…」, 手机『138…』, 电话<138…>), and a label in
brackets after its value (138…（手机）, 浙江省…（收货地址）, 王芳(收件人)). 丨, the stroke forms draw for a bar, is a bar.
Only listed labels are read here (labels.LABEL_KIND); typed_labels.py reads words no list holds. pieces.py asks this
after a phone is masked (the mark PHONE_MARK stands for it)."""

from __future__ import annotations

import re

from .labels import LABEL_KIND, PHONE_MARK

_FIELD_KINDS = frozenset(("name", "phone", "address"))
_BOUNDARY = r"(?:^|(?<=[\s,，;；|、。!！?？\x00/／【】\[\]:：&~～>…]))"
_WORD = r"[\u4e00-\u9fff]{1,6}|[A-Za-z][A-Za-z.]*(?: [A-Za-z][A-Za-z.]*){0,2}"
# A listed label, then what stands for its colon: =, =>, ->, ＝, #, a dash, spaced or not (a dash only before no digit:
# 3-2-501 is a room's number).
_MARKED = re.compile(rf"{_BOUNDARY}(?P<word>{_WORD})[ \t\u3000]*(?:[:：]?[ \t\u3000]*(?:=>|->|=|＝|#|-(?!\d)|－))[ \t\u3000]*")
_PAIRS = {"【": "】", "「": "」", "『": "』", "<": ">", "《": "》", "[": "]", "(": ")", "（": "）", "〔": "〕"}
_OPENINGS = re.escape("".join(_PAIRS))
_ANY_BRACKET = re.escape("".join(_PAIRS) + "".join(_PAIRS.values()))
# A listed label, a colon or none, then its value in brackets that close where the field ends (电话(工作日)：138… is a
# label's qualifier, pieces.py's; 地址：（东门）文三路1号 opens the address with a bracket).
_FIELD_END = r"$|[\s,，;；|、。!！?？\x00/／【\[…（(]"  # (a note in brackets may follow)
_WRAPPED = re.compile(rf"{_BOUNDARY}(?P<word>{_WORD})[ \t\u3000]*[:：]?[ \t\u3000]*(?P<open>[{_OPENINGS}])"
                      rf"(?P<value>[^{_ANY_BRACKET}\n:：]{{1,80}}?)(?P<close>[{_ANY_BRACKET}])(?={_FIELD_END})")
# A value, then a listed label in brackets after it and the field's end: 138…（手机）, …1号（收货地址）, 王芳(收件人).
_AFTER = re.compile(rf"(?P<value>{PHONE_MARK}|[^\s,，;；|、。!！?？\x00:：/／…{_ANY_BRACKET}]{{1,80}}?)(?P<gap>[ \t]*)(?P<open>[（(\[【])"
                    rf"(?P<word>{_WORD})(?P<close>[)）\]】])(?={_FIELD_END})")
_A_DASH_AFTER_A_WORD = re.compile(r"[\u4e00-\u9fffA-Za-z][ \t]*-")  # (cheap tests before the searches)
_AN_OPENING = re.compile(f"[{_OPENINGS}]")


_PLAIN_LABELS = {"name": "姓名", "phone": "电话", "address": "地址"}


def _fields_label(word: str) -> str | None:
    """`word` if it is a listed label of a field; the field's plain label if it is two listed labels written as one
    (街道门牌, to address); else None."""
    lowered = word.lower()
    if LABEL_KIND.get(lowered, "") in _FIELD_KINDS:
        return word
    if lowered.isascii():  # to address, ship to name: a listed word, then a field's
        parts = lowered.split(" ")
        kinds = (LABEL_KIND.get(" ".join(parts[k:])) for k in range(1, len(parts)) if " ".join(parts[:k]) in LABEL_KIND)
    else:
        kinds = (LABEL_KIND.get(lowered[k:]) for k in range(2, len(lowered) - 1) if lowered[:k] in LABEL_KIND) \
            if len(lowered) >= 4 else ()
    return next((_PLAIN_LABELS[kind] for kind in kinds if kind in _FIELD_KINDS), None)


def _colon_for_the_mark(m: re.Match) -> str:
    return label + "：" if (label := _fields_label(m["word"])) else m[0]


def _unwrapped(m: re.Match) -> str:
    if (_PAIRS.get(m["open"]) != m["close"] or not (label := _fields_label(m["word"]))
            or m["value"].strip().lower() in LABEL_KIND):
        return m[0]
    return f"{label}：{m['value']} "


def _label_first(m: re.Match) -> str:
    if _PAIRS.get(m["open"]) != m["close"] or not (label := _fields_label(m["word"])):
        return m[0]
    # …193号 【电话】138…: the next field's label, written before it (a phone is masked with a space each side); a
    # label after its value is glued to it, but a phone's (its mask) and a Latin one (138… (mobile)) may stand apart
    if m.string.startswith(PHONE_MARK, m.end() + (m.string[m.end():m.end() + 1] == " ")) or (
            m["gap"] and m["value"] != PHONE_MARK and not m["word"].isascii()):
        return m[0]
    return f" {label}：{m['value']} "


# A label with a slash between its characters (省/市/区：, 省/市/县): one word.
_SLASHED_LABEL = re.compile(r"省\s*[/／]\s*市\s*[/／]\s*(?:区\s*[/／]\s*县|区|县)(?=\s*[:：=])")


def with_label_shapes(text: str) -> str:
    """`text` with each listed label's mark, brackets around its value and bracketed label after its value written as
    the label, a colon and the value."""
    if "丨" in text:
        text = text.replace("丨", "|")
    if "省/" in text or "省／" in text:
        text = _SLASHED_LABEL.sub("省市区", text)
    if "=" in text or "#" in text or "－" in text or ("-" in text and _A_DASH_AFTER_A_WORD.search(text)):
        text = _MARKED.sub(_colon_for_the_mark, text)
    if _AN_OPENING.search(text):
        text = _WRAPPED.sub(_unwrapped, text)
        text = _AFTER.sub(_label_first, text)
    return text
