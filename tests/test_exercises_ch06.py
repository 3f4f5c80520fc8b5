"""Chapter 06 exercise: the reply reader's checker passes the package's own reader and explains
the mistakes of a first attempt (content[0] read as text, thinking dropped, a wrong table)."""

from dataclasses import replace

from handagent.exercises.ch06 import REPLIES, check_reader, response
from handagent.exercises.selfcheck import self_check
from handagent.runtime.adapters.anthropic import STOP_REASONS, read_block
from handagent.runtime.protocol import TextBlock, ThinkingBlock


def reference(reply):
    blocks = (read_block(block, reply["model"]) for block in reply["content"])
    return [block for block in blocks if block is not None]


def problems_of(stop_table=None, read_blocks=reference) -> str:
    table = dict(STOP_REASONS) if stop_table is None else stop_table
    return "\n".join(check_reader(table, read_blocks).problems)


def test_the_package_reader_and_table_pass():
    assert check_reader(dict(STOP_REASONS), reference).passed


def test_the_fixed_replies_include_thinking_redacted_no_thinking_and_server_tools():
    kinds = {block["type"] for _, content in REPLIES for block in content}
    assert {"thinking", "redacted_thinking", "text", "tool_use", "server_tool_use"} <= kinds
    assert any(content[0]["type"] == "text" for _, content in REPLIES)  # a turn without thinking


def test_reading_content_0_as_text_is_told_to_select_blocks_by_type():
    problems = problems_of(read_blocks=lambda reply: [TextBlock(reply["content"][0]["text"])])
    assert "raised KeyError: 'text'" in problems
    assert "a reply may start with thinking" in problems


def test_dropping_thinking_is_told_the_next_request_needs_it():
    def no_thinking(reply):
        return [b for b in reference(reply) if not isinstance(b, ThinkingBlock)]

    problems = problems_of(read_blocks=no_thinking)
    assert "the thinking blocks are missing" in problems
    assert "ThinkingBlock.redacted(data, model)" in problems


def test_a_thinking_block_without_its_model_is_told_where_the_model_is():
    def no_model(reply):
        blocks = reference(reply)
        return [replace(b, model="") if isinstance(b, ThinkingBlock) else b for b in blocks]

    assert "use response['model']" in problems_of(read_blocks=no_model)


def test_keeping_server_tool_blocks_is_told_to_skip_them():
    def keeps_all(reply):
        return [read_block(b, reply["model"]) or TextBlock(b["type"]) for b in reply["content"]]

    assert "skip the block types you do not read" in problems_of(read_blocks=keeps_all)


def test_pause_and_refusal_mapped_as_in_a_first_attempt_are_each_explained():
    table = dict(STOP_REASONS) | {"pause_turn": "stop", "refusal": "error"}
    problems = problems_of(stop_table=table)
    assert "maps 'pause_turn' to 'stop'; it is 'pause'" in problems
    assert "maps 'refusal' to 'error'; it is 'refusal'" in problems


def test_a_value_that_is_not_one_of_ours_is_named():
    problems = problems_of(stop_table=dict(STOP_REASONS) | {"end_turn": "done"})
    assert "'done', not one of ours" in problems


def test_nothing_handed_in_gives_problems_not_an_exception():
    problems = problems_of(stop_table=None or "no", read_blocks=None)
    assert "stop_table is 'no'" in problems and "read_blocks raised TypeError" in problems


def test_response_wraps_content_in_todays_shape():
    reply = response([])
    assert reply["stop_details"] is None and reply["model"] and reply["usage"]


def test_the_self_check_grades_the_right_answers_right():
    assert self_check("06", {1: "b", 2: "c", 3: "refusal"}).passed
    assert not self_check("06", {1: "a", 2: "a", 3: "error"}).passed
