"""One request = decode -> one batched backend call -> encode. Small pure functions."""

from __future__ import annotations

import json
import re

from pydantic import TypeAdapter, ValidationError

from . import errors
from .backends import blank_reading, failed_reading
from .schema import ExtractRequest, ExtractResult, Item, Reading, request_items

REQUEST = TypeAdapter(ExtractRequest)


def parse(raw: bytes, max_items: int) -> ExtractRequest:
    """The request from its body bytes. The item count is checked right after JSON parsing, before
    validating a single item, so an oversized batch costs one json.loads and no more."""
    try:
        data = json.loads(raw)  # bytes: UTF-8 (or UTF-16/32 with a BOM); GBK or broken UTF-8 raises
    except (ValueError, RecursionError) as exc:  # includes integers over 4,300 digits
        raise errors.BadJson(f"the body is not valid UTF-8 JSON ({type(exc).__name__})") from None
    if isinstance(data, dict):
        batch = data.get("texts", data.get("items"))
        if isinstance(batch, list) and len(batch) > max_items:
            raise errors.TooManyItems(f"{len(batch)} items in one request; the limit is {max_items}")
    try:
        return REQUEST.validate_python(data)
    except ValidationError as exc:
        raise errors.BadRequest(f"malformed request: {errors.describe(exc.errors())}") from None


_SURROGATE = re.compile("[\ud800-\udfff]")


def _scrub(text: str) -> str:
    """Lone surrogates (valid in JSON escapes, not in UTF-8) become U+FFFD so the answer can be sent."""
    return _SURROGATE.sub("\ufffd", text)


def decode(request: ExtractRequest, max_items: int, max_chars: int) -> list[Item]:
    """Items in input order; a broken limit fails the whole request (never a silent truncation)."""
    items = [Item(id=_scrub(item.id), text=_scrub(item.text)) for item in request_items(request)]
    if len(items) > max_items:
        raise errors.TooManyItems(f"{len(items)} items in one request; the limit is {max_items}")
    for position, item in enumerate(items):
        if len(item.text) > max_chars:
            raise errors.TextTooLong(
                f"item {position} (id {item.id!r}) has {len(item.text)} characters; the limit is {max_chars}")
    return items


def to_backend(items: list[Item]) -> tuple[list[int], list[str]]:
    """Positions and texts of the items worth sending; empty texts never reach the backend."""
    positions = [i for i, item in enumerate(items) if item.text.strip()]
    return positions, [items[i].text for i in positions]


def encode(items: list[Item], positions: list[int], readings: list[Reading]) -> list[ExtractResult]:
    """One result per item, aligned with the input."""
    by_position = dict(zip(positions, readings))
    results = []
    for i, item in enumerate(items):
        reading = by_position.get(i) or blank_reading("empty", errors.ITEM_EMPTY, "the text is empty")
        try:
            results.append(_result(item.id, reading))
        except ValidationError as exc:  # one bad item never sinks the batch
            results.append(_result(item.id, failed_reading(f"result did not fit the contract: {exc.error_count()} error(s)")))
    return results


def _result(item_id: str, reading: Reading) -> ExtractResult:
    return ExtractResult.model_validate({**reading.__dict__, "id": item_id})
