"""Chapter 04 exercise: answer every tool call of a reply, in one user message.

`check_answer_all(answer_all)` runs the learner's `answer_all(content, functions)` on replies with
zero, one and three calls (SDK blocks, as a reply holds them, and plain dicts, as a stored history
holds them), with functions that record how they were called. It names the mistake it finds: one
user message per result, a call left unanswered (the `content[-1]` or first-match habit), a result
whose id matches no call, a result that is not text, and a reply with no calls answered instead of
refused. That last one is the caller's mistake, so it raises ValueError, as `run_tool_calls` does:
a user message with no results is a request the API refuses.

Hints follow the edition's language. `SELF_CHECK` holds the chapter's three questions: where the
results go, which `tool_choice` every current model accepts, and what may run at the same time.

Not handled here: tools that fail and input that breaks the schema (chapter 05), running the calls
concurrently (`handagent.dispatch.run_tool_calls` does that).
"""

from anthropic.types import TextBlock, ToolUseBlock

from ..blocks import tool_uses
from ..language import pick
from . import Verdict, attempt
from .questions.ch04 import SELF_CHECK  # noqa: F401 - the chapter's self-check, read by selfcheck

EXERCISE = "04 · answer_all(content, functions)"  # code: the same in both editions
NOW = "2026-07-08 20:41:00"
# Phrases that end several sentences, (English, Chinese)
ONE_MESSAGE = (
    "put every tool_result in ONE user message: {'role': 'user', 'content': [...]}",
    "把所有 tool_result 放进同一条 user 消息：{'role': 'user', 'content': [...]}",
)
REFUSE = (
    "a reply without tool_use blocks has nothing to answer, and the loop should not have asked: "
    "check `if not calls:` first and raise ValueError with a sentence that says so, as "
    "run_tool_calls does",
    "没有 tool_use 块的回复无单可还，循环本就不该来问：先检查 `if not calls:`，"
    "然后像 run_tool_calls 那样抛出 ValueError，用一句话说明原因",
)
READ_BLOCKS = (
    "read the calls with tool_uses(content) from handagent.blocks: it gives every tool_use as a "
    "dict, whether the blocks are SDK objects (a reply) or dicts (a stored history)",
    "用 handagent.blocks 的 tool_uses(content) 读取调用：不管块是 SDK 对象（回复）"
    "还是 dict（存下来的对话历史），它都把每个 tool_use 作为 dict 返回",
)


def _use(id: str, name: str, **arguments: int) -> dict:
    return {"type": "tool_use", "id": id, "name": name, "input": arguments}


# (label in English, in Chinese) -> the reply content answer_all is given
PROBES = {
    ("a reply with no calls", "没有调用的回复"): [
        TextBlock(type="text", text="6912, no tool needed.")
    ],
    ("a stored reply with 1 call (dicts)", "存下来的回复，1 个调用（dict）"): [
        {"type": "text", "text": "Let me add those."},
        _use("toolu_one", "add", a=2, b=3),
    ],
    ("a reply with 3 calls (SDK blocks)", "有 3 个调用的回复（SDK 对象）"): [
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
                pick(
                    f"returned a list of {len(value)} user message(s), one per result; "
                    f"{ONE_MESSAGE[0]} (histories with the results split apart teach a model to "
                    "stop asking for tools in parallel).",
                    f"返回了 {len(value)} 条 user 消息组成的列表，每个结果一条；{ONE_MESSAGE[1]}"
                    "（结果被拆开的对话历史，会教会模型不再并行调用工具）。",
                )
            ]
        if value and all(isinstance(v, dict) and v.get("type") == "tool_result" for v in value):
            return [
                pick(
                    f"returned a bare list of tool_result blocks; {ONE_MESSAGE[0]}.",
                    f"返回的是光秃秃的 tool_result 块列表；{ONE_MESSAGE[1]}。",
                )
            ]
    if not isinstance(value, dict):
        return [
            pick(
                f"returned {value!r}; return one message, a dict: {{'role': 'user', ...}}.",
                f"返回了 {value!r}；应该返回一条消息，即一个 dict：{{'role': 'user', ...}}。",
            )
        ]
    if value.get("role") != "user":
        role = value.get("role")
        return [
            pick(
                f"the message's role is {role!r}; tool results go back in a message with "
                "role 'user' (a 'tool' role is OpenAI's format, not Anthropic's).",
                f"消息的 role 是 {role!r}；工具结果要放在 role 为 'user' 的消息里发回"
                "（'tool' 角色是 OpenAI 的格式，不是 Anthropic 的）。",
            )
        ]
    if not isinstance(value.get("content"), list):
        return [
            pick(
                "the message's 'content' must be a list of tool_result blocks.",
                "消息的 'content' 必须是 tool_result 块的列表。",
            )
        ]
    return []


def _result_problems(results: list, calls: list[dict]) -> list[str]:
    """What is wrong with the tool_result blocks, compared with the calls they answer."""
    problems = []
    by_id = {call["id"]: call for call in calls}
    answered = []
    for block in results:
        if not (isinstance(block, dict) and block.get("type") == "tool_result"):
            problems.append(
                pick(
                    f"{block!r} is not a tool_result block; use tool_result(id, content).",
                    f"{block!r} 不是 tool_result 块；用 tool_result(id, content) 来生成。",
                )
            )
            continue
        call = by_id.get(block.get("tool_use_id"))
        if call is None:
            given = block.get("tool_use_id")
            problems.append(
                pick(
                    f"a result has tool_use_id {given!r}, which matches no call; "
                    "copy the id of the call it answers: tool_result(call['id'], ...).",
                    f"有个结果的 tool_use_id 是 {given!r}，对不上任何调用；"
                    "复制它所回应的那个调用的 id：tool_result(call['id'], ...)。",
                )
            )
            continue
        answered.append(call["id"])
        content, expected = block.get("content"), _expected_output(call)
        if not isinstance(content, str | list):
            problems.append(
                pick(
                    f"the result for {call['id']} has content {content!r}; the API takes text, "
                    "so convert the function's value: str(value).",
                    f"{call['id']} 的结果 content 是 {content!r}；API 只收文本，"
                    "把函数的返回值转一下：str(value)。",
                )
            )
        elif isinstance(content, str) and expected not in content:
            what = f"{call['name']} {call['input']}"
            problems.append(
                pick(
                    f"the result for {call['id']} ({what}) is {content!r}; "
                    f"expected the function's output {expected!r}: functions[name](**input).",
                    f"{call['id']}（{what}）的结果是 {content!r}；"
                    f"应该是函数的输出 {expected!r}：functions[name](**input)。",
                )
            )
    for call_id in sorted({i for i in answered if answered.count(i) > 1}):
        problems.append(
            pick(
                f"{call_id} is answered more than once; give each call one result.",
                f"{call_id} 被回答了不止一次；每个调用只给一个结果。",
            )
        )
    problems += _missing_problems(calls, answered)
    return problems


def _missing_problems(calls: list[dict], answered: list[str]) -> list[str]:
    """The calls left without a result, named by the habit that most likely left them."""
    missing = [call["id"] for call in calls if call["id"] not in answered]
    if missing and len(answered) == 1 and len(calls) > 1:
        habit = {
            calls[-1]["id"]: ("the last (content[-1])", "最后一个（content[-1]）"),
            calls[0]["id"]: ("the first (find)", "第一个（find）"),
        }
        which = habit.get(answered[0], ("one", "一个"))
        return [
            pick(
                f"only {which[0]} of {len(calls)} calls is answered; {missing} have no result and "
                "the API refuses the next request with a 400. Loop over every call: "
                "for call in tool_uses(content).",
                f"{len(calls)} 个调用里只回答了{which[1]}；{missing} 没有结果，"
                "下一次请求会被 API 以 400 打回。遍历每个调用：for call in tool_uses(content)。",
            )
        ]
    if missing:
        return [
            pick(
                f"the calls {missing} have no result; answer every tool_use in content.",
                f"调用 {missing} 没有结果；content 里的每个 tool_use 都要回答。",
            )
        ]
    return []


def _no_call_problems(answer_all, content: list) -> list[str]:
    """A reply with no calls must be refused with ValueError, not answered."""
    try:
        value = answer_all(content, _recording_functions([]))
    except ValueError:
        return []
    except Exception as error:  # the learner's exception is a finding, not a crash
        raised = f"{type(error).__name__}: {error}"
        return [pick(f"raised {raised}; {REFUSE[0]}.", f"抛出了 {raised}；{REFUSE[1]}。")]
    if isinstance(value, dict) and value.get("content") in ([], ""):
        return [
            pick(
                "returned a user message with no results, which the API refuses (all messages "
                f"must have non-empty content); {REFUSE[0]}.",
                "返回了一条没有结果的 user 消息，API 会拒绝它（all messages must have "
                f"non-empty content）；{REFUSE[1]}。",
            )
        ]
    return [pick(f"returned {value!r}; {REFUSE[0]}.", f"返回了 {value!r}；{REFUSE[1]}。")]


def _probe_problems(answer_all, content: list) -> list[str]:
    log: list = []
    calls = tool_uses(content)
    if not calls:
        return _no_call_problems(answer_all, content)
    value, error = attempt(answer_all, content, _recording_functions(log))
    if error:
        return [pick(f"{error}; {READ_BLOCKS[0]}.", f"{error}；{READ_BLOCKS[1]}。")]
    problems = _shape_problems(value) or _result_problems(value["content"], calls)
    ran = sorted((name, sorted(args.items())) for name, args in log)
    wanted = sorted((call["name"], sorted(call["input"].items())) for call in calls)
    if not problems and ran != wanted:
        problems.append(
            pick(
                f"the functions ran {len(log)} time(s) for {len(calls)} call(s); run each call "
                "once, with its input as keyword arguments.",
                f"{len(calls)} 个调用，函数却执行了 {len(log)} 次；每个调用只执行一次，"
                "把它的 input 作为关键字参数传入。",
            )
        )
    return problems


def check_answer_all(answer_all) -> Verdict:
    """Check `answer_all(content, functions) -> {"role": "user", "content": [tool_result, ...]}`.

    A reply with no calls must raise ValueError, as run_tool_calls does.
    """
    problems = [
        pick(f"{label[0]}: {problem}", f"{label[1]}：{problem}")
        for label, content in PROBES.items()
        for problem in _probe_problems(answer_all, content)
    ]
    return Verdict(EXERCISE, tuple(problems))
