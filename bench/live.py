"""The service on a real socket, used by tests and benchmarks: in a thread of this process (LiveServer), or as
its own `python -m service` process (start_server)."""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

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


ROOT = Path(__file__).resolve().parent.parent


def wait_ready(url: str, proc: subprocess.Popen, timeout: float, headers: dict | None = None) -> None:
    """Poll `url` until it answers 200; fail fast if the process behind it exits."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited early with {proc.returncode}")
        try:
            if httpx.get(url, timeout=2, headers=headers).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.3)
    proc.kill()
    raise TimeoutError(f"{url} not ready after {timeout}s")


def start_server(env_extra: dict, timeout: float = 60, headers: dict | None = None) -> tuple[str, subprocess.Popen]:
    """`python -m service` on a free port; its output goes to a file (a pipe nobody reads fills up
    after ~64 KB of log lines and blocks the server)."""
    port = free_port()
    env = {**os.environ, "ADDRX_PORT": str(port), "ADDRX_HOST": "127.0.0.1", **env_extra}
    log = tempfile.NamedTemporaryFile("w+", prefix="addrx-server-", suffix=".log", delete=False)
    proc = subprocess.Popen([sys.executable, "-m", "service"], cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, text=True)
    proc.log_path = log.name
    url = f"http://127.0.0.1:{port}"
    try:
        wait_ready(url + "/ready", proc, timeout, headers)
    except Exception:
        proc.kill()
        print(Path(log.name).read_text())
        raise
    return url, proc


def server_output(proc: subprocess.Popen) -> str:
    return Path(proc.log_path).read_text(encoding="utf-8", errors="replace")


def stop_server(proc: subprocess.Popen) -> str:
    proc.terminate()
    try:
        proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
    return server_output(proc)
