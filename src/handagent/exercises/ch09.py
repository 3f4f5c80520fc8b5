"""Chapter 09 exercise: the stop-reason dispatch, checked on a script of every stop reason.

The learner writes `next_move(reply, max_tokens)`: after a reply (whose calls the loop has
answered), one of "ask_again", "done", "cut", "window", "refusal", "error" or "interrupted", as
`runtime.loop.next_move` decides. `check_dispatch` hands it one scripted reply per case (each of
the seven stop reasons, and the cases inside them: a call cut or text cut, by max_tokens or by
the context window, a tool_use turn with no call) and names each case it mishandles, with the
reason the right move is right.

Hints follow the edition's language, `handagent.language`.

Not handled here: running the learner's dispatch inside `run_loop` (the loop's own is fixed).
"""

from ..language import pick
from ..runtime.loop import next_move
from ..runtime.protocol import AssistantMessage, StopDetails, TextBlock, ToolCall, Usage
from . import Verdict, attempt
from .selfcheck import Question

EXERCISE = ("09 · the stop-reason dispatch", "09 · 停止原因的分派")
MAX_TOKENS = 1024
CALL = ToolCall("toolu_09", "get_weather", {"city": "Paris"})
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
        _reply(CALL, stop_reason="tool_use"),
        "its calls are answered: the model must read the results",
        "调用都有了回答：模型得读到结果",
    ),
    (
        "tool_use with no call",
        "没有调用的 tool_use",
        _reply(TextBlock("Hm."), stop_reason="tool_use"),
        "nothing to answer: sending it back would be a prefill",
        "没有要回答的：再发回去就成了预填（prefill）",
    ),
    (
        "stop (end_turn)",
        "stop（end_turn）",
        _reply(TextBlock("Sunny."), stop_reason="stop"),
        "the model finished its turn",
        "模型说完了这一轮",
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
        "the cut call was refused; the model can call again",
        "被截断的调用已被拒绝；模型可以重新调用",
    ),
    (
        "length, text cut at max_tokens",
        "length，文字在 max_tokens 处被截断",
        _reply(TextBlock("The forecast is"), stop_reason="length", out=MAX_TOKENS),
        "the text is incomplete; going on would be a prefill",
        "文字不完整；接着写就成了预填",
    ),
    (
        "length, shorter than max_tokens",
        "length，比 max_tokens 短",
        _reply(TextBlock("The forecast is"), stop_reason="length", out=300),
        "max_tokens was not reached: the context window is full",
        "没到 max_tokens：上下文窗口满了",
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
        "发送方已经重试过 API 说可以重试的",
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
    """Run the learner's next_move(reply, max_tokens) on every case; name each mishandled one."""
    problems = []
    for english, chinese, reply, why_en, why_zh in CASES:
        expected = next_move(reply, MAX_TOKENS)
        got, raised = attempt(learner_next_move, reply, MAX_TOKENS)
        if raised or got != expected:
            said = raised or pick(f"returned {got!r}", f"返回了 {got!r}")
            problems.append(
                pick(
                    f"{english}: {said}, expected {expected!r} ({why_en})",
                    f"{chinese}：{said}，应为 {expected!r}（{why_zh}）",
                )
            )
    return Verdict(pick(*EXERCISE), tuple(problems))


SELF_CHECK = (
    Question(
        prompt=(
            'A reply has stop_reason "length", one tool call, and usage 1,024 tokens out of '
            "max_tokens=1024. What does the loop do next?",
            '一条回复的 stop_reason 是 "length"，带一个工具调用，输出 1,024 个 token，'
            "max_tokens=1024。循环下一步做什么？",
        ),
        options=(
            ("Run the call with the arguments it has", "用已有的参数运行这个调用"),
            (
                "End the run and say why: the context window is full",
                "结束运行并说明原因：上下文窗口满了",
            ),
            (
                "Refuse the cut call in a result, then ask again",
                "在结果里拒绝这个被截断的调用，再问一次",
            ),
            ("Send the reply back as it is", "把这条回复原样发回去"),
        ),
        answer="c",
        hint=(
            "Were the arguments finished? And which limit did the reply reach?",
            "参数写完了吗？这条回复碰到的是哪个上限？",
        ),
        why=(
            "The reply reached max_tokens, not the window: the cut call is refused with a "
            "result the model reads, and it can call again with complete arguments.",
            "回复碰到的是 max_tokens，不是窗口：被截断的调用得到一条模型读得到的拒绝结果，"
            "模型可以带着完整参数重新调用。",
        ),
    ),
    Question(
        prompt=(
            "Bounds(turns=3, tokens=2_000). Each reply uses 900 tokens and calls a tool. How "
            "many requests does run_loop send?",
            "Bounds(turns=3, tokens=2_000)。每条回复用 900 个 token，并且都调用工具。"
            "run_loop 会发出几次请求？",
        ),
        options=(
            ("3: a bound is checked before each request", "3 次：每次请求前检查上限"),
            (
                "2: after two replies 1,800 tokens leave too little room",
                "2 次：两条回复后 1,800 个 token，剩下的不够",
            ),
            ("1", "1 次"),
            ("4", "4 次"),
        ),
        answer="a",
        hint=(
            "When does the loop look at the bounds: before a request, or after it?",
            "循环在什么时候看上限：请求之前，还是之后？",
        ),
        why=(
            "Before each request: 0, 900 and 1,800 are under 2,000, so three requests go; "
            "after the third (2,700) both bounds are reached. The last reply may pass a token "
            "bound by its own size.",
            "每次请求之前：0、900、1,800 都低于 2,000，所以发出三次；第三次之后（2,700）"
            "两个上限都到了。最后一条回复可能以它自己的大小越过 token 上限。",
        ),
    ),
    Question(
        prompt=(
            "You press Jupyter's stop button while two tools of one reply run. What is in the "
            "history and the log afterwards?",
            "一条回复的两个工具正在运行时，你按了 Jupyter 的停止按钮。之后历史和日志里有什么？",
        ),
        options=(
            (
                "The reply alone, with no result: the provider refuses the next request",
                "只有那条回复，没有结果：服务商会拒绝下一次请求",
            ),
            ("Nothing of that turn: the reply is dropped", "那一轮什么都没有：回复被丢掉了"),
            (
                "The reply and one result, for the tool that finished first",
                "那条回复，加上先跑完的那个工具的结果",
            ),
            (
                "A result per call, marked interrupted; resume from the log",
                "每个调用一条标为被中断的结果；可以从日志接着运行",
            ),
        ),
        answer="d",
        hint=(
            "What does a provider demand of every tool call before the next request?",
            "在下一次请求之前，服务商对每个工具调用有什么要求？",
        ),
        why=(
            "run_loop catches KeyboardInterrupt, answers every open call as interrupted and "
            "logs it: the history is valid, and run_loop(load(log), ...) goes on from there.",
            "run_loop 接住 KeyboardInterrupt，把每个还没回答的调用回答为被中断并写进日志："
            "历史是合法的，run_loop(load(log), ...) 从那里接着运行。",
        ),
    ),
)
