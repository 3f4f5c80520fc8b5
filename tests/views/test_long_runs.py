"""Tests for handagent.views.long_runs: each reply of a run as a row, with what the API cleared or
compacted, as a text table and its static HTML, in both editions."""

from editions import english_afterwards, in_chinese  # noqa: F401 - the fixture is autouse

from handagent.views.long_runs import Ledger

PLAIN = {"stop_reason": "tool_use", "content": [{"type": "tool_use"}],
         "usage": {"input_tokens": 2_310, "output_tokens": 40}}  # fmt: skip
CLEARED = {"stop_reason": "end_turn", "content": [{"type": "text", "text": "ok"}],
           "usage": {"input_tokens": 900, "cache_read_input_tokens": 31_050, "output_tokens": 9},
           "context_management": {"applied_edits": [
               {"type": "clear_thinking_20251015", "cleared_thinking_turns": 2,
                "cleared_input_tokens": 300},
               {"type": "clear_tool_uses_20250919", "cleared_tool_uses": 4,
                "cleared_input_tokens": 24_100}]}}  # fmt: skip
COMPACTED = {"stop_reason": "compaction", "content": [{"type": "compaction", "content": "..."}],
             "usage": {"input_tokens": 5_120, "output_tokens": 200}}  # fmt: skip


def test_each_reply_is_a_row_of_what_the_model_read_and_what_was_cleared():
    ledger = Ledger()
    for reply in (PLAIN, CLEARED, COMPACTED):
        ledger(reply)
    assert ledger.rows == [
        (1, 2_310, "", False, "tool_use"),
        (2, 31_950, "thinking of 2 turns (300 tokens); 4 tool uses (24,100 tokens)", False,
         "end_turn"),
        (3, 5_120, "", True, "compaction"),
    ]  # fmt: skip


def test_the_text_lines_up_and_the_html_is_plain_tags():
    ledger = Ledger()
    ledger(PLAIN)
    ledger(COMPACTED)
    lines = str(ledger).splitlines()
    assert lines[0].startswith("request  input") and lines[2].endswith("yes        compaction")
    page = ledger._repr_html_()
    assert page.startswith('<table class="handagent-ledger">') and "<script" not in page


@in_chinese
def test_the_chinese_edition_says_it_in_chinese():
    ledger = Ledger()
    ledger(CLEARED)
    assert "4 次工具调用（24,100 token）" in str(ledger) and str(ledger).startswith("请求")
