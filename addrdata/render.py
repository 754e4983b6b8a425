"""Render one Record as the messy text a shipping label or chat message carries."""

from __future__ import annotations

import random

from service.extract import Div, candidates, get_gazetteer

from .records import EMOJI, REMARKS, Record

NAME_LABELS = ["收件人", "收货人", "联系人", "姓名", "收件人姓名", "NAME", "接收人", "收件者", "签收人"]
PHONE_LABELS = ["电话", "手机", "手机号", "联系电话", "TEL", "Tel", "MOBILE", "联系方式", "电话号码", "座机"]
ADDRESS_LABELS = ["地址", "收货地址", "详细地址", "收件地址", "ADDR"]
COLONS = ["：", ":", "", " ", ": "]
SEPARATORS = [" | ", "|", "；", ";", "，", ",", "、", "\t", " ", "  ", "\n", " / "]


def _unique_alias(div: Div, role: str) -> str | None:
    gaz = get_gazetteer()
    options = [a for a, divs in gaz.by_alias.items() if div in divs and candidates(gaz, a, role) == [div]]
    return min(options, key=len) if options else None


def render_address(rec: Record, rng: random.Random) -> str:
    gaz = get_gazetteer()
    prov_div = gaz.province_of(rec.division)
    city_div = gaz.city_of(rec.division)
    prov, city = rec.province, rec.city
    if rng.random() < 0.25:
        prov = _unique_alias(prov_div, "province") or prov
        if city_div is not None and city_div != prov_div and city_div != rec.division:
            city = _unique_alias(city_div, "city") or city
    parts = [prov, city, rec.district]
    municipality = gaz.is_municipality(prov_div)
    r = rng.random()
    if r < 0.08 and len(gaz.by_name.get(rec.district, [])) == 1:
        parts = [rec.district]  # only a district that names one place in China (岳麓区)
    elif not municipality and r < 0.3:
        parts = parts[1:]  # province omitted: still unique once the city is named
    out = []
    for p in parts:
        if p and p not in out and not (municipality and p == city and out):
            out.append(p)
    joiner = " " if rng.random() < 0.1 else ""
    return joiner.join(out) + joiner + rec.specific_location


def _labelled(label_pool: list[str], value: str, rng: random.Random, on: bool) -> str:
    return f"{rng.choice(label_pool)}{rng.choice(COLONS)}{value}" if on else value


def render(rec: Record, rng: random.Random) -> str:
    labelled = rng.random() < 0.5
    address_text = render_address(rec, rng)
    if labelled and rec.specific_location and address_text.endswith(rec.specific_location) and rng.random() < 0.15:
        # Order-form style: the region and the street in two labelled fields.
        region = address_text[: -len(rec.specific_location)].strip()
        address = f"所在地区{rng.choice(COLONS)}{region} 详细地址{rng.choice(COLONS)}{rec.specific_location}"
    else:
        address = _labelled(ADDRESS_LABELS, address_text, rng, labelled and rng.random() < 0.7)
    name = _labelled(NAME_LABELS, rec.name, rng, labelled)
    phone = _labelled(PHONE_LABELS, rec.phone, rng, labelled)
    if not labelled and rng.random() < 0.08:
        segments = [address, name + phone]  # name glued to its phone
    else:
        segments = [address, name, phone]
    rng.shuffle(segments)
    if rng.random() < 0.12:
        segments.insert(rng.randint(0, len(segments)), f"订单号{rng.choice(COLONS)}{rng.randint(10**13, 10**18)}")
    if rng.random() < 0.1:
        segments.append(f"备注{rng.choice(['：', ':'])}{rng.choice(REMARKS)}")
    if rng.random() < 0.05:
        segments.append(f"邮编{rng.choice(COLONS)}{rec.division.code[:4]}00")
    if rng.random() < 0.1:
        segments.append(rng.choice(EMOJI))
    return rng.choice(SEPARATORS).join(segments)
