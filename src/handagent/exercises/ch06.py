"""Chapter 06 exercise: read a Messages API reply by its blocks, and map why it stopped.

The learner hands in `stop_table`, every Anthropic `stop_reason` mapped to one of ours, and
`read_blocks(response)`, the reply's content as neutral blocks in the order they came:
`ThinkingBlock` (text, signature and the model that wrote it; `ThinkingBlock.redacted` for a
`redacted_thinking` block), `TextBlock`, `ToolCall`, and every other block type (the server's own
work: a web search it ran) kept whole as a `ServerBlock`, so a paused turn can be sent back.
`check_reader` runs them on fixed replies in today's shape: thinking first, no thinking at all,
thinking between two calls (one redacted), and a server tool's blocks. The package's own
`from_anthropic` is the reference. Hints follow the edition's language, `handagent.language`.

Not handled here: usage and timestamps (the package reads them), streaming (chapter 07).
"""

from typing import get_args

from ..language import pick
from ..runtime.adapters.anthropic import STOP_REASONS, from_anthropic
from ..runtime.protocol import ServerBlock, StopReason, ThinkingBlock
from . import Verdict, attempt
from .questions.ch06 import SELF_CHECK  # noqa: F401 - the chapter's self-check, read by selfcheck

EXERCISE = ("06 · read a reply by its blocks", "06 · 按块读一条回复")
MODEL = "mock-transcript"  # the model the fixed replies claim; thinking blocks must record it
SIGNATURE = "EqQBCkYIBxgCKkBdT0mKvJ3qX7y0w2nW9aZ1Lr8sPq4VbN6uHcE5tKfG2jDiO1lM3zYxR0Q"
LATER_SIGNATURE = "EpcBCkYIBxgCKkA3mQ8vLr2Zx7Ty1uWn4Hc9Ks6Pd0Jb5Ge8Fa2Qm1Ni3Ro7Sl4Vk"
REDACTED = "EmwKAhgBEgy3va3pzix/LafPsn4aDFIT2Xlxh0L5L8rLVyIwxtE3rAFBa8cr3qpP"
READ_A = {"type": "tool_use", "id": "toolu_06_a", "name": "read_file", "input": {"path": "a.ts"}}
READ_B = {"type": "tool_use", "id": "toolu_06_b", "name": "read_file", "input": {"path": "b.ts"}}
SEARCH = {"type": "server_tool_use", "id": "srvtoolu_06", "name": "web_search",
          "input": {"query": "divide by zero"}}  # fmt: skip
FOUND = {"type": "web_search_tool_result", "tool_use_id": "srvtoolu_06", "content": []}

# (what the reply shows, in English and Chinese; its content): the shapes a reply takes today.
REPLIES = (
    (
        ("thinking, then a call", "先 thinking、再一个调用"),
        [{"type": "thinking", "thinking": "", "signature": SIGNATURE}, READ_A],
    ),
    (
        ("no thinking at all (the model may skip it)", "完全没有 thinking（模型可以跳过）"),
        [{"type": "text", "text": "Hello!"}],
    ),
    (
        (
            "thinking between two calls, one block redacted",
            "两个调用之间也有 thinking、其中一块是 redacted",
        ),
        [
            {"type": "thinking", "thinking": "Read a first.", "signature": SIGNATURE},
            {"type": "text", "text": "Reading both."},
            READ_A,
            {"type": "redacted_thinking", "data": REDACTED},
            {"type": "thinking", "thinking": "", "signature": LATER_SIGNATURE},
            READ_B,
        ],
    ),
    (
        ("a server tool's blocks", "服务端工具的块"),
        [SEARCH, FOUND, {"type": "text", "text": "Found nothing."}],
    ),
)

# Why a value belongs where it does, for the mistakes a first attempt makes (English, Chinese).
WHY = {
    "pause_turn": (
        "a server-tool loop paused mid-turn: send the content back and ask again",
        "服务端工具的循环在这一轮中途暂停了，把内容原样发回去再请求一次",
    ),
    "refusal": (
        "the model declined, in a normal HTTP 200 whose stop_details say why",
        "模型拒绝了，这是一个正常的 HTTP 200，stop_details 会说明原因",
    ),
    "model_context_window_exceeded": (
        "the context window ran out: the reply is cut off",
        "上下文窗口用完了，回复被截断",
    ),
    "stop_sequence": (
        "one of the request's stop_sequences matched: a normal end",
        "命中了请求里的某个 stop_sequences，正常结束",
    ),
    "max_tokens": ("the reply hit max_tokens: cut off", "回复达到了 max_tokens，被截断"),
}


def response(content: list[dict]) -> dict:
    """A whole reply around `content`, in today's shape."""
    return {
        "id": "msg_06", "type": "message", "role": "assistant", "model": MODEL,
        "content": content, "stop_reason": "tool_use", "stop_sequence": None,
        "stop_details": None, "usage": {"input_tokens": 100, "output_tokens": 20},
    }  # fmt: skip


def _table_problems(stop_table: object) -> list[str]:
    if not isinstance(stop_table, dict):
        return [
            pick(
                f"stop_table is {stop_table!r}; make it a dict such as {{'end_turn': 'stop'}}.",
                f"stop_table 是 {stop_table!r}；它应该是一个 dict，比如 {{'end_turn': 'stop'}}。",
            )
        ]
    ours = get_args(StopReason)
    problems = []
    for theirs, wanted in STOP_REASONS.items():
        got = stop_table.get(theirs)
        if got == wanted:
            continue
        why = pick(f": {WHY[theirs][0]}", f"（{WHY[theirs][1]}）") if theirs in WHY else ""
        if got is None:
            problems.append(
                pick(
                    f"stop_table has no entry for {theirs!r}; it is {wanted!r}{why}.",
                    f"stop_table 里没有 {theirs!r}；它对应 {wanted!r}{why}。",
                )
            )
        elif got not in ours:
            problems.append(
                pick(
                    f"stop_table maps {theirs!r} to {got!r}, not one of ours: {ours}.",
                    f"stop_table 把 {theirs!r} 映射成了 {got!r}，这不是我们的取值：{ours}。",
                )
            )
        else:
            problems.append(
                pick(
                    f"stop_table maps {theirs!r} to {got!r}; it is {wanted!r}{why}.",
                    f"stop_table 把 {theirs!r} 映射成了 {got!r}；它对应 {wanted!r}{why}。",
                )
            )
    return problems


def _difference(got: list, wanted: tuple) -> str:
    """What is wrong with the blocks read, in a sentence with the fix."""
    kinds = [type(b).__name__ for b in got]
    thinking = [b for b in wanted if isinstance(b, ThinkingBlock)]
    if len([b for b in got if isinstance(b, ThinkingBlock)]) < len(thinking):
        also = ""
        if any(b.redacted_data for b in thinking):
            also = pick(
                " A redacted_thinking block too: ThinkingBlock.redacted(data, model).",
                "redacted_thinking 块也一样：ThinkingBlock.redacted(data, model)。",
            )
        return pick(
            f"gave {kinds}: the thinking blocks are missing. Keep each one, in place: the next "
            f"request must send it back to the same model, or be refused.{also}",
            f"返回了 {kinds}：思考块不见了。每一块都要留在原位：下一次请求必须把它原样发回"
            f"给同一个模型，否则会被拒绝。{also}",
        )
    server = [b for b in wanted if isinstance(b, ServerBlock)]
    if server and [b for b in got if isinstance(b, ServerBlock)] != server:
        return pick(
            f"gave {kinds}: keep each block of the server's own work whole, in place, as "
            "ServerBlock(block): a paused turn is sent back with them.",
            f"返回了 {kinds}：服务器自己做的事（它的块）要原样、在原位保留为 "
            "ServerBlock(block)：暂停的一轮要带着它们发回去。",
        )
    for number, (ours, theirs) in enumerate(zip(got, wanted, strict=False), 1):
        if ours == theirs:
            continue
        if isinstance(theirs, ThinkingBlock) and isinstance(ours, ThinkingBlock):
            if ours.model != theirs.model:
                return pick(
                    f"gave block {number} with model {ours.model!r}; use response['model'].",
                    f"返回的第 {number} 块记录的模型是 {ours.model!r}；用 response['model']。",
                )
            return pick(
                f"gave block {number} changed from the thinking block as sent: keep its text "
                "and signature.",
                f"返回的第 {number} 块和发来的思考块不一样：text 和 signature 都要原样保留。",
            )
        return pick(
            f"gave block {number} as {ours!r}, where {theirs!r} was sent.",
            f"返回的第 {number} 块是 {ours!r}，发来的却是 {theirs!r}。",
        )
    return pick(
        f"gave {kinds}, {len(wanted)} blocks were wanted.",
        f"返回了 {kinds}，应该是 {len(wanted)} 块。",
    )


def _crash_hint(raised: str) -> str:
    if "KeyError: 'text'" in raised:
        return pick(
            " The first block is not always text: a reply may start with thinking. "
            "Loop over every block and look at its type.",
            "第一块不一定是文本：回复可能以 thinking 开头。遍历每一块，看它的类型。",
        )
    if "StopIteration" in raised:
        return pick(
            " next(...) found no tool_use: a reply may hold none, or several. Loop over every "
            "block and keep each one you read, in order.",
            "next(...) 没找到 tool_use：一条回复可能一个调用都没有，也可能有好几个。"
            "遍历每一块，把要读的块都按顺序留下。",
        )
    return pick(
        " Loop over response['content'] and read each block by its 'type'.",
        "遍历 response['content']，按每一块的 'type' 来读。",
    )


def _blocks_problems(read_blocks) -> list[str]:
    problems = []
    for what, content in REPLIES:
        reply = response(content)
        wanted = from_anthropic(reply, timestamp=0.0).content
        got, raised = attempt(read_blocks, reply)
        where = pick(
            f"For a reply with {what[0]}, read_blocks ",
            f"对于“{what[1]}”这样的回复，read_blocks ",
        )
        if raised:
            problems.append(where + pick(f"{raised}.", f"{raised}。") + _crash_hint(raised))
        elif not isinstance(got, list | tuple):
            problems.append(
                where
                + pick(
                    f"returned {got!r}; return a list of blocks.",
                    f"返回了 {got!r}；应该返回块的列表。",
                )
            )
        elif tuple(got) != wanted:
            problems.append(where + _difference(list(got), wanted))
    return problems


def check_reader(stop_table, read_blocks) -> Verdict:
    """Check the stop-reason table and the block reader on the fixed replies."""
    problems = _table_problems(stop_table) + _blocks_problems(read_blocks)
    return Verdict(pick(*EXERCISE), tuple(problems))
