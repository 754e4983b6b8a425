"""The stand-in's training curves as PNGs.

Exact match against training minutes (`--summary`): every checkpoint `finetune.stand_in --save-every N`
kept is served in turn (the service's model backend, one engine at a time) and scored on the
generated test and unseen-vocabulary sets, raw model answers and after the service pipeline; the
minutes are ms-swift's elapsed training time at that step. Prints a table, writes the PNG.

Loss and token accuracy against minutes (`--loss-log`): read from the log lines saved in
bench/results/gpu-h200-*-stand-in*.txt (step, loss, token_acc, elapsed).

Run as: python -m bench.stand_in_curve --summary runs/stand-in/summary.json --out curve.png [--n 500]
        python -m bench.stand_in_curve --loss-log bench/results/gpu-h200-2026-11-30-stand-in.txt --out loss.png
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re

from bench.accuracy import LABELLED, load_set, run_backend, score

SETS = ("generated", "unseen")  # bench.accuracy's sets, same seeds


def exact_by_checkpoint(summary: dict, n: int) -> list[dict]:
    """One row per checkpoint: step, minutes, and raw/service exact match per set."""
    data = {name: load_set(name, n) for name in SETS}
    rows = []
    for ckpt in summary["checkpoints"]:
        answers = asyncio.run(run_backend(ckpt["path"], {name: [t for t, _ in rows_] for name, rows_ in data.items()}))
        row = {"step": ckpt["step"], "minutes": ckpt["minutes"]}
        for name, got in answers.items():
            golds = [g for _, g in data[name]]
            row[f"{name}_raw"] = score(got.raw, golds, LABELLED[name])["exact"] if got.raw is not None else None
            row[f"{name}_service"] = score(got.service, golds, LABELLED[name])["exact"]
        rows.append(row)
        print(" | ".join(f"{k} {v:.1%}" if k.endswith(("raw", "service")) and v is not None else f"{k} {v}"
                         for k, v in row.items()), flush=True)
    return rows


def plot_exact(rows: list[dict], out: str, title: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4))
    xs = [r["minutes"] if r["minutes"] is not None else r["step"] for r in rows]
    for name in SETS:
        for kind, style in (("raw", "--"), ("service", "-")):
            ys = [100 * r[f"{name}_{kind}"] if r[f"{name}_{kind}"] is not None else None for r in rows]
            ax.plot(xs, ys, style, marker="o", label=f"{name}, {'raw model' if kind == 'raw' else 'after the pipeline'}")
    ax.set_xlabel("training minutes" if rows and rows[0]["minutes"] is not None else "step")
    ax.set_ylabel("whole-record exact match %")
    ax.set_ylim(0, 100)
    ax.legend(fontsize=7)
    ax.set_title(title, fontsize=9)
    fig.tight_layout()
    fig.savefig(out, dpi=110)


def plot_loss(path: str, out: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = []
    for line in open(path, encoding="utf-8"):
        m = re.match(r"(\d+)/\d+ ([\d.e-]+) ([\d.]+) (?:(\d+)m )?(\d+)s", line)
        if m:
            rows.append((int(m.group(4) or 0) + int(m.group(5)) / 60, float(m.group(2)), float(m.group(3))))
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot([r[0] for r in rows], [r[1] for r in rows], label="loss")
    ax.set_xlabel("training minutes (one H200, ms-swift full, batch 64)"); ax.set_ylabel("loss"); ax.set_yscale("log")
    ax2 = ax.twinx(); ax2.plot([r[0] for r in rows], [r[2] for r in rows], color="tab:orange", label="token accuracy")
    ax2.set_ylabel("token accuracy (training batches)")
    ax.set_title("Stand-in base from random weights: " + path.split("/")[-1])
    fig.tight_layout(); fig.savefig(out, dpi=110)
    print(len(rows), rows[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--summary", help="finetune.stand_in's summary.json of a run with --save-every")
    ap.add_argument("--loss-log", help="a bench/results stand-in file with the loss lines")
    ap.add_argument("--out", required=True, help="PNG to write")
    ap.add_argument("--n", type=int, default=500, help="records per set for each checkpoint")
    ap.add_argument("--json", default="", help="also write the rows here")
    args = ap.parse_args()
    if args.loss_log:
        plot_loss(args.loss_log, args.out)
        return
    summary = json.load(open(args.summary, encoding="utf-8"))
    if not summary.get("checkpoints"):
        raise SystemExit("no checkpoints in the summary: train with finetune.stand_in --save-every N")
    rows = exact_by_checkpoint(summary, args.n)
    plot_exact(rows, args.out, f"Stand-in ({summary['shape']}, batch {summary['batch_size']}): exact match by training minutes")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(rows, f, indent=2)


if __name__ == "__main__":
    main()
