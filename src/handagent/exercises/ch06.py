"""Chapter 06 exercise: read a Messages API reply by its blocks, and map why it stopped.

The learner hands in `stop_table`, every Anthropic `stop_reason` mapped to one of ours, and
`read_blocks(response)`, the reply's content as neutral blocks in the order they came:
`ThinkingBlock` (text, signature and the model that wrote it; `ThinkingBlock.redacted` for a
`redacted_thinking` block), `TextBlock` and `ToolCall`, every other block type skipped.
`check_reader` runs them on fixed replies in today's shape: thinking first, no thinking at all,
thinking between two calls (one redacted), and a server tool's blocks. The package's own
`from_anthropic` is the reference.

Not handled here: usage and timestamps (the package reads them), streaming (chapter 07).
"""

from typing import get_args

from ..runtime.adapters.anthropic import STOP_REASONS, from_anthropic
from ..runtime.protocol import StopReason, ThinkingBlock
from . import Verdict, attempt
from .selfcheck import Question

EXERCISE = "06 · read a reply by its blocks"
MODEL = "mock-transcript"  # the model the fixed replies claim; thinking blocks must record it
SIGNATURE = "EqQBCkYIBxgCKkBdT0mKvJ3qX7y0w2nW9aZ1Lr8sPq4VbN6uHcE5tKfG2jDiO1lM3zYxR0Q"
LATER_SIGNATURE = "EpcBCkYIBxgCKkA3mQ8vLr2Zx7Ty1uWn4Hc9Ks6Pd0Jb5Ge8Fa2Qm1Ni3Ro7Sl4Vk"
REDACTED = "EmwKAhgBEgy3va3pzix/LafPsn4aDFIT2Xlxh0L5L8rLVyIwxtE3rAFBa8cr3qpP"
READ_A = {"type": "tool_use", "id": "toolu_06_a", "name": "read_file", "input": {"path": "a.ts"}}
READ_B = {"type": "tool_use", "id": "toolu_06_b", "name": "read_file", "input": {"path": "b.ts"}}
SEARCH = {"type": "server_tool_use", "id": "srvtoolu_06", "name": "web_search",
          "input": {"query": "divide by zero"}}  # fmt: skip
FOUND = {"type": "web_search_tool_result", "tool_use_id": "srvtoolu_06", "content": []}

# (what the reply shows, its content): the shapes a reply takes today.
REPLIES = (
    (
        "thinking, then a call",
        [{"type": "thinking", "thinking": "", "signature": SIGNATURE}, READ_A],
    ),
    ("no thinking at all (the model may skip it)", [{"type": "text", "text": "Hello!"}]),
    (
        "thinking between two calls, one block redacted",
        [
            {"type": "thinking", "thinking": "Read a first.", "signature": SIGNATURE},
            {"type": "text", "text": "Reading both."},
            READ_A,
            {"type": "redacted_thinking", "data": REDACTED},
            {"type": "thinking", "thinking": "", "signature": LATER_SIGNATURE},
            READ_B,
        ],
    ),
    ("a server tool's blocks", [SEARCH, FOUND, {"type": "text", "text": "Found nothing."}]),
)

# Why a value belongs where it does, for the mistakes a first attempt makes.
WHY = {
    "pause_turn": "a server-tool loop paused mid-turn: send the content back and ask again",
    "refusal": "the model declined, in a normal HTTP 200 whose stop_details say why",
    "model_context_window_exceeded": "the context window ran out: the reply is cut off",
    "stop_sequence": "one of the request's stop_sequences matched: a normal end",
    "max_tokens": "the reply hit max_tokens: cut off",
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
        return [f"stop_table is {stop_table!r}; make it a dict such as {{'end_turn': 'stop'}}."]
    ours = get_args(StopReason)
    problems = []
    for theirs, wanted in STOP_REASONS.items():
        got = stop_table.get(theirs)
        if got == wanted:
            continue
        why = f": {WHY[theirs]}" if theirs in WHY else ""
        if got is None:
            problems.append(f"stop_table has no entry for {theirs!r}; it is {wanted!r}{why}.")
        elif got not in ours:
            problems.append(f"stop_table maps {theirs!r} to {got!r}, not one of ours: {ours}.")
        else:
            problems.append(f"stop_table maps {theirs!r} to {got!r}; it is {wanted!r}{why}.")
    return problems


def _difference(got: list, wanted: tuple) -> str:
    """What is wrong with the blocks read, in a sentence with the fix."""
    kinds = [type(b).__name__ for b in got]
    thinking = [b for b in wanted if isinstance(b, ThinkingBlock)]
    if len([b for b in got if isinstance(b, ThinkingBlock)]) < len(thinking):
        redacted = any(b.redacted_data for b in thinking)
        also = " A redacted_thinking block too: ThinkingBlock.redacted(data, model)." * redacted
        return (
            f"gave {kinds}: the thinking blocks are missing. Keep each one, in place: the next "
            f"request must send it back to the same model, or be refused.{also}"
        )
    if len(got) > len(wanted):
        return f"gave {kinds}: skip the block types you do not read (server tools' blocks)."
    for number, (ours, theirs) in enumerate(zip(got, wanted, strict=False), 1):
        if ours == theirs:
            continue
        if isinstance(theirs, ThinkingBlock) and isinstance(ours, ThinkingBlock):
            if ours.model != theirs.model:
                return f"block {number} records model {ours.model!r}; use response['model']."
            return f"block {number} is not the thinking block as sent: keep text and signature."
        return f"block {number} is {ours!r}, where {theirs!r} was sent."
    return f"gave {kinds}, {len(wanted)} blocks were wanted."


def _crash_hint(raised: str) -> str:
    if "KeyError: 'text'" in raised:
        return (
            " The first block is not always text: a reply may start with thinking. "
            "Loop over every block and look at its type."
        )
    return " Loop over response['content'] and read each block by its 'type'."


def _blocks_problems(read_blocks) -> list[str]:
    problems = []
    for what, content in REPLIES:
        reply = response(content)
        wanted = from_anthropic(reply, timestamp=0.0).content
        got, raised = attempt(read_blocks, reply)
        where = f"For a reply with {what}, read_blocks"
        if raised:
            problems.append(f"{where} {raised}.{_crash_hint(raised)}")
        elif not isinstance(got, list | tuple):
            problems.append(f"{where} returned {got!r}; return a list of blocks.")
        elif tuple(got) != wanted:
            problems.append(f"{where} {_difference(list(got), wanted)}")
    return problems


def check_reader(stop_table, read_blocks) -> Verdict:
    """Check the stop-reason table and the block reader on the fixed replies."""
    return Verdict(EXERCISE, tuple(_table_problems(stop_table) + _blocks_problems(read_blocks)))


SELF_CHECK = (
    Question(
        prompt=(
            'A reply starts with a thinking block whose text is "". The next request goes to '
            "the same model. What happens to that block?",
            "",
        ),
        options=(
            ("Nothing: its text is empty, so it is left out", ""),
            ("It goes back unmodified, in its place, with its signature", ""),
            ("Its text goes back as a text block", ""),
            ("It is replaced by a short summary", ""),
        ),
        answer="b",
        hint=("What does the provider check when the block comes back?", ""),
        why=(
            "The provider checks the signature against the block exactly as it sent it; an "
            "edited, moved or missing block can get the request refused.",
            "",
        ),
    ),
    Question(
        prompt=('The Messages API answers with stop_reason "pause_turn". What next?', ""),
        options=(
            ("The turn is over: show the reply and wait for the user", ""),
            ("It failed: retry the same request", ""),
            ("Send the content back as it is and ask again", ""),
            ("Run the tool calls in the content", ""),
        ),
        answer="c",
        hint=("Which of our stop reasons does it map to, and what is that one's contract?", ""),
        why=(
            "A server-tool loop hit its limit mid-turn: the turn continues when the content is "
            "sent back. No client tool call is waiting in it.",
            "",
        ),
    ),
    Question(
        prompt=('Which of our stop reasons does an HTTP 200 with stop_reason "refusal" get?', ""),
        accept=("refusal",),
        hint=("It is not a failure of the network or the provider.", ""),
        why=(
            'refusal: the model declined, and stop_details say why. It is not "error": '
            "retrying the same request will not help; reset the context or ask another model.",
            "",
        ),
    ),
)
