"""Stage 1: synthetic shipping texts with exact labels, as ms-swift `messages` JSONL.

Records come from the addrdata library (official divisions and townships, Faker zh_CN names plus
compound and minority names, phones of every kind), rendered in many styles.
Texts are deduplicated and the split is by address: no specific address appears in two splits.
A fourth split, `unseen`, draws every road, estate, place and person name from the other side of
the vocabulary partition (addrdata.vocab), so none of its words occurs in train; the stage prints
the share of its words found in train (0 by construction, checked by counting).

Run as: python -m finetune.generate --n 20000 --out runs/data [--seed 1] [--val 0.05] [--test 0.05]
        [--target-format json|lines|compact]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
from pathlib import Path

from addrdata import RecordSampler, render
from service.model_contract import TARGET_FORMATS, TargetFormat, training_row

def split_of(address_key: str, val: float, test: float) -> str:
    """Deterministic split by address, so an address never lands in two splits."""
    u = int(hashlib.sha256(address_key.encode()).hexdigest()[:8], 16) / 0xFFFFFFFF
    return "test" if u < test else "val" if u < test + val else "train"


def generate(n: int, out: Path, seed: int = 1, val: float = 0.05, test: float = 0.05,
             target_format: TargetFormat = "json") -> dict[str, float]:
    """n records over train/val/test, plus round(n * test) in the unseen-vocabulary split, with
    target lines in `target_format` (the prompt says which)."""
    out.mkdir(parents=True, exist_ok=True)
    files = {s: (out / f"{s}.jsonl").open("w", encoding="utf-8") for s in ("train", "val", "test", "unseen")}
    counts = dict.fromkeys(files, 0)
    words: dict[str, set[str]] = {s: set() for s in files}
    seen_texts: set[str] = set()

    def write(split: str, rec, text: str) -> None:
        files[split].write(json.dumps(training_row(text, rec.label(), target_format), ensure_ascii=False) + "\n")
        counts[split] += 1
        words[split].update(rec.words)

    for vocab, wanted in (("train", n), ("unseen", round(n * test))):
        sampler, rng = RecordSampler(seed if vocab == "train" else seed + 1, vocab), random.Random(seed)
        written, attempts = 0, 0
        while written < wanted and attempts < wanted * 3:
            attempts += 1
            rec = sampler.record()
            text = render(rec, rng)
            if text in seen_texts:
                continue
            seen_texts.add(text)
            split = "unseen" if vocab == "unseen" else split_of(f"{rec.division.code}|{rec.specific_location}", val, test)
            write(split, rec, text)
            written += 1
    for f in files.values():
        f.close()
    unseen_words = words["unseen"]
    share = len(unseen_words & words["train"]) / len(unseen_words) if unseen_words else 0.0
    return {**counts, "unseen_words": len(unseen_words), "unseen_words_in_train": share}


def main() -> None:
    ap = argparse.ArgumentParser(description="Generate labelled synthetic shipping texts (messages JSONL).")
    ap.add_argument("--n", type=int, default=20000, help="records to write across the three splits")
    ap.add_argument("--out", required=True, help="output directory for train/val/test.jsonl")
    ap.add_argument("--seed", type=int, default=1, help="random seed")
    ap.add_argument("--val", type=float, default=0.05, help="share of addresses for validation")
    ap.add_argument("--test", type=float, default=0.05, help="share of addresses for test (the unseen split gets as many records)")
    ap.add_argument("--target-format", choices=TARGET_FORMATS, default="json",
                    help="what the model learns to write: json, lines (six values, one per line; fewer tokens) or compact (lines without the phone, which serving takes from the text; fewest tokens)")
    args = ap.parse_args()
    counts = generate(args.n, Path(args.out), args.seed, args.val, args.test, args.target_format)
    print(json.dumps({"out": args.out, **counts}))


if __name__ == "__main__":
    main()
