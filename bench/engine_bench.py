"""Raw vLLM generate vs POST /extract over HTTP, side by side in one run on the same prompts and
the same engine (one engine: the service's; raw = its AsyncLLM call alone, no HTTP, no parsing).

Random weights never stop early, so every record decodes exactly --max-tokens tokens on both
sides (structured output off): timing depends on shapes and token counts, not on weight values.
The HTTP client runs in this process too, so its cost counts against the service (conservative).

Run as: python -m bench.engine_bench [--model DIR] [--shape tiny] [--batch-sizes 1,16,256]
        [--concurrency 1,16] [--max-tokens 16] [--records 256]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from collections import Counter

import httpx

from bench.live import LiveServer, add_model_arguments, model_path
from addrdata import labelled_texts
from service.backends.vllm import VllmBackend
from service.settings import Settings


def percentiles(samples: list[float]) -> tuple[float, float, float]:
    if len(samples) == 1:
        return samples[0], samples[0], samples[0]
    q = statistics.quantiles(samples, n=100, method="inclusive")
    return q[49], q[94], q[98]


async def _timed(coro) -> float:
    start = time.perf_counter()
    await coro
    return time.perf_counter() - start


def run_raw(server: LiveServer, batches: list[list[str]], concurrency: int) -> tuple[float, list[float]]:
    async def go():
        limit = asyncio.Semaphore(concurrency)

        async def one(batch):
            async with limit:
                return await _timed(server.engine.generate_raw(batch))

        start = time.perf_counter()
        lat = await asyncio.gather(*(one(b) for b in batches))
        return time.perf_counter() - start, list(lat)

    return server.call(go(), timeout=3600)


def run_service(server: LiveServer, batches: list[list[str]], concurrency: int,
                timings: list[dict] | None = None) -> tuple[float, list[float], Counter]:
    """Wall seconds, latency of each answered call, and the count of each HTTP status: a refusal (429) or a
    deadline (504) is a column of the table, not an exception that loses the run. `timings` collects each
    answered call's timing_ms (where the service says its time went)."""
    async def go():
        limit = asyncio.Semaphore(concurrency)
        statuses: Counter = Counter()
        async with httpx.AsyncClient(timeout=3600, limits=httpx.Limits(max_connections=concurrency)) as client:
            async def one(batch):
                async with limit:
                    start = time.perf_counter()
                    reply = await client.post(server.url + "/extract", json={"texts": batch})
                    statuses[reply.status_code] += 1
                    if reply.status_code == 200:
                        body = reply.json()
                        assert len(body["results"]) == len(batch)
                        elapsed = time.perf_counter() - start  # the client's JSON decoding counts, as in every round
                        if timings is not None:
                            timings.append({**body["timing_ms"], "client": elapsed * 1e3})
                        return elapsed
                    return None

            start = time.perf_counter()
            lat = await asyncio.gather(*(one(b) for b in batches))
            return time.perf_counter() - start, [x for x in lat if x is not None], statuses

    return asyncio.run(go())


def bench_settings(model: str, max_tokens: int, batch_sizes: list[int], concurrency: list[int]) -> Settings:
    """The service as a benchmark needs it: admission and deadlines wide enough for the largest cell
    (batch x concurrency records at once on a slow CPU engine), so what is measured is the work."""
    most = max(batch_sizes) * max(concurrency)
    return Settings(model=model, structured_output=False, max_tokens=max_tokens, max_in_flight=max(8000, most),
                    max_requests=max(64, max(concurrency)), max_items=max(1000, max(batch_sizes)), deadline_s=3600)


def bench(server: LiveServer, batch_sizes: list[int], concurrency: list[int], records: int) -> float:
    texts = [t for t, _ in labelled_texts(max(records, max(batch_sizes) * max(concurrency)), seed=7)]
    run_raw(server, [texts[:8]], 1)  # warm both paths on these shapes
    run_service(server, [texts[:8]], 1)
    total_raw = total_service = 0.0
    print(f"{'batch':>5} {'conc':>4} | {'raw rec/s':>9} {'p50':>7} {'p95':>7} {'p99':>7} | "
          f"{'svc rec/s':>9} {'p50':>7} {'p95':>7} {'p99':>7} | {'refused':>7} {'timeout':>7} {'other':>5} | ratio")
    for batch in batch_sizes:
        for conc in concurrency:
            n = max(records, batch * conc)
            batches = [texts[i: i + batch] for i in range(0, n - n % batch, batch)]
            done = sum(len(b) for b in batches)
            raw_s, raw_lat = run_raw(server, batches, conc)
            svc_s, svc_lat, statuses = run_service(server, batches, conc)
            total_raw += raw_s
            total_service += svc_s
            answered = statuses[200] * batch
            r, s = done / raw_s, answered / svc_s
            rp = percentiles([x * 1e3 for x in raw_lat])
            sp = percentiles([x * 1e3 for x in svc_lat]) if svc_lat else (float("nan"),) * 3
            other = sum(n for code, n in statuses.items() if code not in (200, 429, 504))
            print(f"{batch:>5} {conc:>4} | {r:>9.1f} {rp[0]:>7.0f} {rp[1]:>7.0f} {rp[2]:>7.0f} | "
                  f"{s:>9.1f} {sp[0]:>7.0f} {sp[1]:>7.0f} {sp[2]:>7.0f} | {statuses[429]:>7} {statuses[504]:>7} {other:>5} | {s / r:.2f}")
    ratio = total_raw / total_service
    print("latencies in ms per call (one call = one batch); svc rec/s counts answered calls; refused = 429, timeout = 504")
    print(f"service/raw throughput ratio: {ratio:.2f}")
    return ratio


def main() -> None:
    ap = argparse.ArgumentParser(description="Raw vLLM vs POST /extract, side by side.")
    add_model_arguments(ap)
    ap.add_argument("--batch-sizes", default="1,16,256", help="comma-separated records per call")
    ap.add_argument("--concurrency", default="1,16", help="comma-separated calls in flight")
    ap.add_argument("--max-tokens", type=int, default=16, help="output tokens per record (fixed on both sides)")
    ap.add_argument("--records", type=int, default=256, help="least records per cell")
    args = ap.parse_args()
    model = model_path(args)
    batch_sizes, concurrency = [int(x) for x in args.batch_sizes.split(",")], [int(x) for x in args.concurrency.split(",")]
    settings = bench_settings(model, args.max_tokens, batch_sizes, concurrency)
    server = LiveServer(settings, VllmBackend(settings)).start(timeout=900)
    try:
        bench(server, batch_sizes, concurrency, args.records)
    finally:
        server.stop()


if __name__ == "__main__":
    main()
