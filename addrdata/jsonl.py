"""Reading labelled rows: ms-swift `messages` JSONL (the generator's and distil's output, in either
target format) or plain text lines."""

from __future__ import annotations

import json
from pathlib import Path

from service.model_contract import format_of_messages, parse


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
            answer = next((m["content"] for m in msgs if m["role"] == "assistant"), None)
            gold = parse(answer, format_of_messages(msgs)) if answer is not None else None
            rows.append((text, gold.model_dump() if gold else None))
        except (json.JSONDecodeError, KeyError, TypeError, StopIteration, AttributeError):
            rows.append((line, None))
    return rows
