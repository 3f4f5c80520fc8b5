"""Tests for handagent.blocks: blocks as dicts, and a reply read by type whatever it starts with."""

from anthropic.types import TextBlock, ThinkingBlock, ToolUseBlock

from handagent.blocks import block_dict, blocks_of_type, message_dict, text_of, tool_uses

THOUGHT = ThinkingBlock(thinking="", signature="s" * 64, type="thinking")


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


def test_text_of_joins_the_text_blocks_whatever_comes_first():
    reply = [THOUGHT, TextBlock(text="Let me check.", type="text"),
             ToolUseBlock(id="a", name="t", input={}, type="tool_use"),
             {"type": "text", "text": "Done."}]  # fmt: skip
    assert text_of(reply) == "Let me check.\nDone."
    assert text_of([THOUGHT]) == "" and text_of("plain") == "plain" and text_of(None) == ""


def test_blocks_of_type_selects_sdk_objects_and_dicts_alike():
    reply = [THOUGHT, {"type": "thinking", "thinking": "x", "signature": "y"}]
    assert blocks_of_type(reply, "thinking") == [
        {"thinking": "", "signature": "s" * 64, "type": "thinking"},
        {"type": "thinking", "thinking": "x", "signature": "y"},
    ]
    assert blocks_of_type(reply, "text") == [] and blocks_of_type(42, "text") == []


def test_content_blocks_reads_strings_none_and_sdk_blocks_alike():
    from handagent.blocks import content_blocks

    assert content_blocks("hi") == [{"type": "text", "text": "hi"}]
    assert content_blocks("") == content_blocks(None) == []
    assert content_blocks([TextBlock(text="x", type="text")]) == [{"type": "text", "text": "x"}]
