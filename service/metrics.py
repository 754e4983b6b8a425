"""Prometheus metrics served at GET /metrics."""

from __future__ import annotations

from prometheus_client import PLATFORM_COLLECTOR, CollectorRegistry, Counter, Gauge, Histogram, Info, ProcessCollector

REGISTRY = CollectorRegistry()
ProcessCollector(registry=REGISTRY)  # process_cpu_seconds_total, process_resident_memory_bytes, open fds
REGISTRY.register(PLATFORM_COLLECTOR)  # python_info
BUILD = Info("addrx_build", "Service version, backend and model being served", registry=REGISTRY)
REQUESTS = Counter("addrx_requests_total", "HTTP requests by route and status (routes outside the API count as other)",
                   ["route", "status"], registry=REGISTRY)
CHECKS = Counter("addrx_checks_total", "Answered fields by check value: the rate of unknown, former and corrected is the "
                 "data-quality signal to alert on", ["field", "value"], registry=REGISTRY)
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
