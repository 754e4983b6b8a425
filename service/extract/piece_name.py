"""Whether a piece of a text is a person's name rather than address text (路桂香 and 区峰 are names, 润丰园 is not), and
whether the text before a province is a glued name (翁碧园云南省…): the tests the rules' piece loop and the contacts
reader ask of every piece."""

from __future__ import annotations

import re

from .chain import COUNTRY, scan_divisions, upper_division_at
from .gazetteer import Gazetteer
from .location import CALL_NOTE
from .names import (ADDRESS_END, CHAIN_STORE, COMPOUND_SURNAMES, LOCATION_HINT, NAME_SHAPE, SINGLE_SURNAMES, SURNAME_AND_TITLE,
                    a_latin_name, starts_with_a_surname)
from .sar_taiwan import a_sar_place

_DIGIT = re.compile(r"\d")

NOT_NAMES = {*COUNTRY,  # the country written before the province
             "雄安新区",  # the new area written before one of its three 保定 counties (chain._BETWEEN_DIVISIONS)
             # when to deliver, written alone (周末 浙江省…: 周 is a surname, 周末 is the weekend)
             "周末", "明天", "今天", "后天", "周一", "周二", "周三", "周四", "周五", "周六", "周日", "白天", "晚上", "上午", "下午", "中午", "全天",
             # the shop addressed in a chat (@店主 …: 店 is a surname; 客服 and 老板 before a phone name a desk, flagged)
             "店主", "掌柜", "掌柜的", "卖家", "商家", "亲亲",
             # a shopping app named before the fields (拼多多订单：…, 淘宝 …)
             "拼多多", "淘宝", "天猫", "京东", "闲鱼", "抖音", "快手", "唯品会", "美团", "饿了么", "小红书", "微信"}
# Characters a long (5+) name never has: such a piece is address text (交口东北角陶静华).
_PLACE_CHAR = re.compile(r"[口角旁侧路街道巷号楼村镇乡区市县省与米东西南北门内外广园苑厦城际湖面层边近]")
# A township written before its divisions (南泗乡广西来宾市兴宾区南泗乡…): the prefix is dropped.
TOWNSHIP_FIRST = re.compile(r"^[\u4e00-\u9fff]{1,6}(?:镇|乡|街道|办事处)$")
# A village written first counts only before a full division name (红鲍村绍兴县…; 新华村杭州博悦服饰 is a firm).
VILLAGE_FIRST = re.compile(r"^[\u4e00-\u9fff]{1,6}(?:村|社区)$")


def name_before_province(prefix: str, address: str, gaz: Gazetteer) -> bool:
    """A surname and one or two characters right before a province's full name is a glued name,
    even one ending like an address word (翁碧园云南省…, 夏学期黑龙江省…, 步明栋湖南省…)."""
    if not (2 <= len(prefix) <= 4 and NAME_SHAPE.match(prefix)) or TOWNSHIP_FIRST.search(prefix):
        return False  # 陆家镇江苏省…: a township written first
    if not (prefix[0] in SINGLE_SURNAMES and len(prefix) <= 3 or prefix[:2] in COMPOUND_SURNAMES):
        return False
    return upper_division_at(gaz, address, len(prefix), deepest=1)


def compound_name_before_a_division(address: str, gaz: Gazetteer) -> int:
    """Length of a name opening `address` with a compound surname that is a division's short form too (濮阳, 南宫, 东方),
    one or two characters more and then a province's or a city's full name (濮阳妍子杭州市…) or any division the scan
    reads there (濮阳洁桐义乌市…, 濮阳紫欣浙江嘉兴市…, 濮阳怡婷杭州丝绸市场…): the person, not the city the scan would
    read. 0 when none."""
    if address[:2] not in COMPOUND_SURNAMES:
        return 0
    return next((cut for cut in (3, 4) if NAME_SHAPE.match(address[:cut]) and gaz.lookup(address[:cut])[1] == "none"
                 and (upper_division_at(gaz, address, cut) or begins_with_a_division(address[cut:], gaz))), 0)


def begins_with_a_division(text: str, gaz: Gazetteer) -> bool:
    """The division scan reads a division at text's very start."""
    written, start, _ = scan_divisions(text, gaz)
    return bool(written) and start == 0


_FLOOR_FIRST = re.compile(r"[一二三四五六七八九十]{1,3}[楼层]")
_DIRECTION_PART = re.compile(r"[东西南北中][段侧边面口门]")


def is_name(piece: str, gaz: Gazetteer) -> bool:
    """A lone 2-8 character Han piece that does not read as an address (路桂香 and 区峰 are names,
    润丰园 is not; a county short form such as 文成 or 黄平 standing alone is a name)."""
    if a_latin_name(piece):
        return True  # Tony, Lily Chen: a name written in Latin letters
    if SURNAME_AND_TITLE.fullmatch(piece) and starts_with_a_surname(piece):
        return True  # 张同学, 王老师, 欧阳经理: how a person is named when the given name is not (同学 ends like 大学)
    if not NAME_SHAPE.match(piece) or ADDRESS_END.search(piece) or _DIGIT.search(piece) or piece in NOT_NAMES:
        return False
    if a_sar_place(piece):
        return False  # 香港 九龙 旺角 …, 澳门 氹仔 …: written apart, still address
    if CHAIN_STORE.fullmatch(piece):
        return False  # …步行街3楼 麦当劳: where the parcel goes (a label still names a person so called)
    if CALL_NOTE.fullmatch(piece):
        return False  # …90号 电联: a courier's note on its own
    if _FLOOR_FIRST.match(piece):
        return False  # …市场二,三楼桓玥: a floor written apart opens the piece; the name glued after it is cut later
    if _DIRECTION_PART.fullmatch(piece):
        return False  # 春熙路 北段 8号: a road's section or a side written apart, not 北 the surname
    if len(piece) >= 5 and "·" not in piece and _PLACE_CHAR.search(piece):
        return False
    if len(piece) >= 5 and piece[:2] not in COMPOUND_SURNAMES:
        written, start, _ = scan_divisions(piece, gaz)
        if written and start == 0:
            return False  # 舒兰市盘木卡里与: an address that starts with its division (东方梅莉 is a name)
    if len(piece) == 4 and piece[:2] not in COMPOUND_SURNAMES:
        written, start, end = scan_divisions(piece, gaz)
        if len(written) >= 2 and start == 0 and end >= len(piece):
            return False  # 北京朝阳, 上海浦东: two divisions by their short forms, written apart from the rest
    found, how = gaz.lookup(piece)
    return how == "none" or (how == "alias" and all(d.level == 3 for d in found))


# Surnames that are also directions or common address characters, never taken alone for a name.
_NOT_ALONE = frozenset("东西南北中前后上下左右门")


def a_lone_surname(piece: str) -> bool:
    return len(piece) == 1 and piece in SINGLE_SURNAMES and piece not in _NOT_ALONE


# Given names' last characters that also end an address (国栋, 佳城, 怡园, 钱学, 学期): a name only where nothing else can stand.
_NAME_END_LIKE_ADDRESS = frozenset("栋城园苑庄学期")


def name_ending_like_an_address(piece: str) -> bool:
    return (piece[-1] in _NAME_END_LIKE_ADDRESS and piece[0] not in _NOT_ALONE and NAME_SHAPE.match(piece) is not None
            and not ADDRESS_END.search(piece[:-1]) and not LOCATION_HINT.search(piece[:-1]))
