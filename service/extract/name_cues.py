"""The cues that a person's name follows or is set off by: 给, 找, 收, 转 and 致 before it (给王小明, 找李老师, 收张三,
转溥梓涵), one standing alone before it (… 转 王先生), and a dash or another mark typed between the fields (…1号-张三-138…).
pieces.py asks these of each chunk it cuts."""

from __future__ import annotations

import re
from typing import Callable

from .labels import LABEL_KIND, a_full_name, place_like
from .names import ADDRESS_END, LOCATION_HINT, given_name_fits, starts_with_a_surname

# 给王小明: a name, 供给路 is not; 给您安排 is the shop speaking, 给我挑个好的 the buyer (给我妈李秀英: _KIN_THEN_NAME)
GIVE_TO = re.compile(r"^(?:(?:到了|到时|到后)(?:请|麻烦)?(?=给)|请|(?:麻烦|帮我|请帮我|麻烦帮我)(?=给)|(?:我要|我想|帮我|麻烦|请)?(?:寄|发|送)(?:个|一个|一份|点)?(?:快递|东西|包裹|文件|礼物))?给(?!我|俺|您|你)"
                     r"(?=[\u4e00-\u9fff·]{2,8}$)")  # 我要寄个快递给绿竹翁
# …给王芳打电话138…: the call the sender asks for follows the name, and is no part of it.
CALL_AFTER = re.compile(r"(?:打个?电话|来个?电话|打给|致电|联系|电话|手机号?)$")  # …给陆小凤电话139…: the phone's label too
# 麻烦给伍嵘寄过去: the sending follows the name (寄 alone: pieces.py, where the surname may be one the lists lack).
SENT_AFTER = re.compile(r"(?:寄|发|送|邮)(?:过去|去|一下)$")
# 找李老师 (ask for …) standing alone: the name is what follows 找, when it starts with a surname (找子营 is a village),
# or is a surname called by 老 or 小 (找老刘); 叫张三 (… 文三路100号，叫张三，电话是…: called) the same way; 联系虞佩佩
# (contact …) only before a full name that is no label's word (联系方式).
_ASK_FOR = re.compile(r"^(?:[找叫]|联系)(?=[\u4e00-\u9fff]{2,4}(?:就行|就可以|就好|即可)?[（(]?$)")  # 联系杜绍凯（电话：…, 找…就行
_ENOUGH_END = re.compile(r"(?:就行|就可以|就好|即可)?[（(]?$")
_CONTACT_LABELS = tuple(label for label in LABEL_KIND if label.startswith("联系") and len(label) > 2)  # 联系方式, 联系人
_CALLED_BY_SURNAME = re.compile(r"^[老小](?=[\u4e00-\u9fff]$)")


# 收张三, 转张三, 致张三 standing alone (for …): the name is what follows when it is a full name and the word opens no
# other (收银台, 收发室, 转盘, 转角, 致远路).
_RECEIVED_BY = re.compile(r"^(?:收(?![银发费款货件购纳藏益入据条获割拾养容音听留])|转交给?|转给|转(?![盘角弯运让向身换口入])"
                          r"|致(?![远富和公])(?!.*[路街]))(?=[\u4e00-\u9fff]{2,5}$)")


def received_by(chunk: str) -> re.Match | None:
    received = _RECEIVED_BY.match(chunk)
    if not received or ADDRESS_END.search(chunk):
        return None
    name = chunk[received.end():]
    # after 转 or 致 three or four characters naming no place are a name whatever the surname (转溥梓涵, 转东方虚空)
    return received if (a_full_name(name) and not place_like(name)) or (
        chunk[0] != "收" and len(name) >= 3 and not LOCATION_HINT.search(name)) else None


def asked_for(chunk: str, before_a_label: bool = False) -> re.Match | None:
    """找李老师, 找老刘, 叫张三, 联系虞佩佩: the match of 找, 叫 or 联系 when a person's name follows it. Right before a
    label (联系逮紫文（电话：…) three characters are taken for a name even with a surname the lists lack or a place's end."""
    ask = _ASK_FOR.match(chunk)
    if ask is None:
        return None
    name = _ENOUGH_END.sub("", chunk[ask.end():])
    if ask[0] == "联系":
        if any(chunk.startswith(label) for label in _CONTACT_LABELS) or LOCATION_HINT.search(name):
            return None
        return ask if (a_full_name(name) and not place_like(name)) or (before_a_label and len(name) == 3) else None
    called = _CALLED_BY_SURNAME.match(name) is not None
    return ask if starts_with_a_surname(name[called:]) else None


# 给 or 找 standing alone before a name (… 给 张译 …): a name label.
NAME_CUE_ALONE = re.compile(r"^(?:请)?(?:给|找|致|转|转交|转给)$")  # … 转 王先生, … 致 舒淇: for the person named after
# A dash or another mark typed between the fields setting a full name off from the phone or the address (…1号-张三-138…,
# …1号.张三.138…, 137…-那峥-内蒙古自治区…): a separator. A dash in an address's words stays (…666号-饿了么,
# 浙江-湖州-南浔区…), and so does an underscore (NAACL's stand-in for a space: …八号_金兔毛衫 138…).
_MARKED_OFF_NAME = re.compile(r"(?<=[\u4e00-\u9fff\d])[-*.](?P<after>[\u4e00-\u9fff·]{2,4})(?=[-*.]?\s*\x00)"  # N:张三: a label
                              r"|(?<=\x00)\s*[-*.](?P<before>[\u4e00-\u9fff·]{2,4})[-*.](?=[\u4e00-\u9fff])")  # 韩一浙江-杭州-…: no


A_MARK = re.compile(r"[-*.]")


def marks_off(text: str, starts_an_address: Callable[[str], bool]) -> str:
    def separated(m: re.Match) -> str:
        name = m["after"] or m["before"]
        if not a_full_name(name) or not given_name_fits(name) or place_like(name) or ADDRESS_END.search(name) \
                or name.endswith("记"):  # 王府井 names a place, 王记 a shop
            return m[0]
        return f" {name}" if m["after"] else (f" {name} " if starts_an_address(text[m.end():]) else m[0])
    return _MARKED_OFF_NAME.sub(separated, text)
