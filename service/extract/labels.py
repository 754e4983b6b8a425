"""Labels and separators: how a shipping text falls into pieces, each with the kind its label
gives it (name, phone, address, noise) or none. Phones are masked before this runs, so a phone
label still has a piece to label.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Callable

from .alone import KIN, NOISE_ALONE_RE, RELATIONS
from .chat_heads import CHAT_BEFORE_COLON, REQUEST_HEAD, without_speakers
from .label_words import COLON_LABELS as _COLON_LABELS, HEAD_LABELS as _HEAD_LABELS, LABELS as _LABELS
from .names import (ADDRESS_END, COMPOUND_SURNAMES, LOCATION_HINT, NAME_SHAPE, person_shaped, starts_with_a_common_surname,
                    starts_with_a_surname)

_LABEL_KIND = {label: kind for kind, labels in _LABELS.items() for label in labels} | _HEAD_LABELS | _COLON_LABELS
# A label may end in a copula: 电话号码是139…, 收货人为钱多多, 地址为…, 地址在…, 收件人叫刘诗诗.
_COPULA = "(?:的话是|的话就是|的话|是|为|在|叫|请填写?|填写?|写的是|写成|写(?!字))?"  # …, 收货地址请填：…, 名字写张丽 (not 写字楼)
# A phone label is one only when a phone (masked by then), a number, a colon or the end follows: 手机店,
# 手机城 and 电话亭 are words of an address.
_PHONE_FOLLOWS = rf"(?={_COPULA}\s*[:：=]?\s*[【\[]?\s*(?:[\x00\dA-Za-z+(（]|$|[|｜;；,，、/／])|\s*[:：])"


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
    if label.isascii():
        return rf"{label}(?<![A-Za-z]{label})(?![A-Za-z])"
    if label == "名字":  # 小区名字叫人境庐: a place's name, not the person's
        return label + "".join(f"(?<!{place}{label})" for place in _PLACES_NAMED)
    return label + _PHONE_FOLLOWS if _LABEL_KIND[label] == "phone" else label


# Any colon, or `=` as exports write it (name=张三).
# The lookahead on the labels' first characters lets the search skip most positions at once: re tries every
# alternative at every position otherwise (6x faster over the generated texts, the same splits).
_LABEL_FIRSTS = re.escape("".join(sorted({label[0] for label in _LABEL_KIND})))
_LABEL_RE = re.compile(f"(?=[{_LABEL_FIRSTS}])(" + "|".join(_label_pattern(label) for label in sorted(_LABEL_KIND, key=len, reverse=True))
                       + ")" + _COPULA + r"(?:[哈哦啊呀吧](?=\s*[:：]))?\.?\s*[:：=]?\s*", re.IGNORECASE)  # 地址哈：…
# 给王小明: a name, 供给路 is not; 给您安排 is the shop speaking, 给我挑个好的 the buyer (给我妈李秀英: _KIN_THEN_NAME)
_GIVE_TO = re.compile(r"^(?:请|(?:我要|我想|帮我|麻烦|请)?(?:寄|发|送)(?:个|一个|一份|点)?(?:快递|东西|包裹|文件|礼物))?给(?!我|俺|您|你)"
                      r"(?=[\u4e00-\u9fff·]{2,8}$)")  # 我要寄个快递给绿竹翁
# …给王芳打电话138…: the call the sender asks for follows the name, and is no part of it.
_CALL_AFTER = re.compile(r"(?:打个?电话|来个?电话|打给|致电|联系|电话|手机号?)$")  # …给陆小凤电话139…: the phone's label too
# 找李老师 (ask for …) standing alone: the name is what follows 找, when it starts with a surname (找子营 is a village),
# or is a surname called by 老 or 小 (找老刘).
_ASK_FOR = re.compile(r"^找(?=[\u4e00-\u9fff]{2,4}$)")
_CALLED_BY_SURNAME = re.compile(r"^[老小](?=[\u4e00-\u9fff]$)")


def _asked_for(chunk: str) -> re.Match | None:
    """找李老师, 找老刘: the match of 找 when a person's name follows it."""
    ask = _ASK_FOR.match(chunk)
    called = ask is not None and _CALLED_BY_SURNAME.match(chunk[1:]) is not None
    return ask if ask and starts_with_a_surname(chunk[1 + called:]) else None
# Where to leave the parcel, written alone: with a verb (… 凯莱酒店 前台转 陈先生, 放门卫, 门卫代收) a note to the courier;
# bare (… 765号 前台, 菜鸟驿站, 丰巢) the address's last part. Never the person (前, 门 and 丰 are surnames).
_DROP_POINT = re.compile(r"^(?P<verb>(?:快递|请|麻烦|帮忙)?(?:放|交|交给|转交?|存)(?:到|在|至)?)?(?:前台|门卫室?|门岗|保安室?|物业|传达室|收发室|快递柜|丰巢柜?|驿站|菜鸟驿站"
                         r"|快递点|邮政|邮局|村委会?|居委会|村部|小卖部)(?P<verb_after>转交?|代收|签收)?$")
# A request to the shop or the courier standing alone (请发顺丰, 尽快发货哦, 务必周五前到): no digit, no address in it.
_REQUEST_ALONE = re.compile(r"^\*?(?:收到|到货|请|麻烦|务必|尽快|尽量|记得|千万|帮忙|放|不在|没人|勿|不要|别放|别送|不用|无需|不需要|到了|到后|快递员|打电话|周末|工作日|寄到|送到|发到"
                            r"|节假日|上班|下班|注意|小心|易碎|轻拿|轻放)[^\d]{1,10}$")
# …and glued between the address and the name (…1号前台转王一博): read as if written apart.
_GLUED_DROP_POINT = re.compile(r"(?<=[\u4e00-\u9fff\dA-Za-z])((?:前台|门卫室?|门岗|保安室?|物业|传达室|收发室)(?:转交?给?|代收))"
                               r"(?!就行|就好|即可|一下|就可以)(?=[\u4e00-\u9fff·]{2,4}(?:$|[\s\x00,，;；|]))")
# A chat's sentence pointing at the address that follows (以后都寄这个地址, 就发这个地址吧): standing alone or glued
# before the address (_CHAT_LEAD_IN), its 地址 labels nothing.
_THIS_ADDRESS = r"[\u4e00-\u9fff]{0,6}?(?:寄|发|送|用|按)(?:到)?(?:这个|这|以下|下面的?)地址(?:吧|哦|啊|哈)?"
_POINTING_AT_THE_ADDRESS = re.compile(rf"^{_THIS_ADDRESS}$"
                                      # …and one dropping the last one (上次那个地址不用了)
                                      r"|^(?:上次|之前|原来|以前|旧)(?:的|那个)?地址(?:不用了|不要了|作废了?|别用了|不对)$")
# …and glued before the person's name (收件人是我朋友林晓): the name is what follows.
_KIN_THEN_NAME = re.compile(rf"^(?:给)?(?:我|俺|我的)(?:{RELATIONS})([\u4e00-\u9fff·]{{2,4}})$")
# A full name with a short note in brackets after it (黄渤（青岛）, 李娜(公司)): the name; the note is noise.
_NAME_THEN_BRACKET = re.compile(r"^([\u4e00-\u9fff·]{2,4})\s*(?:[（(](?:[^（()）\d]{1,8}|(?:学号|工号|员工号|编号|会员号)[:：]?\d{1,12})[）)]"
                                # a platform's virtual number's extension in square brackets (张三[1234] 138…-1234)
                                r"|[\[【［]\d{3,6}[\]】］])$")
# Two full names either of whom may sign (王浩然或李娜, 张伟或者王芳).
_EITHER_NAME = re.compile(r"^([\u4e00-\u9fff]{2,4}?)(?:或者|或)([\u4e00-\u9fff]{2,4}?)(?:都可以收|都可以|都行|均可|都能收)?$")
# 给 or 找 standing alone before a name (… 给 张译 …): a name label.
_NAME_CUE_ALONE = re.compile(r"^(?:请)?(?:给|找)$")
# A change asked for in a chat (在吗？我要改一下地址，改成浙江省…): the asking labels nothing; 改成 before what replaces it
# is no part of it.
_CHAT_OPENING = re.compile(r"^(?:亲，?)?(?:在吗|在不在|在么)[?？]")
# Two labels joined for one field's pair (姓名+电话：张三 138…, 收件人及手机号：…): the first labels what follows.
_JOINED_LABELS = re.compile(r"(姓名|名字|收件人|收货人|联系人)\s*[+＋&及和与]\s*(?:电话|手机号码|手机号|手机|联系方式|联系电话)(?=\s*[:：])")
# …and after a label's word it stands for the label's colon (收件人改成王五, 电话换成139…, 地址改为浙江省…).
_CHANGE_WORDS = "改成|改为|换成|更改为|修改为|变更为|更正为"
_CHANGED_LABEL = re.compile(rf"(?<=[人话机址名号式])(?:(?:{_CHANGE_WORDS})(?:这个|下面这个|以下)?|(?:换|改|修改|更改|变更)一下(?=\s*[:：])"
                            r"|(?:填的是|写的是)(?!\s*[:：]))")  # 收货人填的是他 胡歌: how the form was filled
# A request glued to the address it sends to (寄到广东省肇庆市…, 请发往浙江省…).
_GLUED_LEAD_IN = re.compile(r"^(?:(?:请|麻烦|帮我|给我|麻烦帮我)?(?:寄到|发到|送到|寄往|发往|送往|寄至|发至|送至|邮寄到|邮寄至|快递到"
                            r"|(?<=^)(?:请|麻烦|帮我|帮忙|麻烦帮我)(?:寄|发|送)一下)"  # (?<=^): no second request word before it
                            r"|应该是|是|正确的是|正确地址是|更正为|住(?!在))(?=[\u4e00-\u9fff])(?![这那])")  # 不是这个 是浙江省…, 住山东省…
# An address that writes no division (日旺北路87奥狮林纺织品有限公司, 九堡镇九堡东方电子商务园a133栋: NAACL's rows often
# start so): a number, a road or a building's word in it. Only a sending verb (寄到, 发往) or an order id before one is
# taken for a label on this (是, 住 need a division after them).
# The first address in the text only: …138… 送到小区门口 after an address is where to leave it (a note).
_SENDING = re.compile(r"[寄发送递]")
_ADDRESS_WORD = re.compile(r"\d|[路街巷弄镇乡村栋幢楼室苑区厂店院校站桥门]|大厦|公寓|花园|广场|市场|公司|中心")
_DELIVERY_SPOT = re.compile(r"^(?:小区门口|小区|楼下|门口|家门口|家里|门卫|前台|公司|单位|物业|驿站|快递柜|丰巢)")
_TOWNSHIP_ALONE = re.compile(r"^[\u4e00-\u9fff]{2}[镇乡村]$")  # 练市镇


def _undivided_address(piece: str) -> bool:
    return ((len(piece) >= 4 and bool(_ADDRESS_WORD.search(piece))) or bool(_TOWNSHIP_ALONE.match(piece))) \
        and not _DELIVERY_SPOT.match(piece)


# A chat's sentence glued before the address it leads to (你好我想寄个东西到浙江省…, 嗯就寄这个地址吧浙江省…,
# 就是上次那个地址四川省…): what follows is the address.
_CHAT_LEAD_IN = re.compile(r"^[\u4e00-\u9fff]{0,12}?(?:寄|发|送|邮)[\u4e00-\u9fff]{0,4}?(?:到|往|至)了?(?=[\u4e00-\u9fff])(?![这那])(?!.{0,6}[:：])"
                           rf"|^{_THIS_ADDRESS}"
                           r"|^(?:就是|还是)?(?:上次|之前|原来|以前)(?:那个|的)?地址(?:吧|哦)?")
# Words that join a run-on sentence's fields (…1号然后收件人叶孤城然后电话…, …1号我的名字叫…): a separator.
_RUN_ON_JOINT = re.compile(r"(?:然后|还有|接着|我的)(?=收件人|收货人|联系人|电话|手机|地址|名字|姓名)"
                           # …我叫杜牧我住陕西省…: where the speaker lives, said after the name
                           r"|(?<=[\u4e00-\u9fff])(?:我|他|她)(?:住在?|家在)(?=[\u4e00-\u9fff]{2,6}(?:省|自治区|市))")
# …1号给风四娘 139…, …1号还是给铁中棠电话…, …8楼给徐离媛琪，手机…: 给 glued after a number cues the name that follows (not 给水厂, 给我打电话).
_GLUED_GIVE_TO = re.compile(r"(?<=[\d号室楼栋幢层])(?:还是)?(?=给(?![我你您他她])([\u4e00-\u9fff·]{2,4}?)(?:电话|手机|\s|\x00|$|[，,;；、|]))")
_CHANGE_TO = re.compile(rf"^(?:{_CHANGE_WORDS}|改到)(?=\S)")
# A bracketed header (【收件信息】, [订单信息]) or courier's or shop's tag (【顺丰】, [京东物流]) separates like a space; so does one standing between separators or
# at the text's start before one (收件信息 李娜 …, 寄件信息：…).
_HEADER = re.compile(r"[【\[]\s*(?:[\u4e00-\u9fff]{0,4}(?:信息|留言|回复)|(?:顺丰|中通|圆通|申通|韵达|京东|淘宝|天猫|拼多多|邮政|EMS|极兔"
                     r"|德邦|百世|菜鸟|抖音|快手|闲鱼|唯品会)[\u4e00-\u9fff]{0,4}|加急|急件|特急|紧急|急|重要|易碎|生鲜)\s*[】\]]"
                     r"|#(?:加急|急件|特急|紧急|急)#"
                     # standing between separators: 收件信息, 我的收货信息如下, 以下是我的地址
                     r"|(?:^|(?<=[\s|｜;；,，]))(?:(?:收件|收货|寄件|发件|联系|订单|客户)人?信息"
                     r"|(?:我的|以下是我的|以下是)?(?:收件|收货|寄件|发件|联系|订单|客户|个人)?人?(?:信息|地址)如下"
                     r"|以下是(?:我的|收件人的?)?(?:收货|收件)?(?:地址|信息))(?=[\s:：|｜;；,，]|$)")
# The receipt mark after a name (周迅收, 王菲（收）, 吕布亲收, 张飞本人签收): the name is what comes before it. Given names that end in 收
# are nearly all harvests (李丰收, 张秋收), and 回收, 代收, 签收 … are words: those keep it.
# A title in brackets after a name (吴京（先生）, 赵敏(女士)) is dropped the same way.
_RECEIPT_MARK = re.compile(r"^([\u4e00-\u9fff·]{2,6}?)(?:\s*[（(](?:收|先生|女士|小姐)[）)]?|(?:亲|本人)(?:签收|收|启)|(?<![回验接签税征吸代])"
                           # a harvest (丰收, 秋收) is the given name only right after the surname (李丰收, 欧阳秋收); 梁实秋收 is 梁实秋
                           r"(?<!^[\u4e00-\u9fff][丰秋春夏麦])(?<!^(?:欧阳|司马|上官|诸葛|慕容|东方|皇甫|令狐|司徒|公孙)[丰秋春夏麦])收(?:件|货)?)$")
# A name in brackets opening a piece, the address glued after it (13812345678（王芳）浙江省…).
_NAME_IN_BRACKETS = re.compile(r"^\s*[（(]([\u4e00-\u9fff·]{2,6})[）)]\s*(.+)$")
# A title glued after a full name (林依晨先生, 刘亦菲小姐) is dropped too; after a surname alone (马先生, 欧阳女士) it is
# how the person is named and stays.
_GLUED_TITLE = re.compile(r"^([\u4e00-\u9fff]{2,4})(?:先生|女士|小姐|同学|老师|师傅|经理)$")
# A note in brackets closing an address (…写字楼27层（工作日送）, …【放前台】): no address or direction word inside, so
# it is noise; （东门）, (近地铁站), (对面) name a place and stay. Standing apart, only a note that asks (_a_courier_note).
_BRACKET_NOTE = re.compile(r"\s*[（(【\[]([^（()）【】\[\]]{1,12})[）)】\]]?\s*$")
_OPENING_BRACKET = re.compile(r"[（(【\[]")  # a cheap test before _BRACKET_NOTE's search
_PLACE_WORD = re.compile(r"近|旁|侧|对面|附近|站|口|东|西|南|北|内|外|里|院|所|店|厅|部|处|库|房|屋")
# …or it asks something of the courier (【放前台】, (放门卫), （周末勿送）), whatever place it names.
_NOTE_START = re.compile(r"^(?:放|送|请|需|要|不|勿|别|务必|周末|工作日|节假日|上班|下班|打电话|电联|联系|急|到了)")
_AN_ADDRESS_NOT_A_NAME = re.compile(r"[\u4e00-\u9fff]{5,}.*(?:路|街|道|巷|号|村|镇|乡|小区|大厦|楼|室|园)")
# …2008室（工作日9点-18点）林先生: a courier's note in brackets with the name glued after it
_NOTE_THEN_NAME = re.compile(r"^(?P<before>.+?)\s*[（(](?P<inside>[^（()）]{1,12})[）)](?P<name>[\u4e00-\u9fff·]{2,4})$")


def _place_like(word: str) -> bool:
    """A place's word (东门, 南站, 学院路), not a person's: a full name of a common surname and one or two characters
    keeps 东, 南, 里 … (刘强东, 周南) unless an address word is in it."""
    if LOCATION_HINT.search(word):
        return True
    return _PLACE_WORD.search(word) is not None and not (len(word) <= 3 and starts_with_a_common_surname(word))


# An order id (A001, No.12, #12, 订单12345; full-width forms too, read through NFKC): a digit in it, so a name in
# Latin letters (Tony) is not one.
_ORDER_ID = re.compile(r"^(?:No\.?|NO\.?|no\.?|订单号?|单号|编号|序号)?(?=[^\d]*\d)[A-Za-z0-9#_\-]{2,}$")
# Literal null / None (a form's empty field) separates like a space; so do JSON's braces and quotes ({"name":"韩寒",…}).
# A space between two Latin words (Jack Ma) does not separate: a name written in Latin letters stays whole.
# & separates as a query string writes it (姓名=李雷&电话=…), not inside Latin words (H&M).
_SEPARATORS = re.compile(r"[|｜丨;；,，、。？！\t\n\r/／{}\"“”★☆◆◇●○■□▲△▼▽✅✔✓※]+|->|=>|→|-{2,}|—+|[<>＜＞]|(?<!\d)[~～]|[~～](?!\d)|(?<![A-Za-z])&(?![A-Za-z])|(?<![A-Za-z])(?<!Mr\.)(?<!Ms\.)(?<!Dr\.)\s+|\s+(?![A-Za-z])|(?<![A-Za-z])(?:null|NULL|Null|None|none)(?![A-Za-z])")
PHONE_MARK = "\x00"  # stands in for a phone so its label still has a piece to label
# A label written in brackets (【收件】孙俪, [收件人] 李娜, 【电话】…) labels what follows, as one before a colon does.
_BRACKETED_LABEL = re.compile(r"[【\[「『]\s*(" + "|".join(sorted(_LABEL_KIND, key=len, reverse=True)) + r")\s*[】\]」』]",
                              re.IGNORECASE)
# A note in brackets right after a phone (186…（微信同号）, 138…(白天打), 0571…（办公室）): about the number, noise.
_PHONE_NOTE = re.compile(PHONE_MARK + r"\s*[（(【\[][^（()）【】\[\]\d]{0,8}?(?:微信|同号|手机|电话|座机|短信|号码|常用|备用|白天|晚上"
                         r"|工作|办公|家里|单位|勿|可打|打|联系|电联|提前|周[一二三四五六日天末]|节假日|上午|下午|中午|全天|在家|有人|顺丰|圆通|中通|韵达|申通|京东|邮政|EMS|快递|到付)[^（()）【】\[\]\d]{0,6}[）)】\]]")
EDGE_JUNK = " \t\n:：-—_.,，。;；|/()（）[]【】「」『』?？*＊·"  # 姚广孝·139…·江苏省…: a dot beside a phone separates


def a_kin_word(piece: str) -> bool:
    """我妈, 老婆, 朋友: who the person is to the sender, not a name."""
    return KIN.match(piece.strip(EDGE_JUNK)) is not None


# The short labels (before a colon only) that name the contact or the address alike (联系：赵六, 收件：浙江省…), and what
# only an address ends in.
_CONTACT_WORDS = frozenset(("联系", "收件", "收货", "收"))
_STRONG_ADDRESS_END = re.compile(r"[路街道巷号室村镇乡区县市省]$")


def _a_marked_name(word: str) -> bool:
    """A surname and two characters (three behind a compound surname) that end like a place, before a receipt mark or
    after a contact's label: the person's name. Two characters (东门收), parcel lockers (丰巢柜收) and a compound surname
    that is an address word too (南门口收) are left to the name test."""
    return (person_shaped(word) and len(word) >= 3 and word[:2] not in ("丰巢", "菜鸟")
            and bool(ADDRESS_END.search(word) or LOCATION_HINT.search(word))  # others pass the name test as they are
            and not (word[:2] in COMPOUND_SURNAMES and LOCATION_HINT.search(word)))


def _a_contacts_name(word: str) -> bool:
    """What a contact's short label names is the person when it is a marked name that no road or room ends."""
    return _a_marked_name(word) and not _STRONG_ADDRESS_END.search(word)


def _a_full_name(word: str) -> bool:
    """A surname and a given name (林依晨, 欧阳娜娜), not a surname alone (欧阳)."""
    return starts_with_a_surname(word) and not (len(word) == 2 and word in COMPOUND_SURNAMES)


def _a_courier_note(before: str, inside: str, kind: str | None) -> bool:
    """Whether a bracketed ending is a courier's note: after an address, one that asks something of the courier or
    names no place (…27层（工作日送）, but （东门）); standing apart with no label, one that asks (… 8号 (放快递柜) 孙丽)."""
    if not before.strip():
        return kind is None and _NOTE_START.match(inside) is not None
    return LOCATION_HINT.search(before) is not None and (
        _NOTE_START.match(inside) is not None or not (LOCATION_HINT.search(inside) or _PLACE_WORD.search(inside)))


def _a_bracketed_name(inside: str) -> bool:
    """A full name and nothing else (王芳, 欧阳娜娜), not a place or a note (东门, 放前台)."""
    return (2 <= len(inside) <= 4 and _a_full_name(inside) and re.fullmatch(r"[\u4e00-\u9fff]+", inside) is not None
            and not (LOCATION_HINT.search(inside) or _PLACE_WORD.search(inside) or _NOTE_START.match(inside)))


def _bracketed_ending(before: str, inside: str, kind: str | None, before_a_phone: bool) -> tuple[str, str] | None:
    """What a piece's bracketed ending is, as (kind, text), or None when it stays in the piece: a name with its
    receipt mark closing an address (…鲁迅中路1号（鲁迅收）), a full name right before the phone (…3幢(王芳)138…),
    or a courier's note (…27层（工作日送）)."""
    if before.strip() and (mark := _RECEIPT_MARK.match(inside)) and _a_full_name(mark.group(1)):
        return "name", mark.group(1)
    if kind is None and before.strip() and before_a_phone and _a_bracketed_name(inside):
        return "name", inside
    if _a_courier_note(before, inside, kind):
        return "noise", inside
    return None


def is_label(word: str) -> bool:
    """`word` is a field's label as it stands (收件人, 手机, 省, 详细地址), as a spreadsheet's header cell writes it."""
    return word.lower() in _LABEL_KIND


def holds_label(text: str) -> bool:
    """A field label (收件地址, 电话, tel, …) is written somewhere in `text`."""
    return _LABEL_RE.search(text) is not None


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


def strip_edges(piece: str) -> str:
    """Label punctuation off both ends; a bracket whose partner stays is part of the address (…39号（东门）,
    （高新区）网商路599号), not edge punctuation."""
    stripped = piece.strip(EDGE_JUNK)
    for opening, closing in (("（", "）"), ("(", ")"), ("【", "】")):
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


# A form's marks after its labels (收货人(必填):黄忠, 电话*：…) and a header standing alone (配送信息 马超 …, 【顺丰】寄件
# 收：马东 …, 中通快递 …) say nothing.
_FORM_MARK = re.compile(r"[（(](?:必填|选填|非必填|可选|必选)[)）]|\*(?=\s*[:：])")
# …and a short bracket before a colon: a label's own qualifier (地址（详细）：, 联系方式（手机）：, 收件人（姓名）：), or a
# note of the writer's right after a label word (收件人（请本人签收）：舒畅).
_BRACKET_BEFORE_COLON = re.compile(r"[（(]([^（）()：:\d]{1,10})[)）](?=\s*[:：])")
_LABEL_QUALIFIERS = frozenset(("详细", "手机", "手机号", "电话", "座机", "固话", "姓名", "全名", "中文"))
# A title written apart from a surname or name (金 先生, 王 女士, 张三 先生): one name, the title glued on again.
_TITLES = "先生|女士|小姐|老师|师傅|经理"
_TITLE_WORD = re.compile(_TITLES)
_SPACED_TITLE = re.compile(rf"(?<![\u4e00-\u9fff])([\u4e00-\u9fff]{{1,3}})[ \t\u3000]+(?=(?:{_TITLES})(?![\u4e00-\u9fff]))")
# Call before delivery, standing alone (送货前请电话联系, 配送前请先打电话): a request, no address (电话 is no label here).
_CALL_FIRST = re.compile(r"^(?:送货|配送|派送|送达|上门|送|来|到)之?前(?:请|麻烦)?(?:先|提前)?(?:打个?|来个?)?电话(?:联系|通知|确认)?"
                         r"(?:一下|下)?[!！~～。.]*$")
# An e-mail address, labelled or not (邮箱：chen@abc.com, Email: a@b.cn): no field holds it, and it is no address.
_EMAIL = re.compile(r"(?:(?:电子)?邮箱|电邮|e-?mail|mail)?\s*[:：]?\s*[\w.+-]+@[\w-]+(?:\.[\w-]+)+", re.IGNORECASE | re.ASCII)
# P.S. written with its dots: the note label ps.
_DOTTED_PS = re.compile(r"(?<![A-Za-z])[Pp]\.\s?[Ss](?:\.|(?![A-Za-z]))")
# A QQ number with its label (QQ:123456789, qq号 12345678): no field holds it (QQ大厦 is a place: digits must follow).
_QQ = re.compile(r"(?<![A-Za-z])qq(?:号码?)?\s*[:：]?\s*\d{5,11}(?!\d)", re.IGNORECASE)
# Which of the person's places the address is, in brackets standing apart (… 永宁西路1号 （公司）): no part of it.
_KIND_OF_PLACE_NOTE = re.compile(r"^[（(](?:公司|家|家里|单位|宿舍|学校|住宅|办公室|(?:学校|公司|员工|单位)宿舍|(?:公司|家庭|工作|单位)地址)[)）]$")
# A field said to be as before (收件人不变，黄晓明 …): the label stands, the words label nothing.
_AS_BEFORE = ("不变", "同上", "没变", "照旧", "一样", "不改", "还是", "仍是", "仍然是", "依旧是", "依然是", "以这个为准", "以此为准")
_UNCHANGED = re.compile(r"(?:(?<=收件人)|(?<=收货人)|(?<=联系人)|(?<=电话)|(?<=手机)|(?<=地址)|(?<=姓名)|(?<=名字))"
                        rf"(?:{'|'.join(_AS_BEFORE)})")


def _a_name_receiving(bare: str) -> bool:
    """甘宁收件: a full name and its receipt mark, not a header such as 快递收件."""
    return bare.endswith(("收件", "收货")) and (mark := _RECEIPT_MARK.match(bare)) is not None and _a_full_name(mark.group(1))


_CHINESE_LABELS = tuple(label for label in _LABEL_KIND if not label.isascii())


def _without_label_brackets(text: str) -> str:
    """`text` without the brackets between a label and its colon: a qualifier of the label's, or a note right after a
    label word (收件人, 电话); any other bracket before a colon stays."""
    return _BRACKET_BEFORE_COLON.sub(
        lambda m: "" if m.group(1) in _LABEL_QUALIFIERS or text[:m.start()].endswith(_CHINESE_LABELS) else m.group(), text)


def pieces(text: str, starts_an_address: Callable[[str], bool]) -> list[tuple[str | None, str]]:
    """(label kind or None, piece) in text order; a label's kind covers its piece."""
    out: list[tuple[str | None, str]] = []
    text = without_speakers(text)
    text = _FORM_MARK.sub("", text) if "填" in text or "选" in text or "*" in text else text
    text = _without_label_brackets(text) if "）" in text or ")" in text else text
    text = _SPACED_TITLE.sub(lambda m: m.group(1) if starts_with_a_surname(m.group(1)) else m.group(), text) \
        if _TITLE_WORD.search(text) else text
    text = _GLUED_DROP_POINT.sub(r" \1 ", text) if "转" in text or "代收" in text else text
    text = _RUN_ON_JOINT.sub(" ", text) if any(joint in text for joint in ("然后", "还有", "接着", "我的", "住", "家在")) else text
    text = _GLUED_GIVE_TO.sub(lambda m: m[0] if _place_like(m[1]) or ADDRESS_END.search(m[1]) else " ", text) if "给" in text else text
    text = _EMAIL.sub(" ", text) if "@" in text else text
    text = _DOTTED_PS.sub(" ps ", text) if "." in text else text
    text = _QQ.sub(" ", text) if "q" in text or "Q" in text else text
    text = _UNCHANGED.sub("", text) if any(word in text for word in _AS_BEFORE) else text
    text = _BRACKETED_LABEL.sub(r" \1：", _PHONE_NOTE.sub(PHONE_MARK + " ", text)) \
        if _OPENING_BRACKET.search(text) or "「" in text or "『" in text else text
    text = _CHAT_OPENING.sub(" ", text) if "在" in text[:5] else text
    text = _CHANGED_LABEL.sub("：", text) if "改" in text or "换" in text or "更正" in text or "的是" in text else text
    text = _JOINED_LABELS.sub(r"\1", text) if any(joiner in text for joiner in "+＋&及和与") else text
    for chunk in _SEPARATORS.split(_HEADER.sub(" ", text)):
        if not chunk:
            continue
        # at the text's head, or after a greeting (你好，麻烦寄到这里：…)
        colon = ":" in chunk or "：" in chunk  # every head below ends in one
        if colon and all(NOISE_ALONE_RE.match(piece.strip(EDGE_JUNK)) for _, piece in out) and (
                request := REQUEST_HEAD.match(chunk) or CHAT_BEFORE_COLON.match(chunk)):
            out.append(("noise", request.group()))
            chunk = chunk[request.end():]
        elif colon and (said := CHAT_BEFORE_COLON.match(chunk)) and starts_an_address(chunk[said.end():]):
            out.append(("noise", said.group()))
            chunk = chunk[said.end():]
        if (change := _CHANGE_TO.match(chunk) or _GLUED_LEAD_IN.match(chunk) or _CHAT_LEAD_IN.match(chunk)) and (
                change.re is _CHANGE_TO or starts_an_address(chunk[change.end():])
                or (_SENDING.search(change.group()) and _undivided_address(chunk[change.end():])
                    and not any(kind in (None, "address") and _undivided_address(p) for kind, p in out))):
            out.append(("noise", change.group()))  # 改成浙江省…, 寄到广东省…: what follows is the address
            chunk = chunk[change.end():]
        if _POINTING_AT_THE_ADDRESS.match(chunk):  # 以后都寄这个地址 刘禹锡 …: the label is the chat's word
            out.append(("noise", chunk))
            continue
        if _CALL_FIRST.match(chunk):
            out.append(("noise", chunk))
            continue
        if _NAME_CUE_ALONE.match(chunk):
            out.append(("name", ""))
            continue
        given = _GIVE_TO.match(chunk) or _asked_for(chunk)
        if given:
            name = chunk[given.end():]
            if given.re is _GIVE_TO:
                if name.endswith("的"):  # 给宝宝买的: whom it was bought for, no name written
                    out.append(("noise", chunk))
                    continue
                name = _CALL_AFTER.sub("", name)  # 给陆小凤打电话, 给戴望舒寄: the call or the sending follows the name
                # no name ends in 寄: the surname may be one the lists lack (给溥梓涵寄)
                name = name[:-1] if name.endswith("寄") and (_a_full_name(name[:-1]) or NAME_SHAPE.match(name[:-1])) else name
            out.append(("name", name))
            continue
        parts = _LABEL_RE.split(chunk)
        # re.split with one group: [before, label, after, label, after, ...]
        if parts[0]:
            out.append((None, parts[0]))
        for i in range(1, len(parts), 2):
            kind = _LABEL_KIND[parts[i].lower()]
            if kind is None and parts[i] in _CONTACT_WORDS and _a_contacts_name(parts[i + 1].strip(EDGE_JUNK)):
                kind = "name"  # 联系:卢边城, 收件:夏学期: a contact's label before a person's name that ends like a place
            out.append((kind, parts[i + 1]))
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
        if kind == "phone" and piece != PHONE_MARK and not _DIGIT_IN.search(piece):
            kind = None  # 姓名/电话：梁思成 139…: what the phone label took is the name, the phone is its own piece
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
        if kind is None and (NOISE_ALONE_RE.match(bare) is not None
                             or (_REQUEST_ALONE.match(bare) and not _AN_ADDRESS_NOT_A_NAME.search(piece))) \
                and not _a_name_receiving(bare):
            kind = "noise"
        if kind is None and (drop := _DROP_POINT.match(bare)):
            kind = "noise" if drop["verb"] or drop["verb_after"] else "address"
        if kind == "name" and (enough := _NAME_THEN_ENOUGH.match(piece.strip(EDGE_JUNK))):
            piece = enough.group(1)  # 收件人写胡适就可以: the name, then that it will do
        if kind == "address" and (_CHAT_WORD.search(piece) or _ADDRESS_JUDGED.fullmatch(bare)) and not _DIGIT_IN.search(piece) \
                and not LOCATION_HINT.search(piece):
            kind = "noise"  # 地址我发你微信了 你看下 四川省…: the label's word in a chat, the address written after it
        if kind in (None, "name") and bare.endswith("的") and 3 <= len(bare) <= 5 and _a_full_name(bare[:-1]) \
                and NAME_SHAPE.match(bare[:-1]) and not _place_like(bare[:-1]):
            piece = bare = bare[:-1]  # 李商隐的电话是139…: whose phone follows
        if kind == "name" and _WHICH_BUILDING.fullmatch(bare):
            kind = "noise"  # 团长好 我是3栋的 王阿姨 …: which building the speaker lives in, the name follows
        if kind == "name" and (_PRONOUN.fullmatch(bare) or _ADDRESS_JUDGED.fullmatch(bare) or bare in THE_RIGHT_ONE):  # 收件人是他 胡逸之: whose name follows
            # (收件人名字写错了 应该是 戴震: the name is judged, the right one follows)
            merged.append(("noise", piece))
            pending = "name"
            continue
        if kind == "name" and a_kin_word(piece):
            kind = "noise"  # 寄给我妈：… 李桂兰: the name is the one written apart
        elif kind in (None, "name") and (kin := _KIN_THEN_NAME.match(piece.strip(EDGE_JUNK))) and _a_full_name(kin.group(1)):
            piece = kin.group(1)  # 收件人是我朋友林晓, 寄给我老公张强: who the person is to the sender, then the name
        elif (kind in (None, "name") and (same := _STILL_THE_NAME.match(piece.strip(EDGE_JUNK)))
              and not ADDRESS_END.search(same.group(1)) and not _place_like(same.group(1))):
            piece = same.group(1)  # 人不变，还是九难: the same person as before, named
        if (kind in (None, "address") and _OPENING_BRACKET.search(piece) and (glued := _NOTE_THEN_NAME.match(piece.strip()))
                and _a_courier_note(glued["before"], glued["inside"], kind) and starts_with_a_surname(glued["name"])
                and not _place_like(glued["name"])):
            merged += [(kind, glued["before"]), ("noise", glued["inside"])]
            kind, piece = None, glued["name"]
        if kind in (None, "name") and (mark := _RECEIPT_MARK.match(piece.strip(EDGE_JUNK))):
            piece = mark.group(1)
            if kind is None and _a_marked_name(piece):
                kind = "name"  # 卢边城收, 柏佳栋收: the mark says a person, though the name ends like an address
            if (titled := _GLUED_TITLE.match(piece)) and _a_full_name(titled.group(1)):
                piece = titled.group(1)  # 鲁肃先生收: the title goes too
        elif (kind in (None, "name") and (noted := _NAME_THEN_BRACKET.match(piece.strip())) and _a_full_name(noted.group(1))
              and not _place_like(noted.group(1))):
            piece = noted.group(1)
        elif kind in (None, "name") and (titled := _GLUED_TITLE.match(piece.strip(EDGE_JUNK))) and _a_full_name(titled.group(1)):
            piece = titled.group(1)
        elif (kind in (None, "name") and "或" in piece and (either := _EITHER_NAME.match(piece.strip(EDGE_JUNK)))
              and _a_full_name(either.group(1)) and _a_full_name(either.group(2))
              and not _place_like(either.group(1)) and not _place_like(either.group(2))):
            piece = either.group(1)  # 王浩然或李娜: either may sign; the first is the addressee
        elif (kind is None and (bracketed := _NAME_IN_BRACKETS.match(piece)) and _a_full_name(bracketed.group(1))
              and not _place_like(bracketed.group(1))
              and starts_an_address(bracketed.group(2))):
            merged.append(("name", bracketed.group(1)))  # 138…（王芳）浙江省…: the name in brackets, then the address
            piece = bracketed.group(2)
        elif (kind in (None, "address") and _OPENING_BRACKET.search(piece) and (note := _BRACKET_NOTE.search(piece))
              and (ending := _bracketed_ending(piece[: note.start()], note.group(1), kind,
                                               at + 1 < len(out) and out[at + 1][1] == PHONE_MARK))):
            if piece[: note.start()].strip():
                merged.append((kind, piece[: note.start()]))
            kind, piece = ending
        merged.append((kind, piece))
    if (len(merged) > 1 and merged[0][0] is None and _ORDER_ID.match(unicodedata.normalize("NFKC", merged[0][1]).strip(EDGE_JUNK))
            and any(starts_an_address(piece) or _undivided_address(piece) for _, piece in merged[1:])):  # before the address, or its person
        merged[0] = ("noise", merged[0][1])
    for at, (kind, piece) in enumerate(merged):  # 原地址：… 新地址：…: the one a change replaces is dropped
        if kind == "old_address":
            replaced = any(later == "address" or (later is None and starts_an_address(p)) for later, p in merged[at + 1:])
            merged[at] = ("noise" if replaced else "address", piece)
    return merged


_STILL_THE_NAME = re.compile(r"^(?:还是|也是|仍是|仍然是|依然是)(?![这那我你您他她])([\u4e00-\u9fff·]{2,4})$")
_WHICH_BUILDING = re.compile(r"[\dA-Za-z]{1,4}(?:栋|幢|号楼|单元|楼|号|期)的")
THE_RIGHT_ONE = ("应该是", "正确的是", "而是", "是")  # what a correction says before the right value (whose_phone too)
_PRONOUN = re.compile(r"(?:[我你您他她]|ta|TA|Ta|[他她]本人|本人)(?:就行|就好|就可以|即可|吧|哦|了)?")  # 寄给我就行
_NAME_THEN_ENOUGH = re.compile(r"^([\u4e00-\u9fff·]{2,4}?)(?:就可以|就行|就好|即可|就ok|就OK|吧|呀|啊|哦)了?$")  # 寄给楚留香吧
_CHAT_WORD = re.compile(r"[我你您吗呢了]")  # not 哈 (哈尔滨, 齐齐哈尔) or 吧 (吧台)
_ADDRESS_JUDGED = re.compile(r"(?:不全|不完整|不对|有误|错了|写错|填错|没写全|漏写|少写)(?:了|啦)?")  # 地址不全 补充一下：…
_NUMBER_VALUE = re.compile(r"[-A-Za-z0-9#*]*")
_EMOJI = re.compile("[\U0001F000-\U0001FFFF\u2600-\u27BF]")
_DIGIT_IN = re.compile(r"\d")
