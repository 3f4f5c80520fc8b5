"""Chapter 08 exercise: the read-only protocol checkpoint, checked on a fixed transcript.

The learner hands in the checkpoint's pieces: `stop_reasons` (the eight values: the source
text's five and today's "pause" and "refusal", or the `StopReason` Literal), `read_file_tool`
(a menu entry), `extract_calls(message)` (every tool call of an assistant message) and
`answer_calls(message, files)` (one tool result per call, reading from `files`, a dict of
path -> text). `check_checkpoint` runs them on `fixed_transcript()` and
checks the two acceptance criteria: a call missing `path` gets an error result in the next
request instead of a crash, and every call of an "aborted" message gets a result. Ids must come
back exactly as sent, a long one with `|` included.

Messages are the package's (`runtime.protocol`). A result may be a `ToolResultMessage`, or a
dict or object with a call id (`tool_call_id`, `toolCallId` or `tool_use_id`), `is_error` (or
`isError`) and `content` (a string, or text blocks).

Hints follow the edition's language, `handagent.language`; a description is measured by
`wording`, so one written in Chinese is judged as an English one is.

Not handled here: a real workspace and its refusals (`runtime.workspace` does that).
"""

import re
import typing

from ..api.checks import Rejection, check_tool_protocol
from ..api.schemas import jsonschema  # imported light: api.schemas says how
from ..language import pick
from ..runtime.adapters import to_anthropic
from ..runtime.protocol import (
    AssistantMessage,
    TextBlock,
    ToolCall,
    ToolResultMessage,
    Usage,
    user_text,
)
from . import Verdict, attempt, wording
from .ch01 import MIN_DESCRIPTION  # the same floor as chapter 01's menu entry
from .ch07 import LONG
from .questions.ch08 import SELF_CHECK  # noqa: F401 - the chapter's self-check, read by selfcheck

EXERCISE = ("08 · read-only checkpoint", "08 · 只读检查点")
SEED_REASONS = ("stop", "tool_use", "length", "error", "aborted")  # the source text's five
TODAYS = ("window", "pause", "refusal")  # what today's Messages API adds (chapter 06)
STOP_REASONS = SEED_REASONS + TODAYS
SOURCE = "export function divide(a: number, b: number) { return a / b; }\n"
FILES = {"src/math.ts": SOURCE}
T0 = 1_767_225_600.0  # 2026-01-01 UTC: the transcript is fixed, timestamps included
# An id as some runtimes store it (chapter 07's join of two OpenAI ids): it comes back unchanged.
LONG_ID = LONG
GOOD = ToolCall(LONG_ID, "read_file", {"path": "src/math.ts"})
# (call, what is wrong with it, in English and Chinese): each must get an is_error result, not
# a crash
BAD = (
    (ToolCall("toolu_08_no_path", "read_file", {}), ("a call missing path", "缺少 path 的调用")),
    (
        ToolCall("toolu_08_number", "read_file", {"path": 42}),
        ("path given as a number", "path 给成了数字的调用"),
    ),
    (
        ToolCall("toolu_08_extra", "read_file", {"path": "a.ts", "mode": "rb"}),
        ("an extra property", "多了一个属性的调用"),
    ),
    (
        ToolCall("toolu_08_broken", "read_file", None, '{"path": "src/ma'),
        ("invalid JSON arguments", "参数不是合法 JSON 的调用"),
    ),
    (
        ToolCall("toolu_08_missing", "read_file", {"path": "src/nope.ts"}),
        ("a file that is not there", "要读的文件不存在的调用"),
    ),
)
MISSING_PATH = BAD[0][0]
ABORTED = (  # a turn the user stopped: the second call's arguments never finished
    ToolCall("toolu_08_abort_a", "read_file", {"path": "src/math.ts"}),
    ToolCall("toolu_08_abort_b", "read_file", None, '{"path": "src/'),
)


def _assistant(content: tuple, stop_reason: str, seconds: float) -> AssistantMessage:
    return AssistantMessage(
        content=content,
        stop_reason=stop_reason,
        model="mock-transcript",
        provider="mock",
        usage=Usage(100, 20),
        timestamp=T0 + seconds,
    )


def fixed_transcript() -> list[AssistantMessage]:
    """The assistant messages the checker feeds to the learner's functions, in order."""
    bad = [call for call, _ in BAD]
    return [
        _assistant((TextBlock("I'll read the file first."), GOOD), "tool_use", 1),
        _assistant((TextBlock("Odd calls:"), *bad[:2], TextBlock("and"), *bad[2:]), "tool_use", 3),
        _assistant((TextBlock("Reading both files"), *ABORTED), "aborted", 5),
        _assistant((TextBlock("Done."),), "stop", 7),
    ]


def _stop_reason_problems(stop_reasons: object) -> list[str]:
    values = typing.get_args(stop_reasons) or stop_reasons  # the StopReason Literal, or a list
    if isinstance(values, str) or not isinstance(values, list | tuple | set | frozenset):
        return [
            pick(
                f"stop_reasons is {stop_reasons!r}; give the eight values as a list of strings.",
                f"stop_reasons 是 {stop_reasons!r}；请把八个取值写成字符串列表。",
            )
        ]
    snake = {re.sub(r"(?<=[a-z])([A-Z])", r"_\1", v).lower() for v in values if isinstance(v, str)}
    problems = []
    if missing := [reason for reason in SEED_REASONS if reason not in snake]:
        names = ", ".join(missing)
        problems.append(
            pick(
                f"stop_reasons lacks {names}. A turn can also end cut off (length), failed "
                "(error) or stopped by the user (aborted): the protocol needs a value for each.",
                f"stop_reasons 缺了 {names}。一轮还可能被截断（length）、失败（error）或被用户"
                "中止（aborted）：协议里每种情况都要有一个取值。",
            )
        )
    if missing := [reason for reason in TODAYS if reason not in snake]:
        names = ", ".join(missing)
        problems.append(
            pick(
                f"stop_reasons lacks {names}. Today's API also says when the context window ran "
                "out (window: not max_tokens), can pause a turn of its own (pause: send it back "
                "and continue) and decline (refusal: not an error).",
                f"stop_reasons 缺了 {names}。今天的 API 还会说明上下文窗口用完了（window：不是 "
                "max_tokens），会自己暂停一轮（pause：原样发回去接着来），也会拒绝"
                "（refusal：不是错误）。",
            )
        )
    if extra := sorted(snake - set(STOP_REASONS)):
        names = ", ".join(extra)
        problems.append(
            pick(
                f"stop_reasons has {names}, which is not one of the eight.",
                f"stop_reasons 里的 {names} 不在这八个取值之中。",
            )
        )
    return problems


def _description_problems(description: str) -> list[str]:
    problems = []
    least = wording.in_chinese(MIN_DESCRIPTION)
    if wording.weight(description) < MIN_DESCRIPTION:
        problems.append(
            pick(
                "The description is too short to tell the model when to use the tool and what "
                f"it returns (use at least {MIN_DESCRIPTION} characters, or {least} Chinese "
                "ones), e.g. 'Read a UTF-8 text file under the current workspace. Use this "
                "before editing a file you have not inspected.'",
                f"描述太短，说不清什么时候该用这个工具、它返回什么（中文至少 {least} 个字，"
                f"英文至少 {MIN_DESCRIPTION} 个字符），比如“读取当前工作区里的一个 UTF-8 文本文件。"
                "编辑一个还没看过的文件之前，先用它读一遍。”",
            )
        )
    if not wording.says_when(description):
        problems.append(
            pick(
                "The description does not say when to use the tool: add a sentence such as "
                "'Use this before editing a file you have not inspected.'",
                "描述没说什么时候该用这个工具：补一句，比如“需要查看文件内容时使用。”",
            )
        )
    return problems


def _tool_problems(tool: object) -> list[str]:
    if not isinstance(tool, dict) or tool.get("name") != "read_file":
        return [
            pick(
                f'read_file_tool is {tool!r}; make it a dict with "name": "read_file".',
                f'read_file_tool 是 {tool!r}；它应该是一个带 "name": "read_file" 的 dict。',
            )
        ]
    problems = _description_problems(str(tool.get("description", "")))
    schema = tool.get("input_schema")
    if not isinstance(schema, dict):
        hint = ""
        if "parameters" in tool:
            hint = pick(
                " (the Messages API calls it input_schema, not parameters)",
                "（Messages API 里它叫 input_schema，不叫 parameters）",
            )
        return problems + [
            pick(
                f"read_file_tool has no input_schema dict{hint}.",
                f"read_file_tool 里没有 input_schema 这个 dict{hint}。",
            )
        ]
    try:
        jsonschema.Draft202012Validator.check_schema(schema)
    except jsonschema.SchemaError as error:
        return problems + [
            pick(
                f"input_schema is not a valid JSON Schema: {error.message}.",
                f"input_schema 不是合法的 JSON Schema：{error.message}。",
            )
        ]
    validator = jsonschema.Draft202012Validator(schema)
    for data, fix in [
        ({}, ('"required": ["path"]', '"required": ["path"]')),
        ({"path": 42}, ('"type": "string" to path', '给 path 加上 "type": "string"')),
        ({"path": "a.ts", "mode": "rb"}, ('"additionalProperties": false',) * 2),
    ]:
        if validator.is_valid(data):
            problems.append(
                pick(
                    f"input_schema accepts {data}; add {fix[0]}.",
                    f"input_schema 接受了 {data}；{'' if fix[1].startswith('给') else '加上 '}"
                    f"{fix[1]}。",
                )
            )
    if not validator.is_valid({"path": "src/math.ts"}):
        problems.append(
            pick(
                'input_schema refuses {"path": "src/math.ts"}, the call it exists for.',
                'input_schema 拒绝了 {"path": "src/math.ts"}，而这正是它要接受的调用。',
            )
        )
    return problems


def _extract_problems(extract_calls) -> list[str]:
    for message in fixed_transcript():
        wanted = [block.id for block in message.content if isinstance(block, ToolCall)]
        got, raised = attempt(extract_calls, message)
        if raised:
            return [
                pick(
                    f"extract_calls {raised} on a {message.stop_reason!r} message; never raise.",
                    f"extract_calls 在一条 {message.stop_reason!r} 消息上{raised}；不要抛异常。",
                )
            ]
        ids = [_field(item, "id") for item in got] if isinstance(got, list | tuple) else got
        if ids != wanted:
            return [
                pick(
                    f"extract_calls gave {ids!r} for a message whose calls have ids {wanted!r}: "
                    "loop over every block of content and keep each ToolCall, in order.",
                    f"extract_calls 给出的是 {ids!r}，而这条消息里调用的 id 是 {wanted!r}："
                    "遍历 content 的每一块，把每个 ToolCall 按顺序留下。",
                )
            ]
    return []


def _field(item: object, *names: str) -> object:
    for name in names:
        value = item.get(name) if isinstance(item, dict) else getattr(item, name, None)
        if value is not None:
            return value
    return None


def _read_result(result: object) -> tuple[str, bool, str] | None:
    """(call id, is_error, text) of a result in any reasonable shape, or None.

    Example: {"tool_use_id": "t1", "content": [{"type": "text", "text": "hi"}]} -> ("t1", False,
    "hi")
    """
    call_id = _field(result, "tool_call_id", "toolCallId", "tool_use_id")
    content = _field(result, "content")
    if isinstance(content, list | tuple):
        content = "".join(str(_field(block, "text") or "") for block in content)
    if not isinstance(call_id, str) or not isinstance(content, str):
        return None
    return call_id, _field(result, "is_error", "isError") is True, content


def _crash_hint(raised: str) -> str:
    """How to fix the exception a learner's answer_calls raised."""
    if "NoneType" in raised:
        return pick(
            "call.arguments is None when the model's JSON did not parse (raw_arguments keeps "
            "the text): answer that call with an is_error result.",
            "模型的 JSON 解析不了时，call.arguments 是 None（原文留在 raw_arguments 里）："
            "用一个 is_error 结果回应这个调用。",
        )
    if "'TextBlock'" in raised:
        return pick(
            "A text block is not a call: answer only the ToolCall blocks (there may be none).",
            "文本块不是调用：只回应 ToolCall 块（也可能一个都没有）。",
        )
    if "KeyError: 'src/" in raised:
        return pick(
            "The model may name a file that is not there: answer with an is_error result.",
            "模型可能会点名一个不存在的文件：用 is_error 结果回应。",
        )
    return pick(
        "The model's arguments are untrusted: check they are exactly {path: string} before "
        "using them, and answer a bad call with an is_error result instead of raising.",
        "模型给的参数不可信：用之前先检查它是不是恰好为 {path: string}；不合格的调用用 is_error "
        "结果回应，不要抛异常。",
    )


def _result_problem(call: ToolCall, what: str, aborted: bool, read: tuple) -> str | None:
    """What is wrong with the result for one call, or None."""
    call_id, is_error, text = read
    if call_id != call.id:
        return pick(
            f"The result for {what} quotes tool_call_id {call_id[:60]!r}, but the call's id is "
            f"{call.id[:60]!r}: copy call.id exactly (ids are opaque keys; only an adapter "
            "rewrites them, per request, on a copy).",
            f"{what}，结果引用的 tool_call_id 是 {call_id[:60]!r}，可调用的 id 是 "
            f"{call.id[:60]!r}：原样复制 call.id（id 是不透明的键，只有适配器会在每次请求时、"
            "在副本上改写它）。",
        )
    if aborted and (not is_error or SOURCE.strip() in text):
        return pick(
            f"The result for {what} must not run the call: the user stopped the turn. "
            "Answer it with is_error=True and a text such as 'aborted: not run'.",
            f"{what}，结果不能真的去执行它：这一轮被用户中止了。用 is_error=True 和"
            " 'aborted: not run' 这样的文字回应。",
        )
    if call is GOOD and (is_error or SOURCE.strip() not in text):
        return pick(
            f"The result for {what} should hold the file's text; got {text[:80]!r}.",
            f"{what}，结果应该是文件的内容；收到的却是 {text[:80]!r}。",
        )
    if call is not GOOD and not is_error:
        return pick(
            f"The result for {what} has is_error False; mark it True so the model knows.",
            f"{what}，结果的 is_error 是 False；把它标成 True，模型才知道这次失败了。",
        )
    if call is MISSING_PATH and "path" not in text.lower():
        return pick(
            f"The result for {what} says {text!r}; name the problem ('path is required').",
            f"{what}，结果写的是 {text!r}；要点明问题（'path is required'）。",
        )
    return None


def _answer_problems(message: AssistantMessage, answer_calls) -> list[str]:
    """Problems with the results `answer_calls` gives for one message of the transcript."""
    calls = [block for block in message.content if isinstance(block, ToolCall)]
    aborted = message.stop_reason == "aborted"
    where = pick(
        f"For the {message.stop_reason!r} message with {len(calls)} call(s), answer_calls ",
        f"对于有 {len(calls)} 个调用的 {message.stop_reason!r} 消息，answer_calls ",
    )
    results, raised = attempt(answer_calls, message, dict(FILES))
    if raised:
        note = pick(
            " This turn was aborted: answer each call without running it.",
            "这一轮被中止了：每个调用都要回应，但不要执行。",
        )
        said = pick(f"{raised}. ", f"{raised}。")
        return [where + said + _crash_hint(raised) + note * aborted]
    if not isinstance(results, list | tuple) or len(results) != len(calls):
        if isinstance(results, list | tuple):
            got = pick(f"{len(results)} result(s)", f"{len(results)} 个结果")
        else:
            got = repr(results)
        why = pick(
            " An aborted turn's calls still need one each, e.g. an is_error 'aborted' result.",
            "被中止的一轮里，每个调用也都要有一个结果，比如一个 is_error 的 'aborted' 结果。",
        )
        return [
            where
            + pick(
                f"returned {got}; return a list with one result per tool call, in order.",
                f"返回了 {got}；应该返回一个列表，每个工具调用按顺序对应一个结果。",
            )
            + why * aborted
        ]
    problems, answers = [], []
    for number, (call, result) in enumerate(zip(calls, results, strict=True), 1):
        what = pick(f"call {number} of the aborted turn", f"被中止那一轮的第 {number} 个调用")
        what = what if aborted else _what(call)
        read = _read_result(result)
        if read is None:
            problems.append(
                pick(
                    f"The result for {what} is {result!r}; return a ToolResultMessage, or a dict "
                    "with tool_call_id, is_error and content.",
                    f"{what}，结果是 {result!r}；应该返回 ToolResultMessage，或者一个带 "
                    "tool_call_id、is_error 和 content 的 dict。",
                )
            )
            continue
        if found := _result_problem(call, what, aborted, read):
            problems.append(found)
        call_id, is_error, text = read
        answers.append(
            ToolResultMessage(
                tool_call_id=call_id,
                tool_name=call.name,
                content=(TextBlock(text),),
                is_error=is_error,
                timestamp=T0,
            )
        )
    return problems or _next_request_problems(message, answers)


def _what(call: ToolCall) -> str:
    if call is GOOD:
        return pick("the call with a long id", "那个长 id 的调用")
    return pick(*next(what for bad, what in BAD if bad is call))


def _next_request_problems(message: AssistantMessage, answers: list) -> list[str]:
    """The results, sent on: the next request must be valid and carry them as given."""
    history = [user_text("Fix the division-by-zero bug in src/math.ts", T0), message, *answers]
    wire = to_anthropic(history)
    try:
        check_tool_protocol(wire)
    except Rejection as rejection:
        return [
            pick(
                f"The next request would be refused: {rejection}",
                f"下一次请求会被拒绝：{rejection}",
            )
        ]
    sent = [block for turn in wire for block in turn["content"] if block["type"] == "tool_result"]
    if [block["is_error"] for block in sent] != [answer.is_error for answer in answers]:
        return [
            pick(
                "The next request does not carry your results as given; return one per call.",
                "下一次请求没能原样带上你的结果：每个调用返回一个结果。",
            )
        ]
    return []


def check_checkpoint(stop_reasons, read_file_tool, extract_calls, answer_calls) -> Verdict:
    """Check the checkpoint's pieces on the fixed transcript, with both acceptance criteria."""
    problems = _stop_reason_problems(stop_reasons) + _tool_problems(read_file_tool)
    problems += _extract_problems(extract_calls)
    for message in fixed_transcript():
        problems += _answer_problems(message, answer_calls)
    return Verdict(pick(*EXERCISE), tuple(problems))
