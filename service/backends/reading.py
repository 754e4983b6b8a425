"""One model output -> one Reading: parse against the contract, normalise divisions with the
gazetteer, ground the copied fields in the text, and repair with the rules when the output is
unusable (flagged, never dropped). Pure; every model backend reaches it through postprocess.py."""

from __future__ import annotations

from functools import cached_property

from .. import errors
from ..extract import division_written, normalise_divisions
from ..extract.traditional import to_simplified
from ..extract.roles import role_segments
from ..model_contract import COPIED_FIELDS, TargetFormat, is_grounded, parse, written_fields
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
        self.text = text

    @cached_property
    def reading(self) -> Reading:
        return guarded_extract(self.text)


def contradicted(divisions, rules: _Rules, text: str) -> bool:
    """The text contradicts the model's divisions: a level the model filled with a division the text
    does not write (天心区 from the model, 岳麓区 in the text), or wrote a name that is no division
    there (dropped by the normaliser), where the rules read a division at that level that the text
    does write. A confidently wrong model must not leave a record worse than the rules would. The
    rules run only when such a level exists; a level the model left empty stays the model's call."""
    unwritten = [role for role in DIVISION_FIELDS
                 if (getattr(divisions, role) and not division_written(getattr(divisions, role), role, text))
                 or (getattr(divisions, role) is None and divisions.checks.get(role) == "corrected")]
    if not unwritten:
        return False
    read = rules.reading
    return any(getattr(read, role) and getattr(read, role) != getattr(divisions, role)
               and division_written(getattr(read, role), role, text) for role in unwritten)


def phone_from_text(text: str, phones: list, rules: _Rules) -> str | None:
    """The phone the rules answer for this text, for a target the model writes no phone in: the first one written,
    or the recipient's when a sender is labelled (the rules read that by roles)."""
    if role_segments(to_simplified(text)) is not None:
        return rules.reading.phone
    return phones[0].raw if phones else None


def reading_from_model(text: str, raw: str, fmt: TargetFormat = "json") -> Reading:
    parsed = parse(raw, fmt)
    rules = _Rules(text)
    if parsed is None or not any(parsed.model_dump().values()):
        return _repaired(rules.reading, "model output did not fit the contract")
    fields = parsed.model_dump()
    phones = phone_infos(text)
    if "phone" not in written_fields(fmt):
        fields["phone"] = phone_from_text(text, phones, rules)
    # A model may copy divisions in traditional characters (臺北市): the gazetteer reads them simplified.
    divisions = normalise_divisions(*(to_simplified(fields[r]) for r in DIVISION_FIELDS), to_simplified(text))
    from_rules = False
    if (divisions.adcode is None and rules.reading.adcode) or (divisions.adcode and contradicted(divisions, rules, text)):
        # No division the model wrote exists, they contradict each other, or the text contradicts
        # them: the divisions the text writes win.
        read, from_rules = rules.reading, True
        checks = {r: "corrected" if getattr(read, r) != fields[r] else read.checks[r] for r in DIVISION_FIELDS}
        divisions = normalise_divisions(read.province, read.city, read.district, text)._replace(checks=checks)
    fields.update(province=divisions.province, city=divisions.city, district=divisions.district)
    checks = dict(divisions.checks)
    # Name, location and phone must be written in the text (spacing aside); a value the model
    # made up is replaced by what the rules read there, and flagged.
    for key in COPIED_FIELDS:
        checks[key] = "found" if fields[key] else "unknown"
        if not is_grounded(fields[key], text):
            fields[key], from_rules = getattr(rules.reading, key), True
            checks[key] = "corrected" if fields[key] else "unknown"
    if not any(state in ("found", "inferred") for state in checks.values()):
        return _repaired(rules.reading, "nothing the model wrote is grounded in the text")
    if fields["specific_location"] or divisions.adcode:
        status, error = "ok", None
    else:
        status, error = rules.reading.status, rules.reading.error
    reading = Reading(**fields, status=status, error=error, adcode=divisions.adcode, phones=phones, checks=checks)
    reading._answered_by = "model+rules" if from_rules else "model"
    return reading
