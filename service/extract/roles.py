"""Role labels (issue 22): a text often holds the sender and the recipient (寄件人 … 收件人 …). Split at the role
labels, each role's pieces can be read on their own (rules.py reads the recipient's, contacts.py both)."""

from __future__ import annotations

import re


# Role labels, longest first. What a sender label labels is read as the generic label it stands for.
_SENDER = {"寄件人姓名": "姓名", "发件人姓名": "姓名", "寄件人电话": "电话", "发件人电话": "电话", "寄件人地址": "地址",
           "发件人地址": "地址", "寄件地址": "地址", "发件地址": "地址", "发货地址": "地址", "寄件人": "姓名", "发件人": "姓名",
           "发货人": "姓名", "装货地址": "地址", "装货地点": "地址", "发货方": "", "寄件方": "", "发件方": "", "寄件信息": "", "发件信息": "", "shipper": "name",
           "sender": "name", "from": "", "寄": "", "寄件": "", "发件": "", "从": ""}  # 寄：张三 … 收：李四 …, 从：… 到：…: short forms, before a colon
_RECIPIENT = ("收件人姓名", "收货人姓名", "收件人电话", "收货人电话", "收件人地址", "收货人地址", "收件地址", "收货地址",
              "卸货地址", "卸货地点", "收件人", "收货人", "收货方", "收件方", "收件信息", "收货信息", "收件", "收", "到", "consignee", "recipient", "receiver", "to")
_COLON_ONLY = ("寄", "寄件", "发件", "收", "收件", "从", "到")  # words elsewhere (寄存, 收银台): role labels only before a colon
# The lookahead on the labels' first characters skips most positions at once (labels._LABEL_RE says why).
_ROLE_RE = re.compile("(?=[" + re.escape("".join(sorted({w[0] for w in [*_SENDER, *_RECIPIENT]}))) + "])(" + "|".join(
    rf"(?<![A-Za-z]){w}(?=\s*[:：])" if w.isascii() else rf"(?<![\u4e00-\u9fff]){w}(?=\s*[:：])" if w in _COLON_ONLY else w
    for w in sorted([*_SENDER, *_RECIPIENT], key=len, reverse=True)) + ")", re.IGNORECASE)
RECIPIENT_LABEL = re.compile("|".join(w for w in _RECIPIENT if not w.isascii() and w not in _COLON_ONLY))


# From 赵本山 139… To 宋小宝 139… …: the two Latin role words without their colons, From opening the text.
_FROM_TO = re.compile(r"^\s*(from)\s+(?=\S)(.*?\s)(to)\s+(?=\S)", re.IGNORECASE | re.DOTALL)
_ADDRESS_WORD = re.compile(r"[省市区县旗盟路街道巷弄村镇乡号楼栋幢室]")
_DIGIT = re.compile(r"\d")


def _a_recipient_address(text: str, marks: list[tuple[int, int, str]]) -> bool:
    """Whether what a recipient's label covers holds an address of its own (收件人 陆毅 手机 139… holds none)."""
    ends = [start for start, _, _ in marks[1:]] + [len(text)]
    return any(_ADDRESS_WORD.search(text[end:stop]) for (_, end, label), stop in zip(marks, ends)
               if label.lower() not in _SENDER)


def role_segments(text: str) -> list[tuple[str, str]] | None:
    """[(role, that role's text)], in the order the roles first appear; None when no sender is labelled (the text is
    then one contact). A sender's labels are rewritten to the generic label (寄件人 → 姓名), a recipient's kept."""
    if (from_to := _FROM_TO.match(text)) and not _ROLE_RE.search(text):
        text = f"{from_to[1]}：{from_to[2]}{from_to[3]}：{text[from_to.end():]}"
    marks = [(m.start(), m.end(), m.group(1)) for m in _ROLE_RE.finditer(text)]
    senders = {label.lower() for _, _, label in marks if label.lower() in _SENDER}
    if not senders or (senders == {"发货地址"} and not _a_recipient_address(text, marks)):
        return None  # a buyer's 发货地址 (where to ship) with a recipient label and no other address: one contact
    parts: dict[str, list[str]] = {}
    head = text[: marks[0][0]].strip()
    for k, (start, end, label) in enumerate(marks):
        role = "sender" if label.lower() in _SENDER else "recipient"
        stop = marks[k + 1][0] if k + 1 < len(marks) else len(text)
        body = text[end:stop] if role == "sender" else text[start:stop]
        if role == "sender":
            body = _SENDER[label.lower()] + body
        parts.setdefault(role, []).append(body.strip(" \t|｜;；,，、/"))
    # Text before the first label with no recipient label is the recipient's, when it holds an address word or a
    # number (我要退货 退回地址是？ 寄件人 … is a chat, and the sender's the only contact).
    if head and "recipient" not in parts and (_ADDRESS_WORD.search(head) or _DIGIT.search(head)):
        parts["recipient"] = [head]
    return [(role, " | ".join(p for p in pieces if p)) for role, pieces in parts.items()]
