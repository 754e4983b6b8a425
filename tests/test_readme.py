"""README's curl and Python examples, executed against a real server."""

import json
import os
import re
import subprocess
import sys

import pytest

from tests.conftest import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")


def _block(lang: str, containing: str) -> str:
    for body in re.findall(rf"```{lang}\n(.*?)```", README, re.S):
        if containing in body:
            return body
    raise AssertionError(f"no {lang} block with {containing!r} in README")


def test_curl_example(rules_server):
    cmd = _block("bash", "curl").replace("http://127.0.0.1:8000", rules_server)
    out = subprocess.run(["bash", "-c", cmd], capture_output=True, text=True, check=True).stdout
    result = json.loads(out)["results"][0]
    assert (result["province"], result["district"], result["name"], result["phone"]) == ("湖南省", "岳麓区", "江雨桐", "021-17613435")


def test_python_example(rules_server):
    code = _block("python", "httpx.post").replace("http://127.0.0.1:8000", rules_server)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    promised = re.search(r"prints `([^`]+)`", README).group(1)
    assert out.strip() == promised


def test_bulk_commands(tmp_path):
    """README's bulk block as written, with N=2000 and the repo's interpreter and Makefile."""
    block = _block("bash", "service.bulk")
    env = {**os.environ, "N": "2000", "PATH": f"{ROOT / '.venv' / 'bin'}:{os.environ['PATH']}"}
    script = "set -euo pipefail\n" + block.replace("make bulk", f"make -s -C {ROOT} bulk PY={sys.executable}")
    script = script.replace("IN=orders.csv OUT=orders.out.jsonl", f"IN={tmp_path}/orders.csv OUT={tmp_path}/orders.out.jsonl")
    out = subprocess.run(["bash", "-c", script], cwd=tmp_path, env=env, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr[-3000:]
    assert "same rows" in out.stdout
    summaries = [json.loads(line) for line in out.stdout.splitlines() if line.startswith("{")]
    assert [s["rows_written"] for s in summaries] == [2000, 2000, 2000]
    assert (tmp_path / "orders.out.csv").read_text(encoding="utf-8").count("\n") >= 2001


@pytest.mark.engine
def test_curl_example_through_vllm(vllm_server):
    cmd = _block("bash", "curl").replace("http://127.0.0.1:8000", vllm_server.url)
    out = subprocess.run(["bash", "-c", cmd], capture_output=True, text=True, check=True).stdout
    reply = json.loads(out)
    assert reply["backend"] == "vllm" and len(reply["results"]) == 1
    assert set(("province", "city", "district", "specific_location", "name", "phone")) <= set(reply["results"][0])


def test_configuration_table_is_generated_from_settings():
    from service.settings import markdown_table

    section = README.split("## Configuration", 1)[1]
    table = "\n".join(line for line in section.split("\n## ", 1)[0].splitlines() if line.startswith("|"))
    assert table == markdown_table(), "regenerate with: python -m service.settings"
