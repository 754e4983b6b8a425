"""Finetune pipeline: unit tests of the stages and the CPU smoke run through ms-swift and vLLM."""

import json
from pathlib import Path
import re
import os
import subprocess
import sys
import threading
import time

import pytest
import uvicorn
from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse

from bench.live import free_port
from addrdata import corpora
from addrdata.jsonl import read_rows
from finetune.distil import build_parser, distil, mix_with, read_input
from finetune.evaluate import evaluate, load_sets
from finetune.generate import generate
from finetune.swift import last_checkpoint
from service.model_contract import messages
from tests.conftest import ROOT


def test_generate_dedups_and_splits_by_address(tmp_path):
    counts = generate(400, tmp_path, seed=3, val=0.1, test=0.1)
    assert sum(counts[s] for s in ("train", "val", "test")) == 400 and min(counts.values(), key=float) >= 0
    assert counts["unseen"] == 40 and counts["unseen_words"] > 40 and counts["unseen_words_in_train"] == 0
    seen = {}
    for split in ("train", "val", "test", "unseen"):
        for line in (tmp_path / f"{split}.jsonl").read_text().splitlines():
            msgs = json.loads(line)["messages"]
            assert [m["role"] for m in msgs] == ["system", "user", "assistant"]
            label = json.loads(msgs[2]["content"])
            assert list(label) == ["province", "city", "district", "specific_location", "name", "phone"]
            key = (label["district"], label["specific_location"])
            assert seen.setdefault(key, split) == split


def test_unseen_split_shares_no_open_vocabulary_word_with_train(tmp_path):
    """Counted on the written texts, not trusted from the partition: no unseen-split name and no
    road or estate word of an unseen location occurs anywhere in train."""
    generate(600, tmp_path, seed=5, val=0, test=0.1)
    train = [json.loads(json.loads(line)["messages"][2]["content"]) for line in (tmp_path / "train.jsonl").open()]
    unseen = [json.loads(json.loads(line)["messages"][2]["content"]) for line in (tmp_path / "unseen.jsonl").open()]
    train_names = {t["name"] for t in train}
    assert not any(u["name"] in train_names for u in unseen if u["name"])

    def first_roads(labels):  # the road a location starts with, when no township comes first
        found = (re.match(r"[^\d镇乡]+?(?:大道|大街|胡同|路|街(?!道)|巷)(?=\d|与)", t["specific_location"] or "") for t in labels)
        return [m.group(0) for m in found if m]

    unseen_roads = first_roads(unseen)
    assert len(unseen_roads) > 10 and not set(unseen_roads) & set(first_roads(train))


def test_training_tokens_equal_serving_tokens(tiny_model):
    """ms-swift's qwen3 template must feed training exactly the prompt vLLM serves (thinking off)."""
    from swift.model import get_processor
    from swift.template import get_template
    from transformers import AutoTokenizer

    template = get_template(get_processor(tiny_model, model_type="qwen3", download_model=False), template_type="qwen3")
    template.set_mode("train")
    msgs = messages("长沙市岳麓区桃花岭路189号 张三 13800138000") + [{"role": "assistant", "content": '{"province":"湖南省"}'}]
    encoded = template.encode({"messages": msgs})
    tok = AutoTokenizer.from_pretrained(tiny_model)
    served = tok.apply_chat_template(msgs[:2], tokenize=False, add_generation_prompt=True, enable_thinking=False)
    assert served.endswith("<think>\n\n</think>\n\n")
    ids = tok(served + msgs[2]["content"] + "<|im_end|>").input_ids
    assert encoded["input_ids"][: len(ids)] == ids


class RecordedTeacher:
    """An OpenAI-compatible endpoint on a real socket replaying recorded teacher answers."""

    def __init__(self, answers: dict[str, str], fail: set[str], flaky: set[str]):
        self.calls = 0
        self.answers, self.fail, self.flaky = answers, fail, flaky
        app = FastAPI()

        @app.post("/v1/chat/completions")
        async def chat(request: Request):
            self.calls += 1
            body = await request.json()
            assert body["chat_template_kwargs"] == {"enable_thinking": False} and body["enable_thinking"] is False
            text = body["messages"][-1]["content"]
            if text in self.fail:
                return JSONResponse({"error": "boom"}, status_code=500)
            if text in self.flaky:
                self.flaky.discard(text)
                return JSONResponse({"error": "slow down"}, status_code=429)
            return {"id": "x", "object": "chat.completion", "created": 0, "model": body["model"],
                    "choices": [{"index": 0, "finish_reason": "stop",
                                 "message": {"role": "assistant", "content": self.answers[text]}}],
                    "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}}

        self.port = free_port()
        self.server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self):
        self.thread.start()
        while not self.server.started:
            time.sleep(0.05)
        return f"http://127.0.0.1:{self.port}/v1"

    def __exit__(self, *exc):
        self.server.should_exit = True
        self.thread.join(10)


def test_distil_accept_reject_fail_and_resume(tmp_path):
    generate(40, tmp_path / "data", seed=11, val=0, test=0)
    rows = [json.loads(l)["messages"] for l in (tmp_path / "data/train.jsonl").read_text().splitlines()]
    texts = [m[1]["content"] for m in rows]
    answers = {t: m[2]["content"] for t, m in zip(texts, rows)}  # recorded: the teacher agreed
    hallucinated = json.loads(answers[texts[0]]) | {"phone": "13999999999"}
    answers[texts[0]] = json.dumps(hallucinated, ensure_ascii=False)
    answers[texts[1]] = "I think the province is 湖南"
    failing, flaky = {texts[2]}, {texts[3]}
    with RecordedTeacher(answers, failing, set(flaky)) as url:
        args = build_parser().parse_args(["--input", str(tmp_path / "data/train.jsonl"), "--out", str(tmp_path / "distil"),
                                          "--base-url", url, "--model", "teacher", "--retries", "2", "--timeout", "5"])
        summary = distil(args)
        assert summary == {"input": 40, "accepted": 37, "rejected": 2, "failed": 1,
                           "teacher": f"teacher @ {url}", "teacher_label_agreement": 1.0}
        rejected = [json.loads(l) for l in (tmp_path / "distil/rejected.jsonl").read_text().splitlines()]
        assert any("phone" in r for row in rejected for r in row["reasons"])
        assert json.loads((tmp_path / "distil/summary.json").read_text()) == summary
    # A rerun answers from the cache: only the failed text is asked again.
    with RecordedTeacher(answers, failing, set()) as url2:
        args.base_url = url2
        again = distil(args)
    assert (again["accepted"], again["rejected"], again["failed"]) == (37, 2, 1)


def test_distil_with_the_rules_as_teacher_keeps_only_sure_records(tmp_path):
    """Real-text path: unlabelled lines, the rules backend labels, unsure records are rejected with
    reasons, counts reconcile, accepted rows mix with generated ones for training."""
    sure = ["浙江省杭州市西湖区文三路90号东部软件园3号楼 王小明 13912340000",
            "收货人：李雷，电话021-64381234，地址：上海市徐汇区漕溪北路88号圣爱大厦1203室"]
    unsure = ["文三路90号东部软件园3号楼 王小明 13912340000",  # no division written or inferable
              "浙江省杭州市西湖区文三路90号13912340000",  # a phone but no name
              "张三"]
    (tmp_path / "orders.txt").write_text("\n".join(sure + unsure) + "\n", encoding="utf-8")
    generate(20, tmp_path / "data", seed=3, val=0, test=0)
    args = build_parser().parse_args(["--input", str(tmp_path / "orders.txt"), "--out", str(tmp_path / "distil"),
                                      "--teacher", "rules", "--mix-with", str(tmp_path / "data")])
    summary = distil(args)
    assert (summary["input"], summary["accepted"], summary["rejected"], summary["failed"]) == (5, 2, 3, 0)
    assert summary["teacher"] == "backend rules" and summary["teacher_label_agreement"] is None
    accepted = read_rows(tmp_path / "distil/accepted.jsonl")
    assert [t for t, _ in accepted] == sure and accepted[0][1]["district"] == "西湖区" and accepted[1][1]["name"] == "李雷"
    reasons = [json.loads(l)["reasons"][0] for l in (tmp_path / "distil/rejected.jsonl").read_text().splitlines()]
    assert all(r.startswith("teacher not sure: ") for r in reasons) and "a phone but no name" in reasons[1]
    assert mix_with(tmp_path / "distil", tmp_path / "data") == 2 + 20
    assert mix_with(tmp_path / "distil", tmp_path / "data", real_weight=3) == 2 * 3 + 20
    mixed = (tmp_path / "distil/train.jsonl").read_text(encoding="utf-8")
    assert all(mixed.count(json.dumps(text, ensure_ascii=False)[1:-1]) == 3 for text in sure)


@pytest.mark.skipif(corpora.corpora_dir() is None, reason="public corpora not on this machine (ADDRX_CORPORA)")
def test_distil_reads_a_corpus_split_and_reports_agreement_with_its_labels(tmp_path):
    args = build_parser().parse_args(["--input", "corpus:waybill:dev", "--out", str(tmp_path / "d"), "--teacher", "rules"])
    summary = distil(args)
    assert summary["input"] == summary["accepted"] + summary["rejected"] + summary["failed"] > 150
    assert 0.8 < summary["teacher_label_agreement"] <= 1.0
    with pytest.raises(ValueError):
        read_input("corpus:waybill:test")  # held out, never read
    both = read_input("corpus:waybill:dev,corpus:naacl2019:dev")
    assert len(both) == len(read_input("corpus:waybill:dev")) + len(read_input("corpus:naacl2019:dev"))


def test_last_checkpoint_is_the_end_of_the_newest_run(tmp_path):
    """ms-swift 4 links last-checkpoint to its last save: that one is the end of training, whatever the step
    numbers or times say; without the link, the highest step (not the newest mtime)."""
    old = tmp_path / "v0-20261201-010000"
    for name in ("checkpoint-900", "checkpoint-1000"):
        (old / name).mkdir(parents=True)
    assert last_checkpoint(tmp_path) == old / "checkpoint-1000"
    new = tmp_path / "v1-20261201-020000"
    for name in ("checkpoint-500", "checkpoint-540"):
        (new / name).mkdir(parents=True)
    (new / "checkpoint-500").touch()  # newer mtime, lower step
    assert last_checkpoint(tmp_path) == new / "checkpoint-540"
    (new / "last-checkpoint").symlink_to("checkpoint-540")
    assert last_checkpoint(tmp_path) == (new / "checkpoint-540").resolve()
    with pytest.raises(SystemExit):
        last_checkpoint(tmp_path / "nothing")


def test_evaluate_scores_each_set_on_the_fields_it_labels(tmp_path):
    """The evaluate stage through the real rules backend: a generated test file (six fields) beside a public
    dev split (four address fields, name and phone reported as not labelled), one report and metrics file."""
    generate(200, tmp_path / "data", seed=5, val=0.0, test=0.2)
    specs = [f"test={tmp_path / 'data' / 'test.jsonl'}", f"unseen={tmp_path / 'data' / 'unseen.jsonl'}"]
    if corpora.corpora_dir() is not None:
        specs.append("naacl-dev")
    sets = load_sets(specs, limit=30)
    metrics = evaluate(sets, ["rules=rules"], tmp_path / "eval")
    assert set(metrics) == {spec.partition("=")[0] for spec in specs}
    for name, (rows, labelled) in sets.items():
        m = metrics[name]["rules"]
        assert m["n"] == len(rows) <= 30 and "raw" not in m and 0.9 <= m["exact"] <= 1.0
    report = (tmp_path / "eval" / "report.md").read_text()
    assert "| test | rules |" in report and (tmp_path / "eval" / "exact_match.png").exists()
    if "naacl-dev" in metrics:
        assert metrics["naacl-dev"]["rules"]["labelled"] == ["province", "city", "district", "specific_location"]
        assert re.search(r"\| naacl-dev \| rules \|.*\| - \| - \|$", report, re.M)  # name, phone: not labelled


@pytest.mark.engine
def test_finetune_smoke_end_to_end(openai_server):
    """make finetune-smoke's script on CPU: tiny model, real teacher server, swift sft, merge, evaluate."""
    env = {**os.environ, "SMOKE": "1", "TARGET_FORMAT": "lines", "TEACHER_URL": openai_server, "TEACHER_MODEL": "tiny", "N": "120",
           "RUN": str(ROOT / "runs" / f"smoke-test-{os.getpid()}")}
    proc = subprocess.run(["bash", "finetune/run.sh"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=1500)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    run = ROOT / proc.stdout.strip().splitlines()[-1]
    assert (run / "merged" / "config.json").exists()
    marker = json.loads((run / "merged" / "addrx.json").read_text())  # train wrote it, merge carried it
    assert marker["target_format"] == "lines" and 20 < marker["max_output_tokens"] < 200
    report = (run / "eval" / "report.md").read_text()
    assert "| test | rules |" in report and "| unseen | finetuned |" in report and (run / "eval" / "exact_match.png").exists()
    metrics = json.loads((run / "eval" / "metrics.json").read_text())
    tuned = metrics["test"]["finetuned"]  # a model backend: raw answers and what the pipeline changed
    assert 0 <= tuned["raw"]["exact"] <= 1 and tuned["pipeline_made_exact"] >= 0 and tuned["pipeline_made_wrong"] >= 0
    assert sum(tuned["answered_by"].values()) == tuned["n"]  # who answered: the model, the model with rules' fields, the rules
    assert "answered by model / model+rules / rules" in report
    stages = (run / "stages.tsv").read_text().splitlines()
    assert [line.split("\t")[0] for line in stages] == ["stage", "generate", "distil", "train", "merge", "evaluate"]
    summary = json.loads((run / "distil" / "summary.json").read_text())
    assert summary["input"] == summary["accepted"] + summary["rejected"] + summary["failed"] > 0
    assert proc.stderr.splitlines()[-6].split() == ["stage", "seconds", "gpu_mem_peak_mib"]  # the table, printed without `column`
    # The GPU chain's last step on the same merged model: python -m service serves it over HTTP, README's texts answered.
    check = subprocess.run([sys.executable, "-m", "finetune.serve_check", "--model", str(run / "merged"), "--out", str(run / "serve.txt"),
                            "--allow-repaired"], cwd=ROOT, env={**os.environ, "VLLM_PLUGINS": ""}, capture_output=True, text=True, timeout=600)
    assert check.returncode == 0, check.stdout[-3000:] + check.stderr[-3000:]
    transcript = (run / "serve.txt").read_text()
    assert transcript.strip().endswith("# result: passed") and f'"model": "{run / "merged"}"' in transcript


@pytest.mark.engine
def test_stand_in_smoke_trains_every_parameter(stand_in_model):
    """The smoke stand-in: ms-swift full training ran, its summary says so, and the weights moved."""
    import torch
    from safetensors.torch import load_file

    out = Path(stand_in_model).parent
    summary = json.loads((out / "summary.json").read_text())
    assert summary["steps"] == 4 and summary["train_samples_per_second"] > 0 and summary["data"]["unseen_words_in_train"] == 0
    assert json.loads((out / "model" / "args.json").read_text())["tuner_type"] == "full"
    before, after = load_file(out / "start" / "model.safetensors"), load_file(out / "model" / "model.safetensors")
    changed = [k for k in before if not torch.equal(before[k], after[k])]
    assert len(changed) == len(before)  # every tensor trained, not an adapter


@pytest.mark.engine
def test_stand_in_curve_scores_every_kept_checkpoint(stand_in_model, tmp_path):
    """bench.stand_in_curve on the smoke stand-in (--save-every 4 of 4 steps): each checkpoint is served by vLLM
    and scored raw and after the pipeline on both generated sets; the PNG is written."""
    summary = json.loads((Path(stand_in_model).parent / "summary.json").read_text())
    assert [c["step"] for c in summary["checkpoints"]] == [4] and all(c["minutes"] is not None for c in summary["checkpoints"])
    assert all((Path(c["path"]) / "addrx.json").exists() for c in summary["checkpoints"])
    proc = subprocess.run([sys.executable, "-m", "bench.stand_in_curve", "--summary", str(Path(stand_in_model).parent / "summary.json"),
                           "--out", str(tmp_path / "curve.png"), "--n", "4", "--json", str(tmp_path / "rows.json")],
                          cwd=ROOT, env={**os.environ, "VLLM_PLUGINS": ""}, capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stderr[-3000:]
    rows = json.loads((tmp_path / "rows.json").read_text())
    assert [r["step"] for r in rows] == [4] and (tmp_path / "curve.png").stat().st_size > 1000
    for row in rows:
        assert all(0 <= row[f"{name}_{kind}"] <= 1 for name in ("generated", "unseen") for kind in ("raw", "service"))


def test_run_sh_resumes_from_a_stage_keeping_what_finished(tmp_path):
    """FROM=merge on a run whose machine went away after train: generate, distil and train are not run
    again and keep their stages.tsv lines; merge and evaluate run and are timed. The stages are stubbed
    (a PY that records its arguments): this checks the script's bookkeeping, the smoke test the stages."""
    run = tmp_path / "run"
    run.mkdir()
    (run / "stages.tsv").write_text("stage\tseconds\tgpu_mem_peak_mib\ngenerate\t10\t0\ndistil\t4\t0\ntrain\t301\t135307\nmerge\t9\t-\n")
    calls = tmp_path / "calls.txt"
    stub = tmp_path / "py"
    stub.write_text(f'#!/usr/bin/env bash\necho "$1 $2" >> {calls}\n')
    stub.chmod(0o755)
    env = {**os.environ, "FROM": "merge", "RUN": str(run), "PY": str(stub), "BASE_MODEL": "base", "PATH": "/usr/bin:/bin"}
    proc = subprocess.run(["bash", "finetune/run.sh"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip().splitlines()[-1] == str(run)
    made = calls.read_text().splitlines()
    assert made[:2] == ["-m finetune.merge", "-m finetune.evaluate"] and made[2].startswith("-c import sys")  # then the table
    assert [line.split("\t")[0] for line in (run / "stages.tsv").read_text().splitlines()] == [
        "stage", "generate", "distil", "train", "merge", "evaluate"]
    assert "train\t301\t135307" in (run / "stages.tsv").read_text()
    bad = subprocess.run(["bash", "finetune/run.sh"], cwd=ROOT, env={**env, "FROM": "deploy"}, capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "FROM must be one of" in bad.stderr
