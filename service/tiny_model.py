"""Write a Qwen3-architecture model with random weights plus the real Qwen3 tokenizer.

`tiny` keeps CPU tests fast; `qwen3-0.6b` is shape-identical to Qwen/Qwen3-0.6B (config from
data/qwen3-tokenizer/PROVENANCE.md) so speed measured on it is honest. Accuracy needs real weights.

Run as: python -m service.tiny_model OUT_DIR --shape tiny|qwen3-0.6b [--seed 0]
"""

from __future__ import annotations

import argparse
import shutil
from pathlib import Path

TOKENIZER_DIR = Path(__file__).resolve().parent.parent / "data" / "qwen3-tokenizer"

COMMON = dict(vocab_size=151936, bos_token_id=151643, eos_token_id=151645, tie_word_embeddings=True,
              rope_theta=1000000.0, rms_norm_eps=1e-6, max_position_embeddings=40960)
SHAPES = {
    # CPU attention in vLLM needs head_dim >= 32 (see docs/CPU-NOTES.md).
    "tiny": dict(hidden_size=64, intermediate_size=128, num_hidden_layers=2, num_attention_heads=2,
                 num_key_value_heads=1, head_dim=32, dtype="float32", max_position_embeddings=4096),
    "qwen3-0.6b": dict(hidden_size=1024, intermediate_size=3072, num_hidden_layers=28, num_attention_heads=16,
                       num_key_value_heads=8, head_dim=128, dtype="bfloat16"),
}


def write_model(out_dir: str | Path, shape: str = "tiny", seed: int = 0) -> Path:
    import torch
    from transformers import Qwen3Config, Qwen3ForCausalLM

    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    params = {**COMMON, **SHAPES[shape]}
    dtype = getattr(torch, params.pop("dtype"))
    torch.manual_seed(seed)
    config = Qwen3Config(**params)
    model = Qwen3ForCausalLM(config).to(dtype)
    model.save_pretrained(out)
    for name in ("tokenizer.json", "tokenizer_config.json"):
        shutil.copy(TOKENIZER_DIR / name, out / name)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description="Write a random-weight Qwen3-architecture model with the real tokenizer.")
    ap.add_argument("out_dir", help="directory to write (config, safetensors, tokenizer)")
    ap.add_argument("--shape", choices=sorted(SHAPES), default="tiny", help="tiny for CPU tests, qwen3-0.6b for speed runs")
    ap.add_argument("--seed", type=int, default=0, help="torch seed for the random weights")
    args = ap.parse_args()
    print(write_model(args.out_dir, args.shape, args.seed))


if __name__ == "__main__":
    main()
