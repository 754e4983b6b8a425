"""One model output -> one Reading: parse against the contract, normalise divisions with the
gazetteer, ground the copied fields in the text, and repair with the rules when the output is
unusable (flagged, never dropped). Pure; shared by every model backend and the evaluate stage."""

from __future__ import annotations

from .. import errors
from ..extract import normalise_divisions
from ..model_contract import COPIED_FIELDS, TargetFormat, is_grounded, parse
from ..schema import DIVISION_FIELDS, ErrorInfo, Reading
from .rules import guarded_extract, phone_infos


def _repaired(rules: Reading, why: str) -> Reading:
    rules.status = "repaired"
    rules.error = ErrorInfo(code=errors.ITEM_UNUSABLE_OUTPUT, message=f"{why}; fields come from the rules backend")
    return rules


class _Rules:
    """The rules' reading of one text, computed on first use: most model outputs need none of it
    (the rules cost ~250 µs a record, more than the rest of the pipeline together)."""

    def __init__(self, text: str):
        self.text, self._reading = text, None

    def __getattr__(self, key):
        if self._reading is None:
            self._reading = guarded_extract(self.text)
        return getattr(self._reading, key)

    def reading(self) -> Reading:
        self.province  # noqa: B018 (computes it)
        return self._reading


def reading_from_model(text: str, raw: str, fmt: TargetFormat = "json") -> Reading:
    parsed = parse(raw, fmt)
    rules = _Rules(text)
    if parsed is None or not any(parsed.model_dump().values()):
        return _repaired(rules.reading(), "model output did not fit the contract")
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
        return _repaired(rules.reading(), "nothing the model wrote is grounded in the text")
    status, error = ("ok", None) if fields["specific_location"] or divisions.adcode else (rules.status, rules.error)
    return Reading(**fields, status=status, error=error, adcode=divisions.adcode, phones=phone_infos(text), checks=checks)
