"""Generated shipping texts on stdout, one per line (or as CSV with an id column), to try bulk runs.

Run as: python -m addrdata --n 100000 [--seed 1] [--csv] > orders.txt
"""

from __future__ import annotations

import argparse
import csv
import random
import sys

from .records import RecordSampler
from .render import render


def main() -> None:
    ap = argparse.ArgumentParser(description="Write generated shipping texts, one per line, to stdout.")
    ap.add_argument("--n", type=int, default=1000, help="how many texts")
    ap.add_argument("--seed", type=int, default=1, help="random seed (same seed, same texts)")
    ap.add_argument("--csv", action="store_true", help="CSV with columns order_id,text instead of plain lines")
    args = ap.parse_args()
    sampler, rng = RecordSampler(args.seed), random.Random(args.seed)
    out = csv.writer(sys.stdout) if args.csv else None
    if out:
        out.writerow(["order_id", "text"])
    for i in range(args.n):
        text = render(sampler.record(), rng).replace("\r", " ").replace("\n", " ")  # one record per line
        if out:
            out.writerow([f"order-{i}", text])
        else:
            sys.stdout.write(text + "\n")


if __name__ == "__main__":
    main()
