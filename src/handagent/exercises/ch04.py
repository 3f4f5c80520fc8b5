"""Chapter 04 exercise: answer every tool call of a reply, in one user message.

`check_answer_all(answer_all)` runs the learner's `answer_all(content, functions)` on replies with
zero, one and three calls (SDK blocks, as a reply holds them, and plain dicts, as a stored history
holds them), with functions that record how they were called. It names the mistake it finds: one
user message per result, a call left unanswered (the `content[-1]` or first-match habit), a result
whose id matches no call, a result that is not text, and a reply with no calls answered instead of
refused. That last one is the caller's mistake, so it raises ValueError, as `run_tool_calls` does:
a user message with no results is a request the API refuses.

Not handled here: tools that fail and input that breaks the schema (chapter 05), running the calls
concurrently (`handagent.dispatch.run_tool_calls` does that).
"""

from anthropic.types import TextBlock, ToolUseBlock

from ..blocks import tool_uses
from . import Verdict, attempt

NOW = "2026-07-08 20:41:00"
ONE_MESSAGE = "put every tool_result in ONE user message: {'role': 'user', 'content': [...]}"
NO_CALLS = "a reply with no calls"
REFUSE = (
    "a reply without tool_use blocks has nothing to answer, and the loop should not have asked: "
    "check `if not calls:` first and raise ValueError with a sentence that says so, as "
    "run_tool_calls does"
)
READ_BLOCKS = (
    "read the calls with tool_uses(content) from handagent.blocks: it gives every tool_use as a "
    "dict, whether the blocks are SDK objects (a reply) or dicts (a stored history)"
)


def _use(id: str, name: str, **arguments: int) -> dict:
    return {"type": "tool_use", "id": id, "name": name, "input": arguments}


# label -> the reply content answer_all is given
PROBES = {
    NO_CALLS: [TextBlock(type="text", text="6912, no tool needed.")],
    "a stored reply with 1 call (dicts)": [
        {"type": "text", "text": "Let me add those."},
        _use("toolu_one", "add", a=2, b=3),
    ],
    "a reply with 3 calls (SDK blocks)": [
        TextBlock(type="text", text="Let me check that."),
        ToolUseBlock(**_use("toolu_first", "add", a=1234, b=5678)),
        ToolUseBlock(**_use("toolu_middle", "get_current_time")),
        ToolUseBlock(**_use("toolu_last", "add", a=1, b=2)),
    ],
}


def _recording_functions(log: list) -> dict:
    """The tools' functions, each noting its call in `log`."""

    def add(a, b):
        log.append(("add", {"a": a, "b": b}))
        return a + b

    def get_current_time():
        log.append(("get_current_time", {}))
        return NOW

    return {"add": add, "get_current_time": get_current_time}


def _expected_output(call: dict) -> str:
    if call["name"] == "add":
        return str(call["input"]["a"] + call["input"]["b"])
    return NOW


def _shape_problems(value: object) -> list[str]:
    """What is wrong with the returned value as a message, before its results are read."""
    if isinstance(value, list):
        if value and all(isinstance(v, dict) and "role" in v for v in value):
            return [
                f"returned a list of {len(value)} user message(s), one per result; {ONE_MESSAGE} "
                "(histories with the results split apart teach a model to stop asking for tools "
                "in parallel)."
            ]
        if value and all(isinstance(v, dict) and v.get("type") == "tool_result" for v in value):
            return [f"returned a bare list of tool_result blocks; {ONE_MESSAGE}."]
    if not isinstance(value, dict):
        return [f"returned {value!r}; return one message, a dict: {{'role': 'user', ...}}."]
    if value.get("role") != "user":
        return [
            f"the message's role is {value.get('role')!r}; tool results go back in a message with "
            "role 'user' (a 'tool' role is OpenAI's format, not Anthropic's)."
        ]
    if not isinstance(value.get("content"), list):
        return ["the message's 'content' must be a list of tool_result blocks."]
    return []


def _result_problems(results: list, calls: list[dict]) -> list[str]:
    """What is wrong with the tool_result blocks, compared with the calls they answer."""
    problems = []
    by_id = {call["id"]: call for call in calls}
    answered = []
    for block in results:
        if not (isinstance(block, dict) and block.get("type") == "tool_result"):
            problems.append(f"{block!r} is not a tool_result block; use tool_result(id, content).")
            continue
        call = by_id.get(block.get("tool_use_id"))
        if call is None:
            problems.append(
                f"a result has tool_use_id {block.get('tool_use_id')!r}, which matches no call; "
                "copy the id of the call it answers: tool_result(call['id'], ...)."
            )
            continue
        answered.append(call["id"])
        content, expected = block.get("content"), _expected_output(call)
        if not isinstance(content, str | list):
            problems.append(
                f"the result for {call['id']} has content {content!r}; the API takes text, so "
                "convert the function's value: str(value)."
            )
        elif isinstance(content, str) and expected not in content:
            problems.append(
                f"the result for {call['id']} ({call['name']} {call['input']}) is {content!r}; "
                f"expected the function's output {expected!r}: functions[name](**input)."
            )
    for call_id in sorted({i for i in answered if answered.count(i) > 1}):
        problems.append(f"{call_id} is answered more than once; give each call one result.")
    missing = [call["id"] for call in calls if call["id"] not in answered]
    if missing and len(answered) == 1 and len(calls) > 1:
        habit = {calls[-1]["id"]: "the last (content[-1])", calls[0]["id"]: "the first (find)"}
        which = habit.get(answered[0], "one")
        problems.append(
            f"only {which} of {len(calls)} calls is answered; {missing} have no result and the "
            "API refuses the next request with a 400. Loop over every call: "
            "for call in tool_uses(content)."
        )
    elif missing:
        problems.append(f"the calls {missing} have no result; answer every tool_use in content.")
    return problems


def _no_call_problems(answer_all, content: list) -> list[str]:
    """A reply with no calls must be refused with ValueError, not answered."""
    try:
        value = answer_all(content, _recording_functions([]))
    except ValueError:
        return []
    except Exception as error:  # the learner's exception is a finding, not a crash
        return [f"raised {type(error).__name__}: {error}; {REFUSE}."]
    if isinstance(value, dict) and value.get("content") in ([], ""):
        return [
            "returned a user message with no results, which the API refuses (all messages must "
            f"have non-empty content); {REFUSE}."
        ]
    return [f"returned {value!r}; {REFUSE}."]


def _probe_problems(answer_all, content: list) -> list[str]:
    log: list = []
    calls = tool_uses(content)
    if not calls:
        return _no_call_problems(answer_all, content)
    value, error = attempt(answer_all, content, _recording_functions(log))
    if error:
        return [f"{error}; {READ_BLOCKS}."]
    problems = _shape_problems(value) or _result_problems(value["content"], calls)
    ran = sorted((name, sorted(args.items())) for name, args in log)
    wanted = sorted((call["name"], sorted(call["input"].items())) for call in calls)
    if not problems and ran != wanted:
        problems.append(
            f"the functions ran {len(log)} time(s) for {len(calls)} call(s); run each call once, "
            "with its input as keyword arguments."
        )
    return problems


def check_answer_all(answer_all) -> Verdict:
    """Check `answer_all(content, functions) -> {"role": "user", "content": [tool_result, ...]}`.

    A reply with no calls must raise ValueError, as run_tool_calls does.
    """
    problems = [
        f"{label}: {problem}"
        for label, content in PROBES.items()
        for problem in _probe_problems(answer_all, content)
    ]
    return Verdict("answer_all", tuple(problems))
