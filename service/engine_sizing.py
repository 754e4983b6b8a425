"""vLLM engine arguments sized from the model's shape, the lengths it must hold and the device,
never from constants tuned for the tiny CPU model: the first H200 `make finetune` died in the merge
check because `kv_cache_memory_bytes=256 MiB`, `max_model_len=2048` and float32 (right for the
2-layer CPU model) cannot hold one 2,048-token sequence of the Qwen3-0.6B shape (0.44 GiB).

One pure function, `engine_kwargs`, serves every path that starts vLLM (the service's engines, the
merge check, evaluate through the service backend, the smoke teacher server), so a CPU test can
assert what each would pass on a GPU.

Run as: python -m service.engine_sizing MODEL_DIR [--prompt-tokens 512] [--output-tokens 320]
        [--device auto|cpu|cuda] [--max-num-seqs 256]   (prints `vllm serve` flags)
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Literal, NamedTuple

Device = Literal["cpu", "cuda"]
DTYPE_BYTES = {"float32": 4, "bfloat16": 2, "float16": 2}
# vLLM pages the KV cache in blocks; lengths are rounded up to this so a bound is never one token short.
LENGTH_STEP = 256
# The CPU engine's cache beyond one full sequence: room for this many sequences at once (the
# service batches; vLLM queues what does not fit, so this is speed, not correctness).
CPU_SEQUENCES = 2
# Qwen3's chat markup around the system prompt and the text, thinking off (<|im_start|>system\n …
# <|im_start|>assistant\n<think>\n\n</think>\n\n): 19 tokens, bounded generously.
CHAT_MARKUP_TOKENS = 32


class ModelShape(NamedTuple):
    layers: int
    kv_heads: int
    head_dim: int
    dtype: str  # as the checkpoint stores it
    max_positions: int

    @classmethod
    def from_config(cls, config: dict) -> "ModelShape":
        text = config.get("text_config", config)  # multimodal configs nest the language model's
        heads = text["num_attention_heads"]
        dtype = str(text.get("torch_dtype") or text.get("dtype") or config.get("torch_dtype") or "bfloat16")
        return cls(layers=text["num_hidden_layers"], kv_heads=text.get("num_key_value_heads", heads),
                   head_dim=text.get("head_dim") or text["hidden_size"] // heads, dtype=dtype.removeprefix("torch."),
                   max_positions=text.get("max_position_embeddings", 32768))

    def kv_bytes_per_token(self, dtype: str) -> int:
        """Keys and values of every layer for one token, in the dtype the engine runs."""
        return 2 * self.layers * self.kv_heads * self.head_dim * DTYPE_BYTES[dtype]


# Qwen/Qwen3-0.6B's config (data/qwen3-tokenizer/PROVENANCE.md): the shape tests size against
# when no weights are at hand, and the default for a hub id whose config cannot be read here.
QWEN3_06B = ModelShape(layers=28, kv_heads=8, head_dim=128, dtype="bfloat16", max_positions=40960)


def read_shape(model: str) -> ModelShape:
    """The shape of a model directory (config.json), or of a hub id through transformers' cache;
    Qwen3-0.6B's when neither can be read (no hub on this network)."""
    config = Path(model) / "config.json"
    if config.is_file():
        return ModelShape.from_config(json.loads(config.read_text(encoding="utf-8")))
    try:
        from transformers import AutoConfig

        return ModelShape.from_config(AutoConfig.from_pretrained(model, local_files_only=True).to_dict())
    except Exception:
        return QWEN3_06B


def detect_device() -> Device:
    import torch

    return "cuda" if torch.cuda.is_available() else "cpu"


def engine_process_env(device: Device) -> dict[str, str]:
    """Environment for vLLM's engine-core process. On a GPU it is spawned, not forked: once this
    process has touched CUDA (device choice, a transformers check) a forked engine dies in
    init_device ("Cannot re-initialize CUDA in forked subprocess", the H200 merge of 2026-12-01).
    On CPU fork stays: it starts in a fraction of spawn's time and has no CUDA to re-initialise."""
    return {"VLLM_WORKER_MULTIPROC_METHOD": "spawn"} if device == "cuda" else {}


def engine_dtype(requested: str, shape: ModelShape, device: Device) -> str:
    """float32 on CPU (bf16 is ~8x slower there, docs/CPU-NOTES.md); on a GPU the checkpoint's
    half precision, and bfloat16 for a float32 checkpoint (ms-swift saves full training in float32)."""
    if requested != "auto":
        return requested
    if device == "cpu":
        return "float32"
    return shape.dtype if shape.dtype in ("bfloat16", "float16") else "bfloat16"


def round_up(tokens: int, step: int = LENGTH_STEP) -> int:
    return -(-tokens // step) * step


def engine_kwargs(shape: ModelShape, *, device: Device, prompt_tokens: int, output_tokens: int,
                  max_num_seqs: int = 256, dtype: str = "auto", engines: int = 1,
                  gpu_memory_utilization: float = 0.5, cpu_kv_cache_bytes: int = 0, gpu_kv_cache_bytes: int = 0) -> dict:
    """Keyword arguments for vllm's LLM / AsyncEngineArgs (model and feature flags aside).

    max_model_len holds the longest prompt plus the output cap, rounded up, at most the model's
    positions. On CPU the KV cache is given in bytes: at least CPU_SEQUENCES sequences of that
    length in the engine's dtype (or more if asked), so one sequence always fits. On a GPU the
    cache comes from the card's memory share, split between the engines that share it, or is given in
    bytes (gpu_kv_cache_bytes: engines started side by side, which cannot each profile the memory left)."""
    run_dtype = engine_dtype(dtype, shape, device)
    # A model with fewer positions caps it: vLLM then refuses a longer prompt by itself, item by item.
    max_len = min(round_up(prompt_tokens + output_tokens), shape.max_positions)
    kwargs = dict(dtype=run_dtype, max_model_len=max_len, max_num_seqs=max_num_seqs)
    if device == "cpu":
        needed = shape.kv_bytes_per_token(run_dtype) * max_len * min(max_num_seqs, CPU_SEQUENCES)
        kwargs.update(enforce_eager=True, kv_cache_memory_bytes=max(needed, cpu_kv_cache_bytes))
    else:  # CUDA graphs and torch.compile stay on: eager mode is a CPU necessity, not a GPU one
        kwargs.update(gpu_memory_utilization=gpu_memory_utilization / engines)
        if gpu_kv_cache_bytes:
            kwargs.update(kv_cache_memory_bytes=gpu_kv_cache_bytes)
    return kwargs


def kv_cache_needed(shape: ModelShape, kwargs: dict) -> int:
    """Bytes of KV cache one sequence of max_model_len needs under these arguments (what vLLM checks at start)."""
    return shape.kv_bytes_per_token(kwargs["dtype"]) * kwargs["max_model_len"]


def server_flags(kwargs: dict) -> list[str]:
    """The same arguments as `vllm serve` / api_server command-line flags."""
    flags = []
    for key, value in kwargs.items():
        flag = "--" + key.replace("_", "-")
        if value is True:
            flags.append(flag)
        elif value is not False:
            flags += [flag, str(value)]
    return flags


def main() -> None:
    ap = argparse.ArgumentParser(description="Print vLLM server flags sized for a model, the lengths and the device.")
    ap.add_argument("model", help="model directory (config.json) or hub id")
    ap.add_argument("--prompt-tokens", type=int, default=512, help="longest prompt the engine must hold")
    ap.add_argument("--output-tokens", type=int, default=320, help="output cap per request")
    ap.add_argument("--device", choices=("auto", "cpu", "cuda"), default="auto", help="auto: cuda when torch sees a GPU")
    ap.add_argument("--max-num-seqs", type=int, default=256, help="continuous-batching width")
    args = ap.parse_args()
    device = detect_device() if args.device == "auto" else args.device
    print(" ".join(server_flags(engine_kwargs(read_shape(args.model), device=device, prompt_tokens=args.prompt_tokens,
                                              output_tokens=args.output_tokens, max_num_seqs=args.max_num_seqs))))


if __name__ == "__main__":
    main()
