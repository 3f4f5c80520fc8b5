"""Free-text argument values made from a request: its subject, an arithmetic expression, a SQL
query, the words after a cue ("titled ...", "saying ...").

A search query is the request less its polite and question words and the tool's own name
("Search Wikipedia for Alan Turing" -> "Alan Turing"); an expression is the request's numbers
with the operators between them ("multiply 6 by 7" -> "6 * 7").

Not handled here: rewording (a model would turn "Who wrote Hamlet?" into "Hamlet author"), SQL
beyond `SELECT` over a table the tool's description lists, arithmetic words for numbers.
"""

import re

from .lexicon import stem, words

LEAD = re.compile(
    r"^(?:(?:please|hey|hi|ok|so|now|kindly|quickly|can you|could you|would you|will you|i want "
    r"to know|i'd like to know|i want to|i'd like to|i would like to|i need to|help me|let me "
    r"know|tell me about|tell me|show me|give me|find out|find me|look up|lookup|search (?:the "
    r"web|the internet|online|google)(?: for)?|search(?: for)?|find|get|fetch|retrieve|check|"
    r"what(?:'s| is| are| was| were)|who(?:'s| is| was| are)|"
    r"where(?:'s| is| are)|information (?:on|about)|info on|details (?:on|about|of)|请问|请|帮我|"
    r"查一下|搜索|搜一下|告诉我)\b\s*,?\s*)+",
    re.I,
)
SOURCES = re.compile(r"\s*\b(?:on|in|from|using|via|with|through)\s+(?:the\s+)?(?:web|internet|"
                     r"google|wikipedia|online|knowledge base|docs|documentation)\b|\s*\busing "
                     r"(?:the\s+)?[\w-]+ tool\b", re.I)  # fmt: skip
TRAILING = re.compile(r"(?:\s+(?:please|for me|right now|now|thanks))*[\s?？!！.。,，]*$", re.I)
CUES = {  # kind -> the words after which its text starts
    "title": r"(?:titled|called|named|subject(?: line)?|about|regarding|re:)",
    "text": r"(?:saying|that says|says|with the message|message|telling (?:him|her|them)(?: that)?"
            r"|tell (?:him|her|them)(?: that)?|body|reply|note|:)",
}  # fmt: skip
NUMERAL = r"(-?\d[\d,]*(?:\.\d+)?)"
OPERATOR_WORDS = [("+", r"\+|plus|add(?:ed)? to|and|加上?|和"), ("-", r"-|−|minus|less|减去?"),
             ("*", r"\*|×|x|times|multiplied by|乘以?"), ("/", r"/|÷|divided by|over|除以"),
             ("**", r"\^|\*\*|to the power of")]  # fmt: skip
VERB_FORMS = [("+", r"(?:add|sum of|sum|total of)"), ("*", r"(?:multiply|product of)"),
              ("/", r"divide"), ("-", r"subtract")]  # fmt: skip


def subject(text: str, tool_words: frozenset[str] = frozenset()) -> str:
    """What a request is about. Example: "Please search the web for recent news about Mars?"
    -> "recent news about Mars"."""
    text = SOURCES.sub("", re.sub(r"\s+", " ", text.strip()))
    for _ in range(3):  # "Can you please look up ..." has several leads
        text = LEAD.sub("", text)
        head = text.split(" ", 1)
        while head and head[0].lower().strip(",") in {*tool_words, "for", "about", "on", "up"}:
            text = head[1] if len(head) > 1 else ""
            head = text.split(" ", 1)
    return TRAILING.sub("", text).strip(" ,")


def after_cue(kind: str, text: str) -> str | None:
    """The words after a kind's cue. Example: ("text", "Email Bob saying hi") -> "hi"."""
    found = re.search(rf"(?:^|\s){CUES[kind]}\s*(.+)", text, re.I) if kind in CUES else None
    if not found:
        return None
    words = re.split(rf"\s{CUES['text']}\s", found.group(1))[0] if kind == "title" else found[1]
    return TRAILING.sub("", words).strip(" \"'“”") or None


def expression(text: str) -> str | None:
    """The arithmetic a request asks for. Example: "What is 834,727 × 991?" -> "834727 * 991"."""
    plain = lambda n: n.replace(",", "")  # noqa: E731
    if found := re.search(rf"square root of {NUMERAL}", text, re.I):
        return f"sqrt({plain(found.group(1))})"
    if found := re.search(rf"{NUMERAL}\s*%\s*of\s*{NUMERAL}", text, re.I):
        return f"{plain(found.group(1))} / 100 * {plain(found.group(2))}"
    for op, verb in VERB_FORMS:
        found = re.search(rf"\b{verb}\s+{NUMERAL}\s+(by|and|with|to|from)\s+{NUMERAL}", text, re.I)
        if found:
            a, word, b = found.groups()
            a, b = (b, a) if op == "-" and word == "from" else (a, b)
            return f"{plain(a)} {op} {plain(b)}"
    numbers = list(re.finditer(r"\d[\d,]*(?:\.\d+)?", text))  # a sign would eat "5-3"'s minus
    parts: list[str] = []
    for previous, number in zip([None, *numbers], numbers, strict=False):
        between = text[previous.end() : number.start()].strip() if previous else ""
        op = next((o for o, words in OPERATOR_WORDS if re.fullmatch(words, between, re.I)), None)
        if previous and op is None and len(parts) > 1:
            break
        parts = [*parts, op, plain(number.group())] if op and parts else [plain(number.group())]
    if len(parts) > 1 and re.search(r"(?:^|[^\d\s)]\s*)-$", text[: numbers[0].start()]):
        parts[0] = "-" + parts[0]  # "-2.5 plus 1" """
    return " ".join(parts) if len(parts) > 1 else None


def sql(text: str, described: str) -> str | None:
    """A SELECT over the table the request names, from tables a description lists.

    Example: ("How many users signed up?", "Tables: users(id, email), orders(...)") ->
    "SELECT COUNT(*) FROM users"
    """
    quoted = re.search(r"\b(?:SELECT|WITH|INSERT|UPDATE|DELETE)\b[^\"`']*", text)
    if quoted:
        return quoted.group().strip()
    tables = re.findall(r"\b([a-z_]+)\s*\(", described) or re.findall(
        r"\btables?:?\s+([a-z_]+(?:,\s*[a-z_]+)*)", described, re.I)  # fmt: skip
    tables = [t for group in tables for t in re.split(r",\s*", group)]
    asked = {stem(w) for w in words(text)}
    table = next((t for t in tables if {stem(w) for w in words(t)} & asked), None)
    if table is None:
        return None
    if re.search(r"\bhow many\b|\bcount\b|\bnumber of\b", text, re.I):
        return f"SELECT COUNT(*) FROM {table}"
    return f"SELECT * FROM {table} LIMIT 10"
