"""What post-processing costs a record on one core: the model's compact answer (the gold one here) read into a
finished Reading (repair checks, town, contacts, review), as a post-processing process does it on the GPU host
(round 5: 272-318 ms per 1,000-record call with 4 processes, after the decoding).

Run as: python -m bench.postprocess_cost [--n 1000] [--passes 20]

Passes alternate with and without remembering each text's phone search (phones.find_phones: the reading, the
contacts and the rules search one text up to four times), each on 1,000 fresh records so nothing is remembered
from an earlier pass; prints the median and best ms a record of each."""

from __future__ import annotations

import argparse
import statistics
import time

from addrdata import labelled_texts

from service.backends.postprocess import readings_for
from service.extract import get_gazetteer, phones
from service.model_contract import render
from service.schema import Extraction


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=1000, help="records a pass")
    parser.add_argument("--passes", type=int, default=20, help="passes in all, alternating the two ways")
    args = parser.parse_args()
    get_gazetteer()
    pairs = list(labelled_texts(args.n * (args.passes + 1), seed=12))
    texts = [t for t, _ in pairs]
    raws = [render(Extraction(**{k: label.get(k) for k in Extraction.model_fields}), "compact") for _, label in pairs]
    readings_for(texts[: args.n], raws[: args.n], "compact")  # warm: imports, caches of the divisions
    remembered, searched = phones._find_phones, phones._find_phones.__wrapped__
    ms: dict[str, list[float]] = {"phone search remembered": [], "searched every time": []}
    for i in range(args.passes):
        name = list(ms)[i % 2]
        phones._find_phones = remembered if i % 2 == 0 else searched
        a, b = args.n * (i + 1), args.n * (i + 2)
        began = time.perf_counter()
        readings_for(texts[a:b], raws[a:b], "compact")
        ms[name].append((time.perf_counter() - began) * 1e3 / args.n)
    phones._find_phones = remembered
    base = statistics.median(ms["searched every time"])
    for name, values in ms.items():
        print(f"{name:<26} median {statistics.median(values):.3f} ms a record, best {min(values):.3f}"
              f"  ({base / statistics.median(values):.2f}x)")


if __name__ == "__main__":
    main()
