"""Rules backend: whole-record exact match and records/s on one core, over generated labelled
shipping texts (seeded, so every run scores the same texts).

Run as: python -m bench.rules_bench [--n 5000] [--seed 20261129] [--show-errors 10] [--passes 3]

Besides records/s it prints the rate relative to bench.machine_speed's reference workload, which the test checks.
"""

from __future__ import annotations

import argparse
import json
import time

from addrdata import labelled_texts
from bench.machine_speed import relative_rate
from service.extract import extract, get_gazetteer
from service.schema import FIELDS


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=5000, help="records to generate and score")
    ap.add_argument("--seed", type=int, default=20261129, help="generator seed (not a training seed)")
    ap.add_argument("--show-errors", type=int, default=0, help="print this many mismatches")
    ap.add_argument("--passes", type=int, default=1,
                    help="timed passes over the texts; the fastest is reported (the first pass also warms the tables)")
    args = ap.parse_args()

    data = labelled_texts(args.n, args.seed)
    get_gazetteer()  # load outside the timed loop
    start = time.perf_counter()
    outputs = [extract(text).six() for text, _ in data]
    elapsed = time.perf_counter() - start
    for _ in range(args.passes - 1):  # best of several, as timeit does: a shared core is noisy
        start = time.perf_counter()
        for text, _ in data:
            extract(text)
        elapsed = min(elapsed, time.perf_counter() - start)

    exact = sum(out == gold for out, (_, gold) in zip(outputs, data))
    per_field = {f: sum(out[f] == gold[f] for out, (_, gold) in zip(outputs, data)) / len(data) for f in FIELDS}
    shown = 0
    for out, (text, gold) in zip(outputs, data):
        if out != gold and shown < args.show_errors:
            shown += 1
            print(json.dumps({"text": text, "diff": {k: [gold[k], out[k]] for k in FIELDS if out[k] != gold[k]}}, ensure_ascii=False))
    print("per-field accuracy: " + ", ".join(f"{f} {v:.1%}" for f, v in per_field.items()))
    print(f"records: {len(data)}  one core: {len(data) / elapsed:,.0f} records/s" + (f" (best of {args.passes} passes)" if args.passes > 1 else ""))
    print(f"whole-record exact match: {exact / len(data):.1%}")
    # The machine-independent figure tests/test_rules.py checks: the same texts timed in slices alternating with a
    # frozen reference workload (bench/machine_speed.py).
    _, relative = relative_rate(extract, [text for text, _ in data], passes=max(args.passes, 1))
    print(f"relative to the reference workload on this core: {relative:.4f}")


if __name__ == "__main__":
    main()
