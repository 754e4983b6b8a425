"""The rules on texts written by hand in other people's shapes (tests/written_texts_2026_12_03.py, …_03b.py, …_03c.py, …_03d.py, …_03e.py, …_03f.py, …_04.py, …_04b.py, …_04c.py, …_04d.py, …_04e.py, …_05.py, …_06.py, …_06b.py, …_06c.py, …_06d.py)."""

import pytest

from service.extract import extract
from service.review import review_of

from .written_texts_2026_12_03 import CASES as FIRST
from .written_texts_2026_12_03b import CASES as SECOND
from .written_texts_2026_12_03c import CASES as THIRD
from .written_texts_2026_12_03d import CASES as FOURTH
from .written_texts_2026_12_03e import CASES as FIFTH
from .written_texts_2026_12_03f import CASES as SIXTH
from .written_texts_2026_12_04 import CASES as SEVENTH
from .written_texts_2026_12_04b import CASES as EIGHTH
from .written_texts_2026_12_04c import CASES as NINTH
from .written_texts_2026_12_04d import CASES as TENTH
from .written_texts_2026_12_04e import CASES as ELEVENTH
from .written_texts_2026_12_05 import CASES as TWELFTH
from .written_texts_2026_12_06 import CASES as THIRTEENTH
from .written_texts_2026_12_06b import CASES as FOURTEENTH
from .written_texts_2026_12_06c import CASES as FIFTEENTH
from .written_texts_2026_12_06d import CASES as SIXTEENTH

CASES = (FIRST + SECOND + THIRD + FOURTH + FIFTH + SIXTH + SEVENTH + EIGHTH + NINTH + TENTH + ELEVENTH + TWELFTH + THIRTEENTH
         + FOURTEENTH + FIFTEENTH + SIXTEENTH)


@pytest.mark.parametrize("text,want", CASES, ids=[str(i) for i in range(len(CASES))])
def test_six_fields_of_a_text_written_by_hand(text, want):
    r = extract(text)
    assert (r.province, r.city, r.district, r.specific_location, r.name, r.phone) == want


@pytest.mark.parametrize("text,location,name", [
    ("江苏昆山花桥镇绿地大道1号 顾城 13912621234", "花桥镇绿地大道1号", "顾城"),  # a poet's name ending like an address (…城)
    ("浙江省杭州市西湖区文三路100号 古城 13912345678", "文三路100号 古城", None),  # 古 is no common surname: a place
])
def test_a_name_ending_like_an_address_beside_the_phone_needs_a_common_surname(text, location, name):
    r = extract(text)
    assert (r.specific_location, r.name) == (location, name)
    assert ("name_missing" in review_of(r, text).reasons) == (name is None)


@pytest.mark.parametrize("text,district,location", [
    # a short form written again after its own division's full name begins a place's name when no division follows
    ("浙江省台州市台州湾新区海城路1号 张三 13912345678", None, "台州湾新区海城路1号"),
    ("浙江省温州市温州医学院附属第一医院 张三 13912345678", None, "温州医学院附属第一医院"),
    ("浙江省台州市台州市临海市涌泉镇 张三 13912345678", "临海市", "涌泉镇"),  # a repeat before a district stays one
    ("杭州市杭州城北石祥路1号 张三 13912345678", None, "城北石祥路1号"),  # a quarter of the city: the repeat
    # a road named by one character after a short form (余杭塘路) is no district; 岔路镇 is a town, 中路 a direction
    ("浙江省杭州市余杭塘路2318号 张三 13912345678", None, "余杭塘路2318号"),
    ("宁波宁海岔路镇工业园区173号 张三 13912345678", "宁海县", "岔路镇工业园区173号"),
    ("杭州余杭文一西路1号 张三 13912345678", "余杭区", "文一西路1号"),
])
def test_a_short_form_after_a_division_begins_a_place_unless_a_division_follows(text, district, location):
    r = extract(text)
    assert (r.district, r.specific_location) == (district, location)


@pytest.mark.parametrize("text,location,name", [
    # an order's item line is noise only behind its label's colon: 小商品城 is a place
    ("浙江省义乌市小商品城二区 商品：袜子 10双 张三 13812345678", "小商品城二区", "张三"),
    # when to deliver is noise only standing alone: 上午路 and 工作日大厦 stay the address's
    ("广东省广州市越秀区上午路3号 张三 13812345678", "上午路3号", "张三"),
    ("北京市朝阳区工作日大厦 张三 13812345678 下午3点后送", "工作日大厦", "张三"),
    # a title written apart joins a surname, never an address word before it
    ("河南省洛阳市涧西区中州西路20号 王 女士 13937912345", "中州西路20号", "王女士"),
    # …and a given name written apart from its surname (a form's 姓 and 名 fields) joins it, never an address word
    ("收件人：王 小明 电话：13812345678 地址：浙江省杭州市西湖区文三路1号", "文三路1号", "王小明"),
    ("收件人：王 小 明 电话：138 1234 5678 地址：浙江省 杭州市 西湖区 文三路 1 号", "文三路 1 号", "王小明"),
    ("浙江省杭州市西湖区文三路1号 王 小明 13812345678", "文三路1号", "王小明"),
    ("收货人：欧阳 娜娜 13812345678 浙江省杭州市西湖区文三路1号", "文三路1号", "欧阳娜娜"),
    ("北京市 朝阳区 建国路 1号 张 伟 13812340006", "建国路 1号", "张伟"),
    ("江苏省 南京市 江北 新区 浦口大道1号 张 伟 13812340006", "江北 新区 浦口大道1号", "张伟"),
    # a bracket before a colon is the label's only after a label word (…号(东门)： is no label)
    ("湖南省怀化市鹤城区迎丰中路2号 联系人（本人）：舒畅 13974512345", "迎丰中路2号", "舒畅"),
    # 寄：/收： mark the roles only before a colon: 寄存 and 收银台 are words of the address
    ("寄：张三 13900005001 浙江省杭州市 收：李四 13900005002 江苏省南京市玄武区珠江路1号", "珠江路1号", "李四"),
    ("江苏省南京市玄武区珠江路1号 华联超市收银台 李四 13900005002", "珠江路1号 华联超市收银台", "李四"),
    ("江苏省南京市玄武区珠江路1号 寄存处 李四 13900005002", "珠江路1号 寄存处", "李四"),
    # a note after the phone under its label (ps, PS, 注：) is no part of the location
    ("湖南省长沙市天心区黄兴南路1号 吴十 13900005008 ps:到了打电话", "黄兴南路1号", "吴十"),
    ("浙江省宁波市北仑区新碶街道明州路1号 郑一 13900005009 PS 门口有狗", "新碶街道明州路1号", "郑一"),
    # the city written after, apart, is no part of the place; a place's name that opens so stays
    ("鼓楼区中山北路30号 南京 张三 13900003001", "中山北路30号", "张三"),
    ("朝阳区 北京 三里屯路19号 李四 13900003002", "三里屯路19号", "李四"),
    ("江苏省南京市鼓楼区汉口路22号 南京大学 张三 13900003001", "汉口路22号 南京大学", "张三"),
    # a sentence to the courier after the name and the phone is a note, not the location's end…
    ("浙江省杭州市西湖区文三路1号 张一 13900007001 家里有老人，敲门大声点", "文三路1号", "张一"),
    ("浙江省杭州市西湖区文三路8号 张八 13900007008 (如无人接听请放门卫)", "文三路8号", "张八"),
    # …but address written after the phone stays the address's: a number, or no word of asking
    ("浙江省杭州市西湖区 张三 13912345678 文三路100号", "文三路100号", "张三"),
    ("浙江省杭州市西湖区文三路100号 张三 13912345678 浙江大学", "文三路100号浙江大学", "张三"),  # joined: not contiguous
    # a QQ number or an id with its label holds no field; QQ大厦 is a place (digits must follow)
    ("浙江省杭州市西湖区文三路6号 赵六 13900009006 QQ:123456789", "文三路6号", "赵六"),
    ("浙江省杭州市西湖区qq大厦1号 赵六 13900009006", "qq大厦1号", "赵六"),
    ("浙江省杭州市西湖区文三路8号 赵八 13900009008 身份证号：330106199001010018", "文三路8号", "赵八"),
    ("浙江省杭州市西湖区文三路1号 家里没人请放门卫 赵一 13900009001", "文三路1号", "赵一"),  # nobody in, so leave it: a note
])
def test_what_others_write_beside_the_address_stays_out_of_it(text, location, name):
    r = extract(text)
    assert (r.specific_location, r.name) == (location, name)


@pytest.mark.parametrize("text,location,name", [
    # a buyer's 发货地址 (where to ship) with only a name and phone under the recipient's label: the one address
    ("发货地址：浙江省杭州市西湖区文三路1号 收件人：王五 13900000001", "文三路1号", "王五"),
    # a seller's 发货地址 beside a recipient's own address stays the sender's
    ("发货人：张三 13800000000 发货地址：浙江省杭州市西湖区文三路1号 收件人：王五 13900000001 江苏省南京市玄武区珠江路1号",
     "珠江路1号", "王五"),
    ("从：上海市 到：江苏省南京市建邺区 江东中路1号 收件人 范冰冰 13900000506", "江东中路1号", "范冰冰"),
])
def test_where_to_ship_is_the_recipient_address_unless_the_recipient_has_one(text, location, name):
    r = extract(text)
    assert (r.specific_location, r.name) == (location, name)


@pytest.mark.parametrize("text,location,name,phone", [
    # after the name and the phone: the address's rest, not a note, though a note's word opens some of them
    ("浙江省杭州市西湖区文三路90号 张三 13800001111 3栋201", "文三路90号3栋201", "张三", "13800001111"),
    ("浙江省杭州市西湖区 张三 13800001111 走马塘路1号", "走马塘路1号", "张三", "13800001111"),  # 走 opens 走南门 too
    ("浙江省杭州市西湖区 张三 13800001111 保价路1号", "保价路1号", "张三", "13800001111"),  # 保价 opens 保价1000元
    # a place whose name holds the shop talk's words (帮, 宝贝, 喜欢) stays; the talk itself goes
    ("浙江省杭州市西湖区文三路 张三 13800001111 帮帮超市旁", "文三路帮帮超市旁", "张三", "13800001111"),
    ("浙江省杭州市西湖区文三路1号 张三 13800001111 宝贝街", "文三路1号宝贝街", "张三", "13800001111"),
    ("浙江省杭州市西湖区 张三 13800001111 喜欢里小区", "喜欢里小区", "张三", "13800001111"),
    ("浙江省杭州市西湖区文三路1号 张三 13800001111 宝贝很喜欢 回购", "文三路1号", "张三", "13800001111"),
    ("浙江省杭州市西湖区文三路1号 张三 13800001111 偏远地区能到吗", "文三路1号", "张三", "13800001111"),
    # a time after the contact is a note; a road's number range is not
    ("浙江省台州市椒江区 陶喆 13906761234 9-18号", "9-18号", "陶喆", "13906761234"),
    ("浙江省台州市椒江区市府大道1号 陶喆 13906761234 9:00-18:00", "市府大道1号", "陶喆", "13906761234"),
    # a chat's phrase before the address gives way to the name beside the phone; a first name beside it stays
    ("什么时候发货 贵州省遵义市红花岗区子尹路1号 周恩来 13912346016", "子尹路1号", "周恩来", "13912346016"),
    ("急急急 浙江省宁波市奉化区锦屏街道1号 蒋经国 13912346216", "锦屏街道1号", "蒋经国", "13912346216"),
    ("北京市怀柔区泉河街道1号 羽泉 13912345737 胡海泉", "泉河街道1号", "羽泉", "13912345737"),
    # the piece that gives way to the name beside the phone, written right after the address, is the address's rest
    ("广东省惠州市博罗县罗阳街道1号 罗浮山下 葛洪 13912347116", "罗阳街道1号 罗浮山下", "葛洪", "13912347116"),
    # 给 glued after the address's number cues the name, unless a place's name starts with it
    ("安徽省黄山市屯溪区1号给风四娘13912347014", "1号", "风四娘", "13912347014"),
    ("浙江省杭州市西湖区文三路1号给水厂 张三 13912345678", "文三路1号给水厂", "张三", "13912345678"),
    # two people each beside a phone: the recipient's phone is the one beside the recipient's name
    ("我是张艺谋 13912346603 寄给 巩俐 13912346604 北京市朝阳区建国路1号", "建国路1号", "巩俐", "13912346604"),
    ("张三 13912346603 李四 13912346604 北京市朝阳区建国路1号", "建国路1号", "张三", "13912346603"),
    ("北京市朝阳区建国路1号 张三 13912346603 13912346604", "建国路1号", "张三", "13912346603"),  # one person, two phones
    # an invalid number opening with a date is an order's only beside a valid phone; alone it stays the phone
    ("20261203009 沈括 江苏省镇江市润州区金山路1号", "金山路1号", "沈括", "20261203009"),
    ("202612030099\t沈括\t13912601234\t江苏省镇江市润州区金山路1号", "金山路1号", "沈括", "13912601234"),
    # 或 between two names: the first signs; a single name with 或 in it is not split
    ("浙江省杭州市西湖区文三路96号 张伟或者王芳 13800050015", "文三路96号", "张伟", "13800050015"),
])
def test_what_follows_the_contact_stays_in_the_address_unless_it_is_a_note(text, location, name, phone):
    r = extract(text)
    assert (r.specific_location, r.name, r.phone) == (location, name, phone)


@pytest.mark.parametrize("text,location,name,phone", [
    # a harvest is the given name only right after the surname; after a full name 收 is the receipt mark
    ("重庆市北碚区1号 梁实秋收 电话13912348120", "1号", "梁实秋", "13912348120"),
    ("重庆市北碚区1号 张秋收 13912348120", "1号", "张秋收", "13912348120"),
    # 住 opens the address; 住在 stays the label it was
    ("辛弃疾 电话13912348213 住山东省济南市历城区遥墙街道1号", "遥墙街道1号", "辛弃疾", "13912348213"),
    ("我是赵丽颖，手机13900001125，住在河北省廊坊市广阳区新华路1号", "新华路1号", "赵丽颖", "13900001125"),
    # …1号就行, …1号吗: the chat's words after the number; 网吧 and 吧台 are places
    ("你寄到湖北省黄冈市浠水县1号就行 闻家骅 13912348114", "1号", "闻家骅", "13912348114"),
    ("浙江省杭州市西湖区文三路1号星空网吧 张三 13912345678", "文三路1号星空网吧", "张三", "13912345678"),
    # the buyer's phone first, the recipient's after the name: the recipient's; one person with two phones: the first
    ("我下单的手机号是13812349005 收件人是武松 他的手机13912349005 地址山东省阳谷县狮子楼街道1号", "狮子楼街道1号", "武松", "13912349005"),
    ("收件人是武松 他的手机13912349005 备用13812349005 地址山东省阳谷县狮子楼街道1号", "狮子楼街道1号", "武松", "13912349005"),
    # 不是138… 是139…: the corrected number; 原地址 alone is the address, before a new one it is dropped
    ("电话写错了 不是13812349802 是13912349802 顾炎武 江苏省昆山市千灯镇1号", "千灯镇1号", "顾炎武", "13912349802"),
    ("原地址：浙江省杭州市西湖区文三路1号 钱塘 13912349801", "文三路1号", "钱塘", "13912349801"),
    ("原地址：浙江省杭州市西湖区文三路1号 新地址：浙江省杭州市拱墅区湖墅南路1号 钱塘 13912349801", "湖墅南路1号", "钱塘",
     "13912349801"),
    # a chat's sentence before the address is dropped only when it names no division, number or place
    ("请问发什么快递 我这边只有邮政能到 西藏拉萨市城关区北京中路1号 次仁 13912349317", "北京中路1号", "次仁", "13912349317"),
    # a first piece apart from the phone gives way to the name beside it, listed surname or not
    ("美女 浙江省杭州市西湖区文三路1号 紫薇 13912345678", "文三路1号", "紫薇", "13912345678"),
    ("紫薇 13912345678 浙江省杭州市西湖区文三路1号", "文三路1号", "紫薇", "13912345678"),
])
def test_the_chat_around_the_record_sixth_session(text, location, name, phone):
    r = extract(text)
    assert (r.specific_location, r.name, r.phone) == (location, name, phone)


@pytest.mark.parametrize("text,reason", [
    # the location joins pieces written apart: no run of the text
    ("地址：广东省梅州市梅江区江北1号 收件人：黄遵宪 电话：13912348913 小区名字叫人境庐", "location_joined"),
    # its last piece written apart is shaped like a person's name: a second person kept as the address's rest
    ("发货给：阮小二 电话：13912349012 地址：山东省济宁市梁山县1号 阮小五 阮小七 也可以代收", "name_in_location"),
    # a name opening with 还是 holds a sentence's words
    ("浙江省杭州市西湖区1号 还是那个 13912345678", "name_holds_words"),
])
def test_review_flags_what_the_rules_are_unsure_of(text, reason):
    assert reason in review_of(extract(text), text).reasons


@pytest.mark.parametrize("text", [
    "浙江省杭州市西湖区文三路1号 张三 13912345678",
    "浙江省杭州市西湖区文三路1号 3栋201 张三 13912345678",  # a piece written apart, in the text's order: one run
    "臺北市大安區忠孝東路四段1號 陳小明 0912345678",  # traditional characters, copied as written
])
def test_a_location_that_is_one_run_of_the_text_is_not_joined(text):
    assert "location_joined" not in review_of(extract(text), text).reasons
