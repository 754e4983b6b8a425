"""Render one Record as the messy text a shipping label or chat message carries."""

from __future__ import annotations

import random

from service.extract import Div, candidates, get_gazetteer

from .records import EMOJI, REMARKS, Record

# Labels as people write them on order forms and in chats, written from what the corpora and
# order screenshots show, not copied from the rules' label table; English ones in any case.
NAME_LABELS = ["收件人", "收货人", "联系人", "姓名", "收件人姓名", "name", "接收人", "收件者", "签收人", "收货人姓名",
               "客户", "客户姓名", "contact", "Consignee", "寄给", "收件人为", "接收者", "顾客"]
PHONE_LABELS = ["电话", "手机", "手机号", "联系电话", "tel", "mobile", "联系方式", "电话号码", "座机", "手机号码",
                "收件人电话", "phone", "cell", "call", "联系手机", "电话/微信", "Tel.", "收货人手机"]
ADDRESS_LABELS = ["地址", "收货地址", "详细地址", "收件地址", "addr", "address", "送货地址", "配送地址", "寄送地址"]
COLONS = ["：", ":", "", " ", ": ", "：", "= "]
SEPARATORS = [" | ", "|", "；", ";", "，", ",", "、", "\t", " ", "  ", "\n", " / "]


def _unique_alias(div: Div, role: str) -> str | None:
    gaz = get_gazetteer()
    options = [a for a, divs in gaz.by_alias.items() if div in divs and candidates(gaz, a, role) == [div]]
    return min(options, key=lambda alias: (len(alias), alias)) if options else None  # ties in a fixed order


def render_address(rec: Record, rng: random.Random, joiners: bool = True) -> str:
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
    if r < 0.08 and len(gaz.lookup(rec.district)[0]) == 1:
        parts = [rec.district]  # only a district that names one place in China (岳麓区)
    elif not municipality and r < 0.3:
        parts = parts[1:]  # province omitted: still unique once the city is named
    out = []
    for p in parts:
        if p and p not in out and not (municipality and p == city and out):
            out.append(p)
    if not rec.says_divisions:
        return rec.specific_location
    if len(out) > 1 and rng.random() < 0.03:
        out.insert(len(out) - 1, out[-1])  # a division written twice (余杭区余杭区), as order forms do
    joiner = rng.choice([" ", "-", "/"]) if joiners and rng.random() < 0.12 else ""
    return joiner.join(out) + (joiner if joiner == " " else "") + rec.specific_location


def _case(label: str, rng: random.Random) -> str:
    if label.isascii():
        return rng.choice([label, label.upper(), label.lower(), label.capitalize()])
    return label


def _labelled(label_pool: list[str], value: str, rng: random.Random, on: bool) -> str:
    return f"{_case(rng.choice(label_pool), rng)}{rng.choice(COLONS)}{value}" if on else value


def render_waybill(rec: Record, address: str, rng: random.Random) -> str:
    """Name, phone and address glued with no separator in any order, as the waybill corpus has it."""
    parts = [p for p in (rec.name, rec.phone, address) if p]
    rng.shuffle(parts)
    if rec.name and rec.phone and parts[-1] == rec.name and parts[-2] == address:
        parts = [rec.name, *[p for p in parts if p != rec.name]]  # a name right after the address is ambiguous
    return "".join(parts)


def render(rec: Record, rng: random.Random) -> str:
    labelled = rng.random() < 0.5
    if rng.random() < 0.15 and (rec.phone is None or rec.phone.isdigit() and rec.phone.startswith("1")):
        return render_waybill(rec, render_address(rec, rng, joiners=False), rng)
    address_text = render_address(rec, rng)
    if labelled and rec.specific_location and address_text.endswith(rec.specific_location) and rng.random() < 0.15:
        # Order-form style: the region and the street in two labelled fields.
        region = address_text[: -len(rec.specific_location)].strip()
        address = f"所在地区{rng.choice(COLONS)}{region} 详细地址{rng.choice(COLONS)}{rec.specific_location}"
    else:
        address = _labelled(ADDRESS_LABELS, address_text, rng, labelled and rng.random() < 0.7)
    if rec.name is None:
        segments = [address]
    else:
        name = _labelled(NAME_LABELS, rec.name, rng, labelled)
        phone = _labelled(PHONE_LABELS, rec.phone, rng, labelled)
        segments = [address, name + phone] if not labelled and rng.random() < 0.08 else [address, name, phone]
    rng.shuffle(segments)
    if rng.random() < 0.12:
        segments.insert(rng.randint(0, len(segments)), f"订单号{rng.choice(COLONS)}{rng.randint(10**13, 10**18)}")
    if rng.random() < 0.1:
        segments.append(f"备注{rng.choice(['：', ':'])}{rng.choice(REMARKS)}")
    if rng.random() < 0.05:
        segments.append(f"邮编{rng.choice(COLONS)}{rec.division.code[:4]}00")
    if rng.random() < 0.1:
        segments.append(rng.choice(EMOJI))
    if rng.random() < 0.02:
        segments.insert(rng.randint(0, len(segments)), "null")  # exports write empty fields as null
    return rng.choice(SEPARATORS).join(segments)
