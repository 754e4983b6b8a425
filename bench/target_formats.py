"""What each target format costs and risks before a model is trained on it: mean output tokens a record of the
gold answer written in the format (the real Qwen3 tokenizer, plus the end-of-turn token), and the exact match a
model that writes that gold answer perfectly would get through the service pipeline (its ceiling: for compact, the
phone comes from the text, not from the model). Serving throughput on the H200 followed output tokens (issue 20:
~39,700 tokens/s through four engines with json and with lines), so the token ratio is the expected speed ratio.

Run as: python -m bench.target_formats [--n 2000] [--sets generated,unseen,waybill-train,waybill-dev,naacl-dev]
"""

from __future__ import annotations

import argparse

from bench.accuracy import LABELLED, load_set
from service.backends.reading import reading_from_model
from service.model_contract import TARGET_FORMATS, mean_target_tokens, render
from service.schema import Extraction
from service.tiny_model import TOKENIZER_DIR


def measure(rows: list[tuple[str, dict]], fmt: str, labelled: tuple[str, ...], tokenizer) -> dict:
    exact = sum(all(reading_from_model(text, render(Extraction(**label), fmt), fmt).six()[f] == label[f] for f in labelled)
                for text, label in rows) / len(rows)
    return {"tokens": mean_target_tokens(tokenizer, [label for _, label in rows], fmt), "ceiling": exact}


def main(argv: list[str] | None = None) -> dict:
    from transformers import AutoTokenizer

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=2000, help="records per set (corpora: at most their rows)")
    ap.add_argument("--sets", default="generated,unseen,waybill-train,waybill-dev,naacl-dev", help="comma-separated sets")
    args = ap.parse_args(argv)
    tokenizer = AutoTokenizer.from_pretrained(TOKENIZER_DIR)
    print(f"{'set':<14} {'n':>5} | " + " | ".join(f"{fmt:>7} tok  ceiling" for fmt in TARGET_FORMATS) + " | json/compact tokens")
    results = {}
    for name in args.sets.split(","):
        rows = load_set(name, args.n)
        if rows is None:
            print(f"{name}: corpora not found; skipped")
            continue
        rows = rows[: args.n]
        got = results[name] = {fmt: measure(rows, fmt, LABELLED[name], tokenizer) for fmt in TARGET_FORMATS}
        print(f"{name:<14} {len(rows):>5} | " + " | ".join(f"{got[f]['tokens']:>11.1f} {got[f]['ceiling']:>8.2%}" for f in TARGET_FORMATS)
              + f" | {got['json']['tokens'] / got['compact']['tokens']:.2f}x", flush=True)
    return results


if __name__ == "__main__":
    main()
