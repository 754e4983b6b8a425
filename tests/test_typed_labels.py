"""Issue 21: an unknown label is still a label. Words no list or vocabulary holds, read by what follows them (service/
extract/typed_labels.py). Before it, each label set below read wrong, mostly unflagged: the label became the name
(打这个, 座机), stayed in the location (…100号 收的人：张伟) or the address kept its label (地儿：龙山镇…)."""

import pytest

from service.extract import extract
from service.extract.typed_labels import with_typed_labels, with_unmarked_labels
from service.review import review_of

RECORD = ("浙江省", "杭州市", "西湖区", "文三路100号", "张三", "13812345678")


def six(text):
    r = extract(text)
    return (r.province, r.city, r.district, r.specific_location, r.name, r.phone), review_of(r, text)


def assert_read_right(text):
    fields, review = six(text)
    assert fields == RECORD, text
    assert not review.needed, text  # and the operator is not asked to look


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
        assert_read_right(text)


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
    assert_read_right(text)


@pytest.mark.parametrize("text,name", [
    ("江苏省淮安市清江浦区淮海东路1号 >> 海清 >> 13912345638", "海清"),  # a rare surname's name before an arrow
    ("浙江省宁波市余姚市阳明街道新建路5号【楼佳琪】13800001111", "楼佳琪"),  # and in brackets
    ("【顺丰】收货的地址是横河镇石堰村王梁天圆路11号，手机:18701033926，联系人：羿涵", "羿涵"),  # a courier's brackets
])
def test_a_name_or_a_brand_before_a_mark_is_no_label(text, name):
    r = extract(text)
    assert r.name == name and "顺丰" not in (r.specific_location or "") and "收货" not in (r.specific_location or "")


@pytest.mark.parametrize("name_label,phone_label,address_label", [
    # a listed label inside a longer label (微信 in 微信同号, 手机号 in 手机号多少, 地址 in 门牌地址): the rest is no name
    ("宝贝主人：", "微信同号：", "门牌地址："),
    ("领件人：", "V信同号：", "地址如下："),
    ("到付人：", "手机号多少：", "Mail to:"),
    ("取件码人：", "紧急联系：", "Post to:"),
    ("叫啥：", "联系热线：", "发货到："),  # 发货到 is where the parcel goes, not the sender's
    ("Client:", "通讯：", "住处："),  # 通 and 呼 open surnames, but 讯 and 叫 are a call's
    ("签收：", "呼叫：", "收在："),
])
def test_a_label_that_holds_a_listed_label_or_a_call_is_read_by_its_value(name_label, phone_label, address_label):
    for text in (f"{address_label}浙江省杭州市西湖区文三路100号 | {phone_label}13812345678 | {name_label}张三",
                 f"{name_label}张三；{phone_label}13812345678；{address_label}浙江省杭州市西湖区文三路100号"):
        assert_read_right(text)


@pytest.mark.parametrize("text", [
    "你好～领件人：张三 - 地址：浙江省杭州市西湖区文三路100号 - 紧急联系：13812345678",  # a greeting's tilde before a label
    "①领件人：张三\n住处：浙江省杭州市西湖区文三路100号\n固话：13812345678",  # a circled list number
    "客服你好，浙江省杭州市西湖区文三路100号、找我：13812345678、Client:张三~",  # a greeting to the desk; a tilde after
])
def test_a_label_after_a_greeting_or_a_list_number_and_a_name_before_a_tilde(text):
    assert_read_right(text)


@pytest.mark.parametrize("text", [
    "宣荣嗣电话：\x00",  # a rare surname's full name glued to a listed label
    "钱多多手机：\x00",
    "Ouyang Xiao phone: \x00",  # a romanised name: pinyin syllables throughout
    "寄件人：李四",
])
def test_a_name_glued_to_a_listed_label_is_left_for_the_labels(text):
    assert with_typed_labels(text) == text


def test_an_address_with_a_chat_note_glued_to_it_keeps_its_divisions():
    fields, _ = six("地址：安徽省滁州市定远县定远三中附近中通快递代理点到了电联自取 电话：18515434400")
    assert fields[:3] == ("安徽省", "滁州市", "定远县") and fields[3].startswith("定远三中附近中通快递代理点")


@pytest.mark.parametrize("text", [
    "买主：荣怡园 | 来电：13812345678 | 浙江省杭州市西湖区文三路100号",  # 主 names a person: a name that ends like a place
    "浙江省杭州市西湖区文三路100号，来电：13812345678，Addressee: 谢依琳 谢谢",  # 谢 opens a name, not only thanks
    "Client:谢常安。浙江省杭州市西湖区文三路100号。来电：13812345678",
])
def test_after_a_word_naming_the_buyer_or_the_addressee_the_value_is_the_name(text):
    name = extract(text).name
    assert name in ("荣怡园", "谢依琳", "谢常安") and name in text


def test_a_buyers_message_that_is_the_address_is_read_as_the_address():
    fields, _ = six("买家留言：浙江省杭州市西湖区 门牌号：文三路100号 来电：13812345678 收件人：张三 急用")
    assert fields == RECORD
    assert six("备注：放门卫 浙江省杭州市西湖区文三路100号 张三 13812345678")[0] == RECORD  # a note stays a note


@pytest.mark.parametrize("text", [
    "浙江省杭州市西湖区文三路100号 接头人 张三 13812345678",  # a word naming who takes it, before a space and a name
    "领件人 张三 浙江省杭州市西湖区文三路100号 13812345678",
    "浙江省杭州市西湖区文三路100号 张三 微信同号 13812345678",  # a call's words before a phone, no mark
    "浙江省杭州市西湖区文三路100号 张三 V信同号13812345678",
    "张三 通讯 13812345678 浙江省杭州市西湖区文三路100号",
])
def test_a_label_with_no_mark_before_a_name_or_a_phone(text):
    assert_read_right(text)


@pytest.mark.parametrize("text,location", [
    ("广东省梅州市梅江区江南彬芳大道1号 客家人 李小龙 13912340015", "江南彬芳大道1号 客家人"),  # a place's people
    ("浙江省杭州市滨江区江南大道3888号手机13912340008刘静", "江南大道3888号"),  # 号 ends the address, not a call's word
])
def test_a_word_ending_in_a_persons_character_or_a_number_before_a_phone_label_stays_where_it_is(text, location):
    assert extract(text).specific_location == location


@pytest.mark.parametrize("text,name", [
    ("门牌地址：河南省焦作市温县菜园街67号\r\nShip-to:焦杰\r\n紧急联系：18510822928", "焦杰"),  # two listed labels, one word
    ("热线：18612263337 | 江苏省南京市鼓楼区中央路193号 | 收件者姓名：荣怡园", "荣怡园"),
])
def test_a_word_of_two_listed_labels_is_read_as_one_label(text, name):
    assert extract(text).name == name


@pytest.mark.parametrize("text,name", [
    ("#1 用户：谢剑铿/浙江省杭州市西湖区文三路100号/打给：13812345678", "谢剑铿"),  # 谢 opens a name; #1 a chat's list
    ("再发一单：打给：13812345678 | 浙江省杭州市西湖区文三路100号 | 接件人：宿博文😊", "宿博文"),  # another order; an emoji
    ("复制这个：浙江省杭州市西湖区文三路100号、打给：13812345678、您贵姓：空大问", "空大问"),
    ("浙江省杭州市西湖区文三路100号 | 家人：张三 | call me:13812345678", "张三"),
])
def test_requests_list_numbers_and_emoji_around_labels(text, name):
    r = extract(text)
    assert (r.specific_location, r.name, r.phone) == ("文三路100号", name, "13812345678"), text
    assert not review_of(r, text).needed, text


def test_a_call_before_the_second_phone_is_read_when_the_text_opens_with_the_first():
    from service.extract.typed_labels import _CALL_WORDS, _a_call_before_a_phone

    text = "\x00 张三 微信同号 \x00 浙江省杭州市西湖区文三路100号"
    assert _a_call_before_a_phone(text) and _CALL_WORDS.search(text)  # the gate lets through what the search finds
    assert with_unmarked_labels(text) == "\x00 张三 电话：\x00 浙江省杭州市西湖区文三路100号"
    assert not _a_call_before_a_phone("\x00 张三 浙江省杭州市西湖区文三路100号")
