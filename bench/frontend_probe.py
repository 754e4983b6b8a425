"""Is one service process the ceiling? The same engines driven from one process or split over several.

Every vLLM engine runs its scheduler and model runner in its own engine-core process, but all the
engines of one service share that service's process for the rest: submitting requests, receiving
each step's tokens and turning them into finished outputs (Python, one GIL). Round 1 saw 4 and 8
engines in one process add up to the same ~1,150 records/s. This probe separates the two causes
(the GPU saturated, or the one process's frontend): P processes x E engines each, raw calls only (no
HTTP, no parsing), every process started and warm before one shared clock starts; layouts with the
same P x E differ only in how many frontends drive the engines.

Run as: python -m bench.frontend_probe --model DIR [--layouts 1x4,2x2] [--batch 1000] [--calls 16]
        [--concurrency 8] [--gpu-memory-utilization 0.8] [--max-num-seqs 1024]
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import time

from bench.live import add_model_arguments, model_path


def parse_layouts(spec: str) -> list[tuple[int, int]]:
    """`1x4,2x2` -> [(1, 4), (2, 2)]: processes x engines per process."""
    out = []
    for part in filter(None, (p.strip() for p in spec.split(","))):
        processes, _, engines = part.partition("x")
        if not (processes.isdigit() and engines.isdigit() and int(processes) > 0 and int(engines) > 0):
            raise SystemExit(f"layout {part!r} is not PROCESSESxENGINES (e.g. 2x2)")
        out.append((int(processes), int(engines)))
    return out


def share(calls: int, processes: int, index: int) -> int:
    """Calls process `index` makes: `calls` split as evenly as possible."""
    return calls // processes + (index < calls % processes)


def _worker(index: int, processes: int, engines: int, args: dict, texts: list[str], ready, go, results) -> None:
    """One frontend process: its own engines, warm before the shared start, then its share of the calls."""
    from service.backends.vllm import VllmBackend
    from service.settings import Settings

    settings = Settings(model=args["model"], engines=engines, structured_output=False, max_num_seqs=args["max_num_seqs"],
                        gpu_memory_utilization=args["gpu_memory_utilization"] / processes)
    backend = VllmBackend(settings)
    calls = share(args["calls"], processes, index)
    concurrency = max(1, share(args["concurrency"], processes, index))

    async def run() -> tuple[int, float]:
        await backend.start()
        # The full width once before the clock: the first time the engines run that wide costs once (on the H200,
        # 2026-12-01, round 3's 1x4 warmed with one batch only and gave 752 records/s where the serving bench's warm
        # raw cell gave 1,620).
        await asyncio.gather(*(backend.generate_raw(texts[: args["batch"]]) for _ in range(concurrency)))
        ready.put(index)
        await asyncio.to_thread(go.wait)
        limit = asyncio.Semaphore(concurrency)

        async def one(i: int) -> int:
            async with limit:
                start = (index * 7919 + i * args["batch"]) % max(1, len(texts) - args["batch"])
                raws, _ = await backend.generate_raw(texts[start: start + args["batch"]])
                return len(raws)

        began = time.perf_counter()
        done = sum(await asyncio.gather(*(one(i) for i in range(calls))))
        return done, time.perf_counter() - began

    try:
        results.put((index, *asyncio.run(run())))
    finally:
        asyncio.run(backend.stop())


def wait_ready(proc, ready, timeout: float) -> None:
    """Until the process says its engines are warm; a process that died says so at once, not at the timeout."""
    import queue

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            ready.get(timeout=2)
            return
        except queue.Empty:
            if not proc.is_alive():
                raise SystemExit(f"a probe process exited with {proc.exitcode} before its engines were ready")
    raise SystemExit(f"a probe process was not ready within {timeout:.0f} s")


def measure(model: str, processes: int, engines: int, args: argparse.Namespace, texts: list[str]) -> dict:
    ctx = multiprocessing.get_context("spawn")  # vLLM and CUDA state are never forked
    ready, results, go = ctx.Queue(), ctx.Queue(), ctx.Event()
    shared = {"model": model, "batch": args.batch, "calls": args.calls, "concurrency": args.concurrency,
              "max_num_seqs": args.max_num_seqs, "gpu_memory_utilization": args.gpu_memory_utilization}
    procs = []
    for i in range(processes):  # one after another: each engine sizes its cache from the memory free when it starts
        proc = ctx.Process(target=_worker, args=(i, processes, engines, shared, texts, ready, go, results))
        proc.start()
        procs.append(proc)
        wait_ready(proc, ready, args.start_timeout)
    began = time.perf_counter()
    go.set()
    parts = [results.get(timeout=3600) for _ in procs]
    wall = time.perf_counter() - began
    for proc in procs:
        proc.join(timeout=120)
    records = sum(p[1] for p in parts)
    return {"processes": processes, "engines": engines, "records": records, "wall_s": wall, "rps": records / wall,
            "slowest_process_s": max(p[2] for p in parts)}


def main() -> None:
    ap = argparse.ArgumentParser(description="Raw records/s of the same engines driven from one or several processes.")
    add_model_arguments(ap)
    ap.add_argument("--layouts", default="1x4,2x2", help="comma-separated PROCESSESxENGINES (engines per process)")
    ap.add_argument("--batch", type=int, default=1000, help="records per call")
    ap.add_argument("--calls", type=int, default=16, help="calls in all, split over the processes")
    ap.add_argument("--concurrency", type=int, default=8, help="calls in flight in all, split over the processes")
    ap.add_argument("--max-num-seqs", type=int, default=1024, help="vLLM max_num_seqs per engine")
    ap.add_argument("--gpu-memory-utilization", type=float, default=0.8, help="GPU memory share, split over every engine")
    ap.add_argument("--start-timeout", type=float, default=900, help="seconds one process may take to start its engines")
    ap.add_argument("--texts", default="", help="JSONL of {text, label} (default: generated)")
    args = ap.parse_args()
    layouts = parse_layouts(args.layouts)
    model = model_path(args)
    if args.texts:
        from bench.serving_bench import load_texts

        texts = [t for t, _ in load_texts(args.texts)]
    else:
        from addrdata import labelled_texts

        texts = [t for t, _ in labelled_texts(max(4 * args.batch, 64), seed=13)]
    print(f"raw generate_raw calls of {args.batch} records, {args.calls} calls, {args.concurrency} in flight in all; "
          f"free decoding, max_num_seqs {args.max_num_seqs} per engine", flush=True)
    print(f"{'processes':>9} {'engines/proc':>12} | {'records':>7} {'wall s':>7} {'rec/s':>8}", flush=True)
    base = None
    for processes, engines in layouts:
        row = measure(model, processes, engines, args, texts)
        base = base or row["rps"]
        print(f"{processes:>9} {engines:>12} | {row['records']:>7} {row['wall_s']:>7.2f} {row['rps']:>8.1f}  "
              f"({row['rps'] / base:.2f}x the first layout)", flush=True)


if __name__ == "__main__":
    main()
