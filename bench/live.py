"""The service in a thread of this process on a real socket (used by tests and benchmarks)."""

from __future__ import annotations

import asyncio
import socket
import threading
import time

import httpx
import uvicorn

from service.app import create_app
from service.server import uvicorn_config


def add_model_arguments(ap) -> None:
    ap.add_argument("--model", default="", help="model dir or hub id; default: a random-weight model of --shape")
    ap.add_argument("--shape", default="tiny", help="shape of the random model written when --model is empty")


def model_path(args) -> str:
    """--model, or a fresh random-weight Qwen3 of --shape (speed runs need no real weights)."""
    if args.model:
        return args.model
    import tempfile

    from service.tiny_model import write_model

    return str(write_model(tempfile.mkdtemp(prefix="addrx-bench-"), args.shape))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LiveServer:
    """uvicorn serving create_app() in a thread of this process, on a real socket, so tests can
    also reach the backend object (e.g. to switch structured output) and its event loop."""

    def __init__(self, settings, backend):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.backend = backend
        self.engine = getattr(backend, "inner", backend)  # the model itself when rules first stands before it
        self.app = create_app(settings, backend=backend)
        self.server = uvicorn.Server(uvicorn_config(self.app, settings.model_copy(update={"host": "127.0.0.1"}), self.port))
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=lambda: self.loop.run_until_complete(self.server.serve()), daemon=True)
        self.ready_seen: list[int] = []

    def start(self, timeout: float) -> "LiveServer":
        self.thread.start()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                reply = httpx.get(self.url + "/ready", timeout=5)
                self.ready_seen.append(reply.status_code)
                if reply.status_code == 200:
                    return self
                if reply.json().get("error"):
                    raise RuntimeError(reply.json()["error"])
            except httpx.HTTPError:
                pass
            time.sleep(0.5)
        raise TimeoutError("engine not ready")

    def call(self, coro, timeout: float = 300):
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(60)
