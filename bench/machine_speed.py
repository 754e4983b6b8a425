"""A fixed pure-Python workload that says how fast this machine's core runs the interpreter right now, so a rate
measured beside it can be read as a ratio: the same code measured 1,877 records/s on a CI core and 4,558 on the dev
machine on one day (2026-12-03), which no absolute threshold survives.

The workload is what the rules spend their time on (splitting on separators, slicing, set lookups of short Han
strings, regex matches) but is frozen here: it must not change when the rules do, or the ratio would hide their
slowdowns. Its texts come from `addrdata.labelled_texts` with a fixed seed.

Run as: python -m bench.machine_speed [--passes 5]
"""

from __future__ import annotations

import argparse
import re
import time
from collections.abc import Callable

from addrdata import labelled_texts

_SEPARATORS = re.compile(r"[\s,，;；|/、:：]+")
_DIGITS = re.compile(r"\d{3,}")
_HAN_RUN = re.compile(r"[\u4e00-\u9fff]{2,}")


def reference_texts(n: int = 1500) -> list[str]:
    return [text for text, _ in labelled_texts(n, seed=7)]


def _vocabulary(texts: list[str]) -> frozenset[str]:
    """Every 2-4 character substring of the first 200 texts: a stand-in for the gazetteer's names."""
    return frozenset(text[i: i + k] for text in texts[:200] for k in (2, 3, 4) for i in range(len(text) - k + 1))


def _one_pass(texts: list[str], vocabulary: frozenset[str]) -> int:
    hits = 0
    for text in texts:
        for chunk in _SEPARATORS.split(text):
            if _DIGITS.search(chunk):
                hits += 1
            for run in _HAN_RUN.findall(chunk):
                for i in range(len(run)):
                    for k in (2, 3, 4):
                        if run[i: i + k] in vocabulary:
                            hits += 1
    return hits


def reference_rate(texts: list[str], passes: int = 3) -> float:
    """Texts per second of the reference workload, best of `passes`."""
    vocabulary = _vocabulary(texts)
    return len(texts) / best_seconds(lambda: _one_pass(texts, vocabulary), passes)


def relative_rate(work: Callable[[str], object], texts: list[str], passes: int = 3, chunk: int = 25) -> tuple[float, float]:
    """(texts/s of `work`, that rate over the reference workload's on the same texts), the two timed in alternating
    slices of `chunk` texts (a few milliseconds each): a core shared with other processes slows both alike, where two
    separate timings would each meet a different share of it. Each total is the best of `passes`."""
    vocabulary = _vocabulary(reference_texts())
    best_work = best_reference = float("inf")
    for _ in range(passes):
        spent_work = spent_reference = 0.0
        for at in range(0, len(texts), chunk):
            part = texts[at: at + chunk]
            start = time.perf_counter()
            for text in part:
                work(text)
            middle = time.perf_counter()
            _one_pass(part, vocabulary)
            spent_work, spent_reference = spent_work + middle - start, spent_reference + time.perf_counter() - middle
        best_work, best_reference = min(best_work, spent_work), min(best_reference, spent_reference)
    return len(texts) / best_work, best_reference / best_work


def best_seconds(work: Callable[[], object], passes: int) -> float:
    """The fastest of `passes` timed runs of `work`, as timeit reports: a shared core only ever adds time."""
    seconds = []
    for _ in range(passes):
        start = time.perf_counter()
        work()
        seconds.append(time.perf_counter() - start)
    return min(seconds)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--passes", type=int, default=5, help="timed passes; the fastest is reported")
    args = ap.parse_args()
    print(f"reference workload: {reference_rate(reference_texts(), args.passes):,.0f} texts/s (best of {args.passes})")


if __name__ == "__main__":
    main()
