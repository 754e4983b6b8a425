"""Cost of structured output: the same prompts on the same engine, decoded free and constrained
to the contract (JSON schema, or the lines regex), side by side. Random weights write different token counts under
the two modes, so the fair figure is time per output token; records/s is printed too.

Run as: python -m bench.structured_cost [--model DIR] [--shape tiny] [--records 256] [--batch 64]
"""

from __future__ import annotations

import argparse
import asyncio
import time

from bench.live import add_model_arguments, model_path
from addrdata import labelled_texts
from service.backends.vllm import VllmBackend
from service.model_contract import parse
from service.settings import Settings


async def measure(backend: VllmBackend, texts: list[str], batch: int, structured: bool) -> dict:
    backend.structured_output = structured
    await backend.generate_raw(texts[:4])  # compile the grammar / warm this mode
    tokens, valid, start = 0, 0, time.perf_counter()
    for i in range(0, len(texts), batch):
        raws, stats = await backend.generate_raw(texts[i: i + batch])
        tokens += stats.output_tokens
        valid += sum(parse(r, backend.fmt) is not None for r in raws)
    elapsed = time.perf_counter() - start
    return {"records_s": len(texts) / elapsed, "tokens_s": tokens / elapsed, "ms_per_token": elapsed * 1e3 / tokens,
            "json_valid": valid / len(texts)}


async def run(model: str, records: int, batch: int) -> None:
    backend = VllmBackend(Settings(model=model))
    await backend.start()
    try:
        texts = [t for t, _ in labelled_texts(records, seed=21)]
        free = await measure(backend, texts, batch, structured=False)
        constrained = await measure(backend, texts, batch, structured=True)
    finally:
        await backend.stop()
    for name, r in (("free", free), ("schema", constrained)):
        print(f"{name:>6}: {r['records_s']:8.1f} records/s {r['tokens_s']:9.1f} tokens/s "
              f"{r['ms_per_token']:7.3f} ms/token  JSON valid {r['json_valid']:.0%}")
    print(f"structured/free time per output token: {constrained['ms_per_token'] / free['ms_per_token']:.2f}")


def main() -> None:
    ap = argparse.ArgumentParser(description="Structured output on vs off, same engine and prompts.")
    add_model_arguments(ap)
    ap.add_argument("--records", type=int, default=256, help="records per mode")
    ap.add_argument("--batch", type=int, default=64, help="records per engine call")
    args = ap.parse_args()
    model = model_path(args)
    asyncio.run(run(model, args.records, args.batch))


if __name__ == "__main__":
    main()
