"""Reliability, second round (issue 24), on a real `python -m service` over loopback: trickling bodies
do not starve ready requests, every request leaves one log line with its status and error code, item
ids are masked in the log, a full service refuses before reading the body, a stopped batch stops
within a slice, and settings no client could use are refused at start-up."""

import json
import socket
import subprocess
import sys
import threading
import time

import httpx
import pytest

from service.backends.rules import read_slice

from .conftest import ROOT, server_output, start_server, stop_server
from .hostile_corpus import ORDER

ENV = {"ADDRX_MODEL": "", "ADDRX_MAX_REQUESTS": "4", "ADDRX_MAX_IN_FLIGHT": "1000", "ADDRX_BODY_TIMEOUT_S": "1",
       "ADDRX_BODY_TOTAL_TIMEOUT_S": "2.5", "ADDRX_HEADER_TIMEOUT_S": "2", "ADDRX_DEADLINE_S": "20"}
JSON = {"content-type": "application/json"}
LONG_TEXT = "浙江省杭州市西湖区文三路90号东部软件园科技大厦" + "创新中心" * 100 + " 张三 13800138000" + "路" * 1500


@pytest.fixture(scope="module")
def server():
    url, proc = start_server(ENV, timeout=90)
    yield url, proc
    stop_server(proc)


def _address(url: str) -> tuple[str, int]:
    return "127.0.0.1", int(url.rsplit(":", 1)[1])


def _head(length: int, request_id: str = "") -> bytes:
    rid = f"x-request-id: {request_id}\r\n" if request_id else ""
    return (f"POST /extract HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\n{rid}"
            f"content-length: {length}\r\n\r\n").encode()


def _answer(sock: socket.socket, seconds: float) -> bytes:
    sock.settimeout(seconds)
    received = b""
    try:
        while chunk := sock.recv(65536):
            received += chunk
            if b"\r\n\r\n" in received and b"}" in received:
                break
    except (socket.timeout, ConnectionResetError):
        pass
    return received


def _log_lines(proc) -> list[dict]:
    lines = []
    for line in server_output(proc).splitlines():
        try:
            record = json.loads(line)
        except ValueError:
            continue
        if record.get("logger") == "addrx.request":
            lines.append(record)
    return lines


def test_trickling_bodies_do_not_starve_ready_requests(server):
    """Eight clients trickle one byte every 0.4 s (twice ADDRX_MAX_REQUESTS): real requests are served all
    the while, and each trickle is cut at the whole-body bound with a 408."""
    url, _ = server
    body = json.dumps({"texts": [ORDER]}).encode()
    socks, answers = [], {}

    def trickle(k: int, sock: socket.socket) -> None:
        try:
            sock.sendall(_head(len(body)))
            for byte in body[:20]:
                sock.sendall(bytes([byte]))
                time.sleep(0.4)
        except OSError:
            pass

    for k in range(8):
        sock = socket.create_connection(_address(url))
        socks.append(sock)
        threading.Thread(target=trickle, args=(k, sock), daemon=True).start()
    time.sleep(0.3)
    statuses = [httpx.post(url + "/extract", content=body, headers=JSON, timeout=10).status_code for _ in range(6)]
    assert statuses == [200] * 6
    started = time.monotonic()
    for k, sock in enumerate(socks):
        answers[k] = _answer(sock, 5)
        sock.close()
    assert time.monotonic() - started < 5
    for k, answer in answers.items():
        assert b" 408 " in answer.split(b"\r\n", 1)[0] and b"ADDRX_BODY_TOTAL_TIMEOUT_S" in answer, (k, answer[:200])


def test_every_request_leaves_one_log_line_with_status_and_code(server):
    url, proc = server
    calls = {  # request id -> (status, error code) it must be logged with
        "r-ok": (200, None), "r-json": (400, "bad_json"), "r-shape": (422, "bad_request"),
        "r-many": (413, "too_many_items"), "r-form": (415, "unsupported_media_type"), "r-path": (404, "not_found"),
        "r-method": (405, "method_not_allowed"),
    }
    bodies = {"r-ok": {"texts": [ORDER]}, "r-shape": {"texts": "x"}, "r-many": {"texts": [""] * 1001}}
    for rid, (status, _) in calls.items():
        headers = {"x-request-id": rid, **({} if rid == "r-form" else JSON)}
        path, method = ("/nope" if rid == "r-path" else "/extract"), ("GET" if rid == "r-method" else "POST")
        content = b"{not json" if rid == "r-json" else json.dumps(bodies.get(rid, {"texts": [ORDER]})).encode()
        reply = httpx.request(method, url + path, content=content if method == "POST" else None, headers=headers)
        assert reply.status_code == status, (rid, reply.text[:200])
    # A body that stops coming (408) and a client that leaves mid-body (logged as 499).
    for rid, wait in (("r-slow", 3), ("r-gone", 0.2)):
        sock = socket.create_connection(_address(url))
        sock.sendall(_head(100, rid) + b'{"texts": [')
        if rid == "r-gone":
            time.sleep(wait)
            sock.close()
        else:
            assert b" 408 " in _answer(sock, wait)
            sock.close()
    calls.update({"r-slow": (408, "body_timeout"), "r-gone": (499, "client_closed_request")})
    time.sleep(0.5)
    seen = {}
    for record in _log_lines(proc):
        if record.get("request_id") in calls:
            seen.setdefault(record["request_id"], []).append(record)
    assert set(seen) == set(calls), set(calls) - set(seen)
    for rid, (status, code) in calls.items():
        assert len(seen[rid]) == 1, seen[rid]
        assert (seen[rid][0]["status"], seen[rid][0]["error"]) == (status, code), seen[rid]
    assert seen["r-ok"][0]["batch_size"] == 1 and "ms" in seen["r-ok"][0]


def test_item_ids_are_masked_in_the_log(server):
    url, proc = server
    reply = httpx.post(url + "/extract", json={"items": [{"id": "慕容雪村13987654321", "text": ""}]}, headers=JSON)
    assert reply.status_code == 200 and reply.json()["results"][0]["id"] == "慕容雪村13987654321"
    time.sleep(0.3)
    log = server_output(proc)
    assert "慕容雪村" not in log and "13987654321" not in log
    assert '"id": "****###########"' in log


def test_a_full_service_refuses_before_reading_the_body(server):
    """Records in flight at their bound: the next request gets 429 from its head alone."""
    url, _ = server
    heavy = json.dumps({"texts": [LONG_TEXT] * 1000}, ensure_ascii=False).encode()
    busy = socket.create_connection(_address(url))
    busy.sendall(_head(len(heavy)) + heavy)
    deadline = time.monotonic() + 5
    while "addrx_records_in_flight 1000.0" not in httpx.get(url + "/metrics").text:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    probe = socket.create_connection(_address(url))
    probe.sendall(_head(6_000_000))  # the head only: a 6 MB body that is never sent
    answer = _answer(probe, 2)
    probe.close()
    busy.close()
    assert b" 429 " in answer.split(b"\r\n", 1)[0] and b"retry-after" in answer.lower() and b"too_busy" in answer


def test_a_stopped_batch_stops_within_a_slice(server):
    """A slice is ~25 ms or one text, however long the texts: a departed client frees the backend at once."""
    assert len(read_slice([LONG_TEXT] * 64, 0, seconds=0)) == 1
    assert len(read_slice(["北京市海淀区中关村大街1号"] * 64, 60, seconds=10)) == 4
    url, _ = server
    heavy = json.dumps({"texts": [LONG_TEXT] * 1000}, ensure_ascii=False).encode()
    sock = socket.create_connection(_address(url))
    sock.sendall(_head(len(heavy)) + heavy)
    time.sleep(0.5)
    sock.close()
    left = time.monotonic()
    while "addrx_records_in_flight 0.0" not in httpx.get(url + "/metrics").text:
        assert time.monotonic() - left < 0.5, "the stopped batch kept running"
        time.sleep(0.02)


def test_api_keys_no_client_could_send_are_refused_at_start_up():
    env = {"ADDRX_API_KEYS": "good-key,clé secrète", "ADDRX_MODEL": "", "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, "-m", "service"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode != 0
    assert "invalid settings: ADDRX_API_KEYS" in done.stderr and "printable ASCII" in done.stderr
    assert "Traceback" not in done.stderr


def test_the_overload_bench_prints_accepted_records_per_s_side_by_side(capsys):
    """bench.overload in small: two client counts against a real server, the ratio printed, no resets."""
    from bench.overload import main

    rows = main(["--clients", "2,12", "--batch", "200", "--seconds", "2"])
    out = capsys.readouterr().out
    assert [r["clients"] for r in rows] == [2, 12] and all(r["accepted_records_per_s"] > 0 for r in rows)
    assert all(r["other_statuses"] == 0 for r in rows), rows  # refusals are 429s, never resets or 5xx
    assert "| 12 |" in out and "vs first" in out


def test_metrics_say_what_an_operator_alerts_on(server):
    """Process CPU and memory, the build and model, answers per check value, requests per route and status."""
    url, _ = server
    httpx.post(url + "/extract", json={"texts": [ORDER, "长沙市岳麓区桃花岭路189号"]}, headers=JSON)
    httpx.post(url + "/extract", content=b"{}", headers={"content-type": "text/plain"})
    text = httpx.get(url + "/metrics").text
    assert "process_cpu_seconds_total" in text and "process_resident_memory_bytes" in text
    assert 'addrx_build_info{backend="rules",model="",version="0.1.0"} 1.0' in text
    assert 'addrx_checks_total{field="district",value="found"}' in text
    assert 'addrx_checks_total{field="province",value="inferred"}' in text
    assert 'addrx_requests_total{route="/extract",status="200"}' in text
    assert 'addrx_requests_total{route="/extract",status="415"}' in text
