"""Tests for views.recorded: a recorded real reply beside the mock's, labelled with project, model
and date, as text and HTML, in both editions; and the six exchanges the chapters show."""

import json
import re

import anthropic.types
import pytest
from builders import call, result, sdk_content, text, user
from editions import english_afterwards, in_chinese  # noqa: F401 - the fixture is autouse
from paths import ROOT, TESTS

from handagent.views import recorded
from handagent.views.recorded import beside, load_recording, one_line

NOTEBOOKS = ROOT / "notebooks"
DENVER = "pydantic-ai__test_output__test_mixed_tools_no_output__7c5e17_0"
MOCK_REPLY = {
    "model": "claude-haiku-5-5",
    "content": [call("toolu_A", "get_weather", {"city": "Paris"})],
    "stop_reason": "tool_use",
}
ASKED = [user("What's the weather in Paris?")]
MENU = [{"name": "get_weather", "description": "...", "input_schema": {"type": "object"}}]

# What each chapter shows beside the mock's reply (notebooks/0N_*.ipynb, both editions).
CHAPTERS = {
    "00": "openllmetry__test_messages__test_with_asyncio_run_legacy__5a9e8a_0",
    "01": "pydantic-ai__test_output__test_unsupported_strict_true_tool_no_output__8c3705_0",
    "02": "pydantic-ai__test_output__test_strict_true_tool_no_output__c9a4dc_0",
    "03": "pydantic-ai__test_output__test_unsupported_strict_true_tool_no_output__8c3705_1",
    "04": DENVER,
    "05": "pydantic-ai__test_tool_search__test_tool_search_eval_anthropic___61d235_5",
}


def test_the_folder_is_the_repositorys_tests_recorded():
    assert recorded.recorded_folder() == TESTS / "recorded"


def test_the_folder_can_be_set(monkeypatch, tmp_path):
    monkeypatch.setenv("HANDAGENT_RECORDED", str(tmp_path))
    assert recorded.recorded_folder() == tmp_path


def test_a_recording_is_labelled_with_its_project_model_and_date():
    recording = load_recording(DENVER)
    assert (recording.project, recording.date) == ("pydantic/pydantic-ai", "2025-11-26")
    assert recording.reply["model"] == "claude-sonnet-4-5-20250929"


def test_a_date_header_is_read_as_a_day():
    assert recorded._day("Tue, 02 Sep 2025 10:00:00 GMT") == "2025-09-02"
    assert recorded._day("2025-11-26T14:19:54-06:00") == "2025-11-26"


def test_an_unknown_name_says_what_the_names_are():
    with pytest.raises(FileNotFoundError, match="file names"):
        load_recording("no-such-exchange")


def test_a_streamed_recording_is_refused_with_the_reason():
    with pytest.raises(ValueError, match="no JSON reply"):
        load_recording("llm-anthropic__test_anthropic__test_async_prompt__2182d1_0")


def test_each_block_is_shown_in_one_line():
    assert one_line(text("Hi")) == "text: Hi"
    assert one_line(call("A", "add", {"a": 1})) == 'tool_use add {"a": 1}'
    assert one_line(result("A", "boom", is_error=True)) == "tool_result (is_error): boom"
    assert one_line({"type": "thinking", "thinking": "", "signature": "s"}) == (
        "thinking (its text not returned)"
    )
    assert one_line({"type": "server_tool_use"}) == "[server_tool_use]"


def test_plain_text_shows_the_real_side_then_the_mocks():
    assert str(beside(DENVER, MOCK_REPLY, ASKED, MENU)).splitlines() == [
        "A real model (pydantic/pydantic-ai · claude-sonnet-4-5-20250929 · 2025-11-26)",
        "  asked: text: What's the weather and elevation in Denver?",
        "  menu: get_weather, get_elevation",
        "  reply: text: I'll get the weather and elevation information for Denver.",
        '         tool_use get_weather {"city": "Denver"}',
        '         tool_use get_elevation {"city": "Denver"}',
        "  stop_reason: tool_use",
        "The mock (answering as claude-haiku-5-5)",
        "  asked: text: What's the weather in Paris?",
        "  menu: get_weather",
        '  reply: tool_use get_weather {"city": "Paris"}',
        "  stop_reason: tool_use",
    ]


def test_the_html_puts_the_two_replies_in_two_columns_of_one_table():
    page = beside(DENVER, MOCK_REPLY, ASKED, MENU)._repr_html_()
    assert page.count("<th ") == 2 and page.count("<td ") == 2
    assert "pydantic/pydantic-ai · claude-sonnet-4-5-20250929 · 2025-11-26" in page
    assert "What&#x27;s the weather and elevation in Denver?" in page
    assert "<script" not in page and "<style" not in page


def test_the_sdks_message_is_read_as_the_mocks_reply():
    message = anthropic.types.Message(
        id="msg_1",
        type="message",
        role="assistant",
        model="claude-haiku-5-5",
        content=sdk_content(text("It is 12:00.")),
        stop_reason="end_turn",
        usage={"input_tokens": 1, "output_tokens": 1},
    )
    shown = str(beside(DENVER, message, ASKED))
    assert "  reply: text: It is 12:00.\n  stop_reason: end_turn" in shown


def test_the_mocks_question_is_its_last_user_message():
    history = [user("first"), {"role": "assistant", "content": [call("A")]}, user([result("A")])]
    shown = str(beside(DENVER, MOCK_REPLY, history))
    assert "  asked: tool_result: 12:00" in shown and "first" not in shown


@in_chinese
def test_the_labels_are_in_chinese():
    lines = str(beside(DENVER, MOCK_REPLY, ASKED)).splitlines()
    assert lines[0] == "真实模型（pydantic/pydantic-ai · claude-sonnet-4-5-20250929 · 2025-11-26）"
    assert "  提问：text: What's the weather in Paris?" in lines
    assert "模拟服务（扮演 claude-haiku-5-5）" in lines and "  菜单：无" in lines  # no menu given
    assert one_line({"type": "thinking", "thinking": ""}) == "thinking（内容没有返回）"


def kinds(content: list) -> list[str]:
    return [block["type"] for block in content]


@pytest.mark.parametrize("chapter", sorted(CHAPTERS))
def test_each_chapter_shows_a_recording_that_matches_its_lesson(chapter):
    recording = load_recording(CHAPTERS[chapter])
    request, reply = recording.request, recording.reply
    last = request["messages"][-1]["content"]
    last_kinds = kinds(last) if isinstance(last, list) else ["text"]
    if chapter == "00":  # a plain text reply, no tools
        assert "tools" not in request and kinds(reply["content"]) == ["text"]
    if chapter == "01":  # a request with tools, answered with a call
        assert request["tools"] and reply["stop_reason"] == "tool_use"
    if chapter == "02":  # one tool_use block
        assert kinds(reply["content"]).count("tool_use") == 1
    if chapter == "03":  # the reply after a tool_result
        assert last_kinds == ["tool_result"] and reply["stop_reason"] == "end_turn"
    if chapter == "04":  # parallel calls
        assert kinds(reply["content"]).count("tool_use") >= 2
    if chapter == "05":  # the reply after an is_error result
        assert last_kinds == ["tool_result"] and last[0]["is_error"] is True


def test_each_chapter_shows_its_recording_in_both_editions():
    for chapter, name in CHAPTERS.items():
        for folder in (NOTEBOOKS, NOTEBOOKS / "zh-CN"):
            (path,) = folder.glob(f"{chapter}_*.ipynb")
            code = [
                "".join(cell["source"])
                for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]
                if cell["cell_type"] == "code"
            ]
            shown = [re.search(r'recording = "([^"]+)"', c) for c in code]
            assert [m[1] for m in shown if m] == [name], path.name


def test_an_mcp_connector_exchange_shows_its_servers_and_both_blocks():
    shown = str(beside(CONNECTOR, {"model": "m", "content": [], "stop_reason": "end_turn"}, []))
    assert "mcp_servers: deepwiki" in shown
    assert "mcp_tool_use deepwiki · ask_question" in shown
    assert "mcp_tool_result: " in shown


CONNECTOR = "pydantic-ai__test_anthropic__test_anthropic_mcp_servers__123726_0"
