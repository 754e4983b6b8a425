"""Stage 5: evaluate backends side by side on a messages-format test file.

A backend is `label=target`: target `rules` (the embedded backend), a local model directory or
hub id (vLLM in this process), or an http(s) URL of an OpenAI-compatible endpoint. Measures
whole-record exact match (JSON equality of the six fields, as the tutorial measured) on the raw
model output and after the service pipeline (normalise, ground, repair), per-field accuracy, JSON
validity and records/s. Writes report.md, exact_match.png and metrics.json.

Run as: python -m finetune.evaluate --test runs/data/test.jsonl --out runs/eval
        --backend rules=rules --backend base=Qwen/Qwen3-0.6B --backend finetuned=runs/merged [--limit 0]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import time
from pathlib import Path

from addrdata.jsonl import read_rows
from service.backends import build_backend
from service.schema import FIELDS
from service.settings import Settings


async def run_backend(target: str, texts: list[str], batch: int) -> tuple[list[dict], list[bool | None], float]:
    backend = build_backend(Settings.for_target(target))
    await backend.start()
    fields, valid = [], []
    try:
        start = time.perf_counter()
        for i in range(0, len(texts), batch):
            chunk = texts[i: i + batch]
            if hasattr(backend, "extract_with_raw"):
                parsed, readings = await backend.extract_with_raw(chunk)
                valid += [p is not None for p in parsed]
                fields += [{"raw": p.model_dump() if p else None, "service": r.six()} for p, r in zip(parsed, readings)]
            else:
                readings, _ = await backend.extract(chunk)
                valid += [None] * len(chunk)
                fields += [{"raw": r.six(), "service": r.six()} for r in readings]
        elapsed = time.perf_counter() - start
    finally:
        await backend.stop()
    return fields, valid, elapsed


def score(outputs: list[dict], golds: list[dict], valid: list[bool | None], elapsed: float) -> dict:
    n = len(golds)
    known_valid = [v for v in valid if v is not None]
    return {
        "records": n,
        "exact_match_raw": sum(o["raw"] == g for o, g in zip(outputs, golds)) / n,
        "exact_match_service": sum(o["service"] == g for o, g in zip(outputs, golds)) / n,
        "per_field": {f: sum(o["service"][f] == g[f] for o, g in zip(outputs, golds)) / n for f in FIELDS},
        "json_valid": sum(known_valid) / len(known_valid) if known_valid else None,
        "records_per_s": n / elapsed if elapsed else None,
    }


def write_report(out: Path, results: dict, worst: dict) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    labels = list(results)
    fig, ax = plt.subplots(figsize=(max(4, 1.6 * len(labels)), 3))
    raw = [results[k]["exact_match_raw"] * 100 for k in labels]
    svc = [results[k]["exact_match_service"] * 100 for k in labels]
    xs = range(len(labels))
    ax.bar([x - 0.2 for x in xs], raw, width=0.4, label="raw model JSON")
    ax.bar([x + 0.2 for x in xs], svc, width=0.4, label="after service pipeline")
    ax.set_xticks(list(xs), labels)
    ax.set_ylabel("whole-record exact match %")
    ax.set_ylim(0, 100)
    ax.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(out / "exact_match.png", dpi=120)
    lines = ["# Evaluation", "", "![exact match](exact_match.png)", "",
             "| backend | exact (raw) | exact (service) | JSON valid | records/s | " + " | ".join(FIELDS) + " |",
             "|---" * (5 + len(FIELDS)) + "|"]
    for k, r in results.items():
        valid = f"{r['json_valid']:.1%}" if r["json_valid"] is not None else "n/a"
        lines.append(f"| {k} | {r['exact_match_raw']:.1%} | {r['exact_match_service']:.1%} | {valid} | "
                     f"{r['records_per_s']:.1f} | " + " | ".join(f"{r['per_field'][f]:.1%}" for f in FIELDS) + " |")
    for k, rows in worst.items():
        lines += ["", f"## Worst errors: {k}", ""]
        for row in rows:
            lines.append(f"- `{row['text']}`: " + "; ".join(f"{f}: want {w!r}, got {g!r}" for f, (w, g) in row["diff"].items()))
    (out / "report.md").write_text("\n".join(lines) + "\n", encoding="utf-8")


def evaluate(test: Path, backends: list[str], out: Path, limit: int = 0, batch: int = 256, worst_n: int = 10) -> dict:
    rows = [(t, g) for t, g in read_rows(test) if g is not None]
    rows = rows[:limit] if limit else rows
    texts, golds = [t for t, _ in rows], [g for _, g in rows]
    out.mkdir(parents=True, exist_ok=True)
    results, worst = {}, {}
    for spec in backends:
        label, _, target = spec.partition("=")
        target = target or label
        outputs, valid, elapsed = asyncio.run(run_backend(target, texts, batch))
        results[label] = score(outputs, golds, valid, elapsed)
        diffs = []
        for text, o, g in zip(texts, outputs, golds):
            diff = {f: (g[f], o["service"][f]) for f in FIELDS if o["service"][f] != g[f]}
            if diff:
                diffs.append({"text": text, "diff": diff})
        worst[label] = sorted(diffs, key=lambda d: -len(d["diff"]))[:worst_n]
    (out / "metrics.json").write_text(json.dumps(results, ensure_ascii=False, indent=2), encoding="utf-8")
    write_report(out, results, worst)
    return results


def main() -> None:
    ap = argparse.ArgumentParser(description="Evaluate backends side by side on a messages-format test file.")
    ap.add_argument("--test", required=True, help="messages JSONL with gold assistant answers")
    ap.add_argument("--out", required=True, help="directory for report.md, exact_match.png, metrics.json")
    ap.add_argument("--backend", action="append", required=True,
                    help="label=target; target: rules, a model dir or hub id (vLLM), or an OpenAI-compatible URL")
    ap.add_argument("--limit", type=int, default=0, help="evaluate only the first N rows (0 = all)")
    ap.add_argument("--batch", type=int, default=256, help="records per engine call")
    args = ap.parse_args()
    results = evaluate(Path(args.test), args.backend, Path(args.out), args.limit, args.batch)
    for label, r in results.items():
        print(f"{label}: exact raw {r['exact_match_raw']:.1%}, exact service {r['exact_match_service']:.1%}, "
              f"{r['records_per_s']:.1f} records/s")


if __name__ == "__main__":
    main()
