"""Every contact with its role, and the sender's address (issue 22): 寄件人 … 收件人 … texts answer for the
recipient at the top level, the sender under sender_address; texts without a sender label are one contact."""

import json

import httpx
import pytest
from fastapi.testclient import TestClient

from service.app import create_app
from service.extract.contacts import unlabelled_pairs
from service.extract.roles import role_segments
from service.settings import Settings

from .conftest import FakeModelBackend, wait_until_ready

BOTH = "寄件人：张三 13800138000 北京市海淀区中关村大街1号 收件人：李四 13912345678 上海市浦东新区世纪大道100号"


def test_role_labels_split_the_text_by_role():
    assert role_segments(BOTH) == [("sender", "姓名：张三 13800138000 北京市海淀区中关村大街1号"),
                                   ("recipient", "收件人：李四 13912345678 上海市浦东新区世纪大道100号")]
    # Addresses labelled apart from names: each role's pieces are joined.
    split = "寄件地址：北京市海淀区中关村大街1号 收件地址：上海市浦东新区世纪大道100号 寄件人：张三 13800138000 收件人：李四 13912345678"
    assert [role for role, _ in role_segments(split)] == ["sender", "recipient"]
    assert role_segments("收件人：李四 13912345678 上海市浦东新区世纪大道100号") is None  # no sender: one contact
    # From … To … without their colons, From opening the text
    latin = "From 赵本山 13912345665 To 宋小宝 13912345666 辽宁省沈阳市沈河区青年大街1号"
    assert [role for role, _ in role_segments(latin)] == ["sender", "recipient"]
    assert role_segments("浙江省杭州市 Next to 地铁站 张三 13912345678") is None  # no From at the head: no roles


@pytest.mark.parametrize("text", [
    BOTH,
    "寄件地址：北京市海淀区中关村大街1号 收件地址：上海市浦东新区世纪大道100号 寄件人：张三 13800138000 收件人：李四 13912345678",
    "收货人：李四 13912345678 上海市浦东新区世纪大道100号 | 发件人：张三 13800138000 北京市海淀区中关村大街1号",
])
def test_sender_and_recipient_over_http(rules_server, text):
    [r] = httpx.post(rules_server + "/extract", json={"texts": [text]}).json()["results"]
    assert (r["province"], r["district"], r["specific_location"], r["name"], r["phone"]) == \
        ("上海市", "浦东新区", "世纪大道100号", "李四", "13912345678")
    assert {(c["name"], c["phone"], c["role"]) for c in r["contacts"]} == {("张三", "13800138000", "sender"),
                                                                          ("李四", "13912345678", "recipient")}
    assert r["sender_address"] == {"province": "北京市", "city": "北京市", "district": "海淀区",
                                   "specific_location": "中关村大街1号", "adcode": "110108"}
    assert [p["raw"] for p in r["phones"]] == sorted([p["raw"] for p in r["phones"]], key=text.index)  # every phone, in order


def test_one_contact_without_a_sender_label(rules_server):
    texts = ["收件人：李四 13912345678 上海市浦东新区世纪大道100号", "长沙市岳麓区桃花岭路189号 江雨桐 021-17613435", ""]
    results = httpx.post(rules_server + "/extract", json={"texts": texts}).json()["results"]
    assert [r["contacts"] for r in results] == [[{"name": "李四", "phone": "13912345678", "role": "recipient"}],
                                                [{"name": "江雨桐", "phone": "021-17613435", "role": None}], []]
    assert all(r["sender_address"] is None for r in results)


@pytest.mark.parametrize("text", [
    "张三 13812345678 李四 13987654321 浙江省杭州市西湖区文三路90号",  # name then phone, the address last
    "浙江省杭州市西湖区文三路90号 张三13812345678，李四13987654321",  # the address first, glued to nothing
    "13812345678 张三 / 13987654321 李四 浙江省杭州市西湖区文三路90号",  # phone then name
    "张三 电话13812345678 李四 电话13987654321 浙江省杭州市西湖区文三路90号",  # each phone labelled, the names not
])
def test_two_unlabelled_name_phone_pairs_are_two_contacts(text):
    assert unlabelled_pairs(text) == [("张三", "13812345678"), ("李四", "13987654321")]


def test_one_person_with_two_numbers_stays_one_contact():
    assert unlabelled_pairs("浙江省杭州市西湖区文三路90号 张三 13812345678 0571-88886666") is None
    assert unlabelled_pairs("浙江省杭州市西湖区文三路90号 张三 13812345678") is None
    assert unlabelled_pairs("运单号 13812345678 张三 13987654321 浙江省杭州市西湖区文三路90号") is None  # a number label's value
    # Extensions stay on their phone; traditional script comes back as written (聯絡人 is a label too).
    assert unlabelled_pairs("上海市浦东新区世纪大道100号 王五 021-12345678转801 赵六 13900001111") == [
        ("王五", "021-12345678转801"), ("赵六", "13900001111")]
    assert unlabelled_pairs("聯絡人：陳大文 91234567 李小龍 61234567 香港九龍油尖旺區彌敦道100號") == [
        ("陳大文", "91234567"), ("李小龍", "61234567")]


def test_unlabelled_pairs_over_http(rules_server):
    texts = ["收件人：张三 13812345678 李四 13987654321 浙江省杭州市西湖区文三路90号",
             "浙江省杭州市西湖区文三路90号 张三 13812345678 0571-88886666"]
    first, second = httpx.post(rules_server + "/extract", json={"texts": texts}).json()["results"]
    assert (first["name"], first["phone"], first["specific_location"]) == ("张三", "13812345678", "文三路90号")
    assert first["contacts"] == [{"name": "张三", "phone": "13812345678", "role": "recipient"},  # the labelled one
                                 {"name": "李四", "phone": "13987654321", "role": None}]
    assert second["contacts"] == [{"name": "张三", "phone": "13812345678", "role": None}]


def test_the_model_path_gets_contacts_from_the_text():
    six = {"province": "上海市", "city": "上海市", "district": "浦东新区", "specific_location": "世纪大道100号",
           "name": "李四", "phone": "13912345678"}
    with TestClient(create_app(Settings(model=""), backend=FakeModelBackend([json.dumps(six, ensure_ascii=False)]))) as c:
        wait_until_ready(c)
        [r] = c.post("/extract", json={"texts": [BOTH]}).json()["results"]
    assert [c["role"] for c in r["contacts"]] == ["sender", "recipient"] and r["sender_address"]["district"] == "海淀区"
