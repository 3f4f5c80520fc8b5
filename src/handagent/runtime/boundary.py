"""The boundary: what happens before every tool call and after it, in one place, outside the tool.

Chapter 09's loop runs a model's calls; chapters 10-12 add tools with effects, tools that read
what strangers wrote, and tools nobody here wrote. Each concern of theirs is a rule here, applied
by the runtime to every call (`runtime.calls`), whatever the tool, as pi-mono's agent loop puts
`beforeToolCall` and `afterToolCall` around its tools rather than inside them:

    before   approval (`runtime.approval`): a tool not declared read-only runs only when the
             program's approver says yes. Asked before the call starts, so a person's time to
             answer never counts against the tool's deadline; refused, the call never starts.
    after    whatever the tool returned or raised becomes content the API accepts
             (`runtime.results`: any Python value, any exception, lone surrogates folded);
             every secret the program names is scrubbed from it and from its details, however
             nested (`runtime.scrubber`); text over the size ceiling is cut, with a note that
             tells the model how to get the rest (chapter 08's `truncate_head`).

    Boundary(approve=ask_the_user, secrets=(PAYMENTS_KEY,)).after(call, "find_order", {...})
        -> ToolResultMessage(content=(TextBlock('{"order": 1042, ...}'),), is_error=False, ...)

The ceiling is twice chapter 08's policies (4,000 lines, 100 KB), so a tool with a policy of its
own (read_file, bash) is never cut twice, and a tool with none (an MCP server's 20 MB answer)
cannot make every later request of its session too long for the context window.

Not handled here: rate limits and budgets per tool, rewriting a call's arguments, a secret the
program does not name (`runtime.scrubber` says which ones escape).
"""

from dataclasses import dataclass

from . import approval
from .approval import Approver, Gate, check_approver, deny_all
from .protocol import ImageBlock, TextBlock, ToolCall, ToolResultMessage, tool_result_message
from .results import Blocks, as_content
from .scrubber import check_secrets, scrubbed
from .truncate import MAX_BYTES, MAX_LINES, format_size, truncate_head

MAX_IMAGE_BYTES = 5 * 1024 * 1024  # the API's limit for one base64 image


@dataclass(frozen=True)
class Boundary:
    """The rules around every call. Example: Boundary(approve=ask_the_user, secrets=(KEY,))"""

    approve: Approver = deny_all  # asked for every tool not declared read_only
    secrets: tuple[str, ...] = ()  # scrubbed from every result and its details
    max_bytes: int = 2 * MAX_BYTES  # a result's text above this is cut, with a note
    max_lines: int = 2 * MAX_LINES
    gate: Gate = approval.gate  # (tool, arguments, approve) -> why not, or None: the rule that asks

    def __post_init__(self):
        check_approver(self.approve)
        if not callable(self.gate):
            raise TypeError(f"gate must be a function (tool, arguments, approve) -> a reason or "
                            f"None, not {self.gate!r}.")  # fmt: skip
        object.__setattr__(self, "secrets", check_secrets(self.secrets))
        if self.max_bytes < 1024 or self.max_lines < 1:
            raise ValueError("max_bytes is at least 1024 and max_lines at least 1.")

    def before(self, tool, arguments: dict) -> str | None:
        """Why this call may not start, in words for the model; None when it may. Fails closed:
        a gate that raises, or answers anything but a reason or None, refuses the call."""
        try:
            said = self.gate(tool, dict(arguments), self.approve)
        except Exception as error:
            return f"the program's gate failed ({type(error).__name__}), so {tool.name} was not run"
        if said is None or (isinstance(said, str) and said):
            return said
        return f"the program's gate gave no reason to run {tool.name} ({said!r}), so it was not run"

    def after(
        self, call: ToolCall, value: object, *, timestamp: float | None = None
    ) -> ToolResultMessage:
        """The result of `call`, from whatever its tool returned or raised. Never raises."""
        blocks, is_error, details = as_content(value, call.name)
        blocks, details = scrubbed(blocks, self.secrets), scrubbed(details, self.secrets)
        blocks, cut = self._within_ceiling(blocks)
        if cut:
            details = {**(details or {}), "truncation": cut}
        return tool_result_message(
            call, blocks, is_error=is_error, details=details, timestamp=timestamp
        )

    def _within_ceiling(self, blocks: Blocks) -> tuple[Blocks, dict | None]:
        """The blocks with their text cut at the ceiling, and the figures of the cut (or None).

        Example: one text block of 20 MB -> (TextBlock(<the first 100 KB> + "[Showing lines
        1-N of M ...]"),), {"truncated": True, ...}
        """
        kept: list[TextBlock | ImageBlock] = []
        room, cut, left_out = self.max_bytes, None, 0
        for block in blocks:
            if isinstance(block, ImageBlock):
                size = format_size(len(block.data))
                too_big = TextBlock(f"[an image of {size} was left out: over the API's 5 MB]")
                kept.append(too_big if len(block.data) > MAX_IMAGE_BYTES else block)
                continue
            if cut is not None:
                left_out += 1
                continue
            size = len(block.text.encode())
            if size <= room and block.text.count("\n") < self.max_lines:
                kept.append(block)
                room -= size
                continue
            t = truncate_head(block.text, self.max_lines, max(room, 0))
            cut = t.as_details()
            notice = (
                f"[Showing lines 1-{t.output_lines} of {t.total_lines} "
                f"({format_size(t.total_bytes)}): the program cuts every result at "
                f"{format_size(self.max_bytes)}. Ask for a smaller part (a narrower query, a "
                "range, an offset or a page) to see the rest.]"
            )
            kept.append(TextBlock(f"{t.content.rstrip()}\n\n{notice}".lstrip()))
        if left_out:
            cut["blocks_left_out"] = left_out
        return tuple(kept), cut
