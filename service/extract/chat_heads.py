"""The chat's heads before a record: a request or the shop's read-back up to its colon (麻烦帮忙送一下：…, 跟您核对一下收货信息哦：…,
补充一下：…), and a chat pasted with its speakers (客服：好的亲, 顾客：地址是…, @客服小美：). pieces.py drops what these match: they
label nothing and are no part of the address."""

from __future__ import annotations

import re

from .alone import PLACES_OF_A_PERSON

# A request opening the text up to its colon (麻烦帮忙送一下：天津市…, 你好，请寄：…) labels nothing.
# So does one that points at the address with a greeting first (老板发这个地址：…, 亲，寄以下地址：…).
REQUEST_HEAD = re.compile(r"^(?:你好|您好)?[，,]?(?:麻烦|请|帮忙|帮我|劳驾)[\u4e00-\u9fff]{0,8}?[：:]"
                          # another order, or what to copy (再发一单：…, 复制这个：…)
                          r"|^(?:再|又|还要)?(?:发|来|下)(?:一|1)?单[：:]|^复制(?:这个|以下|下面的?)[：:]"
                          r"|^(?:你好|您好|老板|亲|掌柜的?|店家)?[，,]?(?:麻烦|请|帮忙|帮我)?(?:发|寄|送)(?:到)?(?:这个|这|以下|下面的?)地址[：:]"
                          # …or hands it over (亲，地址发你：…, 收货信息发给您了：…)
                          r"|^(?:你好|您好|老板|亲|掌柜的?|店家)?[，,]?(?:我的)?(?:收货|收件)?(?:地址|信息)(?:发|给|发给)(?:你|您)(?:了|哈|哦|啊|吧|啦)?[：:]"
                          # (给你发个地址：…, 我发你个地址：…, 发个地址给你：…)
                          r"|^(?:你好|您好|老板|亲|掌柜的?|店家)?[，,]?我?(?:给(?:你|您))?(?:发|寄)(?:你|您)?(?:一?个|下|一下)?(?:收货|收件)?"
                          r"(?:地址|信息)(?:给(?:你|您))?(?:了|哈|哦|啊|吧|啦)?[：:]"
                          # 发我家里吧：… (which of the person's places, then the address)
                          rf"|^(?:请|麻烦)?(?:发|寄|送)(?:到|去)?我?(?:{PLACES_OF_A_PERSON})(?:吧|哦|啊)?[：:]"
                          # 我拍的那个帮我寄这里：… (what was bought, then the request)
                          r"|^我[\u4e00-\u9fff]{1,8}?(?:帮我|麻烦|请)(?:寄|发|送)[\u4e00-\u9fff]{0,4}[：:]"
                          # what is sent, then the sending (样品寄送：…, 发票邮寄：…), or who sends (你们发货到：…)
                          r"|^[\u4e00-\u9fff]{1,4}?(?:寄送|邮寄|寄往|发往|送往|寄至|发至|送至)[：:]|^[\u4e00-\u9fff]{0,4}?(?:发货|送货|寄货)(?:到|至|往)[：:]")
# The shop reading the record back (跟您核对一下收货信息哦：…, 您的订单将寄往：…, 已经记下了：…, 最后确认：…) or the buyer adding
# to it (补充一下：…, 可以的话：…), up to its colon: labels nothing, at the text's head or before an address.
CHAT_BEFORE_COLON = re.compile(r"^[\u4e00-\u9fff]{0,10}?(?:核对|确认|记下|记好|登记|这样的|将寄往|将发往|将送往|将寄到|将发到|的话|补充)"
                               r"[\u4e00-\u9fff]{0,8}?[：:]")

# A chat pasted with its speakers: the shop's line (客服：好的亲, with no number) is the shop's and says nothing of the
# record; the buyer's tag before an address or a label (顾客：地址是…, 我：寄到 …) labels nothing. A mention (@客服小美：) neither.
_SHOP_LINE = re.compile(r"^[ \t]*(?:\[[^\]\n]*\]\s*)?(?:客服|卖家|商家|店家|掌柜|店主|小二)[\u4e00-\u9fffA-Za-z0-9]{0,6}\s*[:：][^\d\n]*$",
                        re.M)
_SPEAKERS = ("买家", "顾客", "用户", "客户", "我")
_BUYER_TAG = re.compile(r"^[ \t]*(?:\[[^\]\n]*\]\s*)?(?:买家|顾客|用户|客户|我)\s*[:：](?=\s*(?:地址|收件|收货|寄到|发到|寄往|发往"
                        r"|[\u4e00-\u9fff]{2,3}(?:省|自治区|市)))|@[^\s@:：]{1,12}[:：]", re.M)


def without_speakers(text: str) -> str:
    """The text without the shop's lines and the buyer's tags, read only in a chat's shape (a newline, a mention, or a
    speaker first) and where a colon is: the rest pay nothing."""
    if ("\n" in text or "@" in text or text.lstrip(" \t[").startswith(_SPEAKERS)) and (":" in text or "：" in text):
        text = _BUYER_TAG.sub(" ", _SHOP_LINE.sub("", text) if "\n" in text else text)
    return text
