"""Tests for views.inspector: a click pairs a call with its result, the wire JSON on a toggle,
and a static rendering for pages without a kernel, in both editions."""

import html
import json
import re

import ipywidgets as widgets
from builders import assistant, assistant_turn, call, result, sdk_content, text, user
from editions import english_afterwards, in_chinese  # noqa: F401 - the fixture is autouse

from handagent.runtime.protocol import (
    ThinkingBlock,
    ToolCall,
    tool_result_message,
    user_text,
)
from handagent.views.inspector import inspect_transcript
from handagent.views.transcript import show

HISTORY = [
    user("What time is it, and 1+2?"),
    assistant_turn(sdk_content(
        text("Let me check."),
        call("toolu_A", "get_current_time"),
        call("toolu_B", "add", {"a": 1, "b": "2"}),
    )),
    user([result("toolu_A", "12:00"), result("toolu_B", "bad b", is_error=True)]),
]  # fmt: skip


def selected(inspector) -> list[tuple[str, int]]:
    return [
        (row.line.kind, row.line.call)
        for row in inspector.rows
        if "handagent-selected" in row._dom_classes
    ]


def button(inspector, kind: str, call: int):
    row = next(r for r in inspector.rows if r.line.kind == kind and r.line.call == call)
    return row.children[1]


def test_clicking_a_call_highlights_its_result_and_nothing_else():
    inspector = inspect_transcript(HISTORY)
    button(inspector, "tool_use", 2).click()
    assert selected(inspector) == [("tool_use", 2), ("tool_result", 2)]
    assert button(inspector, "tool_result", 2).button_style == "warning"
    assert button(inspector, "tool_use", 1).button_style == "info"


def test_clicking_a_result_selects_its_call_and_shows_both_blocks_with_their_ids():
    inspector = inspect_transcript(HISTORY)
    button(inspector, "tool_result", 1).click()
    assert selected(inspector) == [("tool_use", 1), ("tool_result", 1)]
    assert inspector.pair.value.count("toolu_A") == 2


def test_a_new_selection_clears_the_old_one():
    inspector = inspect_transcript(HISTORY)
    button(inspector, "tool_use", 1).click()
    button(inspector, "tool_use", 2).click()
    assert [call for _, call in selected(inspector)] == [2, 2]


def test_error_results_and_unanswered_calls_are_marked():
    inspector = inspect_transcript(
        HISTORY[:2] + [{"role": "user", "content": HISTORY[2]["content"][1:]}]
    )
    marked = [
        (r.line.kind, r.line.call) for r in inspector.rows if "handagent-problem" in r._dom_classes
    ]
    assert marked == [("tool_use", 1), ("tool_result", 2)]
    assert button(inspector, "tool_result", 2).button_style == "danger"


def test_toggle_shows_the_json_sent_on_the_wire_instead_of_the_rows():
    inspector = inspect_transcript(HISTORY, tools=[{"name": "add"}])
    inspector.view.value = "wire"
    assert inspector.readable.layout.display == "none"
    assert inspector.wire_view.layout.display is None
    shown = re.search(r"<pre[^>]*>(.*)</pre>", inspector.wire_view.value, re.S).group(1)
    body = json.loads(html.unescape(shown))
    assert body["tools"] == [{"name": "add"}]
    assert body["messages"][1]["content"][2] == {
        "type": "tool_use",
        "id": "toolu_B",
        "name": "add",
        "input": {"a": 1, "b": "2"},
    }


def test_details_are_shown_under_their_result_and_never_in_the_wire_json():
    inspector = inspect_transcript(HISTORY, details={"toolu_B": {"exit_code": 3}})
    notes = [box for box in inspector.readable.children if isinstance(box, widgets.VBox)]
    assert len(notes) == 1 and "exit_code" in notes[0].children[1].value
    assert "exit_code" not in inspector.wire_view.value


def test_neutral_messages_are_sent_as_anthropic_blocks_with_their_details_kept():
    call = ToolCall("call|1", "add", {"a": 1, "b": 2})
    history = [
        user_text("1+2?", timestamp=1.0),
        assistant(call),
        tool_result_message(call, "3", details={"took_ms": 5}, timestamp=3.0),
    ]
    inspector = inspect_transcript(history)
    sent_id = inspector.wire[1]["content"][0]["id"]
    assert sent_id.startswith("call_1_") and inspector.details == {sent_id: {"took_ms": 5}}
    assert [r.line.call for r in inspector.rows] == [None, 1, 1]


def test_a_neutral_history_shows_its_thinking_as_its_own_model_gets_it():
    call = ToolCall("toolu_1", "add", {"a": 1, "b": 2})
    thought = ThinkingBlock("", "EqQB", "claude-haiku-5-5")
    history = [
        user_text("1+2?", timestamp=1.0),
        assistant(thought, call, model="claude-haiku-5-5", provider="anthropic"),
        tool_result_message(call, "3", timestamp=3.0),
    ]
    sent = inspect_transcript(history).wire[1]["content"]
    assert [block["type"] for block in sent] == ["thinking", "tool_use"]
    assert sent[0] == {"type": "thinking", "thinking": "", "signature": "EqQB"}


def test_viewers_without_widgets_get_the_transcript_as_text():
    bundle = inspect_transcript(HISTORY)._repr_mimebundle_()
    assert bundle["text/plain"] == str(show(HISTORY))
    assert "application/vnd.jupyter.widget-view+json" in bundle


def test_pages_without_a_kernel_get_every_row_with_its_id_details_and_the_wire_json():
    bundle = inspect_transcript(HISTORY, details={"toolu_B": {"exit_code": 3}})._repr_mimebundle_()
    page = bundle["text/html"]
    assert page.count("<code>toolu_A</code>") == 2 and page.count("<code>toolu_B</code>") == 2
    assert "✗ error" in page and "3 messages · 2 calls · 1 marked" in page
    table, wire = page.split("<details>")
    assert page.startswith('<div class="handagent-inspector-static">')
    assert "exit_code" in table and "exit_code" not in wire
    assert "the JSON the API receives" in wire and "&quot;is_error&quot;: true" in wire


@in_chinese
def test_the_chinese_widget_has_chinese_toggles_buttons_summary_and_pair():
    inspector = inspect_transcript(HISTORY)
    assert [label for label, _ in inspector.view.options] == ["易读", "传输格式 JSON"]
    assert [value for _, value in inspector.view.options] == ["readable", "wire"]
    assert button(inspector, "tool_use", 1).description == "tool_use #1"
    assert button(inspector, "tool_result", 2).description == "#2 的结果"
    assert "3 条消息 · 2 个调用 · 1 处标记" in inspector.children[0].children[1].value
    assert "点一个 tool_use 或 tool_result" in inspector.pair.value
    button(inspector, "tool_use", 2).click()
    assert inspector.pair.value.startswith("<b>调用 #2</b>，按 id 配对：")


@in_chinese
def test_the_chinese_static_rendering_and_text_are_in_chinese():
    bundle = inspect_transcript(HISTORY, details={"toolu_B": {"exit_code": 3}})._repr_mimebundle_()
    page = bundle["text/html"]
    assert "<b>3 条消息 · 2 个调用 · 1 处标记</b>（在 JupyterLab 里，点一个调用" in page
    assert "details（只给界面和日志看，从不发给模型）：" in page and "✗ 错误结果" in page
    assert "<summary>传输格式 JSON（API 实际收到的内容）</summary>" in page
    assert ">内容块</th>" in page
    assert bundle["text/plain"] == str(show(HISTORY)) and "<-- 错误结果" in bundle["text/plain"]
