"""Thinking blocks at the provider boundary: which ones go back in a request, and to which model.

A reply may hold the model's reasoning as `thinking` blocks (the text is "" when the provider
returns only the signature) or `redacted_thinking` blocks (encrypted). The provider signs each
block, and when the history comes back it checks the signature against the block's exact text,
its place among the other blocks and the model that wrote it (newer models also check the
conversation before it). So:

- the log keeps every block as it arrived, with the model that produced it (`ThinkingBlock`);
- to the model that wrote it, a block goes back unmodified, in its place, with its signature
  (the docs: rebuilding the message or filtering blocks out of it gets a 400);
- to any other model it is left out, unless the catalogue says that model reads this one's
  blocks (`models.Model.reads_thinking_of`). A model that cannot read a block gets nothing
  from it: older models refuse the request with a 400, newer ones drop the block in silence.
  Leaving it out is the same loss, without the risk of the 400;
- a block without a signature (a stream stopped before it arrived) is never sent: the API
  requires one, and the log still has the block.

Not handled here: OpenAI Chat, which has no field for thinking (its adapter drops every block),
per-account and per-conversation binding (the API checks those; a block is sent or not sent
whole, never rebuilt), `redacted_thinking` blocks' contents (opaque by design).
"""

from ..api.models import find
from .protocol import ThinkingBlock


def same_model(a: str, b: str) -> bool:
    """Whether two model ids name one model, aliases included.

    Example: ("claude-haiku-4-5", "claude-haiku-4-5-20251001") -> True
    """
    return a == b or (find(a) is not None and find(a) is find(b))


def sendable(block: ThinkingBlock, target: str | None) -> bool:
    """Whether `block` goes back in a request to the model `target` (None: unknown).

    Example: ThinkingBlock("", "sig", "m"), "m" -> True;  the same, "another" -> False
    """
    if target is None or not block.signed:
        return False  # unknown target: nothing proves it reads it; unsigned: refused
    if same_model(block.model, target):
        return True
    reader = find(target)
    if reader is None:
        return False
    return any(same_model(block.model, m) for m in reader.reads_thinking_of)
