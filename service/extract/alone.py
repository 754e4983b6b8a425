"""What a piece standing alone between separators is when it labels nothing and is no part of the address: the chat
around a record (thanks, greetings, replies, questions, what was bought), a note to the courier or the shop (when to
come, where to leave it, which courier), an order's state, who the person is to the sender. piece_kinds.py drops such a
piece as noise."""

from __future__ import annotations

import re

# Who the person is to the sender (寄给我妈：…, 收件人：老婆): no name; the person's name, when written, is elsewhere.
# Longer words first: before a name the alternation keeps the first that fits (我妈妈王芳 is 妈妈 + 王芳, not 妈 + 妈王芳).
RELATIONS = ("妈妈|爸爸|老妈|老爸|爷爷|奶奶|外婆|外公|姥姥|姥爷|老婆|老公|媳妇|儿子|女儿|哥哥|姐姐|弟弟|妹妹|妈|爸|哥|姐|弟|妹"
              "|男朋友|女朋友|男友|女友|闺蜜|室友|表哥|表姐|表弟|表妹|朋友|同事|同学|老师|学生"
             "|婆婆|公公|岳父|岳母|丈母娘|老丈人|叔叔|婶婶|舅舅|舅妈|姑姑|姑妈|姨妈|小姨|嫂子|姐夫|妹夫|侄子|侄女|外甥|外甥女|孙子|孙女"
             "|老客户|老顾客|客户|顾客|会员"  # 我是老客户了: who the person is to the shop
             "|家长|学生家长|家属|病人家属|患者家属|病人|患者"  # …瑞金医院门诊楼 病人家属 韩雪: who the person is to the place
             "|老板|领导|上司")  # 收件人是我老板 马化腾
# A verb standing alone between separators (给周杰 寄 广东省…) and an order id opening the text
# (A001,浙江省…) label nothing and are no part of the address.
_VERB_ALONE = re.compile(r"^(?:寄|发|收|送|寄送|发货|收货|打|代收|代签|签收)$")
_PHONE_WORD_ALONE = re.compile(r"^电$")  # … 收 林夕 电 139…: 电 (电话) standing alone before the phone labels it
# Thanks or urgency standing alone (…广场，给刘德华，电话…，谢谢！; … 13997601234 急！！！): no part of the address.
THANKS_ALONE = re.compile(r"^(?:(?:谢谢)+|多谢|感谢|谢啦|辛苦了?|麻烦了?|(?:拜托)+了?|急+|急用|等着用|着急用|赶着用|加急|急件|紧急|很急|着急|求尽快|求快发|求速发|求发货)"
                           r"(?:您|你|啦|了|亲|哦|哈|老板|掌柜|店家)?[!！~～。.]*$"
                           # a greeting standing alone (您好！收件人：…, 亲，…, 老板你好 …) and 或 between two phones
                           # …and a live stream's or a group's way to hail (宝宝们, 家人们, 老铁, 团长好, 主播)
                           r"|^(?:宝宝们?|宝子们?|家人们|老铁们?|亲们|姐妹们?|兄弟们?|主播|团长|群主|大家好|大家|各位"
                           r"|(?:前台|门卫|保安|宿管)?(?:美女|帅哥|小姐姐|小哥哥|小妹|阿姨|大爷)|快递小哥|小哥|师傅|快递员|快递师傅)(?:好|们好|你好|您好)?[!！~～，,。.]*$"
                           r"|^(?:客服|店主|卖家)(?:你好|您好|好)[!！~～，,。.]*$"  # 客服 alone before a phone is a desk's
                           r"|^尊敬的(?:客服|店主|卖家|商家|老板|掌柜)[!！~～，,。.]*$"
                           r"|^(?:你好|您好|亲亲?|亲爱的|老板|老板你好|掌柜的?|店家|在吗|在不在|在么|hi|hello|或|或者)[!！~～，,。.?？]*$", re.IGNORECASE)
# Six digits standing alone are a postcode (…创意产业园,215000 as shops export it; 000000 where it is unknown).
_POSTCODE_ALONE = re.compile(r"^\d{6}$")
# The kin word alone, with its receipt mark or its 的 (我先生收, 给我女朋友的); 先生 and 太太 only behind 我: alone they are titles.
KIN = re.compile(rf"^(?:给)?(?:(?:我|俺|我的|(?:上次|之前|以前)(?:那个|的)|[\u4e00-\u9fff]{{2,4}}的)?(?:{RELATIONS}|自己|本人)|(?:我|俺|我的)(?:先生|太太|爱人|对象))(?:的|收|了|啦)?$")
# Which of the person's places a parcel is sent to (寄公司吧, 发我家里吧：…).
PLACES_OF_A_PERSON = "公司|家里?|单位|学校|宿舍"
PERSONS_PLACE = re.compile(rf"(?:我|他|她)?(?:{PLACES_OF_A_PERSON}|老家|家里|公司里)")
_CHANGE_ASKED = re.compile(r"^(?:我要|我想|我|麻烦|帮我|请|需要)?(?:改|修改|更改|换|变更)(?:一下|下|个|一个)?$")  # …, 换个地址 …
# A request standing before the address (麻烦发到 福建省…, 请寄往 …) labels nothing either.
_LEAD_IN = re.compile(r"^(?:请|麻烦您?|帮忙|帮我|请帮我|给我|请给我|麻烦给我)?(?:寄|发|送|邮|快递)(?:到|往|至|这里|这儿|到这里|到这儿|这个地址|到这个地址)$")
_HEADER_ALONE = re.compile(r"^[\u4e00-\u9fff]{0,4}(?:信息|寄件|发件|收件|快递|快件|包裹)$")
# A pronoun before a label (…88号，她电话是139…, 我的手机：…): whose field follows, no part of the address.
_PRONOUN_ALONE = re.compile(r"^(?:我|俺|咱|你|您|他|她|ta|TA|Ta)的?$|^(?:这个|这|这是|这是我的)$")  # …, 这个地址 重庆市…
# How the courier delivers, standing alone (… 138… 送货上门): a request, no part of the address.
_DELIVERY_ALONE = re.compile(r"^(?:送货上门|送上门|上门送货?|送货到家|送到家)[!！~～。.]*$")
# Which courier to send by, standing alone (发顺丰到付, 走中通吧, EMS): no person, no address.
_COURIER_ALONE = re.compile(r"^(?:请|麻烦|帮忙)?(?:发|走|用|寄|要|选)?(?:顺丰|中通|圆通|韵达|申通|百世|极兔|德邦|京东|邮政|EMS|天天)"
                            r"(?:快递|速运|速递|物流|快运)?(?:到付|寄付|包邮|标快|特快|陆运|空运)?(?:吧|哦|啊|哈)?[!！~～。.]*$")
# The courier warned that the place is hard to find, standing alone (门牌号看不清, 小区不好找): a note, no part of the address.
_HARD_TO_FIND = re.compile(r"^[^\d]{0,6}(?:看不清|看不见|找不到|不好找|很难找|难找)[^\d]{0,6}$")
# Sent to a kind of place standing alone (寄公司吧, 发家里): which of the person's places, no address itself.
_SEND_TO_KIND_OF_PLACE = re.compile(rf"^(?:好的|那就|那|就)?(?:寄|发|送)(?:到|去)?我?(?:{PLACES_OF_A_PERSON}|老家)(?:吧|哦|啊|哈)?[!！~～。.]*$")
# Where to leave the parcel, asked with a verb of placing (麻烦帮忙放在楼下小卖部, 请放到门口): a note, whatever place it names.
_LEAVE_AT = re.compile(r"^(?:请|麻烦|帮忙|帮我|劳烦|您|你)*(?:放|存放|寄存|搁)(?:在|到|于|至)[^\d]{1,10}$")
# Once it arrives, leave it somewhere (货到了放小区门口超市, 到了就放门卫): a note, whatever place it names.
_ARRIVED_THEN_LEAVE = re.compile(r"^(?:货|快递|包裹|东西)?(?:到了|到后|来了)(?:以后|之后)?(?:请|麻烦|就|直接)?(?:放|存放|寄存|搁|交给?)[^\d]{1,10}$")
# Nobody there, so leave it elsewhere (家里没人请放门卫, 不在家就放快递柜): a note wherever it stands.
_ABSENT_THEN_LEAVE = re.compile(r"^[^\d]{0,8}(?:没人|不在家?|无人|上班)[^\d]{0,3}(?:请|就|可以|可)?(?:放|送|交)[^\d]{0,8}$")
# Which field a piece was, said after it (…1号，这是地址；…): no part of the address.
_THIS_IS_ALONE = re.compile(r"^(?:你好|您好|亲|老板)?[，,]?(?:这是|这个是|以上是|上面是|前面是)(?:我的|收件人的?|他的|她的)?(?:收货|收件|寄件)?(?:地址|电话|手机号?|号码|名字|姓名|收件人|信息)?$")  # 这是我的收货信息
# When to deliver, standing alone (… 138… 工作日 9:00-18:00, 周末在家, 下午3点后): a request, no part of the address.
_WHEN_ALONE = re.compile(r"^(?=.)(?:工作日|周末|节假日|每天|上午|下午|中午|晚上|白天|全天|夜间"
                         r"|周[一二三四五六日天](?:[至到~～-]周?[一二三四五六日天])?)*"
                         r"(?:送货?|派送|配送|收货|收件|在家|有人)?"
                         r"(?:\d{1,2}(?:[:：]\d{2}|点(?:半|\d{2}分?)?)(?:\s*[-~～至到]\s*\d{1,2}(?:[:：]\d{2}|点(?:半|\d{2}分?)?))?)?"
                         r"(?:前|后|以前|以后|之前|之后|之间)?(?:送货?|派送|配送|收货?|在家|有人)?$")
# How many of an item (x2, ×3, 2件) standing alone after a product's label: an order's line, no address.
_QUANTITY_ALONE = re.compile(r"^(?:[xX×*]\s*\d{1,3}|(?:共|一共|合计|总共)?\d{1,3}\s*(?:件|盒|箱|瓶|袋|份|套|双|条|支))$")
# An order's state or what was paid, standing alone (2026-12-03 14:22 下单, 已付款 待发货, 我下单了, …1号 已付运费): no person, no address.
_ORDER_STATE_ALONE = re.compile(r"^(?:我|我们|刚|刚刚|我刚|我已经)?(?:已|待|未)?(?:下单|付款|支付|发货|收货|签收|确认收货|退款|评价|揽收|揽件|出库|转账|安排)(?:成功|完成|了)?[!！~～。.]*$"
                                r"|^(?:运输中|派送中|配送中|已转账|货到付款|到付)[!！~～。.]*$"
                                r"|^(?:交易成功|交易完成|拼单成功|支付成功|付款成功|已完成)[!！~～。.]*$"
                                r"|^(?:已付|已支付)?(?:运费|邮费)(?:已付|已支付|到付|寄付)?$")
# Where the person waits for the courier, standing alone (… 138… 小区门口等, 在楼下等我): a note, no part of the address.
_WAIT_AT = re.compile(r"^(?:在|到)?[^\d]{0,8}?(?:门口|楼下|路口|大门|门外|门前)(?:等|等着|等我|等你)(?:就行|就好|即可|哦|吧|啊)?[!！~～。.]*$")
# A chat's reply or question standing alone (对的，就是这个地址 …; … 138… 对吗？; 确认无误请回复1): no person, no address.
_CHAT_REPLY_ALONE = re.compile(r"^(?:对的|是的|对|好的|好滴|好嘞|好哒|好呀|好啊|嗯+|嗯呢|收到了?|知道了|明白|了解|可以|没问题|行|行吧|ok|okay"
                               r"|就是这个地址|就这个地址|就是这个|是这个地址|地址是这个|以这个为准|以此为准|以这个地址为准"
                               r"|对吗|对不对|是吗|好吗|可以吗|行吗|没错吧|没错)(?:亲|哈|呀|啊|哦|的)?[!！~～。.?？]*$"
                               # the shop's side of the chat (马上给您安排, 请问地址是？)
                               r"|^(?:马上|立即|这就|现在)?(?:给您|给你|为您)(?:安排|发货|发出|登记|寄出)(?:一下)?[!！~～。.]*$|^请问[^\d]{0,8}[?？]$"
                               # a gift (生日礼物, 送人的): no person, no address
                               r"|^(?:生日|新年|圣诞|情人节|节日|结婚)?(?:礼物|礼品)(?:来的|哦|呢)?$|^送人的?$"
                               # the address said to have changed, or to be as last time (换个地址, 搬家了, 同上次一样)
                               r"|^(?:换个|换一个|改个|改一个)地址$|^(?:我的?)?(?:地址|电话|手机号?|号码|名字|人)(?:变了|改了|换了|错了|写错了|填错了|没变|不变|没换|没改)$"
                               # …, 人还是我 刘禹锡 139…: the person unchanged
                               r"|^(?:人|收件人|收货人)?(?:还是|也是|就是)我(?:本人)?$"
                               # the joints of a sentence the labels cut (…1号 只是电话改成139…了 洪昇)
                               r"|^(?:只是|但是|不过|另外|然后|还有|对了|对啦|那个|就是|呃+|额+)$|^(?:正确的是|正确的|应该是|正确地址是|更正为|改为|改成|不是|而是|是)$|^(?:已)?停用了?$|^[了啊哦呢吧呀哈嘛的]$"
                               # an apology for the last message, and the handing over (不好意思 刚才发错了 …; 给你 地址哈：…)
                               r"|^(?:不好意思|抱歉|sorry)(?:啊|哈|哦|了)?$|^(?:刚才|刚刚|之前)?(?:发错了|写错了|填错了|搞错了)$|^(?:给你|给您|发你|发您)$"
                               r"|^(?:搬家了|搬家啦|不是这个|不是这个地址|写错了|填错了|之前写错了|之前那个不要了)$"
                               r"|^(?:同|跟|和)上次(?:一样|的一样|相同)$|^(?:其他|其它|其余|别的)(?:的)?(?:都)?(?:不变|没变|一样|照旧|不用改)$"
                               r"|^(?:如|若)?(?:确认|核对)?(?:无误|正确|信息无误|没问题)?(?:的话)?[，,]?请?回复\s*\d(?:确认)?$")
# How many were bought and how to ship them, said in a chat (拍了两件 一起发 …): no person, no address.
_BOUGHT_ALONE = re.compile(r"^(?:拍了|买了|下了|要了|订了)(?:[一两二三四五六七八九十]|\d{1,2})(?:件|个|份|单|盒|箱|套)(?:了)?$"
                           r"|^(?:一起发|分开发|合并发货?|一起寄|分开寄|拆开发)(?:吧|哦|啊)?[!！~～。.]*$")
# What is sent, standing before the verb that sends it (东西寄给我妈 …, 快递发到 …): no person (东 is a surname), no address.
_WHAT_IS_SENT = re.compile(r"^(?:这个|那个|这些|那些|我的)?(?:东西|快递|包裹|件)$")
# A condition said alone (如果能的话, 方便的话): the chat's, no person, no address.
_IF_ALONE = re.compile(r"^(?:如果|要是|假如)?(?:能|可以|方便|行|能到|能发|能寄|可以到|可以发)的话$|^(?:如果|要是)(?:能|可以|方便|行)$")
# When a chat's line was said, standing alone (昨天 20:11, 2026-12-03 10:15:22) and a reply's verb (回复 @客服小美：…).
_SAID_AT = re.compile(r"^(?:昨天|今天|前天|刚刚|刚才|星期[一二三四五六日天]|周[一二三四五六日天])$|^\d{4}[-/.]\d{1,2}[-/.]\d{1,2}$"
                      r"|^\d{1,2}[:：]\d{2}[:：]\d{2}$|^(?:回复|转发|引用)$")
# What the sender does not know yet, standing alone (房号待定): no part of the address.
_NOT_KNOWN_YET = re.compile(r"^(?:房号|房间号|门牌号?|楼层|楼号)(?:待定|未定|不确定|不知道|还不知道)$")
# How the order was placed, standing alone (秒杀的, 团购, 接龙, 15.): what was bought, no person, no address.
_HOW_ORDERED = re.compile(r"^(?:秒杀|抢购|团购|拼团|直播间|福利|接龙|预售|现货)(?:的|款|价)?$|^\d{1,3}[.、]$")
# A sentence in English standing alone (Hi, please ship to …, thanks, please call before delivery): no person, no address.
_ENGLISH_CHAT = re.compile(r"^(?=[A-Za-z ,.!'?]+$)(?=.*\b(?:hi|hello|dear|please|pls|thanks|thank|thx|call|ship|send|deliver|delivery"
                           r"|leave|door|asap|before|after|urgent)\b)[A-Za-z ,.!'?]+$")
# The phone said to be reachable, standing alone (… 138… 这个号码能打通, 24小时开机): no person, no address.
_REACHABLE = re.compile(r"^(?:这个|此|该|我的|他的|她的)?(?:号码|电话|手机号?|号)?(?:随时|一直|全天|24小时)?"
                        r"(?:能打通|可以打通|打得通|能接通|开机|可以打|能打)(?:的|哦|哈)?[!！~～。.]*$")
# What labels nothing and is no address when it stands alone as a piece.
_NOISE_ALONE = (_VERB_ALONE, _LEAD_IN, _PHONE_WORD_ALONE, _HEADER_ALONE, THANKS_ALONE, _POSTCODE_ALONE, _PRONOUN_ALONE,
               _DELIVERY_ALONE, _WHEN_ALONE, _QUANTITY_ALONE, _THIS_IS_ALONE, _LEAVE_AT, _ABSENT_THEN_LEAVE, _ARRIVED_THEN_LEAVE,
               _COURIER_ALONE, _CHANGE_ASKED, _HARD_TO_FIND, _SEND_TO_KIND_OF_PLACE, _ORDER_STATE_ALONE, _WAIT_AT,
               _CHAT_REPLY_ALONE, _BOUGHT_ALONE, _WHAT_IS_SENT, _IF_ALONE, _SAID_AT, _ENGLISH_CHAT, _HOW_ORDERED, _NOT_KNOWN_YET, _REACHABLE, KIN)
# One pattern for them all: a piece is tried once, not once per pattern (each is anchored at both ends; Latin words in
# them, hi or EMS, match in any case).
NOISE_ALONE_RE = re.compile("|".join(f"(?:{alone.pattern})" for alone in _NOISE_ALONE), re.IGNORECASE)
