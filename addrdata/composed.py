"""Real records composed the way order forms, chats and exports combine their parts: each field with or without one of
many labels (N:, Mob:, 电话号码是, 【收件人】, address: …), the three in any order, one of many separators between them
(a dash with spaces, a full stop, CRLF), the address sometimes as an order form's two fields (所在地区：… 门牌号：…), a
greeting or a second request before them (老板，发这里：, 1. , 在吗？) and a note, a postcode or a date after them. `framed` writes three fixed frames per row; this draws every part at random, so the
parts meet in combinations nobody wrote a rule for (a list number before an unlabelled phone, a bracketed note after a
labelled name).

The parts were written here on 2026-12-07 (the seventeenth session) from what shops' exports and chats write, not from
the rules' label table. The rules were mended on the train splits' compositions that session (tests/
test_rules_real_frames.py); the dev splits' compositions are the check. The gold is the corpus's: no part adds a field
(a note, a postcode and an order id are no field, and the name and phone are the row's own).
"""

from __future__ import annotations

import random

from .framed import address_as_written

NAME_LABELS = ["", "收件人：", "收货人:", "姓名：", "联系人 ", "收件人是", "名字:", "N:", "收:", "Name: ", "【收件人】", "[收货人]",
               "收件人为"]
PHONE_LABELS = ["", "电话：", "手机:", "Tel:", "T:", "手机号码：", "联系电话 ", "电话号码是", "【电话】", "phone: ", "Mob:", "电话/微信:"]
ADDRESS_LABELS = ["", "地址：", "收货地址:", "详细地址：", "A:", "地址是", "寄到", "发往：", "【地址】", "address: ", "所在地区:"]
SEPARATORS = [" ", "，", ",", "；", " | ", "\n", "\t", "  ", "、", "/", "。", " - ", "\r\n"]
# An order form's two address fields (所在地区：浙江省杭州市西湖区 门牌号：文三路1号), a third of the time where the row writes
# a division before its location.
REGION_LABELS = ["所在地区：", "省市区：", "地区:", "【所在地区】", "省份城市：", ""]
DETAIL_LABELS = ["详细地址：", "门牌号：", "街道地址：", "【详细地址】", "地址："]
BEFORE = ["", "", "", "亲，", "您好，", "老板，发这里：", "订单号：20261207001 ", "【顺丰】", "在吗？", "1. "]
AFTER = ["", "", "", " 谢谢", "，尽快发货", " 备注：放门卫", "（工作日送）", " 到了打电话", " 邮编：310000", " 12月8日前送达", "！"]


def composed(rows: list[tuple[str, dict]], seed: int, per_row: int = 3) -> list[tuple[str, dict]]:
    """`per_row` random compositions of each row's address, name and phone, in row order; rows whose name or phone the
    text does not hold are left out (a NAACL row lent a contact by framed.lend_contacts holds both)."""
    rng = random.Random(seed)
    out = []
    for text, gold in rows:
        if (address := address_as_written(text, gold)) is None:
            continue
        location = gold["specific_location"] or ""
        head = address[: len(address) - len(location)] if location and address.endswith(location) else ""
        for _ in range(per_row):
            separator = rng.choice(SEPARATORS)
            if head and rng.random() < 1 / 3:
                written = rng.choice(REGION_LABELS) + head + separator + rng.choice(DETAIL_LABELS) + location
            else:
                written = rng.choice(ADDRESS_LABELS) + address
            fields = [rng.choice(NAME_LABELS) + gold["name"], rng.choice(PHONE_LABELS) + gold["phone"], written]
            rng.shuffle(fields)
            out.append((rng.choice(BEFORE) + separator.join(fields) + rng.choice(AFTER), gold))
    return out
