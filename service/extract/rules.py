"""The embedded rules backend: no model. Phones first, then labels and separators split the
text into pieces, the gazetteer reads the divisions at the head of the address, the rest of the
address is specific_location and the remaining person-name-like piece is the name. It is the
default backend, the repair path for unusable model output, and the evaluation baseline."""

from __future__ import annotations

import re

from .. import errors
from ..schema import DIVISION_FIELDS, ErrorInfo, Reading
from .gazetteer import Div, Gazetteer, data_lines, get_gazetteer, townships_by_county, townships_named
from .labels import EDGE_JUNK, PHONE_MARK, clean, pieces
from .names import ADDRESS_END, COMPOUND_SURNAMES, LOCATION_HINT, NAME_SHAPE, SINGLE_SURNAMES, trailing_name
from .normalise import Divisions, normalise_divisions
from .phones import find_phones

# Between two divisions: separators (浙江省-宁波市-慈溪市) and the placeholders that exports of
# division pickers write for a level (天津市-市辖区-武清区, 济南市其它区, 北京市县密云县).
_BETWEEN_DIVISIONS = re.compile(r"[-—_ ·?？]*(?:(?:市辖区|其它区|其他区|省直辖县级行政区划|自治区直辖县级行政区划|(?P<county>县)|(?P<urban>市区|市|区))[-—_ ·?？]*)?")
_SEPARATORS_ONLY = re.compile(r"[-—_ ·?？]*")
# After a short form these make it a street's, a township's or an estate's name: 中山路, 光明南路, 长春6街,
# 龙泉社区, 金乡镇 (金乡镇 is also in 苍南县), 浦东新村; not 中山市, 光明区, 龙泉市, 金乡县.
_STREET_AFTER = re.compile(r"\d*[东西南北中]?[路街巷弄]|[道村镇乡]|大道|大街|社区|新村")
# After a county's short form opening the text, a road with a name of its own (北仑新大路, 慈溪三北大街,
# 鹿城宏源路) makes it the county: 天河路, 望江西路, 余杭塘路, 凤凰山脚路 and 安定门东大街 are roads named
# after it or after a mountain, a lake or a gate, and 东城街道 is a township.
_ROAD_OF_ITS_OWN = re.compile(r"(?![山湖江河桥塘溪港湾岛门])(?:(?![街道镇乡村区县市路])[\u4e00-\u9fff]){2,4}?(?:路|大街|大道|街(?!道))")
# After a province's or city's short form at the head these make it a place's own name, which need
# not lie there (杭州湾新区 is in 宁波; 浙江大学, 温州南站, 杭州大厦).
_NAMES_A_PLACE = re.compile(r"(?:湾|[东西南北]?站|机场|大厦|(?:(?![区县市省州])[\u4e00-\u9fff]){0,4}?(?:大学|学院))(?![东西南北中]?[路街道巷])")
# District names built only of direction and town words: inside a place's name far more often
# than written alone behind a person's name.
_GENERIC_DISTRICT = re.compile(r"^[城市东西南北中郊新矿]{1,3}区$")
_ROAD_AFTER = re.compile(r"[东西南北中]?[路街巷弄]|大道|大街")
MAX_CHAIN = 6  # province, city, district and a few repeats: bounds the search on any text
NOT_NAMES = {"中国", "中华人民共和国"}  # the country written before the province
# Characters a long (5+) name never has: such a piece is address text (交口东北角陶静华).
_PLACE_CHAR = re.compile(r"[口角旁侧路街道巷号楼村镇乡区市县省与米东西南北门内外广园苑厦城际]")
_DIGIT = re.compile(r"\d")
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
                and not (_STREET_AFTER.match(s, p + length) and not _division_at(gaz, s, p + length)
                         and not _child_short_form_at(gaz, gaz.by_alias[written], s, p + length))
                and not any(_upper_division_at(gaz, s, q) for q in range(p + 1, p + length))):
            cands = [d for d in gaz.by_alias[written] if _alias_ok(gaz, d, s, p, p + length, last)
                     and not (last is None and d.level < 3 and _in_a_township_name(gaz, s, p, length, d))]
        if last is not None:
            # Below the last one, or the same one written again (上海 上海市 浦东新区); after the
            # district only its full name repeated (余杭区余杭区), not a street named after it (曲阜鼓楼北街).
            below_district = gaz.district_of(last) == last
            # An ancestor written again (浙江省丽水市 浙江省丽水市遂昌县, 缙云县丽水缙云县: exports glue two
            # fields) is a repeat too.
            cands = [d for d in cands if (d == last and (not below_district or written == d.name))
                     or (not below_district and d.level > last.level and gaz.contains(last, d))
                     or (d != last and gaz.contains(d, last))]
        if cands:
            found.append((length, cands[0], written))
    return found


# A township written before its divisions (南泗乡广西来宾市兴宾区南泗乡…): the prefix is dropped.
_TOWNSHIP_FIRST = re.compile(r"^[\u4e00-\u9fff]{1,6}(?:镇|乡|街道|办事处)$")
# A village written first counts only before a full division name (红鲍村绍兴县…; 新华村杭州博悦服饰 is a firm).
_VILLAGE_FIRST = re.compile(r"^[\u4e00-\u9fff]{1,6}(?:村|社区)$")


def _division_at(gaz: Gazetteer, s: str, at: int) -> bool:
    """A full division name, today's or a former one, starts at `at` (台州路桥区: 路桥区 follows 台州, not a street)."""
    return any(s[at: at + k] in gaz.by_name or s[at: at + k] in gaz.former for k in range(2, 7))


def _child_short_form_at(gaz: Gazetteer, parents: list[Div], s: str, at: int) -> bool:
    """A short form of a division below one of `parents` starts at `at`, and is not a street's or a
    township's name itself (宁波镇海…, 台州路桥…: 镇 and 路 begin 镇海区 and 路桥区, not 宁波镇, 台州路)."""
    return any(any(gaz.contains(parent, child) for parent in parents for child in gaz.by_alias.get(s[at: at + k], ()))
               and not _STREET_AFTER.match(s, at + k) for k in range(2, 5))


def _upper_division_at(gaz: Gazetteer, s: str, at: int, deepest: int = 2) -> bool:
    """A province's (deepest=1) or a province's or city's (deepest=2) full name starts at `at`."""
    return any(d.level <= deepest for k in range(3, 9) for d in gaz.by_name.get(s[at: at + k], ()))


def _townships_at(s: str, at: int, lengths: range) -> list[tuple[str, ...]]:
    """For each township full name of one of `lengths` starting at `at`: the codes of its counties."""
    named = townships_named()
    return [named[s[at: at + k]] for k in lengths if at + k <= len(s) and s[at: at + k] in named]


def _in_a_township_name(gaz: Gazetteer, s: str, p: int, length: int, div: Div) -> bool:
    """The short form at p begins the full name of a township outside `div` (河南岸街道 is in 惠州,
    潍坊新村街道 in 上海): the text names the township, not the province or city."""
    return any(not any(c in gaz.by_code and gaz.contains(div, gaz.by_code[c]) for c in codes)
               for codes in _townships_at(s, p, range(length + 1, 13)))


def _alias_ok(gaz: Gazetteer, div: Div, s: str, at: int, after: int, last: Div | None) -> bool:
    """A county-level short form (萧山, 昆山, 义乌) counts below a division already read, at the head
    of the address when one of its own townships follows (萧山城厢街道, 昆山玉山镇), or opening the
    text when real addresses use it so (义乌国际商贸城…,柯桥联合市场…: _head_short_form) or when a
    road with a name of its own follows a short form that names one county (北仑新大路…); elsewhere it
    is too often part of a place's name (江南4区, 凌云六区, 望江新园, 钱塘江石材市场) or a person's name.
    (Measured: reading every unique short form at the head made wrong counties of those.)"""
    if last is None and div.level < 3 and _NAMES_A_PLACE.match(s, after) and s[after: after + 2] not in gaz.any_name:
        return False
    if last is not None or gaz.district_of(div) != div:
        return True
    if any(s.startswith(town, after) for town in townships_by_county().get(div.code, ())):
        return True
    if at != 0:
        return False
    return _head_short_form(gaz, div, s, at, after) or (
        len(gaz.by_alias[s[at:after]]) == 1 and _ROAD_OF_ITS_OWN.match(s, after) is not None)


def _head_short_form(gaz: Gazetteer, div: Div, s: str, at: int, after: int) -> bool:
    """A short form that real addresses open with as their county (义乌国际商贸城…, 柯桥联合市场…; the
    list is mined from the NAACL-2019 train annotation by addrdata.head_short_forms), unless it
    begins a township's name elsewhere."""
    return s[at:after] in _HEAD_SHORT_FORMS and not _in_a_township_name(gaz, s, at, after - at, div)


_HEAD_SHORT_FORMS = frozenset(line.split()[0] for line in data_lines("head_short_forms.txt"))


def _longest_chain(gaz: Gazetteer, s: str, p: int, last: Div | None, depth: int = 0) -> list[tuple[int, Div, str]]:
    """Most divisions readable from p (青岛市南区 reads 青岛 + 市南区, not 青岛市 + 南区)."""
    if depth >= MAX_CHAIN:
        return []
    best: list[tuple[int, Div, str]] = []
    for length, div, written in _matches_at(gaz, s, p, last):
        between = _BETWEEN_DIVISIONS.match(s, p + length)
        # 绍兴县 is a county, not 绍兴 + a 县 placeholder; 市 or 区 between follows a city's full name only
        # (惠州市区博罗县, 宁波市市江东区; in 青岛市市北区 市北区 is the district).
        if (between["county"] and written != div.name) or (between["urban"] and (written != div.name or div.level != 2
                                                 or _division_at(gaz, s, p + length))):
            between = _SEPARATORS_ONLY.match(s, p + length)
        gap = between.end() - (p + length)
        # A repeat of the last division or of an ancestor (上海 上海市, 余杭区余杭区) only consumes its
        # text: no role, written "", and the chain goes on below the deepest division read.
        repeat = last is not None and gaz.contains(div, last)
        # After an ancestor written again the chain goes on below it: the district that follows is the
        # address (浙江省杭州市西湖区浙江省杭州市余杭区…: exports glue two readings, the later one wins).
        rest = _longest_chain(gaz, s, p + length + gap, last if repeat and div == last else div, depth + 1)
        if repeat and div != last and written != div.name and not rest:
            continue  # an ancestor's short form not followed by more divisions starts a place name (唐山湾)
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
        if start and _townships_at(address, 0, range(start + 1, start + 4)):
            continue  # 马屿镇江浦…: the township 马屿镇 written first, not a name glued before 镇江
        chain = _longest_chain(gaz, address, start, None)
        if not chain:
            continue
        if len(chain) == 1 and _GENERIC_DISTRICT.match(chain[0][2]) and (start or len(gaz.by_name.get(chain[0][2], ())) > 1):
            continue  # 柯桥轻纺城东区, 海宁皮革城北区: a place's name, not a glued name and 西宁's 城东区;
            # 城区玉树路… alone: three cities have a 城区, the text does not say which
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


_COUNTRY_BETWEEN = re.compile(r"[-—_ ·?？]*(?P<country>中国|中华人民共和国)?[-—_ ·?？]*")


def _written_again(gaz: Gazetteer, s: str, chain: list, end: int) -> tuple[dict[str, str], int] | None:
    """Divisions written a second time right after the first ones, by full name: the later ones are
    the address (exports glue a buyer's region before it: 四川省成都市郫县中国浙江省衢州市…,
    江苏省无锡市锡山区中国浙江省杭州市…). A county written again by another of its names (富阳市富阳区,
    南郑区南郑县) keeps today's name, once."""
    between = _COUNTRY_BETWEEN.match(s, end)
    at = between.end()
    full_name_next = any(s[at: at + k] in gaz.by_name or s[at: at + k] in gaz.former
                         for k in gaz.lengths_by_first.get(s[at: at + 1], ()))
    second = _longest_chain(gaz, s, at, None) if full_name_next else []  # (most texts: no second reading at all)
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


def _name_before_province(prefix: str, address: str, gaz: Gazetteer) -> bool:
    """A surname and one or two characters right before a province's full name is a glued name,
    even one ending like an address word (翁碧园云南省…, 夏学期黑龙江省…, 步明栋湖南省…)."""
    if not (2 <= len(prefix) <= 4 and NAME_SHAPE.match(prefix)) or _TOWNSHIP_FIRST.search(prefix):
        return False  # 陆家镇江苏省…: a township written first
    if not (prefix[0] in SINGLE_SURNAMES and len(prefix) <= 3 or prefix[:2] in COMPOUND_SURNAMES):
        return False
    return _upper_division_at(gaz, address, len(prefix), deepest=1)


def is_name(piece: str, gaz: Gazetteer) -> bool:
    """A lone 2-8 character Han piece that does not read as an address (路桂香 and 区峰 are names,
    润丰园 is not; a county short form such as 文成 or 黄平 standing alone is a name)."""
    if not NAME_SHAPE.match(piece) or ADDRESS_END.search(piece) or _DIGIT.search(piece) or piece in NOT_NAMES:
        return False
    if _CALL_NOTE.fullmatch(piece):
        return False  # …90号 电联: a courier's note on its own
    if len(piece) >= 5 and "·" not in piece and _PLACE_CHAR.search(piece):
        return False
    if len(piece) >= 5 and piece[:2] not in COMPOUND_SURNAMES:
        written, start, _ = scan_divisions(piece, gaz)
        if written and start == 0:
            return False  # 舒兰市盘木卡里与: an address that starts with its division (东方梅莉 is a name)
    found, how = gaz.lookup(piece)
    return how == "none" or (how == "alias" and all(d.level == 3 for d in found))


# A postcode glued to the end of the address, after its last unit or an underscore (…1048室223002, …_321200).
_POSTCODE_END = re.compile(r"(?:(?<=[室号楼栋幢层弄])|_)(?:\d{6}_?)+$")
# A courier's note at the end of an address, not part of it: 电联 ("call on arrival"), 电联系.
_CALL_NOTE = re.compile(r"(?:请|到了|到后)?(?:电联系?|电话联系)$"
                        # "to be received by" after the addressee (…谢某某收, …服务部收, …房东接收), not 回收, 验收
                        r"|(?<![回验税征代秋丰吸查没招创营])(?:接|签)?收$")


_INNER_SEPARATORS = set("，,、")  # kept inside a location as written (…b座,民歌湖对面); | and ; separate fields


def as_written(joined: str, text: str) -> str:
    """The span of `text` that reads as `joined` once whitespace and commas are dropped (inner
    spaces and commas kept); `joined` itself when the pieces were not contiguous in the text."""
    if not joined or joined in text:
        return joined
    kept = [i for i, ch in enumerate(text) if not ch.isspace() and ch not in _INNER_SEPARATORS]
    at = "".join(text[i] for i in kept).find(joined)
    return text[kept[at]: kept[at + len(joined) - 1] + 1] if at >= 0 else joined


# A level's placeholder left before the street once the divisions are read (慈溪市城区海通路, 金华市其它区新华街).
_PLACEHOLDERS = ("城区", "市区", "其它区", "其他区", "市辖区")


def _without_leading_repeats(location: str, gaz: Gazetteer, adcode: str, written: dict[str, str]) -> str:
    """The location without the divisions already read written again at its head when the repeat
    writes one of them in full (…仙居县台州市仙居县浙江省台州市仙居县安洲街道…, …余姚市宁波余姚市泗门镇…), or
    a level's placeholder (…慈溪市城区海通路…). A short form alone stays: it usually begins a
    place's name there (…西湖区浙江大学…, …路桥区台州国际塑料城…)."""
    full = set(written.values())
    short: set[str] = set()
    div = gaz.by_code.get(adcode)
    # The district's own short form before one of its townships (瑞安市瑞安塘下…); not after a former
    # county, where today's short form was its township (绍兴县柯桥华舍…).
    district_short = set(gaz.aliases_by_code.get(adcode, ())) if (
        div is not None and gaz.district_of(div) == div and written.get("district") not in gaz.former) else set()
    while div is not None:
        full.add(div.name)
        short.update(gaz.aliases_by_code.get(div.code, ()))
        div = gaz.by_code.get(div.parent) if div.parent else None
    longest_first = sorted(full | short | set(_PLACEHOLDERS), key=len, reverse=True)
    at, kinds = 0, []
    while True:
        head = next((n for n in longest_first if location.startswith(n, at)), None)
        if head is None or _STREET_AFTER.match(location, at + len(head)) or _townships_at(
                location, at, range(len(head) + 1, len(head) + 6)):
            break  # 南芬街道, 故城镇, 中原西路: the name begins a township's or a street's
        own_township = head in district_short and any(
            location.startswith(town, at + len(head)) for town in townships_by_county().get(adcode, ()))
        kinds.append("full" if head in full else "placeholder" if head in _PLACEHOLDERS
                     else "district" if own_township else "short")
        at += len(head)
        while at < len(location) and location[at] in EDGE_JUNK:
            at += 1
    if "full" in kinds or (kinds and set(kinds) <= {"placeholder", "district"}):
        return location[at:]
    return location


def _after_a_second_reading(location: str, gaz: Gazetteer, adcode: str) -> str:
    """The location after the divisions read written again by full names further on (全宁街道赤峰市松山区
    赤峰二中…, 窦店镇北京市房山区窦店镇…): exports glue a township before the whole address again."""
    read = gaz.by_code.get(adcode)
    if read is None:
        return location
    upper = [d.name for d in (gaz.province_of(read), gaz.city_of(read)) if d is not None]
    for at in sorted({i for name in upper if (i := location.find(name, 1)) > 0}):
        if _DIGIT.search(location, 0, at):
            continue  # 苏红东路765号安徽省泾县人力资源…: a house number before, an office's name after
        chain = _longest_chain(gaz, location, at, None)
        if len(chain) >= 2 and all(text == div.name for _, div, text in chain) and all(
                gaz.contains(div, read) or gaz.current_code(div) == gaz.current_code(read) for _, div, _ in chain):
            return location[at + sum(length for length, _, _ in chain):].lstrip(EDGE_JUNK) or location
    return location


def _district_in_a_later_piece(gaz: Gazetteer, address: str, parts: list[str], written: dict[str, str],
                               end: int) -> tuple[dict[str, str], int]:
    """Divisions read down to the city only, and a later piece of the text opens with one of its
    districts (宁波柯锐进出口/鄞州惠风西路…): that district, and the location after it."""
    upper = next((d for name in (written.get("city"), written.get("province")) if name
                  for d in gaz.lookup(name)[0]), None)
    at = 0
    for part in parts:
        at += len(part)
        if at <= end or upper is None:
            continue
        chain = _longest_chain(gaz, address, at, upper)
        if chain and gaz.district_of(chain[0][1]) == chain[0][1] and chain[0][2]:
            return {**written, "district": chain[0][2]}, at + chain[0][0]
    return written, end


def _city_after_a_note(gaz: Gazetteer, address: str, written: dict[str, str], end: int) -> tuple[dict[str, str], int]:
    """Only a province read, and one of its cities by full name a few characters on (浙江省委托件杭州市…:
    a courier's note between): the divisions read from that city."""
    province = next(iter(gaz.lookup(written["province"])[0]), None)
    for at in range(end + 1, min(end + 6, len(address))):
        if not _division_at(gaz, address, at):
            continue
        chain = _longest_chain(gaz, address, at, province)
        if chain and chain[0][2] == chain[0][1].name and chain[0][1].level == 2:
            return {**written, **_roles(gaz, chain)}, at + sum(length for length, _, _ in chain)
    return written, end


def extract(text: str, gaz: Gazetteer | None = None) -> Reading:
    gaz = gaz or get_gazetteer()
    phones = find_phones(text)
    masked = text
    for ph in reversed(phones):
        masked = masked[: ph.start] + f" {PHONE_MARK} " + masked[ph.end:]
    names, address_parts = [], []
    for kind, piece in pieces(masked, lambda rest: bool(scan_divisions(rest, gaz)[0])):
        piece = clean(piece)
        if not piece or kind in ("noise", "phone"):
            continue
        if kind == "name":
            _, start, _ = scan_divisions(piece, gaz)
            if 2 <= start <= 9 and is_name(clean(piece[:start]), gaz):  # 收货人：司马晓东苏州市姑苏区…
                piece, rest = clean(piece[:start]), piece[start:]
                address_parts.append(rest)
            names.insert(0, piece)  # a labelled name beats any unlabelled name-like piece
        elif kind == "address" or (kind is None and not is_name(piece, gaz)):
            address_parts.append(piece)
        else:
            names.append(piece)
    address = "".join(address_parts)
    # Divisions after the head only behind a glued name (张三浙江省…), not inside a place's name (圣荣广场西区).
    written, start, end = scan_divisions(address, gaz, lambda prefix: prefix in NOT_NAMES or is_name(prefix, gaz)
                                         or _TOWNSHIP_FIRST.search(prefix) is not None
                                         or (_VILLAGE_FIRST.search(prefix) is not None
                                             and _division_at(gaz, address, len(prefix)))
                                         or _name_before_province(prefix, address, gaz))
    if start and not names and (is_name(address[:start], gaz) or _name_before_province(address[:start], address, gaz)):
        names.append(address[:start])
    if written and "district" not in written:
        written, end = _district_in_a_later_piece(gaz, address, address_parts, written, end)
    if written and set(written) == {"province"}:
        written, end = _city_after_a_note(gaz, address, written, end)
    divisions = normalise_divisions(written.get("province"), written.get("city"), written.get("district"), text, gaz) \
        if written else Divisions(None, None, None, None, dict.fromkeys(DIVISION_FIELDS, "unknown"))
    location = clean(address[end:] if written else address)
    if written and divisions.adcode:
        location = _after_a_second_reading(_without_leading_repeats(location, gaz, divisions.adcode, written),
                                           gaz, divisions.adcode)
    location = _CALL_NOTE.sub("", location)  # before the glued name: 王某收 is 王某
    if not names and phones and (cut := trailing_name(location)):  # a glued name comes with a phone
        names.append(location[-cut:])
        location = location[:-cut]
    location = _POSTCODE_END.sub("", as_written(location, text)).strip(EDGE_JUNK) or None
    name = names[0] if names else None
    phone = phones[0].raw if phones else None
    checks = dict(divisions.checks)
    checks.update({key: "found" if value else "unknown"
                   for key, value in (("specific_location", location), ("name", name), ("phone", phone))})
    reading = Reading(province=divisions.province, city=divisions.city, district=divisions.district,
                      specific_location=location, name=name, phone=phone, adcode=divisions.adcode, checks=checks,
                      phones=[p.info() for p in phones])
    if not (written or (location and LOCATION_HINT.search(location))):
        reading.status = "no_address"
        reading.error = ErrorInfo(code=errors.ITEM_NO_ADDRESS, message="no address found in the text")
    return reading
