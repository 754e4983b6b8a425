"""The embedded default backend: the rules reader, no model, no GPU."""

from __future__ import annotations

import anyio

from ..extract import extract, get_gazetteer
from ..schema import EXAMPLE_TEXT, Reading
from .base import BatchStats


class RulesBackend:
    """CPU-bound, so batches run in a worker thread and the event loop stays free."""

    name = "rules"
    model = None

    async def start(self) -> None:
        await anyio.to_thread.run_sync(get_gazetteer)
        extract(EXAMPLE_TEXT)  # warm caches

    async def extract(self, texts: list[str]) -> tuple[list[Reading], BatchStats]:
        return await anyio.to_thread.run_sync(lambda: [extract(t) for t in texts]), BatchStats()

    async def stop(self) -> None:
        return None
