"""Issue 21: texts written here (2026-12-07, eighteenth session) in registers the corpora lack. Most cases read wrong
before (the rest guard what the fixes could break), and those marked † unflagged: a comma inside brackets after the address, a square bracket closing it, an order
export's origin and seller columns after the address, a word and a colon that no list holds before the divisions, 转
after a full name, what the parcel is written after the contact; labels as forms and exports type them (spaced out, a
space before the colon, Mobile No., 客户名, 收件人名, 收件人就是, 收件详址), a list number before a symbol, 叫 before a name."""

import pytest

from service.extract import extract
from service.review import review_of

DIVISIONS = ("浙江省", "杭州市", "西湖区")


def reading(text: str) -> tuple:
    r = extract(text)
    return r.province, r.city, r.district, r.specific_location, r.name, r.phone


@pytest.mark.parametrize("text,location", [
    # † split at the comma: the location lost its closing bracket and what followed the comma
    ("张三 13812345678 浙江省杭州市西湖区文三路100号（华星大厦，5楼）", "文三路100号（华星大厦，5楼）"),
    ("张三 13812345678 浙江省杭州市西湖区文三路100号(华星大厦,5楼)", "文三路100号(华星大厦,5楼)"),
    ("浙江省杭州市西湖区文三路100号（靠近地铁站，华星大厦旁） 张三 13812345678", "文三路100号（靠近地铁站，华星大厦旁）"),
    ("浙江省杭州市西湖区文三路100号（5幢，2单元，1201室） 张三 13812345678", "文三路100号（5幢，2单元，1201室）"),
    ("浙江省杭州市西湖区文三路100号【华星大厦，5楼】 张三 13812345678", "文三路100号【华星大厦，5楼】"),
    # † a square bracket closing the location was cut as edge punctuation, its opening kept
    ("浙江省杭州市西湖区文三路100号[华星大厦5楼] 张三 13812345678", "文三路100号[华星大厦5楼]"),
    ("浙江省杭州市西湖区文三路100号[华星大厦,5楼] 张三 13812345678", "文三路100号[华星大厦,5楼]"),
])
def test_a_place_in_brackets_with_a_comma_is_one_piece(text, location):
    assert reading(text) == (*DIVISIONS, location, "张三", "13812345678")


@pytest.mark.parametrize("text", [
    "浙江省杭州市西湖区文三路100号（张三，13812345678）",  # a contact in brackets is still two fields
    "张三（先生，13812345678） 浙江省杭州市西湖区文三路100号",
    "收件人：张三（女，学生） 电话：13812345678 地址：浙江省杭州市西湖区文三路100号",  # † the name was 张三（女
    "张三 13812345678 浙江省杭州市西湖区文三路100号（周末不在，工作日送）",  # a note in brackets is still dropped
    "[加急]张三 13812345678 浙江省杭州市西湖区文三路100号",
    "浙江省杭州市西湖区文三路100号 张三 [13812345678]",
])
def test_brackets_round_a_contact_or_a_note(text):
    assert reading(text) == (*DIVISIONS, "文三路100号", "张三", "13812345678")


@pytest.mark.parametrize("text", [
    # † an order export's origin, channel and seller columns stayed in the location
    "收件人：张三 电话：13812345678 地址：浙江省杭州市西湖区文三路100号 发货仓：义乌仓",
    "收件人：张三 电话：13812345678 地址：浙江省杭州市西湖区文三路100号 平台：拼多多 客服：小美",
    "收件人：张三 电话：13812345678 地址：浙江省杭州市西湖区文三路100号 发货地：浙江省金华市义乌市",
    "发货地：浙江省金华市义乌市 收件人：张三 电话：13812345678 地址：浙江省杭州市西湖区文三路100号",
    "来源：淘宝 收件人：张三 电话：13812345678 地址：浙江省杭州市西湖区文三路100号",
    "浙江省杭州市西湖区文三路100号 张三 13812345678 销售：李四",
    # † what the parcel is, after the contact (生鲜冷链 stayed in the location)
    "张三 13812345678 浙江省杭州市西湖区文三路100号 生鲜冷链",
    "张三 13812345678 浙江省杭州市西湖区文三路100号 冷冻食品",
    # a word and a colon no list holds, before the divisions: a label all the same (门店：… lost every division)
    "收件人：张三 电话：13812345678 门店：浙江省杭州市西湖区文三路100号",
    "收件人：张三 电话：13812345678 收货点：浙江省杭州市西湖区文三路100号",
    "张三 13812345678 目的地址：杭州市西湖区文三路100号",
])
def test_columns_and_labels_others_write_around_the_address(text):
    assert reading(text) == (*DIVISIONS, "文三路100号", "张三", "13812345678")
    assert not review_of(extract(text), text).needed


@pytest.mark.parametrize("text,location", [
    ("浙江省杭州市西湖区冷链物流园3号库 张三 13812345678", "冷链物流园3号库"),  # a place named so stays the address
    ("收件人：张三 电话：13812345678 地址：浙江省杭州市西湖区仓库路100号", "仓库路100号"),
])
def test_the_new_words_stay_a_places_inside_the_address(text, location):
    assert reading(text) == (*DIVISIONS, location, "张三", "13812345678")


@pytest.mark.parametrize("text,name", [
    ("湖南省邵阳市隆回县桃洪镇 刘德华转 13612345678", "刘德华"),  # † read as the name 刘德华转
    ("湖南省邵阳市隆回县桃洪镇 收件人：刘德华转 13612345678", "刘德华"),
    ("湖南省邵阳市隆回县桃洪镇 欧阳娜娜转交 13612345678", "欧阳娜娜"),
])
def test_relay_mark_after_a_full_name(text, name):
    assert reading(text) == ("湖南省", "邵阳市", "隆回县", "桃洪镇", name, "13612345678")


@pytest.mark.parametrize("text", [
    # † a label typed with spaces between its characters: 电 话 and 姓 名 stayed in the location, 姓 名 lost the name
    "收 件 人：张三 电 话：13812345678 地 址：浙江省杭州市西湖区文三路100号",
    "浙江省杭州市西湖区文三路100号 姓 名：张三 手 机 : 13812345678",
    "姓\u3000名：张三\u3000电\u3000话：13812345678\u3000地\u3000址：浙江省杭州市西湖区文三路100号",
    # † a space before the colon: the bracketed note stayed in the name
    "收件人 :张三（工作日送） 电话：13812345678 地址：浙江省杭州市西湖区文三路100号",
    # † the phone's No. read as an order number's: the phone was lost
    "Mobile No.:13812345678 张三 浙江省杭州市西湖区文三路100号",
    "张三 Phone No: 13812345678 浙江省杭州市西湖区文三路100号",
    "收件人：张三 Phone number: 13812345678 地址：浙江省杭州市西湖区文三路100号",
    # † longer name labels: the name was 名：张三 or 就是张三
    "客户名：张三 电话：13812345678 地址：浙江省杭州市西湖区文三路100号",
    "收件人名：张三 电话：13812345678 地址：浙江省杭州市西湖区文三路100号",
    "收货人名字：张三 电话：13812345678 地址：浙江省杭州市西湖区文三路100号",
    "收件人就是张三，电话：13812345678，浙江省杭州市西湖区文三路100号",
    "张三 13812345678 收件详址:浙江省杭州市西湖区文三路100号",
    # a bracketed note after a name a label's mark precedes
    "【姓名】：张三（工作日送） 电话：13812345678 地址：浙江省杭州市西湖区文三路100号",
    "Name -张三（工作日送） 电话：13812345678 地址：浙江省杭州市西湖区文三路100号",
    # the text's list number before an asterisk or an emoji: the 1 joined the location
    "1. *手机号：13812345678 - 收件人(必填)：张三 - 地址→浙江省杭州市西湖区文三路100号",
    "1. 📍浙江省杭州市西湖区文三路100号 收件人——张三 Mobile No.:13812345678",
    "1. ☎13812345678 张三 浙江省杭州市西湖区文三路100号",
    # 叫 before a name standing alone; 同上 after the contact says nothing
    "我在杭州西湖区文三路100号，叫张三，电话是13812345678",
    "张三 13812345678 杭州市西湖区文三路100号 同上",
])
def test_labels_as_forms_and_exports_type_them(text):
    assert reading(text) == (*DIVISIONS, "文三路100号", "张三", "13812345678")


def test_a_no_before_digits_still_labels_an_order_number():
    assert reading("张三 No.18511290503 浙江省杭州市西湖区文三路100号 13812345678")[4:] == ("张三", "13812345678")
    assert reading("订单No.2026120700112 张三 13812345678 浙江省杭州市西湖区文三路100号")[5] == "13812345678"


@pytest.mark.parametrize("text", [
    # † what a shopping app or a chat appends to a copied address stayed in the location
    "张三 13812345678 浙江省杭州市西湖区文三路100号 复制整段信息打开淘宝",
    "张三 13812345678 浙江省杭州市西湖区文三路100号 -- 来自淘宝",
    "张三 13812345678 浙江省杭州市西湖区文三路100号 【已复制】",
    "张三 13812345678 浙江省杭州市西湖区文三路100号 么么哒",
    # † the app or the shop addressed before the fields read as the name (拼多多, 店主)
    "拼多多 收件人：张三 13812345678 浙江省杭州市西湖区文三路100号",
    "@店主 电话：13812345678 地址：浙江省杭州市西湖区文三路100号 收件人：张三",
    # the request handing the address over (给你发个 read as the name)
    "给你发个地址：收:张三 | 浙江省杭州市西湖区文三路100号 | 【电话】13812345678",
    "我发你个地址：张三 13812345678 浙江省杭州市西湖区文三路100号",
    # † a bracketed note naming where to leave it, after a name: the name was lost with the note
    "浙江省杭州市西湖区文三路100号 13812345678 收件人是张三（请放快递柜，谢谢！）",
    "浙江省杭州市西湖区文三路100号 13812345678 张三（请放快递柜）",
])
def test_what_apps_and_chats_write_around_a_record(text):
    assert reading(text) == (*DIVISIONS, "文三路100号", "张三", "13812345678")


def test_a_desk_before_a_phone_stays_the_name_flagged():
    text = "浙江省杭州市上城区延安路1号 某某科技 客服 400-123-4567"
    assert extract(text).name == "客服" and "name_like_address" in review_of(extract(text), text).reasons


def test_a_name_and_no_phone_is_flagged():
    text = "订单：13912345678 收件人：赵敏 浙江省杭州市西湖区文三路100号"  # the number read as the order's
    assert extract(text).phone is None and "phone_missing" in review_of(extract(text), text).reasons
    assert not review_of(extract("浙江省杭州市西湖区文三路100号"), "浙江省杭州市西湖区文三路100号").reasons  # an address alone
