"""After `make finetune`: the merged model serves `POST /extract` over HTTP, started the way
`make serve MODEL=...` starts it (`python -m service` with ADDRX_MODEL), on a real socket.

It posts the README's example texts, then writes a transcript: the server's ready line, each
request and answer, and the request log line that names the model. Exits non-zero unless /ready
named the model, every record came back, and each status is `ok` (`--allow-repaired` accepts the
rules' repair too: a random-weight smoke model answers junk).

Run as: python -m finetune.serve_check --model runs/full-.../merged --out runs/full-.../serve.txt
        [--timeout 600] [--allow-repaired] [--python python3]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def readme_texts(readme: Path = ROOT / "README.md") -> list[str]:
    """The Chinese texts of README's curl and Python examples (the records a new user tries first)."""
    text = readme.read_text(encoding="utf-8")
    blocks = [b for b in re.findall(r"```(?:bash|python)\n(.*?)```", text, re.S) if "/extract" in b]
    found = [t for b in blocks for t in re.findall(r'"([^"]*[\u4e00-\u9fff][^"]*)"', b)]
    return list(dict.fromkeys(found))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def http(method: str, url: str, body: dict | None = None, timeout: float = 60) -> tuple[int, dict]:
    data = json.dumps(body, ensure_ascii=False).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, method=method, headers={"content-type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as reply:
            return reply.status, json.loads(reply.read())
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read() or b"{}")


def wait_ready(url: str, proc: subprocess.Popen, timeout: float) -> dict:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"the service exited with {proc.returncode} before it was ready")
        try:
            status, body = http("GET", url + "/ready", timeout=5)
            if status == 200:
                return body
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(1)
    raise SystemExit(f"the service was not ready after {timeout:.0f} s")


def check(model: str, out: Path, timeout: float, allow_repaired: bool, python: str) -> list[str]:
    """Serve `model`, post README's texts, write the transcript; the problems found (empty: passed)."""
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    log_path = out.with_suffix(".server.log")
    env = {**os.environ, "ADDRX_MODEL": model, "ADDRX_HOST": "127.0.0.1", "ADDRX_PORT": str(port), "VLLM_PLUGINS": ""}
    texts = readme_texts()
    lines = [f"# serve check: python -m service with ADDRX_MODEL={model} on {url}", ""]
    problems: list[str] = []
    with log_path.open("w", encoding="utf-8") as log:
        proc = subprocess.Popen([python, "-m", "service"], cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
        try:
            began = time.monotonic()
            ready = wait_ready(url, proc, timeout)
            lines += [f"GET /ready after {time.monotonic() - began:.0f} s -> {json.dumps(ready, ensure_ascii=False)}", ""]
            if ready.get("model") != model:
                problems.append(f"/ready names model {ready.get('model')!r}, not {model!r}")
            body = {"items": [{"id": f"readme-{i}", "text": t} for i, t in enumerate(texts)]}
            status, reply = http("POST", url + "/extract", body)
            lines += [f"POST /extract {json.dumps(body, ensure_ascii=False)}", f"-> {status}",
                      json.dumps(reply, ensure_ascii=False, indent=1), ""]
            results = reply.get("results", [])
            if status != 200 or [r["id"] for r in results] != [i["id"] for i in body["items"]]:
                problems.append(f"POST /extract answered {status} with {len(results)} of {len(texts)} records")
            accepted = ("ok", "repaired") if allow_repaired else ("ok",)
            problems += [f"{r['id']}: status {r['status']}" for r in results if r["status"] not in accepted]
        finally:
            proc.terminate()
            try:
                proc.wait(60)
            except subprocess.TimeoutExpired:
                proc.kill()
    logged = [line for line in log_path.read_text(encoding="utf-8", errors="replace").splitlines()
              if line.startswith("{") and '"msg": "' in line and any(f'"msg": "{m}"' in line for m in ("ready", "vllm warm", "extract"))]
    if not any('"msg": "extract"' in line and f'"model": {json.dumps(model)}' in line for line in logged):
        problems.append("no request log line names the model")
    lines += ["# the service's log lines: warm-up, ready, and the request", *logged, "",
              "# result: " + ("passed" if not problems else "FAILED: " + "; ".join(problems))]
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return problems


def main() -> None:
    ap = argparse.ArgumentParser(description="Serve a merged model over HTTP and check POST /extract answers README's examples.")
    ap.add_argument("--model", required=True, help="the merged model directory (what make serve MODEL= takes)")
    ap.add_argument("--out", required=True, help="transcript file to write (the server log goes beside it, .server.log)")
    ap.add_argument("--timeout", type=float, default=600, help="seconds to wait for /ready (engine start and warm-up)")
    ap.add_argument("--allow-repaired", action="store_true", help="accept status repaired (random-weight smoke models)")
    ap.add_argument("--python", default=sys.executable, help="interpreter that runs the service")
    args = ap.parse_args()
    problems = check(args.model, Path(args.out), args.timeout, args.allow_repaired, args.python)
    print(Path(args.out).read_text(encoding="utf-8"))
    if problems:
        raise SystemExit("serve check failed: " + "; ".join(problems))


if __name__ == "__main__":
    main()
