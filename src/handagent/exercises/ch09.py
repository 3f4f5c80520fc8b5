"""Chapter 09 exercise: the stop-reason dispatch, checked on a script of every stop reason.

The learner writes `next_move(reply)`: after a reply (whose calls the loop has answered), one of
"ask_again", "ask_longer", "done", "window", "refusal", "error" or "interrupted", as
`runtime.loop.next_move` decides. `check_dispatch` hands it one scripted reply per case (each of
the eight stop reasons, and the cases inside them: a call or text cut at max_tokens, the context
window full with or without a cut call, a tool_use turn with no call, a "stop" that holds a call)
and names each case it mishandles, with the reason the right move is right.

Hints follow the edition's language, `handagent.language`.

Not handled here: running the learner's dispatch inside `run_loop` (the loop's own is fixed).
"""

from ..language import pick
from ..runtime.loop import next_move
from ..runtime.protocol import AssistantMessage, StopDetails, TextBlock, ToolCall, Usage
from . import Verdict, attempt
from .questions.ch09 import SELF_CHECK  # noqa: F401 - the chapter's self-check, read by selfcheck

EXERCISE = ("09 · the stop-reason dispatch", "09 · 停止原因的分派")
MAX_TOKENS = 1024
CALL = ToolCall("toolu_09", "get_weather", {"city": "Paris"})
CLOCK = ToolCall("toolu_09_clock", "get_current_time", {})
CUT_CALL = ToolCall("toolu_09_cut", "get_weather", None, '{"city": "Par')


def _reply(*content, stop_reason, out=40, **fields) -> AssistantMessage:
    return AssistantMessage(
        content=content, stop_reason=stop_reason, model="claude-haiku-5-5", provider="anthropic",
        usage=Usage(800, out), timestamp=1_767_225_600.0, **fields,
    )  # fmt: skip


# (case in English, in Chinese, the reply, why its move is right in English, in Chinese)
CASES = (
    (
        "tool_use with two calls",
        "带两个调用的 tool_use",
        _reply(CALL, CLOCK, stop_reason="tool_use"),
        "its calls are answered: the model must read the results",
        "调用都有了回应：模型得读到结果",
    ),
    (
        "tool_use with no call",
        "没有调用的 tool_use",
        _reply(TextBlock("Hm."), stop_reason="tool_use"),
        "nothing to answer: sending it back would be a prefill",
        "没有要回应的调用：再发回去就成了预填（prefill）",
    ),
    (
        "stop (end_turn)",
        "stop（end_turn）",
        _reply(TextBlock("Sunny."), stop_reason="stop"),
        "the model finished its turn",
        "模型说完了这一轮",
    ),
    (
        "stop with a call (as some compatible servers send it)",
        "带调用的 stop（有些兼容服务器会这样发）",
        _reply(TextBlock("Checking."), CALL, stop_reason="stop"),
        "its call was answered: the model has a result to read",
        "调用已经有了回应：模型有结果要读",
    ),
    (
        "pause",
        "pause",
        _reply(TextBlock("Searching..."), stop_reason="pause"),
        "the provider paused its own turn: send it back as it is",
        "服务商暂停了它自己的一轮：原样发回去",
    ),
    (
        "length, a call cut at max_tokens",
        "length，调用在 max_tokens 处被截断",
        _reply(CUT_CALL, stop_reason="length", out=MAX_TOKENS),
        "the cut call was refused; ask again with a higher max_tokens, as the docs advise",
        "被截断的调用已被拒绝；按文档的建议，调高 max_tokens 再问一次",
    ),
    (
        "length, text cut at max_tokens",
        "length，文字在 max_tokens 处被截断",
        _reply(TextBlock("The forecast is"), stop_reason="length", out=MAX_TOKENS),
        "ask again with a higher max_tokens; continuing the cut text would be a prefill",
        "调高 max_tokens 再问一次；接着写被截断的文字就成了预填",
    ),
    (
        "window",
        "window",
        _reply(TextBlock("The forecast is"), stop_reason="window", out=300),
        "the context window is full: a higher max_tokens cannot help, the history must shrink",
        "上下文窗口满了：调高 max_tokens 也没用，得先缩短历史",
    ),
    (
        "window, a call cut by it",
        "window，调用被它截断",
        _reply(CUT_CALL, stop_reason="window", out=300),
        "its cut call was refused, and asking again overflows again: the history must shrink",
        "被截断的调用已被拒绝，再问只会再次溢出：得先缩短历史",
    ),
    (
        "refusal with a call",
        "带调用的 refusal",
        _reply(CALL, stop_reason="refusal", stop_details=StopDetails("refusal", "cyber", "No.")),
        "the model declined: stop and show why, never build on it",
        "模型拒绝了：停下并说明原因，别在它上面接着做",
    ),
    (
        "error",
        "error",
        _reply(stop_reason="error", error_message="HTTP 400 invalid_request_error"),
        "the sender already retried what the API says to retry",
        "sender 已经重试过 API 说可以重试的情况",
    ),
    (
        "aborted",
        "aborted",
        _reply(CALL, stop_reason="aborted"),
        "the user stopped the run",
        "是用户中断了运行",
    ),
)


def check_dispatch(learner_next_move) -> Verdict:
    """Run the learner's next_move(reply) on every case; name each mishandled one."""
    problems = []
    for english, chinese, reply, why_en, why_zh in CASES:
        expected = next_move(reply)
        got, raised = attempt(learner_next_move, reply)
        if raised or got != expected:
            said = raised or pick(f"returned {got!r}", f"返回了 {got!r}")
            problems.append(
                pick(
                    f"{english}: {said}, expected {expected!r} ({why_en})",
                    f"{chinese}：{said}，应为 {expected!r}（{why_zh}）",
                )
            )
    return Verdict(pick(*EXERCISE), tuple(problems))
