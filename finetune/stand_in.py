"""Stand-in base model: the Qwen3-0.6B shape trained from random weights, every parameter, with
ms-swift (`swift sft --tuner_type full`), on generated records whose roads, estates and names come
from open vocabularies (addrdata.vocab), so the model must learn to copy them from the text. Same
qwen3 template with thinking off, same prompt and target line as serving. It stands in for "a
pretrained base" wherever the model hub is out of reach (benchmarks, the finetune pipeline);
users with hub access skip it.

Why ms-swift ran at 22 records/s before (LoRA, batch 16, 2026-11-29): gradient checkpointing is on
by default (every layer computed twice), batch 16 leaves the H200 idle, and evaluation and
checkpoints interrupted training. Here: checkpointing off, batch 64 (128 ran out of memory on the
151,936-token logits), fp32 master weights with bf16 autocast, no evaluation or checkpoint until
the end, max_length sized from the data. Padding-free and packing need flash-attn, which this
GPU image lacks. Measured on the H200 on 2026-12-01 (bench/results/gpu-h200-2026-12-01-stand-in-group-by-length.txt):
`--group-by-length` 199.9 -> 245.7 samples/s but a higher loss at equal minutes; liger 0.8.5 (`--liger`)
33 instead of 55 GiB but slower at batch 64. Neither is on by default.

Run as: python -m finetune.stand_in --out runs/stand-in [--shape qwen3-0.6b] [--n 120000] [--data DIR]
        [--max-steps 1250] [--batch-size 64] [--lr 6e-4] [--target-format json|lines|compact] [--save-every 250] [--liger] [--group-by-length] [--cpu]
"""

from __future__ import annotations

import argparse
import ast
import json
import re
import shutil
import subprocess
import time
from pathlib import Path

from service.model_contract import TARGET_FORMATS, write_marker
from service.tiny_model import write_model

from .generate import generate
from .swift import SWIFT, last_checkpoint
from .train import budget_for


def sft_command(args, start: Path, data: Path, max_length: int) -> list[str]:
    cmd = ["sft", "--model", str(start), "--model_type", "qwen3", "--template", "qwen3", "--tuner_type", "full",
           "--dataset", str(data / "train.jsonl"), "--max_length", str(max_length),
           "--per_device_train_batch_size", str(args.batch_size), "--gradient_accumulation_steps", "1",
           "--learning_rate", str(args.lr), "--lr_scheduler_type", "cosine", "--warmup_ratio", "0.03",
           "--weight_decay", "0.01", "--max_steps", str(args.max_steps), "--num_train_epochs", "1",
           "--gradient_checkpointing", "false", "--logging_steps", str(max(1, min(25, args.save_every or args.max_steps))),
           "--eval_strategy", "no", "--save_steps", str(args.save_every or args.max_steps),
           *([] if args.save_every else ["--save_total_limit", "1"]), "--save_only_model", "true", "--output_dir", str(Path(args.out) / "train"), "--report_to", "none",
           "--split_dataset_ratio", "0", "--check_model", "false", "--seed", str(args.seed)]
    if args.cpu:
        cmd += ["--torch_dtype", "float32", "--bf16", "false", "--fp16", "false", "--dataloader_num_workers", "0",
                "--dataset_num_proc", "1"]
    else:
        cmd += ["--torch_dtype", "float32", "--bf16", "true", "--fp16", "false", "--attn_impl", "sdpa", "--dataloader_num_workers", "4",
                "--dataset_num_proc", "8"]
    if args.liger:
        cmd += ["--use_liger_kernel", "true"]
    if args.group_by_length:  # batches of similar lengths: less padding (random batches of 64 were ~79% real tokens)
        cmd += ["--group_by_length", "true"]
    return cmd


def logged(text: str, key: str) -> list[dict]:
    """Every dict ms-swift logged that has `key`, in order (its log lines are Python dict reprs)."""
    pattern = re.compile(r"\{.*'" + re.escape(key) + r"'.*\}")
    return [ast.literal_eval(match.group(0)) for match in map(pattern.search, text.splitlines()) if match]


def last_log(text: str, key: str) -> dict:
    """The last dict ms-swift logged that has `key`."""
    entries = logged(text, key)
    return entries[-1] if entries else {}


def minutes(elapsed: str) -> float:
    """ms-swift's elapsed_time ('1h 2m 3s', '5m 23s', '40s') in minutes."""
    units = {"h": 60.0, "m": 1.0, "s": 1 / 60}
    return sum(float(value) * units[unit] for value, unit in re.findall(r"(\d+(?:\.\d+)?)([hms])", elapsed))


def checkpoint_times(text: str, train_dir: Path) -> list[dict]:
    """Every checkpoint of the run with its step and the training minutes at that step (the elapsed
    time ms-swift logged at the nearest logged step at or before it)."""
    at_step = {int(str(entry.get("global_step/max_steps", "0/0")).split("/")[0]): minutes(str(entry.get("elapsed_time", "")))
               for entry in logged(text, "loss")}
    out = []
    for ckpt in sorted(train_dir.glob("v*/checkpoint-*"), key=lambda c: int(c.name.split("-")[-1])):
        step = int(ckpt.name.split("-")[-1])
        at = max((s for s in at_step if s <= step), default=None)
        out.append({"step": step, "minutes": round(at_step[at], 2) if at is not None else None, "path": str(ckpt)})
    return out


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(description="Train the stand-in base (Qwen3 shape from random weights) with ms-swift.")
    ap.add_argument("--out", required=True, help="output directory: start/, data/, train/, model/, summary.json")
    ap.add_argument("--shape", default="qwen3-0.6b", help="model shape from service.tiny_model (tiny for smoke runs)")
    ap.add_argument("--n", type=int, default=120000, help="generated records (train/val/test, plus an unseen split)")
    ap.add_argument("--data", default="", help="an existing finetune.generate output to train on (default: generate --n)")
    ap.add_argument("--target-format", choices=TARGET_FORMATS, default="json",
                    help="target lines of generated data (--data brings its own); lines writes ~30%% fewer tokens but "
                         "scored lower on every set in the one H200 comparison (README)")
    ap.add_argument("--max-length", type=int, default=0, help="token cap per row; 0 = longest row + margin")
    ap.add_argument("--max-steps", type=int, default=1250, help="optimizer steps (1,250 × 64 = 80k records)")
    ap.add_argument("--batch-size", type=int, default=64, help="per-device batch size")
    ap.add_argument("--lr", type=float, default=6e-4, help="peak learning rate (warm-up, then cosine)")
    ap.add_argument("--seed", type=int, default=1, help="data and training seed")
    ap.add_argument("--save-every", type=int, default=0,
                    help="also keep a checkpoint every N steps (servable, with the marker) for bench.stand_in_curve's "
                         "exact match against training minutes; 0 = the end only")
    ap.add_argument("--liger", action="store_true", help="liger kernels (fused linear + cross-entropy), if installed")
    ap.add_argument("--group-by-length", action="store_true",
                    help="batch rows of similar token length: less padding, +23%% samples/s on the H200, but less "
                         "learned per minute (2026-12-01), so off by default")
    ap.add_argument("--cpu", action="store_true", help="float32 CPU settings (smoke runs)")
    return ap


def main(argv: list[str] | None = None) -> dict:
    args = build_parser().parse_args(argv)
    out = Path(args.out)
    start = write_model(out / "start", args.shape)
    data = Path(args.data) if args.data else out / "data"
    counts = {"from": str(data)} if args.data else generate(args.n, data, seed=args.seed, val=0.005, test=0.02,
                                                                   target_format=args.target_format)
    budget = budget_for(data / "train.jsonl", str(start))
    max_length = args.max_length or budget.max_length
    cmd = sft_command(args, start, data, max_length)
    print("$", " ".join([*SWIFT, *cmd]), flush=True)
    log_path = out / "train.log"
    began = time.perf_counter()
    with log_path.open("w", encoding="utf-8") as log:
        done = subprocess.run([*SWIFT, *cmd], stdout=log, stderr=subprocess.STDOUT)
    wall = time.perf_counter() - began
    text = log_path.read_text(encoding="utf-8", errors="replace")
    if done.returncode:
        print(text[-4000:])
        raise SystemExit(f"swift sft failed ({done.returncode}); full log: {log_path}")
    final, last_step = last_log(text, "train_samples_per_second"), last_log(text, "loss")
    model = out / "model"
    shutil.rmtree(model, ignore_errors=True)
    shutil.copytree(last_checkpoint(out / "train"), model)
    write_marker(model, budget.target_format, budget.max_output_tokens)
    checkpoints = checkpoint_times(text, out / "train") if args.save_every else []
    for ckpt in checkpoints:
        write_marker(Path(ckpt["path"]), budget.target_format, budget.max_output_tokens)
    summary = {"model": str(model), "shape": args.shape, "data": counts, "max_length": max_length,
               "target_format": budget.target_format,
               "max_output_tokens": budget.max_output_tokens, "steps": args.max_steps, "batch_size": args.batch_size, "records_seen": args.max_steps * args.batch_size,
               "train_samples_per_second": float(final.get("train_samples_per_second", 0) or 0),
               "train_runtime_s": float(final.get("train_runtime", 0) or 0), "wall_s": round(wall, 1),
               "last_loss": last_step.get("loss"), "memory_gib": last_step.get("memory(GiB)"), "checkpoints": checkpoints}
    (out / "summary.json").write_text(json.dumps(summary, indent=2), encoding="utf-8")
    print(json.dumps(summary))
    return summary


if __name__ == "__main__":
    main()
