"""Remote backend for scale-out: the same contract, served by one or more OpenAI-compatible
`vllm serve` endpoints (round-robin), with bounded concurrency, timeouts and failover: a call that
fails or times out on one endpoint is retried on another at once, and the failed endpoint is left
out for ADDRX_REMOTE_COOLDOWN_S (then tried again). With every endpoint down the request gets a
503 with Retry-After, not one timeout per text."""

from __future__ import annotations

import asyncio
import logging
import time

from .. import errors
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
        self.down_until: list[float] = []  # per endpoint: left out until then (monotonic seconds)
        self._turn = 0
        self._limit = asyncio.Semaphore(settings.remote_concurrency)
        # The model directory's marker (target format, output cap) when it is mounted here (ADDRX_MODEL), else by name.
        self.fmt, self.max_tokens = serving_contract(settings.model or self.model, settings.target_format, settings.max_tokens)

    async def start(self) -> None:
        from openai import AsyncOpenAI

        # No retries inside the client: a failed call goes to another endpoint (generate_one).
        self.clients = [AsyncOpenAI(base_url=u, api_key="EMPTY", timeout=self.settings.remote_timeout_s, max_retries=0)
                        for u in self.urls]
        self.down_until = [0.0] * len(self.clients)
        if not self.model:
            self.model = (await self.clients[0].models.list()).data[0].id
        await self.start_postprocessor(self.settings.postprocess_workers)
        readings, _ = await self.extract([EXAMPLE_TEXT])
        log.info("remote warm", extra={"fields": {"urls": self.urls, "model": self.model, "warmup_status": readings[0].status}})

    def _request(self, text: str) -> dict:
        kwargs = dict(model=self.model, messages=messages(text, self.fmt), temperature=0.0, max_tokens=self.max_tokens,
                      extra_body={"chat_template_kwargs": CHAT_TEMPLATE_KWARGS})
        if self.structured_output and self.fmt != "json":
            kwargs["extra_body"]["structured_outputs"] = {"regex": lines_regex(self.fmt)}
        elif self.structured_output:
            kwargs["response_format"] = {"type": "json_schema",
                                         "json_schema": {"name": "extraction", "schema": extraction_json_schema()}}
        return kwargs

    def _pick(self) -> int | None:
        """The next endpoint in turn that is not left out, or None when all are."""
        now = time.monotonic()
        for step in range(len(self.clients)):
            index = (self._turn + step) % len(self.clients)
            if self.down_until[index] <= now:
                self._turn = index + 1
                return index
        return None

    async def generate_one(self, text: str, stats: BatchStats) -> str:
        attempts = len(self.clients) + self.settings.remote_retries
        async with self._limit:
            for _ in range(attempts):
                index = self._pick()
                if index is None:
                    raise errors.ModelUnavailable(
                        f"all {len(self.clients)} remote endpoints are down or not answering; retry after "
                        f"{self.settings.remote_cooldown_s:g} s", max(1, round(self.settings.remote_cooldown_s)))
                try:
                    reply = await self.clients[index].chat.completions.create(**self._request(text))
                    break
                except Exception as exc:
                    if getattr(exc, "status_code", 500) < 500 and getattr(exc, "status_code", 0) != 429:
                        log.warning("remote call refused", extra={"fields": {"error": type(exc).__name__}})
                        return ""  # the endpoint is up but refused this text: repair the item, keep the batch
                    self.down_until[index] = time.monotonic() + self.settings.remote_cooldown_s
                    log.warning("remote endpoint left out", extra={"fields": {
                        "url": self.urls[index], "error": type(exc).__name__, "for_s": self.settings.remote_cooldown_s}})
            else:
                return ""  # every attempt failed on endpoints that were up: repair the item
        if reply.usage:
            stats.prompt_tokens += reply.usage.prompt_tokens
            stats.output_tokens += reply.usage.completion_tokens
        return reply.choices[0].message.content or ""

    async def stop(self) -> None:
        self.stop_postprocessor()
        for client in self.clients:
            await client.close()
