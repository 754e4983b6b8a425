"""The specific location once the divisions are read: as the text wrote it, without the divisions
written again at its head or further on, courier notes and a glued postcode."""

from __future__ import annotations

import re

from .chain import STREET_AFTER, longest_chain, own_township_at, townships_at
from .gazetteer import Gazetteer, short_form
from .labels import EDGE_JUNK, holds_label, is_symbol

_DIGIT = re.compile(r"\d")

# A postcode glued to the end of the address, after its last unit or an underscore (…1048室223002, …_321200).
POSTCODE_END = re.compile(r"(?:(?<=[室号楼栋幢层弄])|_)(?:\d{6}_?)+$")
# A courier's note at the end of an address, not part of it: 电联 ("call on arrival"), 电联系, 电联本人.
CALL_NOTE = re.compile(r"(?:请|到了|到后)?(?:电联系?|电话联系)(?:本人|收件人|我)?$"
                       # "to be received by" after the addressee (…谢某某收, …服务部收, …房东接收), not 回收, 验收
                       r"|(?<![回验税征代秋丰吸查没招创营])(?:接|签)?收$"
                       # 我在…1号上班: where the person works, said after the number
                       r"|(?<=[\d号室楼层栋幢座])(?:上班|工作)$"
                       # …1号到了打电话 (the phone's label cut off): when to call, said after the number
                       r"|(?<=[\d号室楼层栋幢座])(?:到了|到后|到时)(?:请|就)?(?:打|给我打|打个)?$"
                       # 寄到…1号就行: that it will do, said after the address
                       r"|(?:就行|就可以|就好|即可|就ok|就OK)(?:了|啦)?$|(?:没错|是对的|对的)(?:的|哦|啊|吧)?$"  # …路没错: it is right
                       # …1号吗, …1号吧, …电联吧: the question or the particle after a number or a note; after a word it
                       # ends a bar's name (网吧, 鲜奶吧, 大堂吧), but for the one 就发…吧 pairs with (lead_ins)
                       r"|(?<=[\d号室楼层栋幢座])(?:吗|呢|吧)$|(?<=电联)吧$")
_INNER_SEPARATORS = set("，,、")  # kept inside a location as written (…b座,民歌湖对面); | and ; separate fields


def without_call_notes(location: str) -> str:
    """The location without the notes closing it, two at most: …门口电联就行, …彭某收吧 (the note, then that it will do)."""
    return CALL_NOTE.sub("", CALL_NOTE.sub("", location))


def without_divisions_apart(location: str, divisions: tuple[str | None, ...]) -> str:
    """The location without a division read written apart inside it, in another order (鼓楼区中山北路30号 南京,
    朝阳区 北京 三里屯路19号): a word standing alone that is a division's name or short form is no part of the place."""
    parts = location.split()
    if len(parts) < 2:
        return location
    words = {word for name in divisions if name for word in (name, short_form(name)) if word}
    kept = [part for part in parts if part not in words]
    return " ".join(kept) if kept and len(kept) < len(parts) else location


def as_written(joined: str, text: str) -> str:
    """The span of `text` that reads as `joined` once whitespace and commas are dropped (inner
    spaces and commas kept); `joined` itself when the pieces were not contiguous in the text."""
    if not joined or joined in text:
        return joined
    kept = [i for i, ch in enumerate(text) if not ch.isspace() and ch not in _INNER_SEPARATORS]
    at = "".join(text[i] for i in kept).find(joined)
    return text[kept[at]: kept[at + len(joined) - 1] + 1] if at >= 0 else _span_of_pieces(joined, text) or joined


_PHONE_LIKE = re.compile(r"\d{7,}")
MAX_GAP = 12


def _span_of_pieces(joined: str, text: str) -> str | None:
    """The parts of `joined` found in order in `text` with a separator or a label between them
    (…869-、871号, …88号/安徽宏润纺织): the span from the first to the last, as written. None when a gap
    holds a phone or a label (…后门_寄件人电话在收件地址后面) or is long (not one location), or holds only symbols
    (clean() drops those, and they stay dropped)."""
    start, at, i, gaps = None, 0, 0, []
    while i < len(joined):
        for j in range(len(joined), i, -1):  # the longest next part found from `at` on
            found = text.find(joined[i:j], at)
            if found >= 0:
                break
        else:
            return None
        if start is None:
            start = found
        else:
            gaps.append(text[at:found])
        at, i = found + j - i, j
    if any(len(gap) > MAX_GAP or _PHONE_LIKE.search(gap) or holds_label(gap) for gap in gaps) or all(
            map(is_symbol, "".join(gaps))):
        return None
    return text[start:at]


# A level's placeholder left before the street once the divisions are read (慈溪市城区海通路, 金华市其它区新华街).
_PLACEHOLDERS = ("城区", "市区", "其它区", "其他区", "市辖区", "其它地区", "其他地区")


def without_leading_repeats(location: str, gaz: Gazetteer, adcode: str, written: dict[str, str]) -> str:
    """The location without the divisions already read written again at its head when the repeat
    writes one of them in full (…仙居县台州市仙居县浙江省台州市仙居县安洲街道…, …余姚市宁波余姚市泗门镇…), or
    a level's placeholder (…慈溪市城区海通路…). A short form alone stays: it usually begins a
    place's name there (…西湖区浙江大学…, …路桥区台州国际塑料城…)."""
    full = set(written.values())
    short: set[str] = set()
    div = gaz.by_code.get(adcode)
    # The district's own short form before one of its townships (瑞安市瑞安塘下…); not after a former
    # county, where today's short form was its township (绍兴县柯桥华舍…).
    district_short = set(gaz.aliases_by_code.get(adcode, ())) if (
        div is not None and gaz.district_of(div) == div and written.get("district") not in gaz.former) else set()
    while div is not None:
        full.add(div.name)
        short.update(gaz.aliases_by_code.get(div.code, ()))
        div = gaz.by_code.get(div.parent) if div.parent else None
    longest_first = sorted(full | short | set(_PLACEHOLDERS), key=len, reverse=True)
    at, kinds = 0, []
    while True:
        head = next((n for n in longest_first if location.startswith(n, at)), None)
        if head is None or STREET_AFTER.match(location, at + len(head)) or townships_at(
                location, at, range(len(head) + 1, len(head) + 6)):
            break  # 南芬街道, 故城镇, 中原西路: the name begins a township's or a street's
        own_township = head in district_short and own_township_at(location, at + len(head), adcode)
        kinds.append("full" if head in full else "placeholder" if head in _PLACEHOLDERS
                     else "district" if own_township else "short")
        at += len(head)
        while at < len(location) and location[at] in EDGE_JUNK:
            at += 1
    if "full" in kinds or (kinds and set(kinds) <= {"placeholder", "district"}):
        return location[at:]
    return location


def after_a_second_reading(location: str, gaz: Gazetteer, adcode: str) -> str:
    """The location after the divisions read written again by full names further on (全宁街道赤峰市松山区
    赤峰二中…, 窦店镇北京市房山区窦店镇…): exports glue a township before the whole address again."""
    read = gaz.by_code.get(adcode)
    if read is None:
        return location
    upper = [d.name for d in (gaz.province_of(read), gaz.city_of(read)) if d is not None]
    for at in sorted({i for name in upper if (i := location.find(name, 1)) > 0}):
        if _DIGIT.search(location, 0, at):
            continue  # 苏红东路765号安徽省泾县人力资源…: a house number before, an office's name after
        chain = longest_chain(gaz, location, at, None)
        if len(chain) >= 2 and all(text == div.name for _, div, text in chain) and all(
                gaz.contains(div, read) or gaz.current_code(div) == gaz.current_code(read) for _, div, _ in chain):
            return location[at + sum(length for length, _, _ in chain):].lstrip(EDGE_JUNK) or location
    return location


_CJK = re.compile(r"[\u4e00-\u9fff]")


def once_if_written_twice(location: str) -> str:
    """A location that is one text written twice (金清镇金清镇, 东方世纪中心东方世纪中心: pasted again) is that text once;
    a number written twice (1111) is left as it is."""
    half = len(location) // 2
    if len(location) % 2 == 0 and half >= 3 and location[:half] == location[half:] and _CJK.search(location):
        return location[:half]
    return location
