"""What a request offers as argument values: quoted text, emails, ids, names, numbers, dates...

`read` finds every candidate once, by kind and in order of appearance, so `arguments` can pick
the one a property asks for. A number inside an id, a date, a phone number or a name ("Apollo
11") is not offered as a number; a name remembers the word before it ("in Paris"), and names
listed together ("Paris, Tokyo and Lima") share it and a list number, so a tool for one city
can be called once for each. Chinese has no capitals: a Chinese place is the name before
what a place has ("东京的天气", "北京今天气温", "东京现在几点"), read back along
its list ("巴黎、亚特兰蒂斯和东京") to the first item, which starts after a cue
word ("查一下", "我想知道"); Latin names in a Chinese list ("Paris、Tokyo 和 Lima")
join it.

Not handled here: which candidate fits which property (see `arguments`), names written in
lower case (only as places after "in", "for", "at"), dates relative to a clock, Chinese names
outside a question about weather or time (people, a place after 去 with nothing after it).
"""

import re
from dataclasses import dataclass
from itertools import takewhile

from .lexicon import (
    CHINESE_CUES,
    CHINESE_LIST,
    CHINESE_NOT_NAMES,
    CHINESE_TOPICS,
    CHINESE_WHEN,
    LANGUAGE_NAMES,
    STOP_WORDS,
    SYNONYMS,
    remembered,
    stem,
    words,
)

QUOTED = re.compile(r"[\"“「`«]([^\"”」`»]{1,300})[\"”」`»]|(?<!\w)'([^']{1,300})'(?!\w)")
MONTHS = "jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|" \
         "sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?"  # fmt: skip
DAYS = "monday|tuesday|wednesday|thursday|friday|saturday|sunday"
# kind -> pattern, in the order they are taken out of the text
PATTERNS = {
    "emails": r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+",
    "urls": r"https?://[^\s\"'<>)\]]+|www\.[^\s\"'<>)\]]+|\b[\w-]+\.(?:com|org|net|io|dev|ai|edu"
            r"|gov)(?:/[^\s\"'<>)\]]*)?\b",
    "dates": rf"\b\d{{4}}-\d{{2}}-\d{{2}}\b|\b\d{{1,2}}/\d{{1,2}}/\d{{2,4}}\b|\b(?:{MONTHS})\.? "
             rf"\d{{1,2}}(?:st|nd|rd|th)?(?:,? \d{{4}})?\b|\b\d{{1,2}}(?:st|nd|rd|th)? (?:of )?"
             rf"(?:{MONTHS})\b(?: \d{{4}})?|\b(?:(?:next|this|last) )?(?:{DAYS})\b|\b(?:next|this"
             rf"|last) (?:week|weekend|month|year)\b|\b(?:today|tomorrow|yesterday|tonight)\b|"
             rf"\d{{1,2}}月\d{{1,2}}[日号]|今天|明天|后天|昨天",
    "times": r"\b\d{1,2}(?::\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)|\b\d{1,2}:\d{2}\b|\bnoon\b|"
             r"\bmidnight\b|\d{1,2}点",
    "channels": r"(?<![\w&])#[A-Za-z][\w-]*",
    "phones": r"\+\d[\d ().-]{6,}\d|\(?\b\d{3}\)?[ .-]\d{3}[ .-]\d{4}\b|\b\d{3}-\d{4}\b",
    "paths": r"(?<![\w@])(?=[\w.~/-]*[A-Za-z])(?:[\w.~-]*/(?:[\w./~-]*\w)?/?|[\w-]{2,}"
             r"(?:\.[\w-]+)*\.[a-z][a-z0-9]{0,4}\b)",
}  # fmt: skip
_PATTERNS = {kind: re.compile(pattern, re.I) for kind, pattern in PATTERNS.items()}
LANGUAGE = re.compile("|".join(sorted(LANGUAGE_NAMES, key=len, reverse=True)), re.I)
USERNAME = re.compile(r"(?<![\w.])@([A-Za-z0-9_]{2,})|\buser(?:name)?\s+([a-z][a-z0-9_.]{2,})")
ID = re.compile(r"#(\d+)|\b([A-Za-z]+[-_]?\d[\w-]*|\d+[A-Za-z]\w*\d[\w-]*)|\b(?:id|no\.|"
                r"number|order|ticket|invoice|"
                r"account|customer|employee|user|item|sku|case|booking|reservation|issue|"
                r"confirmation|tracking|product|pr)s?\s*(?:id|number|no\.|#)?\s*[:#]?\s*(\d[\d-]*)",
                re.I)  # fmt: skip
NUMBER_WORDS = {w: n for n, w in enumerate("two three four five six seven eight nine ten eleven "
                                            "twelve".split(), 2)}  # fmt: skip
NUMBER = re.compile(r"(?<![\w.])-?\d+(?:,\d{3})*(?:\.\d+)?|\b(?:" + "|".join(NUMBER_WORDS) + r")\b")
# A capitalised run of words: "New York", "Bank of America", "Apollo 11", "NYC" (a Latin word
# ends where Chinese starts: "Paris和Lima")
LATIN = r"[^\W\u3000-\u9fff]"
NAME = re.compile(rf"(?<!{LATIN})[A-Z](?:[&.'-]|{LATIN})*(?:\s+(?:(?:of|de|du|da|del|van|von|der|"
                  rf"la|le)\s+)?[A-Z](?:[&.'-]|{LATIN})*)*(?:\s+\d+\b)?")  # fmt: skip
_GLUE = "|".join(map(re.escape, CHINESE_LIST))
LIST_GLUE = re.compile(rf"\s*(?:,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+|{_GLUE})\s*")
PLAIN_PLACE = re.compile(r"\b(?:in|for|at|near)\s+((?:[a-z]+\s?){1,3})")
# Chinese: the place before what it has ("巴黎的天气", "东京现在几点"), and the list it ends
_WHEN = "|".join(CHINESE_WHEN)
CHINESE_TOPIC = re.compile(rf"(?:{_WHEN})*的?(?:{'|'.join(CHINESE_TOPICS)})")
CHINESE_EDGE = re.compile(r"[?？!！。;；:：\n]")  # where a list of places cannot reach back past
CHINESE_ITEM = re.compile(rf"\s*(?:{_GLUE})\s*")
CUE = re.compile(rf".*(?:{'|'.join(CHINESE_CUES)})")  # up to the last cue in an item
WHEN_EDGES = re.compile(rf"^(?:{_WHEN})+|(?:{_WHEN}|市|那边|那里|这边|这里)+$")
CURRENCY = {
    "dollar": "USD",
    "$": "USD",
    "美元": "USD",
    "euro": "EUR",
    "€": "EUR",
    "欧元": "EUR",
    "pound": "GBP",
    "£": "GBP",
    "英镑": "GBP",
    "yen": "JPY",
    "¥": "JPY",
    "日元": "JPY",
    "yuan": "CNY",
    "rmb": "CNY",
    "人民币": "CNY",
    "rupee": "INR",
    "franc": "CHF",
    **{c.lower(): c for c in "USD EUR GBP JPY CNY INR CHF CAD AUD KRW MXN BRL".split()},
}
CURRENCY_WORD = re.compile(r"\b(?:[Dd]ollar|[Ee]uro|[Pp]ound|[Yy]en|[Yy]uan|RMB|[Rr]upee|"
                           r"[Ff]ranc)s?\b"
                           r"|\b[A-Z]{3}\b|[$€£¥]|美元|欧元|英镑|日元|人民币")  # fmt: skip
UNIT = re.compile(r"\b(?:miles?|kilometers?|kilometres?|km|meters?|metres?|feet|foot|inch(?:es)?|"
                  r"cm|centimeters?|grams?|kg|kilograms?|pounds?|lbs?|ounces?|oz|liters?|litres?|"
                  r"gallons?|celsius|fahrenheit|kelvin)\b", re.I)  # fmt: skip
QUALIFIERS = {"today", "tomorrow", "now", "tonight", "right", "please", "weather", "forecast"}
COMMON = (
    {w for ws in SYNONYMS.values() for w in ws.split()}
    | set(
        "send find check set book call look fetch text message notify post reply move rename copy "
        "upload download play pause stop start turn buy sell pay transfer sign log reset help "
        "explain describe compare recommend suggest plan change add dear sure".split()
    )
) - {"new"}  # "New York"


@dataclass(frozen=True)
class Name:
    """A capitalised name, the word before it (shared along a list), and its list's number."""

    text: str
    before: str
    group: int


@dataclass(frozen=True)
class Evidence:
    """Candidate values of one text, by kind, each in order of appearance."""

    text: str
    found: dict  # kind in PATTERNS, "quoted", "usernames", "ids", "places", "codes" -> [str]
    names: tuple[Name, ...]
    numbers: tuple[tuple[int | float, frozenset[str]], ...]  # (value, stems of nearby words)
    currencies: tuple[tuple[str, str], ...]  # (code, word before; "from" after a number)
    units: tuple[tuple[str, str], ...]  # (unit, word before; "from" after a number)
    languages: tuple[tuple[str, str], ...]  # (language name, word before)

    def __getitem__(self, kind: str) -> list[str]:
        """The candidates of one kind, a list of the caller's own (`read` keeps what it read)."""
        return list(self.found.get(kind, ()))


def _before(text: str, start: int) -> str:
    """The word before a position. Example: ("weather in Paris", 11) -> "in"."""
    found = re.findall(r"[\w']+", text[:start][-30:])
    return found[-1].lower() if found else ""


def _direction(text: str, start: int) -> str:
    """The word before, or "from" right after a number: "50 euros" is what is converted."""
    word = _before(text, start)
    return "from" if re.fullmatch(r"[\d.,]+", word) else word


def _common(word: str, anywhere: bool = False) -> bool:
    """A word that starts a sentence rather than a name ("Send", "What"); `anywhere`: one that is
    never a name ("I", "The", "Monday")."""
    word = word.lower().removesuffix("'s")
    never = word in STOP_WORDS or bool(re.fullmatch(f"{DAYS}|{MONTHS}", word))
    return never or (not anywhere and word in COMMON)


def _names(text: str) -> list[Name]:
    """Names, Latin and Chinese, in order; names glued by a list share a group and the word
    before. Example: "Send Alice and Bob a note" -> [Name("Alice", "", 1), Name("Bob", "", 1)]"""
    names: list[Name] = []
    end, group = -1, 0
    for start, stop, name in sorted(_latin_names(text) + _chinese_names(text)):
        glued = names and LIST_GLUE.fullmatch(text[end:start])
        group += not glued
        names.append(Name(name, names[-1].before if glued else _before(text, start), group))
        end = stop
    return names


def _latin_names(text: str) -> list[tuple[int, int, str]]:
    """Capitalised names, without a leading common word, as (start, end, name)."""
    found = []
    for match in NAME.finditer(text):
        name, start = re.sub(r"'s$|[.']$", "", match.group()), match.start()
        opening = not text[: match.start()].strip() or text[: match.start()].rstrip()[-1] in ".?!:"
        first = match.group().split()[0]
        if opening and re.match(r"\s+(?:[a-z]|\d)", text[match.start() + len(first) :]):
            continue  # "Reserve a table", "Volume 75": a sentence's first word, not a name
        while name and _common(name.split()[0]) and (opening or _common(name.split()[0], True)):
            head, _, name = name.partition(" ")
            opening = False
            name = name.lstrip()
            start = match.start() + match.group().find(name, len(head)) if name else start
        if name and name[0].isupper() and not name.isdigit():
            found.append((start, start + len(name), name))
    return found


def _chinese_names(text: str) -> list[tuple[int, int, str]]:
    """Chinese places, each the name before what it has, and the list it ends, read backwards
    to the list's first item. Example: "巴黎、亚特兰蒂斯和东京的天气" -> 巴黎, 亚特兰蒂斯, 东京"""
    found, reach = [], 0
    for topic in CHINESE_TOPIC.finditer(text):
        edges = [m.end() for m in CHINESE_EDGE.finditer(text, reach, topic.start())]
        start, reach = max([reach, *edges]), topic.end()
        glue = [at for m in CHINESE_ITEM.finditer(text, start, topic.start()) for at in m.span()]
        cuts = [start, *glue, topic.start()]  # [start, glue start, glue end, ..., topic]
        for a, b in reversed(list(zip(cuts[::2], cuts[1::2], strict=True))):  # the last first
            item, first = _item(text[a:b])
            if item is None:
                break
            if item:  # a Latin name is found as one; a Chinese one is found here
                offset = a + text[a:b].rfind(item)
                found.append((offset, b, item))
            if first:
                break
    return found


def _item(piece: str) -> tuple[str | None, bool]:
    """One item of a Chinese list of places, and whether the list starts with it: ("", False)
    for a Latin name, None for no name. Example: "查一下巴黎今天" -> ("巴黎", True)"""
    piece = piece.strip()
    if NAME.fullmatch(piece):
        return "", False
    han = re.search(r"[\u4e00-\u9fff]+$", piece)
    if not han:
        return None, True
    name = han.group()
    first = han.start() > 0
    if cue := CUE.match(name):
        name, first = name[cue.end() :], True
    name = WHEN_EDGES.sub("", WHEN_EDGES.sub("", name))
    if not 2 <= len(name) <= 10 or name in CHINESE_NOT_NAMES or name[0] in "哪这那":
        return None, True
    return name, first


def read(text: str) -> Evidence:
    """The candidates in a text. Example: "Email bob@x.org about order #12" -> Evidence(found=
    {"emails": ["bob@x.org"], "ids": ["12"], ...}, ...)

    A request reads its question once per clause and tool: what was read of the last few
    hundred texts is kept (`lexicon.remembered`), so read the candidates through
    `evidence[kind]` (a copy), never by changing `found`."""
    return _read(text)


def _blank(text: str, matches) -> str:
    """The text with every match turned to as many spaces, so no later pattern finds it.

    Example: ("mail bob@x.org now", [the email's match]) -> "mail           now"
    """
    pieces, at = [], 0
    for match in matches:
        pieces += [text[at : match.start()], " " * (match.end() - match.start())]
        at = match.end()
    return "".join(pieces) + text[at:]


@remembered
def _read(text: str) -> Evidence:
    found = {"quoted": [a or b for a, b in QUOTED.findall(text)]}
    rest = text  # what is left once a candidate is taken: a number in an id is no number

    def take(pieces: list[str]) -> None:
        nonlocal rest
        for piece in sorted(pieces, key=len, reverse=True):
            rest = rest.replace(piece, " " * len(piece))

    for kind, pattern in _PATTERNS.items():
        matches = list(pattern.finditer(rest))
        found[kind] = [m.group().rstrip(".,;:!?") for m in matches]
        rest = _blank(rest, matches)
    rest = _blank(rest, QUOTED.finditer(rest))  # a quoted title is no name
    found["usernames"] = [a or b for a, b in USERNAME.findall(rest)]
    found["ids"] = [next(g for g in m.groups() if g) for m in ID.finditer(rest)]
    take(found["ids"])
    names = _names(rest)
    take([n.text for n in names])
    numbers = []
    for match in NUMBER.finditer(rest):
        raw = match.group().replace(",", "")
        value = NUMBER_WORDS.get(raw.lower()) or float(raw)
        before = words(rest[max(0, match.start() - 25) : match.start()])[-1:]
        after = words(rest[match.end() : match.end() + 25])[:1]
        near = {stem(w) for w in before + after}  # "for 3 days": "for", "days"
        near |= {"year"} if 1900 <= value <= 2100 and float(value).is_integer() else set()
        numbers.append((int(value) if float(value).is_integer() else value, frozenset(near)))
    plain = [" ".join(takewhile(lambda w: w not in STOP_WORDS and w not in QUALIFIERS, p.split()))
             for p in PLAIN_PLACE.findall(text)]  # fmt: skip
    found["places"] = [p for p in plain if p and not UNIT.fullmatch(p)] + [
        n.text for n in names if re.match(r"[\u4e00-\u9fff]", n.text)
    ]
    found["codes"] = re.findall(r"\b[A-Z]{2,5}\b", text)
    currencies = [
        (CURRENCY[m.group().lower().rstrip("s")], _direction(text, m.start()))
        for m in CURRENCY_WORD.finditer(text)
        if m.group().lower().rstrip("s") in CURRENCY
    ]
    units = [(m.group(), _direction(text, m.start())) for m in UNIT.finditer(text)]
    languages = [(m.group(), _before(text, m.start())) for m in LANGUAGE.finditer(text)]
    return Evidence(text, found, tuple(names), tuple(numbers), tuple(currencies), tuple(units),
                    tuple(languages))  # fmt: skip
