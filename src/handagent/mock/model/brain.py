"""The mock model's brain: what a scripted "model" says back to a Messages API request.

The mock server checks a request, calls `respond`, then adds ids, usage and stop_reason.
`respond` decides only the content, by rules short enough to check by hand:

1. The request is the latest user turn with text; it is split into clauses ("and", "?", "另外").
   A piece that matches no tool joins the clause before it ("Paris, Tokyo and Lima").
2. Each clause asks for the tool that fits it best (`menu`: the tool's own words, synonyms,
   the values it requires); of near-equal tools, the one whose inputs the request gives wins. A
   question no tool matches goes to a search or lookup tool if there is one, unless it is about
   the clock, your files or a sum.
3. Arguments come from the tool's input_schema and the request (`arguments.fill`); a required
   place, name, id... that the request never gave makes it ask for it instead, unless
   tool_choice forces a call. Several places for a one-place tool give one call each.
4. A call already made since the request is not asked again, but a failed one is retried once
   with the arguments the request implies. tool_choice: "none" calls nothing, "any" at least
   one tool, "tool" that one, with no text before (the API prefills); disable_parallel_tool_use
   gives one call per turn.
5. Tool results are believed and quoted as they came back ("add says: 6912.").
6. Without a tool to call it says what it cannot know, or finds your name in earlier turns, in
   the language the system prompt asks for (`phrases`).
7. A system prompt's refusal rule declines a request on its topic; its order rule ("call A only
   after B") holds a call back until the other tool has answered (`instructions`).

Not handled here, on purpose (the mock matches words; it does not understand):
- a tool whose name, description and schema share no word or synonym with the request, or a
  request that only world knowledge links to it ("Apple" -> AAPL, Tokyo -> Asia/Tokyo, "Thai"
  is a cuisine, "Put it in the cart" adds to it);
- plans of several steps (read the clock, then set the reminder), dates relative to today,
  writing code or SQL beyond a sum or a plain SELECT, arithmetic itself;
- images, replies longer than one canned sentence, languages other than English and Chinese
  (a few canned sentences in French, Spanish, German and Japanese), ids, usage, stop_reason and
  max_tokens (see `replies`).
"""

import json
import re
from collections import Counter
from collections.abc import Callable
from functools import lru_cache

from . import instructions, phrases
from .arguments import context, fill
from .evidence import read
from .lexicon import ARITHMETIC, terms, words
from .menu import ALONE, QUESTION, THRESHOLD, Menu
from .quotes import quote_results

Brain = Callable[[dict], list[dict]]  # a request -> the content blocks the model says

PRIVATE = {"time", "date", "file", "read", *ARITHMETIC}  # no search answers these
PLANS = 256  # plans kept (`_plan`), each of a question, menu and system prompt of at most
PLANNED_CHARS = 50_000  # characters in all
HARD = set("?？!！;；。\n.")
SEPARATOR = re.compile(r"[?？!！;；。\n]|,(?!\d{3})|\.(?=\s|$)|\b(?:and|also|then)\b"
                       r"|另外|还有|以及|并且|然后|(?<![的之总\d])(?<!\d )和(?! ?\d)",
                       re.I)  # fmt: skip
NAME_QUESTION = re.compile(r"what(?:'s| is) my name|我叫什么|我的名字是什么", re.I)
NAME_GIVEN = re.compile(
    r"\bmy name is (?!what)(\w+)|我叫(?!什么)(\w{1,4})|我的名字是(?!什么)(\w{1,4})", re.I
)
GREETING = re.compile(r"\b(?:hi|hello|hey|good (?:morning|afternoon|evening))\b|你好|您好", re.I)


def respond(request: dict) -> list[dict]:
    """The mock model's reply content for a validated Messages API request body."""
    turns = _turns(request.get("messages") or [])
    choice = request.get("tool_choice") or {}
    offered = [t for t in request.get("tools") or [] if isinstance(t, dict) and t.get("name")
               and t.get("type", "custom") == "custom"]  # fmt: skip  # server tools: not ours
    tools = [] if choice.get("type") == "none" else offered
    asking = [i for i, (role, blocks) in enumerate(turns) if role == "user" and _asks(blocks)]
    asked = asking[-1] if asking else -1  # the latest user turn with text: the request
    text = _text_of(turns[asked][1]) if asking else ""
    system = _system(request.get("system"))
    lang = phrases.language(system, text)
    since = [(turn, b) for turn, (_, blocks) in enumerate(turns[asked + 1 :]) for b in blocks]
    calls = {b.get("id"): b for _, b in since if b.get("type") == "tool_use"}
    results = [b for _, b in since if b.get("type") == "tool_result"]
    result_turn = {id(b): turn for turn, b in since}
    last = turns[-1][1] if turns and turns[-1][0] == "user" else []
    failed = {calls.get(b.get("tool_use_id"), {}).get("name") for b in last if b.get("is_error")}

    if topic := instructions.declined(system, text):  # the system prompt's refusal rule
        return [_text(phrases.say("decline", lang, topic))]
    forced = choice.get("type") in ("any", "tool")  # the API prefills then: no text first
    plan, unclear = _plan(text, tools, system, forced)
    todo = _forced(_not_yet_made(plan, calls, results), choice, plan, tools, text, system)
    if not forced and (rules := instructions.order_rules(system, [t["name"] for t in tools])):
        answered = {calls.get(r.get("tool_use_id"), {}).get("name") for r in results
                    if not r.get("is_error")}  # fmt: skip
        by_name = {t["name"]: t for t in tools}
        first = lambda name: (name, _each(by_name[name], text, text)[0][0])  # noqa: E731
        todo = instructions.in_order(_not_yet_made(todo, calls, results), rules, answered, first)
    if choice.get("disable_parallel_tool_use"):
        todo = todo[:1]
    if todo:
        unknown = failed - {t["name"] for t in tools}  # a failed call to a tool not offered
        retry = failed and (todo[0][0] in failed or unknown)
        lead = [] if forced else [_text(phrases.say("retry" if retry else "check", lang))]
        return lead + [{"type": "tool_use", "name": name, "input": args} for name, args in todo]
    if results:
        return [_text(quote_results(results, calls, lang, result_turn))]
    if unclear and not calls:
        tool, what = unclear[0]
        return [_text(phrases.say("which", lang, what, tool))]
    return [_text(_chat(turns, text, lang))]


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


def _system(system: object) -> str:
    return _text_of(system) if isinstance(system, list) else str(system or "")


def _text(text: str) -> dict:
    return {"type": "text", "text": text}


def _factual(clause: str) -> bool:
    """A question the web could answer. Example: "Who wrote Hamlet?" -> True; "How are you?" ->
    False"""
    found = terms(clause) - {n.text.lower() for n in read(clause).names}
    return bool(QUESTION.search(clause) and found and not found & PRIVATE) and not (
        NAME_QUESTION.search(clause) or GREETING.search(clause))  # fmt: skip


def _clauses(text: str, menu: Menu) -> list[str]:
    """The separate requests in a text; a piece joins the clause before unless both match a tool.

    Example: "What time is it? Also, add 3 and 4." -> ["What time is it?", "add 3 and 4"]
    """
    spans: list[list] = []  # [start, stop, stands alone]
    start, hard = 0, True
    for match in [*SEPARATOR.finditer(text), None]:
        end = match.start() if match else len(text)
        stop = match.end() if match and match.group() in "?？" else end  # keep a question mark
        piece = text[start:end]
        if piece.strip():
            alone = menu.best(piece, True)[0] >= ALONE or (hard and _factual(text[start:stop]))
            if spans and not (alone and spans[-1][2]):
                spans[-1][1:] = [stop, alone or spans[-1][2]]
            else:
                spans.append([start, stop, alone])
            hard = False
        hard = hard or bool(match and match.group() in HARD)
        start = match.end() if match else len(text)
    return [text[a:b].strip() for a, b, _ in spans]


def _plan(text: str, tools: list[dict], system: str, forced: bool) -> tuple[list, list]:
    """The calls a request asks for, and (tool, what) for calls it cannot make without asking.

    Example: "What is 1+2 and 3+4?" -> [("add", {"a": 1, "b": 2}), ("add", {"a": 3, "b": 4})], []

    A tool loop plans the same question with the same menu at every turn, and a room's learners
    ask the same: the last `PLANS` plans are kept, as JSON, so each caller gets its own.
    """
    menu = json.dumps(tools, default=str)
    if len(text) + len(menu) + len(system) > PLANNED_CHARS:
        return _planned(text, tools, system, forced)
    plan, unclear = json.loads(_kept_plan(text, menu, system, forced))
    return [(name, args) for name, args in plan], [(tool, what) for tool, what in unclear]


@lru_cache(maxsize=PLANS)
def _kept_plan(text: str, menu: str, system: str, forced: bool) -> str:
    return json.dumps(_planned(text, json.loads(menu), system, forced))


def _planned(text: str, tools: list[dict], system: str, forced: bool) -> tuple[list, list]:
    menu, plan, unclear = Menu(tools, system), [], []
    for clause in _clauses(text, menu) if tools else []:
        tool, calls = _choose(menu, clause, text)
        for args, missing in calls:
            if missing and not forced:
                unclear.append((tool["name"], " ".join(words(missing[0].split(".")[-1]))))
            elif (tool["name"], args) not in plan:
                plan.append((tool["name"], args))
    return plan, unclear


def _choose(menu: Menu, clause: str, text: str) -> tuple[dict | None, list]:
    """The tool for a clause, and its calls. Of tools scoring near the best, the first whose
    required values the request gives: a careful model does not pick one it must ask about."""
    ranked = [(rank, tool) for rank, raw, tool in menu.ranked(clause) if raw >= THRESHOLD]
    near = [tool for rank, tool in ranked if rank >= ranked[0][0] / 2] if ranked else []
    if not near and _factual(clause) and menu.lookup():
        near = [menu.lookup()]
    options = [(tool, _each(tool, clause, text)) for tool in near]
    complete = [(tool, calls) for tool, calls in options if not any(m for _, m in calls)]
    return (complete or options or [(None, [])])[0]


def _each(tool: dict, clause: str, text: str) -> list[tuple[dict, list]]:
    """Arguments for each call: one call per name when a clause lists several for one property.

    Example: get_weather(city), "weather in Paris, Tokyo and Lima" -> [{"city": "Paris"}, ...]
    """
    args, missing = fill(tool.get("input_schema"), context(clause, text, tool))
    names = read(clause).names
    named = [(p, n) for p, v in args.items() for n in names if _same_name(v, n.text)]
    if len(named) != 1:
        return [(args, missing)]
    prop, first = named[0]
    spec = ((tool.get("input_schema") or {}).get("properties") or {}).get(prop) or {}
    listed = [n.text for n in names if n.group == first.group or n.before == first.before]
    if isinstance(spec, dict) and spec.get("enum"):  # a name the menu does not offer is no call
        offered = {o.casefold(): o for o in spec["enum"] if isinstance(o, str)}
        listed = [offered[n.casefold()] for n in listed if n.casefold() in offered]
    if len(listed) < 2:  # a schema of `true` takes any value: one call per place, as {} does
        return [(args, missing)]
    return [({**args, prop: name}, missing) for name in dict.fromkeys(listed)]


def _same_name(value: object, name: str) -> bool:
    """Example: ("paris", "Paris") -> True: an enum may spell a place in its own case."""
    return isinstance(value, str) and value.casefold() == name.casefold()


def _not_yet_made(plan: list, calls: dict, results: list[dict]) -> list[tuple[str, dict]]:
    """The planned calls not made since the request.

    A call made with the same arguments counts, whatever its result (so a failed call is retried
    only with other arguments, and only once); so does a call of that tool that succeeded.
    """

    def same(call: tuple, made: dict) -> bool:  # a client may add optional arguments
        inputs = made.get("input") if isinstance(made.get("input"), dict) else {}
        return call[0] == made.get("name") and call[1].items() <= inputs.items()

    succeeded = [calls.get(r.get("tool_use_id"), {}) for r in results if not r.get("is_error")]
    spare = Counter(c.get("name") for c in succeeded if not any(same(p, c) for p in plan))
    todo = []
    for call in plan:
        if any(same(call, made) for made in calls.values()):
            continue
        if spare[call[0]]:
            spare[call[0]] -= 1
        else:
            todo.append(call)
    return todo


def _forced(todo: list, choice: dict, plan: list, tools: list, text: str, system: str) -> list:
    """The calls once tool_choice is obeyed: "any" asks for some tool, "tool" for that one."""
    if choice.get("type") == "tool":
        tool = next((t for t in tools if t["name"] == choice.get("name")), None)
        if tool:
            chosen = [c for c in todo if c[0] == tool["name"]]
            return chosen or [(tool["name"], _each(tool, text, text)[0][0])]
    if choice.get("type") == "any" and not todo and tools:
        score, best = Menu(tools, system).best(text)
        tool = best if score > 0 else tools[0]
        return plan[:1] or [(tool["name"], _each(tool, text, text)[0][0])]
    return todo


def _chat(turns: list[tuple[str, list[dict]]], text: str, lang: str) -> str:
    """A reply without tools: your name from history, what it cannot know, hello, or a shrug."""
    if NAME_QUESTION.search(text):
        said = [_text_of(blocks) for role, blocks in reversed(turns) if role == "user"]
        name = next(
            (n for t in said for m in NAME_GIVEN.finditer(t) for n in m.groups() if n), None
        )
        return phrases.say("your_name", lang, name) if name else phrases.say("no_name", lang)
    if given := NAME_GIVEN.search(text):
        return phrases.say("meet", lang, next(n for n in given.groups() if n))
    found = terms(text)
    concepts = {
        "weather": "weather" in found,
        "file": "file" in found or bool("read" in found and read(text)["paths"]),
        "live": bool({"stock", "price", "news", "currency"} & found),
        "arithmetic": bool(ARITHMETIC & found)
        and any(abs(n) >= 10_000 for n, _ in read(text).numbers),
        "time": bool({"time", "date"} & found),
    }
    for concept, asked in concepts.items():
        if asked:
            return phrases.cannot(concept, lang)
    return phrases.say("hello" if GREETING.search(text) else "other", lang)
