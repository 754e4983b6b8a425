"""Stage 4: merge the LoRA adapter into the base weights (`swift export --merge_lora true`),
then verify the merged model loads in vLLM, with the engine arguments serving would size for it on
this device (service.engine_sizing), and that vLLM greedy equals transformers greedy in that dtype.

Run as: python -m finetune.merge --adapters runs/train/v0-.../checkpoint-N --out runs/merged
        [--verify-samples runs/data/test.jsonl] [--n 4] [--max-tokens 48]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
from pathlib import Path

from addrdata.jsonl import read_rows
from service.engine_sizing import Device, detect_device, engine_kwargs, read_shape
from service.model_contract import MARKER, chat_prompt, read_marker

from .swift import adapter_dir, run_swift


def export(adapters: str, out: str) -> Path:
    if Path(out).exists():
        shutil.rmtree(out)
    checkpoint = adapter_dir(adapters)
    run_swift("export", "--adapters", str(checkpoint), "--merge_lora", "true", "--output_dir", out)
    # The train stage's marker (target format, output cap) travels with the weights.
    marker = next((d / MARKER for d in (checkpoint, *checkpoint.parents) if (d / MARKER).is_file()), None)
    if marker is not None:
        shutil.copy(marker, Path(out) / MARKER)
    return Path(out)


def prompts(samples: Path, tokenizer, n: int, fmt: str = "json") -> list[str]:
    return [chat_prompt(tokenizer, text, fmt) for text, _ in read_rows(samples)[:n]]


def transformers_greedy(model_dir: Path, texts: list[str], max_tokens: int, dtype: str, device: str) -> list[list[int]]:
    import torch
    from transformers import AutoModelForCausalLM, AutoTokenizer

    tok = AutoTokenizer.from_pretrained(model_dir)
    model = AutoModelForCausalLM.from_pretrained(model_dir, dtype=getattr(torch, dtype)).to(device).eval()
    outs = []
    for text in texts:
        ids = tok(text, return_tensors="pt").input_ids.to(device)
        with torch.no_grad():
            gen = model.generate(ids, max_new_tokens=max_tokens, do_sample=False, eos_token_id=tok.eos_token_id)
        outs.append(gen[0, ids.shape[1]:].tolist())
    return outs


def check_engine_kwargs(model_dir: Path, prompt_lengths: list[int], max_tokens: int, device: Device) -> dict:
    """The merge check's engine arguments: sized from the merged model and the longest verify prompt,
    in the dtype serving would run it in on this device (tests assert them for the Qwen3-0.6B shape)."""
    return engine_kwargs(read_shape(str(model_dir)), device=device, prompt_tokens=max(prompt_lengths, default=1),
                         output_tokens=max_tokens, max_num_seqs=max(1, len(prompt_lengths)), gpu_memory_utilization=0.3)


def vllm_greedy(model_dir: Path, texts: list[str], max_tokens: int, kwargs: dict) -> list[list[int]]:
    os.environ.setdefault("VLLM_PLUGINS", "")
    # Spawn the engine process: choosing the device asked torch about CUDA in this process, and a
    # forked engine then fails in init_device ("Cannot re-initialize CUDA in forked subprocess":
    # the H200 run of 2026-12-01, both times the merge check died there).
    os.environ.setdefault("VLLM_WORKER_MULTIPROC_METHOD", "spawn")
    from vllm import LLM, SamplingParams

    llm = LLM(model=str(model_dir), **kwargs)
    try:
        outs = llm.generate(texts, SamplingParams(temperature=0.0, max_tokens=max_tokens))
    finally:
        llm.llm_engine.engine_core.shutdown()
    return [list(o.outputs[0].token_ids) for o in outs]


def agree(hf: list[int], vl: list[int], eos: int | None) -> bool:
    """Token for token, after the EOS transformers keeps and vLLM drops."""
    if hf and hf[-1] == eos and (not vl or vl[-1] != eos):
        hf = hf[:-1]
    return hf == vl


def verify(model_dir: Path, samples: Path, n: int, max_tokens: int, device: Device | None = None) -> dict:
    from transformers import AutoTokenizer

    device = device or detect_device()
    tokenizer = AutoTokenizer.from_pretrained(model_dir)
    fmt = read_marker(str(model_dir)).get("target_format", "json")
    texts = prompts(samples, tokenizer, n, fmt)
    kwargs = check_engine_kwargs(model_dir, [len(ids) for ids in tokenizer(texts, add_special_tokens=False).input_ids], max_tokens, device)
    # vLLM first: its engine process starts before this process has touched CUDA (on the H200 the
    # engine failed in init_device when it came after transformers, 2026-12-01).
    vl = vllm_greedy(model_dir, texts, max_tokens, kwargs)
    hf = transformers_greedy(model_dir, texts, max_tokens, kwargs["dtype"], device)
    same = sum(agree(h, v, tokenizer.eos_token_id) for h, v in zip(hf, vl))
    return {"samples": len(texts), "vllm_equals_transformers": same, "device": device, "engine": kwargs}


def passes(result: dict) -> bool:
    """float32 on CPU must agree on every sample. In half precision two correct kernels can break a
    near-tie differently, so a GPU check asks for most samples; a broken merge agrees on none."""
    if result["engine"]["dtype"] == "float32":
        return result["vllm_equals_transformers"] == result["samples"]
    return result["vllm_equals_transformers"] * 4 >= result["samples"] * 3


def main() -> None:
    ap = argparse.ArgumentParser(description="Merge a LoRA adapter and verify the merged model in vLLM.")
    ap.add_argument("--adapters", required=True, help="ms-swift checkpoint directory with the LoRA adapter, or the sft output directory (newest checkpoint)")
    ap.add_argument("--out", required=True, help="directory for the merged model")
    ap.add_argument("--verify-samples", default="", help="messages JSONL whose first rows are used to compare greedy outputs")
    ap.add_argument("--n", type=int, default=4, help="samples to compare")
    ap.add_argument("--max-tokens", type=int, default=48, help="greedy tokens per sample")
    args = ap.parse_args()
    merged = export(args.adapters, args.out)
    result = {"merged": str(merged)}
    if args.verify_samples:
        result.update(verify(merged, Path(args.verify_samples), args.n, args.max_tokens))
        if not passes(result):
            print(json.dumps(result))
            raise SystemExit("vLLM greedy differs from transformers greedy on the merged model")
    print(json.dumps(result))


if __name__ == "__main__":
    main()
