"""The embedded default backend: the rules reader, no model, no GPU."""

from __future__ import annotations

import logging
import time

import anyio

from ..extract import extract, get_gazetteer
from ..extract.phones import find_phones
from ..finish import finish
from ..schema import EXAMPLE_TEXT, PhoneInfo, Reading
from .. import errors
from ..schema import ErrorInfo
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


def answered_by_rules(texts: list[str], why: str) -> list[Reading]:
    """The batch a failed backend could not answer, read by the rules: every item still answers,
    status `repaired` with code backend_error, so nothing is lost and nothing looks like the model's."""
    readings = []
    for text in texts:
        reading = guarded_extract(text)
        if reading.status != "error":
            reading.status = "repaired"
            reading.error = ErrorInfo(code=errors.ITEM_BACKEND_ERROR, message=f"{why}; fields come from the rules backend")
        readings.append(reading)
    return readings


SLICE_S = 0.025  # one worker-thread call reads texts for about this long: a cancelled batch stops after it
# (counted in time, not texts: 64 texts of 2,000 characters took ~4 s, and a stopped batch ran on that long)


def read_slice(texts: list[str], start: int, seconds: float = SLICE_S) -> list[Reading]:
    """Readings of texts[start:] for about `seconds` (at least one text)."""
    readings, began = [], time.perf_counter()
    for text in texts[start:]:
        readings.append(guarded_extract(text))
        if time.perf_counter() - began >= seconds:
            break
    return readings


class RulesBackend:
    """CPU-bound pure Python: batches run in chunks on one worker thread, so the event loop keeps
    the GIL often enough to answer /health at once (more threads would only fight over the GIL)."""

    name = "rules"
    model = None
    _limiter: anyio.CapacityLimiter | None = None

    async def start(self) -> None:
        await anyio.to_thread.run_sync(get_gazetteer)
        # Warm caches, the reply's too: the first finish loads the township tables (0.24 s on the CPU, and rules
        # first's one-record p99 on the H200 was 328 ms where p50 was 6, 2026-12-02).
        finish(EXAMPLE_TEXT, extract(EXAMPLE_TEXT))

    async def extract(self, texts: list[str]) -> tuple[list[Reading], BatchStats]:
        if self._limiter is None:
            self._limiter = anyio.CapacityLimiter(1)
        readings: list[Reading] = []
        while len(readings) < len(texts):
            readings += await anyio.to_thread.run_sync(read_slice, texts, len(readings), limiter=self._limiter)
        return readings, BatchStats()

    async def stop(self) -> None:
        return None
