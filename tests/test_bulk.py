"""Bulk files (issue 12): columns carried, order kept, an interrupted run resumed to the same file,
memory bounded by the batch window, a running service with 429 retries, and Ray Data giving the
same rows as the local path. README's bulk commands are run by tests/test_readme.py."""

import asyncio
import csv
import json
import os
import signal
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

import pytest

from addrdata import labelled_texts
from service import bulk
from service.extract import extract

from .conftest import ROOT, start_server, stop_server


@pytest.fixture(scope="module")
def orders(tmp_path_factory):
    """2,000 generated orders as CSV (an id column, the text, a note with commas, quotes and a newline)."""
    path = tmp_path_factory.mktemp("bulk") / "orders.csv"
    with path.open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["order_id", "text", "note"])
        for i, (text, _) in enumerate(labelled_texts(2000, seed=77)):
            w.writerow([f"o-{i}", text, 'fragile, "top"\nside' if i % 50 == 0 else ""])
    return path


def read_jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_csv_in_jsonl_out_keeps_columns_order_and_fields(orders, tmp_path):
    out = tmp_path / "out.jsonl"
    summary = bulk.main([str(orders), str(out), "--quiet", "--batch", "128"])
    rows = read_jsonl(out)
    with orders.open(encoding="utf-8", newline="") as f:
        source = list(csv.DictReader(f))
    assert summary["rows_written"] == len(rows) == len(source) == 2000 and sum(summary["by_status"].values()) == 2000
    assert [r["row"] for r in rows] == list(range(2000))
    for r, s in zip(rows[::97], source[::97]):
        assert (r["order_id"], r["text"], r["note"]) == (s["order_id"], s["text"], s["note"])
        assert {f: r[f] for f in ("province", "city", "district", "specific_location", "name", "phone")} == extract(s["text"]).six()


def test_csv_out_round_trips(orders, tmp_path):
    out = tmp_path / "out.csv"
    bulk.main([str(orders), str(out), "--quiet"])
    with out.open(encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == 2000 and rows[0]["note"] == 'fragile, "top"\nside' and json.loads(rows[0]["checks"])["district"]


def test_an_interrupted_run_resumes_to_the_same_output(tmp_path):
    src = tmp_path / "orders.txt"
    src.write_text("\n".join(t.replace("\n", " ") for t, _ in labelled_texts(12000, seed=5)) + "\n", encoding="utf-8")
    clean, resumed = tmp_path / "clean.jsonl", tmp_path / "resumed.jsonl"
    bulk.main([str(src), str(clean), "--quiet", "--batch", "64"])
    cmd = [sys.executable, "-m", "service.bulk", str(src), str(resumed), "--quiet", "--batch", "64"]
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while (not resumed.exists() or resumed.stat().st_size < 200_000) and time.monotonic() < deadline:
        time.sleep(0.05)
    os.kill(proc.pid, signal.SIGKILL)  # no chance to clean up, as a crash or a lost machine
    proc.wait()
    with resumed.open("a", encoding="utf-8") as f:
        f.write('{"row": 99999, "torn')  # a write cut in the middle
    partial = resumed.read_bytes().count(b"\n")  # complete rows before the kill
    assert 0 < partial < 12000
    summary = bulk.main([str(src), str(resumed), "--quiet", "--batch", "64"])
    assert summary["rows_skipped_as_done"] == partial and summary["rows_written"] == 12000 - partial
    assert resumed.read_bytes() == clean.read_bytes()


def test_resuming_from_another_input_is_refused_and_force_starts_over(tmp_path):
    """An output remembers its input (sha256 beside it): another input, or the same file edited, would mix rows."""
    first, second, out = tmp_path / "a.txt", tmp_path / "b.txt", tmp_path / "out.jsonl"
    first.write_text("北京市海淀区中关村大街1号 张三 13800138000\n" * 30, encoding="utf-8")
    second.write_text("浙江省杭州市西湖区文三路90号 李四 13912345678\n" * 30, encoding="utf-8")
    bulk.main([str(first), str(out), "--quiet", "--batch", "8"])
    lines = out.read_bytes().splitlines(keepends=True)
    out.write_bytes(b"".join(lines[:10]))  # as if interrupted after 10 rows

    def cli(*args):
        return subprocess.run([sys.executable, "-m", "service.bulk", *args, "--quiet"], cwd=ROOT, capture_output=True, text=True)

    refused = cli(str(second), str(out))
    assert refused.returncode != 0 and "made from another input" in refused.stderr and "--force" in refused.stderr
    assert out.read_bytes() == b"".join(lines[:10])  # nothing written, nothing lost
    first.write_text(first.read_text(encoding="utf-8") + "上海市浦东新区世纪大道100号\n", encoding="utf-8")
    assert "made from another input" in cli(str(first), str(out)).stderr  # the same path, edited
    forced = cli(str(second), str(out), "--force")
    assert forced.returncode == 0, forced.stderr
    rows = read_jsonl(out)
    assert len(rows) == 30 and {r["district"] for r in rows} == {"西湖区"}
    assert json.loads(cli(str(second), str(out)).stdout)["rows_skipped_as_done"] == 30  # and it resumes as its own


def test_a_full_disk_is_a_clear_error_and_the_rerun_resumes(tmp_path):
    """The output's file system fills (a file-size limit here): a one-line error, complete rows kept, a rerun resumes."""
    import resource

    src, out, clean = tmp_path / "orders.txt", tmp_path / "out.jsonl", tmp_path / "clean.jsonl"
    src.write_text("\n".join(t.replace("\n", " ") for t, _ in labelled_texts(600, seed=3)) + "\n", encoding="utf-8")
    bulk.main([str(src), str(clean), "--quiet", "--batch", "50"])

    def small_disk():  # writes past 150 KB fail with EFBIG (Python ignores SIGXFSZ)
        resource.setrlimit(resource.RLIMIT_FSIZE, (150_000, 150_000))

    full = subprocess.run([sys.executable, "-m", "service.bulk", str(src), str(out), "--quiet", "--batch", "50"], cwd=ROOT,
                          capture_output=True, text=True, preexec_fn=small_disk)
    assert full.returncode != 0 and "Traceback" not in full.stderr
    assert "cannot write" in full.stderr and "rerun the same command to resume" in full.stderr, full.stderr
    kept = out.read_bytes()
    assert 0 < kept.count(b"\n") < 600 and clean.read_bytes().startswith(kept[: kept.rfind(b"\n") + 1])
    summary = bulk.main([str(src), str(out), "--quiet", "--batch", "50"])
    assert summary["rows_skipped_as_done"] == kept.count(b"\n") and out.read_bytes() == clean.read_bytes()


class InstantExtractor:
    async def start(self):
        return None

    async def extract(self, texts):
        return [{"status": "empty", "checks": {}} for _ in texts]

    async def stop(self):
        return None


def test_memory_is_bounded_by_the_batch_window_not_the_file(tmp_path):
    src = tmp_path / "big.txt"
    line = "浙江省杭州市西湖区文三路90号东部软件园科技大厦" * 3 + "\n"
    with src.open("w", encoding="utf-8") as f:
        for _ in range(200_000):
            f.write(line)
    args = bulk.build_parser().parse_args([str(src), str(tmp_path / "out.jsonl"), "--quiet", "--batch", "256"])
    tracemalloc.start()
    summary = asyncio.run(bulk.run(args, InstantExtractor()))
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert summary["rows_written"] == 200_000
    assert peak < src.stat().st_size / 10, (peak, src.stat().st_size)  # 40 MB file, a few MB at most in memory


def test_a_running_service_with_429_retries(tmp_path):
    src = tmp_path / "orders.txt"
    src.write_text("\n".join(t.replace("\n", " ") for t, _ in labelled_texts(1200, seed=9)) + "\n", encoding="utf-8")
    url, proc = start_server({"ADDRX_MODEL": "", "ADDRX_MAX_IN_FLIGHT": "100", "ADDRX_API_KEYS": "bulk-key"},
                             headers={"x-api-key": "bulk-key"})
    try:
        out = tmp_path / "out.jsonl"
        summary = bulk.main([str(src), str(out), "--quiet", "--batch", "100", "--url", url, "--concurrency", "6",
                             "--api-key", "bulk-key"])
    finally:
        log = stop_server(proc)
    assert summary["rows_written"] == 1200 and summary["retries"] > 0  # 429s happened and were waited out
    # Every refusal has its log line (issue 24), each one a retry the tool waited out; nothing was lost.
    assert log.count('"status": 429, "error": "too_busy"') == summary["retries"]
    local = tmp_path / "local.jsonl"
    bulk.main([str(src), str(local), "--quiet"])
    assert out.read_bytes() == local.read_bytes()


def test_ray_data_matches_the_local_path(orders, tmp_path):
    pytest.importorskip("ray")
    local, on_ray = tmp_path / "local.jsonl", tmp_path / "ray.jsonl"
    bulk.main([str(orders), str(local), "--quiet", "--batch", "256"])
    summary = bulk.main([str(orders), str(on_ray), "--quiet", "--batch", "256", "--ray"])
    assert summary["rows_written"] == 2000 and summary["ray_workers"] >= 1
    assert on_ray.read_bytes() == local.read_bytes()  # row for row, byte for byte


def test_the_ray_breakeven_bench_runs_both_paths_and_prints_the_fit(capsys):
    """bench.ray_breakeven in small: both paths as a user runs them, the same output, a fit printed."""
    from bench.ray_breakeven import main

    rows = main(["--sizes", "200,400"])
    out = capsys.readouterr().out
    assert [r["rows"] for r in rows] == [200, 400] and all(r["same"] for r in rows)
    assert "fit: local" in out and ("breaks even" in out or "does not break even" in out)
