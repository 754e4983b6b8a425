"""The few errors addrx raises, each with a stable code and its HTTP status (mapped in app.py only)."""

from __future__ import annotations


class AddrxError(Exception):
    """Base error: `code` is machine-readable, `status` is the HTTP status it maps to."""

    code = "internal_error"
    status = 500

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class BadRequest(AddrxError):
    code = "bad_request"
    status = 422


class TooManyItems(AddrxError):
    code = "too_many_items"
    status = 413


class TextTooLong(AddrxError):
    code = "text_too_long"
    status = 413


class NotReady(AddrxError):
    code = "not_ready"
    status = 503


# Per-item problems are not exceptions: they become that item's status and error.
ITEM_EMPTY = "empty_text"
ITEM_NO_ADDRESS = "no_address"
ITEM_UNUSABLE_OUTPUT = "unusable_output"
ITEM_BACKEND_ERROR = "backend_error"
