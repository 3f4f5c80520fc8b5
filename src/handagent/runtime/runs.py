"""Runs: what a run of the agent loop leaves, step by step and as a whole, and why it ended.

    LoopStep     one request and what followed: the reply, its results, the spending so far
    Run          the whole history, why the run ended (its `Ending`), one sentence saying so

Why a run ends:

    done         the model ended its turn
    turns, tokens, dollars   a bound: the next request could have gone past it (`runtime.bounds`)
    cut          the reply was cut at max_tokens, and max_tokens could not be raised further
    window       the context window is full: the history must shrink before the next request
    refusal      the model declined, with the provider's category and explanation
    error        the request failed after the sender's retries
    interrupted  the user pressed stop: every call is answered, the history can resume
    waiting      nothing to send: the model had the last word, the user speaks next

Sentences follow the edition's language (`language.pick`); a run's `note` ends with a line
saying what it spent. Not handled here: what the loop does before it ends (`runtime.loop`).
"""

from dataclasses import dataclass
from typing import Literal

from ..language import pick
from .bounds import Bounds, Spent
from .protocol import AssistantMessage, Message, ToolResultMessage, tool_calls

Ending = Literal["done", "turns", "tokens", "dollars", "cut", "window", "refusal", "error",
                 "interrupted", "waiting"]  # fmt: skip


def _why(last: AssistantMessage | None) -> str:
    details = last.stop_details if last is not None else None
    return ": ".join(
        x for x in (details and details.category, details and details.explanation) if x
    )


def note(ending: Ending, spent: Spent, bounds: Bounds, last: AssistantMessage | None) -> str:
    """The sentence that ends a run: which bound or stop reason, and what was spent.

    Example: ("turns", Spent(3, 1_500, 0.0004), Bounds(turns=3), reply) -> "Stopped at the turn
    bound (3).\nSo far: 3 request(s), 1,500 tokens, $0.0004." (two lines: each fits a page)
    """
    error = (last.error_message if last is not None else None) or ""
    why = _why(last)
    limit = f"{bounds.dollars:.2f}" if bounds.dollars >= 0.01 else f"{bounds.dollars:.4f}"
    words = {
        "done": ("Done: the model ended its turn", "完成：模型结束了这一轮"),
        "turns": (f"Stopped at the turn bound ({bounds.turns})", f"到了轮数上限（{bounds.turns}）"),
        "tokens": (f"Stopped before the token bound ({bounds.tokens:,}): the next request could "
                   "have gone past it", f"在 token 上限（{bounds.tokens:,}）之前停下：下一次请求"
                   "可能超过它"),
        "dollars": (f"Stopped before the money bound (${limit}): the next request could have "
                    "gone past it", f"在花费上限（${limit}）之前停下：下一次请求可能超过它"),
        "cut": ("Stopped: the reply was cut at max_tokens, which could not be raised further",
                "停止：回复在 max_tokens 处被截断，max_tokens 已无法再调高"),
        "window": ("Stopped: the context window is full; shrink the history before asking again",
                   "停止：上下文窗口已满；先缩短历史，再继续"),
        "refusal": (f"Stopped: the model declined ({why or 'no reason given'})",
                    f"停止：模型拒绝了（{why or '没有给出原因'}）"),
        "error": (f"Stopped: the request failed ({error})", f"停止：请求失败（{error}）"),
        "waiting": ("Nothing to send: the model had the last word; add a user message to go on",
                    "没有要发送的：最后一句是模型说的；加一条用户消息再继续"),
        "interrupted": ("Stopped by you: every call is answered, the history can resume",
                        "被你中断：每个调用都有了回应，历史可以接着运行"),
    }  # fmt: skip
    done = pick(
        f"{spent.turns} request(s), {spent.tokens:,} tokens, ${spent.dollars:.4f}",
        f"{spent.turns} 次请求，{spent.tokens:,} token，${spent.dollars:.4f}",
    )
    return pick(*words[ending]) + pick(f".\nSo far: {done}.", f"。\n到目前为止：{done}。")


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
