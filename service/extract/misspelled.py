"""A division's full name mistyped by one character that sounds the same (义务市 for 义乌市, 西胡区 for 西湖区, 乐青市 for
乐清市, 丰化市 for 奉化市): pinyin input's commonest slip, seen in the NAACL corpus's real addresses. Read as that division
only after a division it lies in (浙江省金华市义务市…, 杭州市西胡区…), so a place's own name (高新区, 新城区) never is one;
the answer's check is `corrected` (`former` for a former name) and the review says so. A character that only looks alike
(深训市, 末央区) is not read: without its sound nothing says which division was meant."""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from .gazetteer import Div, Gazetteer

SUFFIXES = "市区县旗"
SHORTEST, LONGEST = 3, 5  # a stem of two characters at least: one of them right keeps it a guess, not a lottery


@lru_cache(maxsize=4096)
def _sounds(ch: str) -> frozenset[str]:
    """The character's readings without tones (乌: wu; 乐: le, yue); pypinyin's table is loaded on the first slip looked
    for, not at import (it costs ~55 MB)."""
    from pypinyin.pinyin_dict import pinyin_dict

    readings = pinyin_dict.get(ord(ch), "")
    return frozenset("".join(c for c in unicodedata.normalize("NFD", r) if not unicodedata.combining(c))
                     for r in readings.split(",") if r)


_ONE_OFF: dict[int, dict[str, list[tuple[str, Div]]]] = {}  # per gazetteer (id: it is no hashable key)


def _names_one_off(gaz: Gazetteer) -> dict[str, list[tuple[str, Div]]]:
    """Each prefecture- and county-level name (today's and former ones) under every key with one character of its stem
    masked (义?市, ?乌市): a slip is found by a few lookups, not a scan of the names."""
    if id(gaz) in _ONE_OFF:
        return _ONE_OFF[id(gaz)]
    out = _ONE_OFF[id(gaz)] = {}
    for index in (gaz.by_name, gaz.former):
        for name, divs in index.items():
            if SHORTEST <= len(name) <= LONGEST and name[-1] in SUFFIXES:
                for at in range(len(name) - 1):
                    out.setdefault(name[:at] + "?" + name[at + 1:], []).extend((name, d) for d in divs if d.level > 1)
    return out


def _could_be_misspelled(written: str, gaz: Gazetteer) -> bool:
    """The cheap test: a full name's shape that no name has."""
    return SHORTEST <= len(written) <= LONGEST and written[-1] in SUFFIXES and written not in gaz.any_name


def misspelled(written: str, gaz: Gazetteer) -> list[Div]:
    """The divisions `written` may be a slip for: one character off, the same sound (all of them, wherever they lie:
    the caller keeps those in the division written before)."""
    if not _could_be_misspelled(written, gaz):
        return []
    names = _names_one_off(gaz)
    found = []
    for at in range(len(written) - 1):
        for name, div in names.get(written[:at] + "?" + written[at + 1:], ()):
            if _sounds(written[at]) & _sounds(name[at]):
                found.append(div)
    return found
