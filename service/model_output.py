"""Turn a model's raw output into an Outcome: parse against the contract, normalise divisions
with the gazetteer, ground the phone in the text, and repair with the rules backend when the
output is unusable (flagged, never dropped). Shared by the in-process and remote backends."""

from __future__ import annotations

import asyncio
import json
import time
from functools import lru_cache
from pathlib import Path

from pydantic import ValidationError

from . import errors
from .backends import BatchStats, Outcome, outcome_from_rules
from .normalise import normalise_divisions
from .rules import RulesResult, extract
from .schema import Extraction, ItemError
from .settings import PROMPT_FILE


@lru_cache(maxsize=1)
def system_prompt(path: Path = PROMPT_FILE) -> str:
    """The minimal system prompt; finetune trains with exactly this text."""
    return path.read_text(encoding="utf-8").strip()


def messages(text: str) -> list[dict]:
    return [{"role": "system", "content": system_prompt()}, {"role": "user", "content": text}]


def parse(raw: str) -> Extraction | None:
    try:
        return Extraction.model_validate(json.loads(raw))
    except (json.JSONDecodeError, ValidationError, TypeError):
        return None


def _repaired(rules: RulesResult, why: str) -> Outcome:
    outcome = outcome_from_rules(rules)
    outcome.status = "repaired"
    outcome.error = ItemError(code=errors.ITEM_UNUSABLE_OUTPUT, message=f"{why}; fields come from the rules backend")
    return outcome


def outcome_from_model(text: str, raw: str) -> Outcome:
    parsed = parse(raw)
    rules = extract(text)
    if parsed is None or not any(parsed.model_dump().values()):
        return _repaired(rules, "model output did not fit the contract")
    fields = parsed.model_dump()
    divisions = normalise_divisions(fields["province"], fields["city"], fields["district"], text)
    if divisions.adcode is None and rules.adcode:
        # No division the model wrote exists (or they contradict each other): the text's win.
        checks = {r: "corrected" if getattr(rules, r) != fields[r] else rules.checks[r] for r in ("province", "city", "district")}
        divisions = normalise_divisions(rules.province, rules.city, rules.district, text)._replace(checks=checks)
    fields.update(province=divisions.province, city=divisions.city, district=divisions.district)
    checks = dict(divisions.checks)
    # Name, location and phone must be written in the text (spacing aside); a value the model
    # made up is replaced by what the rules read there, and flagged.
    compact = "".join(text.split())
    for key in ("specific_location", "name", "phone"):
        value = fields[key]
        checks[key] = "found" if value else "unknown"
        if value and value not in text and "".join(value.split()) not in compact:
            fields[key] = getattr(rules, key)
            checks[key] = "corrected" if fields[key] else "unknown"
    if not any(state in ("found", "inferred") for state in checks.values()):
        return _repaired(rules, "nothing the model wrote is grounded in the text")
    outcome = outcome_from_rules(rules)
    outcome.fields, outcome.adcode, outcome.checks = fields, divisions.adcode, checks
    if fields["specific_location"] or divisions.adcode:
        outcome.status, outcome.error = "ok", None
    return outcome


class ModelBackend:
    """Shared by the in-process and remote model backends: all items of a batch go to the model
    at once, then each raw output becomes an Outcome. Subclasses say how one text is generated."""

    async def generate_one(self, text: str, stats: BatchStats) -> str:
        raise NotImplementedError

    async def generate_raw(self, texts: list[str]) -> tuple[list[str], BatchStats]:
        stats = BatchStats()
        start = time.perf_counter()
        raws = await asyncio.gather(*(self.generate_one(t, stats) for t in texts))
        stats.engine_ms = (time.perf_counter() - start) * 1e3
        return list(raws), stats

    async def extract(self, texts: list[str]) -> tuple[list[Outcome], BatchStats]:
        raws, stats = await self.generate_raw(texts)
        outcomes = [outcome_from_model(t, r) for t, r in zip(texts, raws)]
        stats.repaired = sum(o.status == "repaired" for o in outcomes)
        return outcomes, stats
