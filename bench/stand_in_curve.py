"""The stand-in training curve as a PNG: loss and token accuracy against training minutes, read from
the log lines saved in bench/results/gpu-h200-*-stand-in.txt (step, loss, token_acc, elapsed).

Run as: python -m bench.stand_in_curve bench/results/gpu-h200-2026-11-30-stand-in.txt OUT.png
"""

from __future__ import annotations

import re
import sys


def main(path: str, out: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = []
    for line in open(path, encoding="utf-8"):
        m = re.match(r"(\d+)/\d+ ([\d.e-]+) ([\d.]+) (?:(\d+)m )?(\d+)s", line)
        if m:
            minutes = int(m.group(4) or 0) + int(m.group(5)) / 60
            rows.append((minutes, float(m.group(2)), float(m.group(3))))
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot([r[0] for r in rows], [r[1] for r in rows], label="loss")
    ax.set_xlabel("training minutes (one H200, ms-swift full, batch 64)"); ax.set_ylabel("loss"); ax.set_yscale("log")
    ax2 = ax.twinx(); ax2.plot([r[0] for r in rows], [r[2] for r in rows], color="tab:orange", label="token accuracy")
    ax2.set_ylabel("token accuracy (training batches)")
    ax.set_title("Stand-in base from random weights: " + path.split("/")[-1])
    fig.tight_layout(); fig.savefig(out, dpi=110)
    print(len(rows), rows[-1])


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
