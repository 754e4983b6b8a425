"""A spreadsheet's header row pasted with one row of values (姓名\t电话\t地址 / 孟非\t139…\t江苏省…): each value is
read after its column's label, as a form would write it (姓名：孟非；电话：139…；地址：江苏省…)."""

from __future__ import annotations

import re
from typing import Callable

_CELL_SEPARATORS = ("\t", ",", "，", "|", "｜", ";", "；")
_BLANK_LINE = re.compile(r"\n\s*\n")


def labelled_row(text: str, is_label: Callable[[str], bool]) -> str:
    """`text` with its two lines joined label by value when the first is a header of at least three labels and the
    second has as many cells; otherwise `text` unchanged. `is_label` says whether a cell is a field's label."""
    if "\n" not in text:
        return text
    lines = _BLANK_LINE.sub("\n", text.strip()).split("\n")
    if len(lines) != 2:
        return text
    for separator in _CELL_SEPARATORS:
        head, row = lines[0].split(separator), lines[1].split(separator)
        if len(head) >= 3 and len(head) == len(row) and all(is_label(cell.strip()) for cell in head):
            return "；".join(f"{label.strip()}：{value.strip()}" for label, value in zip(head, row) if value.strip())
    return text
