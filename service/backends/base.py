"""What every backend is: a batch of non-empty texts in one call, one Reading per text back, in
order, plus the batch's engine statistics."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from .. import errors
from ..schema import FIELDS, ErrorInfo, Reading


@dataclass
class BatchStats:
    engine_ms: float = 0.0
    queue_ms: float = 0.0
    prompt_tokens: int = 0
    output_tokens: int = 0
    repaired: int = 0
    rules_answered: int = 0  # rules first: records the rules were sure of (they skipped the model)


def pick_engine(in_flight: list[int], pack: int) -> int:
    """The engine (or engine host) for the next record: with `pack`, the first one holding fewer than `pack` records
    (engines on one GPU take turns at it, so eight lone records on four engines waited for each other's steps: round
    5's 1 x 8 took 2.7x one record alone); otherwise, or when all hold that many, the least busy one."""
    if pack:
        for slot, records in enumerate(in_flight):
            if records < pack:
                return slot
    return min(range(len(in_flight)), key=in_flight.__getitem__)


class Backend(Protocol):
    name: str
    model: str | None

    async def start(self) -> None: ...
    async def extract(self, texts: list[str]) -> tuple[list[Reading], BatchStats]: ...
    async def stop(self) -> None: ...


def dead_reason(backend) -> str | None:
    """Why the backend's engine can no longer answer (its process died), or None. Backends without
    an engine process (rules, remote) never say so."""
    return getattr(backend, "dead", None)


def blank_reading(status: str, code: str, message: str) -> Reading:
    """A reading with no fields: an empty text, or an item whose extraction failed."""
    return Reading(**dict.fromkeys(FIELDS), status=status, checks=dict.fromkeys(FIELDS, "unknown"),
                   error=ErrorInfo(code=code, message=message))


def failed_reading(message: str) -> Reading:
    return blank_reading("error", errors.ITEM_BACKEND_ERROR, message)
