"""Backends behind POST /extract. Each takes a batch of non-empty texts in one call and returns
one Outcome per text, in order. `build_backend` picks one from Settings."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Protocol

import anyio

from . import errors
from .gazetteer import get_gazetteer
from .rules import RulesResult, extract
from .schema import EXAMPLE_TEXT, ItemError, PhoneInfo
from .settings import Settings

log = logging.getLogger("addrx")


@dataclass
class Outcome:
    fields: dict
    status: str = "ok"
    error: ItemError | None = None
    adcode: str | None = None
    phones: list[PhoneInfo] = field(default_factory=list)
    checks: dict = field(default_factory=dict)


@dataclass
class BatchStats:
    engine_ms: float = 0.0
    queue_ms: float = 0.0
    prompt_tokens: int = 0
    output_tokens: int = 0
    repaired: int = 0


class Backend(Protocol):
    name: str
    model: str | None

    async def start(self) -> None: ...
    async def extract(self, texts: list[str]) -> tuple[list[Outcome], BatchStats]: ...
    async def stop(self) -> None: ...


def outcome_from_rules(result: RulesResult) -> Outcome:
    phones = [PhoneInfo(raw=p.raw, kind=p.kind, normalized=p.normalized, valid=p.valid) for p in result.phones]
    outcome = Outcome(fields=result.six(), adcode=result.adcode, phones=phones, checks=dict(result.checks))
    if not result.address_found:
        outcome.status = "no_address"
        outcome.error = ItemError(code=errors.ITEM_NO_ADDRESS, message="no address found in the text")
    return outcome


class RulesBackend:
    """The embedded default: no model, no GPU; CPU-bound, so batches run in a worker thread."""

    name = "rules"
    model = None

    async def start(self) -> None:
        await anyio.to_thread.run_sync(get_gazetteer)
        extract(EXAMPLE_TEXT)  # warm caches

    async def extract(self, texts: list[str]) -> tuple[list[Outcome], BatchStats]:
        def run() -> list[Outcome]:
            return [outcome_from_rules(extract(t)) for t in texts]

        return await anyio.to_thread.run_sync(run), BatchStats()

    async def stop(self) -> None:
        return None


def build_backend(settings: Settings) -> Backend:
    if settings.remote_urls:
        from .remote import RemoteBackend

        return RemoteBackend(settings)
    if not settings.model:
        log.info("no model configured (ADDRX_MODEL empty): serving the embedded rules backend")
        return RulesBackend()
    from .engine import VllmBackend  # imported only when a model is configured: vLLM is heavy

    return VllmBackend(settings)

