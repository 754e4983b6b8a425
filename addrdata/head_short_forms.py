"""Mine, from the NAACL-2019 train split's annotation, the county-level short forms that open an
address as its division (义乌国际商贸城…, 柯桥联合市场…: the annotators tagged 义乌 as the district 26
times and left it in a place's name 10 times). The rules read a short form at the head of an
address as its county only when one of the county's own townships follows; for the short forms
written here they read it alone too. The dev split is not read: it measures the result.

A short form qualifies when it names one county-level division only, opens at least MIN_LABELLED
train addresses whose annotation tags it as that division (by today's name or a former one: 富阳市
for 富阳区), and is tagged so at least as often as not. The list is Zhejiang-heavy because the corpus is; it is package data
(service/extract/head_short_forms.txt), written with its counts.

Run as: python -m addrdata.head_short_forms [--out service/extract/head_short_forms.txt] [--min-labelled 2]
"""

from __future__ import annotations

import argparse
from collections import Counter, defaultdict
from pathlib import Path

from addrdata import corpora
from service.extract import get_gazetteer

OUT = Path(__file__).resolve().parent.parent / "service" / "extract" / "head_short_forms.txt"


def mine(rows: list[tuple[str, dict]], min_labelled: int = 2) -> dict[str, Counter]:
    """short form -> Counter(tagged=…, untagged=…) for the qualifying ones."""
    gaz = get_gazetteer()
    names: dict[str, set[str]] = defaultdict(set)  # county code -> its names, today's and former (富阳市 for 富阳区)
    for name, olds in gaz.former.items():
        for old in olds:
            if old.code in gaz.successor:
                names[gaz.successor[old.code].code].add(name)
    seen: dict[str, Counter] = defaultdict(Counter)
    for text, gold in rows:
        for length in (2, 3):
            short = text[:length]
            counties = [d for d in gaz.by_alias.get(short, ()) if d.level == 3]
            if len(counties) != 1:
                continue
            known = names[counties[0].code] | {counties[0].name}
            if any(text.startswith(name) for name in known):
                continue  # written in full: not a short form
            seen[short]["tagged" if gold["district"] in known else "untagged"] += 1
    return {short: c for short, c in seen.items() if c["tagged"] >= min_labelled and c["tagged"] >= c["untagged"]}


def main() -> None:
    ap = argparse.ArgumentParser(description="Mine head short forms from the NAACL-2019 train annotation.")
    ap.add_argument("--out", default=str(OUT), help="the list to write (package data of service.extract)")
    ap.add_argument("--min-labelled", type=int, default=2, help="train addresses that must tag it as the division")
    args = ap.parse_args()
    converted = corpora.load("naacl2019", "train")
    if converted is None:
        raise SystemExit("NAACL-2019 train split not found (ADDRX_CORPORA)")
    found = mine(converted.rows, args.min_labelled)
    lines = ["# County short forms read as the division when they open an address (python -m addrdata.head_short_forms):",
             f"# mined from the NAACL-2019 train split ({len(converted.rows)} addresses); short form, then how often the",
             "# annotation tagged it as the county at the head / left it untagged."]
    lines += [f"{short} {c['tagged']} {c['untagged']}" for short, c in sorted(found.items(), key=lambda kv: -kv[1]["tagged"])]
    Path(args.out).write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{len(found)} short forms -> {args.out}")


if __name__ == "__main__":
    main()
