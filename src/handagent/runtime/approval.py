"""The approval gate: a tool with an effect runs only when the program's approver says yes.

A refund, a deletion or an email cannot be undone, and a model may be talked into asking for
one by text it read in a tool result (chapter 11). `gated(tool, approve)` returns the same tool
(name, description, schema: the model sees no difference) whose function first asks
`approve(name, arguments)`, a function of the program (asking the user, a rule, a list), which
the model cannot reach: nothing the model writes is an approval. A denied call is answered as
chapter 05 answers a call the program declines (`dispatch.not_run`): an error result the model
reads, saying it was not run and why.

Not handled here: remembering an approval for later calls, approvals with a time limit,
deciding which tools have effects (the program lists them).
"""

from collections.abc import Callable
from dataclasses import replace

from ..dispatch import not_run
from ..tools import Tool, ToolOutput

Approver = Callable[[str, dict], bool]  # (tool name, arguments) -> approved?


def deny_all(name: str, arguments: dict) -> bool:
    """An approver that says no to everything: the safe default when nobody is there to ask."""
    return False


def gated(tool: Tool, approve: Approver) -> Tool:
    """`tool`, run only after `approve(tool.name, arguments)` returns True.

    Example: gated(refund_order, deny_all) called with {"order_id": 1042} -> ToolOutput("Not run:
    the program's approver did not approve refund_order", is_error=True); refund never runs.
    """
    if not callable(approve):
        raise TypeError(f"approve must be a function (name, arguments) -> bool, not {approve!r}.")

    def run(**arguments: object) -> object:
        if approve(tool.name, dict(arguments)) is True:
            return tool.function(**arguments)
        reason = f"the program's approver did not approve {tool.name}"
        return ToolOutput(not_run({"id": tool.name}, reason)["content"], is_error=True)

    return replace(tool, function=run)
