"""Normalise (province, city, district) as a model or a person wrote them: expand short forms,
map former names, infer missing higher levels, resolve impossible or ambiguous combinations from
the text, and attach the adcode. Output divisions always exist and nest (see tests)."""

from __future__ import annotations

from typing import NamedTuple

from ..schema import DIVISION_FIELDS as LEVELS
from .misspelled import misspelled
from .gazetteer import Div, Gazetteer, get_gazetteer
from .sar_taiwan import district_of_place
from .traditional import to_simplified

SAR_REGIONS = ("香港特别行政区", "澳门特别行政区")


class Divisions(NamedTuple):
    province: str | None
    city: str | None
    district: str | None
    adcode: str | None
    checks: dict


def _fits(gaz: Gazetteer, div: Div, role: str) -> bool:
    if role == "province":
        return div.level == 1
    if role == "city":
        return gaz.city_of(div) == div
    return gaz.district_of(div) == div


def candidates(gaz: Gazetteer, written: str | None, role: str, slips: bool = True) -> list[Div]:
    """The divisions a written name may be at this level; with `slips`, those it may be a slip for by one character's
    sound (义务市: 义乌市) where it names none."""
    if not written:
        return []
    found, _ = gaz.lookup(written.strip())
    if not found and slips:
        found = misspelled(written.strip(), gaz)
    return [d for d in found if _fits(gaz, d, role)]


def _mentioned(gaz: Gazetteer, div: Div, text: str) -> bool:
    return bool(text) and (div.name in text or any(a in text for a in gaz.aliases_by_code.get(div.code, ())))


def division_written(name: str | None, role: str, text: str, gaz: Gazetteer | None = None) -> bool:
    """Whether the text writes this division (its full name or a short form) at this level."""
    gaz = gaz or get_gazetteer()
    return any(_mentioned(gaz, d, text) for d in candidates(gaz, name, role))


def _chain(gaz: Gazetteer, div: Div) -> list[Div]:
    out = [div]
    while out[-1].parent:
        out.append(gaz.by_code[out[-1].parent])
    return out


def _score(gaz: Gazetteer, anchor: Div, given: dict[str, list[Div]], text: str) -> int:
    chain = _chain(gaz, anchor)
    score = 0
    for role, cands in given.items():
        if cands and any(c in chain for c in cands):
            score += 2
    score += sum(1 for d in chain[1:] if _mentioned(gaz, d, text))
    return score


def normalise_divisions(province: str | None, city: str | None, district: str | None, text: str = "",
                        gaz: Gazetteer | None = None) -> Divisions:
    gaz = gaz or get_gazetteer()
    written = {"province": province, "city": city, "district": district}
    given = {role: candidates(gaz, written[role], role) for role in LEVELS}
    anchor = _choose_anchor(gaz, given, text)
    if anchor is None:
        out = (None, None, None)
        # An ambiguous district (朝阳区 with no city) keeps its official name, nothing above it.
        names = {d.name for d in given["district"]}
        if len(names) == 1 and not given["city"] and not given["province"]:
            out = (None, None, names.pop())
        adcode = None
    else:
        out = gaz.triple(anchor)
        if out[0] in SAR_REGIONS and out[2] is None and not written["district"] and text:
            anchor = _sar_district_from_place(gaz, out[0], text) or anchor
            out = gaz.triple(anchor)
        adcode = gaz.current_code(anchor)
    checks = {}
    for role, value in zip(LEVELS, out):
        w = written[role]
        if value is None:
            checks[role] = "corrected" if w else "unknown"
        elif not w:
            checks[role] = "inferred"
        elif role == "district" and anchor is not None and gaz.is_former(anchor):
            checks[role] = "former"
        elif w == value:
            checks[role] = "found"
        elif _short_form_of(gaz, w, value, role):
            checks[role] = "inferred"  # 湖南 → 湖南省: the same division, its full name inferred; nothing contradicted
        else:
            checks[role] = "corrected"  # the text's or model's value was replaced (another division, a rename, no division)
    return Divisions(*out, adcode=adcode, checks=checks)


def _sar_district_from_place(gaz: Gazetteer, region: str, text: str) -> Div | None:
    """Hong Kong or Macau with no district written: the district of a well-known place the text names
    (香港九龙尖沙咀… -> 油尖旺区, checked `inferred`), else None."""
    name = district_of_place(to_simplified(text))
    return next((d for d in candidates(gaz, name, "district") if gaz.triple(d)[0] == region), None) if name else None


def _short_form_of(gaz: Gazetteer, written: str, value: str, role: str) -> bool:
    """`written` is a short form or alias of the division `value` at this level (江苏 of 江苏省, 大理州 of 大理白族自治州)."""
    found, how = gaz.lookup(written.strip())
    return how == "alias" and any(d.name == value and _fits(gaz, d, role) for d in found)


def _choose_anchor(gaz: Gazetteer, given: dict[str, list[Div]], text: str) -> Div | None:
    """Most specific division consistent with what was written; ties broken by the text."""
    for role in ("district", "city", "province"):
        cands = given[role]
        if not cands:
            continue
        scored = sorted(((_score(gaz, c, given, text), c) for c in cands), key=lambda sc: -sc[0])
        best = scored[0][0]
        top = [c for s, c in scored if s == best]
        if len(top) == 1:
            # Distrust a specific name that contradicts everything above it when a less specific
            # one agrees with the text (广州市 + 浦东新区 written, 广州 in text): handled by score.
            return top[0]
        # Still ambiguous: fall through to the next level up, which may pin it down.
    return None
