"""Chapter 06 exercise: the reply reader's checker passes the package's own reader and explains
the mistakes of a first attempt (content[0] read as text, thinking dropped, a wrong table), in
both editions."""

from dataclasses import replace

from editions import english_afterwards, in_chinese  # noqa: F401 - the fixture is autouse

from handagent.exercises.ch06 import REPLIES, check_reader, response
from handagent.exercises.selfcheck import self_check
from handagent.runtime.adapters.anthropic import STOP_REASONS, from_anthropic, read_block
from handagent.runtime.protocol import ServerBlock, TextBlock, ThinkingBlock, ToolCall


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


def notebook_stub(reply):
    """The notebook's first attempt: by type, but the text and the first call only."""
    said = [TextBlock(b["text"]) for b in reply["content"] if b["type"] == "text"]
    use = next(b for b in reply["content"] if b["type"] == "tool_use")
    return [*said, ToolCall(use["id"], use["name"], use["input"])]


def test_the_notebook_stub_is_told_about_thinking_and_replies_without_a_call():
    problems = problems_of(read_blocks=notebook_stub)
    assert "the thinking blocks are missing" in problems
    assert "raised StopIteration. next(...) found no tool_use" in problems
    assert "StopIteration: ." not in problems


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


def test_a_reader_that_drops_or_rewrites_the_servers_blocks_is_told_to_keep_them_whole():
    def drops(reply):
        return [b for b in (read_block(x, reply["model"]) for x in reply["content"])
                if not isinstance(b, ServerBlock)]  # fmt: skip

    def as_text(reply):
        return [TextBlock(b.data["type"]) if isinstance(b, ServerBlock) else b
                for b in (read_block(x, reply["model"]) for x in reply["content"])]  # fmt: skip

    for reader in (drops, as_text):
        assert "keep each block of the server's own work whole" in problems_of(read_blocks=reader)


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


def test_the_self_check_takes_error_for_a_stop_reason_the_table_does_not_hold():
    # the generic grading is in test_selfcheck.py; from_anthropic is the outside reference
    assert from_anthropic(response([]) | {"stop_reason": "budget_exhausted"}).stop_reason == "error"
    assert self_check("06", {1: "c", 2: "d", 3: "error"}).passed
    assert not self_check("06", {1: "c", 2: "d", 3: "stop"}).passed


# The Chinese edition: the same mistakes, hints in Chinese


@in_chinese
def test_the_package_reader_passes_in_chinese():
    assert "全部检查通过" in str(check_reader(dict(STOP_REASONS), reference))


@in_chinese
def test_the_notebook_stub_is_told_in_chinese():
    problems = problems_of(stop_table={"end_turn": "stop"}, read_blocks=notebook_stub)
    assert "stop_table 里没有 'pause_turn'；它对应 'pause'（服务端工具的循环" in problems
    assert "对于“先 thinking、再一个调用”这样的回复，read_blocks 返回了" in problems
    assert "思考块不见了" in problems and "ThinkingBlock.redacted(data, model)。" in problems
    assert "抛出了 StopIteration。next(...) 没找到 tool_use" in problems


@in_chinese
def test_reading_content_0_as_text_is_told_in_chinese():
    problems = problems_of(read_blocks=lambda reply: [TextBlock(reply["content"][0]["text"])])
    assert "抛出了 KeyError: 'text'。第一块不一定是文本" in problems


@in_chinese
def test_a_wrong_table_and_a_wrong_model_are_told_in_chinese():
    table = dict(STOP_REASONS) | {"refusal": "error", "end_turn": "done"}

    def no_model(reply):
        blocks = reference(reply)
        return [replace(b, model="") if isinstance(b, ThinkingBlock) else b for b in blocks]

    problems = problems_of(stop_table=table, read_blocks=no_model)
    assert "stop_table 把 'refusal' 映射成了 'error'；它对应 'refusal'（模型拒绝了" in problems
    assert "映射成了 'done'，这不是我们的取值" in problems
    assert "用 response['model']" in problems


@in_chinese
def test_the_chinese_self_check_takes_the_stop_reason_named_in_chinese():
    assert self_check("06", {1: "c", 2: "d", 3: "错误"}).passed
    assert not self_check("06", {1: "c", 2: "d", 3: "拒绝"}).passed
