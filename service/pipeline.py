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
        outcome = by_position.get(i) or _blank_outcome("empty", errors.ITEM_EMPTY, "the text is empty")
        try:
            results.append(_result(item.id, outcome))
        except ValidationError as exc:  # one bad item never sinks the batch
            results.append(_result(item.id, failed_outcome(f"result did not fit the contract: {exc.error_count()} error(s)")))
    return results


def _result(item_id: str, outcome: Outcome) -> ExtractResult:
    return ExtractResult(id=item_id, status=outcome.status, error=outcome.error, adcode=outcome.adcode,
                         phones=outcome.phones, checks=outcome.checks, **outcome.fields)


def _blank_outcome(status: str, code: str, message: str) -> Outcome:
    return Outcome(fields=dict.fromkeys(FIELDS), status=status, checks=dict.fromkeys(FIELDS, "unknown"),
                   error=ItemError(code=code, message=message))


def failed_outcome(message: str) -> Outcome:
    return _blank_outcome("error", errors.ITEM_BACKEND_ERROR, message)
