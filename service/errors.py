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


class BadJson(AddrxError):
    """The body is not JSON we can read (invalid UTF-8, GBK, numbers too long, truncated)."""

    code = "bad_json"
    status = 400


class Unauthorized(AddrxError):
    code = "unauthorized"
    status = 401


class BodyTimeout(AddrxError):
    code = "body_timeout"
    status = 408


class UnsupportedMediaType(AddrxError):
    """POST /extract takes application/json only: a form post from any web page is refused."""

    code = "unsupported_media_type"
    status = 415


class BodyTooLarge(AddrxError):
    code = "body_too_large"
    status = 413


class TooManyItems(AddrxError):
    code = "too_many_items"
    status = 413


class TextTooLong(AddrxError):
    code = "text_too_long"
    status = 413


class HeadersTooLarge(AddrxError):
    code = "headers_too_large"
    status = 431


class RetryLater(AddrxError):
    """A refusal that says when to come back: answered with a Retry-After header."""

    retry_after_default = 1

    def __init__(self, message: str, retry_after: int | None = None):
        super().__init__(message)
        self.retry_after = retry_after or self.retry_after_default


class TooBusy(RetryLater):
    """Admission control said no before any work; retry after `retry_after` seconds."""

    code = "too_busy"
    status = 429


class NotReady(AddrxError):
    code = "not_ready"
    status = 503


class ModelUnavailable(RetryLater):
    """Every remote endpoint is down or hanging: the request is refused at once, not waited out."""

    code = "model_unavailable"
    status = 503
    retry_after_default = 5


class ClientGone(AddrxError):
    """The client closed the connection; the work stopped and nobody reads this."""

    code = "client_closed_request"
    status = 499


class DeadlineExceeded(AddrxError):
    code = "deadline_exceeded"
    status = 504


# The framework's own errors (unknown path, wrong method) in the same shape.
HTTP_CODES = {400: "bad_request", 401: "unauthorized", 404: "not_found", 405: "method_not_allowed", 413: "body_too_large",
              415: "unsupported_media_type"}


def describe(problems: list[dict]) -> str:
    """pydantic's validation errors (at most ten) as one line: `loc.path: message; ...`."""
    return "; ".join(f"{'.'.join(str(part) for part in e.get('loc', ()))}: {e.get('msg')}" for e in problems[:10])


def body(code: str, message: str, request_id: str | None = None) -> dict:
    """Every error body the service answers: {"error": {"code", "message"}, "request_id"}."""
    out: dict = {"error": {"code": code, "message": message}}
    if request_id:
        out["request_id"] = request_id
    return out


# Per-item problems are not exceptions: they become that item's status and error.
ITEM_EMPTY = "empty_text"
ITEM_NO_ADDRESS = "no_address"
ITEM_UNUSABLE_OUTPUT = "unusable_output"
ITEM_BACKEND_ERROR = "backend_error"
