"""What the service process itself spends per record on the model path, with a model that answers at
once: every record's gold answer is its raw output, so what is timed is the service around the model
(HTTP, post-processing, rules first's rules) and nothing else. On the H200 (2026-12-01, round 3) the
engines gave 1,620 records/s raw at 1,000 x 8 but POST /extract 965, and rules first stayed near
1,250 though the model read a quarter of the records: the service's own work is the ceiling there.

Layouts, side by side in one run on the same texts (records/s through POST /extract, client in this
process, and each layout's ratio to the first):
  model, post-processing in a thread | model, in W worker processes |
  rules first, rules in the service's thread (before) | rules first, rules in the worker processes (now)

Run as: python -m bench.service_cpu [--batch 1000] [--calls 12] [--concurrency 4] [--workers 2]
        [--format compact] [--repeats 2]
"""

from __future__ import annotations

import argparse
import time

from addrdata import labelled_texts
from bench.engine_bench import run_service
from bench.live import LiveServer
from service.backends.base import BatchStats
from service.backends.cascade import CascadeBackend
from service.backends.model import ModelBackend
from service.model_contract import render
from service.schema import Extraction
from service.settings import Settings


class InstantModel(ModelBackend):
    """A model backend whose engine answers every text with its gold answer at once (the post-processing is real)."""

    name = "instant-model"
    model = None

    def __init__(self, rows: list[tuple[str, dict]], fmt: str, workers: int):
        self.fmt, self.workers = fmt, workers
        self.answers = {text: render(Extraction(**label), fmt) for text, label in rows}

    async def start(self) -> None:
        await self.start_postprocessor(self.workers)

    async def stop(self) -> None:
        self.stop_postprocessor()

    async def generate_raw(self, texts: list[str]) -> tuple[list[str], BatchStats]:
        return [self.answers[t] for t in texts], BatchStats()


class RulesInThreadCascade(CascadeBackend):
    """Rules first as it was before the rules moved to the worker processes: the baseline."""

    async def read_by_rules(self, texts):
        return (await self.rules.extract(texts))[0]


def layouts(rows, fmt: str, workers: int) -> list[tuple[str, object]]:
    return [("model, post-processing in a thread", InstantModel(rows, fmt, 0)),
            (f"model, post-processing in {workers} processes", InstantModel(rows, fmt, workers)),
            ("rules first, rules in the service's thread (before)", RulesInThreadCascade(InstantModel(rows, fmt, workers))),
            (f"rules first, rules in the {workers} processes", CascadeBackend(InstantModel(rows, fmt, workers)))]


def measure(backend, texts: list[str], batch: int, calls: int, concurrency: int) -> float:
    settings = Settings(max_items=batch, max_in_flight=batch * concurrency * 2, max_requests=max(64, concurrency),
                        deadline_s=3600)
    server = LiveServer(settings, backend).start(timeout=120)
    try:
        batches = [texts[(i * batch) % len(texts):][:batch] for i in range(calls)]
        run_service(server, batches[:concurrency], concurrency)  # warm: workers, caches, connections
        seconds, _, statuses = run_service(server, batches, concurrency)
        assert statuses[200] == calls, statuses
        return calls * batch / seconds
    finally:
        server.stop()


def main() -> None:
    ap = argparse.ArgumentParser(description="The service's own cost per record around an instant model.")
    ap.add_argument("--batch", type=int, default=1000, help="records per request")
    ap.add_argument("--calls", type=int, default=12, help="requests measured per layout")
    ap.add_argument("--concurrency", type=int, default=4, help="requests in flight")
    ap.add_argument("--workers", type=int, default=2, help="post-processing processes (ADDRX_POSTPROCESS_WORKERS)")
    ap.add_argument("--format", default="compact", choices=("json", "lines", "compact"), help="what the model writes")
    ap.add_argument("--repeats", type=int, default=2, help="rounds over all layouts (noisy machines: read each round)")
    args = ap.parse_args()
    rows = labelled_texts(args.batch * 2, seed=5)
    texts = [t for t, _ in rows]
    print(f"{args.batch}-record batches, {args.calls} calls, {args.concurrency} in flight, target format {args.format}, "
          f"gold answers as the model's output; records/s through POST /extract (client in this process)")
    for round_no in range(1, args.repeats + 1):
        first = None
        for name, backend in layouts(rows, args.format, args.workers):
            began = time.perf_counter()
            rps = measure(backend, texts, args.batch, args.calls, args.concurrency)
            first = first or rps
            print(f"round {round_no}  {name:<52} {rps:>8,.0f} records/s  {1e6 / rps:>6.0f} µs/record  "
                  f"{rps / first:.2f}x  ({time.perf_counter() - began:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
