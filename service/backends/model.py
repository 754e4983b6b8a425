"""Turn a model's raw output into a Reading: parse against the contract, normalise divisions with
the gazetteer, ground the copied fields in the text, and repair with the rules when the output is
unusable (flagged, never dropped). Shared by the in-process and remote model backends."""

from __future__ import annotations

import asyncio
import time

from .. import errors
from ..extract import normalise_divisions
from ..model_contract import COPIED_FIELDS, is_grounded, parse
from ..schema import DIVISION_FIELDS, ErrorInfo, Reading
from .base import BatchStats
from .rules import guarded_extract


def _repaired(rules: Reading, why: str) -> Reading:
    rules.status = "repaired"
    rules.error = ErrorInfo(code=errors.ITEM_UNUSABLE_OUTPUT, message=f"{why}; fields come from the rules backend")
    return rules


def reading_from_model(text: str, raw: str) -> Reading:
    parsed = parse(raw)
    rules = guarded_extract(text)
    if parsed is None or not any(parsed.model_dump().values()):
        return _repaired(rules, "model output did not fit the contract")
    fields = parsed.model_dump()
    divisions = normalise_divisions(fields["province"], fields["city"], fields["district"], text)
    if divisions.adcode is None and rules.adcode:
        # No division the model wrote exists (or they contradict each other): the text's win.
        checks = {r: "corrected" if getattr(rules, r) != fields[r] else rules.checks[r] for r in DIVISION_FIELDS}
        divisions = normalise_divisions(rules.province, rules.city, rules.district, text)._replace(checks=checks)
    fields.update(province=divisions.province, city=divisions.city, district=divisions.district)
    checks = dict(divisions.checks)
    # Name, location and phone must be written in the text (spacing aside); a value the model
    # made up is replaced by what the rules read there, and flagged.
    for key in COPIED_FIELDS:
        checks[key] = "found" if fields[key] else "unknown"
        if not is_grounded(fields[key], text):
            fields[key] = getattr(rules, key)
            checks[key] = "corrected" if fields[key] else "unknown"
    if not any(state in ("found", "inferred") for state in checks.values()):
        return _repaired(rules, "nothing the model wrote is grounded in the text")
    status, error = ("ok", None) if fields["specific_location"] or divisions.adcode else (rules.status, rules.error)
    return Reading(**fields, status=status, error=error, adcode=divisions.adcode, phones=rules.phones, checks=checks)


class ModelBackend:
    """Shared by the in-process and remote model backends: all items of a batch go to the model
    at once, then each raw output becomes a Reading. Subclasses say how one text is generated."""

    async def generate_one(self, text: str, stats: BatchStats) -> str:
        raise NotImplementedError

    async def generate_raw(self, texts: list[str]) -> tuple[list[str], BatchStats]:
        stats = BatchStats()
        start = time.perf_counter()
        raws = await asyncio.gather(*(self.generate_one(t, stats) for t in texts))
        stats.engine_ms = (time.perf_counter() - start) * 1e3
        return list(raws), stats

    async def extract(self, texts: list[str]) -> tuple[list[Reading], BatchStats]:
        raws, stats = await self.generate_raw(texts)
        readings = [reading_from_model(t, r) for t, r in zip(texts, raws)]
        stats.repaired = sum(r.status == "repaired" for r in readings)
        return readings, stats
