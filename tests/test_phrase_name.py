"""A name inside a chat's phrase with no label (service/extract/phrase_name.py, round 24): both sides of a full name
cut into a chat's words, and nothing else. Texts written here (2026-12-08), not taken from any corpus or composed set."""

import pytest

from service.extract.phrase_name import name_in_a_phrase
from tests.reading import assert_read_right


@pytest.mark.parametrize("phrase,name", [
    ("帮韩愈下单", "韩愈"), ("收货的是柳永本人", "柳永"), ("打给秦观", "秦观"), ("让晏殊签收就行", "晏殊"),
    ("黄庭坚那边", "黄庭坚"), ("陆九渊会签收的", "陆九渊"),
    ("米芾会签收的", "米芾"),  # 米芾 or 米芾会: 会 opens the next word more often than it closes a given name
    ("快递给司马光", "司马光"), ("就是曾巩", "曾巩"), ("到了联系苏辙", "苏辙"), ("是欧阳修收货", "欧阳修"),
    ("交王安石本人", "王安石"), ("寄给杨万里同志", "杨万里"), ("范成大来拿", "范成大"),
    # phrases no sentence of the pool wrote: the words recombine
    ("麻烦交给周邦彦本人吧", "周邦彦"), ("请让姜夔收一下", "姜夔"),
    ("东方无铭会来取", "东方无铭"),  # reads like a place, but a person comes for the parcel
])
def test_a_name_between_a_chats_words_is_found(phrase, name):
    assert name_in_a_phrase(phrase) == name


@pytest.mark.parametrize("phrase", [
    "王家村",  # 村 is no chat word
    "张三",  # a name alone is no phrase (the rules read it as one already)
    "王府井大街", "李宁专卖店", "帮我", "到了给我打电话", "请尽快发货",
    "张铱那边边",  # a word that is none: nothing is read
    "王府井那边",  # a place (王府井 reads like one) where 那边 points
    "周末不在家", "辛苦了", "长孙何在",  # with nothing before, 在家, 了, 在 are too weak to make a phrase
    "是易碎品", "请冷链", "还是那个", "好的谢谢",  # 是, 请 alone lead to no one; thanks are no one
    "我是郭靖的朋友",  # the writer is the friend: whose parcel it is, the text says elsewhere
    "宓文会收",  # 宓文会 + 收 or 宓文 + 会收: 收 alone is too weak, 会收 no word (the receipt mark reads 宓文会收)
])
def test_anything_else_is_left_as_it_was(phrase):
    assert name_in_a_phrase(phrase) is None


@pytest.mark.parametrize("text,want", [
    ("帮韩愈下单，送广东省潮州市湘桥区昌黎路1号，手机13912345601",
     dict(name="韩愈", district="湘桥区", specific_location="昌黎路1号", phone="13912345601")),
    ("收货的是柳永本人，13912345602，福建省南平市武夷山市崇安街道2号", dict(name="柳永", district="武夷山市")),
    ("江苏省扬州市高邮市文游路3号，打给秦观，13912345603", dict(name="秦观", specific_location="文游路3号")),
    ("地址：江西省抚州市临川区赣东大道4号。到了联系晏殊，13912345604", dict(name="晏殊", specific_location="赣东大道4号")),
    ("请发给黄庭坚：江西省九江市修水县良塘路5号，13912345605", dict(name="黄庭坚", district="修水县")),
    ("就寄给米芾吧，湖北省襄阳市樊城区米公路6号，13912345606", dict(name="米芾", specific_location="米公路6号")),
    ("寄辽宁省丹东市凤城市凤凰城路10号，宓文会收，13912345610", dict(name="宓文会")),
    ("对，就是曾巩，13912345608，江西省抚州市南丰县琴城镇8号没错", dict(name="曾巩", specific_location="琴城镇8号")),
    ("送去安徽省安庆市大观区集贤路9号，交王安石本人，电话13912345609",
     dict(province="安徽省", district="大观区", specific_location="集贤路9号", name="王安石")),
])
def test_texts_with_such_phrases_read_right(text, want):
    assert_read_right(text, **want)
