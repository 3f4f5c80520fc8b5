"""The mock model's word tables: how it turns a request and a tool's text into comparable terms.

A term is a lower-case English stem ("cities" -> "citi") and, for a word in `SYNONYMS`, its
groups' names ("forecast" -> "forecast", "weather"); Chinese adds its group words (found anywhere
in the text) and character pairs ("订单"); a plural also stays itself ("tables"). A request and a
tool's name, description and schema become terms the same way, so the brain compares like with
like. An arithmetic group counts only in a text with a number ("add a contact" is no sum).

The three functions are pure, and every request reads the same texts again (each tool's name
and description, the question in each clause): each keeps what it made of the last `REMEMBERED`
short texts (`remembered`, which the model's other modules use too: `evidence`, `kinds`,
`menu`, `signatures`), and hands out copies of it.

Not handled here: grammar, spelling mistakes, languages other than English and Chinese, and any
word no table lists (it still matches itself, stemmed).
"""

import re
from collections.abc import Callable
from functools import lru_cache, wraps

REMEMBERED = 512  # texts whose results each remembered function keeps
REMEMBERED_CHARS = 2_000  # a longer text is read afresh each time, so the memory stays small


def remembered(function: Callable, chars: int = REMEMBERED_CHARS, size: int = REMEMBERED):
    """`function`, keeping its results for the last `size` texts (its first argument) of at
    most `chars` characters; for a pure function whose callers never change what it returns."""
    kept = lru_cache(maxsize=size)(function)

    @wraps(function)
    def call(text: object, *rest: object) -> object:
        fits = isinstance(text, str) and len(text) <= chars
        return kept(text, *rest) if fits else function(text, *rest)

    return call


# group -> its words: English matched as stems, Chinese and symbols as substrings. A group
# listed in ARITHMETIC counts only in a text holding a number ("add a contact" is no sum).
SYNONYMS = {
    "add": "add addition plus sum + 加 加上 相加 之和 的和",
    "subtract": "subtract subtraction minus − 减 减去",
    "multiply": "multiply multiplication multiplied times × * 乘 乘以 乘积",
    "divide": "divide division divided quotient ÷ 除以",
    "arithmetic": "arithmetic calculate calculator calculation compute math maths mathematical "
    "expression equation formula evaluate power sqrt root exponent percent percentage 计算 算 数学",
    "weather": "weather forecast temperature rain raining rainy snow snowing sunny cloudy humid "
    "humidity wind windy umbrella jacket climate hot cold 天气 气温 温度 下雨 下雪 降雨 雨 预报",
    "radar": "radar 雷达",
    "time": "time clock hour minute timezone o'clock 几点 时间 时区 钟",
    "date": "date day calendar weekday 日期 几号 星期",
    "when": "today tonight tomorrow yesterday now 今天 明天 现在",
    "search": "search lookup find retrieve query seek browse 搜索 查找 检索 查询 搜 查",
    "web": "web internet google online website webpage 网上 网络 网页",
    "news": "news headline 新闻 头条",
    "email": "email e-mail mail inbox gmail 邮件 邮箱",
    "send": "send deliver post 发送 发给",
    "file": "file document 文件 文档",
    "read": "read open contents view cat 读 打开 查看",
    "write": "write save 写 保存",
    "delete": "delete remove erase trash cancel deactivate disable 删除 删掉 删 取消",
    "create": "create new register 创建 新建 添加",
    "update": "update modify edit 修改 更新",
    "list": "list enumerate 列出 列表",
    "database": "database db sql 数据库",
    "customer": "customer client account member profile user 客户 账户 会员 用户",
    "order": "order purchase 订单 下单",
    "shipping": "shipping shipment delivery track tracking parcel package courier 快递 物流 包裹",
    "product": "product item catalog catalogue sku merchandise 商品 产品",
    "stock": "stock ticker nasdaq nyse trading trade 股票 股价",
    "price": "price cost quote 价格 多少钱",
    "inventory": "inventory available availability 库存 有货",
    "currency": "currency exchange forex usd eur gbp jpy cny dollar euro yen pound 汇率 货币 "
    "美元 欧元",
    "convert": "convert conversion 换算 转换",
    "translate": "translate translation 翻译",
    "event": "event meeting appointment schedule 日程 会议 预约",
    "remind": "remind reminder alarm 提醒 闹钟",
    "task": "task todo to-do 任务 待办",
    "note": "note memo 笔记 备忘",
    "restaurant": "restaurant dinner lunch breakfast cuisine 餐厅 饭店",
    "flight": "flight fly airline airport plane 航班 机票",
    "hotel": "hotel room 酒店 宾馆",
    "route": "route direction distance navigate map 路线 距离 导航",
    "run": "run execute command shell terminal bash 运行 执行 命令",
    "code": "code python script program 代码 程序",
    "image": "image picture photo 图片 照片",
    "draw": "draw generate paint 画 生成",
    "article": "article wiki wikipedia encyclopedia 文章 百科",
    "define": "define definition meaning dictionary 定义 意思 词典",
    "random": "random dice roll flip coin 随机 骰子",
    "refund": "refund 退款 退货",
    "ticket": "ticket issue support complaint 工单 投诉",
    "summary": "summary summarize summarise tldr 摘要 总结",
    "sentiment": "sentiment emotion mood 情感 情绪",
    "employee": "employee staff colleague 员工 同事",
    "book": "book novel author 书",
    "movie": "movie film cinema 电影",
    "music": "music song playlist album 音乐 歌",
    "play": "play listen 播放 听",
    "unit": "unit mile kilometer km meter metre feet foot inch cm gram kg kilogram pound lb ounce "
    "liter litre gallon celsius fahrenheit kelvin 公里 公斤 单位",
    "directory": "directory folder dir 目录 文件夹",
    "log": "log logs logfile 日志",
}
ARITHMETIC = {"add", "subtract", "multiply", "divide", "arithmetic"}
WEAK = {"when"}  # "weather today": when-words only qualify another request
# language name (English, its own, French or Chinese) -> ISO 639-1 code
LANGUAGE_NAMES = {
    **dict.fromkeys(["english", "anglais", "inglés", "englisch", "英文", "英语"], "en"),
    **dict.fromkeys(["chinese", "mandarin", "chinois", "chino", "中文", "汉语"], "zh"),
    **dict.fromkeys(["french", "français", "francais", "francés", "französisch", "法语"], "fr"),
    **dict.fromkeys(["spanish", "español", "espagnol", "spanisch", "西班牙语"], "es"),
    **dict.fromkeys(["german", "deutsch", "allemand", "alemán", "德语"], "de"),
    **dict.fromkeys(["japanese", "japonais", "日本語", "日语"], "ja"),
    "italian": "it", "portuguese": "pt", "korean": "ko", "russian": "ru", "arabic": "ar",
    "hindi": "hi", "dutch": "nl", "swedish": "sv", "turkish": "tr", "polish": "pl",
    "greek": "el", "hebrew": "he", "vietnamese": "vi", "thai": "th", "swahili": "sw",
}  # fmt: skip
PHRASES = {"look up": "lookup", "look-up": "lookup", "to-do": "todo", "e-mail": "email",
           "how do you say": "translate", "put on": "play"}  # fmt: skip
ALSO = {"add": "create"}  # "add a contact" creates, "add 3 and 4" sums
# Operators between two numbers: "99 - 33", "10/2", "3 x 4"
OPERATOR_SIGNS = [(re.compile(r"\d\s*-\s*\d"), "subtract"), (re.compile(r"\d\s*/\s*\d"), "divide"),
             (re.compile(r"\d\s*[x×]\s*\d"), "multiply")]  # fmt: skip

# Words that carry no topic: never a term. Tool descriptions use "the user asks" a lot.
STOP_WORDS = set(
    """a an the this that these those it its is are was were be been being am do does did
    doing have has had having i me my mine you your yours we our us he him his she her they
    them their what which who whom whose where why how when whenever whether if then than so
    and or but not no nor of to in on at by for with from into onto about as up down out over
    under again once here there all any both each few more most other some such only own same
    too very can could will would shall should may might must just also please tell show give
    get gets got let make use used uses using tool tools function call ask asks asked
    need needs want wants like know return returns returned given specific certain current
    currently latest information info data detail details value values result results way
    something anything thing things one ok okay hi hello hey thanks thank yes don't can't i'm
    i'd i'll it's let's""".split()
)
NO_STEM = {"news", "times", "series", "analysis", "always", "physics", "gas", "bus", "yes", "plus"}
CHINESE_STOP_PAIRS = set(
    "一下 什么 怎么 可以 使用 用户 时候 需要 这个 那个 是否 如果 我们 你们 请问 帮我 告诉 一个"
    " 多少 的时 时使 当用 户问 问题 给我 我的 你的 是多 少钱".split()
)

# Chinese words around a place's name: "查一下巴黎、东京和利马今天的天气"
CHINESE_TOPICS = "天气 气温 温度 湿度 气候 预报 降雨 雷达 时间 时区 几点".split()
CHINESE_WHEN = ("今天 明天 后天 昨天 今晚 明晚 现在 目前 当前 最近 这几天 未来几天 本周 这周 下周 "
                "周末").split()  # fmt: skip
CHINESE_CUES = ("请问 问一下 问问 想问 查询 查一下 查查 查下 看一下 看看 看下 帮我 帮忙 告诉我 "
                "知道 了解 关于 一下 我想 请 在 去 到 从").split()  # fmt: skip  # the name follows
CHINESE_NOT_NAMES = set("这里 那里 哪里 这边 那边 当地 本地 外面 城市 我们 你们 他们 大家".split())
CHINESE_LIST = ["、", "，", ",", "以及", "还有", "或者", "和", "与", "及", "跟", "或"]

CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
WORD = re.compile(r"[a-z](?:[a-z']*[a-z])?")
HAN_RUN = re.compile(r"[\u4e00-\u9fff]+")


@lru_cache(maxsize=4 * REMEMBERED)  # words: short
def stem(word: str) -> str:
    """A light English stem, the same for a word's forms. Example: "cities", "city" -> "citi";
    "meetings", "meet" -> "meet"; "named", "name" -> "nam"."""
    word = word.removesuffix("'s").strip("'")
    if word in NO_STEM:
        return word
    for suffixes in ((("ies", "i"), ("sses", "ss"), ("xes", "x"), ("ches", "ch"), ("shes", "sh"),
                      ("s", "")), (("ing", ""), ("ed", ""))):  # fmt: skip
        for suffix, keep in suffixes:  # the plural first, then a verb's ending
            if word.endswith(suffix) and len(word) - len(suffix) >= 3:
                if suffix == "s" and word.endswith(("ss", "us", "is")):
                    break
                word = word[: -len(suffix)] + keep
                if suffix in ("ing", "ed") and word[-1] == word[-2] and word[-1] in "bgmnprt":
                    word = word[:-1]  # "running" -> "run", "dropped" -> "drop"
                break
    if len(word) > 3 and word.endswith("e"):
        word = word[:-1]
    return word[:-1] + "i" if len(word) > 2 and word.endswith("y") else word


def words(text: str) -> list[str]:
    """Lower-case words of a text or identifier. Example: "getUser_byEmail" -> ["get", "user",
    "by", "email"]."""
    return list(_word_tuple(str(text)))


@remembered
def _word_tuple(text: str) -> tuple[str, ...]:
    text = CAMEL.sub(" ", text).replace("_", " ").lower()
    for phrase, joined in PHRASES.items():
        text = text.replace(phrase, joined)
    return tuple(WORD.findall(text.replace("-", " ")))


# stem -> its groups, and the Chinese or symbol words of each group
_GROUP_OF: dict[str, set[str]] = {}
for _group, _words in SYNONYMS.items():
    for _word in _words.split():
        if _word.isascii() and _word[0].isalpha():
            _GROUP_OF.setdefault(stem(_word), set()).add(_group)
_LITERAL = [(w, g) for g, ws in SYNONYMS.items() for w in ws.split()
            if not (w.isascii() and w[0].isalpha())]  # fmt: skip


def terms(text: str, numeric: bool | None = None, also: bool | None = None) -> set[str]:
    """The terms of a text: stems, group names, Chinese group words and character pairs.

    Arithmetic groups count only where a number is (pass `numeric` to decide for the text);
    elsewhere "add" creates (`ALSO`; pass `also` to decide).
    Example: "Weather forecast for Paris" -> {"weather", "paris"}
    """
    return set(_terms(str(text), numeric, also))


@remembered
def _terms(text: str, numeric: bool | None, also: bool | None) -> frozenset[str]:
    if numeric is None:
        numeric = bool(re.search(r"\d|[一二三四五六七八九十百千万]", text))
    found = set()
    for word in dict.fromkeys(words(text)):  # each word once: a long text repeats most of them
        stemmed = stem(word)
        if word in STOP_WORDS or stemmed in STOP_WORDS:
            continue
        found.add(stemmed)
        if word.endswith("s") and not word.endswith("ss") and stemmed != word:
            found.add(word)  # "tables" also as itself: "list_tables" lists, "describe_table" not
        found |= next((_GROUP_OF[w] for w in (stemmed, word, word[:-1]) if w in _GROUP_OF), set())
    found |= {group for literal, group in _LITERAL if literal in text}
    found |= {group for pattern, group in OPERATOR_SIGNS if pattern.search(text)}
    if not numeric if also is None else also:
        found |= {ALSO[g] for g in found if g in ALSO}
    if found & ARITHMETIC:
        found.add("arithmetic")  # any operation is arithmetic: a "calculator" does them all
    for run in HAN_RUN.findall(text):
        found |= {run[i : i + 2] for i in range(len(run) - 1)} - CHINESE_STOP_PAIRS
    return frozenset(found if numeric else found - ARITHMETIC)
