"""Content blocks as plain dicts, whether they came from our own code or from the SDK.

A history mixes both: messages we write are dicts, and a reply's `response.content` holds the
SDK's objects (`TextBlock`, `ToolUseBlock`). Code that reads a history reads it through here.

Not handled here: checking blocks (see `checks`), converting between providers (chapter 06).
"""


def block_dict(block: object) -> object:
    """One block as a dict; anything else is returned unchanged for the checks to refuse.

    Example: ToolUseBlock(id="toolu_1", name="add", input={}, type="tool_use")
        -> {"id": "toolu_1", "name": "add", "input": {}, "type": "tool_use"}
    """
    if hasattr(block, "model_dump"):
        return block.model_dump(exclude_none=True)
    return block


def message_dict(message: object) -> object:
    """One message with its content blocks as dicts.

    Example: {"role": "assistant", "content": [TextBlock(...)]}
        -> {"role": "assistant", "content": [{"type": "text", "text": ...}]}
    """
    content = message.get("content") if isinstance(message, dict) else None
    if not isinstance(content, list):
        return message
    return {**message, "content": [block_dict(block) for block in content]}


def tool_uses(content: object) -> list[dict]:
    """Every tool_use block of a reply's content, in order (never just the first or the last).

    Example: [text, tool_use(add), tool_use(get_time)] -> [tool_use(add), tool_use(get_time)]
    """
    if not isinstance(content, list):
        return []
    blocks = [block_dict(block) for block in content]
    return [b for b in blocks if isinstance(b, dict) and b.get("type") == "tool_use"]
