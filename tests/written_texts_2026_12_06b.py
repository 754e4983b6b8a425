"""Issue 21: shipping texts written here on 2026-12-06 (fourteenth session) for three shapes the frame probe found on the
train splits (six of the ten texts were wrong before): a name glued before the phone with a 收 after it (…省发改委冯楚璎收176…: the name stayed in
the location), a name in brackets right after the phone before an address with no division (185…（通雨达）龙山镇…: lost
from both fields), and a three- or four-character full name holding a place's word in brackets before the phone
(【许建东】138…, 东 and 建 are place words). The bracketed places (（东大门）, （东门）) and 回收 guard the other side."""

CASES = [
    # a name glued before the phone, the 收 (签收, 接收) after it
    ('湖北省武汉市武昌区中北路1号省发改委冯楚璎收17612345678',
     ('湖北省', '武汉市', '武昌区', '中北路1号省发改委', '冯楚璎', '17612345678')),
    ('安徽省阜阳市临泉县长管镇谷运来收13240100529',
     ('安徽省', '阜阳市', '临泉县', '长管镇', '谷运来', '13240100529')),
    ('浙江省杭州市西湖区文三路1号李四签收13800001111',
     ('浙江省', '杭州市', '西湖区', '文三路1号', '李四', '13800001111')),
    ('浙江省杭州市西湖区文三路1号废品回收站 13800001111',
     ('浙江省', '杭州市', '西湖区', '文三路1号废品回收站', None, '13800001111')),
    # a name in brackets between the phone and an address with no division
    ('18513268468（通雨达）龙山镇慈东滨海区海丰北路602号',
     (None, None, None, '龙山镇慈东滨海区海丰北路602号', '通雨达', '18513268468')),
    ('18513268468(通雨达)龙山镇慈东滨海区海丰北路602号',
     (None, None, None, '龙山镇慈东滨海区海丰北路602号', '通雨达', '18513268468')),
    # a full name holding a place's word, in brackets before the phone; a place in brackets stays in the location
    ('浙江省杭州市西湖区文三路1号（许建东）13800001111',
     ('浙江省', '杭州市', '西湖区', '文三路1号', '许建东', '13800001111')),
    ('浙江省宁波市余姚市阳明街道新建路5号【楼佳琪】13800001111',
     ('浙江省', '宁波市', '余姚市', '阳明街道新建路5号', '楼佳琪', '13800001111')),
    ('浙江省杭州市西湖区文三路1号（东大门）13800001111',
     ('浙江省', '杭州市', '西湖区', '文三路1号（东大门）', None, '13800001111')),
    ('浙江省杭州市西湖区文三路1号（东门）13800001111',
     ('浙江省', '杭州市', '西湖区', '文三路1号（东门）', None, '13800001111')),
]
