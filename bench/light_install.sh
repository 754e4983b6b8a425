#!/usr/bin/env bash
# The light install (issue 23): what `make serve` installs when no model is configured, measured in a fresh venv.
# Installs addrx (no extras) and jionlp's data from the package registry, starts `python -m service` from outside
# the checkout (so the package's own data files are used), answers README's example over HTTP, and prints the time,
# the venv's size and that none of torch, vllm, swift or transformers is installed.
# Run as: bash bench/light_install.sh [VENV_DIR]
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
VENV=${1:-$(mktemp -d)/venv}
PYTHON=${PYTHON:-python3}
started=$(date +%s)
$PYTHON -m venv "$VENV"
"$VENV/bin/pip" install -q --upgrade pip
# From a copy of the checkout's files (tracked and new, not ignored): pip builds in the source tree, and a stale build/
# there must neither be packaged nor left behind.
src=$(mktemp -d)
(cd "$ROOT" && git ls-files -co --exclude-standard -z | xargs -0 tar -cf - 2>/dev/null) | tar -xf - -C "$src"
"$VENV/bin/pip" install -q "$src"
rm -rf "$src"
"$VENV/bin/pip" install -q --no-deps jionlp==1.5.31
installed=$(( $(date +%s) - started ))
size=$(du -sm "$VENV" | cut -f1)
heavy=$("$VENV/bin/python" - <<'PY'
import importlib.util
print(",".join(m for m in ("torch", "vllm", "swift", "transformers", "ray", "matplotlib") if importlib.util.find_spec(m)) or "none")
PY
)
port=$("$VENV/bin/python" -c "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])")
log=$(mktemp)
(cd /tmp && ADDRX_PORT=$port ADDRX_MODEL= exec "$VENV/bin/python" -m service >"$log" 2>&1) &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
answer=$("$VENV/bin/python" - "$port" <<'PY'
import json, sys, time, urllib.request
url = f"http://127.0.0.1:{sys.argv[1]}"
for _ in range(300):
    try:
        if urllib.request.urlopen(url + "/ready", timeout=2).status == 200:
            break
    except Exception:
        time.sleep(0.1)
body = json.dumps({"texts": ["长沙市岳麓区桃花岭路189号润丰园B座1202室 | 电话021-17613435 | 联系人江雨桐"]}).encode()
request = urllib.request.Request(url + "/extract", data=body, headers={"content-type": "application/json"})
result = json.load(urllib.request.urlopen(request, timeout=10))["results"][0]
print(result["status"], result["district"], result["name"], urllib.request.urlopen(url + "/", timeout=5).status)
PY
)
echo "light install: ${installed} s, venv ${size} MB, heavy packages installed: ${heavy}"
echo "python -m service (rules) from outside the checkout answered: ${answer}"
