"""How a shipping text falls into pieces, each with the kind its label gives it (name, phone, address, noise) or none:
the text's rewrites first (form marks, brackets before a colon, run-on joints, a glued 给, e-mail and QQ numbers), then
each chunk between separators cut on the labels (a request or a chat's head before the address, 给/找 before a name).
Phones are masked before this runs, so a phone label still has a piece to label; piece_kinds.settle_kinds then
settles what each piece is.
"""

from __future__ import annotations

import re
from typing import Callable

from .alone import NOISE_ALONE_RE, PERSONS_PLACE
from .label_shapes import with_label_shapes
from .notes import without_bracketed_notes
from .chat_heads import CHAT_BEFORE_COLON, REQUEST_HEAD, without_speakers
from .generic_labels import with_plain_labels
from .label_words import LABELS as LABELS_BY_KIND
from .lead_ins import CHANGE_WORDS, GLUED_LEAD_IN, POINTING_AT_THE_ADDRESS, SENDING, after_lead_in, lead_in
from .labels import (EDGE_JUNK, LABEL_KIND, LABEL_RE, OPENING_BRACKET, PHONE_MARK, a_full_name, a_marked_name, place_like,
                     undivided_address)
from .names import ADDRESS_END, COMPOUND_SURNAMES, NAME_SHAPE, SINGLE_SURNAMES, given_name_fits, starts_with_a_surname
from .name_cues import A_MARK, CALL_AFTER, GIVE_TO, SENT_AFTER, NAME_CUE_ALONE, asked_for, marks_off, received_by
from .phrase_name import name_in_a_phrase
from .piece_kinds import settle_kinds
from .typed_labels import with_typed_labels, with_unmarked_labels

# …and glued between the address and the name (…1号前台转王一博): read as if written apart.
_GLUED_DROP_POINT = re.compile(r"(?<=[\u4e00-\u9fff\dA-Za-z])((?:前台|门卫室?|门岗|保安室?|物业|传达室|收发室)(?:转交?给?|代收))"
                               r"(?!就行|就好|即可|一下|就可以)(?=[\u4e00-\u9fff·]{2,4}(?:$|[\s\x00,，;；|]))")
# A change asked for in a chat (在吗？我要改一下地址，改成浙江省…): the asking labels nothing; 改成 before what replaces it
# is no part of it.
_CHAT_OPENING = re.compile(r"^(?:亲，?)?(?:在吗|在不在|在么)[?？]")
# Two labels joined for one field's pair (姓名+电话：张三 138…, 收件人及手机号：…): the first labels what follows.
_JOINED_LABELS = re.compile(r"(姓名|名字|收件人|收货人|联系人)\s*[+＋&及和与]\s*(?:电话|手机号码|手机号|手机|联系方式|联系电话)(?=\s*[:：])")
# …and after a label's word it stands for the label's colon (收件人改成王五, 电话换成139…, 地址改为浙江省…).
_CHANGED_LABEL = re.compile(rf"(?<=[人话机址名号式])(?:(?:请|要)?(?:{CHANGE_WORDS})(?:这个|下面这个|以下)?|(?:换|改|修改|更改|变更)一下(?=\s*[:：])"
                            r"|(?:填的是|写的是)(?!\s*[:：]))")  # 收货人填的是他 胡歌: how the form was filled
# A header naming the fields before their values, one colon after them all (姓名 电话 地址：王羲之 139… 绍兴市…, 收货人/手机/
# 地址：…): the values follow in any order and are read for what they are; the last label would otherwise label the first
# value (the name read as the address's head).
_HEADER_WORDS = "|".join(sorted((label for kind in ("name", "phone", "address") for label in LABELS_BY_KIND[kind] if not label.isascii()),
                                key=len, reverse=True))
_FIELD_HEADER = re.compile(rf"(?:^|(?<=[\s|｜;；,，]))(?:{_HEADER_WORDS})(?:[ \t、,，/／+＋|｜]*(?:{_HEADER_WORDS})){{1,4}}[ \t]*[:：]")
# 就, 那就 before a label (就寄给宿博文吧): the chat's words, no part of an address.
_PARTICLES_ALONE = re.compile(r"(?:那|那么|嗯|好|对|就|还是|请|麻烦)+")
# 宓文会的地址：…: whose the labelled field is, a name before the label.
_WHOSE = re.compile(r"^([\u4e00-\u9fff·]{2,4}?)的$")
# Words that join a run-on sentence's fields (…1号然后收件人叶孤城然后电话…, …1号我的名字叫…): a separator.
_RUN_ON_JOINT = re.compile(r"(?:然后|还有|接着|我的)(?=收件人|收货人|联系人|电话|手机|地址|名字|姓名)"
                           # …我叫杜牧我住陕西省…: where the speaker lives, said after the name
                           r"|(?<=[\u4e00-\u9fff])(?:我|他|她)(?:住在?|家在)(?=[\u4e00-\u9fff]{2,6}(?:省|自治区|市))")
# …1号给风四娘 139…, …1号还是给铁中棠电话…, …8楼给徐离媛琪，手机…: 给 glued after a number cues the name that follows (not 给水厂, 给我打电话).
_GLUED_GIVE_TO = re.compile(r"(?<=[\d号室楼栋幢层])(?:还是)?(?=给(?![我你您他她])([\u4e00-\u9fff·]{2,4}?)(?:电话|手机|\s|\x00|$|[，,;；、|]))")
# A bracketed header (【收件信息】, [订单信息]) or courier's or shop's tag (【顺丰】, [京东物流]) separates like a space; so does one standing between separators or
# at the text's start before one (收件信息 李娜 …, 寄件信息：…).
_HEADER = re.compile(r"[【\[]\s*(?:[\u4e00-\u9fff]{0,4}(?:信息|留言|回复)|(?:顺丰|中通|圆通|申通|韵达|京东|淘宝|天猫|拼多多|邮政|EMS|极兔"
                     r"|德邦|百世|菜鸟|抖音|快手|闲鱼|唯品会)[\u4e00-\u9fff]{0,4}|加急|急件|特急|紧急|急|重要|易碎|生鲜)\s*[】\]]"
                     r"|#(?:加急|急件|特急|紧急|急)#"
                     # standing between separators: 收件信息, 我的收货信息如下, 以下是我的地址
                     r"|(?:^|(?<=[\s|｜;；,，]))(?:(?:收件|收货|寄件|发件|联系|订单|客户)人?信息"
                     r"|(?:我的|以下是我的|以下是)?(?:收件|收货|寄件|发件|联系|订单|客户|个人)?人?(?:信息|地址)如下"
                     r"|以下是(?:我的|收件人的?)?(?:收货|收件)?(?:地址|信息))(?=[\s:：|｜;；,，]|$)"
                     # which of an order's parcels (订单1/3：, 第2/5件): its slash no separator
                     r"|(?:^|(?<=[\s|｜;；,，]))(?:订单|包裹|第)\s*\d{1,3}\s*[/／]\s*\d{1,3}\s*[件单个]?\s*[:：]?")
# Literal null / None (a form's empty field) separates like a space; so do JSON's braces and quotes ({"name":"韩寒",…}).
# A space between two Latin words (Jack Ma) does not separate: a name written in Latin letters stays whole.
# & separates as a query string writes it (姓名=李雷&电话=…, name=张三&phone=…), not inside Latin words (H&M).
_SEPARATORS = re.compile(r"(?<![A-Za-z])!|[|｜丨;；,，、。？！\t\n\r/／{}｛｝《》\"“”★☆◆◇●○■□▲△▼▽✅✔✓※]+|…+|->|=>|→|-{2,}|—+"
                         # '!' not after a Latin letter (Hi!咖啡), '@' before a Chinese character (…1号 @张三; not in an
                         # email), '#' not after a number or a block's letter (3#楼), '+' beside a Chinese character, a
                         # single quote not inside Latin words (Xi'an): …1号#张三#138…, …1号+张三+138…, '张三'
                         r"|@(?=[\u4e00-\u9fff])|(?<![\dA-Za-z])#|(?<=[\u4e00-\u9fff])\+|\+(?=[\u4e00-\u9fff])|(?<![A-Za-z])'|'(?![A-Za-z])|[<>＜＞]|(?<!\d)[~～]|[~～](?!\d)|(?<![A-Za-z])&(?![A-Za-z])|&(?=[A-Za-z_]+[=：])|(?<![A-Za-z])(?<!Mr\.)(?<!Ms\.)(?<!Dr\.)\s+|\s+(?![A-Za-z])|(?<![A-Za-z])(?:null|NULL|Null|None|none)(?![A-Za-z])")
# A note in brackets that says when (【2026-12-06 10:00前送达】, (8:00-18:00), [周六12点后]) or which of the person's places
# the address is ((学校地址), （公司地址）): noise, however the spaces inside it cut it.
_WHEN_IN_BRACKETS = re.compile(r"[\[【(（][^\[\]【】()（）]{0,24}?(?:\d{1,2}[:：]\d{2}|20\d{2}[-/.年]\d{1,2}[-/.月]\d{1,2}|\d{1,2}月\d{1,2}[日号])"
                               r"[^\[\]【】()（）]{0,16}[\]】)）]"
                               r"|[（(](?:学校|公司|家庭|工作|单位|家里|宿舍|家)(?:地址)?[)）]")  # （家）, （单位） too
# Where from and where to, before a colon (从上海寄到杭州：浙江省…, 从义乌发往成都：…): the route, not the address.
_ROUTE_HEAD = re.compile(r"(?:^|(?<=[\s,，;；。!！]))从[\u4e00-\u9fff]{2,8}?(?:寄到|寄往|寄至|发到|发往|发至|送到|寄|发|到)[\u4e00-\u9fff]{2,8}?"
                         r"(?:的快递|的包裹)?\s*[:：]")
# A form's list numbers before its fields (①姓名：…②电话：…, 1. 收件人：… 2. 电话：…, (3) 地址：…): no field holds them.
_CIRCLED_NUMBER = r"[\u2460-\u2487\u2776-\u2793]"  # ① … ⒇, ❶ … ➓
_CIRCLED = re.compile(_CIRCLED_NUMBER)
_LIST_NUMBER = re.compile(_CIRCLED_NUMBER + r"(?![号楼栋幢单元层室])|(?:^|(?<=\s))(?:\d{1,2}[.．、)）]|[(（]\d{1,2}[)）])"
                          r"(?=\s*[\u4e00-\u9fff]{2,6}\s*[:：])"
                          # the text's own list number, whatever but a digit follows (1. 石昊圆，【地址】重庆…, 1. *手机号：…,
                          # 1. 📍重庆…: the 1 joined the address)
                          r"|^\s*(?:\d{1,2}[.．、)）]|[(（]\d{1,2}[)）]|#\d{1,2}(?=\s))\s*(?=[^\d\s])")  # #1 : a chat's list
# A label written in brackets (【收件】孙俪, [收件人] 李娜, 【电话】…) labels what follows, as one before a colon does.
_BRACKETED_LABEL = re.compile(r"[【\[「『]\s*(" + "|".join(sorted(LABEL_KIND, key=len, reverse=True)) + r")\s*[】\]」』]",
                              re.IGNORECASE)
# A note in brackets right after a phone (186…（微信同号）, 138…(白天打), 0571…（办公室）): about the number, noise.
_PHONE_NOTE = re.compile(PHONE_MARK + r"\s*[（(【\[][^（()）【】\[\]\d]{0,8}?(?:微信|同号|手机|电话|座机|短信|号码|常用|备用|白天|晚上"
                         r"|工作|办公|家里|单位|勿|可打|打|联系|电联|提前|周[一二三四五六日天末]|节假日|上午|下午|中午|全天|在家|有人|顺丰|圆通|中通|韵达|申通|京东|邮政|EMS|快递|到付)[^（()）【】\[\]\d]{0,6}[）)】\]]"
                         # …and one standing apart with no brackets (…139… 微信同号 天津天津市…: it was glued to the address)
                         r"|" + PHONE_MARK + r"\s*(?:电话/|手机/)?(?:微信同号|同微信|微信同步|微信也是这个)(?=\s|$|[，,；;。|])")
# The short labels (before a colon only) that name the contact or the address alike (联系：赵六, 收件：浙江省…), and what
# only an address ends in.
_CONTACT_WORDS = frozenset(("联系", "收件", "收货", "收"))
# A message's label (买家留言：, 备注：) before divisions: the buyer wrote the address as the message.
_MESSAGE_LABELS = frozenset(("留言", "买家留言", "买家备注", "备注", "附言", "补充", "说明", "特别说明"))
_STRONG_ADDRESS_END = re.compile(r"[路街道巷号室村镇乡区县市省]$")


def _a_contacts_name(word: str) -> bool:
    """What a contact's short label names is the person when it is a marked name that no road or room ends."""
    return a_marked_name(word) and not _STRONG_ADDRESS_END.search(word)


# A form's marks after its labels (收货人(必填):黄忠, 电话*：…) and a header standing alone (配送信息 马超 …, 【顺丰】寄件
# 收：马东 …, 中通快递 …) say nothing.
_FORM_MARK = re.compile(r"[（(](?:必填|选填|非必填|可选|必选)[)）]|\*(?=\s*[:：])")
# …and a short bracket before a colon: a label's own qualifier (地址（详细）：, 联系方式（手机）：, 收件人（姓名）：), or a
# note of the writer's right after a label word (收件人（请本人签收）：舒畅).
_BRACKET_BEFORE_COLON = re.compile(r"[（(]([^（）()：:\d]{1,10})[)）](?=\s*[:：])")
_LABEL_QUALIFIERS = frozenset(("详细", "手机", "手机号", "电话", "座机", "固话", "姓名", "全名", "中文"))
# A title written apart from a surname or name (金 先生, 王 女士, 张三 先生, 张三 (先生)): one name, the title glued on
# again (a bracketed one is then dropped after a full name, as when it is glued: piece_kinds._RECEIPT_MARK).
_TITLES = "先生|女士|小姐|老师|师傅|经理"
_TITLE_WORD = re.compile(_TITLES)
_SPACED_TITLE = re.compile(rf"(?<![\u4e00-\u9fff])([\u4e00-\u9fff]{{1,3}})[ \t\u3000]+"
                           rf"(?=(?:{_TITLES})(?![\u4e00-\u9fff])|[（(](?:{_TITLES})[）)])")
# A label typed with spaces between its characters (电 话：, 姓 名：, 收 件 人：, a form's letter-spacing): the label.
_SPACED_LABEL = re.compile(r"(?<![\u4e00-\u9fff\dA-Za-z])[\u4e00-\u9fff](?:[ \u3000][\u4e00-\u9fff]){1,4}(?=[ \u3000]*[:：])")
_SPACE_BEFORE_COLON = re.compile(r"(?<=[\u4e00-\u9fffA-Za-z])[ \u3000]+(?=[:：])")
# A name written with a space between its surname and its given name (收件人：王 小明, 欧阳 娜娜 138…, 王 小 明: a form's
# 姓 and 名 fields run together): one name, where the surname stands alone and what follows is a given name, no place's word.
_SPACED_NAME = re.compile(r"(?:^|(?<=[\s,，;；|/:：、]))([\u4e00-\u9fff]{1,2})[ \u3000]+([\u4e00-\u9fff](?:[ \u3000]?[\u4e00-\u9fff])?)"
                          rf"(?=$|[\s,，;；|/:：、\d{PHONE_MARK}])")


def _joined_name(m: re.Match) -> str:
    surname, given = m.group(1), m.group(2).replace(" ", "").replace("\u3000", "")  # 王 小 明 too
    alone = (len(surname) == 1 and surname in SINGLE_SURNAMES) or surname in COMPOUND_SURNAMES
    if alone and given_name_fits(surname + given) and not ADDRESS_END.search(given) and not place_like(surname + given) \
            and surname.lower() not in LABEL_KIND and given.lower() not in LABEL_KIND:
        return surname + given
    return m.group()


# Call before delivery, standing alone (送货前请电话联系, 配送前请先打电话): a request, no address (电话 is no label here).
_CALL_FIRST = re.compile(r"^(?:送货|配送|派送|送达|上门|送|来|到)之?前(?:请|麻烦)?(?:先|提前)?(?:打个?|来个?)?电话(?:联系|通知|确认)?"
                         r"(?:一下|下)?[!！~～。.]*$")
# A doubt about finding the place, standing alone (地址不对请打电话, 找不到地址打我电话, 如地址有误请联系): a note to the
# courier; its 地址 and 电话 label nothing.
_ADDRESS_IN_DOUBT = re.compile(r"^(?:如果?|若|万一)?(?:(?:地址|位置|门牌号?)(?:不对|不详|有误|有错|错了|写错了?|不清楚|不全|不准确?|不好找|难找"
                               r"|找不到|偏僻|太偏)|(?:找不到|不好找|不认识|不知道)(?:地址|路|地方|位置))[^\x00\d]*$")
# An e-mail address, labelled or not (邮箱：chen@abc.com, Email: a@b.cn): no field holds it, and it is no address.
_EMAIL = re.compile(r"(?:(?:电子)?邮箱|电邮|e-?mail|mail)?\s*[:：]?\s*[\w.+-]+@[\w-]+(?:\.[\w-]+)+", re.IGNORECASE | re.ASCII)
# P.S. written with its dots: the note label ps.
_DOTTED_PS = re.compile(r"(?<![A-Za-z])[Pp]\.\s?[Ss](?:\.|(?![A-Za-z]))")
# A QQ number with its label (QQ:123456789, qq号 12345678): no field holds it (QQ大厦 is a place: digits must follow).
_QQ = re.compile(r"(?<![A-Za-z])qq(?:号码?)?\s*[:：]?\s*\d{5,11}(?!\d)", re.IGNORECASE)
# A field said to be as before (收件人不变，黄晓明 …): the label stands, the words label nothing.
_AS_BEFORE = ("不变", "同上", "没变", "照旧", "一样", "不改", "还是", "仍是", "仍然是", "依旧是", "依然是", "以这个为准", "以此为准")
_UNCHANGED = re.compile(r"(?:(?<=收件人)|(?<=收货人)|(?<=联系人)|(?<=电话)|(?<=手机)|(?<=地址)|(?<=姓名)|(?<=名字))"
                        rf"(?:{'|'.join(_AS_BEFORE)})")
# …and two at once (人和电话不变): the whole phrase says nothing (人和 alone would read as a name).
_BOTH_UNCHANGED = re.compile(r"(?:收件人|收货人|名字|姓名|人)(?:和|跟|与|及|还有)(?:电话|手机号?|号码)(?:都|也)?"
                             rf"(?:{'|'.join(_AS_BEFORE)})")
_CHINESE_LABELS = tuple(label for label in LABEL_KIND if not label.isascii())


def _without_label_brackets(text: str) -> str:
    """`text` without the brackets between a label and its colon: a qualifier of the label's, or a note right after a
    label word (收件人, 电话); any other bracket before a colon stays."""
    return _BRACKET_BEFORE_COLON.sub(
        lambda m: "" if m.group(1) in _LABEL_QUALIFIERS or text[:m.start()].endswith(_CHINESE_LABELS) else m.group(), text)

# A comma inside brackets that hold no phone and no label (…100号（华星大厦，5楼）, （靠近地铁站，华星大厦旁）): one piece, not two
# fields (split there, the location lost its closing bracket and what followed the comma). Dropped here: as_written cuts
# the location from the text as written, comma and all.
# (a note's ！ or 。 too: （请放快递柜，谢谢！） lost the name it followed)
_SEPARATED_IN_BRACKETS = re.compile(r"[（(][^（()）\x00]{1,30}?[，,、！。？?][^（()）\x00]{0,30}?[)）]"
                                    r"|[\[【［][^\[\]【】［］\x00]{1,30}?[，,、！。？?][^\[\]【】［］\x00]{0,30}?[\]】］]")
_IN_BRACKETS_SEPARATOR = re.compile("[，,、！。？?]")


def _one_piece_in_brackets(bracketed: re.Match) -> str:
    return bracketed[0] if LABEL_RE.search(bracketed[0]) else _IN_BRACKETS_SEPARATOR.sub("", bracketed[0])


def _joined_label(spaced: re.Match) -> str:
    joined = spaced[0].replace(" ", "").replace("\u3000", "")
    return joined if joined in LABEL_KIND else spaced[0]


def _unlabelled(header: re.Match) -> str:
    """A space for a header of field names; one label that reads as two of them (收货人姓名:, 收货人地址:) stays."""
    return header[0] if header[0].rstrip(":： \t").lower() in LABEL_KIND else " "


def _before_a_label(head: str) -> tuple[str | None, str]:
    """What a chunk holds before its first label: a contact asked for (联系杜绍凯（电话：…) or whose the field is
    (宓文会的地址：…) is a name; anything else is read for what it is."""
    if _PARTICLES_ALONE.fullmatch(head):
        return "noise", head  # 就寄给宿博文吧: 就 before the label is the chat's
    if asked := asked_for(head, before_a_label=True):
        return "name", head[asked.end():]
    if whose := _WHOSE.match(head):
        owner = whose.group(1)
        if owner.lower() in LABEL_KIND or PERSONS_PLACE.fullmatch(owner):
            return "noise", owner  # 单位的地址：…, 家里的地址：…: which of the person's places, no one's name
        return ("name" if a_full_name(owner) and not place_like(owner) else None), owner
    return None, head


def pieces(text: str, starts_an_address: Callable[[str], bool]) -> list[tuple[str | None, str]]:
    """(label kind or None, piece) in text order; a label's kind covers its piece."""
    out: list[tuple[str | None, str]] = []
    text = with_label_shapes(without_speakers(text))  # 姓名 = 王芳, 收件人【王芳】, 138…（手机）: 姓名：王芳
    text = with_plain_labels(text)
    text = _FORM_MARK.sub("", text) if "填" in text or "选" in text or "*" in text else text
    text = _without_label_brackets(text) if "）" in text or ")" in text else text
    text = _SPACED_TITLE.sub(lambda m: m.group(1) if starts_with_a_surname(m.group(1)) else m.group(), text) \
        if _TITLE_WORD.search(text) else text
    if (" " in text or "\u3000" in text) and (":" in text or "：" in text):
        text = _SPACED_LABEL.sub(_joined_label, text)
        if " :" in text or " ：" in text or "\u3000：" in text or "\u3000:" in text:
            text = _SPACE_BEFORE_COLON.sub("", text)  # 收件人 :梅涴杰（工作日送）: one piece
    text = with_unmarked_labels(with_typed_labels(text))  # after the spaced labels are joined (手 机 :): a label, not 机
    text = _SPACED_NAME.sub(_joined_name, text) if " " in text or "\u3000" in text else text
    text = _GLUED_DROP_POINT.sub(r" \1 ", text) if "转" in text or "代收" in text else text
    text = marks_off(text, starts_an_address) if PHONE_MARK in text and A_MARK.search(text) else text
    text = _RUN_ON_JOINT.sub(" ", text) if any(joint in text for joint in ("然后", "还有", "接着", "我的", "住", "家在")) else text
    text = _GLUED_GIVE_TO.sub(lambda m: m[0] if place_like(m[1]) or ADDRESS_END.search(m[1]) else " ", text) if "给" in text else text
    text = _EMAIL.sub(" ", text) if "@" in text else text
    text = _DOTTED_PS.sub(" ps ", text) if "." in text else text
    text = _QQ.sub(" ", text) if "q" in text or "Q" in text else text
    text = _UNCHANGED.sub("", _BOTH_UNCHANGED.sub(" ", text)) if any(word in text for word in _AS_BEFORE) else text
    text = _BRACKETED_LABEL.sub(r" \1：", _PHONE_NOTE.sub(PHONE_MARK + " ", text)) \
        if OPENING_BRACKET.search(text) or "「" in text or "『" in text or "微信" in text else text
    text = _CHAT_OPENING.sub(" ", text) if "在" in text[:5] else text
    text = _CHANGED_LABEL.sub("：", text) if "改" in text or "换" in text or "更正" in text or "的是" in text else text
    text = _JOINED_LABELS.sub(r"\1", text) if any(joiner in text for joiner in "+＋&及和与") else text
    text = _FIELD_HEADER.sub(_unlabelled, text) if ":" in text or "：" in text else text
    text = _ROUTE_HEAD.sub(" ", text) if "从" in text else text
    text = without_bracketed_notes(_WHEN_IN_BRACKETS.sub(" ", text)) if OPENING_BRACKET.search(text) else text
    text = _SEPARATED_IN_BRACKETS.sub(_one_piece_in_brackets, text) if OPENING_BRACKET.search(text) or "［" in text else text
    text = _LIST_NUMBER.sub(" ", text) if ":" in text or "：" in text or _CIRCLED.search(text) or text[:1].isdigit() or text[:1] == "#" else text
    for chunk in _SEPARATORS.split(_HEADER.sub(" ", text)):
        if not chunk:
            continue
        # at the text's head, or after a greeting (你好，麻烦寄到这里：…)
        colon = ":" in chunk or "：" in chunk  # every head below ends in one
        if colon and all(NOISE_ALONE_RE.match(piece.strip(EDGE_JUNK)) for _, piece in out) and (
                request := REQUEST_HEAD.match(chunk) or CHAT_BEFORE_COLON.match(chunk)):
            named = name_in_a_phrase(request.group().rstrip(":："))  # 请发给宣荣嗣：…: whom the request sends to
            out.append(("name", named) if named else ("noise", request.group()))
            chunk = chunk[request.end():]
        elif colon and (said := CHAT_BEFORE_COLON.match(chunk)) and starts_an_address(chunk[said.end():]):
            out.append(("noise", said.group()))
            chunk = chunk[said.end():]
        if lead := lead_in(chunk, starts_an_address, out):
            out.append(("noise", lead.group()))  # 改成浙江省…, 寄到广东省…, 寄黑龙江省…: what follows is the address
            chunk = after_lead_in(chunk, lead)
        if POINTING_AT_THE_ADDRESS.match(chunk):  # 以后都寄这个地址 刘禹锡 …: the label is the chat's word
            out.append(("noise", chunk))
            continue
        if _CALL_FIRST.match(chunk) or _ADDRESS_IN_DOUBT.match(chunk):
            out.append(("noise", chunk))
            continue
        if NAME_CUE_ALONE.match(chunk):
            out.append(("name", ""))
            continue
        given = GIVE_TO.match(chunk) or asked_for(chunk) or received_by(chunk)
        if given:
            name = chunk[given.end():]
            if given.re is GIVE_TO:
                if name.endswith("的"):  # 给宝宝买的: whom it was bought for, no name written
                    out.append(("noise", chunk))
                    continue
                name = SENT_AFTER.sub("", CALL_AFTER.sub("", name))  # 给陆小凤打电话, 给伍嵘寄过去: the call or the sending follows the name
                # no name ends in 寄: the surname may be one the lists lack (给溥梓涵寄)
                name = name[:-1] if name.endswith("寄") and (a_full_name(name[:-1]) or NAME_SHAPE.match(name[:-1])) else name
            out.append(("name", name))
            continue
        parts = LABEL_RE.split(chunk)
        # re.split with one group: [before, label, after, label, after, ...]
        if parts[0]:
            out.append(_before_a_label(parts[0]) if len(parts) > 1 else (None, parts[0]))
        for i in range(1, len(parts), 2):
            kind = LABEL_KIND[parts[i].lower()]
            if kind is None and parts[i] in _CONTACT_WORDS and _a_contacts_name(parts[i + 1].strip(EDGE_JUNK)):
                kind = "name"  # 联系:卢边城, 收件:夏学期: a contact's label before a person's name that ends like a place
            after = parts[i + 1]
            if kind == "noise" and parts[i].rstrip(":：= \t") in _MESSAGE_LABELS and starts_an_address(after.strip(EDGE_JUNK)):
                kind = None
            if kind in (None, "address") and (sent := GLUED_LEAD_IN.match(after)) and (
                    starts_an_address(after[sent.end():])
                    or (SENDING.search(sent.group()) and undivided_address(after[sent.end():]))):
                after = after[sent.end():]  # 发这里：寄到大洋镇…, 地址：是吴兴区…: a second request or a copula before it
            out.append((kind, after))
    return settle_kinds(out, starts_an_address)
