"""What each piece of a text is once it is cut (pieces.py): a label's reach over a separator to the next piece, and the
shapes that turn a piece into noise (a request, a drop point, a pronoun), a name (a receipt mark, a kin word and the
name, a title, a name in brackets) or an address, whatever its label said; an order id before the address; the
address a change replaces.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Callable

from .alone import NOISE_ALONE_RE, RELATIONS
from .labels import (EDGE_JUNK, OPENING_BRACKET, PHONE_MARK, PLACE_WORD, THE_RIGHT_ONE, a_full_name, a_kin_word,
                     a_marked_name, clean, place_like, undivided_address)
from .notes import a_note
from .phrase_name import name_in_a_phrase
from .names import (ADDRESS_END, COMPOUND_SURNAMES, GLUED_TITLES, LOCATION_HINT, NAME_SHAPE, SINGLE_SURNAMES,
                    person_shaped, starts_with_a_surname)

# Where to leave the parcel, written alone: with a verb (… 凯莱酒店 前台转 陈先生, 放门卫, 门卫代收) a note to the courier;
# bare (… 765号 前台, 菜鸟驿站, 丰巢) the address's last part. Never the person (前, 门 and 丰 are surnames).
_DROP_POINT = re.compile(r"^(?P<verb>(?:快递|请|麻烦|帮忙)?(?:放|交|交给|转交?|存)(?:到|在|至)?)?(?:前台|门卫室?|门岗|保安室?|物业|传达室|收发室|快递柜|丰巢柜?|驿站|菜鸟驿站"
                         r"|快递点|邮政|邮局|村委会?|居委会|村部|小卖部)(?P<verb_after>转交?|代收|代签收?|签收)?$")  # 门卫代签收
_A_DROP_PLACE_IN = re.compile(r"前台|门卫|门岗|保安|物业|传达室|收发室|快递柜|丰巢|驿站|代收点")
# A request to the shop or the courier standing alone (请发顺丰, 尽快发货哦, 务必周五前到): no digit, no address in it.
_REQUEST_ALONE = re.compile(r"^\*?(?:收到|到货|请|麻烦|务必|尽快|尽量|记得|千万|帮忙|放|不在|没人|勿|不要|别放|别送|不用|无需|不需要|到了|到后|快递员|打电话|周末|工作日|寄到|送到|发到"
                            r"|节假日|上班|下班|注意|小心|易碎|轻拿|轻放)[^\d]{1,10}$")
# …and glued before the person's name (收件人是我朋友林晓): the name is what follows.
_KIN_THEN_NAME = re.compile(rf"^(?:给)?(?:我|俺|我的)(?:{RELATIONS})([\u4e00-\u9fff·]{{2,4}})$")
# A full name with a short note in brackets after it (黄渤（青岛）, 李娜(公司)): the name; the note is noise.
_NAME_THEN_BRACKET = re.compile(r"^([\u4e00-\u9fff·]{2,4})\s*(?:[（(](?:[^（()）\d]{1,8}|(?:学号|工号|员工号|编号|会员号)[:：]?\d{1,12})[）)]"
                                # a platform's virtual number's extension in square brackets (张三[1234] 138…-1234), or a
                                # note in them (虞佩佩【已付款】)
                                r"|[\[【［](?:\d{3,6}|[^\[\]【】［］\d]{1,8})[\]】］])$")
# Two full names either of whom may sign (王浩然或李娜, 张伟或者王芳).
_EITHER_NAME = re.compile(r"^([\u4e00-\u9fff]{2,4}?)(?:或者|或)([\u4e00-\u9fff]{2,4}?)(?:都可以收|都可以|都行|均可|都能收)?$")
# The receipt mark after a name (周迅收, 王菲（收）, 吕布亲收, 张飞本人签收): the name is what comes before it. Given names that end in 收
# are nearly all harvests (李丰收, 张秋收), and 回收, 代收, 签收 … are words: those keep it.
# A title in brackets after a name (吴京（先生）, 赵敏(女士)) is dropped the same way.
_RECEIPT_MARK = re.compile(r"^([\u4e00-\u9fff·]{2,6}?)(?:\s*[（(](?:收|先生|女士|小姐)[）)]?|(?:亲|本人)(?:签收|收|启)|(?<!代)签收|(?<![回验接签税征吸代])"
                           # a harvest (丰收, 秋收) is the given name only right after the surname (李丰收, 欧阳秋收); 梁实秋收 is 梁实秋
                           r"(?<!^[\u4e00-\u9fff][丰秋春夏麦])(?<!^(?:欧阳|司马|上官|诸葛|慕容|东方|皇甫|令狐|司徒|公孙)[丰秋春夏麦])收(?:件|货)?)$")
# 转 after a full name (…桃洪镇 刘德华转 136…): the parcel goes on through that person, who is the one named.
_RELAY_MARK = re.compile(r"^([\u4e00-\u9fff·]{2,4}?)转交?$")
# What a label's mark leaves before a name ([姓名]：：X, Name -X): an opening bracket is the bracket's, not junk.
_LEAD_JUNK = "".join(ch for ch in EDGE_JUNK if ch not in "(（[【「『")
# …but after a surname alone (王(先生), 欧阳（女士）) the title is how the person is named: glued on, as 马先生 is written.
_SURNAME_BRACKETED_TITLE = re.compile(r"^([\u4e00-\u9fff]{1,2})\s*[（(](先生|女士|小姐)[）)]?$")
_SURNAMES = SINGLE_SURNAMES | COMPOUND_SURNAMES
# A name in brackets opening a piece, the address glued after it (13812345678（王芳）浙江省…).
_NAME_IN_BRACKETS = re.compile(r"^\s*[（(]([\u4e00-\u9fff·]{2,6})[）)]\s*(.+)$")
# A title glued after a full name (林依晨先生, 刘亦菲小姐) is dropped too; after a surname alone (马先生, 欧阳女士) it is
# how the person is named and stays.
GLUED_TITLE = re.compile(rf"^([\u4e00-\u9fff]{{2,4}})(?:{GLUED_TITLES})$")


def untitled(piece: str) -> str | None:
    """The full name before a glued title (鲁肃先生 → 鲁肃; 历婉如先生 too: three characters or more before the title are
    no surname alone, whatever the surname), or None where the title is how the person is named (马先生, 欧阳女士)."""
    titled = GLUED_TITLE.match(piece)
    return titled.group(1) if titled and (len(titled.group(1)) >= 3 or a_full_name(titled.group(1))) else None
# A note in brackets closing an address (…写字楼27层（工作日送）, …【放前台】): no address or direction word inside, so
# it is noise; （东门）, (近地铁站), (对面) name a place and stay. Standing apart, only a note that asks (_a_courier_note).
_BRACKET_NOTE = re.compile(r"\s*[（(【\[]([^（()）【】\[\]]{1,12})[）)】\]]?\s*$")
# …or it asks something of the courier (【放前台】, (放门卫), （周末勿送）), whatever place it names.
_NOTE_START = re.compile(r"^(?:放|送|请|需|要|不|勿|别|务必|周末|工作日|节假日|上班|下班|打电话|电联|联系|急|到了)")
_AN_ADDRESS_NOT_A_NAME = re.compile(r"[\u4e00-\u9fff]{5,}.*(?:路|街|道|巷|号|村|镇|乡|小区|大厦|楼|室|园)")
# …2008室（工作日9点-18点）林先生: a courier's note in brackets with the name glued after it
_NOTE_THEN_NAME = re.compile(r"^(?P<before>.+?)\s*[（(](?P<inside>[^（()）]{1,12})[）)](?P<name>[\u4e00-\u9fff·]{2,4})$")
# An order id (A001, No.12, #12, 订单12345; full-width forms too, read through NFKC): a digit in it, so a name in
# Latin letters (Tony) is not one.
_ORDER_ID = re.compile(r"^(?:No\.?|NO\.?|no\.?|订单号?|单号|编号|序号)?(?=[^\d]*\d)[A-Za-z0-9#_\-]{2,}$")


def _a_courier_note(before: str, inside: str, kind: str | None) -> bool:
    """Whether a bracketed ending is a courier's note: after an address, one that asks something of the courier or
    names no place (…27层（工作日送）, but （东门）); standing apart with no label, one that asks (… 8号 (放快递柜) 孙丽)."""
    if not before.strip():
        return kind is None and _NOTE_START.match(inside) is not None
    # one that asks or says when after any piece (…汽车站斜对面（工作日送）: no road's word before it; 张三(联系人) is no note)
    return (_NOTE_START.match(inside) is not None and not inside.startswith("联系人")) or (
        LOCATION_HINT.search(before) is not None
        and not (LOCATION_HINT.search(inside) or PLACE_WORD.search(inside) or _AN_INSTITUTION.search(inside)))


# An institution or a site named in brackets (…1号（浙江大学玉泉校区）, (市第一医院), （华为公司）): where, no note.
_AN_INSTITUTION = re.compile(r"大学|学院|学校|校区|中学|小学|幼儿园|医院|公司|集团|中心|银行|酒店|宾馆|超市|商场|市场|工厂|厂区|园区"
                             r"|基地|车站|机场|码头|政府|派出所|法院|工地|仓库")
# What a place's name ends with (东大门, 高新区, 南门口, 北二楼下): in brackets it names where, not who.
_A_PLACES_END = re.compile(r"(?:门|口|站|区|县|镇|乡|村|路|街|道|巷|号|室|层|座|院|店|部|处|库|屋|旁|侧|边|角|内|外|里|下|上|场|园"
                           r"|苑|城|湾|厂|馆|所|中心|广场|花园|公寓|大厦|小区)$")


def _a_bracketed_name(inside: str) -> bool:
    """A full name and nothing else (王芳, 欧阳娜娜), not a place or a note (东门, 放前台); of three or four characters
    it may hold a place's word (许建东, 楼佳琪, 柏佳栋: a surname and a given name right before the phone) but not end
    as a place does (东大门)."""
    if not (2 <= len(inside) <= 4 and a_full_name(inside) and re.fullmatch(r"[\u4e00-\u9fff]+", inside)) or _NOTE_START.match(inside):
        return False
    if len(inside) >= 3 and person_shaped(inside):
        return _A_PLACES_END.search(inside) is None
    return not (LOCATION_HINT.search(inside) or PLACE_WORD.search(inside))


def _bracketed_ending(before: str, inside: str, kind: str | None, before_a_phone: bool) -> tuple[str, str] | None:
    """What a piece's bracketed ending is, as (kind, text), or None when it stays in the piece: a name with its
    receipt mark closing an address (…鲁迅中路1号（鲁迅收）), a full name right before the phone (…3幢(王芳)138…),
    or a courier's note (…27层（工作日送）)."""
    if before.strip() and (mark := _RECEIPT_MARK.match(inside)) and a_full_name(mark.group(1)):
        return "name", mark.group(1)
    if kind is None and before.strip() and before_a_phone and _a_bracketed_name(inside):
        return "name", inside
    if _a_courier_note(before, inside, kind):
        return "noise", inside
    return None


# Which of the person's places the address is, in brackets standing apart (… 永宁西路1号 （公司）): no part of it.
_KIND_OF_PLACE_NOTE = re.compile(r"^[（(](?:公司|家|家里|单位|宿舍|学校|住宅|办公室|(?:学校|公司|员工|单位)宿舍|(?:公司|家庭|工作|单位)地址)[)）]$")


def _a_name_receiving(bare: str) -> bool:
    """甘宁收件: a full name and its receipt mark, not a header such as 快递收件."""
    return bare.endswith(("收件", "收货")) and (mark := _RECEIPT_MARK.match(bare)) is not None and a_full_name(mark.group(1))


_STILL_THE_NAME = re.compile(r"^(?:还是|也是|仍是|仍然是|依然是)(?![这那我你您他她])([\u4e00-\u9fff·]{2,4})$")
_WHICH_BUILDING = re.compile(r"[\dA-Za-z]{1,4}(?:栋|幢|号楼|单元|楼|号|期)的")
_PRONOUN = re.compile(r"(?:[我你您他她]|ta|TA|Ta|[他她]本人|本人)(?:就行|就好|就可以|即可|吧|哦|了)?")  # 寄给我就行
_NAME_THEN_ENOUGH = re.compile(r"^([\u4e00-\u9fff·]{2,4}?)(?:就可以|就行|就好|即可|就ok|就OK|吧|呀|啊|哦)了?$")  # 寄给楚留香吧
_CHAT_WORD = re.compile(r"[我你您吗呢了]")  # not 哈 (哈尔滨, 齐齐哈尔) or 吧 (吧台)
# 地址不全 补充一下：…, 地址改一下，改成…: the label's word said of the address that follows
_ADDRESS_JUDGED = re.compile(r"(?:不全|不完整|不对|有误|错了|写错|填错|没写全|漏写|少写)(?:了|啦)?|(?:要)?(?:改|换|修改|更改|变更)一下(?:吧|哈|哦)?")
_NUMBER_VALUE = re.compile(r"[-A-Za-z0-9#*]*")
_EMOJI = re.compile("[\U0001F000-\U0001FFFF\u2600-\u27BF]")
_DIGIT_IN = re.compile(r"\d")
_ABOUT_THE_PHONE = re.compile(r"电话|短信|打不通|接不到|没人接|不接")


def settle_kinds(out: list[tuple[str | None, str]], starts_an_address: Callable[[str], bool]) -> list[tuple[str | None, str]]:
    """The pieces with their kinds settled: a label's reach over a separator to the next piece, and the shapes that
    make a piece noise, a name or an address whatever its label said (pieces.pieces cut them)."""
    # A label followed by a separator ("收件人: 张三" split on the space) labels the next piece.
    merged: list[tuple[str | None, str]] = []
    pending: str | None = None
    for at, (kind, piece) in enumerate(out):
        if piece == PHONE_MARK:
            kind, pending = "phone", None
        elif not piece.strip(EDGE_JUNK):
            pending = kind if kind else pending
            continue
        if kind is None and pending == "name" and _AN_ADDRESS_NOT_A_NAME.search(piece) and starts_an_address(piece):
            pass  # 发货给 四川省…路59号: the address comes between the label and its name (岳阳, 林芝 are names too)
        elif kind is None and pending:
            kind, pending = pending, None
        elif kind == "name" and "：" not in piece and ":" not in piece and _AN_ADDRESS_NOT_A_NAME.search(piece) \
                and starts_an_address(piece):
            kind, pending = None, None  # 客户：山西省…魏都大道1号 收货人：薛飞: the label's piece is an address
        else:
            pending = None
        if kind == "phone" and piece != PHONE_MARK and (not _DIGIT_IN.search(piece) or starts_an_address(piece)):
            # 姓名/电话：梁思成 139…: what the phone label took is the name, the phone is its own piece; 电话打不通就发短信
            # 139…: a note about the phone; 电话：辽宁省…1号|伍嵘|132…: the address (it was dropped whole)
            kind = "noise" if a_note(piece.strip(EDGE_JUNK)) and not starts_an_address(piece) else None
        elif kind is None and at + 1 < len(out) and out[at + 1][1] == PHONE_MARK and _ABOUT_THE_PHONE.search(piece) \
                and a_note(bare := piece.strip(EDGE_JUNK)) and not LOCATION_HINT.search(bare) and not ADDRESS_END.search(bare) \
                and not starts_an_address(bare):
            kind = "noise"  # … 易烊千玺 电话打不通就发短信139…: a note about the number it comes before
        if kind == "number":  # the number is noise, and what follows it unless it starts an address
            number = _NUMBER_VALUE.match(piece)
            rest = piece[number.end():]
            merged.append(("noise", number.group()))
            if not rest.strip(EDGE_JUNK):
                continue
            kind, piece = (None if not number.group() or starts_an_address(rest) else "noise"), rest
        bare = piece.strip(EDGE_JUNK)
        if kind is None and _KIND_OF_PLACE_NOTE.match(piece.strip()):
            kind = "noise"
        if _EMOJI.search(bare):
            bare = clean(bare)  # 🎁礼物🎁: the words between the emoji
        named = name_in_a_phrase(bare) if kind in (None, "name") else None  # 帮那峥下单, 打给虞佩佩: a name in a chat's phrase
        if kind is None and (NOISE_ALONE_RE.match(bare) is not None
                             or (_REQUEST_ALONE.match(bare) and not _AN_ADDRESS_NOT_A_NAME.search(piece))) \
                and not _a_name_receiving(bare) and not (named and not bare.startswith(named)):
            kind = "noise"  # (到了联系谢剑铿: a request with a name in it, after a word of it, is the name's)
        if kind is None and (drop := _DROP_POINT.match(bare)):
            kind = "noise" if drop["verb"] or drop["verb_after"] else "address"
        if kind in (None, "name") and named:
            kind, piece = "name", named
        if kind == "name" and (enough := _NAME_THEN_ENOUGH.match(piece.strip(EDGE_JUNK))):
            piece = enough.group(1)  # 收件人写胡适就可以: the name, then that it will do
        if kind == "address" and (_CHAT_WORD.search(piece) or _ADDRESS_JUDGED.fullmatch(bare)) and not _DIGIT_IN.search(piece) \
                and not LOCATION_HINT.search(piece) and not starts_an_address(bare):
            kind = "noise"  # 地址我发你微信了 你看下 四川省…: the label's word in a chat, the address written after it
            # (地址：安徽省…代理点到了电联自取: the address, a note glued to it)
        if kind in (None, "name") and bare.endswith("的") and 3 <= len(bare) <= 5 and a_full_name(bare[:-1]) \
                and NAME_SHAPE.match(bare[:-1]) and not place_like(bare[:-1]):
            piece = bare = bare[:-1]  # 李商隐的电话是139…: whose phone follows
        if kind == "name" and _A_DROP_PLACE_IN.search(bare) and (not person_shaped(bare) or _A_DROP_PLACE_IN.fullmatch(bare)) \
                and not ((noted := _NAME_THEN_BRACKET.match(piece.strip())) and not _A_DROP_PLACE_IN.search(noted.group(1))):
            kind = "noise"  # …138… 如不在请交给门卫或钱七代收: where to leave it, after the label 交给; no one to name
            # (收件人是焦杰（请放快递柜）: the place is the note's, after a name)
        if kind == "name" and _WHICH_BUILDING.fullmatch(bare):
            kind = "noise"  # 团长好 我是3栋的 王阿姨 …: which building the speaker lives in, the name follows
        if kind == "name" and (_PRONOUN.fullmatch(bare) or _ADDRESS_JUDGED.fullmatch(bare) or bare in THE_RIGHT_ONE):  # 收件人是他 胡逸之: whose name follows
            # (收件人名字写错了 应该是 戴震: the name is judged, the right one follows)
            merged.append(("noise", piece))
            pending = "name"
            continue
        if kind == "name" and a_kin_word(piece):
            kind = "noise"  # 寄给我妈：… 李桂兰: the name is the one written apart
        elif kind in (None, "name") and (kin := _KIN_THEN_NAME.match(piece.strip(EDGE_JUNK))) and a_full_name(kin.group(1)):
            piece = kin.group(1)  # 收件人是我朋友林晓, 寄给我老公张强: who the person is to the sender, then the name
        elif (kind in (None, "name") and (same := _STILL_THE_NAME.match(piece.strip(EDGE_JUNK)))
              and not ADDRESS_END.search(same.group(1)) and not place_like(same.group(1))):
            piece = same.group(1)  # 人不变，还是九难: the same person as before, named
        if (kind in (None, "address") and OPENING_BRACKET.search(piece) and (glued := _NOTE_THEN_NAME.match(piece.strip()))
                and _a_courier_note(glued["before"], glued["inside"], kind) and starts_with_a_surname(glued["name"])
                and not place_like(glued["name"])):
            merged += [(kind, glued["before"]), ("noise", glued["inside"])]
            kind, piece = None, glued["name"]
        if (kind in (None, "name") and (titled := _SURNAME_BRACKETED_TITLE.match(piece.strip(EDGE_JUNK)))
                and titled.group(1) in _SURNAMES):  # 东（先生） too: with the title no direction is meant
            piece = titled.group(1) + titled.group(2)
        elif kind in (None, "name") and (mark := _RECEIPT_MARK.match(piece.strip(EDGE_JUNK))):
            piece = mark.group(1)
            if kind is None and a_marked_name(piece):
                kind = "name"  # 卢边城收, 柏佳栋收: the mark says a person, though the name ends like an address
            piece = untitled(piece) or piece  # 鲁肃先生收: the title goes too
        elif kind in (None, "name") and (relay := _RELAY_MARK.match(piece.strip(EDGE_JUNK))) and a_full_name(relay.group(1)):
            piece = relay.group(1)
        elif (kind in (None, "name") and (noted := _NAME_THEN_BRACKET.match(unmarked := piece.strip().lstrip(_LEAD_JUNK))) and (
                (a_full_name(noted.group(1)) and not place_like(noted.group(1)))
                or (kind == "name" and (_NOTE_START.match(after := unmarked[len(noted.group(1)):].lstrip(" （(【[［"))
                                        or a_note(after.rstrip(")）】]］")))))):  # 收件人是山东人（工作日送）, 收件人=步明栋【已付款】
            piece = noted.group(1)
        elif kind in (None, "name") and (name := untitled(piece.strip(EDGE_JUNK))):
            piece = name
        elif (kind in (None, "name") and "或" in piece and (either := _EITHER_NAME.match(piece.strip(EDGE_JUNK)))
              and a_full_name(either.group(1)) and a_full_name(either.group(2))
              and not place_like(either.group(1)) and not place_like(either.group(2))):
            piece = either.group(1)  # 王浩然或李娜: either may sign; the first is the addressee
        elif (kind is None and (bracketed := _NAME_IN_BRACKETS.match(piece)) and a_full_name(bracketed.group(1))
              and not place_like(bracketed.group(1))
              and (starts_an_address(bracketed.group(2))  # right after a phone, also before an address with no division
                   or (at > 0 and out[at - 1][1] == PHONE_MARK and undivided_address(bracketed.group(2))))):
            merged.append(("name", bracketed.group(1)))  # 138…（王芳）浙江省…, 185…（通雨达）龙山镇…: the name, then the address
            piece = bracketed.group(2)
        elif (kind in (None, "address") and OPENING_BRACKET.search(piece) and (note := _BRACKET_NOTE.search(piece))
              and (ending := _bracketed_ending(piece[: note.start()], note.group(1), kind,
                                               at + 1 < len(out) and out[at + 1][1] == PHONE_MARK))):
            if piece[: note.start()].strip():
                merged.append((kind, piece[: note.start()]))
            kind, piece = ending
        merged.append((kind, piece))
    if (len(merged) > 1 and merged[0][0] is None and _ORDER_ID.match(unicodedata.normalize("NFKC", merged[0][1]).strip(EDGE_JUNK))
            and any(starts_an_address(piece) or undivided_address(piece) for _, piece in merged[1:])):  # before the address, or its person
        merged[0] = ("noise", merged[0][1])
    for at, (kind, piece) in enumerate(merged):  # 原地址：… 新地址：…: the one a change replaces is dropped
        if kind == "old_address":
            replaced = any(later == "address" or (later is None and starts_an_address(p)) for later, p in merged[at + 1:])
            merged[at] = ("noise" if replaced else "address", piece)
    return merged
