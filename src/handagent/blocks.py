"""Content blocks as plain dicts, whether they came from our own code or from the SDK, and a
reply read by block type.

A history mixes both: messages we write are dicts, and a reply's `response.content` holds the
SDK's objects (`ThinkingBlock`, `TextBlock`, `ToolUseBlock`). Code that reads a history reads it
through here. A reply is read by type, never by position: today's models may start a reply with
one or more thinking blocks, so `content[0]` is not the text, and `content[-1]` not the only call.

    text_of(reply.content)                    -> "It is 20:41."
    blocks_of_type(reply.content, "thinking") -> [{"type": "thinking", "thinking": "", ...}]

Not handled here: checking blocks (see `checks`), converting between providers (chapter 07).
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
    return blocks_of_type(content, "tool_use") if isinstance(content, list) else []


def content_blocks(content: object) -> list:
    """A message's content as a list of blocks, SDK objects as dicts: a string is one text block.

    Example: "hi" -> [{"type": "text", "text": "hi"}]; "" or None -> []
    """
    if isinstance(content, str):
        return [{"type": "text", "text": content}] if content else []
    if not isinstance(content, list):
        return []
    return [block_dict(block) for block in content]


def blocks_of_type(content: object, kind: str) -> list[dict]:
    """The blocks of one type, in order, as dicts.

    Example: ([ThinkingBlock(...), TextBlock(text="Hi")], "text")
        -> [{"type": "text", "text": "Hi"}]
    """
    return [b for b in content_blocks(content) if isinstance(b, dict) and b.get("type") == kind]


def text_of(content: object) -> str:
    """A reply's text: its text blocks joined by new lines; "" when it has none.

    Example: [ThinkingBlock(...), TextBlock(text="Let me check."), ToolUseBlock(...)]
        -> "Let me check."
    """
    return "\n".join(block.get("text", "") for block in blocks_of_type(content, "text"))
