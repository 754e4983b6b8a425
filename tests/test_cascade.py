"""Rules first (ADDRX_RULES_FIRST): only the texts the rules are unsure of reach the model, answers
come back in input order. A fake model for the routing; a real vLLM server behind the real service
over a socket for the rest."""

import asyncio

import httpx
import pytest

from service.backends import build_backend
from service.backends.base import BatchStats
from service.backends.cascade import CascadeBackend, unsure
from service.extract import extract
from service.schema import FIELDS, Reading
from service.settings import Settings

SURE = ["浙江省杭州市西湖区文三路90号东部软件园3号楼 王小明 13912340000",
        "收件人：李雷，电话 13800001111，地址：江苏省南京市鼓楼区中山路8号"]
UNSURE = ["文三路90号东部软件园3号楼 王小明 13912340000",  # no division written or inferable
          "你好，请问什么时候发货"]  # no address at all


class FakeModel:
    """Records what it was asked; answers each text with a marked reading."""
    name, model = "fake", "fake-model"

    def __init__(self):
        self.asked: list[list[str]] = []

    async def start(self): ...
    async def stop(self): ...

    async def extract(self, texts):
        self.asked.append(list(texts))
        return [Reading(**{**dict.fromkeys(FIELDS), "specific_location": f"model:{t}"}, status="repaired") for t in texts], \
            BatchStats(output_tokens=7 * len(texts))


def test_the_texts_are_sure_and_unsure_as_written():
    assert [unsure(extract(t), t) for t in SURE] == [[], []]
    assert all(unsure(extract(t), t) for t in UNSURE)
    # A level written only by a short form (义乌…) is checked inferred but still goes to the model.
    text = "义乌国际商贸城B区一楼1245 王芳 13912345678"
    assert extract(text).checks["district"] == "inferred" and "district from a short form" in unsure(extract(text), text)


def test_only_unsure_texts_reach_the_model_and_order_is_kept():
    model = FakeModel()
    backend = CascadeBackend(model)
    texts = [UNSURE[0], SURE[0], UNSURE[1], SURE[1]]

    readings, stats = asyncio.run(backend.extract(texts))
    assert model.asked == [[UNSURE[0], UNSURE[1]]]  # one batched call, only what the rules were unsure of
    assert [r.specific_location for r in readings[0::2]] == [f"model:{t}" for t in UNSURE]
    assert [r.six() for r in readings[1::2]] == [extract(t).six() for t in SURE]
    assert stats.rules_answered == 2 and stats.output_tokens == 14
    model.asked.clear()
    readings, stats = asyncio.run(backend.extract(SURE))
    assert model.asked == [] and stats.rules_answered == 2  # all sure: the model is not called at all


def test_rules_read_in_the_post_processing_processes_when_there_are_some():
    """With post-processing processes the rules read a batch there (not in the service's thread), and the
    readings are the same, in order; without them, or for a few texts, the thread reads."""
    from bench.service_cpu import InstantModel

    texts = [UNSURE[0], SURE[0], UNSURE[1], SURE[1]] * 5
    rows = [(t, extract(t).six()) for t in texts]
    for workers, small, pooled in [(1, False, True), (1, True, False), (0, False, False)]:
        model = InstantModel(rows, "compact", workers)
        backend, batch = CascadeBackend(model), texts[:4] if small else texts
        calls = []

        async def run():
            await backend.start()
            try:
                original = model.postprocessor.read_by_rules

                async def spy(chunk):
                    answer = await original(chunk)
                    calls.append("processes" if answer is not None else "thread")
                    return answer

                model.postprocessor.read_by_rules = spy
                return await backend.extract(batch)
            finally:
                await backend.stop()

        readings, stats = asyncio.run(run())
        assert [r.six() for r in readings] == [extract(t).six() for t in batch]
        assert stats.rules_answered == len(batch) // 2
        assert calls == (["processes"] if pooled else [] if small else ["thread"])


def test_rules_first_is_off_unless_asked():
    assert build_backend(Settings(remote_urls="http://127.0.0.1:9/v1")).name == "remote"
    assert isinstance(build_backend(Settings(remote_urls="http://127.0.0.1:9/v1", rules_first=True)), CascadeBackend)
    assert build_backend(Settings(rules_first=True)).name == "rules"  # no model: nothing to put behind the rules


@pytest.mark.engine
def test_rules_first_through_the_service_and_a_real_vllm_server(openai_server):
    """POST /extract on a real socket, the remote backend on a real vLLM server (random weights: its
    answers are junk and the pipeline repairs them), rules first: sure texts answered as the rules
    read them, status ok; unsure ones went through the model (status repaired or no_address); the
    metric counts what the rules answered."""
    from bench.live import LiveServer

    # one post-processing process and a batch over the inline size: the rules read in that process
    settings = Settings(remote_urls=openai_server, rules_first=True, postprocess_workers=1)
    server = LiveServer(settings, build_backend(settings)).start(timeout=120)
    try:
        texts = [UNSURE[0], SURE[0], UNSURE[1], SURE[1]] * 5
        reply = httpx.post(server.url + "/extract", json={"items": [{"id": str(i), "text": t} for i, t in enumerate(texts)]},
                           timeout=120)
        assert reply.status_code == 200
        results = reply.json()["results"]
        assert [r["id"] for r in results] == [str(i) for i in range(20)]
        for result, text in zip(results[1::2], SURE * 5):
            assert {f: result[f] for f in FIELDS} == extract(text).six() and result["status"] == "ok"
        assert all(r["status"] in ("repaired", "no_address") for r in results[0::2])
        assert httpx.get(server.url + "/ready").json()["backend"] == "rules+remote"
        metrics = httpx.get(server.url + "/metrics").text
        assert 'addrx_rules_first_total{backend="rules+remote"} 10.0' in metrics
    finally:
        server.stop()


def test_starting_the_rules_loads_what_the_reply_needs_too():
    """A small rules-first batch is read and finished in the service process; the first finish loaded the township
    tables (rules first's one-record p99 was 328 ms where p50 was 6 on the H200, 2026-12-02): start loads them."""
    from service.backends.rules import RulesBackend
    from service.extract import town

    town._townships.cache_clear()
    asyncio.run(RulesBackend().start())
    assert town._townships.cache_info().currsize == 1
