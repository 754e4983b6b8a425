"""Remote endpoints that go down or hang (issue 24): a real `python -m service` with two remote
endpoints, each a TCP relay (here, on loopback) in front of the same real vLLM OpenAI server; a relay
can be made to hang (accept, never answer) or to go down (connection refused)."""

import socket
import threading
import time

import httpx
import pytest

from .conftest import server_output, start_server, stop_server

TEXTS = [f"北京市海淀区中关村大街{k}号 张三 13800138000" for k in range(6)]


class Relay:
    """A TCP relay to `upstream`: mode forward, hang, or down (its port refuses connections)."""

    def __init__(self, upstream: tuple[str, int]):
        self.upstream, self.mode, self.conns = upstream, "forward", []
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            self.conns.append(client)
            if self.mode == "forward":
                server = socket.create_connection(self.upstream)
                self.conns.append(server)
                for a, b in ((client, server), (server, client)):
                    threading.Thread(target=self._pump, args=(a, b), daemon=True).start()
            # hang: the connection stays open and nothing is ever answered

    @staticmethod
    def _pump(src: socket.socket, dst: socket.socket) -> None:
        try:
            while data := src.recv(65536):
                dst.sendall(data)
        except OSError:
            pass
        finally:
            for s in (src, dst):
                try:
                    s.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

    def hang(self) -> None:
        self.mode = "hang"
        self._drop_open()

    def down(self) -> None:
        self.listener.close()
        self._drop_open()

    def _drop_open(self) -> None:  # kept-alive connections would still reach the upstream
        for conn in self.conns:
            try:
                conn.shutdown(socket.SHUT_RDWR)
                conn.close()
            except OSError:
                pass
        self.conns = []


@pytest.fixture(scope="module")
def two_endpoints(openai_server):
    host, port = openai_server.split("//", 1)[1].split("/", 1)[0].split(":")
    relays = [Relay((host, int(port))), Relay((host, int(port)))]
    urls = ",".join(f"http://127.0.0.1:{r.port}/v1" for r in relays)
    # Short answers (8 tokens): on CPU only the hung relay meets the 3 s timeout.
    url, proc = start_server({"ADDRX_MODEL": "", "ADDRX_REMOTE_URLS": urls, "ADDRX_REMOTE_TIMEOUT_S": "3",
                              "ADDRX_REMOTE_COOLDOWN_S": "60", "ADDRX_POSTPROCESS_WORKERS": "0",
                              "ADDRX_MAX_TOKENS": "8"}, timeout=120)
    yield url, proc, relays
    stop_server(proc)
    for relay in relays:
        relay.down()


def test_one_hanging_endpoint_costs_one_timeout_then_none(two_endpoints):
    url, proc, relays = two_endpoints
    relays[1].hang()
    started = time.monotonic()
    first = httpx.post(url + "/extract", json={"texts": TEXTS}, timeout=60)
    first_s = time.monotonic() - started
    assert first.status_code == 200 and len(first.json()["results"]) == len(TEXTS)
    assert first_s < 3 + 10  # the items sent to the hung endpoint went to the other after its 3 s timeout
    started = time.monotonic()
    second = httpx.post(url + "/extract", json={"texts": TEXTS}, timeout=60)
    assert second.status_code == 200 and time.monotonic() - started < 3  # the hung endpoint is left out now
    assert server_output(proc).count('"remote endpoint left out"') >= 1


def test_every_endpoint_down_is_a_fast_503_with_retry_after(two_endpoints):
    url, proc, relays = two_endpoints
    relays[0].down()
    started = time.monotonic()
    reply = httpx.post(url + "/extract", json={"texts": TEXTS}, timeout=60)
    assert reply.status_code == 503 and time.monotonic() - started < 3
    assert reply.json()["error"]["code"] == "model_unavailable" and int(reply.headers["retry-after"]) == 60
    assert httpx.get(url + "/health").status_code == 200
