"""A spreadsheet's header row pasted with one row of values: each value read after its column's label."""

import pytest

from service.extract import extract
from service.extract.labels import is_label
from service.extract.table_row import labelled_row


@pytest.mark.parametrize("text,want", [
    ("姓名\t电话\t地址\n孟非\t139\t江苏省南京市", "姓名：孟非；电话：139；地址：江苏省南京市"),
    ("收件人,手机,省,市,区,详细地址\n乐嘉,139,江苏省,南京市,玄武区,北京东路41号",
     "收件人：乐嘉；手机：139；省：江苏省；市：南京市；区：玄武区；详细地址：北京东路41号"),
    ("name|phone|address\n\nJack Ma|139|江苏省", "name：Jack Ma；phone：139；address：江苏省"),  # a blank line between
    ("姓名,电话,备注,地址\n孟非,139,,江苏省", "姓名：孟非；电话：139；地址：江苏省"),  # an empty cell labels nothing
])
def test_a_header_row_labels_the_row_under_it(text, want):
    assert labelled_row(text, is_label) == want


@pytest.mark.parametrize("text", [
    "姓名\t电话\n孟非\t139",  # two columns: as likely a label and its value on each line
    "姓名\t电话\t地址\n孟非\t139",  # the cells do not line up
    "姓名\t电话\t地址\n孟非\t139\t江苏省\n乐嘉\t138\t浙江省",  # several rows: a bulk file, not one record
    "孟非\t139\t江苏省\n乐嘉\t138\t浙江省",  # no header
    "收件人：孟非\n电话：139\n地址：江苏省",  # a form, one field a line
])
def test_other_texts_are_left_as_they_are(text):
    assert labelled_row(text, is_label) == text


def test_the_rules_read_a_pasted_header_and_row():
    r = extract("收件人,手机,省,市,区,详细地址\n乐嘉,13912345602,江苏省,南京市,玄武区,北京东路41号")
    assert (r.province, r.city, r.district, r.specific_location, r.name, r.phone) == (
        "江苏省", "南京市", "玄武区", "北京东路41号", "乐嘉", "13912345602")
