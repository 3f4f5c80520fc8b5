"""Chapter 05 exercises: a tool runner that never raises, and a broken history to diagnose.

`check_safe_run` tries a learner's `safe_run(call, functions)` on three calls: one that works,
one naming a tool that does not exist, one whose function raises. `check_offending_message`
compares the learner's index with the message `check_tool_protocol` names for `broken_history()`.

Not handled here: schema validation and timeouts (`run_tool_calls` does those in the package).
"""

import re

from ..checks import Rejection, check_tool_protocol
from ..dispatch import tool_result
from ..examples import FORECASTS, add
from . import Verdict, attempt


def _divide(a, b):
    return a / b


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
            f"For {case}, safe_run returned {block!r}, not a dict. Return a tool_result block: "
            'tool_result(call["id"], content, is_error=...).'
        ]
    problems = []
    if block.get("type") != "tool_result":
        kind = block.get("type")
        problems.append(f'For {case}, the block\'s "type" is {kind!r}; it must be "tool_result".')
    if "tool_use_id" not in block:
        problems.append(
            f'For {case}, the block has no "tool_use_id". Copy the call\'s id into it '
            f"({call['id']!r} here): it is how the API pairs the result with its call."
        )
    elif block["tool_use_id"] != call["id"]:
        problems.append(
            f"For {case}, tool_use_id is {block['tool_use_id']!r} but the call's id is "
            f'{call["id"]!r}. Use call["id"], not a fixed or made-up id.'
        )
    if not isinstance(block.get("content"), str):
        problems.append(
            f'For {case}, "content" is {block.get("content")!r}; make it a string the model '
            "can read."
        )
    return problems


def _error_problems(case: str, block: dict, is_error_for: str) -> list[str]:
    """The is_error flag of a result that reports a failure."""
    if "is_error" not in block:
        return [
            f'For {case}, the result has no "is_error". Add is_error=True, or the model takes '
            f"the message for a successful result ({is_error_for})."
        ]
    if block["is_error"] is not True:
        return [f"For {case}, is_error is {block['is_error']!r}; it must be the boolean True."]
    return []


def _works(case: str, block: dict) -> list[str]:
    problems = []
    if block.get("is_error"):
        problems.append(f"For {case}, the result is marked is_error; leave it out.")
    if "6912" not in block["content"]:
        problems.append(
            f"For {case}, content is {block['content']!r}; it should hold the function's "
            'return value as a string ("6912").'
        )
    return problems


def _names_the_tools(case: str, block: dict) -> list[str]:
    problems = _error_problems(case, block, "the tool does not exist")
    if not all(name in block["content"] for name in FUNCTIONS):
        problems.append(
            f"For {case}, content is {block['content']!r}. List the available tools "
            f"({', '.join(FUNCTIONS)}) so the model can pick one that exists."
        )
    return problems


def _says_what_went_wrong(case: str, block: dict) -> list[str]:
    problems = _error_problems(case, block, "the tool raised")
    content = block["content"]
    if "ZeroDivisionError" not in content and "division by zero" not in content:
        problems.append(
            f"For {case}, content is {content!r}. Say what went wrong, e.g. "
            'f"{type(error).__name__}: {error}", so the model can act on it.'
        )
    return problems


# case, the call, what to say when safe_run raises, what a well-shaped result must also hold
CASES = (
    ("a call that works (add 1234 + 5678)", WORKS, "safe_run {raised}.", _works),
    (
        "a call to an unknown tool (multiply)",
        UNKNOWN,
        "safe_run {raised}. Look the name up with functions.get(...) and, when it is missing, "
        "return an is_error result instead of raising.",
        _names_the_tools,
    ),
    (
        "a tool that raises (divide 1 by 0)",
        RAISES,
        "safe_run let the exception escape: it {raised}. Wrap the call in try/except Exception "
        "and return the error as an is_error result.",
        _says_what_went_wrong,
    ),
)


def check_safe_run(safe_run) -> Verdict:
    """Check `safe_run(call, functions) -> tool_result block` on success, unknown tool, raising."""
    problems: list[str] = []
    for case, call, if_raised, content_problems in CASES:
        block, raised = attempt(safe_run, call, dict(FUNCTIONS))
        if raised:
            problems.append(f"For {case}, " + if_raised.format(raised=raised))
            continue
        found = _block_problems(case, call, block)
        problems += found or content_problems(case, block)
    return Verdict("safe_run", tuple(problems))


def _use(call_id: str, name: str, args: dict) -> dict:
    return {"type": "tool_use", "id": call_id, "name": name, "input": args}


def broken_history() -> list[dict]:
    """A two-question conversation whose second round breaks rule one (a fresh copy)."""
    check = {"type": "text", "text": "Let me check that."}
    cities = ["Paris", "Tokyo", "Lima", "Oslo"]
    weather = [
        tool_result(f"toolu_ex5_{city.lower()}", f"{city}: {FORECASTS[city]}") for city in cities
    ]
    return [
        {"role": "user", "content": "What time is it?"},
        {"role": "assistant", "content": [check, _use("toolu_ex5_clock", "get_current_time", {})]},
        {"role": "user", "content": [tool_result("toolu_ex5_clock", "2026-07-08 20:41:00")]},
        {"role": "assistant", "content": [{"type": "text", "text": "It is 20:41 on 8 July 2026."}]},
        {"role": "user", "content": "What's the weather in Paris, Tokyo, Lima and Oslo?"},
        {
            "role": "assistant",
            "content": [dict(check)]
            + [_use(f"toolu_ex5_{c.lower()}", "get_weather", {"city": c}) for c in cities],
        },
        {
            "role": "user",
            "content": weather[:2]
            + [{"type": "text", "text": "Sorry for the wait!"}]
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
    expected = named_message(history)
    if isinstance(answer, bool) or not isinstance(answer, int):
        problem = (
            f"answer is {answer!r}; set it to a message index (an int), counting from 0 as "
            "show() numbers the messages."
        )
    elif not 0 <= answer < len(history):
        problem = f"There is no message {answer}: the history has messages 0 to {len(history) - 1}."
    elif answer == expected:
        return Verdict("find the violation")
    elif answer == expected + 1:
        problem = (
            f"Message {answer} is where the program went wrong, but the API's error names the "
            "assistant message whose call went unanswered: look one message earlier."
        )
    else:
        problem = (
            f"Message {answer} breaks no rule. Look for a tool_use that is not answered "
            "*immediately*: rule one allows nothing before the results in the next user message."
        )
    return Verdict("find the violation", (problem,))
