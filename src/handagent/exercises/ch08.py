"""Chapter 08 exercise: the read-only protocol checkpoint, checked on a fixed transcript.

The learner hands in the checkpoint's pieces: `stop_reasons` (the seven values: the source
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

Not handled here: a real workspace and its refusals (`runtime.workspace` does that).
"""

import re
import typing

import jsonschema

from ..checks import Rejection, check_tool_protocol
from ..runtime.adapters import to_anthropic
from ..runtime.protocol import (
    AssistantMessage,
    TextBlock,
    ToolCall,
    ToolResultMessage,
    Usage,
    user_text,
)
from . import Verdict, attempt
from .selfcheck import Question

EXERCISE = "08 · read-only checkpoint"
SEED_REASONS = ("stop", "tool_use", "length", "error", "aborted")  # the source text's five
TODAYS = ("pause", "refusal")  # what today's Messages API adds (chapter 06)
STOP_REASONS = SEED_REASONS + TODAYS
SOURCE = "export function divide(a: number, b: number) { return a / b; }\n"
FILES = {"src/math.ts": SOURCE}
T0 = 1_767_225_600.0  # 2026-01-01 UTC: the transcript is fixed, timestamps included
# An id as some runtimes store it (their join of two OpenAI ids): long, with "|", "+" and "/".
# It must come back unchanged.
LONG_ID = "call_Qx7Vb2Lr9Tm4Kd8Wn3Hs6Pj1|fc_" + "dGhlIGlkIGlzIG9wYXF1ZQ+/" * 7 + "=="
GOOD = ToolCall(LONG_ID, "read_file", {"path": "src/math.ts"})
BAD = (  # (call, what is wrong with it): each must get an is_error result, not a crash
    (ToolCall("toolu_08_no_path", "read_file", {}), "a call missing path"),
    (ToolCall("toolu_08_number", "read_file", {"path": 42}), "path given as a number"),
    (ToolCall("toolu_08_extra", "read_file", {"path": "a.ts", "mode": "rb"}), "an extra property"),
    (ToolCall("toolu_08_broken", "read_file", None, '{"path": "src/ma'), "invalid JSON arguments"),
    (
        ToolCall("toolu_08_missing", "read_file", {"path": "src/nope.ts"}),
        "a file that is not there",
    ),
)
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
        return [f"stop_reasons is {stop_reasons!r}; give the seven values as a list of strings."]
    snake = {re.sub(r"(?<=[a-z])([A-Z])", r"_\1", v).lower() for v in values if isinstance(v, str)}
    problems = []
    if missing := [reason for reason in SEED_REASONS if reason not in snake]:
        problems.append(
            f"stop_reasons lacks {', '.join(missing)}. A turn can also end cut off (length), "
            "failed (error) or stopped by the user (aborted): the protocol needs a value for each."
        )
    if missing := [reason for reason in TODAYS if reason not in snake]:
        problems.append(
            f"stop_reasons lacks {', '.join(missing)}. Today's API can also pause a turn of its "
            "own (pause: send it back and continue) and decline (refusal: not an error)."
        )
    if extra := sorted(snake - set(STOP_REASONS)):
        problems.append(f"stop_reasons has {', '.join(extra)}, which is not one of the seven.")
    return problems


def _tool_problems(tool: object) -> list[str]:
    if not isinstance(tool, dict) or tool.get("name") != "read_file":
        return [f'read_file_tool is {tool!r}; make it a dict with "name": "read_file".']
    problems = []
    if len(str(tool.get("description", "")).split()) < 8:
        problems.append(
            "The description is too short to tell the model when to use the tool and what it "
            "returns, e.g. 'Read a UTF-8 text file under the current workspace. Use this before "
            "editing a file you have not inspected.'"
        )
    schema = tool.get("input_schema")
    if not isinstance(schema, dict):
        hint = " (the Messages API calls it input_schema, not parameters)" * ("parameters" in tool)
        return problems + [f"read_file_tool has no input_schema dict{hint}."]
    try:
        jsonschema.Draft202012Validator.check_schema(schema)
    except jsonschema.SchemaError as error:
        return problems + [f"input_schema is not a valid JSON Schema: {error.message}."]
    validator = jsonschema.Draft202012Validator(schema)
    for data, fix in [
        ({}, '"required": ["path"]'),
        ({"path": 42}, '"type": "string" to path'),
        ({"path": "a.ts", "mode": "rb"}, '"additionalProperties": false'),
    ]:
        if validator.is_valid(data):
            problems.append(f"input_schema accepts {data}; add {fix}.")
    if not validator.is_valid({"path": "src/math.ts"}):
        problems.append('input_schema refuses {"path": "src/math.ts"}, the call it exists for.')
    return problems


def _extract_problems(extract_calls) -> list[str]:
    for message in fixed_transcript():
        wanted = [block.id for block in message.content if isinstance(block, ToolCall)]
        got, raised = attempt(extract_calls, message)
        if raised:
            return [f"extract_calls {raised} on a {message.stop_reason!r} message; never raise."]
        ids = [_field(item, "id") for item in got] if isinstance(got, list | tuple) else got
        if ids != wanted:
            return [
                f"extract_calls gave {ids!r} for a message whose calls have ids {wanted!r}: "
                "loop over every block of content and keep each ToolCall, in order."
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
        return (
            "call.arguments is None when the model's JSON did not parse (raw_arguments keeps "
            "the text): answer that call with an is_error result."
        )
    if "'TextBlock'" in raised:
        return "A text block is not a call: answer only the ToolCall blocks (there may be none)."
    if "KeyError: 'src/" in raised:
        return "The model may name a file that is not there: answer with an is_error result."
    return (
        "The model's arguments are untrusted: check they are exactly {path: string} before "
        "using them, and answer a bad call with an is_error result instead of raising."
    )


def _result_problem(call: ToolCall, what: str, aborted: bool, read: tuple) -> str | None:
    """What is wrong with the result for one call, or None."""
    call_id, is_error, text = read
    if call_id != call.id:
        return (
            f"The result for {what} quotes tool_call_id {call_id[:60]!r}, but the call's id is "
            f"{call.id[:60]!r}: copy call.id exactly (ids are opaque keys; only an adapter "
            "rewrites them, per request, on a copy)."
        )
    if aborted and (not is_error or SOURCE.strip() in text):
        return (
            f"The result for {what} must not run the call: the user stopped the turn. "
            "Answer it with is_error=True and a text such as 'aborted: not run'."
        )
    if call is GOOD and (is_error or SOURCE.strip() not in text):
        return f"The result for {what} should hold the file's text; got {text[:80]!r}."
    if call is not GOOD and not is_error:
        return f"The result for {what} has is_error False; mark it True so the model knows."
    if what == "a call missing path" and "path" not in text.lower():
        return f"The result for {what} says {text!r}; name the problem ('path is required')."
    return None


def _answer_problems(message: AssistantMessage, answer_calls) -> list[str]:
    """Problems with the results `answer_calls` gives for one message of the transcript."""
    calls = [block for block in message.content if isinstance(block, ToolCall)]
    aborted = message.stop_reason == "aborted"
    where = f"the {message.stop_reason!r} message with {len(calls)} call(s)"
    results, raised = attempt(answer_calls, message, dict(FILES))
    aborted_note = " This turn was aborted: answer each call without running it." * aborted
    if raised:
        return [f"For {where}, answer_calls {raised}. {_crash_hint(raised)}{aborted_note}"]
    if not isinstance(results, list | tuple) or len(results) != len(calls):
        got = f"{len(results)} results" if isinstance(results, list | tuple) else repr(results)
        why = " An aborted turn's calls still need one each, e.g. an is_error 'aborted' result."
        return [
            f"For {where}, answer_calls returned {got}; return a list with one result per "
            f"tool call, in order.{why * aborted}"
        ]
    problems, answers = [], []
    for number, (call, result) in enumerate(zip(calls, results, strict=True), 1):
        what = f"call {number} of the aborted turn" if aborted else _what(call)
        read = _read_result(result)
        if read is None:
            problems.append(
                f"The result for {what} is {result!r}; return a ToolResultMessage, or a dict "
                "with tool_call_id, is_error and content."
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
        return "the call with a long id"
    return next(what for bad, what in BAD if bad is call)


def _next_request_problems(message: AssistantMessage, answers: list) -> list[str]:
    """The results, sent on: the next request must be valid and carry them as given."""
    history = [user_text("Fix the division-by-zero bug in src/math.ts", T0), message, *answers]
    wire = to_anthropic(history)
    try:
        check_tool_protocol(wire)
    except Rejection as rejection:
        return [f"The next request would be refused: {rejection}"]
    sent = [block for turn in wire for block in turn["content"] if block["type"] == "tool_result"]
    if [block["is_error"] for block in sent] != [answer.is_error for answer in answers]:
        return ["The next request does not carry your results as given; return one per call."]
    return []


def check_checkpoint(stop_reasons, read_file_tool, extract_calls, answer_calls) -> Verdict:
    """Check the checkpoint's pieces on the fixed transcript, with both acceptance criteria."""
    problems = _stop_reason_problems(stop_reasons) + _tool_problems(read_file_tool)
    problems += _extract_problems(extract_calls)
    for message in fixed_transcript():
        problems += _answer_problems(message, answer_calls)
    return Verdict(EXERCISE, tuple(problems))


SELF_CHECK = (
    Question(
        prompt=("Where do the diff of an edit and the exit code of a command go?", ""),
        options=(
            ("Into the result's content, so the model sees everything", ""),
            ("Into details: for the UI and the log, never sent to a model", ""),
            ("Into error_message", ""),
            ("Into the next user message", ""),
        ),
        answer="b",
        hint=("What does the model need to go on, and what would every later request pay?", ""),
        why=(
            "The model reads one short, true sentence; the UI draws the diff from details, "
            "which no adapter sends.",
            "",
        ),
    ),
    Question(
        prompt=(
            "read_file keeps the first 2000 lines of a 5000-line file. What must the result tell "
            "the model?",
            "",
        ),
        options=(
            ("Nothing: 2000 lines are plenty", ""),
            ("That it was cut, by which limit, and how to get more (offset=2001)", ""),
            ("The file's size in bytes", ""),
            ("That the file is too long to read", ""),
        ),
        answer="b",
        hint=("Without a notice, what does the model believe it has read?", ""),
        why=(
            "A notice turns a silent cut into a next step the model can take: call again with "
            "offset=2001.",
            "",
        ),
    ),
    Question(
        prompt=(
            'The schema says path is "workspace-relative". Who makes sure a call with '
            '"../secret.txt" reads nothing outside the workspace?',
            "",
        ),
        options=(
            ("The model, which read the description", ""),
            ('The schema\'s "type": "string"', ""),
            ("The runtime, resolving the path against the workspace root", ""),
            ("The provider", ""),
        ),
        answer="c",
        hint=("The path is text the model wrote: what checks text before a file is opened?", ""),
        why=(
            "The model only names a file; the runtime decides whether that name may be read "
            "(Workspace.resolve), and answers a refusal with an is_error result.",
            "",
        ),
    ),
)
