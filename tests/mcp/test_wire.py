"""The MCP wire mapped onto the Messages API's, checked on both sides by references we did not
write: the MCP SDK's own types parse what we send a client, and the API's rules
(`check_request`) accept the menu and the tool_result we build from what a server sent.

The MCP side is typed out as the spec's examples write it (server/tools: tools/list, tools/call,
content types), not built with the module under test.
"""

import mcp_types
from builders import assistant_turn, call, request, user

from handagent.api.checks import check_request
from handagent.mcp.results import result_content
from handagent.mcp.wire import (
    call_params,
    listed_tool,
    mcp_content,
    menu_entry,
    tool_result_of,
)

# The spec's tools/list item, with the fields the Messages API has no place for.
SPEC_TOOL = {
    "name": "get_weather",
    "title": "Weather Information Provider",
    "description": "Get current weather information for a location",
    "inputSchema": {
        "type": "object",
        "properties": {"location": {"type": "string", "description": "City name or zip code"}},
        "required": ["location"],
    },
    "icons": [{"src": "https://example.com/weather-icon.png", "mimeType": "image/png"}],
}
PNG = (  # one pixel
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9"
    "awAAAABJRU5ErkJggg=="
)
IMAGE = {"type": "image", "data": PNG, "mimeType": "image/png"}
ANTHROPIC_IMAGE = {
    "type": "image",
    "source": {"type": "base64", "media_type": "image/png", "data": PNG},
}


def conversation_with(answer: dict, tools: list[dict]) -> dict:
    """A request whose last message answers one get_weather call: what the model is sent next."""
    asked = call("toolu_01A", "get_weather", {"location": "Paris"})
    messages = [user("Weather?"), assistant_turn([asked]), user([answer])]
    return request(messages, tools=tools)


def test_a_listed_tool_becomes_a_menu_entry_the_api_accepts():
    entry = menu_entry(SPEC_TOOL)
    assert entry == {
        "name": "get_weather",
        "description": "Get current weather information for a location",
        "input_schema": SPEC_TOOL["inputSchema"],
    }  # title and icons are for a UI; the model's menu has no field for them
    check_request(request([user("Weather?")], tools=[entry]))


def test_a_menu_entry_can_carry_another_name_and_a_missing_description_becomes_empty():
    listed = {"name": "echo", "inputSchema": {"type": "object"}}
    assert menu_entry(listed, "b__echo") == {
        "name": "b__echo",
        "description": "",
        "input_schema": {"type": "object"},
    }


def test_a_menu_entry_listed_over_mcp_is_a_tool_the_sdk_parses_and_maps_back():
    entry = menu_entry(SPEC_TOOL)
    listed = listed_tool(entry)
    assert mcp_types.Tool.model_validate(listed).input_schema == SPEC_TOOL["inputSchema"]
    assert menu_entry(listed) == entry


def test_a_tool_use_becomes_the_params_of_tools_call():
    asked = call("toolu_01A", "b__add", {"a": 1, "b": 2})
    assert call_params(asked, "add") == {"name": "add", "arguments": {"a": 1, "b": 2}}
    assert call_params(call("toolu_01B", "get_time"))["arguments"] == {}
    mcp_types.CallToolRequestParams.model_validate(call_params(asked))


def test_is_error_is_carried_over_and_a_success_sends_no_is_error():
    failed = {"content": [{"type": "text", "text": "no forecast for Atlantis"}], "isError": True}
    assert tool_result_of("toolu_01A", failed) == {
        "type": "tool_result",
        "tool_use_id": "toolu_01A",
        "content": [{"type": "text", "text": "no forecast for Atlantis"}],
        "is_error": True,
    }
    worked = {"content": [{"type": "text", "text": "14°C"}], "isError": False}
    assert "is_error" not in tool_result_of("toolu_01A", worked)


def test_text_and_image_content_reach_the_model_as_text_and_base64_image_blocks():
    result = {"content": [{"type": "text", "text": "Radar:"}, IMAGE]}
    answer = tool_result_of("toolu_01A", result)
    assert answer["content"] == [{"type": "text", "text": "Radar:"}, ANTHROPIC_IMAGE]
    check_request(conversation_with(answer, [menu_entry(SPEC_TOOL)]))


def test_a_tools_output_becomes_mcp_content_the_sdk_parses_and_maps_back():
    assert mcp_content("6912") == [{"type": "text", "text": "6912"}]
    output = [{"type": "text", "text": "Radar:"}, ANTHROPIC_IMAGE]
    content = mcp_content(output)
    assert content == [{"type": "text", "text": "Radar:"}, IMAGE]
    mcp_types.CallToolResult.model_validate({"content": content})
    assert result_content({"content": content}) == output
