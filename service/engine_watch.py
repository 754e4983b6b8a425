"""A model engine that dies is noticed and rebuilt: /ready answers 503 with the reason while the
engines are rebuilt, /metrics counts it, and the service takes requests again once they are warm.
Checked every second and right after a batch fails; the failed batch itself was answered by the
rules (app.py), so nothing in flight is lost and nothing hangs."""

from __future__ import annotations

import asyncio
import logging

from . import metrics
from .backends import dead_reason

log = logging.getLogger("addrx")


class EngineWatch:
    def __init__(self, app, warm, interval_s: float = 1.0):
        self.app, self.warm, self.interval_s = app, warm, interval_s
        self.recovering: asyncio.Task | None = None

    async def run(self) -> None:
        while True:
            await asyncio.sleep(self.interval_s)
            self.check()

    def check(self) -> None:
        """Start a rebuild when the warm backend says its engine is dead (once at a time)."""
        state = self.app.state
        if not state.ready or (self.recovering is not None and not self.recovering.done()):
            return
        reason = dead_reason(state.backend)
        if reason:
            self.recovering = asyncio.create_task(self._rebuild(reason))

    async def _rebuild(self, reason: str) -> None:
        state = self.app.state
        state.ready, state.failure = False, f"{reason}; rebuilding the engines"
        metrics.ENGINE_FAILURES.labels(state.backend.name).inc()
        log.error("engine dead: rebuilding", extra={"fields": {"backend": state.backend.name, "reason": reason}})
        try:
            await state.backend.stop()
        except Exception:
            log.exception("stopping the dead backend failed")
        await self.warm(self.app)

    async def close(self) -> None:
        if self.recovering is not None:
            self.recovering.cancel()
            await asyncio.gather(self.recovering, return_exceptions=True)
