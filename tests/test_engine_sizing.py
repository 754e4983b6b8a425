"""The vLLM arguments every GPU path would pass, asserted on CPU for the Qwen3-0.6B shape (issue 19:
the first H200 `make finetune` died in the merge check on CPU-sized constants), and the static rules
that keep GPU scripts and engine paths free of CPU-only constants and of commands the GPU image lacks."""

from __future__ import annotations

import os
import re
import subprocess
import time
from pathlib import Path

import pytest

from service.engine_sizing import (QWEN3_06B, ModelShape, engine_kwargs, engine_process_env, kv_cache_needed, read_shape,
                                   server_flags)
from service.settings import Settings
from service.tiny_model import COMMON, SHAPES

ROOT = Path(__file__).resolve().parent.parent
GIB = 1 << 30
H200_GIB = 139


@pytest.fixture(scope="module")
def qwen3_06b_dir(tmp_path_factory) -> Path:
    """A model directory with Qwen3-0.6B's config.json and no weights: what the sizing reads."""
    from transformers import Qwen3Config

    params = {**COMMON, **SHAPES["qwen3-0.6b"]}
    out = tmp_path_factory.mktemp("qwen3-0.6b-config")
    Qwen3Config(**params).save_pretrained(out)
    return out


def test_shape_is_read_from_the_config(qwen3_06b_dir, tmp_path):
    shape = read_shape(str(qwen3_06b_dir))
    assert shape == QWEN3_06B
    assert shape.kv_bytes_per_token("bfloat16") == 2 * 28 * 8 * 128 * 2 == 114688
    assert read_shape(str(tmp_path / "not-a-model")) == QWEN3_06B  # a hub id with no config here: the default shape


def test_merge_check_on_a_gpu_passes_what_serving_would(qwen3_06b_dir):
    """The merge check on the H200: bf16 (the checkpoint's precision, as serving runs it), CUDA graphs on,
    its cache from a memory share that holds every verify prompt many times over, no byte constant."""
    from finetune.merge import check_engine_kwargs

    kwargs = check_engine_kwargs(qwen3_06b_dir, [180, 212, 197], max_tokens=48, device="cuda")
    assert kwargs["dtype"] == "bfloat16" and "enforce_eager" not in kwargs and "kv_cache_memory_bytes" not in kwargs
    assert 212 + 48 <= kwargs["max_model_len"] <= 512 and kwargs["max_num_seqs"] == 3
    weights = 0.6e9 * 2
    free_for_cache = kwargs["gpu_memory_utilization"] * H200_GIB * GIB - weights
    assert free_for_cache > 100 * kv_cache_needed(QWEN3_06B, kwargs)


def test_merge_check_on_cpu_holds_one_sequence_of_the_06b_shape(qwen3_06b_dir):
    """The failure seen on the H200 (0.44 GiB needed, 0.25 GiB given) cannot recur: the byte budget
    grows with the shape and the length instead of being a constant."""
    from finetune.merge import check_engine_kwargs

    kwargs = check_engine_kwargs(qwen3_06b_dir, [1900], max_tokens=120, device="cpu")
    assert kwargs["dtype"] == "float32" and kwargs["enforce_eager"] is True
    assert kwargs["max_model_len"] >= 2020
    assert kwargs["kv_cache_memory_bytes"] >= kv_cache_needed(QWEN3_06B, kwargs) > 256 << 20


@pytest.mark.parametrize("device", ["cpu", "cuda"])
@pytest.mark.parametrize("shape", [QWEN3_06B, ModelShape(2, 1, 32, "float32", 4096),
                                   ModelShape(36, 8, 128, "bfloat16", 40960)])
@pytest.mark.parametrize("prompt,output", [(60, 20), (700, 120), (6300, 315)])
def test_one_sequence_always_fits(device, shape, prompt, output):
    kwargs = engine_kwargs(shape, device=device, prompt_tokens=prompt, output_tokens=output, max_num_seqs=64)
    assert kwargs["max_model_len"] >= min(prompt + output, shape.max_positions)
    assert kwargs["max_model_len"] <= shape.max_positions
    if device == "cpu":
        assert kwargs["kv_cache_memory_bytes"] >= kv_cache_needed(shape, kwargs)


def test_serving_engine_on_a_gpu_for_the_06b_shape(monkeypatch, qwen3_06b_dir):
    """What `make serve MODEL=...` passes on the H200: the model's bf16, a max_model_len that holds the
    longest text the service accepts plus the output cap, each engine its share of the card."""
    from service.backends import vllm as vllm_backend

    settings = Settings(model=str(qwen3_06b_dir), engines=2, gpu_memory_utilization=0.8)
    monkeypatch.setattr(vllm_backend, "on_cpu", lambda: False)
    args = vllm_backend.engine_args(settings)
    assert args.dtype == "bfloat16" and not args.enforce_eager and args.kv_cache_memory_bytes is None
    assert args.gpu_memory_utilization == 0.4
    assert args.max_model_len >= vllm_backend.prompt_token_bound(settings, "json") + 315
    monkeypatch.setattr(vllm_backend, "on_cpu", lambda: True)
    args = vllm_backend.engine_args(settings)
    assert args.dtype == "float32" and args.enforce_eager
    assert args.kv_cache_memory_bytes >= QWEN3_06B.kv_bytes_per_token("float32") * args.max_model_len


def test_engines_after_the_first_start_together_with_its_kv_cache_on_a_gpu(monkeypatch, qwen3_06b_dir):
    """The first engine profiles the memory free; the others (started side by side, where profiling would read
    each other's memory) get its KV cache in bytes: blocks x block size x one bf16 token of the 0.6B shape."""
    from types import SimpleNamespace

    from service.backends import vllm as vllm_backend

    settings = Settings(model=str(qwen3_06b_dir), engines=4, gpu_memory_utilization=0.8)
    monkeypatch.setattr(vllm_backend, "on_cpu", lambda: False)
    first = SimpleNamespace(vllm_config=SimpleNamespace(
        model_config=SimpleNamespace(dtype="torch.bfloat16", model=str(qwen3_06b_dir)),
        cache_config=SimpleNamespace(num_gpu_blocks=13_000, block_size=16)))
    kv_bytes = vllm_backend.kv_cache_bytes_of(first)
    assert kv_bytes == 13_000 * 16 * 2 * 28 * 8 * 128 * 2  # 22.2 GiB: what one engine of four held on the H200
    args = vllm_backend.engine_args(settings, kv_cache_bytes=kv_bytes)
    assert args.kv_cache_memory_bytes == kv_bytes and args.gpu_memory_utilization == 0.2 and not args.enforce_eager
    assert vllm_backend.engine_args(settings).kv_cache_memory_bytes is None  # the first one profiles


@pytest.mark.parametrize("together,given", [(True, 0), (False, 0), (True, 7 << 30)],
                         ids=["side-by-side", "one-by-one", "engine-host-after-the-first"])
def test_what_each_engine_is_started_with_on_a_gpu(monkeypatch, qwen3_06b_dir, together, given):
    """start() on a GPU: the first engine profiles; the rest get its KV cache in bytes when they start side by side,
    and profile again one by one (ADDRX_ENGINES_START_TOGETHER=false, the fallback). An engine host after the first
    (hosted.py) is given the first host's KV cache in bytes: every one of its engines starts with it, none profiles."""
    import asyncio
    from types import SimpleNamespace

    from service.backends import vllm as vllm_backend

    monkeypatch.setattr(vllm_backend, "on_cpu", lambda: False)
    monkeypatch.setenv("VLLM_WORKER_MULTIPROC_METHOD", "spawn")  # what start() sets on a GPU; undone after the test
    built = []

    class Stop(Exception):
        pass

    class Engine:
        vllm_config = SimpleNamespace(model_config=SimpleNamespace(dtype="torch.bfloat16", model=str(qwen3_06b_dir)),
                                      cache_config=SimpleNamespace(num_gpu_blocks=1000, block_size=16))

        @classmethod
        def from_engine_args(cls, args):
            built.append(args.kv_cache_memory_bytes)
            return cls()

        def get_tokenizer(self):
            raise Stop  # the engines are built: what they were built with is the test

    monkeypatch.setattr("vllm.v1.engine.async_llm.AsyncLLM", Engine)
    settings = Settings(model=str(qwen3_06b_dir), engines=3, engines_start_together=together)
    backend = vllm_backend.VllmBackend(settings, kv_cache_bytes=given)
    with pytest.raises(Stop):
        asyncio.run(backend.start())
    first_engine_kv = 1000 * 16 * QWEN3_06B.kv_bytes_per_token("bfloat16")
    if given:
        assert built == [given] * 3
    else:
        assert built == [None] + [first_engine_kv if together else None] * 2
    assert backend.first_kv_cache_bytes == first_engine_kv  # what the next engine host is given


@pytest.mark.parametrize("together", [True, False])
def test_engines_that_started_are_kept_for_shutdown_when_one_fails(together):
    """A failed start raises, and every engine that did start is in backend.engines, so stop() ends it."""
    import asyncio
    import threading

    from service.backends.vllm import VllmBackend

    lock, built = threading.Lock(), []

    class Engine:
        @classmethod
        def from_engine_args(cls, args):
            with lock:
                built.append(args)
                if len(built) == 2:
                    raise RuntimeError("CUDA out of memory")
            return cls()

    backend = VllmBackend(Settings(model="m"))
    with pytest.raises(RuntimeError, match="out of memory"):
        asyncio.run(backend._start_engines(Engine, 3, "args", together))
    assert len(backend.engines) == (2 if together else 1) == len(backend.in_flight) == len(backend.served)
    asyncio.run(backend._start_engines(Engine, 2, "args", together))
    assert len(backend.engines) == (4 if together else 3)


def test_engine_process_is_spawned_on_a_gpu_and_forked_on_cpu(monkeypatch, qwen3_06b_dir):
    """The H200 merge died twice in a forked engine after this process touched CUDA; the service's
    engines (evaluate and serve check start them after the same device query) are spawned there too."""
    import asyncio

    from service.backends import vllm as vllm_backend

    assert engine_process_env("cuda") == {"VLLM_WORKER_MULTIPROC_METHOD": "spawn"}
    assert engine_process_env("cpu") == {}
    monkeypatch.delenv("VLLM_WORKER_MULTIPROC_METHOD", raising=False)
    monkeypatch.setattr(vllm_backend, "on_cpu", lambda: False)

    class Stop(Exception):
        pass

    def no_engine(_args):  # the environment is set before the first engine is built
        raise Stop

    monkeypatch.setattr("vllm.v1.engine.async_llm.AsyncLLM.from_engine_args", no_engine)
    with pytest.raises(Stop):
        asyncio.run(vllm_backend.VllmBackend(Settings(model=str(qwen3_06b_dir))).start())
    import os

    assert os.environ["VLLM_WORKER_MULTIPROC_METHOD"] == "spawn"


def test_server_flags_are_what_the_openai_server_takes():
    flags = server_flags(engine_kwargs(ModelShape(2, 1, 32, "float32", 4096), device="cpu", prompt_tokens=1024,
                                       output_tokens=320, max_num_seqs=16))
    assert flags[:2] == ["--dtype", "float32"] and "--enforce-eager" in flags and "--max-model-len" in flags
    assert flags[flags.index("--kv-cache-memory-bytes") + 1].isdigit()


def test_no_cpu_only_engine_constant_outside_the_sizing():
    """kv_cache_memory_bytes, enforce_eager and a float32 engine dtype are chosen in one place."""
    offenders = []
    for path in [*ROOT.glob("service/**/*.py"), *ROOT.glob("finetune/*.py"), *ROOT.glob("bench/*.py"), ROOT / "finetune" / "run.sh"]:
        if path.name == "engine_sizing.py":
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            code = line.split("#", 1)[0]
            if re.search(r"kv_cache_memory_bytes\s*=|kv-cache-memory-bytes|enforce_eager\s*=\s*True|--enforce-eager|LLM\([^)]*dtype=\"float32\"", code):
                offenders.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not offenders, "size engines with service.engine_sizing:\n" + "\n".join(offenders)


GPU_SCRIPTS = ("finetune/run.sh", "bench/gpu_finetune.sh", "bench/gpu_serving.sh")
# Seen missing on the GPU image (column, 2026-12-01) or never seen there: a script calling one exits 127 on the GPU only.
NOT_ON_GPU_IMAGE = ("column", "curl", "wget", "jq", "rsync", "bc")


@pytest.mark.parametrize("script", GPU_SCRIPTS)
def test_gpu_scripts_call_only_what_the_gpu_image_has(script):
    text = (ROOT / script).read_text(encoding="utf-8")
    code = "\n".join(line.split(" #", 1)[0] for line in text.splitlines() if not line.lstrip().startswith("#"))
    used = [cmd for cmd in NOT_ON_GPU_IMAGE if re.search(rf"(^|[\s;|&(]){cmd}(\s|$)", code, re.M)]
    assert not used, f"{script} calls {used}"


def test_gpu_serving_chain_runs_every_step_and_poll_keeps_each_result(tmp_path):
    """The serving chain's plumbing, with python3 shimmed (the steps need a GPU): every step runs in order
    even after one fails, each step's output is kept without vLLM's noise, and poll packs all of it."""
    shim = tmp_path / "bin"
    shim.mkdir()
    (shim / "python3").write_text('#!/bin/bash\necho "ran $2"; echo "INFO noise"; echo "$@" >> "$WORK/args"\n'
                                  '[[ "$*" == *hosts2.json* ]] && exit 3; exit 0\n')
    (shim / "python3").chmod(0o755)
    work, out = tmp_path / "work", tmp_path / "out"
    out.mkdir()
    env = {**os.environ, "PATH": f"{shim}:{os.environ['PATH']}", "WORK": str(work), "OUT": str(out), "WAIT": "5"}
    work.mkdir()
    with open(work / "chain.log", "w") as log:
        subprocess.run(["bash", "bench/gpu_serving.sh", "chain"], cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
                       check=True, timeout=60)
    steps = [line.split()[1:3] for line in (work / "steps").read_text().splitlines()]
    assert [s[0] for s in steps] == ["stand-in", "hosts2", "engines8", "sync"]
    assert dict(steps)["hosts2"] == "3" and dict(steps)["engines8"] == dict(steps)["sync"] == "0"  # a failed step spares the next
    assert (work / "keep" / "hosts2.txt").read_text() == "ran bench.serving_bench\n"
    from bench.serving_bench import parse_layout  # every layout the chain asks for is one the bench and Settings take

    layouts = [line.split("--layouts ")[1].split()[0] for line in (work / "args").read_text().splitlines() if "--layouts" in line]
    assert len(layouts) == 3 and all(Settings(model="m", **parse_layout(spec)) for spec in layouts)
    # the profile and 8 engines schedule asynchronously (round 11), the sync layout is the profile without it
    assert [parse_layout(spec).get("async_scheduling", False) for spec in layouts] == [True, True, False]
    assert {k: v for k, v in parse_layout(layouts[0]).items() if k != "async_scheduling"} == parse_layout(layouts[2])
    assert all("--calls 200" in line for line in (work / "args").read_text().splitlines() if "--layouts" in line)
    polled = subprocess.run(["bash", "bench/gpu_serving.sh", "poll"], cwd=ROOT, env=env, capture_output=True, text=True,
                            timeout=60)
    assert "STEP engines8 0" in polled.stdout and "STEP sync 0" in polled.stdout
    (work / "steps").unlink()
    subprocess.run(["bash", "bench/gpu_serving.sh", "chain"], cwd=ROOT, env={**env, "LAYOUTS": "hosts2", "BATCHES": "1"},
                   capture_output=True, check=True, timeout=60)
    assert [line.split()[1] for line in (work / "steps").read_text().splitlines()] == ["stand-in", "hosts2"]
    assert "--batch-sizes 1 " in (work / "args").read_text().splitlines()[-1]
    names = subprocess.run(["tar", "-tzf", str(out / "results.tgz")], capture_output=True, text=True).stdout.split()
    assert {"keep/engines8.txt", "keep/hosts2.txt", "keep/steps", "keep/chain.log"} <= set(names)


@pytest.mark.parametrize("script", ["bench/gpu_serving.sh", "bench/gpu_finetune.sh"])
def test_gpu_poll_on_a_fresh_machine_says_the_chain_is_lost_at_once(tmp_path, script):
    """A machine taken back between two calls comes back bare: poll must say so at once, not spend WAIT s of
    device time waiting for a chain log that will never appear (round 9 lost 540 s that way)."""
    env = {**os.environ, "WORK": str(tmp_path / "chain"), "OUT": str(tmp_path), "WAIT": "540"}
    started = time.monotonic()
    polled = subprocess.run(["bash", script, "poll"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert polled.returncode == 3 and "CHAIN LOST" in polled.stdout
    assert time.monotonic() - started < 10
