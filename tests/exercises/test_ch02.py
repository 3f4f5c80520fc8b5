from editions import english_afterwards, in_chinese  # noqa: F401 - the fixture is autouse

from handagent.exercises.ch02 import CASES, check_find_tool_calls


def reference(content):
    """Every tool_use block as (id, name, input), SDK objects and dicts alike."""
    calls = []
    for block in content:
        block = block.model_dump() if hasattr(block, "model_dump") else block
        if block["type"] == "tool_use":
            calls.append((block["id"], block["name"], block["input"]))
    return calls


def last_block_only(content):
    last = content[-1]
    return [(last.id, last.name, last.input)]


def first_match_only(content):
    for call in reference(content):
        return [call]
    return []


def first_by_next(content):
    """The notebook's starting version: the first tool_use found, read by attributes."""
    call = next(block for block in content if block.type == "tool_use")
    return [(call.id, call.name, call.input)]


def every_block_but_text(content):
    blocks = [b.model_dump() if hasattr(b, "model_dump") else b for b in content]
    return [(b["id"], b["name"], b["input"]) for b in blocks if b["type"] != "text"]


def dicts_only(content):
    return [(b["id"], b["name"], b["input"]) for b in content if b["type"] == "tool_use"]


def problems_of(function) -> str:
    verdict = check_find_tool_calls(function)
    assert not verdict.passed
    return "\n".join(verdict.problems)


def test_reference_solution_passes():
    verdict = check_find_tool_calls(reference)
    assert verdict.passed, str(verdict)


def test_content_minus_one_is_caught_by_name():
    problems = problems_of(last_block_only)
    assert "only the last tool_use came back: content[-1]" in problems
    assert "IndexError" in problems and "loop over it instead of indexing" in problems
    assert 'read block["type"] on them' in problems  # it used attributes on dicts


def test_stopping_at_the_first_match_is_caught():
    problems = problems_of(first_match_only)
    assert "only the first tool_use came back" in problems
    assert "on text then two tool_uses (dicts)" in problems


def test_a_dict_only_solution_fails_on_sdk_objects_with_a_hint():
    problems = problems_of(dicts_only)
    assert problems.startswith("on reply.content as the SDK returns it")
    assert "not subscriptable" in problems and "block.model_dump()" in problems


def test_including_text_blocks_is_caught():
    def every_block(content):
        return [(None, None, None) for _ in content]

    assert 'keep only blocks of type "tool_use"' in problems_of(every_block)


def test_returning_none_asks_for_a_list():
    def stub(content): ...

    assert "returned None: return a list" in problems_of(stub)


def test_returning_dicts_asks_for_tuples():
    def as_dicts(content):
        return [{"id": i, "name": n, "input": x} for i, n, x in reference(content)]

    assert "as a tuple (id, name, input)" in problems_of(as_dicts)


def test_lists_of_three_are_accepted_as_tuples():
    assert check_find_tool_calls(lambda content: [list(c) for c in reference(content)]).passed


def test_passing_something_that_is_not_a_function_is_explained():
    assert "pass the function itself" in problems_of(reference([]))


def test_a_function_that_mutates_its_input_does_not_break_later_cases():
    def destructive(content):
        calls = reference(content)
        for block in content:
            if isinstance(block, dict):
                block.clear()
        return calls

    assert check_find_tool_calls(destructive).passed


def test_the_cases_include_replies_that_start_with_thinking_as_dicts_and_sdk_objects():
    def first_type(block):
        return getattr(block, "type", None) or block["type"]

    starts = [
        (type(content[0]).__name__, first_type(content[0])) for _, content, _ in CASES if content
    ]
    assert ("dict", "thinking") in starts and ("ThinkingBlock", "thinking") in starts


def test_the_first_match_with_next_is_caught_on_every_kind_of_content():
    problems = problems_of(first_by_next)
    assert "only the first tool_use came back" in problems
    assert "raised StopIteration" in problems and "return [] when there is none" in problems
    assert "StopIteration: ." not in problems  # an exception with no message is named alone
    assert 'read block["type"] on them' in problems


def test_taking_every_block_but_text_for_a_call_is_told_about_thinking():
    problems = problems_of(every_block_but_text)
    assert "on two thinking blocks, then two tool_uses (dicts)" in problems
    assert "a reply may start with thinking blocks, which have no id" in problems
    assert "ThinkingBlock, ThinkingBlock, ToolUseBlock, ToolUseBlock" in problems


def test_returning_thinking_blocks_as_calls_is_named():
    def with_thinking(content):
        blocks = [b.model_dump() if hasattr(b, "model_dump") else b for b in content]
        return [(b.get("id"), b.get("name"), b.get("input")) for b in blocks if b["type"] != "text"]

    assert "not calls, thinking blocks among them" in problems_of(with_thinking)


# The Chinese edition: the same mistakes, hints in Chinese


@in_chinese
def test_reference_solution_passes_in_chinese():
    assert "全部检查通过" in str(check_find_tool_calls(reference))


@in_chinese
def test_content_minus_one_is_caught_in_chinese():
    problems = problems_of(last_block_only)
    assert "只拿到了最后一个 tool_use：content[-1]" in problems
    assert "“空的 content 列表”：抛出了 IndexError" in problems and "别按下标取" in problems
    assert 'block["type"]' in problems


@in_chinese
def test_stopping_at_the_first_match_is_caught_in_chinese():
    problems = problems_of(first_match_only)
    assert "只拿到了第一个 tool_use" in problems and "后两个 tool_use" in problems


@in_chinese
def test_a_dict_only_solution_gets_the_sdk_hint_in_chinese():
    problems = problems_of(dicts_only)
    assert problems.startswith("“SDK 返回的 reply.content")
    assert "不是 dict" in problems and "block.model_dump()" in problems


@in_chinese
def test_wrong_return_values_are_explained_in_chinese():
    assert "函数返回了 None：应该返回列表" in problems_of(lambda content: None)
    assert "(id, name, input)" in problems_of(lambda content: [{"id": 1}])
    assert "请传入函数本身" in problems_of(reference([]))


@in_chinese
def test_the_new_hints_for_next_and_thinking_are_in_chinese():
    assert "next() 没找到 tool_use" in problems_of(first_by_next)
    problems = problems_of(every_block_but_text)
    assert "“先两个思考块，后两个 tool_use（dict）”" in problems
    assert "回复可能以思考块（thinking）开头" in problems
