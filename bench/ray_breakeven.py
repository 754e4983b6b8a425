"""When Ray pays for bulk files: the same generated file through the local path and through Ray Data on a local
cluster, each as a user runs it (`python -m service.bulk IN OUT [--ray]`, start-up included), for several file
sizes, side by side. Prints rows/s, Ray's fixed cost (start-up, fitted) and its per-row rate against the local
path's, and the file size where Ray would break even on this machine (none when its per-row rate is not better).

Run as: python -m bench.ray_breakeven [--sizes 2000,20000]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from addrdata import labelled_texts

ROOT = Path(__file__).resolve().parent.parent


def run_bulk(src: Path, out: Path, ray: bool) -> tuple[float, dict]:
    cmd = [sys.executable, "-m", "service.bulk", str(src), str(out), "--quiet", *(["--ray"] if ray else [])]
    started = time.perf_counter()
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, check=True, timeout=1800)
    return time.perf_counter() - started, json.loads(done.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> list[dict]:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", default="2000,20000", help="comma-separated row counts (at least two, for the fit)")
    args = ap.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",")]
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        texts = [t.replace("\n", " ") for t, _ in labelled_texts(max(sizes), seed=41)]
        for n in sizes:
            src = Path(tmp) / f"orders-{n}.txt"
            src.write_text("\n".join(texts[:n]) + "\n", encoding="utf-8")
            local_s, _ = run_bulk(src, Path(tmp) / f"local-{n}.jsonl", ray=False)
            ray_s, summary = run_bulk(src, Path(tmp) / f"ray-{n}.jsonl", ray=True)
            same = (Path(tmp) / f"local-{n}.jsonl").read_bytes() == (Path(tmp) / f"ray-{n}.jsonl").read_bytes()
            rows.append({"rows": n, "local_s": local_s, "ray_s": ray_s, "ray_workers": summary.get("ray_workers"), "same": same})
    first, last = rows[0], rows[-1]  # a line through the smallest and the largest file: fixed cost + per row
    span = last["rows"] - first["rows"]
    local_per_row, ray_per_row = (last["local_s"] - first["local_s"]) / span, (last["ray_s"] - first["ray_s"]) / span
    ray_fixed = first["ray_s"] - ray_per_row * first["rows"]
    local_fixed = first["local_s"] - local_per_row * first["rows"]
    print(f"# bulk, rules backend, local path vs Ray Data on a local cluster ({os.cpu_count()} CPUs here), start-up included")
    print("| rows | local s (rows/s) | Ray s (rows/s) | Ray workers | same output |")
    print("|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['rows']:,} | {r['local_s']:.1f} ({r['rows'] / r['local_s']:,.0f}) | {r['ray_s']:.1f} "
              f"({r['rows'] / r['ray_s']:,.0f}) | {r['ray_workers']} | {r['same']} |")
    print(f"fit: local {local_fixed:.1f} s + {local_per_row * 1e3:.2f} ms/row; Ray {ray_fixed:.1f} s + {ray_per_row * 1e3:.2f} ms/row")
    if ray_per_row < local_per_row:
        print(f"Ray breaks even at about {(ray_fixed - local_fixed) / (local_per_row - ray_per_row):,.0f} rows on this machine")
    else:
        print("Ray does not break even on this machine at any size: its per-row time is not below the local path's")
    return rows


if __name__ == "__main__":
    main()
