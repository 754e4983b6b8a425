"""What a web page or a JSON log leaves in a text pasted from it, read as the separator it stood for: HTML tags
(<br>, <p>…</p>), character entities (&nbsp;, &amp;, &#12288;) and escape sequences written out (\\n, \\t)."""

from __future__ import annotations

import html
import re

_TAG = re.compile(r"</?(?:br|p|div|span|td|tr|th|li|ul|ol|table|tbody|thead|font|b|strong|i|em|h[1-6])\b[^<>]{0,80}>",
                  re.IGNORECASE)
_ENTITY = re.compile(r"&(?:[A-Za-z]{2,8}|#\d{2,6}|#x[0-9A-Fa-f]{2,5});")
_ESCAPE = re.compile(r"\\[nrt]")


def _unescaped(entity: re.Match) -> str:
    char = html.unescape(entity[0])
    return " " if char.isspace() else char  # &nbsp;, &#12288;: a space


def without_markup(text: str) -> str:
    """`text` with its markup a space each; a text with none comes back as it is (the common case: three `in` tests)."""
    if "<" in text:
        text = _TAG.sub(" ", text)
    if "&" in text:
        text = _ENTITY.sub(_unescaped, text)
    if "\\" in text:
        text = _ESCAPE.sub(" ", text)
    return text
