"""What the in-process and remote model backends share: a batch goes to the model at once, then the
raw outputs become Readings (reading.py) in the post-processor."""

from __future__ import annotations

import asyncio
import time

from .. import errors
from ..model_contract import TargetFormat, parse
from ..schema import Extraction, Reading
from .base import BatchStats
from .postprocess import INLINE, Postprocessor


class ModelBackend:
    """Shared by the in-process and remote model backends: all items of a batch go to the model
    at once, then each raw output becomes a Reading. Subclasses say how one text is generated."""

    fmt: TargetFormat = "json"
    postprocessor: Postprocessor | None = None

    async def start_postprocessor(self, workers: int) -> None:
        self.postprocessor = Postprocessor(workers, self.fmt)
        await self.postprocessor.start()

    def stop_postprocessor(self) -> None:
        if self.postprocessor is not None:
            self.postprocessor.stop()

    async def read_by_rules(self, texts: list[str]) -> list[Reading] | None:
        """Rules first's rules in the post-processing processes, for batches wider than a hop is worth; None: the caller
        reads them (the rules backend's worker thread)."""
        if self.postprocessor is None or len(texts) <= INLINE:
            return None
        return await self.postprocessor.read_by_rules(texts)

    async def generate_one(self, text: str, stats: BatchStats) -> str:
        raise NotImplementedError

    async def generate_raw(self, texts: list[str]) -> tuple[list[str], BatchStats]:
        stats = BatchStats()
        start = time.perf_counter()
        try:  # a task group: when one text's call raises (every endpoint down), the others are cancelled
            async with asyncio.TaskGroup() as group:
                tasks = [group.create_task(self.generate_one(t, stats)) for t in texts]
        except* errors.AddrxError as failed:
            raise failed.exceptions[0] from None
        stats.engine_ms = (time.perf_counter() - start) * 1e3
        return [task.result() for task in tasks], stats

    async def postprocess(self, texts: list[str], raws: list[str]) -> list[Reading]:
        return await (self.postprocessor or Postprocessor(0, self.fmt)).run(texts, raws)

    async def extract_with_raw(self, texts: list[str]) -> tuple[list[Extraction | None], list[Reading]]:
        """The model's answers as written (None where they do not parse) beside the readings the
        pipeline made of them: what evaluate and the accuracy bench compare."""
        raws, _ = await self.generate_raw(texts)
        return [parse(r, self.fmt) for r in raws], await self.postprocess(texts, raws)

    async def extract(self, texts: list[str]) -> tuple[list[Reading], BatchStats]:
        raws, stats = await self.generate_raw(texts)
        readings = await self.postprocess(texts, raws)
        stats.repaired = sum(r.status == "repaired" for r in readings)
        return readings, stats
