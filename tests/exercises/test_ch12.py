"""Chapter 12 exercise: the CallToolResult mapping's checker passes the package's own mapping and
names each plausible mistake, in both editions; a string content, which the API reads as one
text block, passes for one text and is named in words of its own for more (the learner
simulation's "content has no list of block(s)", in Chinese "content 有 no list of 个块")."""

from editions import english_afterwards, in_chinese  # noqa: F401 - the fixture is autouse

from handagent.exercises.ch12 import CASES, check_mapping
from handagent.mcp.wire import tool_result_of


def keeps_mcp_names(tool_use_id, result):  # the result pasted in, isError and all
    return {"type": "tool_result", "tool_use_id": tool_use_id, **result}


def first_block_only(tool_use_id, result):  # content[0], as if there were one block
    block = {"type": "tool_result", "tool_use_id": tool_use_id, "content": [result["content"][0]]}
    return block | ({"is_error": True} if result["isError"] else {})


def images_as_mcp_sends_them(tool_use_id, result):
    block = {"type": "tool_result", "tool_use_id": tool_use_id, "content": result["content"]}
    return block | {"is_error": result["isError"]}


def test_the_packages_own_mapping_passes():
    assert check_mapping(tool_result_of).passed


def test_is_error_false_written_out_passes_too():
    def explicit(tool_use_id, result):
        return {"is_error": False} | tool_result_of(tool_use_id, result)

    assert check_mapping(explicit).passed


def test_the_cases_hold_an_error_and_an_image():
    results = [result for *_, result in CASES]
    assert any(result["isError"] for result in results)
    assert any(block["type"] == "image" for result in results for block in result["content"])


def test_keeping_mcps_is_error_name_is_named_in_every_case():
    verdict = check_mapping(keeps_mcp_names)
    assert verdict.problems == tuple(
        f"{case}: isError is MCP's field name; the Messages API reads is_error"
        for case, *_ in CASES
    )


def test_a_mapping_that_keeps_only_the_first_block_is_told_to_keep_every_one():
    verdict = check_mapping(first_block_only)
    assert verdict.problems == (
        "two text blocks: content has 1 block(s), the server sent 2: keep every one",
        "an image beside text: content has 1 block(s), the server sent 2: keep every one",
    )


def test_an_image_left_in_mcps_shape_is_named():
    (problem,) = check_mapping(images_as_mcp_sends_them).problems
    assert problem.startswith('an image beside text: an image goes as {"type": "image", "source"')


def test_a_wrong_id_and_a_dropped_error_are_named():
    def careless(tool_use_id, result):
        return tool_result_of("toolu_01A", result | {"isError": False})

    problems = check_mapping(careless).problems
    assert problems[1] == "a failure: tool_use_id is 'toolu_01A', expected 'toolu_12_weather'"

    def no_error(tool_use_id, result):
        return tool_result_of(tool_use_id, result | {"isError": False})

    assert check_mapping(no_error).problems == (
        "a failure: is_error is False, the server said isError True",
    )


def texts_joined(tool_use_id, result):  # one string, as a text-only client might send it
    text = "\n".join(block.get("text", "") for block in result["content"])
    block = {"type": "tool_result", "tool_use_id": tool_use_id, "content": text}
    return block | ({"is_error": True} if result["isError"] else {})


def test_a_string_content_passes_for_one_text_and_is_named_for_more_blocks():
    assert check_mapping(texts_joined).problems == (
        "two text blocks: content is one string, but the server sent 2 blocks: a string stands "
        "for a single text block, so keep them as a list of blocks",
        "an image beside text: content is one string, but the server sent 2 blocks: a string "
        "stands for a single text block, so keep them as a list of blocks",
    )


def test_a_content_that_is_no_list_is_named_by_its_type():
    def no_content(tool_use_id, result):
        return {"type": "tool_result", "tool_use_id": tool_use_id, "content": None}

    assert check_mapping(no_content).problems[0] == (
        "a sum: content is None, not a list of blocks: keep every block the server sent"
    )


def test_a_mapping_that_raises_is_reported_not_raised():
    def broken(tool_use_id, result):
        return {"tool_use_id": tool_use_id, "content": result["structuredContent"]}

    verdict = check_mapping(broken)
    assert verdict.problems[0] == "a sum: raised KeyError: 'structuredContent'"


@in_chinese
def test_the_chinese_edition_names_the_mistakes_in_chinese():
    verdict = check_mapping(keeps_mcp_names)
    assert verdict.heading == "✗ 12 · 把 CallToolResult 变成 tool_result：还没通过，有 4 个问题："
    assert verdict.problems[0] == "一个和：isError 是 MCP 的字段名，Messages API 读的是 is_error"
    assert check_mapping(first_block_only).problems[0] == (
        "两个文本块：content 有 1 个块，服务器发了 2 个，每一个都要留下"
    )
    assert check_mapping(texts_joined).problems[0] == (
        "两个文本块：content 是一个字符串，可服务器发了 2 个块；一个字符串只能代表一个文本块，"
        "所以要把它们保留成块的列表"
    )
