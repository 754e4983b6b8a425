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

# A second pool (round 24), written on 2026-12-08 after the first was mended and before any rule was changed for this
# one: other verbs and pronouns around the name above all (…收一下, 帮…下单, 交…本人, 让…签收, …那边, 打给…, …来拿), since
# names held the first pool's untuned misses. Split at random (seed 20261220) into WORDED (mended on) and UNWORDED
# (measured once untuned).
SENTENCES_B = [
    "{name}收一下，{address}，{phone}",
    "帮{name}下单，送{address}，手机{phone}",
    "地址：{address}。到了联系{name}，{phone}",
    "{name}要的，寄{address}，{phone}",
    "是{name}收货，电话{phone}，{address}",
    "收件写{name}，{phone}，送到{address}",
    "快递给{name}，{phone}，{address}，谢谢亲",
    "{address}，{name}在家，打{phone}",
    "送去{address}，交{name}本人，电话{phone}",
    "{phone}是{name}的手机，地址{address}",
    "就寄给{name}吧，{address}，{phone}",
    "{address}，{name}同学，{phone}",
    "麻烦转交{name}，地址{address}，联系方式{phone}",
    "让{name}签收就行，{address}，{phone}",
    "{name}那边地址是{address}，电话{phone}",
    "我是{name}，我的手机{phone}，寄到{address}",
    "收货的是{name}本人，{phone}，{address}",
    "寄给{name}同志，{address}，{phone}",
    "下单人{name}，{phone}，发货到{address}",
    "{address}，请{name}接收，{phone}",
    "电话{phone}，找一下{name}，地址{address}",
    "{name}说寄到{address}，电话{phone}",
    "送{address}给{name}，{phone}",
    "对，就是{name}，{phone}，{address}没错",
    "你好我是{name}的家人，帮她填：{address}，{phone}",
    "{address}，打给{name}，{phone}",
    "{name}来拿，{address}，{phone}",
    "寄到{address}，{name}会签收的，手机{phone}",
    "{phone}，{name}，{address}，到了请打电话",
    "请发给{name}：{address}，{phone}",
    "{address}这里，{name}，{phone}，谢谢啦",
    "联系人是{name}哦，号码{phone}，地址{address}",
]
WORDED, UNWORDED = _halves(SENTENCES_B, seed=20261220)


def in_sentences(rows: list[tuple[str, dict]], seed: int, sentences: list[str], per_row: int = 3) -> list[tuple[str, dict]]:
    """`per_row` sentences drawn at random for each row's address, name and phone, in row order; rows whose name or
    phone the text does not hold are left out."""
    rng = random.Random(seed)
    return [(rng.choice(sentences).format(address=address, name=gold["name"], phone=gold["phone"]), gold)
            for address, gold in addresses_written(rows) for _ in range(per_row)]
