"""Labels no list holds, read by the field word in them (issue 21: an unknown label is still a label). A label's words
before a colon at a field's boundary that name an address (家庭地址：, 派送地址：, Delivery Address:), a phone (移动电话：,
常用手机：, Mobile Phone:) or a person (怎么称呼：, 收件方：, Contact Person:) are rewritten as the plain label of that kind,
which label_words lists; before a space only the Chinese ones (移动电话 139…). A word is a label's only when every part
of it is label vocabulary, whose owner or kind (收件人, 常用, 家庭, 您的 …) comes before the field word (地址, 电话, 称呼 …):
a name glued before a label (童文洁联系电话:) or a label before a name (收货人孙浩然：) is left to labels.py, and any other
word before a colon is left as written. pieces.py asks this of the whole text first. Written on 2026-12-07 from label
tables of the probes (thirteen labels of each kind, 4,719 compositions of waybill train rows each). Two tables written
after it, each measured before it changed anything: one read right throughout (bench.accuracy's unlisted-* sets: 1,008
wrong before this reader), the other only 34% (信息, 资料, 负责人, Buyer were not vocabulary: 3,108 wrong, 1,298
unflagged; 5 after they were added). The vocabulary is what limits it: a label of words outside it is not read."""

from __future__ import annotations

import re

from .labels import LABEL_KIND
# Whose field or which one (收件人, 常用, 家庭 …), then the field word (地址, 电话, 称呼 …).
_OWNER = (r"(?:收件人?的?|收货人?的?|联系人?的?|收件方|收货方|收方|签收人?|取件人?|客户的?|顾客的?|客人|买家的?|会员的?|用户的?|您的|你的|亲的"
          r"|本人|真实|常用|移动|家庭|单位|公司|工作|办公|派送|派件|投递|送达|送货|交货|到货|上门|配送|邮寄|寄送|快递|所在|详细|默认|目前"
          r"|现在?|当前|新的?|怎么|联络|手机|电话|负责人|经办人|对接人|店铺|门店)")
_FIELD = (r"(?:(?:地址|住址|住所|位置|地点|所在地|目的地|电话号?码?|手机号?码?|号码|联系方式|联系人|联系|姓名|名字|称呼|称谓|名称|名|人员|客户)"
          r"(?:信息|资料)?|信息|资料)")  # 收件人信息, 收货人资料: the record follows, read for what it is
_ALONE = r"(?:收件者|收件地|收货地|收件方|收货方|称呼|负责人|经办人|对接人|目的地|发货目的地)"
_QUALIFIER = r"(?P<qualifier>[（(][^（()）:：\d]{1,12}[)）])?"
# English form labels, every word from this list (Contact Person:, Tel/Mobile:, Phone No.:).
_LATIN = (r"(?i:delivery|shipping|street|full|contact|recipient|consignee|receiver|customer|buyer|mobile|cell|phone|telephone|tel"
          r"|cellphone|address|addr|name|person|no|number|line|attn|ship|to)")
_BOUNDARY = r"(?:^|(?<=[\s,，;；|、。!！?？\x00:：/／【】\[\]]))"
_WORD_BEFORE_A_COLON = re.compile(
    rf"{_BOUNDARY}(?P<word>(?:{_OWNER}{{0,3}}{_FIELD}|{_ALONE}){_QUALIFIER}|{_LATIN}(?:[ /]{_LATIN}){{0,3}}\.?#?)"
    r"[ \t]*(?=[:：])")
_WORD_BEFORE_A_SPACE = re.compile(rf"{_BOUNDARY}(?P<word>{_OWNER}{{1,3}}{_FIELD}|{_ALONE}|用户名|会员名)"
                                  r"[ \t\u3000]+(?=[^\s:：,，;；|/、])")
# The kind a field word names, tried in this order (收件方电话 is a phone's, 收件人地址 an address's).
_KINDS = (("地址", re.compile(r"地址|住址|住所|位置|地点|所在地|目的地|[收送寄]达?[件货]?地$|address|addr|ship to", re.I)),
          ("电话", re.compile(r"电话|手机|号码|联系方式|tel|mobile|phone|cell|number|\bno\.?$|#$", re.I)),
          # 收件人信息：, 客户资料： before the whole record: a label of no one field (收件信息 is listed so)
          ("收件信息", re.compile(r"(?:信息|资料)$")),
          ("姓名", re.compile(r"姓名|名字|称呼|称谓|名称|名$|人员$|(?:负责|经办|对接|联系)人$|收件|收货|签收|取件|\bname\b|person|recipient"
                            r"|consignee|receiver|attn|^to$|^customer$|^buyer$", re.I)))
# The sender's words stay for roles.py (寄件人称呼：…): the sender is no recipient; 发货到： names the recipient's place.
SENDER_WORDS = re.compile(r"寄件|寄货|发件|发货(?!目的|到|至|往)|寄方|发方|sender|from", re.I)  # 发货到： is where to


def _kind_label(word: str) -> str | None:
    if word.lower() in LABEL_KIND or SENDER_WORDS.search(word):  # a listed label: labels.py reads it
        return None
    return next((label for label, names in _KINDS if names.search(word)), None)


def _before_a_colon(m: re.Match) -> str:
    word = m["word"]
    return _kind_label(word[: m.start("qualifier") - m.start("word")] if m["qualifier"] else word) or word


def _before_a_space(m: re.Match) -> str:
    label = _kind_label(m["word"])
    return f"{label}：" if label else m[0]


def with_plain_labels(text: str) -> str:
    """`text` with each unlisted label that names a field written as that field's plain label."""
    if ":" in text or "：" in text:
        text = _WORD_BEFORE_A_COLON.sub(_before_a_colon, text)
    return _WORD_BEFORE_A_SPACE.sub(_before_a_space, text) if " " in text or "\t" in text or "\u3000" in text else text
