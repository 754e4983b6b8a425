"""Stage 1: synthetic shipping texts with exact labels, as ms-swift `messages` JSONL.

Records come from the addrdata library (official divisions and townships, Faker zh_CN names plus
compound and minority names, phones of every kind), rendered in many styles.
Texts are deduplicated and the split is by address: no specific address appears in two splits.

Run as: python -m finetune.generate --n 20000 --out runs/data [--seed 1] [--val 0.05] [--test 0.05]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
from pathlib import Path

from addrdata import RecordSampler, render
from service.model_contract import training_row

def split_of(address_key: str, val: float, test: float) -> str:
    """Deterministic split by address, so an address never lands in two splits."""
    u = int(hashlib.sha256(address_key.encode()).hexdigest()[:8], 16) / 0xFFFFFFFF
    return "test" if u < test else "val" if u < test + val else "train"


def generate(n: int, out: Path, seed: int = 1, val: float = 0.05, test: float = 0.05) -> dict[str, int]:
    sampler, rng = RecordSampler(seed), random.Random(seed)
    out.mkdir(parents=True, exist_ok=True)
    files = {s: (out / f"{s}.jsonl").open("w", encoding="utf-8") for s in ("train", "val", "test")}
    seen_texts: set[str] = set()
    counts = dict.fromkeys(files, 0)
    attempts = 0
    while sum(counts.values()) < n and attempts < n * 3:
        attempts += 1
        rec = sampler.record()
        text = render(rec, rng)
        if text in seen_texts:
            continue
        seen_texts.add(text)
        label = rec.label()
        split = split_of(f"{rec.division.code}|{label['specific_location']}", val, test)
        files[split].write(json.dumps(training_row(text, label), ensure_ascii=False) + "\n")
        counts[split] += 1
    for f in files.values():
        f.close()
    return counts


def main() -> None:
    ap = argparse.ArgumentParser(description="Generate labelled synthetic shipping texts (messages JSONL).")
    ap.add_argument("--n", type=int, default=20000, help="records to write across the three splits")
    ap.add_argument("--out", required=True, help="output directory for train/val/test.jsonl")
    ap.add_argument("--seed", type=int, default=1, help="random seed")
    ap.add_argument("--val", type=float, default=0.05, help="share of addresses for validation")
    ap.add_argument("--test", type=float, default=0.05, help="share of addresses for test")
    args = ap.parse_args()
    counts = generate(args.n, Path(args.out), args.seed, args.val, args.test)
    print(json.dumps({"out": args.out, **counts}))


if __name__ == "__main__":
    main()
