import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

ROOT = Path(__file__).resolve().parent.parent
os.environ.setdefault("VLLM_PLUGINS", "")  # ms-swift's vLLM plugin imports vision code (CPU-NOTES)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_ready(url: str, proc: subprocess.Popen, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited early with {proc.returncode}")
        try:
            if httpx.get(url + "/ready", timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.3)
    raise TimeoutError(f"{url} not ready after {timeout}s")


def start_server(env_extra: dict, timeout: float = 60) -> tuple[str, subprocess.Popen]:
    port = free_port()
    env = {**os.environ, "ADDRX_PORT": str(port), "ADDRX_HOST": "127.0.0.1", **env_extra}
    proc = subprocess.Popen([sys.executable, "-m", "service"], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_ready(url, proc, timeout)
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
