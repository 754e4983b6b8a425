"""The embedded default backend: the rules reader, no model, no GPU."""

from __future__ import annotations

import logging

import anyio

from ..extract import extract, get_gazetteer
from ..schema import EXAMPLE_TEXT, Reading
from .base import BatchStats, failed_reading

log = logging.getLogger("addrx")


def guarded_extract(text: str) -> Reading:
    """One text's reading; an exception is that item's error, never its neighbours' (traceback logged)."""
    try:
        return extract(text)
    except Exception as exc:
        log.exception("rules failed on one item", extra={"fields": {"error_type": type(exc).__name__}})
        return failed_reading(f"the rules failed on this text: {type(exc).__name__}")


class RulesBackend:
    """CPU-bound, so batches run in a worker thread and the event loop stays free."""

    name = "rules"
    model = None

    async def start(self) -> None:
        await anyio.to_thread.run_sync(get_gazetteer)
        extract(EXAMPLE_TEXT)  # warm caches

    async def extract(self, texts: list[str]) -> tuple[list[Reading], BatchStats]:
        return await anyio.to_thread.run_sync(lambda: [guarded_extract(t) for t in texts]), BatchStats()

    async def stop(self) -> None:
        return None
