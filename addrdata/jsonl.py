"""Reading labelled rows: ms-swift `messages` JSONL (the generator's and distil's output) or plain text lines."""

from __future__ import annotations

import json
from pathlib import Path


def read_rows(path: Path) -> list[tuple[str, dict | None]]:
    """(text, gold label or None) from messages JSONL or plain text lines."""
    rows = []
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        try:
            record = json.loads(line)
            msgs = record["messages"]
            text = next(m["content"] for m in msgs if m["role"] == "user")
            gold = next((json.loads(m["content"]) for m in msgs if m["role"] == "assistant"), None)
            rows.append((text, gold))
        except (json.JSONDecodeError, KeyError, TypeError, StopIteration):
            rows.append((line, None))
    return rows
