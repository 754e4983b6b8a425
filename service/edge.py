"""The service's edge, before any route runs (pure ASGI, so a refused request costs no parsing):
a safe request id on every response, a bound on header bytes, API keys, JSON only on /extract, a
cap on requests being served (a request still sending its body does not hold one, so trickling
clients cannot starve the rest), an early 429 when records in flight are at their bound, and the
request body read with a size cap, a per-chunk and a whole-body timeout. The body that passes is
replayed to the route; later receives go to the real connection, so a route can still see the
client leave. Every POST /extract, and every request answered with an error, leaves one log line.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import re
import time
import uuid

from . import errors, logs, metrics
from .admission import Admission
from .settings import Settings

SAFE_REQUEST_ID = re.compile(r"[A-Za-z0-9._-]{1,64}")
PROTECTED = ("/extract", "/ready", "/metrics")
ROUTES = frozenset({"/", "/extract", "/ready", "/health", "/metrics", "/docs", "/redoc", "/openapi.json"})  # behind the API key when keys are set; /health stays open


def request_id_of(headers: dict[bytes, bytes]) -> str:
    """The client's x-request-id when short and safe, else a new one (never echo arbitrary bytes)."""
    given = headers.get(b"x-request-id", b"").decode("latin-1")
    return given if SAFE_REQUEST_ID.fullmatch(given) else uuid.uuid4().hex[:16]


def is_json(headers: dict[bytes, bytes]) -> bool:
    media_type = headers.get(b"content-type", b"").split(b";", 1)[0].strip().lower()
    return media_type == b"application/json"


def key_ok(headers: dict[bytes, bytes], keys: list[str]) -> bool:
    """Authorization: Bearer <key> or X-API-Key: <key>, compared in constant time with every key."""
    auth = headers.get(b"authorization", b"").decode("latin-1")
    given = auth[7:].strip() if auth[:7].lower() == "bearer " else headers.get(b"x-api-key", b"").decode("latin-1")
    matched = False
    for key in keys:  # no early exit: the time does not say which key (or how much of one) matched
        matched |= hmac.compare_digest(given.encode(), key.encode())
    return bool(given) and matched


class Edge:
    def __init__(self, app, settings: Settings, admission: Admission | None = None):
        self.app, self.settings, self.admission = app, settings, admission
        self.serving = 0  # POST /extract requests inside the app now (their bodies read)

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        started, answered = time.perf_counter(), {}
        state = scope.setdefault("state", {})
        state["request_id"] = request_id_of(dict(scope["headers"]))

        async def send_with_id(message):
            if message["type"] == "http.response.start":
                answered["status"] = message["status"]
                message["headers"] = [*message.get("headers", []), (b"x-request-id", state["request_id"].encode())]
            await send(message)

        try:
            await self._serve(scope, receive, send_with_id)
        finally:
            self._log(scope, answered.get("status"), started)

    def _log(self, scope, status: int | None, started: float) -> None:
        """Every request counted by route and status; one log line for every POST /extract and every error
        answer (probes that pass stay quiet)."""
        state, path = scope["state"], scope["path"]
        is_extract = path == "/extract" and scope["method"] == "POST"
        route = path if path in ROUTES else "other"
        metrics.REQUESTS.labels(route, str(status or errors.ClientGone.status)).inc()
        if not is_extract and status is not None and status < 400:
            return
        error = state.get("error_code") or (None if status else errors.ClientGone.code)
        fields = {"request_id": state["request_id"], "method": scope["method"], "path": path[:200],
                  "status": status or errors.ClientGone.status, "error": error,
                  "edge_ms": round((time.perf_counter() - started) * 1e3, 3), **state.get("log_fields", {})}
        logs.request_line("extract" if is_extract else "request", **fields)

    async def _serve(self, scope, receive, send):
        headers, state = dict(scope["headers"]), scope["state"]

        async def refuse(exc: errors.AddrxError, extra: list[tuple[bytes, bytes]] = (), drain: bool = True,
                         whole_body: bool = False):
            metrics.ERRORS.labels(exc.code).inc()
            state["error_code"] = exc.code
            if whole_body:  # as a body is read: a slow sender is not cut off mid-upload (a reset reaches it as an error)
                await self._drain(receive, self.settings.body_limit, self.settings.body_timeout_s)
            elif drain:  # read a small unread body first: closing on unread bytes resets the connection
                await self._drain(receive)
            payload = json.dumps(errors.body(exc.code, exc.message, state["request_id"])).encode()
            if isinstance(exc, errors.RetryLater):
                extra = [*extra, (b"retry-after", str(exc.retry_after).encode())]
            await send({"type": "http.response.start", "status": exc.status,
                        "headers": [(b"content-type", b"application/json"), *extra]})
            await send({"type": "http.response.body", "body": payload})

        path = scope["path"]
        header_bytes = sum(len(k) + len(v) for k, v in scope["headers"])
        if header_bytes > self.settings.max_header_bytes:
            return await refuse(errors.HeadersTooLarge(f"{header_bytes:,} bytes of headers; the limit is "
                                                       f"{self.settings.max_header_bytes:,}"), [(b"connection", b"close")])
        if self.settings.api_keys and path.startswith(PROTECTED) and not key_ok(headers, self.settings.api_keys):
            return await refuse(errors.Unauthorized("missing or wrong API key: send Authorization: Bearer <key> "
                                                    "or X-API-Key: <key>"), [(b"www-authenticate", b"Bearer")])
        if not (path == "/extract" and scope["method"] == "POST"):
            return await self.app(scope, receive, send)
        if not is_json(headers):
            return await refuse(errors.UnsupportedMediaType("POST /extract takes a JSON body: send "
                                                            "Content-Type: application/json"), [(b"connection", b"close")])
        busy = self._busy()  # decided before the body is parsed (parsing is the cost; reading bytes is not)
        if busy is not None:  # the body is read and dropped: a reset mid-upload would reach the client as an error
            return await refuse(busy, whole_body=True)
        try:
            body = await self._read_body(headers, receive)
        except errors.AddrxError as exc:  # the rest of the body is never read: close the connection
            return await refuse(exc, [(b"connection", b"close")], drain=False)
        if body is None:
            return None  # the client left while sending
        if self.serving >= self.settings.max_requests:  # others finished reading first
            return await refuse(self._too_many(), drain=False)
        self.serving += 1
        try:
            replayed = False

            async def replay():
                nonlocal replayed
                if not replayed:
                    replayed = True
                    return {"type": "http.request", "body": body, "more_body": False}
                return await receive()

            await self.app(scope, replay, send)
        finally:
            self.serving -= 1

    def _too_many(self) -> errors.TooBusy:
        return errors.TooBusy(f"{self.serving} requests are being served; retry later", self.settings.retry_after_s)

    def _busy(self) -> errors.TooBusy | None:
        """429 before reading: every request slot is taken, or records in flight are at their bound
        (a body holds at least one record, and an idle service admits any batch)."""
        if self.serving >= self.settings.max_requests:
            return self._too_many()
        return self.admission.refusal_before_reading() if self.admission is not None else None

    async def _drain(self, receive, most: int = 1 << 16, gap_s: float = 1.0) -> None:
        """Read and drop up to `most` body bytes (bounded in size, per chunk and in all)."""
        seen, deadline = 0, time.monotonic() + self.settings.body_total_timeout_s
        try:
            while seen <= most and time.monotonic() < deadline:
                message = await asyncio.wait_for(receive(), min(gap_s, max(0.0, deadline - time.monotonic())))
                seen += len(message.get("body", b""))
                if message["type"] != "http.request" or not message.get("more_body", False):
                    return
        except asyncio.TimeoutError:
            return

    async def _read_body(self, headers: dict[bytes, bytes], receive) -> bytes | None:
        limit, gap_s, total_s = self.settings.body_limit, self.settings.body_timeout_s, self.settings.body_total_timeout_s
        too_large = errors.BodyTooLarge(f"the request body is over the limit of {limit:,} bytes "
                                        "(ADDRX_MAX_BODY_BYTES; split the batch)")
        declared = headers.get(b"content-length", b"")
        if declared.isdigit() and int(declared) > limit:
            raise too_large  # refused before reading a byte
        chunks, size, deadline = [], 0, time.monotonic() + total_s
        while True:
            left = deadline - time.monotonic()
            try:
                message = await asyncio.wait_for(receive(), max(0.0, min(gap_s, left)))
            except asyncio.TimeoutError:
                if left <= gap_s:
                    raise errors.BodyTimeout(f"the body did not arrive within {total_s:g} s "
                                             "(ADDRX_BODY_TOTAL_TIMEOUT_S)") from None
                raise errors.BodyTimeout(f"no body bytes for {gap_s:g} s") from None
            if message["type"] == "http.disconnect":
                return None
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > limit:
                raise too_large
            chunks.append(chunk)
            if not message.get("more_body", False):
                return b"".join(chunks)
