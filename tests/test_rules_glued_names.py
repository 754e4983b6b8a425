"""Issue 21, class 3: a name glued after the location, with a phone in the text (texts written here).
Without a phone the rules split only after a room's number or behind a compound surname: tried on the corpora's
train split, splitting after any number cut shop names (…84号华莱士, …18楼爱智康) and words (…12号后面, …4号商铺) off
as people (NAACL train -14, dev -8); the narrow rule moved no answer on the six sets."""

import pytest

from service.extract import extract


@pytest.mark.parametrize("text,location,name", [
    ("15600001111贵州省贵阳市南明区机场航站楼一楼5号门与6号门中间仲浩然", "机场航站楼一楼5号门与6号门中间", "仲浩然"),
    ("四川省宜宾市长宁县竹海风景区天仙桥仇仪15510001111", "竹海风景区天仙桥", "仇仪"),
    ("黑龙江省绥化市北林区鸿嘉花园c1栋商服芮文熙18600001111", "鸿嘉花园c1栋商服", "芮文熙"),
    ("辽宁省营口市鲅鱼圈区海岸线5号楼1单元5-1门市庄妍13200001111", "海岸线5号楼1单元5-1门市", "庄妍"),
    ("山东省济宁市微山县微山岛大官官井梁可欣18500001111", "微山岛大官官井", "梁可欣"),
])
def test_a_name_glued_after_more_kinds_of_address_end(text, location, name):
    r = extract(text)
    assert (r.specific_location, r.name) == (location, name)


@pytest.mark.parametrize("text,location,name", [
    ("浙江省东阳市巍山镇中横街84号华莱士", "巍山镇中横街84号华莱士", None),  # a shop after the number
    ("浙江省宁波市鄞州区天童南路12号后面", "天童南路12号后面", None),
    ("浙江省嘉兴市南湖区中环南路1882号南湖天地2幢1单元502室沈梦辰", "中环南路1882号南湖天地2幢1单元502室", "沈梦辰"),
    ("广东省珠海市香洲区情侣中路47号日月贝大剧院东门欧阳夏丹", "情侣中路47号日月贝大剧院东门", "欧阳夏丹"),
    # a unit, and a room's number after a unit, a block or a tower (issue 21, written here 2026-12-02)
    ("浙江省杭州市滨江区滨江花园7幢2单元陈思远", "滨江花园7幢2单元", "陈思远"),
    ("福建省泉州市丰泽区刺桐路500号1栋1单元1201吴宇", "刺桐路500号1栋1单元1201", "吴宇"),
    ("湖北省武汉市武昌区中南路7号中商广场写字楼A座2501李华", "中南路7号中商广场写字楼A座2501", "李华"),
    # ... but a parcel locker is no person (丰 is a surname), nor is a shop after a floor
    ("浙江省杭州市西湖区文二西路1182号南都德加公寓112单元丰巢", "文二西路1182号南都德加公寓112单元丰巢", None),
    ("浙江省杭州市西湖区文二西路1182号西溪印象城3楼肯德基", "文二西路1182号西溪印象城3楼肯德基", None),
])
def test_without_a_phone_only_after_a_room_or_behind_a_compound_surname(text, location, name):
    r = extract(text)
    assert (r.specific_location, r.name) == (location, name)


@pytest.mark.parametrize("text,location,name", [
    ("浙江省杭州市西湖区阳光小区3栋季海城13912345678", "阳光小区3栋", "季海城"),  # a name ending like an address word
    ("浙江省杭州市西湖区文三路8号附近楼佳宁13912345678", "文三路8号附近", "楼佳宁"),  # a surname that is an address word
    ("浙江省杭州市西湖区文三路8号商厦5楼严峰13912345678", "文三路8号商厦5楼", "严峰"),  # …5楼 is the floor
    ("浙江省杭州市西湖区文三路107号南门钱欢13912345678", "文三路107号南门", "钱欢"),  # …南门 is the gate
    ("浙江省杭州市西湖区阳光小区3栋 13912345678", "阳光小区3栋", None),  # no name: nothing is cut
    ("浙江省杭州市西湖区阳光商城 13912345678", "阳光商城", None),
])
def test_a_full_name_glued_before_a_phone_may_look_like_an_address_word(text, location, name):
    """Written here (2026-12-01), after waybill-train misses (…12栋卢边城185…): right before a phone, with no separator,
    a three-character name may end like an address word; two characters and separated tails stay strict."""
    r = extract(text)
    assert (r.specific_location, r.name) == (location, name)


@pytest.mark.parametrize("text,location,name", [
    ("广东省广州市天河区天河路208号天河城7楼 Tony 13802501234", "天河路208号天河城7楼", "Tony"),
    ("广东省广州市天河区天河路208号天河城7楼，Tony，13802501234", "天河路208号天河城7楼", "Tony"),
    ("北京市朝阳区建国路88号 SOHO现代城 Lily Chen 13512345678", "建国路88号 SOHO现代城", "Lily Chen"),
    ("上海市静安区南京西路1266号 恒隆广场 52楼 Tel:+86-21-62881234 Ms. Chen", "南京西路1266号 恒隆广场 52楼", "Ms. Chen"),
    ("Mr. Li 13800001111 上海市静安区南京西路1266号", "南京西路1266号", "Mr. Li"),  # was "Ms" / "Mr"
    # before the phone and the address it hid every division
    ("Tony 13802501234 广东省广州市天河区天河路208号天河城7楼", "天河路208号天河城7楼", "Tony"),
    # English words of a building's name, and capitals, are no names
    ("上海市浦东新区陆家嘴环路1000号 Tower B 13512345678", "陆家嘴环路1000号 Tower B", None),
    ("上海市静安区南京西路1266号恒隆广场 Plaza 66 3楼 David 13902501234", "南京西路1266号恒隆广场 Plaza 66 3楼", "David"),
])
def test_a_name_written_in_latin_letters(text, location, name):
    r = extract(text)
    assert (r.specific_location, r.name, r.phone is not None) == (location, name, True)


@pytest.mark.parametrize("text,location,name", [
    # a name with its middle dot, its first part as short as lets the address end before it
    ("新疆维吾尔自治区喀什地区喀什市人民东路1号买买提·艾力13899801234", "人民东路1号", "买买提·艾力"),
    ("辽宁省铁岭市西丰县兴堡大道947号勺越湾阿依·吐尔逊17948878806", "兴堡大道947号勺越湾", "阿依·吐尔逊"),
    # Mongolian and Tibetan names (no listed surname) between a number's unit and the phone; 米 after a number is metres
    ("内蒙古自治区包头市昆都仑区钢铁大街45号其其格15804721234", "钢铁大街45号", "其其格"),
    ("河南省三门峡市渑池县光白公寓13栋2502室拉姆平措19809607464", "光白公寓13栋2502室", "拉姆平措"),
    ("浙江省温州市瓯海区南白象街道塘西路与一路交叉口向东250米央金达瓦13740876459", "南白象街道塘西路与一路交叉口向东250米", "央金达瓦"),
    # a school or a shop after the number stays address
    ("浙江省杭州市西湖区业坞巷870号哈竹小学13739399733", "业坞巷870号哈竹小学", None),
])
def test_minority_names_glued_between_the_address_and_the_phone(text, location, name):
    r = extract(text)
    assert (r.specific_location, r.name) == (location, name)


@pytest.mark.parametrize("text,location,name", [
    ("湖北武汉江夏区发口庄9组边巴次仁15557711753", "发口庄9组", "边巴次仁"),  # 边 ends addresses, 巴 is a surname
    ("西藏拉萨市城关区北京中路41号扎西次仁13908911111", "北京中路41号", "扎西次仁"),
])
def test_a_tibetan_name_of_two_parts_glued_before_the_phone(text, location, name):
    r = extract(text)
    assert (r.specific_location, r.name) == (location, name)


@pytest.mark.parametrize("text", [
    "浙江省杭州市西湖区文三路100号3幢的王芳13800001111",  # 的: "王芳 of building 3"
    "浙江省杭州市西湖区文三路100号3幢找王芳13800001111",  # 找: ask for
    "浙江省杭州市西湖区文三路100号3幢(王芳)13800001111",  # a full name in brackets right before the phone
    "浙江省杭州市西湖区文三路100号3幢[王芳]13800001111",
])
def test_a_glued_name_after_a_particle_or_in_brackets_before_the_phone(text):
    r = extract(text)
    assert (r.specific_location, r.name) == ("文三路100号3幢", "王芳")


def test_a_place_in_brackets_before_the_phone_is_no_name():
    r = extract("浙江省杭州市西湖区文三路100号(东门)13800001111")
    assert (r.specific_location, r.name) == ("文三路100号(东门)", None)


@pytest.mark.parametrize("text,location,name", [
    # The phone opens the text and the name closes it, all glued (a waybill's three fields): the name may begin or hold
    # an address word as it may before a phone (楼, 道), and a rarer surname (敖, 溥) is read (written here 2026-12-03).
    ("13700002222江苏省苏州市吴中区木渎镇金山路88号楼嘉怡", "木渎镇金山路88号", "楼嘉怡"),
    ("13700002222四川省绵阳市涪城区临园路东段体育馆对面敖道明", "临园路东段体育馆对面", "敖道明"),
    ("13700002222河北省保定市竞秀区朝阳南大街路口向西80米溥雅琴", "朝阳南大街路口向西80米", "溥雅琴"),
    # …and a road's 路 before a two-character name stays the road's (…和平西路王槐, not 路王槐)
    ("13700002222湖北省襄阳市樊城区人民西路柳青", "人民西路", "柳青"),
])
def test_a_name_closing_a_text_that_a_phone_opens(text, location, name):
    r = extract(text)
    assert (r.specific_location, r.name) == (location, name)


@pytest.mark.parametrize("text,location", [
    ("13700002222 江苏省苏州市吴中区木渎镇金山路88号楼", "木渎镇金山路88号楼"),  # written apart: no glued fields
    ("13700002222江苏省苏州市吴中区木渎镇金山路88号", "木渎镇金山路88号"),
])
def test_an_address_closing_such_a_text_keeps_its_end(text, location):
    r = extract(text)
    assert (r.specific_location, r.name) == (location, None)


def test_a_name_after_the_phone_may_end_like_an_address_only_when_the_fields_are_glued():
    r = extract("湖南省株洲市芦淞区建设中路12号东门13700003333邓国栋")  # 栋 ends a name here (written here 2026-12-03)
    assert (r.specific_location, r.name) == ("建设中路12号东门", "邓国栋")
    r = extract("四川省成都市锦江区东大街100号 13700003333 金融城")  # written apart: the address's last part
    assert (r.specific_location, r.name) == ("东大街100号金融城", None)


@pytest.mark.parametrize("text,location,name", [
    ("浙江省台州市椒江区东海大道桥头西边米雪芳13700004444", "东海大道桥头西边", "米雪芳"),  # 米 the surname, no distance
    ("浙江省台州市椒江区东海大道桥头向西50米林芳13700004444", "东海大道桥头向西50米", "林芳"),  # 米 the distance's
    ("福建省厦门市思明区鹭江道8号国际银行大厦3层房秋月13700004444", "鹭江道8号国际银行大厦3层", "房秋月"),  # no 层房
    ("福建省厦门市思明区鹭江道8号1号房秋月13700004444", "鹭江道8号1号房", "秋月"),  # 1号房: the room
])
def test_mi_and_fang_end_the_address_only_as_a_distance_or_a_room(text, location, name):
    r = extract(text)
    assert (r.specific_location, r.name) == (location, name)


@pytest.mark.parametrize("address,cut", [
    ("卢厚希延安路1000号银泰武林店", 3),  # the longer name when an address's beginning follows it
    ("夏宇盐官镇桃园村李家角192号", 2),  # 夏宇盐 would leave 官镇…, no beginning
    ("淳于季雅麓谷街道旺龙路175号", 4),  # four behind a compound surname
    ("陆家镇东景苑12号楼1711", 0),  # a township, not a person (陆 is a surname)
    ("咸玲武义县白姆乡中宅村", 2),  # before a division the shorter name, which leaves 武义县 (not 义县, Liaoning)
    ("芮菁颍鑫晟实业股份有限公司三分厂", 0),  # nothing after the name reads as a road, a township or a place
    ("蔡晓宁锦绣公寓3-2-601", 3),  # an apartment's word
    ("尹建新幸福一区21栋3单元402", 3),  # an estate's numbered section before its building
    ("温海鹰柳市镇长虹路88号", 3),  # a town named with 市
    ("庞晓汽配城2幢2号", 0),  # a bare 城 is no beginning (原野汽配城 would lose 原野)
    ("侯乐海新街镇花木城130幢1203室", 3),  # a town named with 街
    ("聂日云高新区聚贤路767弄研发园A10栋100楼", 3),  # a zone named by its word alone, after the longer name
    ("张江高新区科苑路88号", 0),  # a zone's own name: 张江 is no name glued to it
])
def test_a_name_glued_before_an_address_without_a_division(address, cut):
    from service.extract.leading_name import leading_name

    assert leading_name(address, lambda rest: rest.startswith("武义县")) == cut


@pytest.mark.parametrize("location,before_a_phone,cut", [
    ("天童南路588号宏泰五金机电邵嘉怡", True, 3),  # after a shop's own word, right before a phone: read (and flagged)
    ("天童南路588号宏泰五金机电邵嘉怡", False, 0),  # with the phone written apart, a shop's tail stays the address's
    ("桐梓林北路6号锦绣新苑罗敏", True, 2),  # 苑 may end the address: the two-character name, not 苑罗敏
    ("北城街道江口路66号黄岩蜜桔", True, 0),  # a trade's word is no given name
    ("泼陂河镇黄湾村三社邹明", True, 2),  # a village's group (三社) ends an address
    ("人民医院门诊部药剂科贾蕴琪", True, 3),  # 蕴琪 fits no surname: the three characters
    ("龚大塘二区44栋三木阁仓储中心", True, 0),  # 中心 is an address's word, never a given name (储 is a surname)
    ("解放路19号华山车行", True, 3),  # a shop read as a name (山车行: 车车 is a name too), left to review to flag
])
def test_a_three_character_name_glued_after_a_shop_only_right_before_a_phone(location, before_a_phone, cut):
    from service.extract.names import cut_after_a_shop, trailing_name

    assert trailing_name(location, before_a_phone) == cut
    if cut == 3:
        assert cut_after_a_shop(location, cut)  # what review flags name_after_a_shop


@pytest.mark.parametrize("text,location,name", [
    ("杭州市西湖区文三路100号华星大厦13楼淘宝13912345678", "文三路100号华星大厦13楼淘宝", None),  # the 13th floor's 楼
    ("杭州市西湖区文三路100号华星大厦1614楼彤瑞13912345678", "文三路100号华星大厦1614", "楼彤瑞"),  # after a room: a surname
    ("长沙市岳麓区步行街3楼麦当劳13912345678", "步行街3楼麦当劳", None),
    ("长沙市岳麓区桃花岭路84号华莱士13912345678", "桃花岭路84号华莱士", None),
    ("长沙市岳麓区桃花岭路189号二楼海底捞13912345678", "桃花岭路189号二楼海底捞", None),
    ("成都市武侯区人民南路4段3号5层星巴克13912345678", "人民南路4段3号5层星巴克", None),  # no bare name either
    ("长沙市岳麓区桃花岭路润丰园东门北边13912345678", "桃花岭路润丰园东门北边", None),  # a side, 北 the surname
    ("成都市武侯区人民南路4段3号北侧王芳13912345678", "人民南路4段3号北侧", "王芳"),  # the name after the side
    ("成都市武侯区人民南路4段3号5栋王芳13912345678", "人民南路4段3号5栋", "王芳"),
    ("江西省赣州市南康区唐江镇卢屋村严家13912345678", "唐江镇卢屋村严家", None),  # the 严 family's hamlet
    ("江西省赣州市南康区蓉江路8号汽修厂2楼左边电联13912345678", "蓉江路8号汽修厂2楼左边", None),
    ("江西省赣州市南康区蓉江路8号村委会边上13912345678", "蓉江路8号村委会边上", None),
    ("江西省赣州市南康区蓉江路98号楼严家豪13912345678", "蓉江路98号楼", "严家豪"),  # 家 inside a given name is fine
])
def test_a_floor_a_chain_store_or_a_side_is_no_name_before_a_phone(text, location, name):
    r = extract(text)
    assert (r.specific_location, r.name) == (location, name)


def test_a_label_still_names_a_person_called_like_a_chain_store():
    r = extract("收件人：华莱士 电话13912345678 地址长沙市岳麓区桃花岭路189号")
    assert (r.name, r.specific_location) == ("华莱士", "桃花岭路189号")
    apart = extract("长沙市岳麓区桃花岭路189号 屈臣氏 13912345678")  # written apart with no label: still the place's
    assert apart.name is None


@pytest.mark.parametrize("text,name,city,location", [
    ("13912345678濮阳晓浙江省杭州市西湖区文三路1号", "濮阳晓", "杭州市", "文三路1号"),  # 濮阳 the surname, not the city
    ("13912345678濮阳雨萱杭州市西湖区文三路1号", "濮阳雨萱", "杭州市", "文三路1号"),
    ("南宫文博河北省石家庄市长安区中山东路1号13912345678", "南宫文博", "石家庄市", "中山东路1号"),
    ("濮阳华龙区人民路1号 王芳 13912345678", "王芳", "濮阳市", "人民路1号"),  # the city's short form, a district after it
    ("东方市八所镇1号 王芳 13912345678", "王芳", "东方市", "八所镇1号"),
    # before a county's full name, a province's short form or a city's: any division the scan reads there
    ("13912345678濮阳思远义乌市稠城街道工人北路1号", "濮阳思远", "金华市", "稠城街道工人北路1号"),
    ("13912345678濮阳思远浙江-温州-瑞安市安阳街道1号", "濮阳思远", "温州市", "安阳街道1号"),
    ("13912345678濮阳思远浙江嘉兴市嘉善县魏塘街道1号", "濮阳思远", "嘉兴市", "魏塘街道1号"),
    ("濮阳县城关镇1号 王芳 13912345678", "王芳", "濮阳市", "城关镇1号"),  # the county's own name stays a division
])
def test_a_compound_surname_naming_a_city_too_before_another_division(text, name, city, location):
    r = extract(text)
    assert (r.name, r.city, r.specific_location) == (name, city, location)


@pytest.mark.parametrize("text,location,name", [
    ("发到浙江省温州市龙湾区给申红军，手机13912345678", None, "申红军"),  # 给 right after the divisions: no location
    ("寄到浙江省温州市龙湾区_给沈建国 电话13912345678", None, "沈建国"),
    ("浙江省温州市龙湾区给水厂13912345678", "给水厂", None),  # 给水 is the water supply; 厂 is in no given name
])
def test_gei_right_after_the_divisions(text, location, name):
    r = extract(text)
    assert (r.specific_location, r.name) == (location, name)


@pytest.mark.parametrize("text,name", [
    ("13912345678韦丽娟是吴兴区爱山街道1号", "韦丽娟"),  # "韦丽娟 is at …": the copula is no part of the name
    ("13912345678欧阳娜娜是浙江省杭州市西湖区文三路1号", "欧阳娜娜"),
    ("13912345678韦丽娟为吴兴区爱山街道1号", "韦丽娟"),
    ("辛是是浙江省杭州市西湖区文三路1号13912345678", "辛是是"),  # a name of three whose last character is 是 stays whole
])
def test_a_copula_glued_after_a_name_before_the_divisions(text, name):
    assert extract(text).name == name


@pytest.mark.parametrize("text,six", [
    ("聂日云高新区聚贤路767弄研发园A10栋100楼18519999807",
     (None, None, None, "高新区聚贤路767弄研发园A10栋100楼", "聂日云", "18519999807")),
    ("侯乐海新街镇花木城130幢1203室18610487286", (None, None, None, "新街镇花木城130幢1203室", "侯乐海", "18610487286")),
    ("鲁枫廿三里街道下朱宅村中街5413811235463", (None, None, None, "廿三里街道下朱宅村中街54", "鲁枫", "13811235463")),  # 廿 no given name
    ("张江高新区科苑路88号 13800001111", (None, None, None, "张江高新区科苑路88号", None, "13800001111")),
])
def test_a_name_glued_before_a_town_or_a_zone_with_no_division(text, six):
    r = extract(text)
    assert (r.province, r.city, r.district, r.specific_location, r.name, r.phone) == six


@pytest.mark.parametrize("text,location,name", [
    # five or more characters holding 对面, 层, 湖, 边 or 近 are no name (a long name has none): the address's rest, the
    # name glued after it cut as after any address
    ("13912345678浙江省杭州市西湖区文三路1号华星大厦b座,西溪湿地对面柏文静", "文三路1号华星大厦b座,西溪湿地对面", "柏文静"),
    ("13912345678广东省佛山市禅城区季华路1号,三至五层章子怡", "季华路1号,三至五层", "章子怡"),
    # 坂, 岗, 桥 and 居 close hamlets, bridges and shops; glued, a tail holding one is the address's (review says
    # name_missing), where 1,789 waybill names hold none of them
    ("浙江省宁波市鄞州区横街镇上阵村沙岗坂 13912345678", "横街镇上阵村沙岗坂", None),  # a hamlet's 坂, no given name
    ("湖北省麻城市龟山乡周家岗村吴家岗 13912345678", "龟山乡周家岗村吴家岗", None),
    ("浙江省杭州市萧山区通惠北路二桥13912345678", "通惠北路二桥", None),  # a bridge's 桥
    ("湖南省邵阳市洞口县山门镇二桥乐美居13912345678", "山门镇二桥乐美居", None),  # a shop's 居
    ("浙江省杭州市萧山区通惠北路1号 王岗 13912345678", "通惠北路1号", "王岗"),  # written apart, still a name
    # before a province or a city written short
    ("13912345678邹庆武浙江传媒学院继续教育学院", "浙江传媒学院继续教育学院", "邹庆武"),  # a province's short form
    ("13912345678饶忠德杭州东站小商品市场2405号", "杭州东站小商品市场2405号", "饶忠德"),  # a city's
    ("劳尚海东瓯街道东方工业区地方路129号13912345678", "东瓯街道东方工业区地方路129号", "劳尚海"),  # the longer first: 海东 no city
    ("杭州东站小商品市场2405号 13912345678", "杭州东站小商品市场2405号", None),  # a city's short form opening: no 杭州东
    # before a market named for the country
    ("13912345678戎秉奇国际商贸城二区G2-13474号", "国际商贸城二区G2-13474号", "戎秉奇"),
    ("13912345678雍挚中国服装城2号门口B3南D99", "中国服装城2号门口B3南D99", "雍挚"),  # the shorter name where it fits
    ("王中国轻纺城北四区三楼899 13912345678", "王中国轻纺城北四区三楼899", None),  # 国轻纺城 begins nothing: no cut
    # a two-character name glued after a trade's word, right before a phone
    ("13912345678浙江省杭州市江干区航海路142号邻家女服饰宿土", "航海路142号邻家女服饰", "宿土"),
    ("浙江省杭州市西湖区文三路1号精工电器何平13912345678", "文三路1号精工电器", "何平"),
    ("浙江省杭州市西湖区文三路1号实验小学李娜13912345678", "文三路1号实验小学", "李娜"),
    ("浙江省杭州市江干区航海路142号宏祥服饰13912345678", "航海路142号宏祥服饰", None),  # the shop alone
])
def test_where_a_glued_name_begins_and_ends_against_the_address_around_it(text, location, name):
    r = extract(text)
    assert (r.specific_location, r.name) == (location, name)
