"""views.timeline: a run of the agent loop drawn turn by turn, each turn's calls side by side,
and why it ended, as SVG and as text within the book's code width, in both editions."""

import xml.etree.ElementTree as ET
from dataclasses import replace

from builders import assistant
from editions import english_afterwards, in_chinese  # noqa: F401 - the fixture is autouse

from handagent.examples import ADDER, CLOCK
from handagent.language import BOOK_COLUMNS, columns
from handagent.runtime.bounds import Bounds
from handagent.runtime.loop import run_loop
from handagent.runtime.protocol import TextBlock, ToolCall, user_text
from handagent.runtime.senders import scripted
from handagent.views.timeline import run_timeline, turns_of

ASK = user_text("What is 2 + 3, and what time is it?", timestamp=1.0)
BOTH = assistant(ToolCall("c1", "add", {"a": 2, "b": 3}), ToolCall("c2", "get_current_time", {}))


def broken():
    raise OSError("flat battery")


def test_each_turn_holds_its_calls_side_by_side_with_their_results():
    run = run_loop(
        [ASK], [ADDER, CLOCK], scripted(BOTH, assistant(TextBlock("5."), stop_reason="stop"))
    )
    first, second = turns_of(run)
    assert [c.name for c in first.calls] == ["add", "get_current_time"]
    assert first.calls[0].result == "5" and not first.calls[0].failed
    assert second.stop_reason == "stop" and second.calls == ()


def test_a_failed_call_is_marked_and_the_bound_that_ended_the_run_is_the_last_row():
    clock = replace(CLOCK, function=broken)  # still read-only: it runs unasked
    run = run_loop([ASK], [ADDER, clock], scripted(BOTH, BOTH, BOTH), bounds=Bounds(turns=2))
    text = str(run_timeline(run)).splitlines()
    assert text[0] == "turn 1 · tool_use · 1 in / 1 out"
    assert any("-> ✗ get_current_time raised OSError" in line for line in text)
    assert text[-1] == "ended · turns: Stopped at the turn bound (2)"
    assert max(map(columns, text)) <= BOOK_COLUMNS


def test_the_svg_stands_alone_with_a_box_per_turn_per_call_and_the_ending():
    run = run_loop([ASK], [ADDER, CLOCK], scripted(BOTH, BOTH), bounds=Bounds(turns=2))
    bundle = run_timeline(run)._repr_mimebundle_()
    svg = ET.fromstring(bundle["image/svg+xml"])
    boxes = svg.findall("{http://www.w3.org/2000/svg}rect")
    assert len(boxes) == 1 + 2 * (1 + 2) + 1  # background, 2 turns of 1 + 2 calls, the ending
    assert "Stopped at the turn bound (2)" in bundle["image/svg+xml"]
    assert "<script" not in bundle["image/svg+xml"] and "<style" not in bundle["image/svg+xml"]


@in_chinese
def test_in_the_chinese_edition_the_labels_are_chinese():
    run = run_loop([ASK], [ADDER, CLOCK], scripted(BOTH, BOTH), bounds=Bounds(turns=1))
    timeline = run_timeline(run)
    assert str(timeline).startswith("第 1 轮 · tool_use · 输入")
    assert str(timeline).splitlines()[-1] == "结束 · turns · 到了轮数上限（1）"
    assert "第 1 轮" in timeline.svg() and "结束" in timeline.svg()


def test_a_turn_with_no_call_shows_what_the_model_said():
    answer = assistant(TextBlock("The sum is 5, and it is 20:41."), stop_reason="stop")
    run = run_loop([ASK], [ADDER, CLOCK], scripted(BOTH, answer))
    timeline = run_timeline(run)
    assert str(timeline).splitlines()[-2] == "  “The sum is 5, and it is 20:41.”"
    assert "“The sum is 5, and it is 20:41.”" in timeline.svg()


def test_a_reply_quoting_a_result_is_shown_with_inner_quotation_marks():
    from handagent.views.timeline import in_quotes

    assert in_quotes("add 返回“5”。\n完成") == "“add 返回‘5’。 完成”"
