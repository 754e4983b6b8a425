"""Admission control and bounded work for POST /extract: a bound on records in flight (decided
before any work: 429 with Retry-After beyond it), and a batch that stops consuming the backend
when its client leaves or its deadline passes."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from contextlib import contextmanager

from starlette.requests import Request

from . import errors, metrics


class Admission:
    def __init__(self, limit: int, retry_after: int):
        self.limit, self.retry_after, self.in_flight = limit, retry_after, 0

    def refusal_before_reading(self) -> errors.TooBusy | None:
        """At the bound, any request is refused (a body holds at least one record): decided from its head."""
        if self.in_flight >= self.limit:
            return errors.TooBusy(f"{self.in_flight} records in flight, at the limit of {self.limit} "
                                  f"(ADDRX_MAX_IN_FLIGHT); retry after {self.retry_after} s", self.retry_after)
        return None

    @contextmanager
    def admit(self, records: int):
        """Hold `records` slots for the block; an idle service admits any one batch (never starves)."""
        if self.in_flight and self.in_flight + records > self.limit:
            raise errors.TooBusy(f"{self.in_flight} records in flight, {records} more would pass the limit of "
                                 f"{self.limit} (ADDRX_MAX_IN_FLIGHT); retry after {self.retry_after} s", self.retry_after)
        self.in_flight += records
        metrics.IN_FLIGHT.set(self.in_flight)
        try:
            yield
        finally:
            self.in_flight -= records
            metrics.IN_FLIGHT.set(self.in_flight)


async def _client_gone(request: Request) -> None:
    # The body was already read: the next message from the connection is its disconnect.
    while (await request.receive())["type"] != "http.disconnect":
        pass


async def bounded(work: Awaitable, request: Request, deadline_s: float):
    """The result of `work`, or: cancelled with ClientGone when the client leaves, cancelled with
    DeadlineExceeded when deadline_s passes. Cancelling stops the backend (vLLM aborts the
    requests, the rules stop after the chunk they are on, remote calls are dropped)."""
    task, gone = asyncio.ensure_future(work), asyncio.ensure_future(_client_gone(request))
    try:
        done, _ = await asyncio.wait({task, gone}, timeout=deadline_s, return_when=asyncio.FIRST_COMPLETED)
    finally:
        gone.cancel()
        if not task.done():
            task.cancel()
    if task in done:
        return task.result()
    await asyncio.gather(task, return_exceptions=True)  # its cancellation has finished: nothing runs on
    if gone in done and not gone.cancelled():
        raise errors.ClientGone("the client closed the connection; the batch was stopped")
    raise errors.DeadlineExceeded(f"the batch did not finish within {deadline_s:g} s (ADDRX_DEADLINE_S); it was stopped")
