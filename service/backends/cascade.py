"""Rules first (ADDRX_RULES_FIRST, off by default): the embedded rules read every text, and only
the texts they are not sure of go to the model, in one batched call; the others are answered by
the rules at once. A speed lever with an accuracy price, both measured (README, Backends): on the
dev splits the rules were sure of 48% of NAACL addresses (96.9% exact on those) and 94% of waybill
texts (100%; make bench-accuracy prints both), so a model that beats them on their sure records
loses the difference there.

"Sure" is the distil teacher's test: status ok, province, city and district found or inferred, no
copied field corrected, a specific_location, and no phone without a name (a glued name missed).
"""

from __future__ import annotations

from ..extract import division_written
from ..model_contract import COPIED_FIELDS
from ..review import NAME_HOLDS_WORDS
from ..schema import DIVISION_FIELDS, Reading
from .base import Backend, BatchStats
from .rules import RulesBackend

SURE_STATES = ("found", "inferred")


def unsure(reading: Reading, text: str) -> list[str]:
    """Why the rules' reading of `text` is not sure enough to stand without the model (empty: sure)."""
    reasons = [] if reading.status == "ok" else [f"status {reading.status}"]
    reasons += [f"{role} {reading.checks.get(role)}" for role in DIVISION_FIELDS if reading.checks.get(role) not in SURE_STATES]
    # A level the text writes only by a short form (义乌…, 江苏南京…): its check says inferred, but a short form may as
    # well begin a place's name, so the model reads it (as when such expansions were checked `corrected`).
    reasons += [f"{role} from a short form" for role in DIVISION_FIELDS
                if reading.checks.get(role) == "inferred" and getattr(reading, role) not in text
                and division_written(getattr(reading, role), role, text)]
    reasons += [f"{key} corrected" for key in COPIED_FIELDS if reading.checks.get(key) == "corrected"]
    if reading.checks.get("specific_location") == "inferred":  # a piece before the address left out (阿里巴巴集团 浙江省…)
        reasons.append("text before the address")
    if reading.name and NAME_HOLDS_WORDS.search(reading.name):  # 我是赵丽颖: a chat's phrasing ran into the name
        reasons.append("a name holding a sentence's words")
    if reading.phone and not reading.name:  # an order with a phone names someone: a glued name was missed
        reasons.append("a phone but no name")
    return reasons + ([] if reading.specific_location else ["no specific_location"])


class CascadeBackend:
    """The rules, then the model for what they are unsure of; readings come back in input order."""

    def __init__(self, model_backend: Backend):
        self.rules = RulesBackend()
        self.inner = model_backend
        self.name = f"rules+{model_backend.name}"
        self.model = model_backend.model

    async def start(self) -> None:
        await self.rules.start()
        await self.inner.start()

    @property
    def dead(self) -> str | None:
        return getattr(self.inner, "dead", None)

    async def stop(self) -> None:
        await self.inner.stop()

    async def read_by_rules(self, texts: list[str]) -> list[Reading]:
        """In the model's post-processing processes when it has them (the rules would otherwise take this process's
        GIL, which the engines' output handling needs: on the H200 rules first at 1,000 x 8 stayed near 1,250
        records/s while the model read only a quarter of them; round 4 with them there: 1,986), or in its engine hosts;
        else in the rules backend's worker thread."""
        pooled = await self.inner.read_by_rules(texts) if hasattr(self.inner, "read_by_rules") else None
        return pooled if pooled is not None else (await self.rules.extract(texts))[0]

    async def extract(self, texts: list[str]) -> tuple[list[Reading], BatchStats]:
        readings = await self.read_by_rules(texts)
        todo = [i for i, (reading, text) in enumerate(zip(readings, texts)) if unsure(reading, text)]
        stats = BatchStats()
        if todo:
            from_model, stats = await self.inner.extract([texts[i] for i in todo])
            for i, reading in zip(todo, from_model):
                readings[i] = reading
        stats.rules_answered = len(texts) - len(todo)
        return readings, stats
