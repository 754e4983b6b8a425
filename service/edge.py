"""The service's edge, before any route runs (pure ASGI, so a refused request costs no parsing):
a safe request id on every response, a bound on header bytes, API keys, a cap on requests being
served, and the request body read with a size cap and a per-chunk read timeout. The body that
passes is replayed to the route; later receives go to the real connection, so a route can still
see the client leave."""

from __future__ import annotations

import asyncio
import hmac
import json
import re
import uuid

from . import errors, metrics
from .settings import Settings

SAFE_REQUEST_ID = re.compile(r"[A-Za-z0-9._-]{1,64}")
PROTECTED = ("/extract", "/ready", "/metrics")  # behind the API key when keys are set; /health stays open


def request_id_of(headers: dict[bytes, bytes]) -> str:
    """The client's x-request-id when short and safe, else a new one (never echo arbitrary bytes)."""
    given = headers.get(b"x-request-id", b"").decode("latin-1")
    return given if SAFE_REQUEST_ID.fullmatch(given) else uuid.uuid4().hex[:16]


def key_ok(headers: dict[bytes, bytes], keys: list[str]) -> bool:
    """Authorization: Bearer <key> or X-API-Key: <key>, compared in constant time with every key."""
    auth = headers.get(b"authorization", b"").decode("latin-1")
    given = auth[7:].strip() if auth[:7].lower() == "bearer " else headers.get(b"x-api-key", b"").decode("latin-1")
    matched = False
    for key in keys:  # no early exit: the time does not say which key (or how much of one) matched
        matched |= hmac.compare_digest(given.encode(), key.encode())
    return bool(given) and matched


class Edge:
    def __init__(self, app, settings: Settings):
        self.app, self.settings = app, settings
        self.serving = 0  # POST /extract requests inside the app now

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        headers = dict(scope["headers"])
        request_id = request_id_of(headers)
        scope.setdefault("state", {})["request_id"] = request_id

        async def send_with_id(message):
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), (b"x-request-id", request_id.encode())]
            await send(message)

        async def refuse(exc: errors.AddrxError, extra: list[tuple[bytes, bytes]] = (), drain: bool = True):
            metrics.ERRORS.labels(exc.code).inc()
            if drain:  # read a small unread body first: closing on unread bytes resets the connection
                await self._drain(receive)
            payload = json.dumps(errors.body(exc.code, exc.message, request_id)).encode()
            await send_with_id({"type": "http.response.start", "status": exc.status,
                                "headers": [(b"content-type", b"application/json"), *extra]})
            await send_with_id({"type": "http.response.body", "body": payload})

        path = scope["path"]
        header_bytes = sum(len(k) + len(v) for k, v in scope["headers"])
        if header_bytes > self.settings.max_header_bytes:
            return await refuse(errors.HeadersTooLarge(f"{header_bytes:,} bytes of headers; the limit is "
                                                       f"{self.settings.max_header_bytes:,}"), [(b"connection", b"close")])
        if self.settings.api_keys and path.startswith(PROTECTED) and not key_ok(headers, self.settings.api_keys):
            return await refuse(errors.Unauthorized("missing or wrong API key: send Authorization: Bearer <key> "
                                                    "or X-API-Key: <key>"), [(b"www-authenticate", b"Bearer")])
        if not (path == "/extract" and scope["method"] == "POST"):
            return await self.app(scope, receive, send_with_id)
        if self.serving >= self.settings.max_requests:
            return await refuse(errors.TooBusy(f"{self.serving} requests are being served; retry later",
                                               self.settings.retry_after_s),
                                [(b"retry-after", str(self.settings.retry_after_s).encode())])
        self.serving += 1
        try:
            try:
                body = await self._read_body(headers, receive)
            except errors.AddrxError as exc:  # the rest of the body is never read: close the connection
                return await refuse(exc, [(b"connection", b"close")], drain=False)
            if body is None:
                return None  # the client left while sending
            replayed = False

            async def replay():
                nonlocal replayed
                if not replayed:
                    replayed = True
                    return {"type": "http.request", "body": body, "more_body": False}
                return await receive()

            await self.app(scope, replay, send_with_id)
        finally:
            self.serving -= 1

    async def _drain(self, receive, most: int = 1 << 16) -> None:
        """Read and drop up to `most` body bytes (bounded in size and time)."""
        seen = 0
        try:
            while seen <= most:
                message = await asyncio.wait_for(receive(), 1.0)
                seen += len(message.get("body", b""))
                if message["type"] != "http.request" or not message.get("more_body", False):
                    return
        except asyncio.TimeoutError:
            return

    async def _read_body(self, headers: dict[bytes, bytes], receive) -> bytes | None:
        limit = self.settings.body_limit
        too_large = errors.BodyTooLarge(f"the request body is over the limit of {limit:,} bytes "
                                        "(ADDRX_MAX_BODY_BYTES; split the batch)")
        declared = headers.get(b"content-length", b"")
        if declared.isdigit() and int(declared) > limit:
            raise too_large  # refused before reading a byte
        chunks, size = [], 0
        while True:
            try:
                message = await asyncio.wait_for(receive(), self.settings.body_timeout_s)
            except asyncio.TimeoutError:
                raise errors.BodyTimeout(f"no body bytes for {self.settings.body_timeout_s:g} s") from None
            if message["type"] == "http.disconnect":
                return None
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > limit:
                raise too_large
            chunks.append(chunk)
            if not message.get("more_body", False):
                return b"".join(chunks)
