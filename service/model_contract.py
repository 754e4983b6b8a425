"""The model's side of the contract, in one place: the system prompt, the chat messages, the
chat-template switches (thinking off), the target line, the decoding constraint and budget,
parsing, and grounding. Serving, distil, train, merge and evaluate all import it, so what the model
is trained on and what it is served cannot drift apart.

Three target formats. `json`: the six fields as compact JSON (what an untrained instruct model can
be asked for, with a JSON-schema constraint). `lines`: the six values, one per line in FIELDS
order, empty for null: no keys, quotes or braces, so ~28% fewer output tokens per record. `compact`:
lines without the phone, which the pipeline takes from the text (the phone finder reads it exactly,
and the tokenizer spends one token per digit: 26.6 output tokens a record instead of lines' 38.6 and
json's 53.9 on generated records, bench/target_formats.py). A model finetuned on lines or compact says
so in its directory (MARKER), and serving reads the format from there."""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import ValidationError

from .schema import FIELDS, Extraction

TargetFormat = Literal["json", "lines", "compact"]
TARGET_FORMATS: tuple[str, ...] = ("json", "lines", "compact")
PROMPTS = Path(__file__).resolve().parent.parent / "prompts"
PROMPT_FILES = {"json": PROMPTS / "system.txt", "lines": PROMPTS / "system-lines.txt",
                "compact": PROMPTS / "system-compact.txt"}
# Written next to a trained model's weights: its target format and the output budget its data needs.
MARKER = "addrx.json"
# Qwen3 chat template: thinking off. Serving, the teacher and every tokenisation pass it.
CHAT_TEMPLATE_KWARGS = {"enable_thinking": False}
# Fields the model must copy from the text (divisions may be normalised instead).
COPIED_FIELDS = ("specific_location", "name", "phone")
# Decoding budget per field: longest official division name is 15 characters (双江拉祜族佤族布朗族傣族
# 自治县). Bounds in the schema keep constrained decoding finite; results themselves are not capped.
FIELD_MAX_CHARS = {"province": 20, "city": 20, "district": 20, "specific_location": 120, "name": 20, "phone": 32}
_LINE_BREAKS = re.compile(r"[\r\n]+")


@lru_cache(maxsize=None)
def system_prompt(fmt: TargetFormat = "json") -> str:
    """The minimal system prompt of a target format; finetune trains with exactly this text."""
    return PROMPT_FILES[fmt].read_text(encoding="utf-8").strip()


def messages(text: str, fmt: TargetFormat = "json") -> list[dict]:
    """Chat messages for one text (what serving sends and training prompts with)."""
    return [{"role": "system", "content": system_prompt(fmt)}, {"role": "user", "content": text}]


def written_fields(fmt: TargetFormat = "json") -> tuple[str, ...]:
    """The fields the model writes in a format, in order (compact leaves the phone to the pipeline)."""
    return tuple(f for f in FIELDS if f != "phone") if fmt == "compact" else FIELDS


def render(extraction: Extraction, fmt: TargetFormat = "json") -> str:
    """The target line: what training teaches and what the model writes."""
    if fmt in ("lines", "compact"):
        values = extraction.model_dump()
        return "\n".join(_LINE_BREAKS.sub(" ", values[f]) if values[f] else "" for f in written_fields(fmt))
    return to_json_line(extraction)


def mean_target_tokens(tokenizer, labels: list[dict], fmt: TargetFormat = "json") -> float:
    """Mean tokens of the labels written as the format's target, plus the end-of-turn token the model stops with."""
    targets = [render(Extraction(**label), fmt) for label in labels]
    return sum(len(ids) + 1 for ids in tokenizer(targets, add_special_tokens=False).input_ids) / len(labels)


def training_row(text: str, label: dict, fmt: TargetFormat = "json") -> dict:
    """One ms-swift `messages` row: the serving prompt plus the target line."""
    return {"messages": messages(text, fmt) + [{"role": "assistant", "content": render(Extraction(**label), fmt)}]}


def format_of_messages(msgs: list[dict]) -> TargetFormat:
    """Which target format a training row was written in (by its system prompt)."""
    system = next((m["content"] for m in msgs if m["role"] == "system"), "")
    return next((f for f in TARGET_FORMATS if system_prompt(f) == system), "json")


def format_of_dataset(path: Path) -> TargetFormat:
    with Path(path).open(encoding="utf-8") as rows:
        first = rows.readline()
    return format_of_messages(json.loads(first)["messages"]) if first.strip() else "json"


def write_marker(model_dir: Path, fmt: TargetFormat, max_output_tokens: int) -> None:
    """Say in a trained model's directory what it writes and how long its answers can be."""
    (Path(model_dir) / MARKER).write_text(json.dumps({"target_format": fmt, "max_output_tokens": max_output_tokens}),
                                          encoding="utf-8")


def read_marker(model: str) -> dict:
    """A model directory's marker, or {} (hub ids, untrained models: json and the schema's budget)."""
    path = Path(model) / MARKER if model else None
    if path is None or not path.is_file():
        return {}
    return json.loads(path.read_text(encoding="utf-8"))


def serving_contract(model: str, target_format: str = "auto", max_tokens: int = 0) -> tuple[TargetFormat, int]:
    """(target format, output token cap) to serve `model` with: what settings force, else what
    its directory's marker says, else json and the longest answer the constraint admits."""
    marker = read_marker(model)
    fmt = target_format if target_format != "auto" else marker.get("target_format", "json")
    return fmt, max_tokens or marker.get("max_output_tokens") or max_output_chars(fmt)


def chat_prompt(tokenizer, text: str, fmt: TargetFormat = "json") -> str:
    """The exact prompt string serving feeds the engine (ends with the empty think block)."""
    return tokenizer.apply_chat_template(messages(text, fmt), tokenize=False, add_generation_prompt=True,
                                         **CHAT_TEMPLATE_KWARGS)


class ChatPrompt:
    """chat_prompt for one tokenizer and format, rendered once around a placeholder and reused as
    prefix + text + suffix (a Jinja render per record costs ~60 µs); checked against a real render
    at construction, and a template that does not insert the text verbatim is rendered per call."""

    _PLACEHOLDER = "\x00addrx\x00"

    def __init__(self, tokenizer, fmt: TargetFormat = "json"):
        self.tokenizer, self.fmt = tokenizer, fmt
        whole = chat_prompt(tokenizer, self._PLACEHOLDER, fmt)
        self.prefix, _, self.suffix = whole.partition(self._PLACEHOLDER)
        probe = "长沙市 岳麓区{x}"
        self.verbatim = (whole.count(self._PLACEHOLDER) == 1
                         and self.prefix + probe + self.suffix == chat_prompt(tokenizer, probe, fmt))

    def __call__(self, text: str) -> str:
        return self.prefix + text + self.suffix if self.verbatim else chat_prompt(self.tokenizer, text, self.fmt)


def to_json_line(extraction: Extraction) -> str:
    """Canonical compact JSON of the six fields. Training targets use exactly this, and it is
    what structured output (no whitespace) lets the model write, so train and serve agree."""
    return json.dumps(extraction.model_dump(), ensure_ascii=False, separators=(",", ":"))


def parse(raw: str, fmt: TargetFormat = "json") -> Extraction | None:
    """The model's output as the contract, or None when it does not fit."""
    try:
        if fmt in ("lines", "compact"):
            fields, values = written_fields(fmt), raw.split("\n")
            if len(values) == len(fields) + 1 and not values[-1]:  # one line break before the end
                values.pop()
            if len(values) != len(fields):
                return None
            return Extraction(**{**dict.fromkeys(FIELDS), **{f: v or None for f, v in zip(fields, values)}})
        parsed = Extraction.model_validate(json.loads(raw))
        # "" says "not in the text" as null does (a finetuned model wrote name "" on the H200);
        # the contract answers null, as the lines format always did.
        return parsed.model_copy(update={f: None for f, v in parsed.model_dump().items() if v is not None and not v.strip()})
    except (json.JSONDecodeError, ValidationError, TypeError):
        return None


def lines_regex(fmt: TargetFormat = "lines") -> str:
    """A lines format as a regex for structured output: one bounded line per written field, no line break inside."""
    return "\n".join(f"[^\\n]{{0,{FIELD_MAX_CHARS[f]}}}" for f in written_fields(fmt))


def structured_output(fmt: TargetFormat = "json") -> dict:
    """Keyword arguments of vLLM's StructuredOutputsParams for a format."""
    return {"json": extraction_json_schema()} if fmt == "json" else {"regex": lines_regex(fmt)}


def extraction_json_schema() -> dict:
    """JSON schema of the six fields with per-field length bounds, for vLLM structured outputs."""
    schema = Extraction.model_json_schema()
    for field, limit in FIELD_MAX_CHARS.items():
        schema["properties"][field]["anyOf"][0]["maxLength"] = limit
    return schema


def max_output_chars(fmt: TargetFormat = "json") -> int:
    """Longest answer the constraint admits (all strings at their bound): the output budget
    when the model directory does not say how long its answers are."""
    if fmt == "json":
        return len(json.dumps({f: "" for f in FIELDS}, separators=(",", ":"))) + sum(FIELD_MAX_CHARS.values())
    fields = written_fields(fmt)
    return len(fields) - 1 + sum(FIELD_MAX_CHARS[f] for f in fields)


def is_grounded(value: str | None, text: str) -> bool:
    """A copied value must be written in the text (spacing aside); None is trivially grounded."""
    if not value:
        return True
    return value in text or "".join(value.split()) in "".join(text.split())


def ungrounded_fields(fields: dict, text: str) -> list[str]:
    """The copied fields whose value the text does not contain."""
    return [key for key in COPIED_FIELDS if not is_grounded(fields.get(key), text)]
