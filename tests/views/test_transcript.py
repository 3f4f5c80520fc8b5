"""Tests for views.transcript: each call numbered beside its result, as text, HTML and the
wire's messages, in both editions."""

import pytest
from builders import assistant_turn, call, neutral_history, result, text, user
from editions import english_afterwards, in_chinese  # noqa: F401 - the fixture is autouse

from handagent.language import use_language
from handagent.views.transcript import Line, html_table, lines, show, wire_messages

HISTORY = [
    user("What time is it, and 1+2?"),
    assistant_turn([
        text("Let me check."), call("A", "get_current_time"), call("B", "add", {"a": 1, "b": 2})
    ]),
    user([result("B", "boom", is_error=True), result("Z", "stray")]),
]  # fmt: skip


def test_calls_are_numbered_and_results_carry_the_number_of_their_call():
    by_kind = [(x.kind, x.call) for x in lines(HISTORY)]
    assert by_kind == [
        ("text", None),
        ("text", None),
        ("tool_use", 1),
        ("tool_use", 2),
        ("tool_result", 2),
        ("tool_result", None),
    ]


def test_errors_unanswered_calls_and_stray_results_are_marked():
    problems = [x.problem for x in lines(HISTORY)]
    assert problems == [None, None, "no result", None, "error", "no matching call"]


def test_plain_text_view_pairs_calls_and_results():
    assert str(show(HISTORY)).splitlines() == [
        "[0] user",
        "    text: What time is it, and 1+2?",
        "[1] assistant",
        "    text: Let me check.",
        "    tool_use #1: get_current_time {}  <-- NO RESULT",
        '    tool_use #2: add {"a": 1, "b": 2}',
        "[2] user",
        "    tool_result for #2: boom  <-- ERROR",
        "    tool_result for ?: stray  <-- NO MATCHING CALL",
    ]


def test_html_view_escapes_content_and_marks_errors():
    page = show(
        [{"role": "user", "content": "<script>alert(1)</script>"}] + HISTORY[1:]
    )._repr_html_()
    assert "<script>" not in page and "&lt;script&gt;" in page
    assert "✗ error" in page and "tool_use #2" in page


def test_long_content_is_previewed_not_dumped():
    (line,) = lines([{"role": "user", "content": "x" * 5000}])
    assert len(line.text) < 400 and line.text.endswith("…")


MULTI_LINE = [
    {"role": "assistant", "content": [{"type": "tool_use", "id": "A", "name": "t", "input": {}}]},
    {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "A", "content": "a\nb"}]},
]


def test_multi_line_results_stay_in_their_column():
    assert str(show(MULTI_LINE)).splitlines()[-2:] == [
        "    tool_result for #1: a",
        "                        b",
    ]


def test_each_call_and_its_result_carry_the_same_id():
    assert [(x.kind, x.id) for x in lines(HISTORY) if x.id] == [
        ("tool_use", "A"),
        ("tool_use", "B"),
        ("tool_result", "B"),
        ("tool_result", "Z"),
    ]


def test_html_keeps_lines_and_indents_without_css():
    # GitHub may drop the style attribute, so line breaks are <br> and indents &nbsp;.
    history = [{"role": "user", "content": "Invalid:\n  - 'b' is required"}]
    assert "Invalid:<br>&nbsp;&nbsp;- &#x27;b&#x27; is required" in show(history)._repr_html_()


def test_html_table_with_ids_adds_an_id_column_and_rows_for_notes():
    page = html_table(lines(HISTORY), ids=True, notes={4: "<i>a note</i>"})
    assert page.count("<th") == 5 and page.count("<code>B</code>") == 2
    rows = page.split("<tr>")[1:]
    assert "tool_result for #2" in rows[5] and "<i>a note</i>" in rows[6]


@in_chinese
def test_the_chinese_edition_marks_and_pairs_in_chinese_and_keeps_code_terms():
    assert str(show(HISTORY)).splitlines() == [
        "[0] user",
        "    text: What time is it, and 1+2?",
        "[1] assistant",
        "    text: Let me check.",
        "    tool_use #1: get_current_time {}  <-- 没有结果",
        '    tool_use #2: add {"a": 1, "b": 2}',
        "[2] user",
        "    tool_result（回应 #2）：boom  <-- 错误结果",
        "    tool_result（回应 ?）：stray  <-- 没有对应的调用",
    ]


@in_chinese
def test_chinese_html_has_chinese_headers_and_marks():
    page = show(HISTORY)._repr_html_()
    assert all(f">{word}</th>" in page for word in ("角色", "内容块", "内容"))
    assert "✗ 错误结果" in page and "✗ 没有结果" in page and "tool_result（回应 #2）" in page
    assert "role" not in page and "✗ error" not in page


@in_chinese
def test_continuation_lines_stay_in_their_column_under_a_chinese_label():
    # A CJK character takes two columns in a terminal: the indent counts columns, not characters.
    first, second = str(show(MULTI_LINE)).splitlines()[-2:]
    assert first == "    tool_result（回应 #1）：a" and second == " " * 28 + "b"


def test_the_language_is_read_when_the_view_is_drawn_not_when_it_is_made():
    view = show(HISTORY)
    use_language("zh-CN")
    assert "<-- 错误结果" in str(view) and "<th" in view._repr_html_()
    use_language("en")
    assert "<-- ERROR" in str(view)


def test_chapter_06s_neutral_messages_are_shown_as_the_api_receives_them():
    shown = str(show(neutral_history()))
    assert 'tool_use #1: add {"a": 1, "b": 2}' in shown and "tool_result for #1: 3" in shown
    wire, _ = wire_messages(neutral_history())
    assert wire[1]["content"][0]["id"].startswith("call_1_")  # the id as sent to Anthropic


def test_a_string_or_a_stray_object_is_refused_with_a_sentence_naming_the_fix():
    with pytest.raises(TypeError, match=r"a list of messages, not str: pass the whole history"):
        show("hello")
    with pytest.raises(TypeError, match=r"not int; a history mixing the two is converted first"):
        show([{"role": "user", "content": "hi"}, 3])


def test_a_message_without_content_shows_no_blocks_rather_than_failing():
    assert lines([{"role": "assistant", "content": None}, {"role": "user", "content": "hi"}]) == [
        Line(1, "user", "text", "hi")
    ]
