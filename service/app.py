"""FastAPI app: the lifespan owns the backend (build, warm up, then ready; stop in finally).
All error-to-HTTP mapping lives here."""

from __future__ import annotations

import asyncio
import logging
import time
from collections import Counter
from contextlib import asynccontextmanager
from pathlib import Path

import anyio
from fastapi import Depends, FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.utils import get_openapi
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi_offline import FastAPIOffline
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from starlette.exceptions import HTTPException as StarletteHTTPException

from . import errors, logs, metrics
from .admission import Admission, bounded
from .backends import Backend, build_backend
from .backends.rules import answered_by_rules
from .edge import Edge
from .engine_watch import EngineWatch
from .pipeline import REQUEST, decode, encode, parse, response_json, to_backend
from .schema import ErrorResponse, ExtractResponse
from .settings import Settings, get_settings

log = logging.getLogger("addrx")
STATIC = Path(__file__).parent / "static"


def _error(request: Request, code: str, message: str, status: int, headers: dict | None = None) -> JSONResponse:
    metrics.ERRORS.labels(code).inc()
    request.state.error_code = code  # the edge's log line for this request carries it
    request_id = getattr(request.state, "request_id", None)
    return JSONResponse(errors.body(code, message, request_id), status_code=status, headers=headers)


def ready_backend(request: Request) -> Backend:
    """FastAPI dependency: the warm backend, or 503 while it is still warming up."""
    if not request.app.state.ready:
        raise errors.NotReady("the backend is still warming up; retry when GET /ready answers 200")
    return request.app.state.backend


def create_app(settings: Settings | None = None, backend: Backend | None = None) -> FastAPI:
    settings = settings or get_settings()

    async def warm(app: FastAPI) -> None:
        started = time.perf_counter()
        try:
            await app.state.backend.start()
        except Exception as exc:  # stays not-ready; /ready says why
            app.state.failure = f"{type(exc).__name__}: {exc}"
            log.exception("backend failed to start")
            return
        app.state.ready, app.state.failure = True, None
        metrics.BUILD.info({"version": app.version, "backend": app.state.backend.name, "model": app.state.backend.model or ""})
        log.info("ready", extra={"fields": {"backend": app.state.backend.name, "model": app.state.backend.model,
                                            "warmup_s": round(time.perf_counter() - started, 2)}})

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        # The lifespan owns the backend: it builds and warms it in the background so /health
        # answers at once and /ready turns 200 only when warm; it stops it in finally.
        app.state.ready, app.state.failure = False, None
        app.state.backend = backend or build_backend(settings)
        app.state.watch = EngineWatch(app, warm)
        warming, watching = asyncio.create_task(warm(app)), asyncio.create_task(app.state.watch.run())
        try:
            yield
        finally:
            app.state.ready = False
            for task in (warming, watching):
                task.cancel()
            await asyncio.gather(warming, watching, return_exceptions=True)
            await app.state.watch.close()
            await app.state.backend.stop()

    # /docs and /redoc from assets inside the fastapi-offline package: no CDN, works offline.
    app = FastAPIOffline(title="addrx", version="0.1.0", lifespan=lifespan,
                         description="Structured extraction of Chinese shipping text into province, city, district, "
                                     "specific_location, name and phone.")
    app.state.ready = False
    app.router.redirect_slashes = False  # /extract/ is a 404 in the error shape, not a 307 to re-POST
    admission = Admission(settings.max_in_flight, settings.retry_after_s)
    app.add_middleware(Edge, settings=settings, admission=admission)

    @app.exception_handler(errors.AddrxError)
    async def addrx_error(request: Request, exc: errors.AddrxError):
        retry = {"Retry-After": str(exc.retry_after)} if isinstance(exc, errors.RetryLater) else None
        return _error(request, exc.code, exc.message, exc.status, retry)

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, exc: RequestValidationError):
        return _error(request, errors.BadRequest.code, f"malformed request: {errors.describe(exc.errors())}", 422)

    @app.exception_handler(StarletteHTTPException)
    async def framework_error(request: Request, exc: StarletteHTTPException):  # 404, 405 and the like
        return _error(request, errors.HTTP_CODES.get(exc.status_code, "http_error"), str(exc.detail), exc.status_code,
                      getattr(exc, "headers", None))

    @app.exception_handler(Exception)
    async def unexpected(request: Request, exc: Exception):
        log.exception("unhandled error")
        return _error(request, "internal_error", "internal error; see the service log", 500)

    # The page at / (plain HTML/CSS/JS in service/static: no CDN, no build step).
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/", include_in_schema=False)
    async def page() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/health", summary="The process is alive")
    async def health() -> dict:
        return {"status": "alive"}

    @app.get("/ready", summary="200 once the backend is warm, 503 before",
             responses={503: {"description": "backend still warming up (or failed: see error)"}})
    async def ready(request: Request):
        b = getattr(request.app.state, "backend", None)
        body = {"ready": request.app.state.ready, "backend": b.name if b else None, "model": b.model if b else None}
        if getattr(request.app.state, "failure", None):
            body["error"] = request.app.state.failure
        return JSONResponse(body, status_code=200 if request.app.state.ready else 503)

    @app.get("/metrics", summary="Prometheus metrics")
    async def prometheus() -> Response:
        return Response(generate_latest(metrics.REGISTRY), media_type=CONTENT_TYPE_LATEST)

    # The body is read by the edge (size-capped) and parsed here, so the item count is checked
    # before any item is validated; the schema is still the contract's, declared for the docs.
    body_schema = {"requestBody": {"required": True, "content": {"application/json": {"schema": {"anyOf": [
        {"$ref": "#/components/schemas/TextsRequest"}, {"$ref": "#/components/schemas/ItemsRequest"}]}}}}}

    @app.post("/extract", response_model=ExtractResponse, summary="Extract the six fields from a batch of texts",
              openapi_extra=body_schema,
              responses={400: {"model": ErrorResponse, "description": "the body is not UTF-8 JSON"},
                         401: {"model": ErrorResponse, "description": "API key missing or wrong (when keys are set)"},
                         408: {"model": ErrorResponse, "description": "the body arrived too slowly"},
                         413: {"model": ErrorResponse, "description": "body, item count or a text over its limit"},
                         422: {"model": ErrorResponse, "description": "malformed request"},
                         429: {"model": ErrorResponse, "description": "too busy: retry after Retry-After seconds"},
                         500: {"model": ErrorResponse, "description": "internal error"},
                         503: {"model": ErrorResponse, "description": "backend not ready, or every remote endpoint down (Retry-After)"},
                         504: {"model": ErrorResponse, "description": "the batch passed its deadline and was stopped"}})
    async def extract(request: Request, backend: Backend = Depends(ready_backend)) -> ExtractResponse:
        # Parsing, encoding and serialising run in worker threads (the rules too): the event loop only
        # schedules, so /health and /ready answer at once however heavy the batches in flight.
        request_id = request.state.request_id
        raw = await request.body()
        t0 = time.perf_counter()
        items = await anyio.to_thread.run_sync(lambda: decode(parse(raw, settings.max_items), settings.max_items, settings.max_chars))
        positions, texts = to_backend(items)
        t1 = time.perf_counter()
        with admission.admit(len(texts)):
            try:
                readings, stats = await bounded(backend.extract(texts), request, settings.deadline_s) if texts else ([], None)
            except errors.AddrxError:
                raise
            except Exception as exc:  # the batch still answers N items: the rules read them, flagged as such
                log.exception("backend failed on a batch")
                why = f"backend {backend.name} failed: {type(exc).__name__}"
                readings, stats = await anyio.to_thread.run_sync(answered_by_rules, texts, why), None
                request.app.state.watch.check()  # a dead engine is rebuilt now, not at the next tick
        t2 = time.perf_counter()
        results = await anyio.to_thread.run_sync(encode, items, positions, readings)
        t3 = time.perf_counter()
        timing = {"decode": (t1 - t0) * 1e3, "engine": (t2 - t1) * 1e3, "encode": (t3 - t2) * 1e3, "total": (t3 - t0) * 1e3}
        if stats is not None and stats.engine_ms:  # the model's own part of engine (the rest: post-processing, rules)
            timing["model"] = stats.engine_ms
        timing = {k: round(v, 3) for k, v in timing.items()}
        request.state.log_fields = _record(settings, backend.name, items, results, timing, stats, model=backend.model)
        body = await anyio.to_thread.run_sync(response_json, request_id, backend.name, results, timing)
        return Response(body, media_type="application/json")

    def openapi_with_limits() -> dict:
        """The generated schema plus this deployment's limits (they are settings, not constants)."""
        if app.openapi_schema is None:
            schema = get_openapi(title=app.title, version=app.version, description=app.description, routes=app.routes)
            components = schema["components"]["schemas"]
            components.update(REQUEST.json_schema(ref_template="#/components/schemas/{model}")["$defs"])
            components["TextsRequest"]["properties"]["texts"].update(maxItems=settings.max_items)
            components["TextsRequest"]["properties"]["texts"]["items"]["maxLength"] = settings.max_chars
            components["ItemsRequest"]["properties"]["items"].update(maxItems=settings.max_items)
            components["Item"]["properties"]["text"]["maxLength"] = settings.max_chars
            app.openapi_schema = schema
        return app.openapi_schema

    app.openapi = openapi_with_limits
    return app


def _record(settings: Settings, backend: str, items, results, timing, stats, model: str = "") -> dict:
    """Metrics for one answered batch, and the fields of its log line (the edge writes the line)."""
    metrics.REQUEST_SECONDS.labels(backend).observe(timing["total"] / 1e3)
    metrics.ENGINE_SECONDS.labels(backend).observe(timing["engine"] / 1e3)
    # Counted per batch, one metric update per status and code (not per item: 1,000-record batches).
    statuses = Counter(result.reading.status for result in results)
    failed = [(item, result) for item, result in zip(items, results) if result.reading.error]
    for status, count in statuses.items():
        metrics.ITEMS.labels(backend, status).inc(count)
    for code, count in Counter(result.reading.error.code for _, result in failed).items():
        metrics.ERRORS.labels(code).inc(count)
    for (field, value), count in Counter(pair for result in results for pair in result.reading.checks.items()).items():
        metrics.CHECKS.labels(field, value).inc(count)
    def shown_as(value: str | None) -> str | None:  # ids are the client's text too (a name, a phone)
        return value if settings.log_raw or value is None else logs.mask_text(value)

    shown = [{"id": shown_as(result.id), "code": result.reading.error.code, "text": shown_as(item.text[:80])}
             for item, result in failed[:5]]
    fields = {"backend": backend, "model": model or None, "batch_size": len(items), "items_failed": len(failed),
              "ms": timing, "failed": shown}
    if stats is not None:
        metrics.TOKENS.labels("prompt").inc(stats.prompt_tokens)
        metrics.TOKENS.labels("output").inc(stats.output_tokens)
        metrics.REPAIRS.labels(backend).inc(stats.repaired)
        metrics.RULES_FIRST.labels(backend).inc(stats.rules_answered)
        fields.update(engine_ms=round(stats.engine_ms, 3), queue_ms=round(stats.queue_ms, 3),
                      prompt_tokens=stats.prompt_tokens, output_tokens=stats.output_tokens, repaired=stats.repaired,
                      rules_answered=stats.rules_answered)
    return fields
