import copy

import pytest
from anthropic.types import Message
from editions import english_afterwards, in_chinese  # noqa: F401 - the fixture is autouse

from handagent.exercises import ch01
from handagent.exercises.ch01 import check_multiply_entry
from handagent.exercises.selfcheck import self_check
from handagent.llm import settings

REFERENCE = {
    "name": "multiply",
    "description": (
        "Multiplies two numbers and returns their exact product. Use it whenever the user asks "
        "to multiply two numbers or for a product."
    ),
    "input_schema": {
        "type": "object",
        "properties": {
            "x": {"type": "number", "description": "The first factor."},
            "y": {"type": "number", "description": "The second factor."},
        },
        "required": ["x", "y"],
    },
}
GOOD_CHINESE = "把两个数字相乘并返回它们的乘积。用户要求做乘法计算时使用。"
needs_mock = pytest.mark.skipif(settings().provider != "mock", reason="sends to the mock model")


def entry_with(**changes: object) -> dict:
    entry = copy.deepcopy(REFERENCE)
    entry.update(changes)
    return entry


def schema_with(**changes: object) -> dict:
    return entry_with(input_schema={**REFERENCE["input_schema"], **changes})


def reply_with(*content: dict) -> Message:
    return Message.model_validate(
        {
            "id": "msg_01test",
            "type": "message",
            "role": "assistant",
            "model": "mock",
            "content": list(content),
            "stop_reason": "tool_use" if len(content) > 1 else "end_turn",
            "stop_sequence": None,
            "usage": {"input_tokens": 1, "output_tokens": 1},
        }
    )


def calls_multiply(monkeypatch):
    """The model, patched to call multiply as it should, so only the entry's text is judged."""
    call = {
        "type": "tool_use",
        "id": "toolu_1",
        "name": "multiply",
        "input": {"x": 834727, "y": 991},
    }
    monkeypatch.setattr(ch01, "call_model", lambda messages, tools: reply_with(call))


def problems_of(entry: object) -> str:
    verdict = check_multiply_entry(entry)
    assert not verdict.passed
    return "\n".join(verdict.problems)


@needs_mock
def test_reference_entry_passes_and_is_called_by_the_model():
    verdict = check_multiply_entry(REFERENCE)
    assert verdict.passed, str(verdict)
    assert str(verdict).startswith("✓")


def test_the_notebook_stub_lists_every_missing_piece():
    stub = {"name": "multiply", "description": "...", "input_schema": {"type": "object"}}
    problems = problems_of(stub)
    assert "use at least 40" in problems
    assert "never says what the tool does" in problems
    assert "when to use" in problems
    assert '"properties"' in problems


def test_a_one_word_description_is_rejected_for_saying_nothing():
    problems = problems_of(entry_with(description="Utility."))
    assert "characters long" in problems and "what the tool does" in problems


def test_a_description_without_when_to_use_it_is_rejected():
    problems = problems_of(entry_with(description="Multiplies two numbers, returning the product."))
    assert "does not say when to use" in problems
    assert "what the tool does" not in problems


def test_a_name_with_a_space_is_rejected_with_the_api_pattern():
    assert "^[a-zA-Z0-9_-]{1,128}$" in problems_of(entry_with(name="multiply numbers"))


def test_integer_properties_are_rejected_with_a_reason():
    properties = {"x": {"type": "integer"}, "y": {"type": "number"}}
    problems = problems_of(schema_with(properties=properties))
    assert "\"x\" has type 'integer'" in problems and "2.5" in problems


def test_missing_required_names_the_missing_arguments():
    problems = problems_of(schema_with(required=["x"]))
    assert '"required": ["x", "y"]' in problems and "missing: y" in problems


def test_a_stray_property_is_rejected():
    properties = {**REFERENCE["input_schema"]["properties"], "z": {"type": "number"}}
    assert 'remove the property "z"' in problems_of(schema_with(properties=properties))


def test_a_stray_top_level_key_is_rejected_with_the_api_wording():
    problems = problems_of(entry_with(function="multiply"))
    assert 'remove the key "function"' in problems
    assert "Extra inputs are not permitted" in problems


def test_a_schema_jsonschema_refuses_is_reported_through_tool():
    properties = {"x": {"type": "number", "minimum": "zero"}, "y": {"type": "number"}}
    problems = problems_of(schema_with(properties=properties))
    assert problems.startswith("Tool(...) refuses this entry: raised ValueError")
    assert "not valid JSON Schema" in problems


def test_a_missing_key_is_named():
    entry = {k: v for k, v in REFERENCE.items() if k != "input_schema"}
    assert 'no "input_schema"' in problems_of(entry)


def test_a_schema_that_is_not_an_object_is_rejected():
    assert '"type": "object"' in problems_of(entry_with(input_schema={"type": "array"}))


def test_a_list_instead_of_a_dict_is_rejected_without_raising():
    assert "must be a dict" in problems_of([REFERENCE])


def test_an_entry_the_model_answers_in_text_is_rejected(monkeypatch):
    text = {"type": "text", "text": "It is about 827 million."}
    monkeypatch.setattr(ch01, "call_model", lambda messages, tools: reply_with(text))
    problems = problems_of(REFERENCE)
    assert "answered in text instead of calling your tool" in problems
    assert "827 million" in problems


def test_a_call_with_the_wrong_numbers_is_rejected(monkeypatch):
    call = {"type": "tool_use", "id": "toolu_1", "name": "multiply", "input": {"a": 834727}}
    monkeypatch.setattr(ch01, "call_model", lambda messages, tools: reply_with(call))
    problems = problems_of(REFERENCE)
    assert "{'a': 834727}" in problems and "{'x': 834727, 'y': 991}" in problems


def test_a_failing_request_becomes_a_problem_not_an_exception(monkeypatch):
    def refuse(messages, tools):
        raise RuntimeError("connection refused")

    monkeypatch.setattr(ch01, "call_model", refuse)
    assert "raised RuntimeError: connection refused" in problems_of(REFERENCE)


def test_the_model_is_asked_the_chapter_s_question_with_the_entry_alone(monkeypatch):
    sent = []

    def record(messages, tools):
        sent.append((messages, tools))
        return reply_with({"type": "text", "text": "No."})

    monkeypatch.setattr(ch01, "call_model", record)
    problems_of(REFERENCE)
    assert sent == [([{"role": "user", "content": "What is 834727 × 991?"}], [REFERENCE])]


# The Chinese edition, and descriptions written in Chinese


@in_chinese
@needs_mock
def test_a_chinese_description_passes_and_the_model_calls_the_tool():
    verdict = check_multiply_entry(entry_with(description=GOOD_CHINESE))
    assert verdict.passed, str(verdict)
    assert "全部检查通过" in str(verdict)


def test_a_chinese_character_weighs_three_letters_so_29_characters_are_enough(monkeypatch):
    calls_multiply(monkeypatch)
    assert len(GOOD_CHINESE) < ch01.MIN_DESCRIPTION
    assert check_multiply_entry(entry_with(description=GOOD_CHINESE)).passed


@in_chinese
def test_the_notebook_stub_gets_every_hint_in_chinese():
    stub = {"name": "multiply", "description": "...", "input_schema": {"type": "object"}}
    verdict = check_multiply_entry(stub)
    assert "有 4 个问题" in str(verdict)
    problems = "\n".join(verdict.problems)
    assert "至少写 14 个汉字" in problems and "至少 40 个字符" in problems
    assert "没说这个工具做什么" in problems
    assert "没说什么时候该用" in problems
    assert 'input_schema 需要 "properties"' in problems


@in_chinese
@pytest.mark.parametrize("vague", ["乘法工具", "计算两个数"])
def test_a_vague_chinese_description_fails_with_chinese_hints(vague):
    problems = problems_of(entry_with(description=vague))
    assert f"描述只有 {len(vague)} 个字符" in problems and "至少写 14 个汉字" in problems
    assert "没说什么时候该用" in problems


@in_chinese
def test_a_chinese_description_that_never_says_multiply_is_told_the_words():
    problems = problems_of(entry_with(description="计算两个数"))
    assert "没说这个工具做什么" in problems and "相乘" in problems and "multiply" in problems


@in_chinese
def test_riding_is_not_multiplying():
    problems = problems_of(entry_with(description="查询两地之间的乘车路线。用户要坐车出行时使用。"))
    assert "没说这个工具做什么" in problems


@pytest.mark.parametrize(
    "description",
    [
        "把两个数字相乘并返回乘积。用户要求做乘法计算时使用。",
        "把两个数字相乘并返回乘积。当用户问到两个数的乘积，调用它。",
        "把两个数字相乘并返回乘积。如果用户要算乘法，就用这个工具。",
        "把两个数字相乘并返回乘积。每当对话里出现乘法题目，调用此工具。",
        "把两个数字相乘并返回乘积。需要计算两个数的乘积时调用。",
    ],
)
def test_chinese_ways_of_saying_when_to_use_the_tool_are_understood(monkeypatch, description):
    calls_multiply(monkeypatch)
    verdict = check_multiply_entry(entry_with(description=description))
    assert verdict.passed, str(verdict)


@in_chinese
@pytest.mark.parametrize(
    "description",
    ["把两个数字相乘，返回乘积和计算所用的时间。", "把两个数字相乘并返回乘积，附带当前时钟读数。"],
)
def test_time_and_clock_are_not_when(description):
    problems = problems_of(entry_with(description=description))
    assert "没说什么时候该用" in problems and "描述只有" not in problems


@in_chinese
def test_a_chinese_name_is_refused_with_the_api_pattern_explained_in_chinese():
    problems = problems_of(entry_with(name="乘法"))
    assert "不符合 API 要求的格式 ^[a-zA-Z0-9_-]{1,128}$" in problems
    assert "只能用英文字母" in problems and "中文写进 description" in problems


def test_a_chinese_name_in_the_english_edition_is_told_letters_means_a_to_z():
    problems = problems_of(entry_with(name="乘法"))
    assert "^[a-zA-Z0-9_-]{1,128}$" in problems and '"letters" means a-z and A-Z' in problems


def test_a_short_chinese_description_in_the_english_edition_is_counted_in_chinese():
    problems = problems_of(entry_with(description="乘法工具"))
    assert "at least 14 Chinese characters (40 in English)" in problems
    assert "(in Chinese, “用户要求做乘法计算时使用。”)" in problems


@in_chinese
def test_schema_mistakes_are_explained_in_chinese():
    properties = {"x": {"type": "integer"}, "y": {"type": "number"}}
    problems = problems_of(schema_with(properties=properties, required=["x"]))
    assert "\"x\" 的类型是 'integer'" in problems and "2.5" in problems
    assert '"required": ["x", "y"]' in problems and "缺少：y" in problems


@in_chinese
def test_a_stray_key_is_explained_in_chinese_with_the_api_wording_in_english():
    problems = problems_of(entry_with(function="multiply"))
    assert '删掉键 "function"' in problems
    assert "tools.0.custom.function: Extra inputs are not permitted" in problems


@in_chinese
def test_the_model_s_answers_are_explained_in_chinese(monkeypatch):
    text = {"type": "text", "text": "It is about 827 million."}
    monkeypatch.setattr(ch01, "call_model", lambda messages, tools: reply_with(text))
    problems = problems_of(REFERENCE)
    assert "没有调用你的工具" in problems and "827 million" in problems


@in_chinese
def test_a_failing_request_is_reported_in_chinese(monkeypatch):
    def refuse(messages, tools):
        raise RuntimeError("connection refused")

    monkeypatch.setattr(ch01, "call_model", refuse)
    assert "请求失败了：抛出了 RuntimeError: connection refused" in problems_of(REFERENCE)


@in_chinese
def test_the_chinese_edition_asks_the_model_in_chinese(monkeypatch):
    sent = []
    monkeypatch.setattr(
        ch01, "call_model", lambda messages, tools: sent.append(messages) or reply_with()
    )
    problems_of(REFERENCE)
    assert sent == [[{"role": "user", "content": "834727 乘 991 等于几？"}]]


def test_an_english_description_passes_in_the_chinese_edition(monkeypatch):
    calls_multiply(monkeypatch)
    assert check_multiply_entry(REFERENCE).passed


# The self-check's open question (the generic grading is in test_selfcheck.py)


def test_the_self_check_takes_the_count_in_figures_with_or_without_separators():
    for count in ("300000", "300,000", "300 000", "300,000 tokens", "300k"):
        assert self_check("01", {1: "c", 2: count, 3: "a"}).passed, count
    assert not self_check("01", {1: "c", 2: "6000", 3: "a"}).passed  # the menu paid once


@in_chinese
def test_the_chinese_self_check_reads_chinese_numbers():
    for count in ("300000", "30万", "三十万", "30 万个 token"):
        assert self_check("01", {1: "c", 2: count, 3: "a"}).passed, count
    assert not self_check("01", {1: "c", 2: "6000", 3: "a"}).passed


def test_the_right_answer_to_the_clock_question_says_the_model_reads_the_whole_entry():
    # the old finding 3: a model knows a tool by its name, description *and* schema
    why = ch01.SELF_CHECK[2].why
    assert "name, description and schema" in why[0] and "名字、描述和 schema" in why[1]
    assert "only by its name and description" not in why[0]
