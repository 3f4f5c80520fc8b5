from anthropic.types import TextBlock, ToolUseBlock

from handagent.blocks import block_dict, message_dict, tool_uses


def test_sdk_blocks_become_plain_dicts_without_empty_fields():
    block = ToolUseBlock(id="toolu_1", name="add", input={"a": 1}, type="tool_use")
    assert block_dict(block) == {
        "id": "toolu_1",
        "name": "add",
        "input": {"a": 1},
        "type": "tool_use",
    }
    assert block_dict(TextBlock(text="hi", type="text")) == {"text": "hi", "type": "text"}


def test_messages_keep_string_content_and_convert_block_lists():
    assert message_dict({"role": "user", "content": "hi"}) == {"role": "user", "content": "hi"}
    converted = message_dict({"role": "assistant", "content": [TextBlock(text="x", type="text")]})
    assert converted == {"role": "assistant", "content": [{"text": "x", "type": "text"}]}


def test_tool_uses_finds_every_call_not_just_the_first_or_last():
    content = [
        {"type": "text", "text": "Two things."},
        {"type": "tool_use", "id": "a", "name": "t", "input": {}},
        {"type": "text", "text": "And then."},
        ToolUseBlock(id="b", name="u", input={}, type="tool_use"),
    ]
    assert [call["id"] for call in tool_uses(content)] == ["a", "b"]
    assert tool_uses("just text") == [] and tool_uses([]) == []
