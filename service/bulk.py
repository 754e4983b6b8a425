"""Bulk files through addrx: CSV (a column), JSONL (a field) or plain text lines in; JSONL or CSV
out with the six fields, status, error, adcode and checks, every original column kept.

Streams in batches (memory is bounded by one batch window, whatever the file size), shows a tqdm
bar with records/s and ETA, prints a summary (counts by status, records/s, wall time) and resumes:
rerunning after an interruption keeps the complete rows already written (a torn last line is cut)
and skips that many input rows, so none is lost or doubled. Rows are written in input order and
numbered (`row`, 0-based).

Backends: the in-process one the settings pick (rules by default, `--model` for vLLM) or a running
service (`--url`, bounded concurrency, retries on 429/503 honouring Retry-After). `--ray` or
`--ray-address` runs the same batches on Ray Data (service/bulk_ray.py); files in and out: bulkio.py.

Run as: python -m service.bulk IN OUT [--column text] [--field text] [--batch 256] [--model PATH]
        [--url http://host:8000 --concurrency 4 --api-key KEY] [--ray | --ray-address ADDR]
"""

from __future__ import annotations

import argparse
import asyncio
import errno
import json
import time
from collections import Counter
from pathlib import Path

from tqdm import tqdm

from .bulkio import InProcess, Writer, batches, claim_output, count_records, input_fingerprint, output_record, read_rows


class OverHttp:
    """A running service: bounded concurrency, retries on 429/503 after Retry-After, other errors raised."""

    def __init__(self, url: str, concurrency: int, api_key: str | None, retries: int = 8):
        import httpx

        headers = {"authorization": f"Bearer {api_key}"} if api_key else {}
        self.client = httpx.AsyncClient(base_url=url.rstrip("/"), headers=headers, timeout=300)
        self.gate, self.retries, self.retried = asyncio.Semaphore(concurrency), retries, 0

    async def start(self) -> None:
        return None

    async def extract(self, texts: list[str]) -> list[dict]:
        async with self.gate:
            for attempt in range(self.retries + 1):
                reply = await self.client.post("/extract", json={"texts": texts})
                if reply.status_code in (429, 503) and attempt < self.retries:
                    self.retried += 1
                    await asyncio.sleep(float(reply.headers.get("retry-after", 1)))
                    continue
                reply.raise_for_status()
                return reply.json()["results"]
        raise RuntimeError("unreachable")

    async def stop(self) -> None:
        await self.client.aclose()


async def run(args, extractor) -> dict:
    src, dst = Path(args.input), Path(args.output)
    done = claim_output(dst, input_fingerprint(src, args.column, args.field), args.force)
    total = count_records(src)
    writer, counts = Writer(dst, done), Counter()
    rows = read_rows(src, args.column, args.field)
    for _ in range(done):  # resume: these rows are already in the output
        next(rows, None)
    await extractor.start()
    start = time.perf_counter()
    bar = tqdm(total=total, initial=done, unit="rec", dynamic_ncols=True, disable=args.quiet)
    row_number = done
    try:
        pending = batches(rows, args.batch)
        while True:
            window = [b for _, b in zip(range(args.window), pending)]  # bounded: window × batch rows in memory
            if not window:
                break
            results = await asyncio.gather(*(extractor.extract([t for _, t in b]) for b in window))
            for batch, batch_results in zip(window, results):
                records = [output_record(orig, row_number + i, res) for i, ((orig, _), res) in enumerate(zip(batch, batch_results))]
                writer.write(records)
                row_number += len(records)
                counts.update(r["status"] for r in records)
                bar.update(len(records))
    finally:
        bar.close()
        writer.close()
        await extractor.stop()
    wall = time.perf_counter() - start
    new = row_number - done
    return {"input": str(src), "output": str(dst), "rows_skipped_as_done": done, "rows_written": new,
            "by_status": dict(counts), "records_per_s": round(new / wall, 1) if wall else None, "wall_s": round(wall, 2)}


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(description="Extract the six fields from every row of a CSV, JSONL or text file.")
    ap.add_argument("input", help="input file: .csv, .jsonl/.ndjson, or anything else as text lines")
    ap.add_argument("output", help="output file: .csv or .jsonl; an existing one is resumed")
    ap.add_argument("--column", default="text", help="CSV column holding the text")
    ap.add_argument("--field", default="text", help="JSONL field holding the text")
    ap.add_argument("--batch", type=int, default=256, help="records per request to the backend")
    ap.add_argument("--window", type=int, default=4, help="batches in flight at once (memory bound: window × batch rows)")
    ap.add_argument("--model", default="", help="in-process vLLM model (path or hub id); empty = rules")
    ap.add_argument("--url", default="", help="a running addrx service instead of an in-process backend")
    ap.add_argument("--concurrency", type=int, default=4, help="requests in flight to --url")
    ap.add_argument("--api-key", default=None, help="API key for --url")
    ap.add_argument("--ray", action="store_true", help="run on a local Ray cluster (Ray Data)")
    ap.add_argument("--ray-address", default=None, help="run on this Ray cluster (e.g. ray://head:10001 or auto)")
    ap.add_argument("--force", action="store_true",
                    help="start the output over (an existing output made from another input is otherwise refused)")
    ap.add_argument("--quiet", action="store_true", help="no progress bar")
    return ap


def main(argv: list[str] | None = None) -> dict:
    args = build_parser().parse_args(argv)
    try:
        return _main(args)
    except OSError as exc:
        if exc.errno not in (errno.ENOSPC, errno.EFBIG, errno.EDQUOT):
            raise
        # The writer flushes whole batches: what is on disk up to the last line break is complete rows.
        raise SystemExit(f"bulk: cannot write {args.output}: {exc.strerror}. The complete rows written so far are kept "
                         "(a torn last line is cut on the next run); free space or raise the limit and rerun the same "
                         "command to resume") from None


def _main(args) -> dict:
    if args.ray or args.ray_address:
        from .bulk_ray import run_on_ray

        summary = run_on_ray(args)
    else:
        extractor = OverHttp(args.url, args.concurrency, args.api_key) if args.url else InProcess(args.model)
        args.window = max(args.window, args.concurrency if args.url else 1)
        summary = asyncio.run(run(args, extractor))
        if args.url:
            summary["retries"] = extractor.retried  # 429/503 answers waited out (Retry-After)
    print(json.dumps(summary, ensure_ascii=False))
    return summary


if __name__ == "__main__":
    main()
