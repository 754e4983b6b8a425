"""Reading consecutive division names at the head of an address: every name (full, short, former)
that may start at a position, the longest chain of them, and the readings that come after it (a
second reading glued on, a district in a later piece, a city after a note)."""

from __future__ import annotations

import re

from .gazetteer import Div, Gazetteer, data_lines, townships_by_county, townships_named
from .misspelled import LONGEST, SHORTEST, misspelled
from .sar_taiwan import sar_district_stem_at

# Between two divisions: separators (浙江省-宁波市-慈溪市) and the placeholders that exports of
# division pickers write for a level (天津市-市辖区-武清区, 济南市其它区, 北京市县密云县), the Xinjiang Production and
# Construction Corps and its division before one of its cities (新疆生产建设兵团第八师石河子市), and 雄安新区 before one of
# the three 保定 counties it oversees (河北省雄安新区容城县…: a new area, no MCA division level).
_BETWEEN_DIVISIONS = re.compile(r"[-—_ ·?？]*(?:(?:市辖区|其它区|其他区|省直辖县级行政区划|自治区直辖县级行政区划"
                                r"|(?:生产建设)?兵团(?:第[一二三四五六七八九十]{1,3}师)?|雄安新区|(?P<county>县)|(?P<urban>市区|市|区))[-—_ ·?？]*)?")
_SEPARATORS_ONLY = re.compile(r"[-—_ ·?？]*")
# After a short form these make it a street's, a township's or an estate's name: 中山路, 光明南路, 长春6街,
# 龙泉社区, 金乡镇 (金乡镇 is also in 苍南县), 浦东新村; not 中山市, 光明区, 龙泉市, 金乡县.
STREET_AFTER = re.compile(r"\d*[东西南北中]?[路街巷弄]|[道村镇乡]|大道|大街|社区|新村")
# After a county's short form opening the text, a road with a name of its own (北仑新大路, 慈溪三北大街,
# 鹿城宏源路) makes it the county: 天河路, 望江西路, 余杭塘路, 凤凰山脚路 and 安定门东大街 are roads named
# after it or after a mountain, a lake or a gate, and 东城街道 is a township.
_ROAD_OF_ITS_OWN = re.compile(r"(?![山湖江河桥塘溪港湾岛门])(?:(?![街道镇乡村区县市路])[\u4e00-\u9fff]){2,4}?(?:路|大街|大道|街(?!道))")
# Shopping centres that chains name after their county (鄞州万达广场, 余杭吾悦广场, 萧山银泰城): a county's short form that
# opens the text before one of them is the county (the review still says division_inferred_from_short_form).
_MALL_NAMED_AFTER_ITS_COUNTY = re.compile(r"万达广场|吾悦广场|宝龙广场|银泰城|万象城|万象汇|印象城|龙湖天街|大悦城|爱琴海购物公园")
# After a province's or city's short form at the head these make it a place's own name, which need
# not lie there (杭州湾新区 is in 宁波; 浙江大学, 温州南站, 杭州大厦).
_NAMES_A_PLACE = re.compile(r"(?:湾|[东西南北]?站|机场|大厦|(?:(?![区县市省州])[\u4e00-\u9fff]){0,4}?(?:大学|学院))(?![东西南北中]?[路街道巷])")
# District names built only of direction and town words: inside a place's name far more often
# than written alone behind a person's name.
_GENERIC_DISTRICT = re.compile(r"^[城市东西南北中郊新矿]{1,3}区$")
_ROAD_AFTER = re.compile(r"[东西南北中]?[路街巷弄]|大道|大街")
MAX_CHAIN = 6  # province, city, district and a few repeats: bounds the search on any text
MAX_DIVISION_NAME = 16


def _matches_at(gaz: Gazetteer, s: str, p: int, last: Div | None) -> list[tuple[int, Div, str]]:
    """Every division name starting at p that may follow `last`, longest first."""
    found = []
    for length in gaz.lengths_by_first.get(s[p: p + 1], ()):
        written = s[p: p + length]
        if length < 2 or length > MAX_DIVISION_NAME or written not in gaz.any_name:
            continue
        former = gaz.former.get(written, [])
        if former and _ROAD_AFTER.match(s, p + length):
            former = []  # a former name followed by a road word names the road (鄞县大道; 江东区镇安街 is a district)
        cands = gaz.by_name.get(written, []) + former or gaz.renamed.get(written, [])
        # A short form that a province's or city's full name overlaps is not one (陆家镇江苏省: 江苏省,
        # not 镇江; 信阳新县 stays 信阳 + 新县, though 阳新县 is a county).
        if (not cands and written in gaz.by_alias
                and not (STREET_AFTER.match(s, p + length) and not division_at(gaz, s, p + length)
                         and not _child_short_form_at(gaz, gaz.by_alias[written], s, p + length))
                and not _a_zone_named_after(gaz, written, s, p + length)
                and not any(upper_division_at(gaz, s, q) for q in range(p + 1, p + length))):
            cands = [d for d in gaz.by_alias[written] if _alias_ok(gaz, d, s, p, p + length, last)
                     and not (last is None and d.level < 3 and _in_a_township_name(gaz, s, p, length, d))]
        if last is None:
            cands = [d for d in cands if not _a_taiwan_county_township(gaz, d)]
        else:
            # Below the last one, or the same one written again (上海 上海市 浦东新区); after the
            # district only its full name repeated (余杭区余杭区), not a street named after it (曲阜鼓楼北街).
            below_district = gaz.district_of(last) == last
            # An ancestor written again (浙江省丽水市 浙江省丽水市遂昌县, 缙云县丽水缙云县: exports glue two
            # fields) is a repeat too.
            cands = [d for d in cands if (d == last and (not below_district or written == d.name))
                     or (not below_district and d.level > last.level and gaz.contains(last, d))
                     or (d != last and gaz.contains(d, last))]
        # Each reading of a name shared by several divisions, the most likely first: the chain keeps the one that
        # reads furthest (金门县乌坵乡: Taiwan's 金门县, whose township follows, not Fujian's).
        found += [(length, d, written) for d in cands]
    if not found and last is not None and last.level < 3:
        # 浙江省金华市义务市…, 杭州市西胡区…: a name one character off by its sound, below the division before it
        found = [(length, d, s[p: p + length]) for length in range(LONGEST, SHORTEST - 1, -1)
                 for d in misspelled(s[p: p + length], gaz) if d.level > last.level and gaz.contains(last, d)]
    return found


def _a_taiwan_county_township(gaz: Gazetteer, div: Div) -> bool:
    """A township of one of Taiwan's counties named like a mainland township (大同乡, 新城乡; 公馆乡 beside 公馆镇): read
    only below its county or 台湾省, or it would make 台湾省 of a mainland address that opens with its township.
    The others (竹北市, 冬山乡, 三地门乡) name one place and are read alone, as a unique district is."""
    if not (div.level == 3 and div.code in gaz.unofficial and gaz.by_code[div.parent].name.endswith("县")):
        return False
    mainland = townships_named()
    return div.name in mainland or any(div.name[:-1] + suffix in mainland for suffix in "镇乡")


def _a_zone_named_after(gaz: Gazetteer, written: str, s: str, at: int) -> bool:
    """A county's short form before 新区 names a zone (红谷滩新区, 龙华新区, 钱塘新区: zones before they became, or
    beside, the district of that name): read as the county it left 新区 opening the location; as a zone, the
    convention for zones holds (README: district null, flagged no_district; the NAACL annotation does so)."""
    return s.startswith("新区", at) and all(d.level == 3 for d in gaz.by_alias[written])


def division_at(gaz: Gazetteer, s: str, at: int) -> bool:
    """A full division name, today's or a former one, starts at `at` (台州路桥区: 路桥区 follows 台州, not a street)."""
    return any(gaz.is_full_name(s[at: at + k]) for k in range(2, 7))


def _child_short_form_at(gaz: Gazetteer, parents: list[Div], s: str, at: int) -> bool:
    """A short form of a division below one of `parents` starts at `at`, and is not a street's or a
    township's name itself (宁波镇海…, 台州路桥…: 镇 and 路 begin 镇海区 and 路桥区, not 宁波镇, 台州路)."""
    return any(any(gaz.contains(parent, child) for parent in parents for child in gaz.by_alias.get(s[at: at + k], ()))
               and not STREET_AFTER.match(s, at + k) for k in range(2, 5))


def own_township_at(s: str, at: int, county_code: str) -> bool:
    """A township of the county `county_code`, by full or short name, starts at `at` (萧山城厢街道, 瑞安塘下)."""
    return any(s.startswith(town, at) for town in townships_by_county().get(county_code, ()))


def upper_division_at(gaz: Gazetteer, s: str, at: int, deepest: int = 2) -> bool:
    """A province's (deepest=1) or a province's or city's (deepest=2) full name starts at `at`."""
    return any(d.level <= deepest for k in range(3, 9) for d in gaz.by_name.get(s[at: at + k], ()))


def townships_at(s: str, at: int, lengths: range) -> list[tuple[str, ...]]:
    """For each township full name of one of `lengths` starting at `at`: the codes of its counties."""
    named = townships_named()
    return [named[s[at: at + k]] for k in lengths if at + k <= len(s) and s[at: at + k] in named]


def _in_a_township_name(gaz: Gazetteer, s: str, p: int, length: int, div: Div) -> bool:
    """The short form at p begins the full name of a township outside `div` (河南岸街道 is in 惠州,
    潍坊新村街道 in 上海): the text names the township, not the province or city."""
    return any(not any(c in gaz.by_code and gaz.contains(div, gaz.by_code[c]) for c in codes)
               for codes in townships_at(s, p, range(length + 1, 13)))


def _alias_ok(gaz: Gazetteer, div: Div, s: str, at: int, after: int, last: Div | None) -> bool:
    """A county-level short form (萧山, 昆山, 义乌) counts below a division already read, at the head
    of the address when one of its own townships follows (萧山城厢街道, 昆山玉山镇), or opening the
    text when real addresses use it so (义乌国际商贸城…,柯桥联合市场…: _head_short_form) or when a
    road with a name of its own or a chain's shopping centre follows a short form that names one county
    (北仑新大路…, 鄞州万达广场…); elsewhere it
    is too often part of a place's name (江南4区, 凌云六区, 望江新园, 钱塘江石材市场) or a person's name.
    (Measured: reading every unique short form at the head made wrong counties of those.)"""
    if (last is None and div.level < 3 and _NAMES_A_PLACE.match(s, after) and s[after: after + 2] not in gaz.any_name
            and not division_at(gaz, s, after) and not sar_district_stem_at(s, after)):
        # 香港湾仔(区): a district of its own follows, not a place named 香港湾
        return False
    if last is not None or gaz.district_of(div) != div:
        return True
    if own_township_at(s, after, div.code):
        return True
    if at != 0:
        return False
    if _head_short_form(gaz, div, s, at, after):
        return True
    if len(gaz.by_alias[s[at:after]]) > 1:
        return False
    if _ROAD_OF_ITS_OWN.match(s, after):
        return True
    # a mall names one county only where no former county had that name (江北: 宁波's, and 重庆's until 2025)
    return _MALL_NAMED_AFTER_ITS_COUNTY.match(s, after) is not None and not gaz.former.get(div.name)


def _head_short_form(gaz: Gazetteer, div: Div, s: str, at: int, after: int) -> bool:
    """A short form that real addresses open with as their county (义乌国际商贸城…, 柯桥联合市场…; the
    list is mined from the NAACL-2019 train annotation by addrdata.head_short_forms), unless it
    begins a township's name elsewhere."""
    return s[at:after] in _HEAD_SHORT_FORMS and not _in_a_township_name(gaz, s, at, after - at, div)


_HEAD_SHORT_FORMS = frozenset(line.split()[0] for line in data_lines("head_short_forms.txt"))


_ONE_CHARACTER_ROAD = re.compile(r"[\u4e00-\u9fff](?<![东西南北中一二三四五六七八九十])(?:路|街|巷|大道|大街)(?![镇乡村口])")
_CITY_QUARTER = re.compile(r"城[东南西北中]|[东南西北]城(?![市区县镇])")


def longest_chain(gaz: Gazetteer, s: str, p: int, last: Div | None, depth: int = 0) -> list[tuple[int, Div, str]]:
    """Most divisions readable from p (青岛市南区 reads 青岛 + 市南区, not 青岛市 + 南区)."""
    if depth >= MAX_CHAIN:
        return []
    best: list[tuple[int, Div, str]] = []
    for length, div, written in _matches_at(gaz, s, p, last):
        if written != div.name and _ONE_CHARACTER_ROAD.match(s, p + length):
            continue  # 余杭塘路: a road's name that opens with a short form (no road is named by one character)
        between = _BETWEEN_DIVISIONS.match(s, p + length)
        # 绍兴县 is a county, not 绍兴 + a 县 placeholder; 市 or 区 between follows a city's full name only
        # (惠州市区博罗县, 宁波市市江东区; in 青岛市市北区 市北区 is the district).
        county_placeholder = between["county"] and written != div.name
        urban_placeholder = between["urban"] and (  # (乐山市-市中区: 市中区 after the dash too)
            written != div.name or div.level != 2 or division_at(gaz, s, _SEPARATORS_ONLY.match(s, p + length).end()))
        if county_placeholder or urban_placeholder:
            between = _SEPARATORS_ONLY.match(s, p + length)
        gap = between.end() - (p + length)
        # A repeat of the last division or of an ancestor (上海 上海市, 余杭区余杭区) only consumes its
        # text: no role, written "", and the chain goes on below the deepest division read.
        repeat = last is not None and gaz.contains(div, last)
        # After an ancestor written again the chain goes on below it: the district that follows is the
        # address (浙江省杭州市西湖区浙江省杭州市余杭区…: exports glue two readings, the later one wins).
        rest = longest_chain(gaz, s, p + length + gap, last if repeat and div == last else div, depth + 1)
        if repeat and written != div.name and not rest and not _CITY_QUARTER.match(s, p + length):
            # a short form not followed by more divisions starts a place name (唐山湾; 台州市台州湾…, 温州市温州医学院…,
            # the division's own short form too), except before a quarter of the city (杭州市杭州城北: a repeat)
            continue
        chain = [(length + (gap if rest else 0), div, "" if repeat else written)] + rest
        if len(chain) > len(best):
            best = chain
    return best


def scan_divisions(address: str, gaz: Gazetteer, prefix_ok=None) -> tuple[dict[str, str], int, int]:
    """Read consecutive division names at the first place they start: (written by role, start, end).
    A chain after the head only counts when prefix_ok accepts what precedes it (a glued name)."""
    for start in range(0, min(len(address), 8)):
        if start and prefix_ok is not None and not prefix_ok(address[:start]):
            continue
        if start and townships_at(address, 0, range(start + 1, start + 4)):
            continue  # 马屿镇江浦…: the township 马屿镇 written first, not a name glued before 镇江
        chain = longest_chain(gaz, address, start, None)
        if not chain:
            continue
        if len(chain) == 1 and _GENERIC_DISTRICT.match(chain[0][2]) and (start or len(gaz.by_name.get(chain[0][2], ())) > 1):
            continue  # 柯桥轻纺城东区, 海宁皮革城北区: a place's name, not a glued name and 西宁's 城东区;
            # 城区玉树路… alone: three cities have a 城区, the text does not say which
        if (len(chain) == 1 and chain[0][2] != chain[0][1].name and prefix_ok is not None
                and any(prefix_ok(address[:k]) and upper_division_at(gaz, address, k, deepest=1)
                        for k in range(start + 3, start + 5))):
            continue  # 濮阳洁桐河北省…: a compound surname that is also a city's short form, glued before the province
        end = start + sum(length for length, _, _ in chain)
        written, end = _written_again(gaz, address, chain, end) or (_roles(gaz, chain), end)
        return written, start, end
    return {}, 0, 0


def _roles(gaz: Gazetteer, chain: list[tuple[int, Div, str]]) -> dict[str, str]:
    written: dict[str, str] = {}
    for _, div, text in chain:
        if not text:
            continue
        if div.level == 1:
            written["province"] = text
        if div.level > 1 and gaz.city_of(div) == div:
            written["city"] = text
        if gaz.district_of(div) == div:
            written["district"] = text
    return written


COUNTRY = ("中国大陆", "中国内地", "中国", "中华人民共和国")  # the country written before the province (longest first)
_COUNTRY_BETWEEN = re.compile(rf"[-—_ ·?？]*(?P<country>{'|'.join(COUNTRY)})?[-—_ ·?？]*")


def _written_again(gaz: Gazetteer, s: str, chain: list, end: int) -> tuple[dict[str, str], int] | None:
    """Divisions written a second time right after the first ones, by full name: the later ones are
    the address (exports glue a buyer's region before it: 四川省成都市郫县中国浙江省衢州市…,
    江苏省无锡市锡山区中国浙江省杭州市…). A county written again by another of its names (富阳市富阳区,
    南郑区南郑县) keeps today's name, once."""
    between = _COUNTRY_BETWEEN.match(s, end)
    at = between.end()
    full_name_next = any(gaz.is_full_name(s[at: at + k]) for k in gaz.lengths_by_first.get(s[at: at + 1], ()))
    second = longest_chain(gaz, s, at, None) if full_name_next else []  # (most texts: no second reading at all)
    # The second reading counts only when it starts with a full name (a short form there starts a place's name).
    first_div = second[0][1] if second and second[0][2] == second[0][1].name else None
    second_end = at + sum(length for length, _, _ in second)
    # A bare province after a whole address is too little to drop it (鄱阳县浙江省梧田街道) unless 中国 says so.
    if first_div and first_div.level == 1 and (len(second) > 1 or between["country"]):
        return _roles(gaz, second), second_end
    district = next((div for _, div, text in reversed(chain) if text and gaz.district_of(div) == div), None)
    if district is None:
        return None
    if first_div and len(second) == 1 and gaz.current_code(first_div) == gaz.current_code(district):
        current = district if not gaz.is_former(district) else first_div  # today's name of the two
        return {**_roles(gaz, chain), "district": current.name}, second_end
    return None


def district_in_a_later_piece(gaz: Gazetteer, address: str, parts: list[str], written: dict[str, str],
                               end: int) -> tuple[dict[str, str], int]:
    """Divisions read down to the city only, and a later piece of the text opens with one of its
    districts (宁波柯锐进出口/鄞州惠风西路…): that district, and the location after it."""
    upper = next((d for name in (written.get("city"), written.get("province")) if name
                  for d in gaz.lookup(name)[0]), None)
    if upper is None:
        return written, end
    at = 0
    for part in parts:
        at += len(part)
        if at <= end:
            continue
        chain = longest_chain(gaz, address, at, upper)
        if chain and gaz.district_of(chain[0][1]) == chain[0][1] and chain[0][2]:
            return {**written, "district": chain[0][2]}, at + chain[0][0]
    return written, end


def city_after_a_note(gaz: Gazetteer, address: str, written: dict[str, str], end: int) -> tuple[dict[str, str], int]:
    """Only a province read, and one of its cities by full name a few characters on (浙江省委托件杭州市…:
    a courier's note between): the divisions read from that city."""
    province = next(iter(gaz.lookup(written["province"])[0]), None)
    for at in range(end + 1, min(end + 6, len(address))):
        if not division_at(gaz, address, at):
            continue
        chain = longest_chain(gaz, address, at, province)
        if chain and chain[0][2] == chain[0][1].name and chain[0][1].level == 2:
            return {**written, **_roles(gaz, chain)}, at + sum(length for length, _, _ in chain)
    return written, end
