"""A name glued before an address that writes no division, at the text's head or right after a phone (waybill order:
13812345678卢厚希延安路1000号…, 夏宇盐官镇桃园村…18612345678): where the name ends is where an address can begin.
NAACL's addresses framed so (the phone, the name, then the address, all glued) lost the name in 2,273 of 8,366 train
texts. Only an address that writes no division is cut (rules._name_glued_before), so the record stays flagged
no_district and a wrong cut is not let through unflagged.
"""

from __future__ import annotations

import re
from typing import Callable

from .names import ADDRESS_END, COMPOUND_SURNAMES, LOCATION_HINT, given_name_fits, surname_fits

# What an address begins with: two to five characters of a name, then a road's, a township's or a place's word
# (延安路, 盐官镇, 锦湖街道, 财富大厦, 锦兰公寓, 诚信一区144栋); the name's characters hold none of those words' first
# characters, so 官镇 (the 官 of 夏宇盐官镇 cut one too late) is no beginning; or a town named with 市 or 街 (柳市镇, 新街镇). A bare
# 城, 园 or 苑 (汽配城, 研发园) was tried on NAACL train: it made up a name from a place's first two characters about once
# for every three it found.
_STEM = r"[^路街道巷弄镇乡村区县市省号楼\d\W]"  # a place's own characters, before its word
_ADDRESS_START = re.compile(rf"^{_STEM}{{2,5}}?"
                            r"(?:路|街|大道|大街|巷|弄|镇|乡|村|街道|工业区|工业园|开发区|新区|大厦|广场|小区|花园|新村|市场|商城|中心"
                            r"|公寓|花苑|家园|庭院|[一二三四五六七八九十]区(?=\d))"
                            rf"|^{_STEM}{{1,3}}[市街]镇")
# A zone named by its word alone (聂日云高新区聚贤路…), after the longer name only: 张江高新区 is a place, no 张江 glued to it.
_ZONE_START = re.compile(r"^(?:高新区|高新技术|经济开发区|经济技术开发区)")
# A market or a firm named for the country or as international (雍挚中国服装城…, 戎秉奇国际商贸城…): no given name ends in
# 中 or 国 before the other (王中国 is a name, 国轻纺城 no beginning).
_COUNTRY_START = re.compile(r"^(?:中国|国际)")


def leading_name(address: str, begins_a_division: Callable[[str], bool],
                 begins_a_short_form: Callable[[str], bool] = lambda rest: False) -> int:
    """Length of a person's name glued before `address` (0: none): a listed surname and one or two characters (two or
    three behind a compound one), after which a division or an address's beginning follows; the longer name first
    (卢厚希 + 延安路), the shorter when the longer one leaves no beginning (夏宇 + 盐官镇). A province's or a city's short
    form (邹庆武 + 浙江传媒学院) counts as a beginning like a road's word, the longer name first (劳尚海 + 东瓯街道, not
    劳尚 + 海东: a city of Qinghai)."""
    lengths = (4, 3) if address[:2] in COMPOUND_SURNAMES else (3, 2)
    fitting = [n for n in lengths if len(address) > n + 3 and surname_fits(address[:n]) and given_name_fits(address[:n])
               and not ADDRESS_END.search(address[:n]) and not LOCATION_HINT.search(address[:n])]  # 陆家镇, 黄龙 …
    for n in sorted(fitting):  # a division right after the name decides, the shorter name first (武义县, not 义县)
        if begins_a_division(address[n:]):
            return n
    for n in fitting:
        if (_ADDRESS_START.match(address[n:]) or begins_a_short_form(address[n:]) or _COUNTRY_START.match(address[n:])
                or (n == lengths[0] and _ZONE_START.match(address[n:]))):
            return n
    return 0
