"""Issue 21: an unknown label is still a label. Words no list or vocabulary holds, read by what follows them (service/
extract/typed_labels.py). Before it, each label set below read wrong, mostly unflagged: the label became the name
(打这个, 座机), stayed in the location (…100号 收的人：张伟) or the address kept its label (地儿：龙山镇…)."""

import pytest

from service.extract import extract
from service.extract.typed_labels import with_typed_labels
from service.review import review_of

RECORD = ("浙江省", "杭州市", "西湖区", "文三路100号", "张三", "13812345678")


def six(text):
    r = extract(text)
    return (r.province, r.city, r.district, r.specific_location, r.name, r.phone), review_of(r, text)


@pytest.mark.parametrize("name_label,phone_label,address_label", [
    ("收的人：", "打这个：", "宝贝寄到："),
    ("接头人：", "座机：", "落地点："),
    ("谁收：", "call：", "地儿："),
    ("人：", "号：", "目的："),
    ("B:", "C:", "A:"),  # an export's lettered columns
    ("Addressee: ", "Contact no: ", "Deliver to: "),
    ("签字的：", "座机号：", "送哪儿："),
    ("老板娘：", "手机儿：", "快递送："),
])
def test_a_label_no_vocabulary_holds_is_read_by_its_value(name_label, phone_label, address_label):
    for text in (f"{address_label}浙江省杭州市西湖区文三路100号 {name_label}张三 {phone_label}13812345678",
                 f"{phone_label}13812345678，{name_label}张三，{address_label}浙江省杭州市西湖区文三路100号",
                 f"老板，发这里：{name_label}张三/{address_label}浙江省杭州市西湖区文三路100号/{phone_label}13812345678"):
        fields, review = six(text)
        assert fields == RECORD, text
        assert not review.needed, text


def test_after_a_persons_word_a_name_may_end_like_a_place_or_open_with_a_city():
    assert six("派到：江苏省南京市鼓楼区中央路193号；收的人：荣怡园；电联：18612263337")[0] == (
        "江苏省", "南京市", "鼓楼区", "中央路193号", "荣怡园", "18612263337")
    assert six("尊姓大名：濮阳紫欣；电联：15652238170；送哪：浙江省杭州市西湖区文三路100号")[0][3:] == (
        "文三路100号", "濮阳紫欣", "15652238170")
    # a name no listed surname opens, or holding a word of a chat (能), after a word that names a person
    assert six("签收者：溥梓涵 打这个：13812345678 浙江省杭州市西湖区文三路100号")[0][4] == "溥梓涵"
    assert six("对接：能长胜 打这个：13812345678 浙江省杭州市西湖区文三路100号")[0][4] == "能长胜"


def test_an_address_that_writes_no_division_keeps_no_label():
    fields, review = six("地儿：九堡商贸中心3-2277，号：18513339284，领取人：利红")
    assert fields[3:] == ("九堡商贸中心3-2277", "利红", "18513339284")
    assert review.needed  # no division: a person must say where 九堡 is
    assert six("Mob no:13810227624/邮到：鑫晟实业股份有限公司三分厂/对接：芮菁颍")[0][3:] == (
        "鑫晟实业股份有限公司三分厂", "芮菁颍", "13810227624")


@pytest.mark.parametrize("text,expected", [
    ("接头人：张三 打这个：\x00", "姓名：张三 电话：\x00"),
    ("落地点：浙江省杭州市西湖区文三路100号", "地址：浙江省杭州市西湖区文三路100号"),
    ("Hotline: \x00", "电话: \x00"),
    ("发这里：签字人：张三", "发这里：姓名：张三"),  # a request's colon before the label
    # left as written: a name before its phone, a listed label, the goods', an order's, the sender's, a time, a link
    ("王芳：\x00 浙江省杭州市西湖区文三路100号", "王芳：\x00 浙江省杭州市西湖区文三路100号"),
    ("收件人：张三", "收件人：张三"),
    ("品名：李子 单号：\x00", "品名：李子 单号：\x00"),
    ("寄件方：李四", "寄件方：李四"),
    ("送达 10:30 前", "送达 10:30 前"),
    ("见 http://example.com", "见 http://example.com"),
    ("网点：西湖店", "网点：西湖店"),  # a shop's name is no address and no one's
    ("时段：周末", "时段：周末"),  # 周末 is no one: 时段 names no person and 末 ends no given name a surname opens
])
def test_with_typed_labels(text, expected):
    assert with_typed_labels(text) == expected


def test_a_phone_after_mob_no_is_a_phone_and_an_orders_no_is_not():
    assert six("Mob no:13812345678 张三 浙江省杭州市西湖区文三路100号")[0][5] == "13812345678"
    assert six("Ph no. 13812345678 张三 浙江省杭州市西湖区文三路100号")[0][5] == "13812345678"
    assert six("Order No: 13812345678 张三 浙江省杭州市西湖区文三路100号")[0][5] is None


@pytest.mark.parametrize("text", [
    "落地点——浙江省杭州市西湖区文三路100号 接头人——张三 座机——13812345678",
    "落地点>>浙江省杭州市西湖区文三路100号 接头人>>张三 座机>>13812345678",
    "落地点→浙江省杭州市西湖区文三路100号，接头人→张三，座机→13812345678",
    "落地点=浙江省杭州市西湖区文三路100号&接头人=张三&座机=13812345678",
    "[落地点]浙江省杭州市西湖区文三路100号[接头人]张三[座机]13812345678",
    "【接头人】张三【座机】13812345678【落地点】浙江省杭州市西湖区文三路100号",
    "[接头人] 张三 [座机] 13812345678 [落地点] 浙江省杭州市西湖区文三路100号",
])
def test_what_stands_for_a_colon_after_an_unlisted_label(text):
    fields, review = six(text)
    assert fields == RECORD, text
    assert not review.needed, text


@pytest.mark.parametrize("text,name", [
    ("江苏省淮安市清江浦区淮海东路1号 >> 海清 >> 13912345638", "海清"),  # a rare surname's name before an arrow
    ("浙江省宁波市余姚市阳明街道新建路5号【楼佳琪】13800001111", "楼佳琪"),  # and in brackets
    ("【顺丰】收货的地址是横河镇石堰村王梁天圆路11号，手机:18701033926，联系人：羿涵", "羿涵"),  # a courier's brackets
])
def test_a_name_or_a_brand_before_a_mark_is_no_label(text, name):
    r = extract(text)
    assert r.name == name and "顺丰" not in (r.specific_location or "") and "收货" not in (r.specific_location or "")
