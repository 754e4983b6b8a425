"""Issue 22's added fields, measured: the township against the NAACL annotation (it tags the town where one is
written), and contacts on texts with a sender and a recipient written here from generated records (five label
styles), with the recipient's six fields on them; two people without role labels, and one person with two numbers. bench.accuracy prints these lines too.

Run as: python -m bench.contract_v2 [--split dev] [--n 500]
"""

from __future__ import annotations

import argparse
import random

from addrdata import corpora, labelled_texts
from service.extract import extract
from service.extract.contacts import read_contacts
from service.extract.gazetteer import TOWNSHIP_SUFFIXES
from service.extract.town import read_town
from service.schema import FIELDS


def _stem(name: str) -> str:
    return next((name[: -len(s)] for s in TOWNSHIP_SUFFIXES if name.endswith(s) and len(name) - len(s) >= 2), name)


def town_line(split: str) -> str:
    """Where the annotation tags a town: our town right (its official name or its stem as written); where it tags
    none: how often we answer one anyway."""
    rows = corpora.naacl_towns(split)
    if rows is None:
        return f"town (naacl-{split}): corpora not found; skipped"
    tagged = right = untagged = answered_untagged = answered = 0
    for text, gold in rows:
        reading = extract(text)
        town = read_town(reading.adcode, reading.specific_location).name
        answered += town is not None
        if gold:
            tagged += 1
            right += town is not None and (town == gold or _stem(town) == _stem(gold))
        else:
            untagged += 1
            answered_untagged += town is not None
    return (f"town (naacl-{split}): {tagged} addresses tag a town, ours right on {right / tagged:.1%}; "
            f"{answered_untagged}/{untagged} without a tag got one ({answered_untagged / max(untagged, 1):.1%}); "
            f"precision where we answered {right / max(answered - answered_untagged, 1):.1%} of tagged rows")


_STYLES = [
    "寄件人：{sn} {sp} {sa} 收件人：{rn} {rp} {ra}",
    "发件人:{sn}，电话{sp}，地址:{sa}；收件人:{rn}，电话{rp}，地址:{ra}",
    "收货人：{rn} {rp} {ra} | 发货人：{sn} {sp} {sa}",
    "寄件地址：{sa} 收件地址：{ra} 寄件人：{sn} {sp} 收件人：{rn} {rp}",
    "sender: {sn} {sp} {sa} / recipient: {rn} {rp} {ra}",
]


def _address(label: dict) -> str:
    parts = [label["province"], label["city"] if label["city"] != label["province"] else None,
             label["district"] if label["district"] != label["city"] else None, label["specific_location"]]
    return "".join(p for p in parts if p)


def two_contact_texts(n: int, seed: int = 22) -> list[tuple[str, set, dict]]:
    """(text, {(name, phone, role)}, the recipient's six fields): pairs of generated records in the styles above."""
    rng = random.Random(seed)
    records = [label for _, label in labelled_texts(4 * n, seed=seed)
               if label["name"] and label["phone"] and label["district"] and label["specific_location"]]
    out = []
    for k in range(n):
        sender, recipient = records[2 * k], records[2 * k + 1]
        text = rng.choice(_STYLES).format(sn=sender["name"], sp=sender["phone"], sa=_address(sender),
                                          rn=recipient["name"], rp=recipient["phone"], ra=_address(recipient))
        gold = {(sender["name"], sender["phone"], "sender"), (recipient["name"], recipient["phone"], "recipient")}
        out.append((text, gold, recipient))
    return out


def contacts_line(n: int) -> str:
    found = right = gold_total = six_exact = 0
    for text, gold, recipient in two_contact_texts(n):
        reading = extract(text)
        contacts, _ = read_contacts(text, reading)
        got = {(c.name, c.phone, c.role) for c in contacts}
        found, right, gold_total = found + len(got), right + len(got & gold), gold_total + len(gold)
        six_exact += all(getattr(reading, f) == recipient[f] for f in FIELDS)
    return (f"contacts ({n} texts with a sender and a recipient, 5 label styles): precision {right / max(found, 1):.1%}, "
            f"recall {right / gold_total:.1%} (name, phone and role all right); the recipient's six fields exact on "
            f"{six_exact / n:.1%}")


_UNLABELLED = [
    "{an} {ap} {bn} {bp} {addr}",
    "{addr} {an}{ap}，{bn}{bp}",
    "{ap} {an} / {bp} {bn} {addr}",
    "{an} 电话{ap} {bn} 电话{bp} {addr}",
    "{addr}｜{an}｜{ap}｜{bn}｜{bp}",
]
_ONE_PERSON = ["{addr} {an} {ap} {bp}", "{an} {ap}/{bp} {addr}", "{addr} {an} 电话{ap} 备用{bp}"]


def unlabelled_line(n: int, seed: int = 23) -> str:
    """Two people with no role labels (each a contact, role null), and one person with two numbers (one contact)."""
    rng = random.Random(seed)
    records = [label for _, label in labelled_texts(4 * n, seed=seed) if label["name"] and label["phone"]]
    found = right = gold_total = split_one = 0
    for k in range(n):
        a, b = records[2 * k], records[2 * k + 1]
        fill = dict(an=a["name"], ap=a["phone"], bn=b["name"], bp=b["phone"], addr=_address(a))
        text = rng.choice(_UNLABELLED).format(**fill)
        got = {(c.name, c.phone, c.role) for c in read_contacts(text, extract(text))[0]}
        gold = {(a["name"], a["phone"], None), (b["name"], b["phone"], None)}
        found, right, gold_total = found + len(got), right + len(got & gold), gold_total + len(gold)
        one = rng.choice(_ONE_PERSON).format(**fill)
        split_one += len(read_contacts(one, extract(one))[0]) != 1
    return (f"contacts ({n} texts with two unlabelled name-phone pairs, {len(_UNLABELLED)} styles): precision "
            f"{right / max(found, 1):.1%}, recall {right / gold_total:.1%}; {n} texts of one person with two numbers "
            f"answered as one contact: {1 - split_one / n:.1%}")


def main(argv: list[str] | None = None) -> list[str]:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--split", default="dev", help="NAACL split the township is scored on (train or dev)")
    ap.add_argument("--n", type=int, default=500, help="texts with two contacts")
    args = ap.parse_args(argv)
    lines = [town_line(args.split), contacts_line(args.n), unlabelled_line(args.n)]
    print("\n".join(lines))
    return lines


if __name__ == "__main__":
    main()
