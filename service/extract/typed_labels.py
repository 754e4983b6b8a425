"""Labels read by what follows them (issue 21: an unknown label is still a label). A word no list or vocabulary holds,
set off before a colon at a field's boundary (接头人：, 打这个：, 送哪：, Hotline:), before what stands for one (——, >>, →,
=) or in brackets ([落地点]), becomes the plain label of the field its value is: 电话 before a phone, 地址 before
divisions or an address's words, 姓名 before a person-shaped name and nothing else. Any other
word before a colon is left as written (a shop's 网点：, a time's 10:30, a link's http:), and so is a word that reads as
a name itself (王芳：138…, whose phone follows her name). generic_labels.py reads the labels it knows by their words
first; this reads what no vocabulary could list. A listed label inside a longer word (微信同号, 门牌地址) is read the
same way unless the rest is a name (孙浩然电话). With no mark (with_unmarked_labels) only a call's words before a phone
(微信同号 139…) and a word naming who takes the parcel before a name (接头人 张三) are read. Written on 2026-12-07 (the
nineteenth session) for bench.accuracy's colloquial-* sets, mended on their train compositions, and in the twentieth
on unheard-* and spoken-* train compositions; untold-*, the other half of spoken's pool, was measured once untuned,
then mended on its train compositions too."""

from __future__ import annotations

import re

from .chain import scan_divisions
from .gazetteer import get_gazetteer
from .generic_labels import SENDER_WORDS
from .labels import LABEL_KIND, LABEL_RE, PHONE_MARK, a_full_name
from .names import ADDRESS_END, given_name_fits, person_shaped, starts_with_a_common_surname
from .notes import a_note
from .piece_name import NOT_NAMES, is_name

_BOUNDARY = r"(?:^|(?<=[\s,，;；|、。!！?？\x00/／【】\[\]:：&~～①-⑳…>]))"  # 发这里：签字人：…: a request's colon too
_WORD = r"(?:[A-Za-z]{1,2}(?=[\u4e00-\u9fff]))?[\u4e00-\u9fff]{1,6}|[A-Za-z][A-Za-z'.]*(?: [A-Za-z][A-Za-z'.]*){0,3}"  # V信同号
# A word, then a colon or what forms and chats write for one (接头人——, 座机>>, 落地点=, →), or a word in brackets
# ([落地点]浙江省…, 【接头人】张三).
_MARKED_WORD = re.compile(rf"{_BOUNDARY}(?P<word>{_WORD})[ \t]*(?P<mark>[:：]|=|—+|-{{2,}}|->|=>|→|>>|-(?![\d-])|>)[ \t]*"
                          rf"|[【\[](?P<bracketed>{_WORD})[】\]][ \t]*")
_A_MARK = re.compile(r"[:：=—>→【\[-]")
_VALUE = re.compile(r"[^\s,，;；|、。!！?？\x00:：/／（(【\[&~～…\u2600-\u27bf\U0001f000-\U0001faff]+")  # (宿博文😊)
_THEN_A_FIELD_ENDS = re.compile(r"$|[\s,，;；|、。!！?？\x00/／（(【\[&~～…\u2600-\u27bf\U0001f000-\U0001faff]")
# A word that names a person (签字人, 谁收, 尊姓大名, Attention): a value of two to four characters after it is a name even
# where no listed surname opens it (溥梓涵) or it holds a word of a chat (能长胜).
_A_PERSONS_WORD = re.compile(r"[人者谁名姓收签领接给叫主]|^致$|name|attention|attn|recipient|addressee|consignee|receiver|client"
                             r"|customer|buyer", re.I)  # 叫啥：, 买主：
_NAME_SIZED = re.compile(r"[\u4e00-\u9fff]{2,4}")
# An address's words anywhere in a value (…17-586, …有限公司三分厂, …宿舍对面): an address that writes no division.
_AN_ADDRESS_WORD = re.compile(ADDRESS_END.pattern.removesuffix("$") + r"|[\u4e00-\u9fff]{2}.*\d")
# Words before a colon that say the value is no recipient's field (an order's, the goods', a time's; the sender's are
# generic_labels.SENDER_WORDS, and 发货目的 too here): left to the rules.
_NOT_THE_RECIPIENTS = re.compile(r"发货目的|单号|订单|编号|商品|品名|货品|物品|宝贝$|规格|颜色|尺码|款式|型号|数量|备注|时间|日期|时段"
                                 r"|order|item|note", re.I)


# A romanised Chinese name is pinyin syllables throughout (Wang Lei, Ouyang Xiao); Mail, Post and Deliver are not.
_PINYIN = re.compile(r"(?:(?:[zcs]h|[bpmfdtnlgkhjqxrzcsyw])?(?:iang|iong|uang|ueng|ang|eng|ing|ong|ian|iao|uai|uan|ai|ei|ao|ou|an"
                     r"|en|er|ia|ie|iu|in|ua|uo|ui|un|ue|ve|[aoeiuv]))+")


def _glued_name(rest: str) -> bool:
    """`rest`, what a listed label leaves of a word, is a name glued to it (孙浩然, 黄蓉, 宣荣嗣, Wang Lei), not more of
    the label (微信同号: 同号, 门牌地址: 门牌, 手机号多少: 多少, Mail to: Mail)."""
    if rest.isascii():
        return all(_PINYIN.fullmatch(part) for part in rest.split(" "))
    # two characters under a rare surname are more often a label's words (门牌, 如下) than a name
    return (person_shaped(rest) and given_name_fits(rest) and rest not in NOT_NAMES
            and (starts_with_a_common_surname(rest) or len(rest) >= 3))


def _whose(head: str) -> bool:
    """宓文会的, 那峥的 before a listed label: whose the field is, a full name under any listed surname."""
    owner = head[:-1]
    return head.endswith("的") and 2 <= len(owner) <= 4 and a_full_name(owner) and given_name_fits(owner) and owner not in LABEL_KIND


def _a_listed_label_in(word: str) -> bool:
    """A listed label opens or closes `word` and a name is the rest (收货人孙浩然, 黄蓉电话, 宓文会的地址, Wang Lei phone):
    labels.py and pieces.py read a name glued to a label."""
    if word.isascii():
        parts = word.lower().split(" ")
        return any(" ".join(parts[k:]) in LABEL_KIND and _glued_name(" ".join(parts[:k]))
                   or " ".join(parts[:k]) in LABEL_KIND and _glued_name(" ".join(parts[k:])) for k in range(1, len(parts)))
    return any(word[:k] in LABEL_KIND and _glued_name(word[k:])
               or word[k:] in LABEL_KIND and (_whose(word[:k]) or _glued_name(word[:k]))
               for k in range(2, len(word) - 1))


# Characters of a label's words (签字人, 谁收, 座机, 家住, 落地点): a word of two or three characters opening with a rare
# surname is a name (海清 >> 138…, 【楼佳琪】138…) unless it holds one.
_A_LABELS_CHARACTER = re.compile(r"[人者谁名姓收签领接给电话机号码址住送寄到点处位邮投派讯呼叫拨]")  # 通讯, 呼叫: a call's


def _a_name_itself(word: str) -> bool:
    if word[0] < "\u3000" or not person_shaped(word) or not given_name_fits(word):
        return False
    return starts_with_a_common_surname(word) or not _A_LABELS_CHARACTER.search(word)


def _kind_of_value(word: str, rest: str) -> str | None:
    """The plain label of the field `rest` opens with after the label `word`, if it is plainly one."""
    if rest.startswith(PHONE_MARK):
        return "电话"
    value = _VALUE.match(rest)
    alone = (value is not None and _THEN_A_FIELD_ENDS.match(rest, value.end()) is not None and given_name_fits(value[0])
             and value[0] not in NOT_NAMES)  # 时段：周末: no one
    gaz = get_gazetteer()
    written, start, end = scan_divisions(rest[:40], gaz)
    # After a person's word, a name-sized value alone is the name even where it ends like a place (荣怡园, 卢边城) or
    # opens with a city's name (濮阳紫欣): a division written alone (拱墅区) is no one's.
    if (alone and _A_PERSONS_WORD.search(word) and _NAME_SIZED.fullmatch(value[0])
            and not (written and start < value.end() <= end)):  # (谢常安。浙江省…: the division after it)
        return "姓名"
    if written and start == 0:
        return "地址"
    if not value:
        return None
    if alone and person_shaped(value[0]) and is_name(value[0], gaz) and not a_note(value[0]):
        return "姓名"
    if len(value[0]) >= 4 and _AN_ADDRESS_WORD.search(value[0]):  # 家住：龙山镇…602号, Destination:八卦四路…: no division
        return "地址"
    return None


# Words of a call alone before a phone, with no mark (微信同号 139…, …张三 手机微信同号139…, 通讯 139…): its label.
_CALLS_CHARACTERS = "手机电话号码微信同座固移动联系方式热线通讯呼叫拨打致来"
_CALL_WORDS = re.compile(rf"{_BOUNDARY}(?P<word>(?:[{_CALLS_CHARACTERS}]|[Vv]信){{2,8}})[ \t\u3000]*(?=\x00)")
_A_CALLS_CHARACTER = frozenset(_CALLS_CHARACTERS)


def _a_call_before_a_phone(text: str) -> bool:
    """A call's character just before a phone: the test is cheaper than the search."""
    at = text.find("\x00")
    while at != -1:  # every phone, the first at the text's head too
        before = text[:at].rstrip(" \t\u3000")
        if before and before[-1] in _A_CALLS_CHARACTER:
            return True
        at = text.find("\x00", at + 1)
    return False


# A word naming whoever takes the parcel, alone before a space and a name (…100号 接头人 张三, 签收者 溥梓涵 …): its label;
# not a place's people (客家人) or a hotel's (威尼斯人).
_PERSONS_WORD_BEFORE_A_SPACE = re.compile(rf"{_BOUNDARY}(?P<word>[\u4e00-\u9fff]{{0,3}}[收签领接提取交][\u4e00-\u9fff]{{0,2}}[人者])"
                                          r"[ \t\u3000]+(?=[\u4e00-\u9fff])")


def _left_to_the_labels(word: str) -> bool:
    """A listed label, the sender's word or a name glued to a listed label: labels.py and roles.py read it."""
    return word.lower() in LABEL_KIND or SENDER_WORDS.search(word) is not None or _a_listed_label_in(word)


def _unmarked(m: re.Match) -> str:
    word = m["word"]
    if _left_to_the_labels(word):
        return m[0]
    if m.re is _CALL_WORDS:
        return "电话："
    rest = m.string[m.end():]
    value = _VALUE.match(rest)
    if (_NOT_THE_RECIPIENTS.search(word) or _a_name_itself(word) or not _NAME_SIZED.fullmatch(value[0])
            or not _THEN_A_FIELD_ENDS.match(rest, value.end()) or not is_name(value[0], get_gazetteer())):
        return m[0]
    return "姓名："


def with_unmarked_labels(text: str) -> str:
    """`text` with the words of a call before a phone and a word naming a person before a name, neither set off by a
    mark, written as those fields' plain labels."""
    if _a_call_before_a_phone(text):
        text = _CALL_WORDS.sub(_unmarked, text)
    if ("人" in text or "者" in text) and (" " in text or "\t" in text or "\u3000" in text):
        text = _PERSONS_WORD_BEFORE_A_SPACE.sub(_unmarked, text)
    return text


def with_typed_labels(text: str) -> str:
    """`text` with each unlisted word before a colon (or what stands for one) that labels a phone, an address or a name
    written as that field's plain label and a colon."""
    if not _A_MARK.search(text):
        return text
    out, kept = [], 0
    for m in _MARKED_WORD.finditer(text):
        word = m["word"] or m["bracketed"]
        if _left_to_the_labels(word) or _NOT_THE_RECIPIENTS.search(word) or _a_name_itself(word):
            continue
        if m["bracketed"] and not _A_LABELS_CHARACTER.search(word) or LABEL_RE.match(text, m.end()):
            continue
        if m["mark"] in ("-", ">") and (m[0] != word + m["mark"] or not _A_LABELS_CHARACTER.search(word)
                                        or scan_divisions(word, get_gazetteer())[0]):
            continue  # 收件地-…, 送至>…: a label's, glued; not a separator's ( - ) nor one between places (发到天津市-市辖区)  # 【顺丰】, 【急】: a courier's or a note's brackets; 【顺丰】收货的地址是…: the label follows
        label = _kind_of_value(word, text[m.end():])
        if not label:
            continue
        if m["mark"] in (":", "："):
            out += [text[kept: m.start("word")], label]
            kept = m.end("word")
        else:  # the mark a colon, the brackets a field's start (…100号[接头人]张三)
            out += [text[kept: m.start()], f" {label}：" if m["bracketed"] else f"{label}："]
            kept = m.end()
    return "".join(out) + text[kept:] if out else text
