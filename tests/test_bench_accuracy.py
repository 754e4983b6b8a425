"""Benchmarks end to end: bench/accuracy.py on the generated set through the real rules backend;
bench/http_cost.py through a real socket."""

import subprocess
import sys

from tests.conftest import ROOT


def test_accuracy_bench_prints_the_table_and_misses():
    out = subprocess.run([sys.executable, "-m", "bench.accuracy", "--sets", "generated", "--n", "200", "--no-jionlp",
                          "--worst", "3"], cwd=ROOT, capture_output=True, text=True, check=True, timeout=300).stdout
    row = next(line for line in out.splitlines() if line.startswith("| generated | rules | 200 |"))
    cells = [c.strip() for c in row.strip("|").split("|")]
    assert float(cells[-2].rstrip("%")) >= 90.0  # whole-record exact match on our own texts
    assert "worst misses of rules" in out


def test_http_cost_bench_measures_both_sides_on_a_real_socket():
    from bench.http_cost import measure

    r = measure(batch=50, calls=2)
    assert r["direct_us"] > 0 and r["http_us"] > r["direct_us"] and r["layer_us"] > 0
