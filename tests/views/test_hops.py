"""Tests for views.hops: a run over MCP servers drawn as model, runtime and servers."""

import xml.etree.ElementTree as ET

from editions import english_afterwards, in_chinese  # noqa: F401 - the fixture is autouse

from handagent.language import use_language
from handagent.runtime.protocol import (
    TextBlock,
    ToolCall,
    assistant_reply,
    tool_result_message,
    user_text,
)
from handagent.views.hops import server_hops

RADAR = ToolCall("toolu_R", "radar", {"city": "Oslo"})
CLOCK = ToolCall("toolu_C", "get_current_time", {})
RUN = [
    user_text("Radar over Oslo, and the time?", timestamp=0.0),
    assistant_reply(RADAR, CLOCK, model="m", timestamp=0.0),
    tool_result_message(
        RADAR, "Radar over Oslo:", details={"server": "maps", "tool": "radar"}, timestamp=0.0
    ),
    tool_result_message(CLOCK, "20:41", timestamp=0.0),
    assistant_reply(TextBlock("Here it is."), model="m", stop_reason="stop", timestamp=0.0),
]


def test_the_model_talks_only_to_the_runtime_and_the_runtime_to_the_server():
    assert str(server_hops(RUN)).splitlines() == [
        "        runtime ->  model            request with 1 message",
        '          model --> runtime          tool_use radar {"city": "Oslo"}',
        "          model --> runtime          tool_use get_current_time {}",
        '        runtime ->  MCP server maps  tools/call radar · {"city": "Oslo"}',
        "MCP server maps --> runtime          result: Radar over Oslo:",
        "        runtime ->  runtime          runs its own get_current_time: 20:41",
        "        runtime ->  model            request with 4 messages",
        "          model --> runtime          stop: Here it is.",
    ]


def test_every_rendering_is_in_one_output_and_the_svg_parses():
    bundle = server_hops(RUN)._repr_mimebundle_()
    assert set(bundle) == {"text/vnd.mermaid", "image/svg+xml", "text/plain"}
    assert "participant server_maps as MCP server maps" in bundle["text/vnd.mermaid"]
    assert "runtime->>runtime" in bundle["text/vnd.mermaid"]
    ET.fromstring(bundle["image/svg+xml"])


def test_the_chinese_edition_names_the_lanes_in_chinese():
    use_language("zh-CN")
    listing = str(server_hops(RUN))
    assert "MCP 服务器 maps" in listing and "运行时" in listing and "请求（1 条消息）" in listing
