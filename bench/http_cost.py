"""What the HTTP layer costs per record, with no model and no rules in the way: a backend that hands
back ready readings, called directly (the baseline) and through `POST /extract` on a real socket
(request bytes -> validation -> backend -> result validation -> JSON -> client decode), side by side
in one run. The client runs in this process, so its JSON work counts against the service. The
difference per record, against a model's per-record time, is the share the HTTP layer can cost.

Run as: python -m bench.http_cost [--batch 1000] [--calls 20]
"""

from __future__ import annotations

import argparse
import asyncio
import time

import httpx

from addrdata import labelled_texts
from bench.live import LiveServer
from service.backends.base import BatchStats
from service.backends.reading import reading_from_model
from service.model_contract import render
from service.schema import Extraction
from service.settings import Settings


class InstantBackend:
    """Answers each text with its reading computed beforehand: the backend costs ~nothing."""

    name = "instant"
    model = None

    def __init__(self, rows: list[tuple[str, dict]]):
        self.readings = {text: reading_from_model(text, render(Extraction(**label))) for text, label in rows}

    async def start(self) -> None:
        return None

    async def stop(self) -> None:
        return None

    async def extract(self, texts: list[str]):
        return [self.readings[t].model_copy() for t in texts], BatchStats()


def measure(batch: int, calls: int) -> dict:
    rows = labelled_texts(batch, seed=5)
    texts = [t for t, _ in rows]
    backend = InstantBackend(rows)
    server = LiveServer(Settings(), backend).start(timeout=60)
    try:
        async def direct():
            start = time.perf_counter()
            for _ in range(calls):
                await backend.extract(texts)
            return time.perf_counter() - start

        async def over_http():
            async with httpx.AsyncClient(timeout=60) as client:
                await client.post(server.url + "/extract", json={"texts": texts})  # warm
                start = time.perf_counter()
                for _ in range(calls):
                    reply = await client.post(server.url + "/extract", json={"texts": texts})
                    assert reply.status_code == 200 and len(reply.json()["results"]) == batch
                return time.perf_counter() - start

        direct_s = server.call(direct())
        http_s = asyncio.run(over_http())
    finally:
        server.stop()
    records = batch * calls
    return {"direct_us": direct_s / records * 1e6, "http_us": http_s / records * 1e6,
            "layer_us": (http_s - direct_s) / records * 1e6}


def main() -> None:
    ap = argparse.ArgumentParser(description="Per-record cost of the HTTP layer, with an instant backend.")
    ap.add_argument("--batch", type=int, default=1000, help="records per request")
    ap.add_argument("--calls", type=int, default=20, help="requests measured")
    args = ap.parse_args()
    r = measure(args.batch, args.calls)
    print(f"instant backend called directly: {r['direct_us']:.1f} µs/record")
    print(f"through POST /extract (client in this process): {r['http_us']:.1f} µs/record")
    print(f"HTTP layer: {r['layer_us']:.1f} µs/record = {r['layer_us'] / 1e3:.1%} of a 1 ms-per-record model "
          f"(1,000 records/s); {1e6 / r['http_us']:,.0f} records/s at most through one service process")


if __name__ == "__main__":
    main()
