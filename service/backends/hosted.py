"""ADDRX_ENGINE_PROCESSES > 1: the vLLM engines are driven from host processes, not the service process.

Every engine runs its scheduler and model in its own engine-core process, but submitting requests and
collecting each step's outputs happens in the process that holds the AsyncLLM, under that process's
GIL. On the H200 (round 4) two processes driving two engines each gave 1.73x the records/s of one
process driving four (bench/frontend_probe.py), and the service process was the ceiling through HTTP.
So each host process runs a VllmBackend with its share of the engines and post-processing processes
and answers finished readings (post-processing and finish.py done there); the service process only
parses, dispatches, and serialises. A batch wider than INLINE is split over the hosts; a small one
goes to the host with the fewest records in flight.

The first host starts alone (its first engine profiles the memory and fills the compile cache); the
others then start side by side with that engine's KV cache in bytes. A host whose engine dies exits;
`dead` then names it and the service rebuilds the hosts (engine_watch.py), as it does for engines.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import threading
import time
from dataclasses import dataclass, field
from itertools import count

from ..logs import current_setup
from ..model_contract import serving_contract
from ..schema import Reading
from ..settings import Settings
from .base import BatchStats, pick_engine
from .host_process import host_main
from .postprocess import INLINE
from .vllm import all_side_by_side_on_cpu

log = logging.getLogger("addrx")
STOP_S = 60.0  # a host that has not exited this long after "stop" is terminated


def shares(total: int, parts: int) -> list[int]:
    """`total` split into `parts` as evenly as possible, larger shares first: 5 over 2 -> [3, 2]."""
    return [total // parts + (i < total % parts) for i in range(parts)]


def host_settings(settings: Settings, index: int) -> Settings:
    """Host `index`'s settings: its share of the engines and post-processing processes, and of the memory by its engines
    (engine_kwargs divides a host's share between its engines: each engine gets what one process would give it)."""
    processes = settings.engine_processes
    engines = shares(settings.engines, processes)[index]
    return settings.model_copy(update={
        "engine_processes": 1, "engines": engines, "postprocess_workers": shares(settings.postprocess_workers, processes)[index],
        "gpu_memory_utilization": settings.gpu_memory_utilization * engines / settings.engines})


def merge_stats(parts: list[BatchStats]) -> BatchStats:
    """The batch's statistics from its hosts' parts: they ran side by side, so times are the longest part's."""
    out = BatchStats()
    for part in parts:
        out.engine_ms, out.queue_ms = max(out.engine_ms, part.engine_ms), max(out.queue_ms, part.queue_ms)
        out.prompt_tokens += part.prompt_tokens
        out.output_tokens += part.output_tokens
        out.repaired += part.repaired
    return out


@dataclass
class Host:
    process: multiprocessing.Process
    conn: object
    engines: int
    pending: dict[int, asyncio.Future] = field(default_factory=dict)
    in_flight: int = 0  # records
    served: int = 0
    gone: str | None = None  # why this host can no longer answer
    send_lock: threading.Lock = field(default_factory=threading.Lock)

    def send(self, message) -> None:
        with self.send_lock:
            self.conn.send(message)


class HostedVllmBackend:
    """The VllmBackend's interface, its engines in ADDRX_ENGINE_PROCESSES host processes."""

    name = "vllm"

    def __init__(self, settings: Settings):
        self.settings = settings
        self.model = settings.model
        self.fmt, self.max_tokens = serving_contract(self.model, settings.target_format, settings.max_tokens)
        self.hosts: list[Host] = []
        self.start_seconds: list[float] = []
        self.output_tokens = 0
        self.tokenizer = None
        self._ids = count()

    @property
    def engines(self) -> list[int]:
        """One entry per engine (the host that drives it): what benchmarks count."""
        return [i for i, host in enumerate(self.hosts) for _ in range(host.engines)]

    @property
    def served(self) -> list[int]:
        return [host.served for host in self.hosts]

    async def start(self) -> None:
        began = time.perf_counter()
        if all_side_by_side_on_cpu(self.settings):
            await self._start_hosts(list(range(self.settings.engine_processes)), kv_cache_bytes=0)
            self.start_seconds = [time.perf_counter() - began, 0.0]
        else:
            first = await self._start_hosts([0], kv_cache_bytes=0)
            rest = range(1, self.settings.engine_processes)
            if rest:
                await self._start_hosts(list(rest), kv_cache_bytes=first[0]["kv_cache_bytes"])
            self.start_seconds = [first[0]["start_seconds"][0], time.perf_counter() - began - first[0]["start_seconds"][0]]
        from transformers import AutoTokenizer  # what benchmarks count output tokens of the gold answers with

        self.tokenizer = await asyncio.to_thread(AutoTokenizer.from_pretrained, self.model)
        log.info("vllm engine hosts started", extra={"fields": {"hosts": len(self.hosts), "engines": len(self.engines),
                                                                "seconds": round(time.perf_counter() - began, 1)}})

    async def _start_hosts(self, indexes: list[int], kv_cache_bytes: int) -> list[dict]:
        """Starts these hosts side by side; every host started joins self.hosts (so stop() ends it) before a failure is raised."""
        context = multiprocessing.get_context("spawn")  # never fork a process that holds CUDA or vLLM's threads
        started = []
        for index in indexes:
            parent, child = context.Pipe()
            settings = host_settings(self.settings, index)
            process = context.Process(target=host_main, args=(settings, child, kv_cache_bytes, current_setup()),
                                      daemon=False,
                                      name=f"addrx-engine-host-{index}")
            process.start()
            child.close()
            started.append(Host(process, parent, settings.engines))
        self.hosts += started
        replies = await asyncio.gather(*(asyncio.to_thread(_first_reply, host) for host in started))
        failures = [reply for kind, reply in replies if kind != "ready"]
        if failures:
            raise RuntimeError(f"an engine host failed to start: {failures[0]}")
        loop = asyncio.get_running_loop()
        for host in started:
            threading.Thread(target=self._read, args=(host, loop), daemon=True, name=f"{host.process.name}-reader").start()
        return [reply for _, reply in replies]

    def _read(self, host: Host, loop) -> None:
        """A host's replies, resolved on the service's loop; when it goes away every call it holds fails."""
        try:
            while True:
                message = host.conn.recv()
                if message[0] == "dead":
                    host.gone = f"engine host {host.process.name} exited: {message[1]}"
                    continue
                loop.call_soon_threadsafe(_resolve, host, message)
        except (EOFError, OSError):
            host.gone = host.gone or f"engine host {host.process.name} exited (code {host.process.exitcode})"
            try:
                loop.call_soon_threadsafe(_fail_all, host)
            except RuntimeError:  # the service's loop is closed: nothing waits any more
                pass

    @property
    def dead(self) -> str | None:
        for host in self.hosts:
            if host.gone or not host.process.is_alive():
                return host.gone or f"engine host {host.process.name} exited (code {host.process.exitcode})"
        return None

    async def _call(self, op: str, texts: list[str]):
        """One op over the hosts: split when wide, else to the least busy host (or, with ADDRX_ENGINE_PACK, the first
        holding fewer records than that); results in input order."""
        hosts = [h for h in self.hosts if h.gone is None] or self.hosts
        if len(texts) <= INLINE or len(hosts) == 1:
            parts = [(hosts[pick_engine([h.in_flight for h in hosts], self.settings.engine_pack)], texts)]
        else:
            sizes, at = shares(len(texts), len(hosts)), 0
            parts = []
            for host, size in zip(hosts, sizes):
                parts.append((host, texts[at: at + size]))
                at += size
        loop = asyncio.get_running_loop()
        calls = []
        for host, part in parts:
            call_id, future = next(self._ids), loop.create_future()
            host.pending[call_id], host.in_flight = future, host.in_flight + len(part)
            host.served += len(part) if op != "rules" else 0  # records the model read
            calls.append((host, call_id, future, len(part)))
            try:
                if host.gone:
                    raise OSError(host.gone)
                host.send((op, call_id, part))
            except OSError as exc:  # the host went away: this part fails, the others still come back (or are cancelled)
                host.gone = host.gone or f"engine host {host.process.name} cannot be reached: {exc}"
                future.set_exception(RuntimeError(host.gone))
        try:
            return await asyncio.gather(*(future for _, _, future, _ in calls))
        except BaseException:  # the batch passed its deadline, or a part failed: the hosts stop the rest of its work
            for host, call_id, future, _ in calls:
                if not future.done() and not host.gone:
                    try:
                        host.send(("cancel", call_id))
                    except OSError:
                        pass  # gone: its work stopped with it
            raise
        finally:
            for host, call_id, future, size in calls:
                host.pending.pop(call_id, None)
                host.in_flight -= size
                if future.done() and not future.cancelled():
                    future.exception()  # retrieved: a second failed part is not logged as never retrieved

    async def extract(self, texts: list[str]) -> tuple[list[Reading], BatchStats]:
        parts = await self._call("extract", texts)
        stats = merge_stats([s for _, s in parts])
        self.output_tokens += stats.output_tokens
        return [r for readings, _ in parts for r in readings], stats

    async def generate_raw(self, texts: list[str]) -> tuple[list[str], BatchStats]:
        parts = await self._call("raw", texts)
        stats = merge_stats([s for _, s in parts])
        self.output_tokens += stats.output_tokens
        return [r for raws, _ in parts for r in raws], stats

    async def read_by_rules(self, texts: list[str]) -> list[Reading] | None:
        """Rules first's rules in the hosts (their post-processing processes); None for a few texts, which the caller
        reads itself (a hop would cost more)."""
        if len(texts) <= INLINE:
            return None
        return [r for readings, _ in await self._call("rules", texts) for r in readings]

    async def stop(self) -> None:
        hosts, self.hosts = self.hosts, []
        for host in hosts:
            if host.process.is_alive() and not host.gone:
                try:
                    host.send(("stop",))
                except OSError:
                    pass
        for host in hosts:
            await asyncio.to_thread(host.process.join, STOP_S)
            if host.process.is_alive():
                log.error("engine host did not stop: terminating", extra={"fields": {"host": host.process.name}})
                host.process.kill()
                await asyncio.to_thread(host.process.join, 10)
            host.conn.close()
            _fail_all(host)


def _first_reply(host: Host):
    try:
        return host.conn.recv()
    except (EOFError, OSError):
        return ("failed", f"{host.process.name} exited before it was ready (code {host.process.exitcode})")


def _resolve(host: Host, message) -> None:
    call_id, ok, result = message
    future = host.pending.get(call_id)
    if future is None or future.done():  # cancelled meanwhile
        return
    if ok:
        future.set_result(result)
    else:
        future.set_exception(RuntimeError(f"engine host {host.process.name}: {result}"))


def _fail_all(host: Host) -> None:
    for future in host.pending.values():
        if not future.done():
            future.set_exception(RuntimeError(host.gone or "engine host stopped"))
