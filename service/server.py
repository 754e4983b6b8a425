"""uvicorn with connection hygiene: idle keep-alive timeout, a connection cap, and a header timeout
uvicorn lacks (a connection that has not sent complete request headers within
ADDRX_HEADER_TIMEOUT_S is closed: slow-header and idle sockets no longer stay open)."""

from __future__ import annotations

import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from .app import create_app
from .settings import Settings


class HeaderTimeoutH11(H11Protocol):
    header_timeout_s = 10.0

    def connection_made(self, transport) -> None:
        super().connection_made(transport)
        self._header_timer = self.loop.call_later(self.header_timeout_s, self._headers_too_slow)

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        waiting_for_headers = self.cycle is None or self.cycle.response_complete
        if not waiting_for_headers and self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None
        elif waiting_for_headers and self._header_timer is None:  # the next request on a kept-alive connection
            self._header_timer = self.loop.call_later(self.header_timeout_s, self._headers_too_slow)

    def connection_lost(self, exc) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
        super().connection_lost(exc)

    def _headers_too_slow(self) -> None:
        self._header_timer = None
        if (self.cycle is None or self.cycle.response_complete) and not self.transport.is_closing():
            self.transport.close()


def uvicorn_config(app, settings: Settings, port: int | None = None) -> uvicorn.Config:
    """The one uvicorn configuration (the service and in-process test servers share it)."""
    protocol = type("HeaderTimeout", (HeaderTimeoutH11,), {"header_timeout_s": settings.header_timeout_s})
    # h11 refuses headers over its buffer with a plain 400 and a reset; sized at 4× our bound, so headers
    # between the two get the edge's 431 in the error shape and only far larger ones meet h11's refusal.
    return uvicorn.Config(app, host=settings.host, port=port or settings.port, log_level="warning", http=protocol,
                          timeout_keep_alive=settings.keep_alive_s, limit_concurrency=settings.max_connections,
                          h11_max_incomplete_event_size=4 * settings.max_header_bytes)


def serve(settings: Settings) -> None:
    uvicorn.Server(uvicorn_config(create_app(settings), settings)).run()
