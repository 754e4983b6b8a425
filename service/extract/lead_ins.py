"""What a chat says glued before the address it leads to, and is no part of it: a change (改成浙江省…), a request (寄到广东省…,
请发往…), a copula after a label (地址：是吴兴区…, 送货地址写…), a sending verb alone (寄黑龙江省…, 就发…), where the speaker is
(我在…), a sentence pointing at the address (就寄这个地址吧浙江省…). pieces.py drops what lead_in matches."""

from __future__ import annotations

import re
from typing import Callable

from .labels import LABEL_RE, undivided_address

# A change asked for (改成浙江省…); after a label's word it stands for the label's colon (pieces._CHANGED_LABEL).
CHANGE_WORDS = "改成|改为|换成|更改为|修改为|变更为|更正为"
_CHANGE_TO = re.compile(rf"^(?:{CHANGE_WORDS}|改到)(?=\S)")
# A chat's sentence pointing at the address that follows (以后都寄这个地址, 就发这个地址吧): standing alone or glued
# before the address (CHAT_LEAD_IN), its 地址 labels nothing.
_THIS_ADDRESS = r"[\u4e00-\u9fff]{0,6}?(?:寄|发|送|用|按)(?:到)?(?:这个|这|以下|下面的?)地址(?:吧|哦|啊|哈)?"
POINTING_AT_THE_ADDRESS = re.compile(rf"^{_THIS_ADDRESS}$"
                                      # …and one dropping the last one (上次那个地址不用了)
                                      r"|^(?:上次|之前|原来|以前|旧)(?:的|那个)?地址(?:不用了|不要了|作废了?|别用了|不对)$")

# A request glued to the address it sends to (寄到广东省肇庆市…, 请发往浙江省…).
GLUED_LEAD_IN = re.compile(r"^(?:(?:请|麻烦|帮我|给我|麻烦帮我)?(?:寄到|发到|送到|寄往|发往|送往|寄至|发至|送至|寄去|发去|送去|邮寄到|邮寄至|快递到"
                            r"|(?<=^)(?:请|麻烦|帮我|帮忙|麻烦帮我)(?:寄|发|送)一下)"  # (?<=^): no second request word before it
                            r"|应该是|是|正确的是|正确地址是|更正为|住(?![在房宅院建])|写(?!字)"  # 送货地址写…: the label's copula
                            # a phone's label with its copula glued to the address it does not label (电话号码是辽宁省…)
                            r"|(?:电话号码|手机号码|联系电话|手机号|电话|手机|号码)(?:是|为))"
                            r"(?=[\u4e00-\u9fff])(?![这那])")  # 不是这个 是浙江省…, 住山东省…
# Before an address that writes no division (labels.undivided_address) only a sending verb (寄到, 发往) is taken for a
# label (是, 住 need a division after them), and only before the text's first address: …138… 送到小区门口 after an
# address is where to leave it (a note).
SENDING = re.compile(r"[寄发送递写]")
# A sending verb alone glued before the address (寄黑龙江省…) only before a division; before an address that writes
# none, only 就发…, 寄… (not 寄宿) and where the speaker is (我在…): 发展大道, 送变电 are places.
_BARE_SENDING = re.compile(r"^(?:就|请|麻烦)?[寄发送邮](?=[\u4e00-\u9fff])")
_SAID_BEFORE_AN_ADDRESS = re.compile(r"^(?:就[寄发送邮](?:到|去)?|寄(?![宿存])|我(?:现在|目前)?人?在|人在)(?=[\u4e00-\u9fff])")
# A chat's sentence glued before the address it leads to (你好我想寄个东西到浙江省…, 嗯就寄这个地址吧浙江省…,
# 就是上次那个地址四川省…): what follows is the address.
CHAT_LEAD_IN = re.compile(r"^[\u4e00-\u9fff]{0,12}?(?:寄|发|送|邮)[\u4e00-\u9fff]{0,4}?(?:到|往|至)了?(?=[\u4e00-\u9fff])(?![这那])(?!.{0,6}[:：])"
                           rf"|^{_THIS_ADDRESS}"
                           r"|^(?:就是|还是)?(?:上次|之前|原来|以前)(?:那个|的)?地址(?:吧|哦)?")


def _address_in(pieces: list[tuple[str | None, str]]) -> bool:
    return any(kind in (None, "address") and undivided_address(piece) for kind, piece in pieces)


def lead_in(chunk: str, starts_an_address: Callable[[str], bool], earlier: list[tuple[str | None, str]]) -> re.Match | None:
    """The lead-in glued at the head of a chunk before the address it leads to, or None. earlier: the pieces before it;
    after an address that writes no division, what is said before another is a note on where to leave it."""
    if (lead := _CHANGE_TO.match(chunk) or GLUED_LEAD_IN.match(chunk) or CHAT_LEAD_IN.match(chunk)) and (
            lead.re is _CHANGE_TO or starts_an_address(chunk[lead.end():])
            or ((SENDING.search(lead.group()) or lead.group() == "住") and undivided_address(chunk[lead.end():])
                and not _address_in(earlier))):  # …，住附海镇…: where the person lives (after a label, 住 may be the place's)
        return lead
    if LABEL_RE.search(chunk[:12]):  # 寄件人：…, 我在…电话：… : a label's chunk, read by its label
        return None
    if (sent := _BARE_SENDING.match(chunk)) and starts_an_address(chunk[sent.end():]):
        return sent
    if (sent := _SAID_BEFORE_AN_ADDRESS.match(chunk)) and undivided_address(chunk[sent.end():]) and not _address_in(earlier):
        return sent
    return None


# 就发…吧: the lead-in's 就 pairs with the particle closing the chunk, which is then no bar's name (…大堂吧吧).
_PAIRED_WITH_A_PARTICLE = re.compile(r"^(?:那|那么|嗯)?就")
_PARTICLE_END = re.compile(r"吧\s*$")


def after_lead_in(chunk: str, lead: re.Match) -> str:
    """What follows the lead-in, without the particle its 就 pairs with."""
    rest = chunk[lead.end():]
    return _PARTICLE_END.sub("", rest) if _PAIRED_WITH_A_PARTICLE.match(lead.group()) else rest
