"""Real waybill records put into the frames people write around them: labels (with a copula, short, before a colon),
separators, any order of the three fields, verbal requests (寄给…, 麻烦寄到…收), an order id before them, a label glued
to the address's end. The address, name and phone stay as the corpus writes them, so a miss here that the plain
waybill set does not have comes from the frame meeting a real address (a name that ends like a place: 柏佳栋收; a floor
after a comma: 市场二,三楼桓玥), which our generator's own vocabulary cannot show.

The frames are ours (written from the held-out failure classes of issue 21, not from the rules' label table); the
gold is the corpus's, unchanged: the frame adds no field.

NAACL's rows are addresses alone (messier than waybills': no province, short forms, shop names at the end), so
`lend_contacts` gives each one a name and phone that the waybill corpus's same split writes (real people's names, not
our generator's), and the gold keeps NAACL's address fields with those two added. `glued` writes them in the waybill corpus's own
orders, the three fields with nothing between them (13812345678王芳龙山镇…, 王芳龙山镇…13812345678); `without_names` writes
the same addresses with the phone alone (glued, or after a space) and no name: the gold name is None, so a name read there was made up from the
address's end (…四层麦当劳138…).
"""

from __future__ import annotations

import itertools
import random
import re

_PHONE_LIKE = re.compile(r"\d{7,}")
NAME_LABELS = ["收件人：", "收件人:", "收件人是", "收货人为", "收件:", "收货人：", "联系人：", "联系:", "姓名：", "收件人 ",
               "收方：", "名字：", "收件人姓名：", "联系人是"]
PHONE_LABELS = ["电话：", "电话:", "电话号码是", "联系电话是", "号码：", "手机：", "手机号：", "Tel:", "联系方式：", "手机号码 ",
                "电话 ", "联系电话：", "手机号是"]
ADDRESS_LABELS = ["地址：", "收货地址：", "地址:", "详细地址：", "收件地址：", "寄往：", "发往：", "所在地区：", "地址是", "送到",
                  "寄到", ""]
SEPARATORS = [" ", "，", ",", "；", " | ", "\n", "\t", "  ", "、", "/"]
REQUESTS = ["寄给{name} {phone} {address}", "麻烦寄到{address}，{name}收，电话{phone}", "{address} {name}收 {phone}",
            "给{name}寄，{address}，{phone}", "发到{address}给{name}，手机{phone}", "{name} {phone}\n{address}",
            "{address}{name}{phone}", "{phone}，{address}，{name}", "收货信息：{name}，{phone}，{address}"]


def _labelled(address: str, name: str, phone: str, rng: random.Random) -> str:
    fields = [rng.choice(ADDRESS_LABELS) + address, rng.choice(NAME_LABELS) + name, rng.choice(PHONE_LABELS) + phone]
    separator = rng.choice(SEPARATORS)
    rng.shuffle(fields)
    return separator.join(fields)


def _around(address: str, name: str, phone: str, rng: random.Random) -> str:
    """An order id before the fields, or the phone's label glued to the address's end."""
    frames = [f"A{rng.randint(1, 999):03d},{address},{name},{phone}",
              f"{address}{rng.choice(['联系电话是', '电话号码是', '电话', '手机'])}{phone} {name}",
              f"订单{rng.randint(10000, 99999)} {name} {phone} {address}",
              f"{address}\t{rng.choice(['电话号码是', '电话：'])}{phone}\t{rng.choice(['收件人', '联系人'])}{name}"]
    return rng.choice(frames)


def address_as_written(text: str, gold: dict) -> str | None:
    """The waybill's address: its text without the gold name and phone (None when either is not written in it)."""
    name, phone = gold.get("name"), gold.get("phone")
    if not (name and phone and name in text and phone in text):
        return None
    return text.replace(phone, "", 1).replace(name, "", 1).strip() or None


def addresses_written(rows: list[tuple[str, dict]]):
    """(the address as written, gold) for each row whose text holds its name and phone, in row order."""
    for text, gold in rows:
        if (address := address_as_written(text, gold)) is not None:
            yield address, gold


def lend_contacts(address_rows: list[tuple[str, dict]], contact_rows: list[tuple[str, dict]],
                  seed: int) -> list[tuple[str, dict]]:
    """Each address row with a name and phone from `contact_rows` (in a seeded order, reused when they run out), as
    address + name + phone, the shape `framed` takes apart; rows whose text already holds a phone-like run of digits
    are left out (two phones in one text would make the gold a guess), and so are those that already write the lent
    name (framed would take the wrong one out)."""
    contacts = [(g["name"], g["phone"]) for t, g in contact_rows if address_as_written(t, g) is not None]
    random.Random(seed).shuffle(contacts)
    kept = [(text, gold) for text, gold in address_rows if not _PHONE_LIKE.search(text)]
    return [(text + name + phone, {**gold, "name": name, "phone": phone})
            for (text, gold), (name, phone) in zip(kept, itertools.cycle(contacts)) if name not in text]


def _lent_address(text: str, gold: dict) -> str:
    """The address of a row `lend_contacts` made: its text before the lent name and phone."""
    return text[: len(text) - len(gold["name"] + gold["phone"])]


GLUED_ORDERS = ["{phone}{name}{address}", "{name}{phone}{address}", "{address}{phone}{name}", "{name}{address}{phone}",
                "{phone}{address}{name}"]


def glued(lent: list[tuple[str, dict]]) -> list[tuple[str, dict]]:
    """Each row `lend_contacts` made (address, name, phone glued) in the five other orders of GLUED_ORDERS."""
    out = []
    for text, gold in lent:
        address = _lent_address(text, gold)
        out += [(order.format(phone=gold["phone"], name=gold["name"], address=address), gold) for order in GLUED_ORDERS]
    return out


def without_names(lent: list[tuple[str, dict]]) -> list[tuple[str, dict]]:
    """Each row `lend_contacts` made, as its address and phone with nothing between them and with a space, no name."""
    out = []
    for text, gold in lent:
        address = _lent_address(text, gold)
        out += [(address + between + gold["phone"], {**gold, "name": None}) for between in ("", " ")]
    return out


def framed(rows: list[tuple[str, dict]], seed: int, per_row: int = 3) -> list[tuple[str, dict]]:
    """Up to `per_row` framed texts per row (one labelled, one request, one around), in row order; rows whose name or
    phone the text does not hold are left out."""
    rng = random.Random(seed)
    out = []
    for address, gold in addresses_written(rows):
        name, phone = gold["name"], gold["phone"]
        texts = [_labelled(address, name, phone, rng),
                 rng.choice(REQUESTS).format(address=address, name=name, phone=phone),
                 _around(address, name, phone, rng)]
        out += [(framed_text, gold) for framed_text in texts[:per_row]]
    return out
