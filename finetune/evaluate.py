"""Stage 5: evaluate backends side by side on several sets, raw model and after the service pipeline.

A backend is `label=target`: target `rules` (the embedded backend), a local model directory or
hub id (vLLM in this process, started once for all sets), or an http(s) URL of an
OpenAI-compatible endpoint. A set is `NAME=PATH` (a messages JSONL with gold answers: the run's
test and unseen-vocabulary splits) or a name bench.accuracy knows (`naacl-dev`, `waybill-dev`: the
public corpora's dev splits, converted; skipped with a line when the corpora are absent).

Per set and backend: whole-record exact match over the fields the set labels (JSON equality, as
the tutorial measured) on the raw model answer and after the pipeline (normalise, ground, repair),
per-field accuracy, and how many records the pipeline turned right and how many it turned wrong
(it must never make a record worse than the model wrote it). Writes report.md, exact_match.png
and metrics.json.

Run as: python -m finetune.evaluate --out runs/eval --set test=runs/data/test.jsonl
        --set unseen=runs/data/unseen.jsonl --set naacl-dev --set waybill-dev
        --backend rules=rules --backend base=Qwen/Qwen3-0.6B --backend finetuned=runs/merged [--limit 0]
"""

from __future__ import annotations

import argparse
import asyncio
import json
from pathlib import Path

from addrdata.jsonl import read_rows
from bench.accuracy import LABELLED, answered_counts, changed_by_pipeline, load_set, run_backend, score, worst_diffs
from service.schema import FIELDS


def load_sets(specs: list[str], limit: int) -> dict[str, tuple[list[tuple[str, dict]], tuple[str, ...]]]:
    """name -> (rows, labelled fields), each cut to `limit` rows (0 = all)."""
    sets = {}
    for spec in specs:
        name, _, path = spec.partition("=")
        if path:
            rows, labelled = [(t, g) for t, g in read_rows(Path(path)) if g is not None], FIELDS
        else:
            rows, labelled = load_set(name, limit or 2000), LABELLED[name]
            if rows is None:
                print(f"{name}: corpora not found (set ADDRX_CORPORA); skipped")
                continue
        sets[name] = (rows[:limit] if limit else rows, labelled)
    return sets


def evaluate(sets: dict, backends: list[str], out: Path, worst_n: int = 10) -> dict:
    """metrics[set][backend] = scores of the pipeline's answers, plus `raw` and the pipeline's changes for a model."""
    out.mkdir(parents=True, exist_ok=True)
    metrics: dict[str, dict] = {name: {} for name in sets}
    worst: dict[str, list[str]] = {}
    for spec in backends:
        label, _, target = spec.partition("=")
        answers = asyncio.run(run_backend(target or label, {name: [t for t, _ in rows] for name, (rows, _) in sets.items()}))
        for name, (rows, labelled) in sets.items():
            golds, got = [g for _, g in rows], answers[name]
            entry = {**score(got.service, golds, labelled), "labelled": list(labelled), "records_per_s": len(rows) / got.elapsed if got.elapsed else None}
            if got.raw is not None:
                entry["raw"] = score(got.raw, golds, labelled)
                entry["json_valid"] = sum(any(v is not None for v in r.values()) for r in got.raw) / len(rows)
                entry["pipeline_made_exact"], entry["pipeline_made_wrong"] = changed_by_pipeline(got.raw, got.service, golds, labelled)
                entry["answered_by"] = answered_counts(got)
            metrics[name][label] = entry
            worst[f"{name}: {label}"] = misses(rows, got.service, labelled, worst_n)
    (out / "metrics.json").write_text(json.dumps(metrics, ensure_ascii=False, indent=2), encoding="utf-8")
    write_report(out, metrics, worst)
    return metrics


def misses(rows, outputs: list[dict], labelled, k: int) -> list[str]:
    diffs = worst_diffs([t for t, _ in rows], outputs, [g for _, g in rows], labelled, k)
    return [f"- `{text}`: " + "; ".join(f"{f}: want {w!r}, got {h!r}" for f, (w, h) in diff.items()) for text, diff in diffs]


def percent(x) -> str:
    return "-" if x is None else f"{x:.1%}"


def write_report(out: Path, metrics: dict, worst: dict) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    labels = [(s, b) for s, by in metrics.items() for b in by]
    fig, ax = plt.subplots(figsize=(max(5, 0.9 * len(labels)), 3.4))
    xs = range(len(labels))
    ax.bar([x - 0.2 for x in xs], [100 * metrics[s][b].get("raw", {}).get("exact", 0) for s, b in labels],
           width=0.4, label="raw model answer")
    ax.bar([x + 0.2 for x in xs], [100 * metrics[s][b]["exact"] for s, b in labels], width=0.4, label="after service pipeline")
    ax.set_xticks(list(xs), [f"{s}\n{b}" for s, b in labels], fontsize=6)
    ax.set_ylabel("whole-record exact match %")
    ax.set_ylim(0, 100)
    ax.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(out / "exact_match.png", dpi=120)
    lines = ["# Evaluation", "", "![exact match](exact_match.png)", "",
             "Answered by: records the model answered alone / with some fields from the rules (a copied field not",
             "in the text, or divisions the text contradicts) / wholly by the rules (an answer that did not parse",
             "or held nothing grounded). A model whose service figure rests on the rules column is not reading.", "",
             "| set | backend | n | exact (raw) | exact (service) | answered by model / model+rules / rules | pipeline made exact / wrong | answer parsed | records/s | "
             + " | ".join(FIELDS) + " |", "|---" * (9 + len(FIELDS)) + "|"]
    for name, by in metrics.items():
        for label, m in by.items():
            changes = f"{m['pipeline_made_exact']} / {m['pipeline_made_wrong']}" if "raw" in m else "-"
            who = " / ".join(str(v) for v in m["answered_by"].values()) if "answered_by" in m else "- / - / all"
            rate = f"{m['records_per_s']:.1f}" if m["records_per_s"] else "-"
            lines.append(f"| {name} | {label} | {m['n']} | {percent(m.get('raw', {}).get('exact'))} | {percent(m['exact'])} | {who} | "
                         f"{changes} | {percent(m.get('json_valid'))} | {rate} | " + " | ".join(percent(m[f]) if f in m["labelled"] else "-" for f in FIELDS) + " |")
    for key, rows in worst.items():
        lines += ["", f"## Worst misses, {key}", "", *rows]
    (out / "report.md").write_text("\n".join(lines) + "\n", encoding="utf-8")


def main() -> None:
    ap = argparse.ArgumentParser(description="Evaluate backends side by side on several sets, raw and after the pipeline.")
    ap.add_argument("--out", required=True, help="directory for report.md, exact_match.png, metrics.json")
    ap.add_argument("--set", action="append", required=True, dest="sets",
                    help="NAME=PATH (messages JSONL with gold answers) or a bench.accuracy set name (naacl-dev, waybill-dev)")
    ap.add_argument("--backend", action="append", required=True,
                    help="label=target; target: rules, a model dir or hub id (vLLM), or an OpenAI-compatible URL")
    ap.add_argument("--limit", type=int, default=0, help="evaluate only the first N rows of each set (0 = all)")
    ap.add_argument("--worst", type=int, default=10, help="worst misses listed per set and backend")
    args = ap.parse_args()
    metrics = evaluate(load_sets(args.sets, args.limit), args.backend, Path(args.out), args.worst)
    for name, by in metrics.items():
        for label, m in by.items():
            raw = f"raw {m['raw']['exact']:.1%}, " if "raw" in m else ""
            who = ", answered by model/model+rules/rules " + "/".join(map(str, m["answered_by"].values())) if "answered_by" in m else ""
            print(f"{name} {label}: {raw}service {m['exact']:.1%} ({m['n']} records{who})")


if __name__ == "__main__":
    main()
