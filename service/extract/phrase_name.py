"""A name inside a chat's phrase with no label (帮那峥下单, 收货的是宓文会本人, 打给虞佩佩, 让姜骏炜签收就行, 张铱那边): the
phrase is words of a chat before and after a full name, and the name is what is left when both sides are cut into
such words and nothing else. The words are a chat's, not a template's, so phrases nobody wrote yet read too (帮…签收,
交给…本人吧). Written on 2026-12-08 (round 24) on worded-*'s train compositions; a piece that holds any other word stays
as it was (王家村: 村 is no chat word; 张铱那 + 边: 边 is none alone)."""

from __future__ import annotations

import re
from functools import lru_cache

from .alone import NOISE_ALONE_RE
from .labels import a_full_name, place_like
from .names import given_name_fits, surname_fits

# Words that lead to the person: giving, asking for, calling, the copula (是, 就是), who receives.
_BEFORE = ("快递给", "寄给", "发给", "送给", "交给", "转交", "转给", "打给", "打电话给", "联系", "找一下", "找", "问", "叫", "帮",
           "替", "让", "请", "给", "交", "是", "就是", "还是", "收货的是", "收件的是", "收货人是", "到了", "麻烦", "一下", "先",
           "对", "嗯", "好的", "就", "我是", "你好", "您好", "亲")
# Words after the person: who they are to the parcel, where, and what they will do with it.
_AFTER = ("本人", "那边", "这边", "那里", "这里", "下单", "下的单", "会签收", "会来取", "会来拿", "会去取", "签收", "收货",
          "收件", "收一下", "收", "要的", "要", "在家", "在", "同学", "同志", "来拿", "来取", "自取", "接收", "接", "就行", "就可以",
          "就好", "即可", "的", "了", "吧", "哦", "啊", "呀", "哈", "呢", "一下", "亲收", "转交",
)
_ALSO_A_WORDS_HEAD = "会收签来"
_HARVEST = re.compile(r"^[\u4e00-\u9fff][丰秋春夏麦]收$")  # 冷丰收: a harvest right after the surname is the given name
# Words after a name that say nothing of the parcel (在, 在家, 的, 了, 吧, 就行): with nothing before the name they are
# too weak to make a phrase of it (周末不在家, 辛苦了, 长孙何在: 周末不, 辛苦, 长孙何 are no one).
_WEAK_AFTER = frozenset(("在", "在家", "的", "了", "吧", "哦", "啊", "呀", "哈", "呢", "一下", "就行", "就可以", "就好", "即可",
                         "要", "收", "接"))
# Words before a name that lead to no one in particular (是易碎品, 请冷链, 还是那个, 好的谢谢): a phrase needs a word
# about the person on one side at least.
_WEAK_BEFORE = frozenset(("是", "还是", "对", "嗯", "好的", "先", "一下", "请", "麻烦", "你好", "您好", "亲", "就", "到了", "问", "叫"))
_BEFORE_WORDS = frozenset(_BEFORE)
_AFTER_WORDS = frozenset(_AFTER)
_STRONG_AFTER = tuple(word for word in _AFTER if word not in _WEAK_AFTER)
_STRONG_BEFORE = tuple(word for word in _BEFORE if word not in _WEAK_BEFORE)
_LONGEST = max(map(len, _BEFORE + _AFTER))
_HAN_ONLY = re.compile(r"[\u4e00-\u9fff]{3,14}")


def _cut_into(words: frozenset[str], text: str) -> bool:
    """`text` is nothing but `words` one after another (the empty text too)."""
    reachable = [True] + [False] * len(text)
    for end in range(1, len(text) + 1):
        reachable[end] = any(reachable[end - k] and text[end - k:end] in words for k in range(1, min(_LONGEST, end) + 1))
    return reachable[-1]


def _said_of_a_person(after: str) -> bool:
    """What follows says what a person does (会来取, 本人, 签收), not where a place is (王府井那边): a name that reads like a
    place (东方无铭) is still the person's then."""
    return bool(after) and not any(word in after for word in ("那边", "这边", "那里", "这里", "在"))


def _strong_in(before: str) -> bool:
    """The words before the name hold one that leads to a person (给, 联系, 找, 让, 交给), not only 是 or 请."""
    return any(word in before for word in _STRONG_BEFORE)


def _strong_then_words(after: str) -> bool:
    """With no word before the name, what follows it opens with a word about the parcel (本人, 会签收, 那边, 来拿)."""
    return any(after.startswith(word) and _cut_into(_AFTER_WORDS, after[len(word):]) for word in _STRONG_AFTER)


@lru_cache(maxsize=4096)
def name_in_a_phrase(piece: str) -> str | None:
    """The full name a phrase of a chat's words holds, or None: a single reading, both sides cut into chat words."""
    if not _HAN_ONLY.fullmatch(piece):
        return None
    found = {piece[start:end] for start in range(len(piece) - 1) for end in range(start + 2, min(start + 4, len(piece)) + 1)
             if (start or end < len(piece)) and a_full_name(name := piece[start:end]) and surname_fits(name) and given_name_fits(name)
             and (not place_like(name) or _said_of_a_person(piece[end:])) and _cut_into(_BEFORE_WORDS, piece[:start])
             and (_strong_then_words(piece[end:]) or (_cut_into(_AFTER_WORDS, piece[end:]) and _strong_in(piece[:start])))
             and not NOISE_ALONE_RE.fullmatch(name)}  # 谢谢, 辛苦: thanks, no one
    if len(found) == 1:
        return found.pop()
    shorter, longer = sorted(found, key=len) if len(found) == 2 else (None, None)
    if shorter and longer[:-1] == shorter and longer[-1] in _ALSO_A_WORDS_HEAD:
        # 王芳会签收的, 姜夔收一下: 会, 收 open the next word more often than they close a given name; not a harvest (冷丰收)
        return longer if _HARVEST.search(longer) else shorter
    return None
