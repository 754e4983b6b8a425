"""Issue 21, class 4: Hong Kong, Macau and Taiwan below the province (service/extract/sar_taiwan.txt),
with texts written here; and their names do not leak into mainland addresses. Also texts in traditional
characters (issue 22): read through their simplified form, copied fields as written."""

import json

import pytest

from service.extract import extract, get_gazetteer
from service.review import review_of


def divisions(text: str) -> tuple:
    r = extract(text)
    return r.province, r.city, r.district, r.adcode, r.specific_location


@pytest.mark.parametrize("text,want", [
    ("台湾省台北市大安区忠孝东路四段1号 林志明 13912345678", ("台湾省", "台北市", "大安区", "710000", "忠孝东路四段1号")),
    ("13520762222台湾高雄市新兴区七贤一路513号楚雨涵", ("台湾省", "高雄市", "新兴区", "710000", "七贤一路513号")),
    ("台湾台中市西屯区台湾大道三段99号 王小明 13800001111", ("台湾省", "台中市", "西屯区", "710000", "台湾大道三段99号")),
    ("台湾省彰化县员林市中山路1号 陈美 13800001111", ("台湾省", "彰化县", "员林市", "710000", "中山路1号")),
    ("台湾 花莲县 吉安乡 中山路三段5号 吴二 0912-345-678", ("台湾省", "花莲县", "吉安乡", "710000", "中山路三段5号")),
    ("臺灣省屏東縣恆春鎮墾丁路1號 陳六 0912345678", ("台湾省", "屏东县", "恒春镇", "710000", "墾丁路1號")),
    ("香港特别行政区九龙油尖旺区弥敦道100号 陈大文 13912345678",
     ("香港特别行政区", "香港特别行政区", "油尖旺区", "810000", "弥敦道100号")),
    ("香港 新界 沙田区沙田正街1号 张三 13912345678", ("香港特别行政区", "香港特别行政区", "沙田区", "810000", "沙田正街1号")),
    ("澳门特别行政区花地玛堂区友谊大马路1号 何伟 13912345678",
     ("澳门特别行政区", "澳门特别行政区", "花地玛堂区", "820000", "友谊大马路1号")),
])
def test_divisions_below_the_province(text, want):
    assert divisions(text) == want


@pytest.mark.parametrize("text,want", [
    ("东城街道九龙湖西路11-2", (None, None, None, None, "东城街道九龙湖西路11-2")),
    ("小港四方家园17幢1363室", (None, None, None, None, "小港四方家园17幢1363室")),
    ("大连市中山区人民路1号", ("辽宁省", "大连市", "中山区", "210202", "人民路1号")),
    ("吉林省白城市大安市安广镇1号", ("吉林省", "白城市", "大安市", "220882", "安广镇1号")),
])
def test_their_names_do_not_take_mainland_addresses(text, want):
    assert divisions(text) == want


@pytest.mark.parametrize("text,want", [
    # a county's township alone names it when no mainland township has its name
    ("冬山乡花邻城E座301室郭玲18031224142", ("台湾省", "宜兰县", "冬山乡", "710000", "花邻城E座301室")),
    ("18819735385、员林市武岗二路12号、杨倩明", ("台湾省", "彰化县", "员林市", "710000", "武岗二路12号")),
    # Kinmen and Matsu are in the MCA list under Fujian too: the township that follows says which reading goes on
    ("金门县金城镇民生路5号 陈三 0912345678", ("台湾省", "金门县", "金城镇", "710000", "民生路5号")),
    ("连江县南竿乡介寿村12号 林四 0912345678", ("台湾省", "连江县", "南竿乡", "710000", "介寿村12号")),
    ("福建省福州市连江县凤城镇1号 林五 13800001111", ("福建省", "福州市", "连江县", "350122", "凤城镇1号")),
    # no township written under a county: district null, as for a mainland city written without its county
    ("台湾省彰化县中山路1号 陈美 13800001111", ("台湾省", "彰化县", None, "710000", "中山路1号")),
])
def test_the_townships_of_taiwans_counties(text, want):
    assert divisions(text) == want


@pytest.mark.parametrize("text", ["大同乡新村路12号 王五 13800001111", "新城乡新城村12号 王五 13800001111",
                                  "公馆乡公馆村3组 王五 13800001111"])
def test_a_township_named_like_a_mainland_one_is_not_read_alone_as_taiwan(text):
    """大同乡 (宜兰县) and 新城乡 (花莲县) are mainland townships' names too; 公馆乡 (苗栗县) beside mainland 公馆镇."""
    r = extract(text)
    assert (r.province, r.city, r.district) == (None, None, None) and r.specific_location == text.split()[0]
    assert "no_district" in review_of(r, text).reasons


def test_the_data_file_is_complete_and_has_no_official_codes():
    gaz = get_gazetteer()
    by_province = {code: [d for d in gaz.by_code.values() if d.code in gaz.unofficial and gaz.province_of(d).code == code]
                   for code in ("810000", "820000", "710000")}
    assert sum(d.level == 3 for d in by_province["810000"]) == 18 and sum(d.level == 3 for d in by_province["820000"]) == 8
    assert sum(d.level == 2 for d in by_province["710000"]) == 22  # 6 municipalities, 3 cities, 13 counties
    # the Ministry of the Interior's 368 township-level units: 170 districts of the municipalities and cities, 198 乡/镇/市
    assert sum(d.level == 3 for d in by_province["710000"]) == 368
    counties = [d for d in by_province["710000"] if d.level == 2 and d.name.endswith("县")]
    assert len(counties) == 13 and all(gaz.children.get(d.code) for d in counties)
    assert all(gaz.current_code(d) == gaz.province_of(d).code for ds in by_province.values() for d in ds)


@pytest.mark.parametrize("text,phone,normalized,district", [
    ("澳门特别行政区花地玛堂区友谊大马路1号 何伟 66123456", "66123456", "+85366123456", "花地玛堂区"),
    ("香港湾仔区告士打道1号 陈大文 9123 4567", "9123 4567", "+85291234567", "湾仔区"),
])
def test_local_hong_kong_and_macau_mobiles_in_their_own_addresses(text, phone, normalized, district):
    """Eight digits as they are written there, read only in a text naming the region (香港湾仔区: 湾 after
    香港 begins the district here, not a place named like 杭州湾)."""
    r = extract(text)
    assert (r.phone, r.phones[0].normalized, r.district) == (phone, normalized, district)
    assert phone not in r.specific_location


def test_eight_digits_elsewhere_are_no_hong_kong_phone():
    """On the mainland they are a landline written without its area code: as written, invalid (review asks)."""
    r = extract("北京市海淀区中关村大街1号 张三 66123456")
    assert (r.specific_location, r.name, r.phone) == ("中关村大街1号", "张三", "66123456")
    assert (r.phones[0].kind, r.phones[0].normalized, r.phones[0].valid) == ("landline", "66123456", False)
    assert extract("杭州湾新区滨海二路1号").district is None  # still a place's name, not 杭州 + a district


@pytest.mark.parametrize("text,divisions,location,name", [
    ("臺北市大安區忠孝東路四段1號 陳小明 0912-345-678", ("台湾省", "台北市", "大安区"), "忠孝東路四段1號", "陳小明"),
    ("廣東省深圳市南山區科技園南區8棟 收件人：張三 13812345678", ("广东省", "深圳市", "南山区"), "科技園南區8棟", "張三"),
    ("收貨人：歐陽娜娜 電話 186 2134 5678 地址：上海浦東新區世紀大道100號A座2201室", ("上海市", "上海市", "浦东新区"),
     "世紀大道100號A座2201室", "歐陽娜娜"),
])
def test_traditional_characters_read_as_simplified_divisions_and_copied_as_written(text, divisions, location, name):
    """Issue 22: divisions in their simplified official names, location and name exactly as the text writes them."""
    r = extract(text)
    assert (r.province, r.city, r.district) == divisions and (r.specific_location, r.name) == (location, name)
    assert r.specific_location in text and r.name in text
    assert not review_of(r, text).needed  # as sure as the same text in simplified characters


def test_a_model_writing_traditional_divisions_is_normalised():
    from service.backends.reading import reading_from_model

    text = "臺北市大安區忠孝東路四段1號 陳小明 0912-345-678"
    raw = json.dumps({"province": "臺灣省", "city": "臺北市", "district": "大安區", "specific_location": "忠孝東路四段1號",
                      "name": "陳小明", "phone": "0912-345-678"}, ensure_ascii=False)
    r = reading_from_model(text, raw)
    assert (r.province, r.city, r.district, r.specific_location, r.status) == ("台湾省", "台北市", "大安区", "忠孝東路四段1號", "ok")


def test_simplified_texts_are_not_converted_where_division_names_use_the_character():
    """t2s writes 乾县 as 干县: a character the division names use is kept, in simplified and traditional texts."""
    from service.extract.traditional import to_simplified

    assert to_simplified("陕西省咸阳市乾县乾县工业区8号") == "陕西省咸阳市乾县乾县工业区8号"
    assert to_simplified("陝西省咸陽市乾縣城關鎮") == "陕西省咸阳市乾县城关镇"
    assert divisions("陝西省咸陽市乾縣城關鎮8號")[:3] == ("陕西省", "咸阳市", "乾县")


def test_the_regions_short_forms_are_their_own_not_a_districts():
    """jionlp files Hong Kong's districts under the region's code: 元朗 must not become a short form of 香港特别行政区
    (the generator wrote 元朗葵青区… for 香港葵青区… in some runs and not in others)."""
    from addrdata.render import _unique_alias

    gaz = get_gazetteer()
    for region, alias in (("香港特别行政区", "香港"), ("澳门特别行政区", "澳门")):
        div = gaz.by_name[region][0]
        assert [a for a, divs in gaz.by_alias.items() if div in divs] == [alias]
        assert _unique_alias(div, "province") == alias


@pytest.mark.parametrize("text,district,location", [
    ("香港九龙尖沙咀弥敦道100号 张学友 +852 9123 4567", "油尖旺区", "九龙尖沙咀弥敦道100号"),
    ("香港铜锣湾轩尼诗道500号 陈奕迅 91234567", "湾仔区", "铜锣湾轩尼诗道500号"),
    ("香港九龍旺角彌敦道700號 李四 91234567", "油尖旺区", "九龍旺角彌敦道700號"),  # traditional script, location as written
    ("澳门氹仔孙逸仙大马路100号 何超琼 +853 6612 3456", "嘉模堂区", "氹仔孙逸仙大马路100号"),
])
def test_a_well_known_place_gives_the_hong_kong_or_macau_district(text, district, location):
    """Written here (2026-12-01): waybills write 尖沙咀 or 氹仔, not the district; the district is inferred from the
    place (service/extract/sar_places.txt names its sources), the place stays in the location."""
    r = extract(text)
    assert (r.district, r.specific_location, r.checks["district"]) == (district, location, "inferred")


def test_a_place_name_elsewhere_is_no_hong_kong_district():
    r = extract("江苏省南京市鼓楼区上水路1号 王五 13812345678")  # 上水 is also a Hong Kong place
    assert (r.province, r.district, r.specific_location) == ("江苏省", "鼓楼区", "上水路1号")
    r = extract("香港特别行政区油尖旺区弥敦道100号 张三 91234567")  # a written district wins
    assert (r.district, r.checks["district"]) == ("油尖旺区", "found")


@pytest.mark.parametrize("text,district,location,name", [
    # written apart, the area and the place were read as the name (九龍, 氹仔, 新界) and the person was lost
    ("香港 九龍 旺角 彌敦道 580號 陳大文 +852 9123 4567", "油尖旺区", "九龍 旺角 彌敦道 580號", "陳大文"),
    ("澳門 氹仔 孫逸仙大馬路 88號 李華 +853 6612 3456", "嘉模堂区", "氹仔 孫逸仙大馬路 88號", "李華"),
    # a district written without 区 names it (not 中西 or 离岛, nor Macau's 大堂, a hotel's lobby too)
    ("香港 新界 沙田 沙田正街 1号 黄小明 +852 9123 4567", "沙田区", "新界 沙田 沙田正街 1号", "黄小明"),
    ("香港 荃湾 沙咀道 1号 黄小明 +852 9123 4567", "荃湾区", "荃湾 沙咀道 1号", "黄小明"),
])
def test_hong_kong_and_macau_places_written_apart(text, district, location, name):
    r = extract(text)
    assert (r.district, r.specific_location, r.name) == (district, location, name)


@pytest.mark.parametrize("text,district,location", [
    # a district written without 区 right after 香港 (湾仔: not a place named 香港湾), glued or apart
    ("香港湾仔轩尼诗道250号 黄大文 98765432", "湾仔区", "湾仔轩尼诗道250号"),
    ("香港 湾仔 轩尼诗道 250号 黄大文 98765432", "湾仔区", "湾仔 轩尼诗道 250号"),
    # 香港岛 written as the region, before its district, is no part of the location (was 岛中西区皇后大道中…)
    ("香港岛中西区皇后大道中99号中环中心 刘先生 852-91234567", "中西区", "皇后大道中99号中环中心"),
    ("香港岛东区太古城道18号 黄大文 98765432", "东区", "太古城道18号"),
    # 澳门半岛, the peninsula of five parishes, is an area: no parish, and no 半岛 left in the location
    ("澳门特别行政区 澳门半岛 新马路 20号 陈女士 +853 6612 3456", None, "新马路 20号"),
    ("澳门半岛新马路20号 陈女士 66123456", None, "新马路20号"),
])
def test_hong_kong_and_macau_areas_and_districts_others_write(text, district, location):
    """Issue 21, written here (2026-12-02)."""
    r = extract(text)
    assert (r.province in ("香港特别行政区", "澳门特别行政区"), r.district, r.specific_location) == (True, district, location)


def test_a_station_after_a_city_is_not_a_hong_kong_district():
    assert extract("杭州东站小商品市场2405号").province is None  # 东 (东区's stem) is one character: not read


@pytest.mark.parametrize("text,phone,normalized", [
    # local numbers of Taiwan (area code 0X), Macau and Hong Kong landlines, where the text names the place
    ("台湾省高雄市前镇区成功二路11号 李美华 07-3361234", "07-3361234", "+88673361234"),
    ("台北市信义区市府路1号 陈先生 (02)2720-8889", "(02)2720-8889", "+886227208889"),
    ("澳门氹仔岛 飞能便度街 30号 梁先生 28881234", "28881234", "+85328881234"),
    ("新北市板桥区县民大道二段7号 张先生 02-2960-3456 转 123", "02-2960-3456 转 123", "+886229603456;ext=123"),
])
def test_local_landlines_of_taiwan_macau_and_hong_kong(text, phone, normalized):
    r = extract(text)
    assert (r.phone, r.phones[0].normalized, r.phones[0].kind, r.phones[0].valid) == (phone, normalized, "landline", True)
    assert phone not in r.specific_location


def test_a_short_number_elsewhere_is_no_taiwan_phone():
    r = extract("广东省深圳市南山区科技园 张三 07-3361234")  # no Taiwan place named: not read as a Taiwan landline
    assert r.phone is None
