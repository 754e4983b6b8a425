"""The embedded default backend: the rules reader, no model, no GPU."""

from __future__ import annotations

import logging

import anyio

from ..extract import extract, get_gazetteer
from ..extract.phones import find_phones
from ..schema import EXAMPLE_TEXT, PhoneInfo, Reading
from .base import BatchStats, failed_reading

log = logging.getLogger("addrx")


def guarded_extract(text: str) -> Reading:
    """One text's reading; an exception is that item's error, never its neighbours' (traceback logged)."""
    try:
        return extract(text)
    except Exception as exc:
        log.exception("rules failed on one item", extra={"fields": {"error_type": type(exc).__name__}})
        return failed_reading(f"the rules failed on this text: {type(exc).__name__}")


def phone_infos(text: str) -> list[PhoneInfo]:
    """Every phone written in the text, as the rules report them."""
    try:
        return [p.info() for p in find_phones(text)]
    except Exception:
        log.exception("phone scan failed on one item")
        return []


CHUNK = 64  # texts per worker-thread call (~25 ms): a cancelled batch stops after the chunk it is on


class RulesBackend:
    """CPU-bound pure Python: batches run in chunks on one worker thread, so the event loop keeps
    the GIL often enough to answer /health at once (more threads would only fight over the GIL)."""

    name = "rules"
    model = None
    _limiter: anyio.CapacityLimiter | None = None

    async def start(self) -> None:
        await anyio.to_thread.run_sync(get_gazetteer)
        extract(EXAMPLE_TEXT)  # warm caches

    async def extract(self, texts: list[str]) -> tuple[list[Reading], BatchStats]:
        if self._limiter is None:
            self._limiter = anyio.CapacityLimiter(1)
        readings: list[Reading] = []
        for i in range(0, len(texts), CHUNK):
            chunk = texts[i: i + CHUNK]
            readings += await anyio.to_thread.run_sync(lambda: [guarded_extract(t) for t in chunk], limiter=self._limiter)
        return readings, BatchStats()

    async def stop(self) -> None:
        return None
