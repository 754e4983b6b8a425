"""Real records written inside sentences, as buyers type them into a chat: the three fields carried by verbs and
pronouns rather than labels (麻烦寄到…，收件人是…，电话…; 我在…，打…找…; …的地址：…), notes and requests between them
(不在家放门口, 发顺丰), in any order. framed.REQUESTS holds nine such sentences; this is a fresh pool of thirty-two,
written on 2026-12-07 (the twenty-third session) before any rule was changed for it, and split at random (seed
20261217) into SAID (the rules are mended on its train compositions) and UNSAID (measured once untuned, after those
changes). The fields stay as the corpus writes them and the gold is the corpus's: no sentence adds a field (a note,
a courier's name and a request are no field).
"""

from __future__ import annotations

import random

from .framed import addresses_written

SENTENCES = [
    "你好，麻烦寄到{address}，收件人是{name}，电话{phone}，谢谢",
    "帮我发到{address}，找{name}就行，{phone}",
    "{name}，{phone}，地址在{address}，麻烦尽快发出",
    "东西寄给我朋友{name}，他电话是{phone}，地址：{address}",
    "请送至{address}，联系{name}（电话：{phone}）",
    "我的地址是{address}，我叫{name}，手机{phone}",
    "{address}，到了给{name}打电话{phone}",
    "快递送到{address}，{name}签收，电话{phone}，不在家放门口",
    "老板，{name} {phone} {address}，发顺丰",
    "改一下地址：{address}，人还是{name}，电话{phone}",
    "新地址是{address}，电话不变{phone}，名字{name}",
    "麻烦给{name}寄过去，电话{phone}，地址是{address}",
    "收件信息是这样的：{name}/{phone}/{address}",
    "寄{address}，{name}收，{phone}，周末也可以送",
    "这是我的收货信息，{address}，{name}，{phone}，辛苦了",
    "地址{address}，收件的是{name}，号码{phone}",
    "送货地址写{address}就行，联系人写{name}，电话写{phone}",
    "就发{address}吧，{name}，手机号{phone}",
    "{name}的地址：{address}，电话：{phone}",
    "ship to {name}, {phone}, {address}",
    "麻烦发个快递到{address}，收件人{name}，手机号码是{phone}哈",
    "我在{address}，打{phone}找{name}",
    "收货人：{name}（手机{phone}），收货地址：{address}",
    "您好！订单地址请改为{address}，{name}，{phone}",
    "寄到{address}，交给{name}，电话{phone}，谢谢老板",
    "发到这里：{address}，{name}，{phone}，不要发邮政",
    "{address}（{name}收，{phone}）",
    "帮忙寄一下：{name}，电话{phone}，住{address}",
    "请把货送到{address}，{name}会来取，他的手机是{phone}",
    "地址是{address}，电话是{phone}，收件人是{name}，请核对",
    "{phone} 这个号码能打通，人是{name}，寄{address}",
    "嗯嗯 地址是{address} {name} {phone}",
]


def _halves(sentences: list[str], seed: int) -> tuple[list[str], list[str]]:
    shuffled = list(sentences)
    random.Random(seed).shuffle(shuffled)
    return shuffled[: len(shuffled) // 2], shuffled[len(shuffled) // 2:]


SAID, UNSAID = _halves(SENTENCES, seed=20261217)


def in_sentences(rows: list[tuple[str, dict]], seed: int, sentences: list[str], per_row: int = 3) -> list[tuple[str, dict]]:
    """`per_row` sentences drawn at random for each row's address, name and phone, in row order; rows whose name or
    phone the text does not hold are left out."""
    rng = random.Random(seed)
    return [(rng.choice(sentences).format(address=address, name=gold["name"], phone=gold["phone"]), gold)
            for address, gold in addresses_written(rows) for _ in range(per_row)]
