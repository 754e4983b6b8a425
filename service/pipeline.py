"""One request = decode -> one batched backend call -> encode. Small pure functions."""

from __future__ import annotations

from pydantic import ValidationError

from . import errors
from .backends import Outcome
from .schema import FIELDS, ExtractRequest, ExtractResult, Item, ItemError, request_items


def decode(request: ExtractRequest, max_items: int, max_chars: int) -> list[Item]:
    """Items in input order; a broken limit fails the whole request (never a silent truncation)."""
    items = request_items(request)
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


def encode(items: list[Item], positions: list[int], outcomes: list[Outcome]) -> list[ExtractResult]:
    """One result per item, aligned with the input."""
    by_position = dict(zip(positions, outcomes))
    results = []
    for i, item in enumerate(items):
        outcome = by_position.get(i)
        if outcome is None:
            results.append(ExtractResult(
                **dict.fromkeys(FIELDS), id=item.id, status="empty", checks={f: "unknown" for f in FIELDS},
                error=ItemError(code=errors.ITEM_EMPTY, message="the text is empty")))
            continue
        try:
            results.append(ExtractResult(
                id=item.id, status=outcome.status, error=outcome.error, adcode=outcome.adcode,
                phones=outcome.phones, checks=outcome.checks, **outcome.fields))
        except ValidationError as exc:  # one bad item never sinks the batch
            bad = failed_outcome(f"result did not fit the contract: {exc.error_count()} error(s)")
            results.append(ExtractResult(id=item.id, status=bad.status, error=bad.error, checks=bad.checks, **bad.fields))
    return results


def failed_outcome(message: str) -> Outcome:
    return Outcome(fields=dict.fromkeys(FIELDS), status="error", checks={f: "unknown" for f in FIELDS},
                   error=ItemError(code=errors.ITEM_BACKEND_ERROR, message=message))
