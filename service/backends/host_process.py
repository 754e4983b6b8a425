"""An engine host (hosted.py): a spawned process that runs one VllmBackend with its share of the engines and
post-processing processes, and answers the service's calls over a pipe until "stop" or until its engines die.

Messages in: (op, call_id, texts) with op extract | raw | rules, ("cancel", call_id), ("stop",). Out: ("ready",
{start_seconds, kv_cache_bytes}) or ("failed", why) once, then (call_id, ok, result) per call, and ("dead", why)
before it exits on a dead engine."""

from __future__ import annotations

import asyncio
import threading

from ..logs import configure
from ..settings import Settings
from .base import BatchStats


def host_main(settings: Settings, conn, kv_cache_bytes: int, logging_setup: tuple[str, bool]) -> None:
    """The host process: one VllmBackend, answering calls from `conn` until "stop" or its engines die."""
    from .postprocess import rules_readings
    from .vllm import VllmBackend

    configure(*logging_setup)  # masked like the service's own lines

    backend = VllmBackend(settings, kv_cache_bytes=kv_cache_bytes)
    send_lock = threading.Lock()

    def send(message) -> None:
        with send_lock:
            conn.send(message)

    async def serve() -> None:
        loop = asyncio.get_running_loop()
        try:
            await backend.start()
        except Exception as exc:
            send(("failed", f"{type(exc).__name__}: {exc}"))
            await backend.stop()
            return
        send(("ready", {"start_seconds": backend.start_seconds, "kv_cache_bytes": backend.first_kv_cache_bytes}))
        inbox: asyncio.Queue = asyncio.Queue()
        threading.Thread(target=lambda: pump(conn, loop, inbox), daemon=True).start()
        tasks: dict[int, asyncio.Task] = {}

        async def answer(call_id: int, op: str, texts: list[str]) -> None:
            try:
                if op == "raw":
                    result = await backend.generate_raw(texts)
                elif op == "rules":  # in the host's post-processing processes, else its own thread (its own GIL)
                    readings = await backend.read_by_rules(texts)
                    result = (readings if readings is not None else await asyncio.to_thread(rules_readings, texts), BatchStats())
                else:
                    result = await backend.extract(texts)
                reply = (call_id, True, result)
            except asyncio.CancelledError:
                return
            except Exception as exc:
                if backend.dead:  # said before the failure, so the service rebuilds right after answering from the rules
                    send(("dead", backend.dead))
                reply = (call_id, False, f"{type(exc).__name__}: {exc}")
            finally:
                tasks.pop(call_id, None)
            await asyncio.to_thread(send, reply)  # pickling a wide batch's readings takes milliseconds

        async def watch() -> None:  # a dead engine never answers again: exit, and the service rebuilds the hosts
            while backend.dead is None:
                await asyncio.sleep(1.0)
            inbox.put_nowait(("dead", backend.dead))

        watcher = asyncio.create_task(watch())
        try:
            while True:
                message = await inbox.get()
                if message[0] in ("stop", "dead", "gone"):
                    if message[0] == "dead":
                        send(("dead", message[1]))
                    break
                if message[0] == "cancel":
                    task = tasks.get(message[1])
                    if task is not None:
                        task.cancel()
                    continue
                op, call_id, texts = message
                tasks[call_id] = asyncio.create_task(answer(call_id, op, texts))
        finally:
            watcher.cancel()
            for task in tasks.values():
                task.cancel()
            await backend.stop()

    asyncio.run(serve())


def pump(conn, loop, inbox: asyncio.Queue) -> None:
    """Reads the connection in a thread (recv blocks) and hands each message to the host's loop."""
    try:
        while True:
            loop.call_soon_threadsafe(inbox.put_nowait, conn.recv())
    except (EOFError, OSError):  # the service went away: stop
        loop.call_soon_threadsafe(inbox.put_nowait, ("gone",))
