"""How the exercises read a learner's prose: its length and a few words, in English or Chinese.

A checker that reads a description asks two things of it: is it long enough to tell the model
something, and does it say when to use the tool. Both are asked of any text in the same way,
whatever the edition, so a description written in Chinese is judged by the rules of an English
one, not refused for its script:

    weight("Multiplies two numbers.")    -> 23   (one per character)
    weight("乘法工具。")                  -> 15   (three per Chinese character)
    says_when("用户要求做乘法计算时使用。") -> True
    says_when("获取当前的日期和时间。")     -> False  (当前 is "current", 时间 is "time")

Hints follow the edition's language, `handagent.language`; this module only measures.

Not handled here: meaning (a description can pass and still mislead the model), words a checker
wants for its own tool (chapter 01's "multiply" words live there), scripts beyond Latin and Han.
"""

import math
import re
import unicodedata

from ..language import HAN

# A Chinese character carries about as much as three English letters: the seed text's two tool
# descriptions, 26 and 31 characters ("把两个数字相加并返回它们的和。需要做加法计算时使用。"),
# take 74 and 86 in English ("Adds two numbers and returns their sum. Use it when an addition is
# needed."). Every wide character counts three, full-width punctuation too, so that "14
# characters" means the same whether or not the learner counts the commas.
WIDE_WEIGHT = 3

WHEN = re.compile(
    "|".join(
        (
            r"\b(?:when|whenever|if)\b|\buse (?:it|this)\b",  # "Use it whenever the user asks"
            r"每当|如果|假如|倘若|一旦|若(?!干)",  # whenever, if (若干 is "several")
            r"当(?=用户|你|需要|有人|模型|被问|问到|遇到|要求)",  # 当用户… (not 当前, 当然, 相当)
            # "…时使用", "…的时候，调用": 时 ending a clause or before a verb of use; 时间, 时钟
            # and 时刻 go on with another character, and 小时, 实时, 同时... are not "when"
            r"(?<![小实及准按同暂临超定随即])时候?(?=[，,。；;：:\s]|$|请|就|可|应|才|使用|调用|用)",
            r"(?:使用|调用|用)(?:它(?!们)|此工具|这个工具|该工具|本工具)",  # "use it", "use this"
        )
    ),
    re.I,
)


def has_chinese(text: str) -> bool:
    """Whether a text holds Chinese characters. Example: "multiply 乘法" -> True"""
    return bool(HAN.search(text))


def weight(text: str) -> int:
    """A text's length in English letters' worth, ends stripped. Example: "乘法 tool" -> 11"""
    stripped = text.strip()
    wide = sum(unicodedata.east_asian_width(char) in "WF" for char in stripped)
    return len(stripped) + (WIDE_WEIGHT - 1) * wide


def in_chinese(letters: int) -> int:
    """How many Chinese characters weigh at least `letters`. Example: 40 -> 14"""
    return math.ceil(letters / WIDE_WEIGHT)


def says_when(text: str) -> bool:
    """Whether a description says when to use its tool, in English or Chinese.

    Example: "Use it whenever the user asks to multiply." -> True;  "乘法工具" -> False
    """
    return bool(WHEN.search(text))
