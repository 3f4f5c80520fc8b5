"""The mock model's brain: what a scripted "model" says back to a Messages API request.

The mock server checks a request, calls `respond`, then adds ids, usage and stop_reason.
`respond` decides only the content, by rules short enough to check by hand:

1. The request is the latest user turn with text; it is split into clauses ("and", "?", "另外").
2. Clauses and tools (name + description) are tagged with concepts from `LEXICON`. Each clause
   asks for the tool sharing most concepts with it; arguments are read from the clause by the
   tool's input_schema: numbers, quoted text, paths, capitalised names.
3. A call already made since the request is not asked again, but a failed one is retried once
   with the arguments the request implies. A model name ending in "sequential" (or
   tool_choice.disable_parallel_tool_use) asks for one call per turn.
4. Tool results are believed and quoted as they came back ("add says: 6912.").
5. Without tools it says what it cannot know, or finds your name in earlier turns.

Not handled here: reasoning or real language understanding (it matches words), arithmetic,
images, the system prompt, ids, usage, stop_reason and max_tokens (see `replies`).
"""

import re
from collections import Counter
from itertools import takewhile

# concept -> the words that signal it: English as whole words, Chinese and symbols anywhere
LEXICON = {
    "time": "time clock now date today hour 几点 时间 日期 现在 今天",
    "weather": "weather temperature forecast rain 天气 气温 下雨",
    "file": "file files read open contents 文件 读 打开",
    "add": "add plus sum + 加 的和",
    "subtract": "subtract minus difference 减",
    "multiply": "multiply times product × * 乘",
    "divide": "divide divided quotient ÷ 除以",
    "live": "price stock news exchange score 股价 新闻 汇率 比分",
    "search": "search google web internet 搜索",
    "email": "email mail send 邮件 发送",
    "run": "run execute command shell 运行 执行 命令",
}
WEAK = {"time"}  # "weather now", "today's news": time words often only qualify another request
ARITHMETIC = {"add", "subtract", "multiply", "divide"}

# what it cannot know without tools, checked in this order: what, what it lacks, what would help
CANNOT_KNOW = {
    "weather": (("know today's weather", "internet access", "A weather site or tool would know."),
                ("知道今天的天气", "网络", "天气网站或者查天气的工具可以。")),
    "file": (("read your files", "access to your disk", "Paste them here, or give me a tool."),
             ("读你的文件", "访问你磁盘的途径", "把内容贴进来，或者给我一个读文件的工具。")),
    "live": (("know live prices or news", "internet access", "A website or a tool would know."),
             ("知道实时的价格或新闻", "网络", "网站或者工具可以。")),
    "arithmetic": (("promise exact arithmetic on numbers this big", "calculator",
                    "A calculator or a tool would get it right."),
                   ("保证这么大的数算得准", "计算器", "用计算器，或者给我一个计算工具。")),
    "time": (("know the current time", "clock",
              "Check your clock, or give me a tool that reads it."),
             ("知道现在几点", "时钟", "看一眼你的时钟，或者给我一个读时钟的工具。")),
}  # fmt: skip
CANNOT = ("I can't {0}: I have no {1}, only the text you send me. {2}",
          "我没法{0}：我没有{1}，只能看到你发来的文字。{2}")  # fmt: skip
REPLIES = {  # key -> (English, Chinese)
    "hello": ("Hello! How can I help?", "你好！有什么可以帮你的？"),
    "meet": ("Nice to meet you, {}!", "你好，{}！很高兴认识你。"),
    "your_name": ("Your name is {}.", "你叫{}。"),
    "no_name": ("I don't know your name: I only see this conversation, and it isn't in it.",
                "我不知道你的名字：我只能看到这段对话，而你在里面没说过。"),
    "other": ("I'm a mock model with a few canned replies. Tell me your name, or give me tools.",
              "我是一个模拟模型，只会几句固定的回答。告诉我你的名字，或者给我一些工具吧。"),
    "check": ("Let me check that.", "我来查一下。"),
    "retry": ("That failed; let me fix the arguments and try again.", "调用失败了，我改参数再试。"),
    "says": ("{} says: {}", "{} 返回：{}"),
    "error": ("The {} tool reported an error: {}", "{} 工具报错：{}"),
    "empty": ("(no output)", "（无输出）"),
}  # fmt: skip

SEPARATOR = re.compile(r"[?？!！;；，。\n]|,(?!\d{3})|\.(?=\s|$)|\b(?:and|also|then)\b"
                       r"|另外|还有|以及|并且|然后|(?<![的之总])和", re.I)  # fmt: skip
NUMBER = re.compile(r"(?<![A-Za-z0-9_.])-?\d+(?:,\d{3})*(?:\.\d+)?")
QUOTED = re.compile(r"[\"“「`]([^\"”」`]+)[\"”」`]")
PATH = re.compile(r"[\w.~-]*/[\w./~-]*\w|[\w-]+(?:\.[\w-]+)*\.[A-Za-z]\w{0,4}\b")
PATH_PARAM = re.compile(r"path|file|dir|folder", re.I)
AFTER_PREPOSITION = re.compile(r"\b(?:in|for|at|about)\s+([A-Za-z][\w' -]*)", re.I)
CAPITALISED = re.compile(r"\b[A-Z][a-z]+(?:\s+[A-Z][a-z]+)*")
CHINESE_PLACE = re.compile(
    r"(?:请问|查一下)?(?:今天|明天)?([\u4e00-\u9fff]{2,4}?)(?:今天|明天)?的?天气"
)
STOP_WORDS = {"today", "now", "tomorrow", "please", "right", "in", "for", "at", "about"}
NAME_QUESTION = re.compile(r"what(?:'s| is) my name|我叫什么|我的名字是什么", re.I)
NAME_GIVEN = re.compile(
    r"\bmy name is (?!what)(\w+)|我叫(?!什么)(\w{1,4})|我的名字是(?!什么)(\w{1,4})", re.I
)
GREETING = re.compile(r"\b(?:hi|hello|hey|good (?:morning|afternoon|evening))\b|你好|您好", re.I)


def respond(request: dict) -> list[dict]:
    """The mock model's reply content for a validated Messages API request body."""
    turns = _turns(request.get("messages") or [])
    choice = request.get("tool_choice") or {}
    tools = [] if choice.get("type") == "none" else list(request.get("tools") or [])
    asking = [i for i, (role, blocks) in enumerate(turns) if role == "user" and _asks(blocks)]
    asked = asking[-1] if asking else -1  # the latest user turn with text: the request
    text = _text_of(turns[asked][1]) if asking else ""
    zh = int(bool(re.search(r"[\u4e00-\u9fff]", text)))  # index into (English, Chinese) pairs
    since = [(turn, b) for turn, (_, blocks) in enumerate(turns[asked + 1 :]) for b in blocks]
    calls = {b.get("id"): b for _, b in since if b.get("type") == "tool_use"}
    results = [b for _, b in since if b.get("type") == "tool_result"]
    result_turn = {id(b): turn for turn, b in since}
    last = turns[-1][1] if turns and turns[-1][0] == "user" else []
    failed = {calls.get(b.get("tool_use_id"), {}).get("name") for b in last if b.get("is_error")}

    plan = _plan(text, tools)
    todo = _forced(_not_yet_made(plan, calls, results), choice, plan, tools, text)
    if str(request.get("model")).endswith("sequential") or choice.get("disable_parallel_tool_use"):
        todo = todo[:1]
    if todo:
        unknown = failed - {t.get("name") for t in tools}  # a failed call to a tool not offered
        retry = failed and (todo[0][0] in failed or unknown)
        forced = choice.get("type") in ("any", "tool")  # the API prefills then: no text first
        lead = [] if forced else [_text(REPLIES["retry" if retry else "check"][zh])]
        return lead + [{"type": "tool_use", "name": name, "input": args} for name, args in todo]
    if results:
        return [_text(_answer(results, calls, zh, result_turn))]
    return [_text(_chat(turns, text, zh))]


def _turns(messages: list[dict]) -> list[tuple[str, list[dict]]]:
    """Messages as (role, blocks), consecutive same-role messages merged into one turn.

    Example: [{"role": "user", "content": "hi"}] -> [("user", [{"type": "text", "text": "hi"}])]
    """
    turns: list[tuple[str, list[dict]]] = []
    for message in messages:
        content = message.get("content") or []
        blocks = [_text(content)] if isinstance(content, str) else list(content)
        if turns and turns[-1][0] == message.get("role"):
            turns[-1][1].extend(blocks)
        else:
            turns.append((message.get("role"), blocks))
    return turns


def _asks(blocks: list[dict]) -> bool:
    """True for a turn that says something, rather than only returning tool results."""
    return bool(_text_of(blocks).strip()) and all(b.get("type") != "tool_result" for b in blocks)


def _text_of(blocks: list[dict]) -> str:
    """Text blocks joined. Example: [{"type": "text", "text": "hi"}, {"type": "image"}] -> "hi"."""
    return " ".join(b.get("text", "") for b in blocks if b.get("type") == "text")


def _text(text: str) -> dict:
    return {"type": "text", "text": text}


def _concepts(text: str) -> set[str]:
    """The concepts a text mentions. Example: "get_current_time" -> {"time"}; "1+2" -> {"add"}."""
    words = set(re.findall(r"[a-z]+", re.sub(r"([a-z])([A-Z])", r"\1 \2", text).lower()))

    def mentioned(key: str) -> bool:
        return key in words if key.isascii() and key.isalpha() else key in text

    return {concept for concept, keys in LEXICON.items() if any(map(mentioned, keys.split()))}


def _clauses(text: str) -> list[str]:
    """The separate requests in a text; a piece with no concept joins its neighbour.

    Example: "What time is it? Also, add 3 and 4." -> ["What time is it", "add 3 4"]
    """
    clauses: list[str] = []
    for piece in (p.strip() for p in SEPARATOR.split(text) if p.strip()):
        if clauses and not (_concepts(piece) and _concepts(clauses[-1])):
            clauses[-1] += ", " + piece  # the comma keeps listed names apart
        else:
            clauses.append(piece)
    return clauses


def _plan(text: str, tools: list[dict]) -> list[tuple[str, dict]]:
    """One (tool name, arguments) per clause, for the tool sharing most concepts with it.

    Example: "What is 1+2 and 3+4?" -> [("add", {"a": 1, "b": 2}), ("add", {"a": 3, "b": 4})]
    """
    plan: list[tuple[str, dict]] = []
    for clause in _clauses(text):
        wanted = _concepts(clause)
        scores = [_score(wanted, tool) for tool in tools]
        best = tools[scores.index(max(scores))] if scores and max(scores) else None  # menu order
        for call in [(best["name"], args) for args in _each_place(best, clause)] if best else []:
            if call not in plan:
                plan.append(call)
    return plan


def _each_place(tool: dict, clause: str) -> list[dict]:
    """Arguments for each call: one call per place when a clause lists several for one name.

    Example: get_weather(city), "weather in Paris, Tokyo and Lima" -> [{"city": "Paris"}, ...]
    """
    args = _fill_arguments(tool, clause)
    properties = (tool.get("input_schema") or {}).get("properties") or {}
    named = [p for p, spec in properties.items() if args.get(p) in _names(clause)
             and not (isinstance(spec, dict) and spec.get("enum"))]  # fmt: skip
    where = AFTER_PREPOSITION.search(clause)
    places = CAPITALISED.findall(clause[where.start() :]) if where else []
    if len(named) != 1 or len(places) < 2:
        return [args]
    return [{**args, named[0]: place} for place in places]


def _score(wanted: set[str], tool: dict) -> int:
    """How well a tool's name and description match the concepts a clause wants."""
    shared = wanted & _concepts(f"{tool.get('name', '')} {tool.get('description', '')}")
    return 2 * len(shared - WEAK) + len(shared & WEAK)


def _fill_arguments(tool: dict, clause: str) -> dict:
    """Arguments for `tool` read from a clause by its input_schema; what it can't fill is left out.

    Example: multiply(x: number, y: number), "what is 834727 times 991?" -> {"x": 834727, "y": 991}
    """
    numbers = iter(_numbers(PATH.sub(" ", clause)))
    quoted, paths, names = QUOTED.findall(clause), PATH.findall(clause), _names(clause)
    args: dict = {}
    for param, spec in ((tool.get("input_schema") or {}).get("properties") or {}).items():
        spec = spec if isinstance(spec, dict) else {}  # `true` is a schema too: anything goes
        value, kind, enum = None, spec.get("type"), spec.get("enum")
        if enum:
            said = [v for v in enum if re.search(rf"\b{re.escape(str(v))}\b", clause, re.I)]
            value = (said or enum)[0]
        elif kind in ("number", "integer"):
            value = next(numbers, None)
        elif kind == "string":
            pool = quoted + (paths if PATH_PARAM.search(param) else names)
            value = next((v for v in pool if v not in args.values()), None)
        if value is not None:
            args[param] = value
    return args


def _numbers(text: str) -> list[int | float]:
    """Numbers in order of appearance, int when whole. Example: "1,234 + 5.5" -> [1234, 5.5]."""
    values = [float(n.replace(",", "")) for n in NUMBER.findall(text)]
    return [int(v) if v.is_integer() else v for v in values]


def _names(clause: str) -> list[str]:
    """Names and places, likeliest first. Example: "weather in Paris now" -> ["Paris", ...]."""
    after = [m.group(1) for m in AFTER_PREPOSITION.finditer(clause)]
    capitalised = [m.group() for m in CAPITALISED.finditer(clause) if m.start() > 0]
    placed = [c for c in capitalised if any(a.startswith(c) for a in after)]
    plain = [" ".join(takewhile(lambda w: w.lower() not in STOP_WORDS, a.split())) for a in after]
    found = placed + capitalised + plain + CHINESE_PLACE.findall(clause)
    return list(dict.fromkeys(name for name in found if name))


def _not_yet_made(plan: list, calls: dict, results: list[dict]) -> list[tuple[str, dict]]:
    """The planned calls not made since the request.

    A call made with the same arguments counts, whatever its result (so a failed call is retried
    only with other arguments, and only once); so does a call of that tool that succeeded.
    """
    made = [(c.get("name"), c.get("input")) for c in calls.values()]
    succeeded = [calls.get(r.get("tool_use_id"), {}) for r in results if not r.get("is_error")]
    spare = Counter(c.get("name") for c in succeeded if (c.get("name"), c.get("input")) not in plan)
    todo = []
    for call in plan:
        if call in made:
            continue
        if spare[call[0]]:
            spare[call[0]] -= 1
        else:
            todo.append(call)
    return todo


def _forced(todo: list, choice: dict, plan: list, tools: list[dict], text: str) -> list:
    """The calls once tool_choice is obeyed: "any" asks for some tool, "tool" for that one."""
    if choice.get("type") == "tool":
        tool = next((t for t in tools if t.get("name") == choice.get("name")), None)
        if tool:
            chosen = [c for c in todo if c[0] == tool["name"]]
            return chosen or [(tool["name"], _fill_arguments(tool, text))]
    if choice.get("type") == "any" and not todo and tools:
        return plan[:1] or [(tools[0]["name"], _fill_arguments(tools[0], text))]
    return todo


def _answer(results: list[dict], calls: dict, zh: int, turn_of: dict) -> str:
    """The results quoted as they came back. Example: add -> "6912" gives "add says: 6912."."""
    items = []
    for result in results:
        content = result.get("content") or ""
        if isinstance(content, list):
            content = "\n".join(b.get("text", "[image]") for b in content)
        name = calls.get(result.get("tool_use_id"), {}).get("name", "tool")
        error = bool(result.get("is_error"))
        items.append((name, content.strip() or REPLIES["empty"][zh], error, turn_of[id(result)]))
    lines = []
    for name, content, error, turn in items:
        if error and any(n == name and not e and t > turn for n, _, e, t in items):
            continue  # retried in a later turn, and that call succeeded
        said = content.splitlines()[0].rstrip(":：") if error else content  # a first line will do
        line = REPLIES["error" if error else "says"][zh].format(name, said)
        lines.append(line if line[-1] in ".!?。！？" else line + (".", "。")[zh])
    return (" ", "")[zh].join(dict.fromkeys(lines))


def _chat(turns: list[tuple[str, list[dict]]], text: str, zh: int) -> str:
    """A reply without tools: your name from history, what it cannot know, hello, or a shrug."""
    if NAME_QUESTION.search(text):
        said = [_text_of(blocks) for role, blocks in reversed(turns) if role == "user"]
        name = next(
            (n for t in said for m in NAME_GIVEN.finditer(t) for n in m.groups() if n), None
        )
        return REPLIES["your_name"][zh].format(name) if name else REPLIES["no_name"][zh]
    if given := NAME_GIVEN.search(text):
        return REPLIES["meet"][zh].format(next(n for n in given.groups() if n))
    concepts = _concepts(text)
    if concepts & ARITHMETIC and any(abs(n) >= 10_000 for n in _numbers(text)):
        concepts.add("arithmetic")
    for concept, parts in CANNOT_KNOW.items():
        if concept in concepts:
            return CANNOT[zh].format(*parts[zh])
    return REPLIES["hello" if GREETING.search(text) else "other"][zh]
