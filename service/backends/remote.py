"""Remote backend for scale-out: the same contract, served by one or more OpenAI-compatible
`vllm serve` endpoints (round-robin), with bounded concurrency, timeouts and retries."""

from __future__ import annotations

import asyncio
import itertools
import logging

from ..model_contract import (CHAT_TEMPLATE_KWARGS, extraction_json_schema, lines_regex, messages,
                              serving_contract)
from ..schema import EXAMPLE_TEXT
from ..settings import Settings
from .base import BatchStats
from .model import ModelBackend

log = logging.getLogger("addrx")


class RemoteBackend(ModelBackend):
    name = "remote"

    def __init__(self, settings: Settings):
        self.settings = settings
        self.urls = settings.remote_urls
        self.model = settings.remote_model or settings.model
        self.structured_output = settings.structured_output
        self.clients = []
        self._next = None
        self._limit = asyncio.Semaphore(settings.remote_concurrency)
        self.fmt, self.max_tokens = serving_contract(self.model, settings.target_format, settings.max_tokens)  # the marker, when the served model's directory is readable from here

    async def start(self) -> None:
        from openai import AsyncOpenAI

        # The openai client retries 429, 5xx, connection errors and timeouts with backoff.
        self.clients = [AsyncOpenAI(base_url=u, api_key="EMPTY", timeout=self.settings.remote_timeout_s,
                                    max_retries=self.settings.remote_retries) for u in self.urls]
        self._next = itertools.cycle(self.clients)
        if not self.model:
            self.model = (await self.clients[0].models.list()).data[0].id
        await self.start_postprocessor(self.settings.postprocess_workers)
        readings, _ = await self.extract([EXAMPLE_TEXT])
        log.info("remote warm", extra={"fields": {"urls": self.urls, "model": self.model, "warmup_status": readings[0].status}})

    def _request(self, text: str) -> dict:
        kwargs = dict(model=self.model, messages=messages(text, self.fmt), temperature=0.0, max_tokens=self.max_tokens,
                      extra_body={"chat_template_kwargs": CHAT_TEMPLATE_KWARGS})
        if self.structured_output and self.fmt == "lines":
            kwargs["extra_body"]["structured_outputs"] = {"regex": lines_regex()}
        elif self.structured_output:
            kwargs["response_format"] = {"type": "json_schema",
                                         "json_schema": {"name": "extraction", "schema": extraction_json_schema()}}
        return kwargs

    async def generate_one(self, text: str, stats: BatchStats) -> str:
        async with self._limit:
            try:
                reply = await next(self._next).chat.completions.create(**self._request(text))
            except Exception as exc:  # after the client's retries: repair this item, keep the batch
                log.warning("remote call failed", extra={"fields": {"error": type(exc).__name__}})
                return ""
        if reply.usage:
            stats.prompt_tokens += reply.usage.prompt_tokens
            stats.output_tokens += reply.usage.completion_tokens
        return reply.choices[0].message.content or ""

    async def stop(self) -> None:
        self.stop_postprocessor()
        for client in self.clients:
            await client.close()
