"""The service on a real socket: python -m service under uvicorn, rules backend."""

import concurrent.futures

import httpx

from service.schema import FIELDS


def test_real_socket_batch_and_concurrency(rules_server):
    texts = [f"收件人：张{i}三，电话：138{i:08d}，地址：广东省深圳市南山区科技园{i}号" for i in range(200)]

    def post(chunk):
        return httpx.post(rules_server + "/extract", json={"texts": chunk}, timeout=30).json()["results"]

    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(post, [texts[i:i + 25] for i in range(0, 200, 25)]))
    flat = [r for chunk in answers for r in chunk]
    assert len(flat) == 200
    assert [r["phone"] for r in flat] == [f"138{i:08d}" for i in range(200)]
    assert all(r["district"] == "南山区" and set(FIELDS) <= set(r) for r in flat)


def test_real_socket_errors_are_json(rules_server):
    reply = httpx.post(rules_server + "/extract", content=b"nope", headers={"content-type": "application/json"})
    assert reply.status_code == 400 and reply.json()["error"]["code"] == "bad_json"
    assert httpx.get(rules_server + "/ready").json()["backend"] == "rules"
