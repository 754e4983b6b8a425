"""Bulk on Ray Data, for files one machine cannot get through: Ray reads the file in blocks, each
worker (an actor, so the backend is built and warmed once per worker) maps batches through the
same backend code as the local path (rules, or vLLM on a GPU per worker when a model is set), and
the driver writes the results in input order with the local path's writer, so both paths produce
the same file row for row and resume the same way (on Ray the rows already written are read and
extracted again, then skipped, not written twice). No home-made scheduler: Ray decides placement.

Used by `python -m service.bulk IN OUT --ray` (a local cluster) or `--ray-address ADDR`.
"""

from __future__ import annotations

import asyncio
import csv
import json
import time
from collections import Counter
from pathlib import Path

from tqdm import tqdm

from .bulkio import InProcess, Writer, claim_output, count_records, input_fingerprint, kind_of, output_record

RESULT = "__addrx_result"


class ExtractBatch:
    """One per Ray worker: the backend starts once, then extracts every batch it is given."""

    def __init__(self, model: str, text_column: str):
        self.loop = asyncio.new_event_loop()
        self.extractor = InProcess(model)
        self.loop.run_until_complete(self.extractor.start())
        self.text_column = text_column

    def __call__(self, batch: dict) -> dict:
        texts = ["" if t is None else str(t) for t in batch[self.text_column]]
        results = self.loop.run_until_complete(self.extractor.extract(texts))
        return {**batch, RESULT: [json.dumps(r, ensure_ascii=False) for r in results]}


def _dataset(ray, src: Path, args):
    kind = kind_of(src)
    if kind == "csv":
        import pyarrow as pa
        from pyarrow import csv as pacsv

        with src.open(encoding="utf-8-sig", newline="") as f:
            header = next(csv.reader(f))
        # Every column as a string, "" kept as "": the same values the local path's csv module reads.
        convert = pacsv.ConvertOptions(column_types={name: pa.string() for name in header}, strings_can_be_null=False,
                                       quoted_strings_can_be_null=False)
        return ray.data.read_csv(str(src), convert_options=convert), args.column
    if kind == "jsonl":
        return ray.data.read_json(str(src), lines=True), args.field
    return ray.data.read_text(str(src), drop_empty_lines=False), "text"


def run_on_ray(args) -> dict:
    import ray

    src, dst = Path(args.input), Path(args.output)
    ray.init(address=args.ray_address, include_dashboard=False, log_to_driver=False, ignore_reinit_error=True)
    ray.data.DataContext.get_current().execution_options.preserve_order = True  # rows come back in input order
    ray.data.DataContext.get_current().enable_progress_bars = False
    try:
        done = claim_output(dst, input_fingerprint(src, args.column, args.field), args.force)
        ds, column = _dataset(ray, src, args)
        # One worker per GPU with a model; else one per CPU but one, which the reading tasks need
        # (workers on every CPU would leave the reads unscheduled: a deadlock on small clusters).
        resources = ray.cluster_resources()
        workers = max(1, int(resources.get("GPU", 1))) if args.model else max(1, int(resources.get("CPU", 1)) - 1)
        ds = ds.map_batches(ExtractBatch, fn_constructor_kwargs={"model": args.model, "text_column": column},
                            batch_size=args.batch, batch_format="numpy", compute=ray.data.ActorPoolStrategy(size=workers),
                            num_cpus=1, num_gpus=1 if args.model else 0)
        writer, counts, row = Writer(dst, done), Counter(), 0
        bar = tqdm(total=count_records(src), initial=done, unit="rec", dynamic_ncols=True, disable=args.quiet)
        start = time.perf_counter()
        try:
            for batch in ds.iter_batches(batch_size=args.batch, batch_format="numpy"):
                names = [n for n in batch if n != RESULT]
                records = []
                for i, result in enumerate(batch[RESULT]):
                    if row >= done:
                        original = {n: _plain(batch[n][i]) for n in names}
                        records.append(output_record(original, row, json.loads(result)))
                    row += 1
                if records:
                    writer.write(records)
                    counts.update(r["status"] for r in records)
                    bar.update(len(records))
        finally:
            bar.close()
            writer.close()
        wall = time.perf_counter() - start
    finally:
        ray.shutdown()
    new = row - done
    return {"input": str(src), "output": str(dst), "rows_skipped_as_done": done, "rows_written": new,
            "by_status": dict(counts), "records_per_s": round(new / wall, 1) if wall else None, "wall_s": round(wall, 2),
            "ray_workers": workers}


def _plain(value):
    """numpy scalars from Ray batches as the plain Python values the local path writes."""
    return value.item() if hasattr(value, "item") else value
