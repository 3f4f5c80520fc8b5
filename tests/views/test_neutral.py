"""Tests for views.neutral: one short line per message and block, stable across runs."""

from builders import assistant
from editions import english_afterwards, in_chinese  # noqa: F401 - the fixture is autouse

from handagent.runtime.adapters import to_anthropic, to_openai_chat
from handagent.runtime.protocol import (
    StopDetails,
    TextBlock,
    ThinkingBlock,
    ToolCall,
    Usage,
    assistant_reply,
    tool_result_message,
    user_text,
)
from handagent.views.neutral import (
    block_line,
    clip,
    describe_event,
    details_view,
    message_lines,
    pairs,
    short_id,
    side_by_side,
)

CALL = ToolCall("call_1|fc_" + "x" * 200, "read_file", {"path": "a.ts"})


def test_clip_hides_the_mock_port_and_keeps_one_line():
    assert clip("at http://127.0.0.1:51234/v1\nnext") == "at http://127.0.0.1:<port>/v1⏎next"
    assert clip("y" * 200, 20) == "y" * 19 + "…"


def test_a_long_id_is_shortened_with_its_length():
    assert short_id(CALL.id).endswith(f"…({len(CALL.id)} chars)") and len(short_id(CALL.id)) < 45
    assert short_id("toolu_01A") == "toolu_01A"


def test_thinking_shows_its_model_and_whether_it_is_signed_never_its_signature():
    assert block_line(ThinkingBlock("", "EqQB" * 10, "m")) == "thinking · m · signed (40 chars)"
    assert block_line(ThinkingBlock("half", "", "m")) == "thinking · m · unsigned (cut off): half"
    redacted = block_line(ThinkingBlock.redacted("EmwK", "m"))
    assert redacted == "redacted thinking · m · 4 chars of data"


def test_a_history_is_one_line_per_message_and_per_block():
    reply = assistant_reply(
        ThinkingBlock("", "sig", "m"), TextBlock("Reading."), CALL, model="m", timestamp=2.0
    )
    history = [user_text("hi", 1.0), reply, tool_result_message(CALL, "text", timestamp=3.0)]
    shown = message_lines(history)
    assert shown[0] == "[0] user: hi"
    assert shown[1] == "[1] assistant · tool_use · anthropic · 0 in / 0 out"
    assert shown[2:4] == ["      thinking · m · signed (3 chars)", "      text: Reading."]
    assert shown[4].startswith('      call read_file {"path": "a.ts"}  id=call_1|fc_xx')
    assert shown[5].startswith("[2] tool_result for call_1|fc_xx") and len(shown) == 6


def test_a_refusal_shows_its_stop_details():
    refused = assistant(
        stop_reason="refusal",
        provider="anthropic",
        usage=Usage(1, 0),
        timestamp=1.0,
        stop_details=StopDetails("refusal", "cyber", "Declined."),
    )
    assert message_lines([refused])[-1] == "      stop_details: refusal · cyber · Declined."


def test_pairs_reads_calls_and_results_in_both_wire_formats():
    reply = assistant_reply(CALL, model="m", timestamp=2.0)
    history = [user_text("hi", 1.0), reply, tool_result_message(CALL, "ok", timestamp=3.0)]
    for wire in (to_anthropic(history), to_openai_chat(history)):
        ((call, result),) = pairs(wire)
        assert call == result and call != CALL.id  # rewritten, in pairs


def test_side_by_side_prints_two_titled_columns(capsys):
    side_by_side({"a": 1}, [1, 2], titles=("left", "right"), width=10)
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "left       │ right" and all("│" in line for line in out)


def test_details_view_draws_the_diff_and_the_other_details(capsys):
    result = tool_result_message(
        CALL, "Edited.", details={"path": "a.ts", "diff": "-a\n+b\n"}, timestamp=1
    )
    details_view(result)
    assert capsys.readouterr().out == "── read_file (ok) ──\npath: a.ts\n-a\n+b\n"


def test_events_are_described_in_a_few_words_signatures_by_length_only():
    sign = {"index": 0, "delta": {"type": "signature_delta", "signature": "EqQB"}}
    assert describe_event("content_block_delta", sign) == "[0] signature_delta: 4 chars"
    think = {"index": 0, "delta": {"type": "thinking_delta", "thinking": "hm"}}
    assert describe_event("content_block_delta", think) == "[0] thinking_delta: 'hm'"
    start = {"index": 1, "content_block": {"type": "tool_use", "id": "t1", "name": "f"}}
    assert describe_event("content_block_start", start) == "[1] tool_use f id=t1"
    delta = {"delta": {"stop_reason": "tool_use"}, "usage": {"output_tokens": 3}}
    described = describe_event("message_delta", delta)
    assert described == "stop_reason=tool_use usage={'output_tokens': 3}"
    assert describe_event("ping", {}) == ""


@in_chinese
def test_in_chinese_the_words_around_the_data_are_chinese_and_the_wire_names_stay():
    reply = assistant_reply(
        ThinkingBlock("", "sig", "m"), TextBlock("读一下。"), CALL, model="m", timestamp=2.0
    )
    history = [user_text("你好", 1.0), reply, tool_result_message(CALL, "text", timestamp=3.0)]
    shown = message_lines(history)
    assert shown[:4] == [
        "[0] user：你好",
        "[1] assistant · tool_use · anthropic · 输入 0 / 输出 0",
        "      thinking · m · 已签名（3 个字符）",
        "      text：读一下。",
    ]
    assert shown[4].startswith('      调用 read_file {"path": "a.ts"}  id=call_1|fc_xx')
    assert shown[4].endswith(f"（{len(CALL.id)} 个字符）")
    assert shown[5].startswith("[2] tool_result（回应 call_1|fc_xx")
    assert block_line(ThinkingBlock("半", "", "m")) == "thinking · m · 未签名（被截断）：半"
    redacted = block_line(ThinkingBlock.redacted("EmwK", "m"))
    assert redacted == "redacted_thinking · m · 数据 4 个字符"
    cut = ToolCall("t1", "f", None, raw_arguments='{"pa')
    assert block_line(cut) == "调用 f 原始文本 '{\"pa'  id=t1"


@in_chinese
def test_in_chinese_details_and_events_read_in_chinese(capsys):
    result = tool_result_message(CALL, "Edited.", details={"path": "a.ts"}, timestamp=1)
    details_view(result)
    assert capsys.readouterr().out == "── read_file（成功）──\npath：a.ts\n"
    sign = {"index": 0, "delta": {"type": "signature_delta", "signature": "EqQB"}}
    assert describe_event("content_block_delta", sign) == "[0] signature_delta：4 个字符"
