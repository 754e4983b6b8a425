"""Which of a text's phones is the named person's, when it holds several: the first, unless the text says otherwise (the
sender's or the buyer's first, a correction after it). rules.py asks once it has the name."""

from __future__ import annotations

import re

from .labels import PHONE_MARK, THE_RIGHT_ONE, clean
from .names import person_shaped


def phone_of_the_name(found: list[tuple[str | None, str]], name: str | None, names: list[str]) -> int:
    """Which phone is the named person's: the first, unless it stands beside another person's name or is the buyer's
    (我下单的手机号是138…) and the name's own follows it (我是张艺谋 139…03 寄给 巩俐 139…04: the sender speaks first)."""
    marks = [at for at, (_, raw) in enumerate(found) if raw == PHONE_MARK]
    if len(marks) < 2 or not name:
        return 0
    pieces = [clean(raw) if raw != PHONE_MARK else raw for _, raw in found]

    def right_after_the_name(at: int) -> bool:  # 收件人是武松 他的手机139…: only noise between
        before = at - 1
        while before >= 0 and found[before][0] == "noise":
            before -= 1
        return before >= 0 and pieces[before] == name

    def a_second_persons(at: int) -> bool:  # 备用联系人：钱七 137…, 代收人：…: the label left the person noise
        return at > 0 and found[at - 1][0] == "noise" and person_shaped(pieces[at - 1])

    if a_second_persons(marks[0]):  # …（备用联系人：钱七 137…） 电话：138…: the addressee's is the next other one
        own = next((k for k, at in enumerate(marks[1:], 1) if not a_second_persons(at)), 0)
        if own:
            return own
    if _before_the(marks[0], pieces).endswith("不是"):  # 不是138… 是139…: the number written after the correction
        right = next((k for k, at in enumerate(marks[1:], 1) if _before_the(at, pieces) in _THE_RIGHT_ONE), 0)
        if right:
            return right
    own = next((k for k, at in enumerate(marks) if right_after_the_name(at)), 0)
    before_first = pieces[marks[0] - 1] if marks[0] > 0 else ""
    first_beside_another = before_first in names and before_first != name
    first_the_buyers = _THE_BUYERS.search(before_first) is not None  # 我下单的手机号是138…
    return own if own and (first_beside_another or first_the_buyers) else 0  # (the caller bounds it by the phones it found)


_THE_BUYERS = re.compile(r"下单|买家|订购|拍下|我的")
_THE_RIGHT_ONE = (*THE_RIGHT_ONE, "改成", "改为")


def _before_the(at: int, pieces: list[str]) -> str:
    return pieces[at - 1] if at > 0 else ""
