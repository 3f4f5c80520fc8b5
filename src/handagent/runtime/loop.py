"""The agent loop: ask the model, run its calls, answer them, ask again, until a reason to stop.

`run_loop(history, tools, send)` returns a `Run`: the whole history, why the run ended and a
sentence saying so. Each reply's stop reason has its move (`next_move`):

    tool_use   run the calls (at once, `run_calls`), every call answered; ask again. No call
               in it after all: as "stop" (and calls next to "stop" are run and answered)
    pause      the provider paused its own server-tool turn: send the content back; ask again
               (the adapters keep no server-tool blocks, so a model that refuses a prefill
               answers that request with a 400, and the run ends "error")
    stop       the turn is done (Anthropic's end_turn or stop_sequence): end the run, "done"
    length     a call's arguments were cut: it is refused and the model told so; ask again.
               Text was cut (max_tokens): end the run, "cut", saying so (continuing would be a
               prefill, which today's models refuse). The context window ran out (the reply
               is shorter than max_tokens): end the run, "window"
    refusal    the model declined: answer its calls "not run", end the run, "refusal", with
               the provider's category and explanation
    error      the request failed after the sender's retries (`runtime.senders`), or was not
               retried (a 400: a prompt over the context window, say): end, "error"
    aborted    Ctrl-C or Jupyter's stop button while waiting: end, "interrupted"

A bound (`runtime.bounds`) is asked before every request: turns, tokens, money. Ctrl-C while a
tool runs (or anywhere in the loop) answers the turn's unanswered calls as interrupted, then
ends the run: KeyboardInterrupt is not re-raised, the `Run` is the record. A tool that raises is
an error result for the model (chapter 05), not the end of the run.

Every message goes to the session log (`log=path`) as it is added, so the log is the history:
`run_loop(session_log.load(path), ..., log=path)` resumes it. A resumed history whose last reply
left calls unanswered gets them answered first, as the run would have; one that ends on a failed
or aborted request asks again (a failed record with no calls stays in the log but is not sent);
one that ends on the model's last word ends at once, "waiting": the user speaks next.

`send(messages, tools_menu, max_tokens) -> AssistantMessage` is the model: it never raises
(`runtime.senders.sender` for a provider, `runtime.senders.scripted` for replies written in
advance).

Not handled here: user input during a run, compaction when the context fills, parallel runs
sharing one log, bounds on wall time.
"""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from ..language import pick
from ..tools import Tool, ToolRegistry
from . import session_log
from .bounds import Bounds, Spent, exceeded
from .calls import run_calls
from .protocol import AssistantMessage, Message, ToolResultMessage, tool_calls, tool_result_message
from .repair import INTERRUPTED, unanswered_calls

Send = Callable[[list[Message], list[dict], int], AssistantMessage]
Ending = Literal[
    "done",
    "turns",
    "tokens",
    "dollars",
    "cut",
    "window",
    "refusal",
    "error",
    "interrupted",
    "waiting",
]
Move = Literal["ask_again", "done", "cut", "window", "refusal", "error", "interrupted"]


@dataclass(frozen=True)
class LoopStep:
    """One request and what followed: the reply, its calls' results, the run's spending so far."""

    turn: int
    reply: AssistantMessage
    results: tuple[ToolResultMessage, ...]
    spent: Spent

    def __str__(self) -> str:
        """Example: "turn 2 · tool_use · 1 call: read_file · 1,930 tokens · $0.0004" """
        names = ", ".join(call.name for call in tool_calls(self.reply))
        count = len(self.results)
        calls = pick(f" · {count} call{'s' * (count != 1)}: {names}", f" · {count} 个调用：{names}")
        return pick(
            f"turn {self.turn} · {self.reply.stop_reason}{calls if count else ''}"
            f" · {self.spent.tokens:,} tokens · ${self.spent.dollars:.4f}",
            f"第 {self.turn} 轮 · {self.reply.stop_reason}{calls if count else ''}"
            f" · {self.spent.tokens:,} token · ${self.spent.dollars:.4f}",
        )


@dataclass(frozen=True)
class Run:
    """What a run left: the whole history, why it ended, one sentence saying so, its spending."""

    messages: tuple[Message, ...]
    ending: Ending
    note: str
    spent: Spent


def _note(ending: Ending, spent: Spent, bounds: Bounds, last: Message | None) -> str:
    """The sentence that ends a run: which bound or stop reason, and what was done."""
    done = pick(
        f"{spent.turns} request(s), {spent.tokens:,} tokens, ${spent.dollars:.4f}",
        f"{spent.turns} 次请求，{spent.tokens:,} token，${spent.dollars:.4f}",
    )
    error = getattr(last, "error_message", None) or ""
    details = getattr(last, "stop_details", None)
    why = ": ".join(x for x in (details and details.category, details and details.explanation) if x)
    limit = f"{bounds.dollars:.2f}" if bounds.dollars >= 0.01 else f"{bounds.dollars:.4f}"
    notes = {
        "done": pick("Done: the model ended its turn", "完成：模型结束了这一轮"),
        "turns": pick(
            f"Stopped at the turn bound ({bounds.turns})", f"到了轮数上限（{bounds.turns}）"
        ),
        "tokens": pick(
            f"Stopped at the token bound ({bounds.tokens:,})",
            f"到了 token 上限（{bounds.tokens:,}）",
        ),
        "dollars": pick(f"Stopped at the money bound (${limit})", f"到了花费上限（${limit}）"),
        "cut": pick(
            "Stopped: the reply was cut at max_tokens, its text is incomplete",
            "停止：回复在 max_tokens 处被截断，文字不完整",
        ),
        "window": pick(
            "Stopped: the context window is full, the reply is incomplete",
            "停止：上下文窗口已满，回复不完整",
        ),
        "refusal": pick(
            f"Stopped: the model declined ({why or 'no reason given'})",
            f"停止：模型拒绝了（{why or '没有给出原因'}）",
        ),
        "error": pick(f"Stopped: the request failed ({error})", f"停止：请求失败（{error}）"),
        "waiting": pick(
            "Nothing to send: the model had the last word; add a user message to go on",
            "没有要发送的：最后一句是模型说的；加一条用户消息再继续",
        ),
        "interrupted": pick(
            "Stopped by you: every call is answered, the history can resume",
            "被你中断：每个调用都有了回答，历史可以接着运行",
        ),
    }
    return notes[ending] + pick(f". So far: {done}.", f"。到目前为止：{done}。")


def next_move(reply: AssistantMessage, max_tokens: int) -> Move:
    """What the loop does after this reply (its calls are answered either way): the table above.

    Example: a "tool_use" reply with two calls -> "ask_again";  a "refusal" -> "refusal"
    """
    reason, calls = reply.stop_reason, tool_calls(reply)
    if reason == "length" and reply.usage.output_tokens < max_tokens:
        return "window"  # not max_tokens: the context window ran out
    if reason == "pause" or (calls and reason in ("tool_use", "stop", "length")):
        return "ask_again"  # the model reads its results (a cut call's: refused, call again)
    if reason == "length":
        return "cut"
    return {"stop": "done", "tool_use": "done", "refusal": "refusal", "error": "error",
            "aborted": "interrupted"}[reason]  # fmt: skip


def _request(history: list[Message]) -> list[Message]:
    """The history to send: a failed or aborted last reply with no calls is a record, not a turn."""
    last = history[-1] if history else None
    failed = isinstance(last, AssistantMessage) and last.stop_reason in ("error", "aborted")
    return history[:-1] if failed and not tool_calls(last) else history


def run_loop(
    history: list[Message],
    tools: ToolRegistry | list[Tool],
    send: Send,
    *,
    bounds: Bounds | None = None,
    max_tokens: int = 1024,
    log: str | None = None,
    on_step: Callable[[LoopStep], None] | None = None,
) -> Run:
    """Run the conversation until the model stops, a bound is reached, or you interrupt.

    Example: ([user_text("Weather in Paris?")], [weather], send) -> Run(messages=(user,
    assistant(call weather), result, assistant("It is sunny...")), ending="done", ...)
    """
    bounds = bounds or Bounds()  # 10 turns, 200,000 tokens, $1.00
    registry = tools if isinstance(tools, ToolRegistry) else ToolRegistry(tools)
    messages, spent = list(history), Spent()

    def add(*new: Message) -> None:
        for message in new:
            messages.append(message)
            if log is not None:
                session_log.append(log, message)

    def end(ending: Ending) -> Run:
        last = next((m for m in reversed(messages) if isinstance(m, AssistantMessage)), None)
        return Run(tuple(messages), ending, _note(ending, spent, bounds, last), spent)

    try:
        last = messages[-1] if messages else None
        if isinstance(last, AssistantMessage):  # a resumed run: the log ends on a reply
            if tool_calls(last):
                add(*run_calls(last, registry))  # answer what it asked, as the run would have
            if next_move(last, max_tokens) not in ("ask_again", "error", "interrupted"):
                return end("waiting")  # the model had the last word: sending it is a prefill
        while True:
            if (bound := exceeded(spent, bounds)) is not None:
                return end(bound)
            reply = send(_request(messages), registry.menu(), max_tokens)
            spent = spent.add(reply)
            add(reply)
            results = run_calls(reply, registry) if tool_calls(reply) else []
            add(*results)
            if on_step is not None:
                on_step(LoopStep(spent.turns, reply, tuple(results), spent))
            if (move := next_move(reply, max_tokens)) != "ask_again":
                return end(move)
    except KeyboardInterrupt:  # the stop button, mid-tool or mid-loop: answer what is open
        replies = [i for i, m in enumerate(messages) if isinstance(m, AssistantMessage)]
        turn = messages[replies[-1] :] if replies else []  # the last reply and its results
        add(*(tool_result_message(c, INTERRUPTED, is_error=True) for c in unanswered_calls(turn)))
        return end("interrupted")
