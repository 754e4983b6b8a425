"""Issue 21: an unknown label is still a label. Labels no list holds, read by their field word (service/extract/
generic_labels.py): most of the label sets below read wrong before (most unflagged: the label's words became the name, or stayed in
the location, or the phone was lost)."""

import pytest

from service.extract import extract
from service.extract.generic_labels import with_plain_labels
from service.review import review_of

RECORD = ("浙江省", "杭州市", "西湖区", "文三路100号", "张三", "13812345678")


@pytest.mark.parametrize("name_label,phone_label,address_label", [
    ("怎么称呼：", "移动电话：", "家庭地址："),
    ("联系人称呼：", "常用手机：", "派送地址："),
    ("收件方：", "收件方电话：", "投递地址："),
    ("Contact Person: ", "Mobile Phone:", "Delivery Address: "),
    ("Consignee Name:", "Contact No.:", "Street Address: "),
    ("收件人员：", "Cellphone: ", "Ship to: "),
    ("签收人员：", "Tel/Mobile: ", "收货位置："),
    ("您的姓名：", "您的电话：", "您的地址："),
    ("会员姓名：", "会员手机号:", "单位地址："),
    # written with a space instead of a colon
    ("称呼 ", "移动电话 ", "家庭地址 "),
    ("收件方 ", "常用手机 ", "所在地址 "),
    ("用户名 ", "用户手机 ", "收件地 "),
    # a label's words that a second table showed missing (信息/资料 before the record, a desk's person, Buyer/Customer)
    ("联系人信息:", "负责人手机：", "派件地址："),
    ("收货人资料：", "对接人电话：", "交货地址："),
    ("经办人：", "Buyer Phone:", "Customer Address:"),
    ("店铺联系人：", "移动号码：", "发货目的地："),
])
def test_a_label_no_list_holds_labels_its_field(name_label, phone_label, address_label):
    for text in (f"{name_label}张三 {phone_label}13812345678 {address_label}浙江省杭州市西湖区文三路100号",
                 f"{address_label}浙江省杭州市西湖区文三路100号，{phone_label}13812345678，{name_label}张三",
                 f"{phone_label}13812345678/{address_label}浙江省杭州市西湖区文三路100号/{name_label}张三"):
        r = extract(text)
        assert (r.province, r.city, r.district, r.specific_location, r.name, r.phone) == RECORD, text
        assert not review_of(r, text).needed, text


@pytest.mark.parametrize("text", [
    "童文洁联系电话:13912340010",  # a name glued before a listed label: labels.py cuts it
    "收货人孙浩然：北京市",  # a listed label before a name
    "name: Wang Lei phone: 13611112222",  # Latin words that are no label's vocabulary
    "寄件人称呼：李四",  # the sender's: roles.py reads it
    "3号楼：5单元",  # a digit: no label
    "备注：放门卫 时间：10点",  # listed, or no field word
    "浙江省杭州市西湖区文三路100号 张三 13812345678",  # no colon, no label word
])
def test_what_is_no_unknown_label_is_left_as_written(text):
    assert with_plain_labels(text) == text


def test_the_plain_label_is_the_fields_kind():
    assert with_plain_labels("家庭地址：浙江省 移动电话：138 怎么称呼：张三") == "地址：浙江省 电话：138 姓名：张三"
    assert with_plain_labels("联系电话（必填）：138") == "联系电话（必填）：138"  # listed, a qualifier after it
    assert with_plain_labels("移动电话（必填）：138") == "电话：138"
    assert with_plain_labels("常用手机 138") == "电话：138"
