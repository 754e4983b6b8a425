"""The model's side of the contract, in one place: the system prompt, the chat messages, the
chat-template switches (thinking off), the canonical target line, the decoding schema and budget,
parsing, and grounding. Serving, distil, train, merge and evaluate all import it, so what the model
is trained on and what it is served cannot drift apart."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from pydantic import ValidationError

from .schema import FIELDS, Extraction

PROMPT_FILE = Path(__file__).resolve().parent.parent / "prompts" / "system.txt"
# Qwen3 chat template: thinking off. Serving, the teacher and every tokenisation pass it.
CHAT_TEMPLATE_KWARGS = {"enable_thinking": False}
# Fields the model must copy from the text (divisions may be normalised instead).
COPIED_FIELDS = ("specific_location", "name", "phone")
# Decoding budget per field: longest official division name is 15 characters (双江拉祜族佤族布朗族傣族
# 自治县). Bounds in the schema keep constrained decoding finite; results themselves are not capped.
FIELD_MAX_CHARS = {"province": 20, "city": 20, "district": 20, "specific_location": 120, "name": 20, "phone": 32}


@lru_cache(maxsize=1)
def system_prompt(path: Path = PROMPT_FILE) -> str:
    """The minimal system prompt; finetune trains with exactly this text."""
    return path.read_text(encoding="utf-8").strip()


def messages(text: str) -> list[dict]:
    """Chat messages for one text (what serving sends and training prompts with)."""
    return [{"role": "system", "content": system_prompt()}, {"role": "user", "content": text}]


def training_row(text: str, label: dict) -> dict:
    """One ms-swift `messages` row: the serving prompt plus the canonical target line."""
    return {"messages": messages(text) + [{"role": "assistant", "content": to_json_line(Extraction(**label))}]}


def chat_prompt(tokenizer, text: str) -> str:
    """The exact prompt string serving feeds the engine (ends with the empty think block)."""
    return tokenizer.apply_chat_template(messages(text), tokenize=False, add_generation_prompt=True,
                                         **CHAT_TEMPLATE_KWARGS)


def to_json_line(extraction: Extraction) -> str:
    """Canonical compact JSON of the six fields. Training targets use exactly this, and it is
    what structured output (no whitespace) lets the model write, so train and serve agree."""
    return json.dumps(extraction.model_dump(), ensure_ascii=False, separators=(",", ":"))


def parse(raw: str) -> Extraction | None:
    """The model's output as the contract, or None when it does not fit."""
    try:
        return Extraction.model_validate(json.loads(raw))
    except (json.JSONDecodeError, ValidationError, TypeError):
        return None


def extraction_json_schema() -> dict:
    """JSON schema of the six fields with per-field length bounds, for vLLM structured outputs."""
    schema = Extraction.model_json_schema()
    for field, limit in FIELD_MAX_CHARS.items():
        schema["properties"][field]["anyOf"][0]["maxLength"] = limit
    return schema


def max_output_chars() -> int:
    """Longest JSON the schema admits (compact, all strings at maxLength): the output budget."""
    skeleton = json.dumps({f: "" for f in FIELDS}, separators=(",", ":"))
    return len(skeleton) + sum(FIELD_MAX_CHARS.values())


def is_grounded(value: str | None, text: str) -> bool:
    """A copied value must be written in the text (spacing aside); None is trivially grounded."""
    if not value:
        return True
    return value in text or "".join(value.split()) in "".join(text.split())


def ungrounded_fields(fields: dict, text: str) -> list[str]:
    """The copied fields whose value the text does not contain."""
    return [key for key in COPIED_FIELDS if not is_grounded(fields.get(key), text)]
