"""vLLM AsyncLLM in the service process: greedy, thinking off, prefix caching, structured output
from the contract's JSON schema. A batch is one concurrent submission; requests share the engine."""

from __future__ import annotations

import asyncio
import logging
import os
import uuid

from ..model_contract import chat_prompt, extraction_json_schema, max_output_chars
from ..schema import EXAMPLE_TEXT
from ..settings import Settings
from .base import BatchStats
from .model import ModelBackend

log = logging.getLogger("addrx")


def on_cpu() -> bool:
    import torch

    return not torch.cuda.is_available()


def engine_args(settings: Settings):
    from vllm.engine.arg_utils import AsyncEngineArgs

    cpu = on_cpu()
    kwargs = dict(model=settings.model, enable_prefix_caching=True, max_num_seqs=settings.max_num_seqs,
                  max_model_len=4096, dtype=settings.dtype if settings.dtype != "auto" or not cpu else "float32",
                  structured_outputs_config={"backend": "guidance", "disable_any_whitespace": True})
    if cpu:
        kwargs.update(enforce_eager=True, kv_cache_memory_bytes=settings.kv_cache_bytes or None)
    else:
        kwargs.update(gpu_memory_utilization=settings.gpu_memory_utilization)
    return AsyncEngineArgs(**kwargs)


class VllmBackend(ModelBackend):
    name = "vllm"

    def __init__(self, settings: Settings):
        self.settings = settings
        self.model = settings.model
        self.structured_output = settings.structured_output
        self.engine = None
        self.tokenizer = None
        self._schema = extraction_json_schema()
        self._params: dict = {}

    async def start(self) -> None:
        os.environ.setdefault("VLLM_PLUGINS", "")  # ms-swift's plugin would import vision code
        from vllm.v1.engine.async_llm import AsyncLLM

        # Built in a worker thread (no running loop there, so vLLM starts its output handler on
        # the first generate, in our loop): /health keeps answering while the engine loads.
        self.engine = await asyncio.to_thread(AsyncLLM.from_engine_args, engine_args(self.settings))
        self.tokenizer = self.engine.get_tokenizer()
        readings, _ = await self.extract([EXAMPLE_TEXT])  # compiles the schema grammar too
        log.info("vllm warm", extra={"fields": {"model": self.model, "warmup_status": readings[0].status}})

    def prompt(self, text: str) -> str:
        return chat_prompt(self.tokenizer, text)

    def sampling_params(self):
        """Built once per structured-output setting and shared by every request."""
        if self.structured_output not in self._params:
            self._params[self.structured_output] = self._build_params()
        return self._params[self.structured_output]

    def _build_params(self):
        from vllm import SamplingParams
        from vllm.sampling_params import RequestOutputKind, StructuredOutputsParams

        structured = StructuredOutputsParams(json=self._schema) if self.structured_output else None
        # FINAL_ONLY: one output per request instead of one per token, less event-loop work.
        return SamplingParams(temperature=0.0, max_tokens=self.settings.max_tokens or max_output_chars(),
                              structured_outputs=structured, output_kind=RequestOutputKind.FINAL_ONLY)

    async def generate_one(self, text: str, stats: BatchStats) -> str:
        final = None
        async for out in self.engine.generate(self.prompt(text), self.sampling_params(), uuid.uuid4().hex):
            final = out
        m = final.metrics
        if m is not None and m.scheduled_ts > m.queued_ts > 0:  # longest wait for a slot in this batch
            stats.queue_ms = max(stats.queue_ms, (m.scheduled_ts - m.queued_ts) * 1e3)
        stats.prompt_tokens += len(final.prompt_token_ids or [])
        stats.output_tokens += len(final.outputs[0].token_ids)
        return final.outputs[0].text

    async def stop(self) -> None:
        if self.engine is not None:
            self.engine.shutdown()
            self.engine = None
