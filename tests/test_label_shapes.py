"""The shapes a listed label takes besides `label：value` (service/extract/label_shapes.py): a mark for the colon, spaced
or not, brackets around the value, a label in brackets after its value, 丨 for a bar; and a note in square brackets
closing a field. Texts written here (2026-12-07), not taken from any corpus or composed set."""

import pytest

from tests.reading import assert_read_right


@pytest.mark.parametrize("text,want", [
    # a mark for the colon, with spaces around it or none
    ("姓名 = 钟离春 ; 电话 = 13955550123 ; 地址 = 安徽省合肥市蜀山区长江西路88号",
     dict(name="钟离春", phone="13955550123", province="安徽省", specific_location="长江西路88号")),
    ("收货人：白露 所在地区：江苏省南京市鼓楼区 详细=中山北路30号 13600001111",
     dict(name="白露", district="鼓楼区", specific_location="中山北路30号")),
    ("签收人-陶渊 手机号-13712340000 地址：福建省厦门市思明区鹭江道2号", dict(name="陶渊", phone="13712340000")),
    ("手机#13512345678 姓名：卫青 地址：山东省青岛市市南区香港中路9号", dict(name="卫青", phone="13512345678")),
    ("配送地址 => 湖南省长沙市岳麓区麓山南路2号 收件人 => 周敦颐 13512340000",
     dict(name="周敦颐", city="长沙市", specific_location="麓山南路2号")),
    # 丨, the stroke forms draw for a bar
    ("收件人丨霍光丨13812340000丨湖北省武汉市洪山区珞喻路100号", dict(name="霍光", specific_location="珞喻路100号")),
    # brackets around the value
    ("地址：「四川省成都市武侯区人民南路4段1号」 姓名：「苏轼」 电话：「13812341234」",
     dict(name="苏轼", phone="13812341234", district="武侯区", specific_location="人民南路4段1号")),
    ("手机『13912340000』，收货人『李清照』，地址『山东省济南市历下区泉城路1号』",
     dict(name="李清照", phone="13912340000", specific_location="泉城路1号")),
    ("电话<13600002222> 收件人<辛弃疾> 江西省上饶市信州区带湖路3号", dict(name="辛弃疾", specific_location="带湖路3号")),
    ("「广西壮族自治区桂林市秀峰区」；「中山中路12号」；手机『13600003333』；收件人【柳宗元】",
     dict(name="柳宗元", district="秀峰区", specific_location="中山中路12号")),
    # a label after its value
    ("13812345670（手机） 浙江省宁波市鄞州区天童南路5号（收货地址） 陆游(收件人)",
     dict(name="陆游", phone="13812345670", district="鄞州区", specific_location="天童南路5号")),
    ("13812345670 (mobile) | 浙江省宁波市鄞州区天童南路5号 (address) | 陆游 (recipient)",
     dict(name="陆游", specific_location="天童南路5号")),
    ("河北省保定市竞秀区（省市区）；东风中路7号（详细地址）；13812340009[手机]；王昭君",
     dict(name="王昭君", district="竞秀区", specific_location="东风中路7号")),
    # a note in square brackets closing a field, a kind of place in brackets after the address
    ("地址：河南省郑州市金水区花园路6号 电话：13700001234 收件人=包拯【已付款】", dict(name="包拯", specific_location="花园路6号")),
    ("13700001234 包拯 河南省郑州市金水区花园路6号,东门旁【加急】", dict(name="包拯", specific_location="花园路6号,东门旁")),
    ("地址：河南省郑州市金水区花园路6号（单位）；电话：13700001234；姓名：包拯", dict(name="包拯", specific_location="花园路6号")),
])
def test_a_label_in_another_shape_reads_as_label_and_colon(text, want):
    assert_read_right(text, **want)


@pytest.mark.parametrize("text,want", [
    # the shapes met together with separators of their own (each read wrong before label_shapes.py)
    ("电话 = 13955550123；\n地址 = 重庆市渝中区解放碑民族路8号；\n姓名 = 亓官明", dict(name="亓官明", district="渝中区")),
    ("联系人:「晏殊」丨配送地址 => 浙江省温州市鹿城区五马街3号丨手机『13912345555』", dict(name="晏殊", specific_location="五马街3号")),
    ("「安徽省黄山市屯溪区」 ; 「老街12号」 ; 手机『18600701234』 ; 收货人『亓官明』", dict(name="亓官明", specific_location="老街12号")),
    ("姓名 = 蔺相如 ; ☏ 18515120000 ; 地址：山西省晋城市城区泽州路1号（家） 收到请回复",
     dict(name="蔺相如", specific_location="泽州路1号")),
    ("签收人-晏几道【已付款】 || 13900001111 (mobile) || 江西省抚州市临川区赣东大道9号", dict(name="晏几道", phone="13900001111")),
    ("浙江省湖州市吴兴区（省市区） || 详细=红旗路15号 || 收货人『晏殊』 || 电话(15600001234)",
     dict(name="晏殊", specific_location="红旗路15号")),
    ("所在地区【福建省泉州市鲤城区】丨详细=中山路200号丨☏ 15600001234丨收件人【亓官明】【已付款】",
     dict(name="亓官明", specific_location="中山路200号")),
    ("13900001111 (mobile)，，姓名 = 仉督，，「河北省邯郸市丛台区」，，人民路3号（详细地址）", dict(name="仉督", specific_location="人民路3号")),
    ("name=仉督丨tel=13900001111丨河北省邯郸市丛台区（省市区）丨详细=人民路3号", dict(name="仉督", specific_location="人民路3号")),
])
def test_shaped_labels_among_others_and_their_own_separators(text, want):
    assert_read_right(text, **want)


@pytest.mark.parametrize("text,want", [
    # the next field's label in brackets, written before it, is not the last one's
    ("所在地区：广东省广州市天河区 门牌号：体育西路1号 【电话】13800001234 【收件人】岳飞",
     dict(name="岳飞", phone="13800001234", specific_location="体育西路1号")),
    ("广东省广州市天河区体育西路1号【电话】13800001234【收件人】岳飞", dict(name="岳飞", specific_location="体育西路1号")),
    # a bracket opening the address, a room's dashes, a label's qualifier before its colon
    ("地址：（西门）天河路2号 广东省广州市天河区 岳飞 13800001234", dict(name="岳飞")),
    ("地址：广东省广州市天河区体育西路1-2号 岳飞 13800001234", dict(specific_location="体育西路1-2号")),
    ("电话(工作日)：13800001234 收件人：岳飞 广东省广州市天河区体育西路1号", dict(name="岳飞", phone="13800001234")),
    # a query string still splits at its ampersands
    ("name=岳飞&phone=13800001234&address=广东省广州市天河区体育西路1号", dict(name="岳飞", specific_location="体育西路1号")),
    # a word that is no label before a dash stays as written
    ("浙江省杭州市西湖区文三路1号 张三-李四 13800001234", dict(phone="13800001234", specific_location="文三路1号")),
])
def test_what_only_looks_like_a_shaped_label_is_read_as_before(text, want):
    assert_read_right(text, **want)


@pytest.mark.parametrize("text,want", [
    # mended after unshaped-*'s one untuned measurement, on its train compositions
    ("收件地-江苏省苏州市姑苏区观前街5号 收件人：范仲淹 13712345678", dict(district="姑苏区", specific_location="观前街5号")),
    ("送至>江苏省苏州市姑苏区观前街5号 范仲淹 13712345678", dict(specific_location="观前街5号")),
    ("省/市/区：江苏省苏州市姑苏区 街道门牌(观前街5号) 范仲淹 13712345678", dict(district="姑苏区", specific_location="观前街5号")),
    ("订单2/4：范仲淹（收）…地址<江苏省苏州市姑苏区观前街5号>…手机：「13712345678」",
     dict(name="范仲淹", specific_location="观前街5号")),
    ("尊敬的客服，手机【13712345678】 收件地-江苏省苏州市姑苏区观前街5号 To: 范仲淹", dict(name="范仲淹")),
    ("To address: 江苏省苏州市姑苏区观前街5号 | Tel No. 13712345678 | 范仲淹 (recipient)", dict(name="范仲淹", city="苏州市")),
    ("致：范仲淹…江苏省苏州市姑苏区观前街5号 (address)…13712345678(微信同号)", dict(name="范仲淹", phone="13712345678")),
    ("发货信息>>收件方：亓官明 / 电话：13712345678（白天） / address=江苏省苏州市姑苏区观前街5号",
     dict(name="亓官明", specific_location="观前街5号")),
    ("江苏省苏州市姑苏区观前街5号 13712345678 亓官明（收）（请勿放门口）", dict(name="亓官明", specific_location="观前街5号")),
    # a spaced dash is a separator, a dash between places no label's mark
    ("收件人为羿明 - 13712345678 - 江苏省苏州市姑苏区观前街5号", dict(name="羿明", phone="13712345678")),
    ("发到天津市-市辖区-武清区泉旺路14号给晏子，手机13712345678", dict(district="武清区", specific_location="泉旺路14号")),
])
def test_the_shapes_unshaped_showed_after_its_one_measurement(text, want):
    assert_read_right(text, **want)
