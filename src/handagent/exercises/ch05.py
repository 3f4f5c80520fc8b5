"""Chapter 05 exercises: a tool runner that never raises, and a broken history to diagnose.

`check_safe_run` tries a learner's `safe_run(call, functions)` on three calls: one that works,
one naming a tool that does not exist, one whose function raises. `check_offending_message`
compares the learner's index with the message `check_tool_protocol` names for `broken_history()`.
Hints follow the edition's language. `SELF_CHECK` holds the chapter's three questions, one per
rule and one on who fails at once.

Not handled here: schema validation and timeouts (`run_tool_calls` does those in the package).
"""

import re

from ..api.checks import Rejection, check_tool_protocol
from ..dispatch import tool_result
from ..examples import FORECASTS, FORECASTS_ZH, add
from ..language import pick
from . import Verdict, attempt
from .questions.ch05 import SELF_CHECK  # noqa: F401 - the chapter's self-check, read by selfcheck


def _divide(a, b):
    return a / b


EXERCISE = "05 · safe_run(call, functions)"  # code: the same in both editions
FUNCTIONS = {"add": add, "divide": _divide}
WORKS = {
    "type": "tool_use",
    "id": "toolu_ex5_works",
    "name": "add",
    "input": {"a": 1234, "b": 5678},
}
UNKNOWN = {"type": "tool_use", "id": "toolu_ex5_unknown", "name": "multiply", "input": {"a": 2}}
RAISES = {"type": "tool_use", "id": "toolu_ex5_raises", "name": "divide", "input": {"a": 1, "b": 0}}


def _block_problems(case: str, call: dict, block: object) -> list[str]:
    """What is wrong with the shape of one returned block, whatever the case."""
    if not isinstance(block, dict):
        return [
            pick(
                f"For {case}, safe_run returned {block!r}, not a dict. Return a tool_result "
                'block: tool_result(call["id"], content, is_error=...).',
                f"“{case}”：safe_run 返回了 {block!r}，不是 dict。应该返回一个 tool_result 块："
                'tool_result(call["id"], content, is_error=...)。',
            )
        ]
    problems = []
    if block.get("type") != "tool_result":
        kind = block.get("type")
        problems.append(
            pick(
                f'For {case}, the block\'s "type" is {kind!r}; it must be "tool_result".',
                f'“{case}”：块的 "type" 是 {kind!r}；必须是 "tool_result"。',
            )
        )
    if "tool_use_id" not in block:
        problems.append(
            pick(
                f'For {case}, the block has no "tool_use_id". Copy the call\'s id into it '
                f"({call['id']!r} here): it is how the API pairs the result with its call.",
                f'“{case}”：块里没有 "tool_use_id"。把调用的 id 复制进去（这里是 '
                f"{call['id']!r}）：API 靠它把结果和调用对上号。",
            )
        )
    elif block["tool_use_id"] != call["id"]:
        given = block["tool_use_id"]
        problems.append(
            pick(
                f"For {case}, tool_use_id is {given!r} but the call's id is "
                f'{call["id"]!r}. Use call["id"], not a fixed or made-up id.',
                f"“{case}”：tool_use_id 是 {given!r}，但调用的 id 是 {call['id']!r}。"
                '用 call["id"]，不要写死，也不要自己编一个。',
            )
        )
    if not isinstance(block.get("content"), str):
        content = block.get("content")
        problems.append(
            pick(
                f'For {case}, "content" is {content!r}; make it a string the model can read.',
                f'“{case}”："content" 是 {content!r}；改成模型读得懂的字符串。',
            )
        )
    return problems


def _error_problems(case: str, block: dict, failure: tuple[str, str]) -> list[str]:
    """The is_error flag of a result that reports a failure (what failed, in both languages)."""
    if "is_error" not in block:
        return [
            pick(
                f'For {case}, the result has no "is_error". Add is_error=True, or the model '
                f"takes the message for a successful result ({failure[0]}).",
                f'“{case}”：结果里没有 "is_error"。加上 is_error=True，'
                f"否则模型会把这条消息当成成功的结果（其实{failure[1]}）。",
            )
        ]
    if block["is_error"] is not True:
        flag = block["is_error"]
        return [
            pick(
                f"For {case}, is_error is {flag!r}; it must be the boolean True.",
                f"“{case}”：is_error 是 {flag!r}；必须是布尔值 True。",
            )
        ]
    return []


def _works(case: str, block: dict) -> list[str]:
    problems = []
    if block.get("is_error"):
        problems.append(
            pick(
                f"For {case}, the result is marked is_error; leave it out.",
                f"“{case}”：结果被标成了 is_error；去掉它。",
            )
        )
    if "6912" not in block["content"]:
        problems.append(
            pick(
                f"For {case}, content is {block['content']!r}; it should hold the function's "
                'return value as a string ("6912").',
                f"“{case}”：content 是 {block['content']!r}；它应该装着函数返回值的字符串"
                '（"6912"）。',
            )
        )
    return problems


def _names_the_tools(case: str, block: dict) -> list[str]:
    problems = _error_problems(case, block, ("the tool does not exist", "工具不存在"))
    if not all(name in block["content"] for name in FUNCTIONS):
        tools = ", ".join(FUNCTIONS)
        problems.append(
            pick(
                f"For {case}, content is {block['content']!r}. List the available tools "
                f"({tools}) so the model can pick one that exists.",
                f"“{case}”：content 是 {block['content']!r}。列出可用的工具（{tools}），"
                "让模型能换一个真实存在的。",
            )
        )
    return problems


def _says_what_went_wrong(case: str, block: dict) -> list[str]:
    problems = _error_problems(case, block, ("the tool raised", "工具抛了异常"))
    content = block["content"]
    if "ZeroDivisionError" not in content and "division by zero" not in content:
        problems.append(
            pick(
                f"For {case}, content is {content!r}. Say what went wrong, e.g. "
                'f"{type(error).__name__}: {error}", so the model can act on it.',
                f"“{case}”：content 是 {content!r}。说清出了什么错，比如 "
                'f"{type(error).__name__}: {error}"，模型才能据此换个做法。',
            )
        )
    return problems


# (the case, in English and Chinese), the call, what to say when safe_run raises (both
# languages), what a well-shaped result must also hold
CASES = (
    (
        ("a call that works (add 1234 + 5678)", "能正常执行的调用（add 1234 + 5678）"),
        WORKS,
        ("safe_run {raised}.", "safe_run {raised}。"),
        _works,
    ),
    (
        ("a call to an unknown tool (multiply)", "调用不存在的工具（multiply）"),
        UNKNOWN,
        (
            "safe_run {raised}. Look the name up with functions.get(...) and, when it is "
            "missing, return an is_error result instead of raising.",
            "safe_run {raised}。用 functions.get(...) 查找工具名，"
            "找不到时返回错误结果（is_error），而不是抛异常。",
        ),
        _names_the_tools,
    ),
    (
        ("a tool that raises (divide 1 by 0)", "会抛异常的工具（divide 1 / 0）"),
        RAISES,
        (
            "safe_run let the exception escape: it {raised}. Wrap the call in try/except "
            "Exception and return the error as an is_error result.",
            "safe_run 让异常漏了出去：它{raised}。失败也要上菜：用 try/except Exception "
            "包住调用，把异常作为错误结果（is_error）还回去。",
        ),
        _says_what_went_wrong,
    ),
)


def check_safe_run(safe_run) -> Verdict:
    """Check `safe_run(call, functions) -> tool_result block` on success, unknown tool, raising."""
    problems: list[str] = []
    for what, call, if_raised, content_problems in CASES:
        case = pick(*what)
        block, raised = attempt(safe_run, call, dict(FUNCTIONS))
        if raised:
            then = pick(*if_raised).format(raised=raised)
            problems.append(pick(f"For {case}, {then}", f"“{case}”：{then}"))
            continue
        found = _block_problems(case, call, block)
        problems += found or content_problems(case, block)
    return Verdict(EXERCISE, tuple(problems))


def _use(call_id: str, name: str, args: dict) -> dict:
    return {"type": "tool_use", "id": call_id, "name": name, "input": args}


def broken_history() -> list[dict]:
    """A two-question conversation whose second round breaks rule one (a fresh copy).

    Words, cities and forecasts in the edition's language (as in chapter 04); ids alike in both.
    """
    check = {"type": "text", "text": pick("Let me check that.", "我来查一下。")}
    pairs = list(zip(FORECASTS, FORECASTS_ZH, strict=True))  # ("Paris", "巴黎"), ...
    ids = [f"toolu_ex5_{en.lower()}" for en, _ in pairs]
    cities = [pick(en, zh) for en, zh in pairs]
    forecasts = [pick(f"{en}: {FORECASTS[en]}", f"{zh}今天{FORECASTS_ZH[zh]}") for en, zh in pairs]
    weather = [tool_result(i, text) for i, text in zip(ids, forecasts, strict=True)]
    said = pick("It is 20:41 on 8 July 2026.", "现在是 2026 年 7 月 8 日 20:41。")
    asked = pick(
        "What's the weather in Paris, Tokyo, Lima and Oslo?",
        "巴黎、东京、利马和奥斯陆的天气怎么样？",
    )
    return [
        {"role": "user", "content": pick("What time is it?", "现在几点了？")},
        {"role": "assistant", "content": [check, _use("toolu_ex5_clock", "get_current_time", {})]},
        {"role": "user", "content": [tool_result("toolu_ex5_clock", "2026-07-08 20:41:00")]},
        {"role": "assistant", "content": [{"type": "text", "text": said}]},
        {"role": "user", "content": asked},
        {
            "role": "assistant",
            "content": [dict(check)]
            + [_use(i, "get_weather", {"city": c}) for i, c in zip(ids, cities, strict=True)],
        },
        {
            "role": "user",
            "content": weather[:2]
            + [{"type": "text", "text": pick("Sorry for the wait!", "久等了！")}]
            + weather[2:],
        },
    ]


def named_message(messages: list[dict]) -> int | None:
    """The index of the message the API's 400 names, or None if the history is valid.

    Example: [user, assistant(tool_use A), user(text)] -> 1  ("messages.1: `tool_use` ids ...")
    """
    try:
        check_tool_protocol(messages)
    except Rejection as rejection:
        return int(re.match(r"messages\.(\d+)", rejection.message).group(1))
    return None


def check_offending_message(answer: object) -> Verdict:
    """Check the learner's index of the message the API would name for `broken_history()`."""
    history = broken_history()
    expected, last = named_message(history), len(history) - 1
    title = pick("05 · find the violation", "05 · 找出违规的消息")
    if isinstance(answer, bool) or not isinstance(answer, int):
        problem = pick(
            f"answer is {answer!r}; set it to a message index (an int), counting from 0 as "
            "show() numbers the messages.",
            f"answer 是 {answer!r}；把它设成消息的下标（一个 int），"
            "和 show() 给消息编号一样从 0 数起。",
        )
    elif not 0 <= answer < len(history):
        problem = pick(
            f"There is no message {answer}: the history has messages 0 to {last}.",
            f"没有消息 {answer}：这段对话历史的消息编号是 0 到 {last}。",
        )
    elif answer == expected:
        return Verdict(title)
    elif answer == expected + 1:
        problem = pick(
            f"Message {answer} is where the program went wrong, but the API's error names the "
            "assistant message whose call went unanswered: look one message earlier.",
            f"程序确实是在消息 {answer} 出的错，但 API 的报错点名的是调用没被回应的那条 "
            "assistant 消息：往前看一条。",
        )
    else:
        problem = pick(
            f"Message {answer} breaks no rule. Look for a tool_use that is not answered "
            "*immediately*: rule one allows nothing before the results in the next user message.",
            f"消息 {answer} 没有违反任何规则。找一个没有被*立刻*回应的 tool_use："
            "铁律一是欠单必还，下一条 user 消息里，结果前面不能有任何别的内容。",
        )
    return Verdict(title, (problem,))
