"""Backends behind POST /extract; `build_backend` picks one from Settings.backend_kind."""

from __future__ import annotations

import logging

from ..settings import Settings
from .base import Backend, BatchStats, blank_reading, dead_reason, failed_reading
from .rules import RulesBackend

log = logging.getLogger("addrx")

__all__ = ["Backend", "BatchStats", "RulesBackend", "blank_reading", "build_backend", "dead_reason", "failed_reading"]


def build_backend(settings: Settings) -> Backend:
    kind = settings.backend_kind
    if kind in ("remote", "vllm"):
        if kind == "remote":
            from .remote import RemoteBackend

            model: Backend = RemoteBackend(settings)
        elif settings.engine_processes > 1:
            from .hosted import HostedVllmBackend  # the engines driven from host processes

            model = HostedVllmBackend(settings)
        else:
            from .vllm import VllmBackend  # imported only when a model is configured: vLLM is heavy

            model = VllmBackend(settings)
        if settings.rules_first:
            from .cascade import CascadeBackend

            return CascadeBackend(model)
        return model
    log.info("no model configured (ADDRX_MODEL empty): serving the embedded rules backend")
    return RulesBackend()
