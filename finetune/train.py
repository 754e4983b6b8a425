"""Stage 3: LoRA-train Qwen3-0.6B with ms-swift (`swift sft`).

Starting point (documented by the tutorial, kept): rank 8, alpha 32, all-linear, lr 1e-4. The
output is a short JSON, so rank 8 has ample capacity and alpha/rank = 4 keeps updates stable at
lr 1e-4; max_length is sized to the data (longest tokenised row + margin), not a fixed 2048. The
qwen3 template emits the empty think block in training prompts, so training sees exactly the
tokens serving sends with enable_thinking=False (checked in tests/test_finetune.py).

Run as: python -m finetune.train --model Qwen/Qwen3-0.6B --data runs/data/distil --out runs/train
        [--epochs 2] [--max-steps -1] [--cpu]
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from typing import NamedTuple

from service.model_contract import CHAT_TEMPLATE_KWARGS, format_of_dataset, write_marker

from .swift import SWIFT, last_checkpoint, run_swift


class DataBudget(NamedTuple):
    max_length: int  # tokens per training row (longest + margin, a multiple of 64)
    max_output_tokens: int  # serving's output cap: longest answer + margin (never the schema's 315)
    target_format: str


def budget_for(dataset: Path, tokenizer_dir: str, margin: int = 32, answer_margin: int = 16) -> DataBudget:
    from transformers import AutoTokenizer

    tok = AutoTokenizer.from_pretrained(tokenizer_dir)
    rows = [json.loads(line)["messages"] for line in dataset.read_text(encoding="utf-8").splitlines()]
    fmt = format_of_dataset(dataset)
    texts = [tok.apply_chat_template(msgs, tokenize=False, **CHAT_TEMPLATE_KWARGS) for msgs in rows]
    longest = max(map(len, tok(texts).input_ids))  # one batched call: 80k rows in seconds
    longest_answer = max(map(len, tok([msgs[-1]["content"] for msgs in rows]).input_ids))
    return DataBudget(-(-(longest + margin) // 64) * 64, longest_answer + 1 + answer_margin, fmt)  # +1: EOS


def sft_command(args, max_length: int) -> list[str]:
    cmd = ["sft", "--model", args.model, "--model_type", "qwen3", "--template", "qwen3",
           "--tuner_type", "lora", "--lora_rank", str(args.lora_rank), "--lora_alpha", str(args.lora_alpha),
           "--target_modules", "all-linear", "--learning_rate", str(args.lr),
           "--num_train_epochs", str(args.epochs), "--max_steps", str(args.max_steps),
           "--max_length", str(max_length), "--dataset", str(Path(args.data) / "train.jsonl"),
           "--per_device_train_batch_size", str(args.batch_size), "--gradient_accumulation_steps", str(args.grad_accum),
           "--logging_steps", "5", "--output_dir", args.out, "--report_to", "none",
           "--split_dataset_ratio", "0", "--check_model", "false"]
    val = Path(args.data) / "val.jsonl"
    if val.exists() and val.stat().st_size:
        cmd += ["--val_dataset", str(val)]
    if args.cpu:
        cmd += ["--torch_dtype", "float32", "--bf16", "false", "--fp16", "false",
                "--dataloader_num_workers", "0", "--dataset_num_proc", "1", "--save_steps", str(max(args.max_steps, 1)),
                "--eval_steps", str(max(args.max_steps, 1))]
    else:
        # Gradient checkpointing (ms-swift's default) computes every layer twice: a 0.6B model at
        # batch 64 fits without it on one H200 (stand_in's docstring has the measurement).
        # On the H200 (2026-12-01) evaluation ran at batch 1 (71 s per pass over 1,000 val rows, two passes in
        # a 347 s run): it now runs at the training batch size, once at the end. (Batches grouped by length
        # were 23% faster for the stand-in but learned less per minute: bench/results, 2026-12-01.)
        cmd += ["--torch_dtype", "bfloat16", "--bf16", "true", "--gradient_checkpointing", "false",
                "--per_device_eval_batch_size", str(args.batch_size),
                "--save_steps", "500", "--eval_steps", "100000", "--warmup_ratio", "0.05", "--dataloader_num_workers", "4",
                "--dataset_num_proc", "8"]
    return cmd


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(description="LoRA sft of Qwen3 with ms-swift.")
    ap.add_argument("--model", required=True, help="base model: hub id or local path")
    ap.add_argument("--data", required=True, help="directory with train.jsonl (and val.jsonl) in messages format")
    ap.add_argument("--out", required=True, help="ms-swift output directory")
    ap.add_argument("--epochs", type=float, default=2, help="training epochs")
    ap.add_argument("--max-steps", type=int, default=-1, help="stop after this many steps (-1 = epochs decide)")
    ap.add_argument("--lora-rank", type=int, default=8, help="LoRA rank")
    ap.add_argument("--lora-alpha", type=int, default=32, help="LoRA alpha")
    ap.add_argument("--lr", type=float, default=1e-4, help="learning rate")
    ap.add_argument("--batch-size", type=int, default=64, help="per-device batch size")
    ap.add_argument("--grad-accum", type=int, default=1, help="gradient accumulation steps")
    ap.add_argument("--cpu", action="store_true", help="float32 CPU settings (smoke runs)")
    return ap


def main() -> None:
    args = build_parser().parse_args()
    budget = budget_for(Path(args.data) / "train.jsonl", args.model)
    cmd = sft_command(args, budget.max_length)
    print(f"max_length {budget.max_length}, target format {budget.target_format}, "
          f"serving output cap {budget.max_output_tokens} tokens\n$", " ".join([*SWIFT, *cmd]), flush=True)
    run_swift(*cmd)
    write_marker(Path(args.out), budget.target_format, budget.max_output_tokens)  # merge carries it to the model
    print(last_checkpoint(args.out))


if __name__ == "__main__":
    main()
