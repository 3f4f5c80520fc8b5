"""Tests for handagent.exercises.ch03: the feed_back checker passes a right answer and names
each classic mistake of feeding results back, thinking blocks dropped or changed included; the
self-check's open question takes the role user, in either language."""

from editions import english_afterwards, in_chinese  # noqa: F401 - the fixture is autouse

from handagent.blocks import block_dict, text_of, tool_uses
from handagent.exercises.ch03 import ADD_ID, CLOCK_ID, SELF_CHECK, check_feed_back


def result(call: dict, functions: dict) -> dict:
    output = functions[call["name"]](**call["input"])
    return {"type": "tool_result", "tool_use_id": call["id"], "content": str(output)}


def reference(history, reply_content, functions):
    results = [result(call, functions) for call in tool_uses(reply_content)]
    return history + [
        {"role": "assistant", "content": reply_content},
        {"role": "user", "content": results},
    ]


def text_only(history, reply_content, functions):
    """The classic mistake: the reply's text appended, its tool_use blocks dropped."""
    kept = reference(history, reply_content, functions)
    kept[1] = {"role": "assistant", "content": [b for b in reply_content if b.type == "text"]}
    return kept


def role_tool(history, reply_content, functions):
    messages = reference(history, reply_content, functions)
    return messages[:-1] + [{**messages[-1], "role": "tool"}]


def first_only(history, reply_content, functions):
    call = tool_uses(reply_content)[0]
    return history + [
        {"role": "assistant", "content": reply_content},
        {"role": "user", "content": [result(call, functions)]},
    ]


def raw_output(history, reply_content, functions):
    messages = reference(history, reply_content, functions)
    messages[-1]["content"][1]["content"] = functions["add"](1234, 5678)
    return messages


def reply_only(history, reply_content, functions):
    return history + [{"role": "assistant", "content": reply_content}]


def problems_of(feed_back) -> str:
    verdict = check_feed_back(feed_back)
    assert not verdict.passed
    return "\n".join(verdict.problems)


def test_reference_solution_passes():
    assert check_feed_back(reference).passed


def test_solution_that_appends_in_place_and_returns_the_history_passes():
    def in_place(history, reply_content, functions):
        history.append({"role": "assistant", "content": reply_content})
        results = [result(call, functions) for call in tool_uses(reply_content)]
        history.append({"role": "user", "content": results})
        return history

    assert check_feed_back(in_place).passed


def test_appending_only_the_text_is_named_as_the_classic_mistake_with_the_api_wording():
    found = problems_of(text_only)
    assert "drops its tool_use blocks: the classic mistake" in found
    assert '{"role": "assistant", "content": reply_content}' in found
    assert "400: messages.2.content.0: unexpected `tool_use_id` found in `tool_result`" in found


def test_appending_the_text_as_a_string_is_the_same_mistake():
    def as_string(history, reply_content, functions):
        kept = reference(history, reply_content, functions)
        kept[1] = {"role": "assistant", "content": text_of(reply_content)}
        return kept

    assert "the classic mistake" in problems_of(as_string)


def with_reply(change):
    """A solution that answers every call but appends the reply as `change` leaves it."""

    def feed_back(history, reply_content, functions):
        messages = reference(history, reply_content, functions)
        content = [block_dict(block) for block in reply_content]
        messages[1] = {"role": "assistant", "content": change(content)}
        return messages

    return feed_back


def test_the_reply_handed_in_starts_with_a_thinking_block_then_a_sentence_then_two_calls():
    seen = []
    check_feed_back(lambda history, reply, functions: seen.extend(b.type for b in reply))
    assert seen == ["thinking", "text", "tool_use", "tool_use"]


def test_the_reply_as_dicts_passes_since_the_blocks_are_the_same():
    assert check_feed_back(with_reply(lambda content: content)).passed


def test_the_reply_dumped_with_its_none_fields_passes_too():
    def dumped(history, reply_content, functions):
        messages = reference(history, reply_content, functions)
        messages[1] = {"role": "assistant", "content": [b.model_dump() for b in reply_content]}
        return messages

    assert check_feed_back(dumped).passed


def test_dropping_the_thinking_block_is_named_though_the_local_check_cannot_see_it():
    found = problems_of(with_reply(lambda content: content[1:]))
    assert "Message 1 drops the reply's thinking block" in found
    assert "unmodified, in its place, with its signature" in found
    assert "The API would refuse" not in found  # only the provider verifies thinking


def test_editing_the_thinking_text_is_named_with_what_the_provider_checks():
    def edit(content):
        return [{**content[0], "thinking": "I will read the clock."}, *content[1:]]

    found = problems_of(with_reply(edit))
    assert "Message 1 changes the reply's thinking block" in found
    assert "checks the signature against the block as it sent it" in found


def test_moving_the_thinking_block_is_named_as_a_change():
    found = problems_of(with_reply(lambda content: [content[1], content[0], *content[2:]]))
    assert "changes the reply's thinking block (its text, its signature or its place)" in found


def test_dropping_the_sentence_is_told_to_keep_all_four_blocks():
    found = problems_of(with_reply(lambda content: [content[0], *content[2:]]))
    assert "all 4 blocks" in found


def test_role_tool_is_refused_as_openai_wire_format():
    found = problems_of(role_tool)
    assert "has role 'tool', but the Messages API has no 'tool' role" in found
    assert "results go in a 'user' message" in found
    assert "messages.2.role: Input should be 'user', 'assistant' or 'system'" in found


def test_role_assistant_is_refused_because_the_program_is_speaking():
    def role_assistant(history, reply_content, functions):
        messages = reference(history, reply_content, functions)
        return messages[:-1] + [{**messages[-1], "role": "assistant"}]

    assert "a result is not the model's words" in problems_of(role_assistant)


def test_role_system_is_refused_because_a_system_message_holds_text_only():
    def role_system(history, reply_content, functions):
        messages = reference(history, reply_content, functions)
        return messages[:-1] + [{**messages[-1], "role": "system"}]

    assert "a 'system' message carries instructions as text only" in problems_of(role_system)


def test_missing_tool_use_id_says_where_the_id_comes_from():
    def no_id(history, reply_content, functions):
        messages = reference(history, reply_content, functions)
        del messages[-1]["content"][0]["tool_use_id"]
        return messages

    found = problems_of(no_id)
    assert "Block 0 has no 'tool_use_id': copy the id of the tool_use it answers" in found
    assert f"No tool_result answers {CLOCK_ID} (get_current_time)" in found


def test_answering_only_the_first_call_names_the_unanswered_one():
    found = problems_of(first_only)
    assert f"No tool_result answers {ADD_ID} (add)" in found
    assert "`tool_use` ids were found without `tool_result` blocks immediately after" in found


def test_a_non_text_result_is_asked_to_become_a_string():
    found = problems_of(raw_output)
    assert f"The result for {ADD_ID} (add) has content 6912 (int)" in found
    assert "the model reads text: use str(...) on the output" in found


def test_a_result_from_the_wrong_function_says_how_to_call_the_named_one():
    def always_the_clock(history, reply_content, functions):
        messages = reference(history, reply_content, functions)
        messages[-1]["content"][1]["content"] = functions["get_current_time"]()
        return messages

    found = problems_of(always_the_clock)
    assert "is '2026-07-08 20:41:00', but add returns '6912'" in found
    assert "functions[call['name']](**call['input'])" in found


def test_an_invented_id_is_named():
    def invented(history, reply_content, functions):
        messages = reference(history, reply_content, functions)
        messages[-1]["content"][0]["tool_use_id"] = "toolu_99"
        return messages

    assert "Block 0 answers 'toolu_99', an id no tool_use in the reply has" in problems_of(invented)


def test_a_history_that_grows_by_the_reply_alone_asks_for_the_answer():
    assert problems_of(reply_only) == (
        "Message 2 is missing: after the reply, append one user message with a tool_result "
        "for each tool_use."
    )


def test_a_history_that_grows_by_three_messages_is_counted():
    def extra(history, reply_content, functions):
        return reference(history, reply_content, functions) + history

    expected = "Append two messages, the reply and your answer to it; it grew by 3."
    assert expected in problems_of(extra)


def test_returning_nothing_and_raising_are_reported_not_raised():
    assert "return the history, a list" in problems_of(lambda history, reply, functions: None)
    assert "feed_back raised KeyError" in problems_of(lambda history, reply, functions: {}["x"])


def test_the_checker_uses_chapter_02s_question_and_the_series_tools():
    seen = {}

    def spy(history, reply_content, functions):
        seen.update(question=history[0]["content"], functions=functions)
        return reference(history, reply_content, functions)

    assert check_feed_back(spy).passed
    assert seen["question"] == "What time is it? Also, what is 1234 + 5678?"
    assert seen["functions"]["get_current_time"]() == "2026-07-08 20:41:00"
    assert seen["functions"]["add"](1234, 5678) == 6912


# The Chinese edition: the same mistakes, hints in Chinese, the API's words as the API says them


@in_chinese
def test_reference_solution_passes_in_chinese():
    assert "全部检查通过" in str(check_feed_back(reference))


@in_chinese
def test_appending_only_the_text_is_named_in_chinese_and_the_api_refusal_quoted():
    found = problems_of(text_only)
    assert "消息 1" in found and "丢掉了 tool_use 块" in found
    assert '{"role": "assistant", "content": reply_content}' in found
    assert "API 会以 400 拒绝" in found
    assert "messages.2.content.0: unexpected `tool_use_id` found in `tool_result`" in found


@in_chinese
def test_dropping_the_thinking_block_is_named_in_chinese():
    found = problems_of(with_reply(lambda content: content[1:]))
    assert "消息 1 丢掉了回复里的思考块" in found and "连同签名一起拼回去" in found


@in_chinese
def test_role_tool_is_refused_in_chinese():
    found = problems_of(role_tool)
    assert "Messages API 里没有 'tool' 角色" in found and "结果要放在 'user' 消息里" in found


@in_chinese
def test_answering_only_the_first_call_is_rule_one_in_chinese():
    found = problems_of(first_only)
    assert f"没有 tool_result 回应 {ADD_ID}（add）：欠单必还" in found


@in_chinese
def test_shape_mistakes_are_explained_in_chinese():
    assert problems_of(reply_only).startswith("缺少消息 2")
    assert "feed_back 返回了 None" in problems_of(lambda history, reply, functions: None)
    assert "feed_back 抛出了 KeyError" in problems_of(lambda history, reply, functions: {}["x"])


@in_chinese
def test_a_non_text_result_is_asked_to_become_a_string_in_chinese():
    assert "模型读的是文本：对输出用 str(...)" in problems_of(raw_output)


@in_chinese
def test_the_chinese_edition_hands_feed_back_chapter_02s_conversation_in_chinese():
    seen = {}

    def spy(history, reply_content, functions):
        seen.update(question=history[0]["content"], said=text_of(reply_content))
        return reference(history, reply_content, functions)

    assert check_feed_back(spy).passed
    assert seen == {"question": "现在几点了？另外 1234 加 5678 等于多少？", "said": "我来查一下。"}


def test_text_before_the_results_is_named_not_left_to_the_apis_words():
    # the learner simulation's X1: only the API's 400 was shown, though the results are there
    def remark_first(history, reply_content, functions):
        answer = reference(history, reply_content, functions)
        results = answer[-1]["content"]
        remark = {"type": "text", "text": "Here are the results:"}
        return [*answer[:-1], {"role": "user", "content": [remark, *results]}]

    problems = check_feed_back(remark_first).problems
    assert problems[0] == (
        "Message 2 starts with a text block: the tool_result blocks come first, since the API "
        "looks for them at the front of the message; a remark goes after them, or better in a "
        "later message."
    )


def test_the_first_questions_hint_points_past_an_accepted_history_to_the_documentation():
    # section 7's dropped thinking was accepted: the hint must not send a learner there for proof
    hint = SELF_CHECK[0].hint
    assert "documentation" in hint[0] and "no proof" in hint[0]
    assert "文档" in hint[1] and "并不说明做对了" in hint[1]
