"""The light install (issue 23): `make serve` with no model installs only what the rules backend needs.
bench/light_install.sh builds a fresh venv from the package registry, serves from outside the checkout
(the package's own data files) and answers README's example; no torch, vLLM, ms-swift or Ray in it."""

import re
import subprocess

from .conftest import ROOT


def test_the_light_install_serves_without_any_engine_package(tmp_path):
    done = subprocess.run(["bash", str(ROOT / "bench" / "light_install.sh"), str(tmp_path / "venv")], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "heavy packages installed: none" in done.stdout
    assert "answered: ok 岳麓区 江雨桐 200" in done.stdout
    assert int(re.search(r"venv (\d+) MB", done.stdout).group(1)) < 400


def test_make_serve_without_a_model_asks_for_the_light_install():
    dry = subprocess.run(["make", "-n", "-B", "serve"], cwd=ROOT, capture_output=True, text=True).stdout
    assert 'pip install -q -e "."' in dry and 'if [[ "" == *cpu* ]]' in dry  # no extras: the torch steps do nothing
    assert '-e ".[cpu]"' in subprocess.run(["make", "-n", "-B", "serve", "MODEL=x"], cwd=ROOT, capture_output=True, text=True).stdout
    assert '-e ".[cpu,dev]"' in subprocess.run(["make", "-n", "-B", "test"], cwd=ROOT, capture_output=True, text=True).stdout
