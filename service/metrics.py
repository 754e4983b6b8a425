"""Prometheus metrics served at GET /metrics."""

from __future__ import annotations

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram

REGISTRY = CollectorRegistry()
REQUEST_SECONDS = Histogram("addrx_request_seconds", "POST /extract latency", ["backend"], registry=REGISTRY,
                            buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60))
ENGINE_SECONDS = Histogram("addrx_engine_seconds", "Backend time per batch", ["backend"], registry=REGISTRY,
                           buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60))
ITEMS = Counter("addrx_items_total", "Items answered, by status", ["backend", "status"], registry=REGISTRY)
TOKENS = Counter("addrx_tokens_total", "Engine tokens", ["kind"], registry=REGISTRY)
REPAIRS = Counter("addrx_repairs_total", "Items repaired by the rules backend", ["backend"], registry=REGISTRY)
RULES_FIRST = Counter("addrx_rules_first_total", "Records the rules were sure of, answered without the model (ADDRX_RULES_FIRST)",
                      ["backend"], registry=REGISTRY)
ERRORS = Counter("addrx_errors_total", "Failed requests and items, by code", ["code"], registry=REGISTRY)
ENGINE_FAILURES = Counter("addrx_engine_failures_total", "Times the model engine was found dead and rebuilt",
                          ["backend"], registry=REGISTRY)
IN_FLIGHT = Gauge("addrx_records_in_flight", "Records being extracted now (admission control bounds it)", registry=REGISTRY)
