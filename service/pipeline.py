"""One request = decode -> one batched backend call -> encode. Small pure functions."""

from __future__ import annotations

import json
import re
from typing import NamedTuple

from pydantic import TypeAdapter, ValidationError
from typing_extensions import TypedDict  # pydantic needs this one on Python < 3.12

from . import errors
from .backends import blank_reading, failed_reading
from .finish import finish, finished
from .schema import ExtractRequest, ExtractResult, Item, Reading, request_items

REQUEST = TypeAdapter(ExtractRequest)


def parse(raw: bytes, max_items: int) -> ExtractRequest:
    """The request from its body bytes. The item count is checked right after JSON parsing, before
    validating a single item, so an oversized batch costs one json.loads and no more."""
    try:
        if raw[:2] in (b"\xff\xfe", b"\xfe\xff") or raw[:4] == b"\x00\x00\xfe\xff":  # UTF-16/32 BOMs
            raise ValueError("UTF-16/32")  # json.loads would take them; the contract is UTF-8 only
        data = json.loads(raw)  # bytes: UTF-8; GBK or broken UTF-8 raises
    except (ValueError, RecursionError) as exc:  # includes integers over 4,300 digits
        raise errors.BadJson(f"the body is not valid UTF-8 JSON ({type(exc).__name__})") from None
    if isinstance(data, dict):
        batch = data.get("texts", data.get("items"))
        if isinstance(batch, list) and len(batch) > max_items:
            raise errors.TooManyItems(f"{len(batch)} items in one request; the limit is {max_items}")
        if isinstance(batch, list):  # an id with a lone surrogate fails a length-bounded str: scrub it, like texts
            for item in batch:
                if isinstance(item, dict) and isinstance(item.get("id"), str):
                    item["id"] = _scrub(item["id"])
    try:
        return REQUEST.validate_python(data)
    except ValidationError as exc:
        raise errors.BadRequest(f"malformed request: {errors.describe(exc.errors())}") from None


_SURROGATE = re.compile("[\ud800-\udfff]")


def _scrub(text: str) -> str:
    """Lone surrogates (valid in JSON escapes, not in UTF-8) become U+FFFD so the answer can be sent."""
    try:
        text.encode("utf-8")  # the common case, checked in C
        return text
    except UnicodeEncodeError:
        return _SURROGATE.sub("\ufffd", text)


def decode(request: ExtractRequest, max_items: int, max_chars: int) -> list[Item]:
    """Items in input order; a broken limit fails the whole request (never a silent truncation)."""
    items = [Item(id=_scrub(item_id), text=_scrub(text)) for item_id, text in request_items(request)]
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


class Result(NamedTuple):
    """One answer: the item's id and its reading (the contract's ExtractResult, not yet serialised)."""

    id: str
    reading: Reading


def encode(items: list[Item], positions: list[int], readings: list) -> list[Result]:
    """One result per item, aligned with the input; readings not yet finished (finish.py) are finished here."""
    by_position = dict(zip(positions, readings))
    results = []
    for i, item in enumerate(items):
        reading = by_position.get(i) or blank_reading("empty", errors.ITEM_EMPTY, "the text is empty")
        if not isinstance(reading, Reading):  # one bad item never sinks the batch
            reading = failed_reading(f"result did not fit the contract: a {type(reading).__name__}, not a Reading")
        results.append(Result(item.id, reading if finished(reading) else finish(item.text, reading)))
    return results


# Readings are validated when they are built (validate_assignment keeps them so), so answers are
# serialised straight from readings: ExtractResult's fields as a TypedDict, dumped for the whole
# batch in one call. An ExtractResult per record and a dump per record cost ~12 µs of a ~60 µs
# HTTP layer (bench.http_cost); a test checks the bytes against ExtractResponse.
_WIRE = TypeAdapter(list[TypedDict("ExtractResultWire", {name: field.annotation for name, field in ExtractResult.model_fields.items()})])


def result_dict(result: Result) -> dict:
    return {**result.reading.model_dump(mode="json"), "id": result.id}


def response_json(request_id: str, backend: str, results: list[Result], timing_ms: dict[str, float]) -> bytes:
    head = json.dumps({"request_id": request_id, "backend": backend}, ensure_ascii=False)[:-1].encode("utf-8")
    rows = _WIRE.dump_json([{**result.reading.__dict__, "id": result.id} for result in results])
    return head + b',"results":' + rows + b',"timing_ms":' + json.dumps(timing_ms).encode() + b"}"
