"""Stage 2: label raw texts with a big teacher through an OpenAI-compatible API.

Default teacher: Qwen3-235B-A22B on DashScope's compatible-mode endpoint (key in DASHSCOPE_API_KEY),
thinking off, JSON response format, bounded concurrency, the openai client's retries with backoff
on 429/5xx/timeouts, and an on-disk cache so a rerun resumes. Every answer is validated against
the contract and the gazetteer and must be grounded in the text. Writes accepted.jsonl (messages
format), rejected.jsonl (with reasons) and summary.json (input = accepted + rejected + failed).
With no teacher configured, the generator's labels are used and the summary says so.

`--teacher rules` (or a model directory, or a service URL) labels with one of our own backends
instead, for real texts that have no labels (a corpus's texts, a user's order history): only the
records the teacher is sure of are kept (no repair; province, city and district all found or
inferred; a specific_location; nothing corrected), then the same contract and grounding checks.
`--input corpus:naacl2019:train` reads a public corpus's texts (train/dev only); their labels are
never used for training, only to report how often the accepted labels agree with them
(teacher_label_agreement: with the generator's labels or the corpus's, whichever the input has).

Run as: python -m finetune.distil --input runs/data/train.jsonl --out runs/distil
        [--base-url URL] [--model NAME] [--api-key-env VAR] [--concurrency 16]
        [--teacher api|rules|MODEL_DIR|URL] [--mix-with runs/data]
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import os
import random
import shutil
import sys
from pathlib import Path

from tqdm import tqdm

from addrdata import corpora
from addrdata.jsonl import read_rows
from service.backends.cascade import unsure
from service.extract import normalise_divisions
from service.model_contract import (CHAT_TEMPLATE_KWARGS, TARGET_FORMATS, messages, parse, to_json_line,
                                    training_row, ungrounded_fields)
from service.schema import DIVISION_FIELDS, Extraction, Reading

DASHSCOPE = "https://dashscope.aliyuncs.com/compatible-mode/v1"


def check(text: str, raw: str) -> tuple[dict | None, list[str]]:
    """The teacher's label normalised, or the reasons it is rejected."""
    parsed = parse(raw)
    if parsed is None:
        return None, ["not JSON of the contract"]
    label = parsed.model_dump()
    reasons = []
    divisions = normalise_divisions(label["province"], label["city"], label["district"], text)
    for role in DIVISION_FIELDS:
        if label[role] and getattr(divisions, role) is None:
            reasons.append(f"{role} {label[role]!r} is not a division that fits")
    label.update(province=divisions.province, city=divisions.city, district=divisions.district)
    reasons += [f"{key} {label[key]!r} is not in the text" for key in ungrounded_fields(label, text)]
    if not any(label.values()):
        reasons.append("empty answer")
    return (None, reasons) if reasons else (label, [])


class Cache:
    """Append-only JSONL of teacher answers keyed by model and text: reruns resume."""

    def __init__(self, path: Path):
        self.path = path
        self.answers: dict[str, str] = {}
        if path.exists():
            for line in path.read_text(encoding="utf-8").splitlines():
                entry = json.loads(line)
                self.answers[entry["key"]] = entry["answer"]

    @staticmethod
    def key(model: str, text: str) -> str:
        return hashlib.sha256(f"{model}\n{text}".encode()).hexdigest()

    def put(self, key: str, answer: str) -> None:
        self.answers[key] = answer
        with self.path.open("a", encoding="utf-8") as f:
            f.write(json.dumps({"key": key, "answer": answer}, ensure_ascii=False) + "\n")


async def ask_teacher(rows, args, cache: Cache) -> list[str | None]:
    from openai import AsyncOpenAI

    client = AsyncOpenAI(base_url=args.base_url, api_key=os.environ.get(args.api_key_env, "EMPTY"),
                         timeout=args.timeout, max_retries=args.retries)
    limit = asyncio.Semaphore(args.concurrency)
    schema = {"type": "json_schema", "json_schema": {"name": "extraction", "schema": Extraction.model_json_schema()}}
    response_format = schema if args.response_format == "json_schema" else {"type": "json_object"}
    bar = tqdm(total=len(rows), desc="distil", unit="text")

    async def one(text: str) -> str | None:
        key = Cache.key(args.model, text)
        if key in cache.answers:
            bar.update()
            return cache.answers[key]
        async with limit:
            try:
                reply = await client.chat.completions.create(
                    model=args.model, messages=messages(text), temperature=0.0, max_tokens=args.max_tokens,
                    response_format=response_format,
                    # DashScope reads enable_thinking; vLLM reads chat_template_kwargs.
                    extra_body={**CHAT_TEMPLATE_KWARGS, "chat_template_kwargs": CHAT_TEMPLATE_KWARGS})
                answer = reply.choices[0].message.content or ""
            except Exception as exc:  # after the client's retries
                bar.write(f"failed: {type(exc).__name__}: {exc}"[:200])
                bar.update()
                return None
        cache.put(key, answer)
        bar.update()
        return answer

    try:
        return await asyncio.gather(*(one(text) for text, _ in rows))
    finally:
        bar.close()
        await client.close()


def backend_answers(texts: list[str], target: str, batch: int = 256) -> list[tuple[str | None, list[str]]]:
    """(answer JSON, []) for each text a backend teacher is sure of, (None, reasons) otherwise."""
    from service.backends import build_backend
    from service.settings import Settings

    async def run() -> list[Reading]:
        backend = build_backend(Settings.for_target(target))
        await backend.start()
        try:
            readings = []
            for i in tqdm(range(0, len(texts), batch), desc=f"distil ({target})", unit="batch"):
                readings += (await backend.extract(texts[i: i + batch]))[0]
            return readings
        finally:
            await backend.stop()

    answers = []
    for reading, text in zip(asyncio.run(run()), texts):
        reasons = unsure(reading, text)
        answers.append((None, reasons) if reasons else (to_json_line(Extraction(**reading.six())), []))
    return answers


def read_input(spec: str) -> list[tuple[str, dict | None]]:
    """Rows from a file (messages JSONL or plain text) or `corpus:NAME:SPLIT` (train/dev only);
    several, comma-separated, in order."""
    if "," in spec:
        return [row for part in spec.split(",") for row in read_input(part)]
    if spec.startswith("corpus:"):
        _, name, split = spec.split(":")
        converted = corpora.load(name, split)
        if converted is None:
            raise SystemExit(f"corpus {name} {split} not found (set ADDRX_CORPORA)")
        return converted.rows
    return read_rows(Path(spec))


def distil(args) -> dict:
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    rows = read_input(args.input)
    teacher_configured = args.teacher != "api" or bool(args.base_url != DASHSCOPE or os.environ.get(args.api_key_env))
    not_sure: dict[int, list[str]] = {}
    if args.teacher != "api":
        answered = backend_answers([text for text, _ in rows], args.teacher)
        answers = [answer for answer, _ in answered]
        not_sure = {i: reasons for i, (_, reasons) in enumerate(answered) if reasons}
    elif teacher_configured:
        answers = asyncio.run(ask_teacher(rows, args, Cache(out / "cache.jsonl")))
    else:
        print("no teacher configured (no API key): using the generator's labels")
        answers = [to_json_line(Extraction(**gold)) if gold else None for _, gold in rows]
    accepted = rejected = failed = agree = with_gold = 0
    with (out / "accepted.jsonl").open("w", encoding="utf-8") as acc, (out / "rejected.jsonl").open("w", encoding="utf-8") as rej:
        for i, ((text, gold), answer) in enumerate(zip(rows, answers)):
            if i in not_sure:
                rejected += 1
                rej.write(json.dumps({"text": text, "answer": None, "reasons": ["teacher not sure: " + "; ".join(not_sure[i])]},
                                     ensure_ascii=False) + "\n")
                continue
            if answer is None:
                failed += 1
                continue
            label, reasons = check(text, answer)
            if label is None:
                rejected += 1
                rej.write(json.dumps({"text": text, "answer": answer, "reasons": reasons}, ensure_ascii=False) + "\n")
                continue
            accepted += 1
            acc.write(json.dumps(training_row(text, label, args.target_format), ensure_ascii=False) + "\n")
            if gold is not None:
                with_gold += 1
                agree += label == gold
    summary = {"input": len(rows), "accepted": accepted, "rejected": rejected, "failed": failed,
               "teacher": (f"backend {args.teacher}" if args.teacher != "api" else f"{args.model} @ {args.base_url}")
               if teacher_configured else "none (generator labels)",
               "teacher_label_agreement": round(agree / with_gold, 4) if with_gold else None}
    assert summary["input"] == accepted + rejected + failed
    (out / "summary.json").write_text(json.dumps(summary, ensure_ascii=False, indent=2), encoding="utf-8")
    return summary


def mix_with(out: Path, data: Path, real_weight: int = 1, seed: int = 1) -> int:
    """out/train.jsonl = the accepted rows (each `real_weight` times) plus `data`'s generated rows,
    shuffled; returns the count."""
    lines = (out / "accepted.jsonl").read_text(encoding="utf-8").splitlines() * real_weight
    lines += (data / "train.jsonl").read_text(encoding="utf-8").splitlines()
    random.Random(seed).shuffle(lines)
    (out / "train.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    if (data / "val.jsonl").exists():
        shutil.copy(data / "val.jsonl", out / "val.jsonl")
    return len(lines)


def training_set(out: Path, summary: dict, data: Path) -> Path:
    """Write out/train.jsonl (+ val.jsonl) for the train stage: the teacher's accepted rows, or the
    generator's labels in `data` when the teacher accepted under half of them (said on stderr)."""
    if summary["accepted"] * 2 >= summary["input"]:
        (out / "accepted.jsonl").replace(out / "train.jsonl")
    else:
        print(f"teacher accepted {summary['accepted']}/{summary['input']}: training on the generator's labels",
              file=sys.stderr)
        shutil.copy(data / "train.jsonl", out / "train.jsonl")
    if (data / "val.jsonl").exists():
        shutil.copy(data / "val.jsonl", out / "val.jsonl")
    return out


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(description="Label texts with a teacher model; validate and ground every answer.")
    ap.add_argument("--input", required=True,
                    help="messages JSONL (generator output), plain text one per line, or corpus:NAME:train|dev; comma-separated for several")
    ap.add_argument("--out", required=True, help="output directory (accepted/rejected JSONL, summary, cache)")
    ap.add_argument("--base-url", default=DASHSCOPE, help="OpenAI-compatible base URL of the teacher")
    ap.add_argument("--model", default="qwen3-235b-a22b", help="teacher model name")
    ap.add_argument("--api-key-env", default="DASHSCOPE_API_KEY", help="environment variable holding the API key")
    ap.add_argument("--concurrency", type=int, default=16, help="teacher calls in flight")
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds per call")
    ap.add_argument("--retries", type=int, default=4, help="retries with backoff on 429/5xx/timeouts")
    ap.add_argument("--max-tokens", type=int, default=512, help="output token cap per answer")
    ap.add_argument("--response-format", choices=["json_object", "json_schema"], default="json_object",
                    help="json_object for DashScope, json_schema for vLLM endpoints")
    ap.add_argument("--teacher", default="api",
                    help="api (the OpenAI-compatible teacher above), or a backend that labels: rules, a model dir, a service URL; "
                         "a backend's unsure records are rejected")
    ap.add_argument("--mix-with", default="",
                    help="generator data dir: OUT/train.jsonl = accepted rows + its train.jsonl, shuffled (real + generated)")
    ap.add_argument("--real-weight", type=int, default=1,
                    help="with --mix-with: each accepted row goes in this many times (a few thousand real rows beside ~100k generated)")
    ap.add_argument("--target-format", choices=TARGET_FORMATS, default="json",
                    help="target lines of accepted rows (the teacher always answers JSON)")
    ap.add_argument("--training-set-from", default="",
                    help="generator data dir: also write OUT/train.jsonl and val.jsonl for the train stage "
                         "(the teacher's accepted rows, or this dir's labels when it accepted under half)")
    return ap


def main() -> None:
    args = build_parser().parse_args()
    summary = distil(args)
    if args.mix_with:
        summary["train_rows"] = mix_with(Path(args.out), Path(args.mix_with), args.real_weight)
        (Path(args.out) / "summary.json").write_text(json.dumps(summary, ensure_ascii=False, indent=2), encoding="utf-8")
    elif args.training_set_from:
        training_set(Path(args.out), summary, Path(args.training_set_from))
    print(json.dumps(summary, ensure_ascii=False))


if __name__ == "__main__":
    main()
