"""Approval: a call that can change the world runs only when the program's approver says yes.

A refund, a deletion or an email cannot be undone, and a model may be talked into asking for
one by text it read in a tool result (chapter 11). Which calls need approval is decided on the
tool itself, never on its name on the menu: a tool the program declared `read_only=True` runs
without asking; every other tool is an effect, and runs only when `approve(name, arguments)`
returns True, exactly True. A renamed tool (an MCP server's, prefixed on a clash) is the same
tool and is gated the same way; a tool nobody declared is gated: the gate fails closed.

The approver is a function of the program (it asks the user, applies a rule, reads a list) that
the model cannot reach: nothing the model writes is an approval. It is asked before the call
starts, by the boundary (`runtime.boundary`), so a person's time to answer never counts against
the tool's deadline. An approver that raises, or answers anything but True, is a no. A refused
call is answered as chapter 05 answers a call the program declines (`dispatch.not_run`): an
error result the model reads, saying it was not run and why.

Not handled here: remembering an approval for later calls, approvals with a time limit, tools
that are effects for some arguments only (declare them effects; the approver reads arguments).
"""

from collections.abc import Callable

from ..tools import Tool

Approver = Callable[[str, dict], bool]  # (tool name, arguments) -> approved?
Gate = Callable[[Tool, dict, Approver], str | None]  # -> why the call may not run, or None


def deny_all(name: str, arguments: dict) -> bool:
    """An approver that says no to everything: the default when nobody is there to ask."""
    return False


def allow_all(name: str, arguments: dict) -> bool:
    """An approver that says yes to everything: every effect runs. Only where a person has
    already decided (a test, a demo that says so): it is the absence of a gate."""
    return True


def check_approver(approve: object) -> Approver:
    """The approver, refused at once if it is not a function (a programmer's mistake)."""
    if not callable(approve):
        raise TypeError(f"approve must be a function (name, arguments) -> bool, not {approve!r}.")
    return approve


def gate(tool: Tool, arguments: dict, approve: Approver) -> str | None:
    """Why this call may not run, in words for the model; None when it may.

    Example: (refund_order, {"order_id": 1042}, deny_all) -> "the program's approver did not
    approve refund_order";  (find_order, {...}, deny_all) -> None (it only reads)
    """
    if tool.read_only:
        return None
    try:
        approved = approve(tool.name, dict(arguments)) is True  # a copy: the call's own stays
    except Exception as error:  # a dialog that crashed said nothing: no
        return f"the program's approver failed ({type(error).__name__}), so {tool.name} was not run"
    return None if approved else f"the program's approver did not approve {tool.name}"
