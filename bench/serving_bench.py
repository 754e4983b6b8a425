"""Serving speed per layout: raw engine calls and `POST /extract` over HTTP side by side, in one
run, on the same engines and prompts; then exact match of what the service answered, so a speed
lever that changes answers shows. Use a model that writes the real answer and stops (the trained
stand-in on a GPU): output length and stopping drive the result.

A layout is `engines=N,workers=W[,processes=P][,structured=0|1][,async=0|1][,ngram=K][,rules_first=0|1][,together=0|1]
[,pack=R][,stream=C]`:
N vLLM engines sharing the GPU behind one service, driven from P processes (ADDRX_ENGINE_PROCESSES; 1 = the service's
own), W post-processing processes, structured output on or off,
vLLM async scheduling, prompt-lookup speculative decoding proposing K tokens, the rules answering the
records they are sure of before the model, the engines after the first started side by side or one by one (a
layout that fails to start side by side is tried again one by one), each engine taking R records before the next gets
any (ADDRX_ENGINE_PACK), wide batches post-processed in chunks of C as their outputs finish (0 = after the last). Raw = the model backend's generate_raw on every record
(prompts in, raw strings out: tokenise, engines, decode), no HTTP and no parsing. The HTTP client runs in this process, so its cost counts
against the service (conservative). Latencies are per call (one call = one batch).

Run as: python -m bench.serving_bench --model DIR [--layouts "engines=1,workers=0;engines=4,workers=4"]
        [--batch-sizes 1,16,256,1000] [--concurrency 1,8] [--calls 24] [--max-num-seqs 1024]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import time

from addrdata import labelled_texts
from bench.engine_bench import percentiles, run_raw, run_service
from bench.live import LiveServer, add_model_arguments, model_path
from service.backends import build_backend
from service.model_contract import mean_target_tokens
from service.settings import Settings

LAYOUT_KEYS = {"engines": "engines", "workers": "postprocess_workers", "structured": "structured_output",
               "async": "async_scheduling", "ngram": "speculative_ngram", "rules_first": "rules_first",
               "graphs": "cudagraph_max", "together": "engines_start_together", "processes": "engine_processes",
               "pack": "engine_pack", "stream": "postprocess_stream"}
FLAGS = {"structured", "async", "rules_first", "together"}


def parse_layout(spec: str) -> dict:
    """`engines=4,workers=4,structured=0,async=1,ngram=4` -> Settings overrides."""
    overrides = {}
    for part in filter(None, (p.strip() for p in spec.split(","))):
        key, _, value = part.partition("=")
        if key not in LAYOUT_KEYS:
            raise SystemExit(f"unknown layout key {key!r} (use {', '.join(LAYOUT_KEYS)})")
        overrides[LAYOUT_KEYS[key]] = bool(int(value)) if key in FLAGS else int(value)
    return overrides


def attempts(spec: str) -> list[str]:
    """The layout, then the same one with its engines started one by one if side by side was not asked for
    explicitly and there are several engines: a start that fails side by side should not lose the cell."""
    overrides = parse_layout(spec)
    if "engines_start_together" in overrides or overrides.get("engines", 1) < 2:
        return [spec]
    return [spec, spec + ",together=0"]


def load_texts(path: str) -> list[tuple[str, dict]]:
    with open(path, encoding="utf-8") as f:
        return [(row["text"], row["label"]) for row in map(json.loads, f)]


def gpu_memory_mib() -> str:
    try:
        out = subprocess.run(["nvidia-smi", "--query-gpu=memory.used", "--format=csv,noheader,nounits"],
                             capture_output=True, text=True, timeout=10).stdout.split()
        return f"{out[0]} MiB" if out else "n/a"
    except (OSError, subprocess.TimeoutExpired):
        return "n/a (no nvidia-smi)"


def exact_match(server: LiveServer, rows: list[tuple[str, dict]], batch: int) -> dict:
    """Six fields through POST /extract against the labels, and output length: the model's mean output
    tokens per record it read beside the gold target's on the same texts (a stand-in that writes answers
    of the wrong length would time the wrong work), and the share of records the model read at all."""
    import httpx

    engine = server.engine
    tokens_before, served_before = engine.output_tokens, sum(engine.served)
    hits = 0
    for i in range(0, len(rows), batch):
        chunk = rows[i: i + batch]
        reply = httpx.post(server.url + "/extract", json={"texts": [t for t, _ in chunk]}, timeout=600).json()
        hits += sum({k: r[k] for k in label} == label for r, (_, label) in zip(reply["results"], chunk))
    read = sum(engine.served) - served_before
    return {"exact": hits / len(rows), "model_share": read / len(rows),
            "out_tokens": (engine.output_tokens - tokens_before) / max(read, 1), "gold_tokens": mean_target_tokens(engine.tokenizer, [label for _, label in rows], engine.fmt)}


class TextPool:
    """Texts handed out in order, wrapping around: each side of a cell gets texts the other side did
    not just send, so prefix caching favours neither (only the shared system prompt is cached)."""

    def __init__(self, texts: list[str]):
        self.texts, self.at = texts, 0

    def batches(self, size: int, count: int) -> list[list[str]]:
        out = []
        for _ in range(count):
            if self.at + size > len(self.texts):
                self.at = 0
            out.append(self.texts[self.at: self.at + size])
            self.at += size
        return out


def measure_layout(server: LiveServer, texts: list[str], batch_sizes: list[int], concurrency: list[int],
                   calls: int) -> list[dict]:
    rows = []
    raw_pool, svc_pool = TextPool(texts[0::2]), TextPool(texts[1::2])
    # Warm both paths at the widest cell first: the first time the engines run at full width costs once (on the
    # H200, 2026-12-01: raw 256 x 8 ran at 324 records/s first and 868 after 1000 x 8), and that cost fell on
    # whichever side met the width first, which made raw look slower than HTTP in round 1's weakest cell.
    widest, most = max(batch_sizes), max(concurrency)
    run_raw(server, raw_pool.batches(widest, most), most)
    run_service(server, svc_pool.batches(widest, most), most)
    for batch in batch_sizes:
        for conc in concurrency:
            n_calls = max(calls if batch < 256 else conc * 2, conc)
            raw_batches, svc_batches = raw_pool.batches(batch, n_calls), svc_pool.batches(batch, n_calls)
            done = batch * n_calls
            tokens_before = server.engine.output_tokens
            raw_s, raw_lat = run_raw(server, raw_batches, conc)
            tokens = server.engine.output_tokens - tokens_before
            timings: list[dict] = []
            svc_s, svc_lat, statuses = run_service(server, svc_batches, conc, timings)
            rows.append({"where": where_the_time_went(timings), "batch": batch, "conc": conc, "records": done, "raw_rps": done / raw_s,
                         "raw_ms": percentiles([x * 1e3 for x in raw_lat]), "svc_rps": statuses[200] * batch / svc_s,
                         "svc_ms": percentiles([x * 1e3 for x in svc_lat]) if svc_lat else (float("nan"),) * 3,
                         "refused": statuses[429], "timed_out": statuses[504], "out_tokens": tokens / done})
    return rows


def where_the_time_went(timings: list[dict]) -> dict[str, float]:
    """Mean ms per answered call: the service's own timing_ms (decode, model, post = engine - model: post-processing
    and rules, encode) and the client's latency, whose rest (client - total) is HTTP, JSON and waiting for the GIL."""
    if not timings:
        return {}
    mean = {key: sum(t.get(key, 0.0) for t in timings) / len(timings) for key in ("decode", "model", "engine", "encode", "total", "client")}
    return {"decode": mean["decode"], "model": mean["model"], "post": mean["engine"] - mean["model"],
            "encode": mean["encode"], "outside": mean["client"] - mean["total"]}


def print_rows(rows: list[dict]) -> None:
    print(f"{'batch':>5} {'conc':>4} | {'raw rec/s':>9} {'p50':>6} {'p95':>6} {'p99':>6} | "
          f"{'svc rec/s':>9} {'p50':>6} {'p95':>6} {'p99':>6} | refused timeout | svc/raw | out tok/rec")
    for r in rows:
        rp, sp = r["raw_ms"], r["svc_ms"]
        print(f"{r['batch']:>5} {r['conc']:>4} | {r['raw_rps']:>9.1f} {rp[0]:>6.0f} {rp[1]:>6.0f} {rp[2]:>6.0f} | "
              f"{r['svc_rps']:>9.1f} {sp[0]:>6.0f} {sp[1]:>6.0f} {sp[2]:>6.0f} | {r.get('refused', 0):>7} {r.get('timed_out', 0):>7} | "
              f"{r['svc_rps'] / r['raw_rps']:>7.2f} | "
              f"{r['out_tokens']:.1f}", flush=True)
    print("where an HTTP call's time went (mean ms per call): decode / model / post-processing and rules / encode / "
          "outside the handler (HTTP, JSON, the client, waiting)")
    for r in rows:
        w = r.get("where") or {}
        if w:
            print(f"{r['batch']:>5} {r['conc']:>4} | " + " / ".join(f"{w[k]:.0f}" for k in ("decode", "model", "post", "encode", "outside")),
                  flush=True)


def run_layout(model: str, spec: str, args, rows_labelled: list[tuple[str, dict]]) -> dict:
    overrides = parse_layout(spec)
    # Admission and deadline wide enough for the largest cell: the work is measured, not the guards.
    settings = Settings(model=model, max_num_seqs=args.max_num_seqs, gpu_memory_utilization=args.gpu_memory_utilization,
                        max_in_flight=max(8000, max(args.batch_sizes) * max(args.concurrency)),
                        max_requests=max(64, max(args.concurrency)), max_items=max(1000, max(args.batch_sizes)),
                        deadline_s=3600, **overrides)
    began = time.perf_counter()
    server = LiveServer(settings, build_backend(settings)).start(timeout=1200)
    backend = server.engine
    print(f"\n## layout {spec}: {len(backend.engines)} engine(s) driven from {settings.engine_processes} process(es), "
          f"{settings.postprocess_workers} post-processing "
          f"process(es), structured output {'on' if settings.structured_output else 'off'}, target format "
          f"{backend.fmt}, max_tokens {backend.max_tokens}, max_num_seqs {settings.max_num_seqs} per engine, "
          f"async scheduling {'on' if settings.async_scheduling else 'off'}, speculative ngram "
          f"{settings.speculative_ngram or 'off'}, rules first {'on' if settings.rules_first else 'off'}, engines packed to "
          f"{settings.engine_pack or 'off'}, post-processing in chunks of {settings.postprocess_stream or 'off'}, engines started "
          f"{'side by side after the first' if settings.engines_start_together else 'one by one'}, "
          f"ready in {time.perf_counter() - began:.0f} s (first engine {backend.start_seconds[0]:.0f} s, the "
          f"other {len(backend.engines) - 1} {sum(backend.start_seconds[1:]):.0f} s); "
          f"GPU memory used {gpu_memory_mib()}", flush=True)
    try:
        texts = [t for t, _ in rows_labelled]
        rows = measure_layout(server, texts, args.batch_sizes, args.concurrency, args.calls)
        print_rows(rows)
        check = exact_match(server, rows_labelled[: args.exact_records], 250)
        print(f"exact match through POST /extract on {args.exact_records} labelled records: {check['exact']:.1%}; "
              f"the model read {check['model_share']:.1%} of them, writing {check['out_tokens']:.1f} tokens a record "
              f"(gold target {check['gold_tokens']:.1f})", flush=True)
    finally:
        server.stop()
    return {"layout": spec, "rows": rows, **check}


def main() -> None:
    ap = argparse.ArgumentParser(description="Raw engine vs POST /extract per serving layout, with exact match.")
    add_model_arguments(ap)
    ap.add_argument("--layouts", default="engines=1,workers=0;engines=2,workers=4",
                    help="semicolon-separated layouts: engines=N,workers=W[,processes=P][,structured=0|1][,async=0|1][,ngram=K][,rules_first=0|1][,pack=R][,stream=C]")
    ap.add_argument("--batch-sizes", default="1,16,256,1000", help="comma-separated records per call")
    ap.add_argument("--concurrency", default="1,8", help="comma-separated calls in flight")
    ap.add_argument("--calls", type=int, default=24, help="calls per cell for batches under 256 (else 2 per slot)")
    ap.add_argument("--max-num-seqs", type=int, default=1024, help="vLLM max_num_seqs per engine")
    ap.add_argument("--gpu-memory-utilization", type=float, default=0.8, help="GPU memory share, split over the engines")
    ap.add_argument("--exact-records", type=int, default=1000, help="labelled records for the exact-match check")
    ap.add_argument("--texts", default="", help="JSONL of {text, label} to use (default: generate 24,000)")
    ap.add_argument("--json", default="", help="also write the results to this JSON file")
    args = ap.parse_args()
    args.batch_sizes = [int(x) for x in args.batch_sizes.split(",")]
    args.concurrency = [int(x) for x in args.concurrency.split(",")]
    model = model_path(args)
    rows_labelled = load_texts(args.texts) if args.texts else labelled_texts(24000, seed=11)
    specs = [s.strip() for s in args.layouts.split(";") if s.strip()]
    for spec in specs:
        parse_layout(spec)  # a typo fails before any engine starts
    results = []
    for spec in specs:
        for attempt in attempts(spec):
            try:
                results.append(run_layout(model, attempt, args, rows_labelled))
                break
            except Exception as exc:  # one layout that will not start (e.g. an unsupported option) spares the rest
                print(f"layout {attempt} failed: {type(exc).__name__}: {exc}", flush=True)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(results, f, indent=1)


if __name__ == "__main__":
    main()
