"""Hong Kong, Macau and Taiwan below the province level, from sar_taiwan.txt (its header names the
sources): the MCA list stops at their provinces. None of these has an official MCA code, so their
codes here are internal keys and the adcode they report is their province's."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

DATA = Path(__file__).with_name("sar_taiwan.txt")


def sar_taiwan_divisions(province_codes: dict[str, str]) -> list[tuple[str, str, int, str]]:
    """(code, name, level, parent code) for every division the file lists under a province in
    `province_codes` (name -> code). A city line that repeats its province's name (澳门特别行政区)
    is no level of its own: its districts hang from the province, as a 直辖市's do."""
    out: list[tuple[str, str, int, str]] = []
    province_name = province = prefix = parent = ""
    cities = districts = 0
    for line in DATA.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        name, depth = line.strip(), len(line) - len(line.lstrip("\t"))
        if depth == 0:
            province_name, province, cities = name, province_codes[name], 0
        elif depth == 1:
            cities, districts = cities + 1, 0
            prefix = f"{province[:2]}{cities:02d}"
            parent = province if name == province_name else f"{prefix}00"
            if parent != province:
                out.append((parent, name, 2, province))
        else:
            districts += 1
            out.append((f"{prefix}{districts:02d}", name, 3, parent))
    return out


@lru_cache(maxsize=1)
def _hong_kong_area() -> re.Pattern:
    districts = [line.strip() for line in DATA.read_text(encoding="utf-8").split("澳门特别行政区")[0].splitlines()
                 if line.startswith("\t\t")]
    before_a_district = r"(?=\s*(?:" + "|".join(districts) + "))"
    # 香港岛 written alone as the region (香港岛中西区…) is read as 香港 too
    return re.compile(r"(香港(?:特别行政区)?)\s*(?:九龙|新界|香港岛|港岛)" + before_a_district + r"|(?<=香港)岛" + before_a_district)


# 澳门半岛 (the peninsula, five parishes) after the region or in its place: 澳门 (…澳门半岛 新马路…: 半岛 is no place)
_MACAU_PENINSULA = re.compile(r"(?:澳门(?:特别行政区)?\s*)?澳门半岛")


def without_sar_area(text: str) -> str:
    """香港九龙油尖旺区… -> 香港油尖旺区…: the area (九龙, 新界, 香港岛) between the region and one of its
    districts is no division level, and would stop the chain before the district; 澳门半岛 likewise."""
    if "香港" in text:
        text = _hong_kong_area().sub(lambda m: m.group(1) or "", text)
    if "澳门半岛" in text:
        text = _MACAU_PENINSULA.sub(lambda m: m.group(0)[: -len("澳门半岛")] or "澳门", text)
    return text


PLACES = Path(__file__).with_name("sar_places.txt")


@lru_cache(maxsize=1)
def _places() -> dict[str, str]:
    pairs = (line.split() for line in PLACES.read_text(encoding="utf-8").splitlines() if line.strip() and not line.startswith("#"))
    return dict(pairs)


# Hong Kong's three areas and Macau's islands: above or beside the districts, no division level.
SAR_AREAS = frozenset({"九龙", "新界", "香港岛", "港岛", "氹仔", "路环", "路氹", "澳门半岛"})


@lru_cache(maxsize=1)
def _sar_district_stems() -> frozenset[str]:
    """Hong Kong's districts and Macau's parishes without 区 (沙田, 荃湾, 花地玛堂): how they are written apart."""
    hong_kong_and_macau = DATA.read_text(encoding="utf-8").split("台湾省")[0]
    return frozenset(line.strip()[:-1] for line in hong_kong_and_macau.splitlines()
                     if line.startswith("\t\t") and line.strip().endswith("区"))


def sar_district_stem_at(s: str, at: int) -> bool:
    """A Hong Kong district or Macau parish written without 区 starts at `at` (香港湾仔轩尼诗道…); not one character
    (东, 南, 北: 杭州东站 is a station)."""
    return any(len(stem) > 1 and s.startswith(stem, at) for stem in _sar_district_stems())


def a_sar_place(piece: str) -> bool:
    """An area, district or well-known place of Hong Kong or Macau written apart (香港 九龙 旺角 弥敦道…, 香港 新界
    沙田 …): address, not a name."""
    return piece in SAR_AREAS or piece in _places() or piece in _sar_district_stems()


def district_of_place(text: str) -> str | None:
    """The Hong Kong district or Macau parish of the first well-known place the text writes (尖沙咀 -> 油尖旺区),
    or None. Only asked where the region is known and no district is written."""
    found = [(text.find(place), -len(place), district) for place, district in _places().items() if place in text]
    found += [(text.find(stem), -len(stem), stem + "区") for stem in _hong_kong_stems() if stem in text]
    return min(found)[2] if found else None


@lru_cache(maxsize=1)
def _hong_kong_stems() -> tuple[str, ...]:
    """Hong Kong districts written without 区 (香港 新界 沙田 …, 香港荃湾…) name the district too; not 中西 or 离岛
    (中西医, any outlying island) nor one character, nor Macau's parishes (大堂 is a hotel's lobby as well)."""
    hong_kong = DATA.read_text(encoding="utf-8").split("香港特别行政区\n")[-1].split("澳门特别行政区")[0]
    return tuple(line.strip()[:-1] for line in hong_kong.splitlines() if line.startswith("\t\t") and line.strip().endswith("区")
                 and len(line.strip()) > 2 and line.strip() not in ("中西区", "离岛区"))
