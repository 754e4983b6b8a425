"""The words that label a shipping text's fields, by kind: what labels.py splits the text on."""

# Longer labels first: the alternation takes the first that matches at a position. Latin labels
# match in any case, and only as whole words (tel, not the tel in hotel).
LABELS = {
    "name": ["收件人姓名及手机号", "收货人姓名及手机号", "姓名及手机号", "姓名和手机号", "姓名及联系方式", "姓名和电话", "收件人姓名", "收货人姓名", "联系人姓名", "买家姓名", "收件人全名", "收货人全名", "收件人名字", "收货人名字", "联系人名字", "收件人名", "收货人名", "联系人名", "买家名字", "买家名", "收件人名称", "收货人名称", "联系人全名", "收件人及电话", "收货人及电话", "联系人及电话", "姓名及电话", "姓名电话", "收件的人", "收货的人", "收件的是", "收货的是", "签收的是", "收件人为", "收件人是", "收货人为", "收货人是", "联系人为", "联系人是",
             "收件人", "收货人", "联系人", "联络人", "接收人", "接收者", "收货员", "仓管员", "入住人", "收件者", "收货者", "签收人", "下单人", "取货人", "提货人", "取件人", "提货联系人", "寄给", "送给", "寄件给", "发件给", "寄快递给", "发快递给",
             "请交给", "请寄给", "请送给", "请发给", "请转交给", "转交给", "麻烦交给", "交给", "发货给", "发给", "邮给", "我叫", "俺叫",
             "姓名", "名字", "name", "contact", "recipient", "consignee", "receiver", "attn", "attention"],
    "phone": ["联系电话", "联络电话", "收方电话", "收方手机", "备用电话", "备用手机", "备用号码", "电话号码", "手机号码", "手机号",
              "联系方式", "联系手机", "联系号码", "新手机号", "新号码", "新手机", "新电话", "电话号", "座机", "号码是", "号码为", "电话", "手机", "备用", "微信", "tel", "mobile", "mob", "phone", "call", "call me", "text me", "contact me", "cell", "telephone",
              "phone number", "phone no", "mobile number", "mobile no", "cell phone", "telephone number", "tel no", "contact number"],
    "address": ["收件详细地址", "收货详细地址", "详细收货地址", "详细收件地址", "收件详址", "收货详址", "详址", "收货地址", "收件地址", "收方地址", "详细地址", "所在地区", "省市区县", "省市区", "省市县", "送货地址", "配送地址",
                "寄送地址", "邮寄地址", "联系地址", "收件人地址", "收货人地址", "这是我的地址", "这是我的新地址", "我的新地址", "我的地址", "快递地址", "老地址", "新地址", "修改后的地址", "更正后的地址", "正确地址", "最终地址", "现地址",
                # where a return or a pick-up goes (退货地址：…, 自提地址：…): an address like any other
                "退换货地址", "退货地址", "换货地址", "寄回地址", "退回地址", "回寄地址", "售后地址", "自提点地址", "自提地址",
                # a freight order's drop-off (卸货地址：…; 装货地址 is the sender's, roles.py)
                "卸货地址", "卸货地点", "到货地址", "到货站点", "到站地址", "家庭住址", "现住址", "住址", "通讯地址", "目的地", "送货至", "送货到", "地址",
                "住在", "addr", "address", "add", "to address", "shipping address", "delivery address"],
    # The address a change replaces (原地址：… 新地址：…): dropped where another address follows, else the address (pieces()).
    "old_address": ["原地址", "旧地址", "原来的地址", "之前的地址", "以前的地址", "原收货地址", "原收件地址"],
    # 时间 alone is a word of places (光谷时间广场, 时间广场): it labels only before a colon (COLON_LABELS).
    # A second person to call (备用联系人：万科 139…) is not the addressee: noise, the addressee's label stays the name's.
    "noise": ["备用联系人", "紧急联系人", "备用收件人", "代收人", "代收点联系人", "温馨提示", "附言", "备注", "留言", "ps", "送货时间", "收货时间", "配送时间", "派送时间", "收件时间", "送达时间", "下单时间", "发货时间", "仓库收货时间", "门店收货时间", "收货时段", "营业时间", "付款时间", "支付时间", "成交时间", "创建时间", "下单日期", "发货日期",
              # an order export's other columns (发票抬头：杭州某某科技有限公司, 买家留言：尽快发货, 支付方式：货到付款)
              "发票抬头", "纳税人识别号", "税号", "买家留言", "卖家留言", "买家备注", "卖家备注", "客服备注", "支付方式",
              "付款方式", "配送方式", "实付款", "实付金额", "订单金额", "商品金额", "买家昵称", "旺旺号", "期望送达时间", "期望送达", "预约送达", "预约时间",
              # a chat app's id is no phone (微信号：zhangsan123; 微信 alone labels a phone, the number WeChat is found by)
              "微信号", "wx", "vx", "wechat", "v信"],
    # Labels of a number: with no number they label nothing (原单号黄岩北城…), and text glued after the
    # number is noise unless an address starts there (邮编310000浙江省…).
    "number": ["快递单号", "运单号", "原单号", "订单尾号", "订单号", "订单编号", "订单", "单号", "尾号", "货号", "款号", "商品编号", "工号", "邮政编码", "邮编", "身份证号码", "身份证号", "会员卡号", "会员号",
               "身份证", "证件号码", "证件号", "学号", "分机号", "分机"],  # an id number: no field holds it
}
# Words that label only at the start of a piece: inside an address they are words (客户服务中心).
HEAD_LABELS = {"客户姓名": "name", "客户名称": "name", "客户全名": "name", "客户名字": "name", "客户名": "name", "客户": "name", "顾客": "name", "他叫": "name", "她叫": "name", "名叫": "name", "我是": "name", "俺是": "name", "叫我": "name",
               "人是": "name", "人还是": "name", "收件人还是": "name", "收货人还是": "name", "名字还是": "name"}  # …，她叫王芳，…, 人还是宣荣嗣
# Short words that label only at the start of a piece and before a colon (发往：四川省…, 寄到这里：…, 联系：赵六,
# 号码：0571…): elsewhere they are words (联系人 and 收件人 are longer labels). Kind None: what follows
# is read for what it is (a name, an address); 号码 and 电 (收:唐小龙 电:186…) label a phone; a form's
# division fields (省份:辽宁省;城市:沈阳市;区县:和平区) label address pieces; an order's item lines (商品：T恤 x2) are
# noise, and 小商品城 stays a place: these label only before a colon. A form's one-letter labels too, in any case
# (N:张三 T:138… A:…; 3A or B座 stay the address's).
COLON_LABELS = {word: None for word in ("寄到这里", "寄到这儿", "发到这里", "送到这里", "寄这里", "发这里", "寄到", "发到", "送到",
                                         "发往", "寄往", "送往", "寄至", "发至", "送至", "配送至", "配送到", "派送至", "派送到", "送货至", "送货到",
                                         "邮寄至", "邮寄到", "快递至", "快递到", "收件", "收货", "联系", "发", "寄", "收", "仓库收货", "门店收货", "收件人信息已复制", "收货人信息已复制", "信息已复制", "地址已复制", "收货方", "寄回", "换货寄回", "退货寄回", "寄回到", "退回到", "退回", "自提点", "提货点", "取货点", "闲鱼买家", "淘宝买家", "拼多多买家", "抖音买家", "京东买家", "寄送", "邮寄", "派送", "配送",
                                         "送", "到", "至", "收件信息", "收货信息", "收件人信息", "收货人信息", "详细信息", "联系信息", "基本信息",
                                         "个人信息", "新的", "新", "我的信息", "我的收货信息", "我的收件信息", "to", "更正", "更正为", "以这个为准", "以此为准", "应该是这个", "是这个", "用这个", "就这个", "发这个", "寄这个", "送这个",
                                         # an organisation's label: what follows is read as written (kept after the address, left out before it)
                                         "收件单位", "收货单位", "收件公司", "收货公司", "单位名称", "公司名称", "工作单位", "单位", "公司")} \
    | {word: "noise" for word in ("商品名称", "商品", "物品", "品名", "货品", "宝贝", "数量", "规格", "颜色", "尺码", "型号", "件数",
                                  "重量", "体积", "保价", "另", "另外", "要求", "注意", "补充", "特别说明", "快递", "物流", "快递公司", "物流公司", "代收点", "金额", "价格", "运费", "发票", "店铺", "买家", "卖家", "昵称",
                                  # an order export's origin, channel or seller columns (发货仓：义乌仓 stayed in the location; not
                                  # 仓库 or 门店, which may label the address itself)
                                  "发货仓", "发货仓库", "发货地", "发货点", "店名", "渠道", "平台", "订单来源", "来源",
                                  "客服", "业务员", "销售", "销售员", "导购")} \
    | {"t": "phone", "m": "phone", "p": "phone", "n": "name", "a": "address"} \
    | {"号码": "phone", "电": "phone", "旧": "old_address", "原": "old_address", "收方": "name", "这个人": "name", "这人": "name", "此人": "name", "给": "name", "人": "name", "名": "name", "址": "address", "时间": "noise", "注": "noise", "语音转文字": None, "语音": None, "提示": "noise",
       "说明": "noise"} \
    | {word: "address" for word in ("详细", "具体", "街道", "乡镇", "街道乡镇", "镇街", "省份", "所在省份", "城市", "所在城市", "区县", "所在区县", "地区", "区域", "省", "市", "区",
                                    "县",
                                    # an order form's second address field (所在地区：… 门牌号：…)
                                    "门牌号", "门牌号码", "门牌", "街道地址", "收货地区", "省份城市", "省市")}
