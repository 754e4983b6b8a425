"""Raw model outputs -> Readings (reading_from_model: parse, normalise, ground, repair) for a
whole batch, off the event loop.

This is pure Python at ~250 µs a record (phonenumbers alone is most of it): at 1,500 records/s it
would take most of the service process's GIL, which the engines' output handling also needs. With
ADDRX_POSTPROCESS_WORKERS > 0 chunks run in spawned worker processes (a reading pickles back in
~20 µs); with 0 they run in one worker thread. Batches of a few records run inline: a thread or
process hop would cost more than the work. Rules first reads its batch with the rules in the same
processes (read_by_rules): ~230 µs a record, the same GIL argument."""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
from concurrent.futures import ProcessPoolExecutor

from ..model_contract import TargetFormat
from ..finish import finish
from ..logs import configure, current_setup
from ..schema import EXAMPLE_TEXT, Reading
from .base import failed_reading
from .reading import reading_from_model

log = logging.getLogger("addrx")
INLINE = 16  # records: below this, no hop
RULES_CHUNK = 64  # texts per rules task in a worker: ~15 ms of work, up to ~4 s for 64 texts at the length limit


def readings_for(texts: list[str], raws: list[str], fmt: TargetFormat) -> list[Reading]:
    """One finished reading per (text, raw output); an item that raises is that item's error alone."""
    out = []
    for text, raw in zip(texts, raws):
        try:
            out.append(finish(text, reading_from_model(text, raw, fmt)))
        except Exception as exc:
            log.exception("post-processing failed on one item", extra={"fields": {"error_type": type(exc).__name__}})
            out.append(failed_reading(f"post-processing failed on this item: {type(exc).__name__}"))
    return out


def rules_readings(texts: list[str]) -> list[Reading]:
    """The rules' finished readings (rules first: the ones the model does not replace are answers as they are)."""
    from .rules import guarded_extract  # an item that raises is that item's error alone

    return [_finished_or_failed(text, guarded_extract(text)) for text in texts]


def _finished_or_failed(text: str, reading: Reading) -> Reading:
    try:
        return finish(text, reading)
    except Exception as exc:
        log.exception("finishing failed on one item", extra={"fields": {"error_type": type(exc).__name__}})
        return failed_reading(f"post-processing failed on this item: {type(exc).__name__}")


def _warm() -> bool:
    readings_for([EXAMPLE_TEXT], ["{}"], "json")  # loads the gazetteer and the rules' tables
    return True


class Postprocessor:
    def __init__(self, workers: int, fmt: TargetFormat):
        self.workers, self.fmt = workers, fmt
        self.pool: ProcessPoolExecutor | None = None

    async def start(self) -> None:
        if self.workers:
            # spawn, not fork: this process holds vLLM's threads and CUDA state.
            self.pool = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"),
                                            initializer=configure, initargs=current_setup())
            loop = asyncio.get_running_loop()
            await asyncio.gather(*(loop.run_in_executor(self.pool, _warm) for _ in range(self.workers)))

    async def run(self, texts: list[str], raws: list[str]) -> list[Reading]:
        if len(texts) <= INLINE:
            return readings_for(texts, raws, self.fmt)
        if self.pool is None:
            return await asyncio.to_thread(readings_for, texts, raws, self.fmt)
        loop = asyncio.get_running_loop()
        size = max(INLINE, -(-len(texts) // self.workers))
        parts = await asyncio.gather(*(loop.run_in_executor(self.pool, readings_for, texts[i: i + size], raws[i: i + size],
                                                            self.fmt) for i in range(0, len(texts), size)))
        return [reading for part in parts for reading in part]

    async def run_chunk(self, texts: list[str], raws: list[str]) -> list[Reading]:
        """One chunk in one worker process (the outputs that finished together while others still decode)."""
        return await asyncio.get_running_loop().run_in_executor(self.pool, readings_for, texts, raws, self.fmt)

    async def read_by_rules(self, texts: list[str]) -> list[Reading] | None:
        """The rules' readings, in the worker processes; None without them (the caller's thread reads).
        Chunks of RULES_CHUNK texts, so a batch stopped at its deadline leaves only queued chunks unrun."""
        if self.pool is None:
            return None
        loop = asyncio.get_running_loop()
        parts = await asyncio.gather(*(loop.run_in_executor(self.pool, rules_readings, texts[i: i + RULES_CHUNK])
                                       for i in range(0, len(texts), RULES_CHUNK)))
        return [reading for part in parts for reading in part]

    def stop(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(cancel_futures=True)
            self.pool = None
