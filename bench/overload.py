"""Accepted records/s under overload: the same service (`python -m service`, rules backend, default
limits, its own process) driven by few and by many looping clients, side by side in one run. Each
client posts a batch, and on 429 waits 50 ms and posts again (an impatient client, not one that
honours Retry-After). Issue 24: refusals must stay cheap, so that many clients do not drag down
what the service accepts; the ratio (many / few) is the figure, ≥ 0.8 the aim.

Run as: python -m bench.overload [--clients 8,120] [--batch 1000] [--seconds 15]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import time
from collections import Counter

import httpx

from addrdata import labelled_texts
from bench.live import start_server, stop_server


async def drive(url: str, body: bytes, records: int, clients: int, seconds: float) -> dict:
    accepted, refused, other, latencies, kinds = 0, 0, 0, [], Counter()
    stop_at = time.monotonic() + seconds
    headers = {"content-type": "application/json"}

    async def client(http: httpx.AsyncClient) -> None:
        nonlocal accepted, refused, other
        while time.monotonic() < stop_at:
            started = time.perf_counter()
            try:
                reply = await http.post(url + "/extract", content=body, headers=headers)
            except httpx.HTTPError as exc:  # a reset or a closed connection: what a refusal must not cause
                other += 1
                kinds[type(exc).__name__] += 1
                continue
            if reply.status_code == 200:
                accepted += records
                latencies.append(time.perf_counter() - started)
            elif reply.status_code == 429:
                refused += 1
                await asyncio.sleep(0.05)
            else:
                other += 1
                kinds[str(reply.status_code)] += 1

    limits = httpx.Limits(max_connections=clients, max_keepalive_connections=clients)
    async with httpx.AsyncClient(timeout=120, limits=limits) as http:
        began = time.monotonic()
        await asyncio.gather(*(client(http) for _ in range(clients)))
        wall = time.monotonic() - began
    return {"clients": clients, "accepted_records_per_s": accepted / wall, "refusals_per_s": refused / wall,
            "other_statuses": other, "other_kinds": dict(kinds), "p50_accepted_s": statistics.median(latencies) if latencies else None}


def main(argv: list[str] | None = None) -> list[dict]:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--clients", default="8,120", help="comma-separated client counts; the first is the baseline")
    ap.add_argument("--batch", type=int, default=1000, help="records per request")
    ap.add_argument("--seconds", type=float, default=15, help="load time per client count")
    args = ap.parse_args(argv)
    body = json.dumps({"texts": [t for t, _ in labelled_texts(args.batch, seed=11)]}, ensure_ascii=False).encode()
    url, proc = start_server({"ADDRX_MODEL": ""})
    rows = []
    try:
        for clients in (int(c) for c in args.clients.split(",")):
            rows.append(asyncio.run(drive(url, body, args.batch, clients, args.seconds)))
    finally:
        stop_server(proc)
    print(f"# accepted records/s under looping clients: batch {args.batch} ({len(body):,} bytes), {args.seconds:g} s each, "
          "rules backend, default limits")
    print("| clients | accepted records/s | 429/s | other statuses or errors | p50 accepted (s) | vs first |")
    print("|---|---|---|---|---|---|")
    for row in rows:
        p50 = f"{row['p50_accepted_s']:.2f}" if row["p50_accepted_s"] is not None else "-"
        others = f"{row['other_statuses']} {row['other_kinds']}" if row["other_statuses"] else "0"
        print(f"| {row['clients']} | {row['accepted_records_per_s']:,.0f} | {row['refusals_per_s']:,.1f} | {others} "
              f"| {p50} | {row['accepted_records_per_s'] / rows[0]['accepted_records_per_s']:.2f} |")
    return rows


if __name__ == "__main__":
    main()
