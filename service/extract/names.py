"""Who in a text is a person: the surname lists (Faker's zh_CN, jionlp's table, the classic 百家姓),
the shape of a name, and a name glued to the end of an address with no separator
(…98号楼聂我我13912340000). The rules module decides where the address ends; this one only
answers whether a tail of it reads as a person's name.
"""

from __future__ import annotations

import ast
import re

from .gazetteer import data_lines, jionlp_dictionary

ADDRESS_END = re.compile(r"(?:路|街|道|巷|号|室|栋|幢|楼|村|镇|乡|小区|大厦|单元|座|园|苑|弄|层|门|站|场|寓|省|市|区|县|旗|州|盟|城|里|湾|庄|屯|苑|府|邸|中心|广场|花园|家园|新村|公寓"
                          r"|社|旁|侧|角|口|处|内|外|对面|附近|前台|物业|柜|院|店|馆|局|厂|公司|学|校|组|期|胡同|与|国际|天地|居|寺|庙|庵|宫|殿"
                          r"|百货|商场|超市|银行|支行|分行|仓库|车间|食堂|宿舍|药房|诊所|会所)$")  # …1号 王府井百货 闫妮
NAME_SHAPE = re.compile(r"^[\u4e00-\u9fff]{2,8}$|^[\u4e00-\u9fff]{2,8}·[\u4e00-\u9fff]{2,8}$")
# A name in Latin letters (Tony, Lily Chen, Zhang Wei), each word capitalised; all capitals (SOHO, IFC) and the English
# words of a building's or a street's name are not names.
_LATIN_NAME = re.compile(r"[A-Z][a-z]{1,15}(?:(?:\. |[ .·])[A-Z][a-z]{1,15}){0,2}")  # Ms. Chen too
_LATIN_PLACE = re.compile(r"\b(?:Tower|Plaza|Park|Mall|Center|Centre|Building|Road|Street|Avenue|Lane|Garden|Gardens|Square"
                          r"|Hotel|Block|Room|Floor|Apartment|Apartments|Villa|Villas|Court|Bay|City|Town|Place|House|Hall"
                          r"|Office|Station|Gate|North|South|East|West|Unit|Phase|China|Rm|Flat|Apt|Suite|Fl|No)\b")
TRAILING_LATIN_NAME = re.compile(r"\s([A-Z][a-z]{1,15}(?:(?:\. |[ .·])[A-Z][a-z]{1,15}){0,2})$")


def a_latin_name(piece: str) -> bool:
    return _LATIN_NAME.fullmatch(piece) is not None and not _LATIN_PLACE.search(piece)


# A location with none of these is not an address (prompt-injection text, chit-chat).
LOCATION_HINT = re.compile(r"路|街|道|巷|号|室|栋|幢|楼|村|镇|乡|小区|大厦|单元|座|弄|广场|公寓|花园|家园|驿站|门")


def _jionlp_surnames() -> tuple[str, str]:
    """jionlp's 百家姓 tables (single, and compound joined by |), read from its source without
    importing jionlp (its import is heavy and prints a banner); empty when it is not installed."""
    dictionary = jionlp_dictionary()
    source = dictionary.parent / "rule" / "rule_pattern.py" if dictionary else None
    if source is None or not source.exists():
        return "", ""
    found = {}
    for node in ast.parse(source.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name) and isinstance(node.value, ast.Constant):
            found[node.targets[0].id] = node.value.value
    return found.get("SINGLE_CHINESE_FAMILY_NAME", ""), found.get("TWO_CHAR_CHINESE_FAMILY_NAME", "")


def _baijiaxing() -> set[str]:
    """The classic 百家姓 text (package data): a line of single surnames, or compound ones separated by spaces."""
    names: set[str] = set()
    for line in data_lines("baijiaxing.txt"):
        names |= set(line.split()) if " " in line else set(line)
    return names


def _surnames() -> tuple[set[str], set[str], frozenset[str]]:
    """Single and compound surnames: Faker's zh_CN list, jionlp's table (须, 蒯, 訾, 汲, 上官) and the
    classic 百家姓 (步, 宰, 寿, 咸, 暴: missing from both); and the common ones, those ~92% of people carry
    (Faker's weights, 0.1% and up: 王, 欧阳; not 哈)."""
    from faker.providers.person.zh_CN import Provider

    single, compound = _jionlp_surnames()
    names = set(Provider.last_names) | set(single) | set(compound.split("|")) | _baijiaxing()
    common = frozenset(name for name, weight in Provider.last_names.items() if weight >= 0.1)
    return {n for n in names if len(n) == 1}, {n for n in names if len(n) == 2}, common


SINGLE_SURNAMES, COMPOUND_SURNAMES, _COMMON_SURNAMES = _surnames()


def starts_with_a_common_surname(word: str) -> bool:
    """王博, 欧阳晓; 哈工大 is not."""
    return word[:1] in _COMMON_SURNAMES or word[:2] in _COMMON_SURNAMES


# What may end an address right before a glued name (…98号楼聂我我, …东门旁50米李秀英, …两栋中间仲浩辰,
# …天仙桥仇仪, …商服芮展熙, …门市庄妍: 间置桥会格服市井子 added on the waybill train split, +10 rows, nothing lost;
# …大厦(近学院路)丁真: a closing bracket, no answer moved on the six sets; …3号网点仇张欢: 点, likewise).
_BEFORE_GLUED_NAME = re.compile(r"[\dA-Za-z号室楼栋幢层院村屯组旁边侧角米店站线道路街巷弄园苑厦门口处内外面近区"
                                r"柜业场所校司府地际心寓庄湾城居寨段团下台厅过堂同东西南北字汇查头首尾部房商铺馆座壁库岛间置桥会格服市井子元点社仓)）]$")
# …滑雪小镇朱德185…, …第三排万鸣185…, …北行师小东156…, …内2公里符辉157…, …大中坝童林136…, …轴承厂宋学明138…,
# …电信局曲世春199…, …宿舍缪金娇138…, …86号_历婉如186…: only right before a phone (…大桥镇东方化工 is a firm); after a
# trade's word too (…邻家女服饰宿土, …精工电器何平, …顺丰快递王伟, …实验小学李娜: 49 right, none wrong on glued-naacl-train).
_BEFORE_NAME_AT_A_PHONE = re.compile(r"[镇排行里坝厂局舍_饰装器技流递脑修学资动接]$")


# Rare surnames that usually end the address instead (…路口东, …北区, …旁边, …底商, …6楼, …北门, …西路江霓, …北路王槐:
# a road's 路 and 街, 道, 巷 before a two-character name; the waybill train split, 3 rows). 米 and 房: _ends_the_address.
_ENDS_AN_ADDRESS_TOO = set("东西南北区边商楼门路街道巷")
_NUMERALS = set("零一二三四五六七八九十百千两")


def _ends_the_address(location: str, at: int) -> bool:
    """The rare surname at `at` more likely ends the address: 米 only as a distance's (…50米, …五十米; …东边米吉平 is
    米 the surname), 房 not after a floor (…6层房明群; …1号房 is the room)."""
    char, before = location[at], location[at - 1: at]
    if char == "米":
        return before.isdigit() or before in _NUMERALS
    if char == "房":
        return before != "层"
    return char in _ENDS_AN_ADDRESS_TOO


def starts_with_a_surname(word: str) -> bool:
    return bool(word) and (word[0] in SINGLE_SURNAMES or word[:2] in COMPOUND_SURNAMES)


def surname_fits(name: str) -> bool:
    """A single surname and one or two characters; four characters only behind a compound surname (司马卓尔)."""
    return (name[0] in SINGLE_SURNAMES and len(name) <= 3) or (len(name) >= 3 and name[:2] in COMPOUND_SURNAMES)


# Characters of things, trades and places that no given name holds (…交易市场车厢, …久汇印刷, …四层麦当劳, …宾馆后面,
# …江南支行 with a phone and no name: read as 车厢, 印刷, 麦当劳, 后面, 支行): a glued tail holding one after its surname
# is the address's end. Picked by hand from the characters that end NAACL train's locations and that no waybill train
# name holds after its surname; characters names do take (业, 修, 堂, 银, 港, 岗, 创, 镇, 行, 实, 里, 作, 某:
# 秋实, 万里, 王某收) are left out.
_NO_GIVEN_NAME_HOLDS = frozenset("号室楼司店村区厂部院组口幢场酒单面电仓库房厦饰柜专商服务街层所馆处机局医社站装委旁座队寓校器台内工纺技线具汽"
                                 "鞋递集织网际头舍卖物药府件事包员叉计材铺货售管贸宿究间诊教餐岙油巢械流设备弄码啡脑塑侧客活外泵造型块告堡屿食"
                                 "寨隔壁咖染梯检验购墅限袜模鲜租瓷测镜储板输摄灯锅用橱胶箱坑吧坊办皮菜配速围栈数企户防井厢刷右左畈埭段兜签寄表"
                                 "浴饺路下泡毯筑桔资产池界廿卅坂居桥岗")


def name_may_follow(location: str) -> bool:
    """Whether a name glued after `location` begins where an address can end: after a number, a unit or an address's
    word (…12栋, …旁边, …轴承厂, …_), not after a shop's or a firm's own word (…盈康鞋材, …联科生物)."""
    return bool(_BEFORE_GLUED_NAME.search(location) or _BEFORE_NAME_AT_A_PHONE.search(location))


def cut_after_a_shop(location: str, cut: int) -> bool:
    """Whether the name cut off `location`'s last `cut` characters follows a shop's or a firm's own word with no cue
    between (…盈康鞋材巫芳茗; not …有限公司电话訾翔宇, whose call note shows where the name begins)."""
    before = location[:-cut]
    return not name_may_follow(before) and not CUE_END.search(before)


def _names_nothing(chars: str) -> bool:
    return not any(char in _NO_GIVEN_NAME_HOLDS for char in chars)


def given_name_fits(name: str) -> bool:
    return _names_nothing(name[2 if name[:2] in COMPOUND_SURNAMES else 1:])


# Two-character words of an address that no given name is (…三木阁仓储中心136…: 储中心 is no one).
_ADDRESS_WORD = re.compile(r"中心|广场|花园|家园|新村|公寓|小区|大厦|单元|胡同|国际|天地|百货|商场|超市|银行|支行|分行|仓库|车间"
                           r"|食堂|宿舍|药房|诊所|会所|前台|物业|对面|附近")


def _glued_name_fits(location: str, length: int, before_a_phone: bool = False) -> bool:
    if len(location) <= length + 2:
        return False
    name, before = location[-length:], location[:-length]
    surname_ok = surname_fits(name) and given_name_fits(name)
    # Glued between an address and a phone (…12栋卢边城185…, …附近楼佳琪185…), a three-character name may end like an
    # address word or hold one: nothing else stands in that place on a waybill. Two characters, and four behind a
    # compound surname that is an address word too (…107号南门钱欢: 南门 is the gate), stay strict.
    looks_like_address = ADDRESS_END.search(name) or LOCATION_HINT.search(name)
    ends_an_address = _BEFORE_GLUED_NAME.search(before) or (before_a_phone and _BEFORE_NAME_AT_A_PHONE.search(before))
    if before_a_phone and length == 3 and not ends_an_address and not looks_like_address:
        # After a shop's or a firm's own word, right before a phone (…六楼盈康鞋材巫芳茗 with the phone opening the text,
        # …二楼联科生物冯楚璎185…): a three-character name holding no thing's character is read, and review flags it
        # name_after_a_shop; the two-character one wins where it fits, its first character ending the address
        # (…交口旁池新苑王明; not …财务科井蕴娇, 蕴 is no surname).
        return bool(surname_ok and NAME_SHAPE.match(name) and not _glued_name_fits(location, 2, before_a_phone))
    return bool(surname_ok and NAME_SHAPE.match(name) and ends_an_address
                and (not looks_like_address or (before_a_phone and length == 3 and not _ADDRESS_WORD.search(name))))


# A minority name with its middle dot glued after the address (…人民东路1号买买提·艾力): no address has the dot.
_GLUED_DOTTED_NAME = re.compile(r"[\u4e00-\u9fff]{2,8}·[\u4e00-\u9fff]{2,8}$")
# A name with no surname from the list (其其格, 拉姆平措, 卓玛多吉: Mongolian and Tibetan names) glued right after a
# number's unit and right before a phone: three to five characters, none of which an address has.
_GLUED_NAME_WITHOUT_SURNAME = re.compile(r"(?<=[\d号室楼栋幢层座])(?:(?![路街道巷号室栋幢楼村镇乡区市县省门园苑厦城店场馆院所"
                                         r"司厂部中心广内外旁侧口东西南北前后左右边对面附近里层座期单元学校站社会堂亭阁舍局处队组])"
                                         r"[\u4e00-\u9fff]){3,5}$")


def _dotted_name(location: str) -> int:
    """Length of a dotted name glued to the end (0: none): its first part as short as lets an address end before it
    (…947号勺越湾阿依·吐尔逊 is 阿依·吐尔逊, …1号买买提·艾力 is 买买提·艾力)."""
    if not (found := _GLUED_DOTTED_NAME.search(location)):
        return 0
    dot = location.rindex("·")
    for first in range(2, dot - found.start() + 1):
        if dot - first > 0 and _BEFORE_GLUED_NAME.search(location[: dot - first]):
            return len(location) - (dot - first)
    return 0


def _bare_name(location: str) -> int:
    """Length of a name with no listed surname glued between a number's unit and a phone (0: none); 米 after a
    number is the distance's (…向东200米尼玛次仁)."""
    if not (found := _GLUED_NAME_WITHOUT_SURNAME.search(location)) or len(location) <= len(found.group()) + 2:
        return 0
    name = found.group()
    if name[0] == "米" and location[found.start() - 1].isdigit():
        name = name[1:]
    return len(name) if len(name) >= 3 and _names_nothing(name) and not CHAIN_STORE.search(name) else 0


# 的 (…3幢的王芳: "王芳 of building 3"), 找 (ask for) or 给 (for) between the address and a glued name.
_PARTICLES = "的|找|给"
PARTICLE_BEFORE_NAME = re.compile(f"({_PARTICLES})" + r"([\u4e00-\u9fff]{2,4})$")
# A call note between the address and a glued name (…10楼电联印蕊185…, …有限公司电话訾翔宇186…: call this person).
_CALL_CUES = "电联系?|电话联系|联系|电话"
CALL_BEFORE_NAME = re.compile(f"(?:{_CALL_CUES})" + r"([\u4e00-\u9fff]{2,4})$")
# What a cut name leaves at the location's end: the particle, and a call note before it (…231号电联给伏远).
CUE_END = re.compile(f"(?:{_PARTICLES}|{_CALL_CUES})+$")


def _particle_name_fits(before: str, particle: str, name: str) -> bool:
    """After 给 or 找 any address may end (发到…诗乡映象给乌天雨); 的 is common inside addresses (…路的尽头), so after it
    only what ends one. Four characters behind a compound surname (…17号给长孙梦可). 给 may open what follows the
    divisions (发到浙江省温州市龙湾区给申红军，…: no location written)."""
    if particle != "的":
        return surname_fits(name) and given_name_fits(name) and (len(before) >= 2 or not before)
    return surname_fits(name) and len(before) >= 2 and bool(_BEFORE_GLUED_NAME.search(before))


# The commonest parts of Tibetan given names (Tibetans use no surname; a name is two of these, 扎西次仁, 边巴卓玛).
_TIBETAN_PARTS = frozenset("扎西 次仁 卓玛 多吉 达瓦 格桑 拉姆 央金 平措 旦增 丹增 尼玛 白玛 德吉 边巴 洛桑 索朗 索南 普布 巴桑 益西 仁增 "
                           "顿珠 曲珍 措姆 次旦 强巴 贡布 欧珠 米玛 拉巴 嘎玛 桑珠 玉珍 琼达 加措 才让 卓嘎 德庆 罗布".split())


def surname_listed(name: str) -> bool:
    """A name the lists can vouch for: a listed surname and what fits behind it, a Tibetan name of two parts, a dotted
    or a Latin one (review asks about the rest when it is glued to the address: 溥梓涵, …6号新潮文具)."""
    return (surname_fits(name) or "·" in name or a_latin_name(name)
            or (len(name) == 4 and name[:2] in _TIBETAN_PARTS and name[2:] in _TIBETAN_PARTS))


PARCEL_LOCKER = re.compile(r"丰巢|菜鸟|驿站")  # …112单元丰巢: where the parcel goes, no person (丰 is a surname)
# Chain stores whose names read like a surname and a given name (…4层麦当劳, …84号华莱士, …3楼屈臣氏): where the
# parcel goes, not who takes it.
CHAIN_STORE = re.compile(r"麦当劳|华莱士|肯德基|德克士|必胜客|星巴克|屈臣氏|海底捞|沃尔玛|家乐福|艾莱依")
_A_SIDE = re.compile(r"[东西南北左右][边面侧]|边上")  # …东门北边, …1-2楼左边电联: a side of the place (北, 左 are surnames)
_A_FAMILYS = re.compile(r"[\u4e00-\u9fff]家")  # …白马村项家, …梁弄镇石家: the X family's hamlet, no person
# A floor's or a building's unit after a short number (…13楼淘宝: the 13th floor) ends the address; after a room's
# number of three digits or more (…1614楼彤瑞) 楼 is a surname.
_UNITS_AFTER_A_NUMBER = frozenset("楼层号栋幢")
# (…88号楼嘉怡 keeps 楼嘉怡: after 号 the 楼 may open a name, tests/test_rules_glued_names.py)
_SHORT_NUMBER_BEFORE = re.compile(r"(?:(?<![\d-])\d{1,2}|[一二三四五六七八九十]{1,3})$")


def _a_unit_after_a_number(location: str, at: int) -> bool:
    return location[at:at + 1] in _UNITS_AFTER_A_NUMBER and bool(_SHORT_NUMBER_BEFORE.search(location[:at]))


# The titles written after a full name that the name goes without (张三先生 → 张三; piece_kinds.GLUED_TITLE strips them)
GLUED_TITLES = "先生|女士|小姐|同学|老师|师傅|经理"
_TITLE_END = re.compile(rf"(?:{GLUED_TITLES})$")


def trailing_name(location: str, before_a_phone: bool = False) -> int:
    """Length of a person's name glued to the end of an address (0 when none): a surname from
    the list and one or two more characters, after something that ends an address. When the
    name's first character could as well end the address (…交叉口南甘娜, …1号房农连吉 is fine,
    …旁边禹茵) and the name without it fits too, the shorter one wins. `before_a_phone`: the location's end is
    written right before a phone, with no separator. Never a parcel locker's name (丰巢), a chain store's (麦当劳), a
    side (北边, 左边), a family's hamlet (项家), nor one opening with a floor's unit after its number (…13楼淘宝)."""
    if CHAIN_STORE.search(location[-3:]):
        return 0
    titled = _TITLE_END.search(location)
    if titled and (named := _trailing_name(location[: titled.start()], before_a_phone)) >= 2:
        cut = named + len(titled.group())  # …1号欧阳娜娜女士, …1号李小龙同学: a full name and its title
    else:
        cut = _trailing_name(location, before_a_phone)
    tail = location[-cut:] if cut else ""
    if cut and (PARCEL_LOCKER.search(tail) or _A_SIDE.search(tail) or _A_FAMILYS.fullmatch(tail)):
        return 0
    return cut


def _trailing_name(location: str, before_a_phone: bool = False) -> int:
    if dotted := _dotted_name(location):
        return dotted
    if (cue := PARTICLE_BEFORE_NAME.search(location)) and _particle_name_fits(location[: cue.start()], cue[1], cue[2]):
        return len(cue[2])  # …3幢的王芳, …3幢找王芳: the particle is neither (rules drop it from the location)
    if ((call := CALL_BEFORE_NAME.search(location)) and call.start() >= 2 and surname_fits(call[1])
            and not CHAT_WORDS.search(call[1]) and not call[1].endswith("人")):  # 电联本人: no name written
        return len(call[1])
    if (len(location) > 6 and location[-4:-2] in _TIBETAN_PARTS and location[-2:] in _TIBETAN_PARTS
            and _BEFORE_GLUED_NAME.search(location[:-4])):
        return 4  # …9组边巴次仁: a Tibetan name of two parts, though 边 ends an address and 巴 is a surname
    for length in (4, 3, 2):  # four only behind a compound surname, which then wins (…8号司马青云)
        tail = location[-length:]
        if _a_unit_after_a_number(location, len(location) - length) or _A_SIDE.search(tail):
            continue
        if _glued_name_fits(location, length, before_a_phone):
            if (length > 2 and _ends_the_address(location, len(location) - length) and tail[:2] not in COMPOUND_SURNAMES
                    and _glued_name_fits(location, length - 1, before_a_phone)):
                return length - 1
            return length
    return _bare_name(location) if before_a_phone else 0


# With no phone in the text, a glued name is cut only after a room's number (…1单元502室沈梦辰, …2单元陈思远,
# …1单元1201吴宇, …A座2501李华) or behind a compound surname (…大剧院东门欧阳夏丹): there an address has nothing more
# to say (after a floor or a house number it is more often a shop: …3楼肯德基, …84号华莱士).
_UNIT_END = re.compile(r"\d室$|\d单元$|(?:单元|座|栋|幢|号楼)-?\d{3,4}$")


def name_closing_an_address(location: str) -> int:
    """Length of a name glued to the end of a whole address in a text with no phone (0 when none); not a dotted name."""
    cut = trailing_name(location)
    if not cut or "·" in location[-cut:]:
        return 0
    return cut if location[-cut:][:2] in COMPOUND_SURNAMES or _UNIT_END.search(location[:-cut]) else 0


# A surname with how the person is called (张同学, 王老师, 欧阳经理): a name where the given name is not written.
SURNAME_AND_TITLE = re.compile(r"[\u4e00-\u9fff]{1,2}(?:同学|老师|先生|女士|小姐|经理|师傅|总|医生|阿姨)")
# Words of a chat, not of a name (包邮吗, 能不能今天发, 那就寄到单位, 刚才那个, 第一次买): a name holding one is a phrase.
CHAT_WORDS = re.compile(r"[吗呢吧啊哦呀么了我你您这哪想要发寄送到问能买卖]|那个|刚才|之前|上次|第.次|希望|不对")


def person_shaped(piece: str) -> bool:
    """A name as people write one: a surname and one or two characters (two or three behind a compound surname), a
    minority name with ·, a surname with a title (张同学) or a name in Latin letters, holding no word of a chat."""
    if a_latin_name(piece) or "·" in piece:
        return True
    if CHAT_WORDS.search(piece):
        return False
    if SURNAME_AND_TITLE.fullmatch(piece):
        return starts_with_a_surname(piece)
    if piece[:2] in COMPOUND_SURNAMES:
        return 3 <= len(piece) <= 4
    return piece[:1] in SINGLE_SURNAMES and 2 <= len(piece) <= 3
