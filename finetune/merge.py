"""Stage 4: merge the LoRA adapter into the base weights (`swift export --merge_lora true`),
then verify the merged model loads in vLLM and that vLLM greedy equals transformers greedy.

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


def transformers_greedy(model_dir: Path, texts: list[str], max_tokens: int) -> list[list[int]]:
    import torch
    from transformers import AutoModelForCausalLM, AutoTokenizer

    tok = AutoTokenizer.from_pretrained(model_dir)
    model = AutoModelForCausalLM.from_pretrained(model_dir, dtype=torch.float32).eval()
    outs = []
    for text in texts:
        ids = tok(text, return_tensors="pt").input_ids
        with torch.no_grad():
            gen = model.generate(ids, max_new_tokens=max_tokens, do_sample=False, eos_token_id=tok.eos_token_id)
        outs.append(gen[0, ids.shape[1]:].tolist())
    return outs


def vllm_greedy(model_dir: Path, texts: list[str], max_tokens: int) -> list[list[int]]:
    os.environ.setdefault("VLLM_PLUGINS", "")
    from vllm import LLM, SamplingParams

    llm = LLM(model=str(model_dir), dtype="float32", enforce_eager=True, max_model_len=2048,
              kv_cache_memory_bytes=256 << 20, gpu_memory_utilization=0.3)
    try:
        outs = llm.generate(texts, SamplingParams(temperature=0.0, max_tokens=max_tokens))
    finally:
        llm.llm_engine.engine_core.shutdown()
    return [list(o.outputs[0].token_ids) for o in outs]


def verify(model_dir: Path, samples: Path, n: int, max_tokens: int) -> dict:
    from transformers import AutoTokenizer

    fmt = read_marker(str(model_dir)).get("target_format", "json")
    texts = prompts(samples, AutoTokenizer.from_pretrained(model_dir), n, fmt)
    # vLLM first: its engine process starts before this process has touched CUDA (on the H200 the
    # engine failed in init_device when it came after transformers, 2026-12-01).
    vl = vllm_greedy(model_dir, texts, max_tokens)
    hf = transformers_greedy(model_dir, texts, max_tokens)
    # Strip a trailing EOS transformers keeps and vLLM drops, then compare token for token.
    same = [h[: len(v)] == v and len(h) - len(v) <= 1 for h, v in zip(hf, vl)]
    return {"samples": len(texts), "vllm_equals_transformers": sum(same)}


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
        if result["vllm_equals_transformers"] != result["samples"]:
            print(json.dumps(result))
            raise SystemExit("vLLM greedy differs from transformers greedy on the merged model")
    print(json.dumps(result))


if __name__ == "__main__":
    main()
