"""Texts written in traditional characters (臺北市大安區, 廣東省深圳市) are read through their simplified form
(OpenCC's t2s conversion), so the gazetteer, labels and surnames apply; the copied fields come back as written."""

from __future__ import annotations

import logging
from functools import lru_cache

log = logging.getLogger("addrx")


@lru_cache(maxsize=1)
def _converter():
    try:
        import opencc
    except ImportError:  # an image without it reads traditional text as it is (and says so once)
        log.warning("opencc is not installed: texts in traditional characters are read as written")
        return None
    return opencc.OpenCC("t2s")


@lru_cache(maxsize=1)
def _division_characters() -> frozenset[str]:
    """Characters of the official division names and short forms: t2s turns some of them into others (乾县 → 干县,
    乾安县 → 干安县), so where the text writes one it is kept."""
    from .gazetteer import get_gazetteer

    gaz = get_gazetteer()
    return frozenset("".join(gaz.by_name) + "".join(gaz.by_alias))


def to_simplified(text: str | None) -> str | None:
    """The text in simplified characters (the same string when it has none to convert); a character that
    division names use is kept as written."""
    converter = _converter()
    if converter is None or not text:
        return text
    converted = converter.convert(text)
    if converted == text or len(converted) != len(text):
        return converted
    keep = _division_characters()
    return "".join(o if o in keep else c for o, c in zip(text, converted))


def as_written(value: str | None, simplified: str, text: str) -> str | None:
    """A value read from the simplified text, cut from the text as written (the conversion keeps positions
    when it keeps the length, which t2s does character for character)."""
    if not value or len(simplified) != len(text):
        return value
    at = simplified.find(value)
    return text[at: at + len(value)] if at >= 0 else value
