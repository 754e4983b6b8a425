"""What a piece written after the name and the phone is when it is a note to the courier or the shop, not the
address's rest (… 文三路1号 张一 139… 家里有老人，敲门大声点; … 139… 3栋201 is the address's). rules.py asks only of a
piece that follows the contact, the address already read."""

from __future__ import annotations

import re

from .labels import LABEL_KIND
from .names import ADDRESS_END, LOCATION_HINT

_DIGIT = re.compile(r"\d")
# A sentence to the courier: words of asking, wanting, calling or thanking, and no number (家里有老人，敲门大声点,
# 电话打不通请发短信, 到楼下给我打电话我下来拿, (如无人接听请放门卫), 谢谢师傅！); thanks as a word, not 谢 alone (谢婷婷).
_A_REQUEST = re.compile(r"请|给我|我|有人|有老人|打电话|电话|短信|不要|不让|不能|不许|不方便|进不去|不在|没人|别|谢谢|多谢|感谢|谢了|谢啦|谢师傅|敲门|接听|无人|如果|如(?=[需不没无有遇未要是在])|下来|麻烦|师傅"
                        r"|快递员|坏了|贵重|易碎|有保安|签收|就行|即可|就可以|比较|说找|下楼|有个|的话|到付|的时候|打这个|要用|没有网|没网|在上学|在上班|出差"
                        # where to leave it, the stairs, a correction of an earlier message (…1号 张三 138… 门口鞋柜里,
                        # 需要上楼, （之前的作废）, （上次寄错了）)
                        r"|鞋柜|地垫|门垫|奶箱|上楼|爬楼|电梯|需要|作废|寄错|错了|上次|之前的"
                        r"|信号|多打|打不通|接不到|听不到"  # 山上信号不好多打几次: how to reach the person
                        r"|客户|会员|VIP|vip|员工|职工"  # (VIP客户), （华为员工）: who the person is to the shop or a firm
                        r"|本人|家人|同号"  # 138…（本人） 139…（家人）: whose phone
                        r"|老家|父母|爸妈")  # （老家 父母收）: whose place
_A_ROAD_NUMBER = re.compile(r"(?:路|街|巷|弄|大道)\d")  # … 张三 138… 保价路1号: the address's rest after all
# …and one that says how to reach the floor, a number in it (电梯到18楼, 6楼无电梯): a note all the same.
_A_NOTE_WITH_A_NUMBER = re.compile(r"(?:无|没有?|不坐|坐|乘)电梯|电梯(?:到|直达|坏|停)|爬楼|爬\d+楼"
                                   # …or opens with where to leave it or what the parcel is (放3楼前台, 送到2号门,
                                   # 保价1000元, 重量2kg, 工作时间9-18点, 代收货款200元)
                                   r"|^(?:快递|包裹|东西)?(?:请|麻烦)?(?:放(?!心)|送到|送至|走(?:[东南西北正后侧小大]门|楼梯|电梯))|^(?:保价|重量|体积|尺寸|代收货款|代收|货款"
                                   r"|工作时间|营业时间|上班时间"
                                   # …or when to bring it (周一到周五9-18点, 工作日9点后, 下午3点以后, 9:00-18:00)
                                   r"|周[一二三四五六日天末]|星期[一二三四五六日天]|工作日|每天|上午|下午|中午|晚上|早上)"
                                   # (a date: 2026年12月7日, 2026-12-07, 12月7日前送达; 3-2-501 is a room's)
                                   r"|^(?:20\d{2}[-/.年]\d{1,2}[-/.月]\d{1,2}|\d{1,2}月\d{1,2})[日号]?"
                                   r"|^\d{1,2}(?:[:：]\d{2})?\s*(?:点|[-~～至到]\s*\d{1,2}(?:[:：]\d{2})?\s*点?$)"
                                   # …or what was bought (鞋子是42码的, 要XL码)
                                   r"|^[\u4e00-\u9fff]{0,4}?(?:是|要)?(?:\d{2,3}|[SMLX]{1,3})码的?$")
# …or a word to the shop (偏远地区能到吗, 东西有问题找你哦, 帮他寄, 宝贝很喜欢 回购), unless it names a place (宝贝街, 帮帮超市旁).
_A_WORD_TO_THE_SHOP = re.compile(r"你|他|她|帮|[吗呢哦吧呀啊嘛][!！?？~～。.]*$"
                                 r"|宝贝|喜欢|好评|回购|便宜|赠品|优惠|发票|返现|包邮|退货|退款|换货|好用|多买"
                                 r"|多少钱|加钱|运费|几天|多久"  # 偏远地区加多少钱
                                 r"|生鲜|冷链|冷冻|冷藏|保鲜|液体|加急"  # what the parcel is (生鲜冷链 stayed in the location)
                                 r"|^同上$|^同前$"
                                 # what a shopping app or a chat appends to a copied address (…复制整段信息打开淘宝, -- 来自淘宝,
                                 # 【已复制】, 么么哒)
                                 r"|复制|打开(?:手机)?(?:淘宝|京东|拼多多|闲鱼)|^来自|已复制|么么哒|亲亲|爱你"
                                 r"|已付款|未付款|已付|待付款|已下单|已拍|已发货|待发货")  # an order's state (【已付款】)


def a_note(piece: str) -> bool:
    """A sentence to the courier with no number, one with a number that says how to reach the floor, when to come or
    where to leave it, or a word to the shop that names no place."""
    if _DIGIT.search(piece):
        return _A_NOTE_WITH_A_NUMBER.search(piece) is not None and not _A_ROAD_NUMBER.search(piece)
    return (_A_REQUEST.search(piece) is not None or _A_NOTE_WITH_A_NUMBER.search(piece) is not None
            or (_A_WORD_TO_THE_SHOP.search(piece) is not None and not LOCATION_HINT.search(piece)
                and not ADDRESS_END.search(piece)))


# A note in square brackets closing a field (…停车场斜对面【已付款】, 张三【加急】): noise, not the field's last words.
_NOTE_IN_SQUARE_BRACKETS = re.compile(r"[【\[]([^【】\[\]\d\x00]{1,10})[】\]](?=$|[\s,，;；|、。!！?？/／])"
                                      # …or in round ones after another bracket (张三（收）（请勿放门口）)
                                      r"|(?<=[）)])[（(]([^（）()\d\x00]{1,10})[）)](?=$|[\s,，;；|、。!！?？/／])")


def without_bracketed_notes(text: str) -> str:
    """`text` with each note in square brackets that closes a field a space (pieces.py asks it)."""
    return _NOTE_IN_SQUARE_BRACKETS.sub(
        lambda m: " " if a_note(inside := m[1] or m[2]) and inside.lower() not in LABEL_KIND else m[0], text)
