"""Tests for handagent.api.history: the rules of `messages`, with the API's status, type and
wording, through `checks.check_request` as the mock and `call_model` use them.

The expected messages are typed out from the reference (anthropic-api.md, api-2026-12.md) and
the recorded replies rather than imported from the module, so a change of wording in the module
makes these tests fail. The model is Haiku 4.5, which still takes an assistant prefill, so a
history may end with an assistant turn here (the prefill rule is tested in test_model_rules).
"""

from functools import partial
from typing import Literal

import pydantic
import pytest
from builders import MUST_START, assistant_turn, call, rejected, request, result, text, user

from handagent.api.checks import Rejection, check_request, check_tool_protocol
from handagent.api.history import RESULT_OF, check_server_tools
from handagent.api.shapes import blocks_of, check_text, one_of, turns

TOOLS = [{"name": "get_time", "input_schema": {"type": "object"}}]
UNANSWERED = (
    "`tool_use` ids were found without `tool_result` blocks immediately after: {ids}. "
    "Each `tool_use` block must have a corresponding `tool_result` block in the next message."
)
body = partial(request, model="claude-haiku-4-5")  # a model that still takes a prefill
UNEXPECTED = (
    "unexpected `tool_use_id` found in `tool_result` blocks: {id}. "
    "Each `tool_result` block must have a corresponding `tool_use` block in the previous message."
)


def test_a_valid_tool_exchange_passes():
    messages = [
        user("What time is it?"),
        assistant_turn([text("Let me check."), call("toolu_01A")]),
        user([result("toolu_01A"), text("Thanks.")]),
    ]
    assert check_request(body(messages, tools=TOOLS)) is None


def test_an_unanswered_tool_use_names_the_assistant_message():
    messages = [user("What time is it?"), assistant_turn([call("toolu_01A")]), user("never mind")]
    assert rejected(body(messages)) == "messages.1: " + UNANSWERED.format(ids="toolu_01A")


def test_several_unanswered_ids_are_joined_by_comma():
    messages = [user("Hi"), assistant_turn([call("toolu_01A"), call("toolu_01B")]), user("no")]
    expected = "messages.1: " + UNANSWERED.format(ids="toolu_01A, toolu_01B")
    assert rejected(body(messages)) == expected


def test_answering_only_some_ids_names_the_rest():
    messages = [
        user("Hi"),
        assistant_turn([call("toolu_01A"), call("toolu_01B")]),
        user([result("toolu_01A")]),
    ]
    assert rejected(body(messages)) == "messages.1: " + UNANSWERED.format(ids="toolu_01B")


def test_text_before_the_tool_result_leaves_the_call_unanswered():
    messages = [
        user("Hi"),
        assistant_turn([call("toolu_01A")]),
        user([text("Here:"), result("toolu_01A")]),
    ]
    assert rejected(body(messages)) == "messages.1: " + UNANSWERED.format(ids="toolu_01A")


def test_the_path_names_a_later_assistant_message():
    messages = [
        user("Hi"),
        assistant_turn([call("toolu_01A")]),
        user([result("toolu_01A")]),
        assistant_turn([call("toolu_01B")]),
        user("ok"),
    ]
    assert rejected(body(messages)) == "messages.3: " + UNANSWERED.format(ids="toolu_01B")


def test_a_result_for_an_unknown_id_names_the_block():
    messages = [
        user("Hi"),
        assistant_turn([call("toolu_01A")]),
        user([result("toolu_01A"), result("toolu_01Z")]),
    ]
    expected = "messages.2.content.1: " + UNEXPECTED.format(id="toolu_01Z")
    assert rejected(body(messages)) == expected


def test_a_result_in_the_first_message_has_no_call():
    expected = "messages.0.content.0: " + UNEXPECTED.format(id="toolu_01A")
    assert rejected(body([user([result("toolu_01A")])])) == expected


def test_a_result_for_a_call_two_turns_back_is_unexpected():
    messages = [
        user("Hi"),
        assistant_turn([call("toolu_01A")]),
        user([result("toolu_01A")]),
        assistant_turn("Done."),
        user([result("toolu_01A")]),
    ]
    expected = "messages.4.content.0: " + UNEXPECTED.format(id="toolu_01A")
    assert rejected(body(messages)) == expected


def test_repeated_tool_use_ids_are_refused():
    messages = [user("Hi"), assistant_turn([call("toolu_01A"), call("toolu_01A")])]
    assert rejected(body(messages)) == "messages.1.content.1: `tool_use` ids must be unique"


def test_an_id_repeated_in_a_later_turn_and_answered_there_is_accepted():
    # recorded: the API accepted a replayed Gemini history that reuses ids across turns
    messages = [
        user("Hi"),
        assistant_turn([call("toolu_01A")]),
        user([result("toolu_01A")]),
        assistant_turn([call("toolu_01A")]),
        user([result("toolu_01A")]),
    ]
    assert check_request(body(messages)) is None


def test_an_id_repeated_in_two_merged_assistant_messages_is_not_a_repeat_within_a_message():
    messages = [
        user("Hi"),
        assistant_turn([call("toolu_01A")]),
        assistant_turn([call("toolu_01A")]),
    ]
    assert check_tool_protocol(messages) is None


@pytest.mark.parametrize("bad_id", ["toolu 01", "toolu.01", "call:1", "", "ид"])
def test_a_tool_use_id_must_match_the_pattern(bad_id):
    messages = [user("Hi"), assistant_turn([call(bad_id)])]
    expected = "messages.1.content.0.tool_use.id: String should match pattern '^[a-zA-Z0-9_-]+$'"
    assert rejected(body(messages)) == expected


def test_a_tool_result_id_must_match_the_pattern():
    messages = [user("Hi"), assistant_turn([call("toolu_01A")]), user([result("toolu.01A")])]
    expected = (
        "messages.2.content.0.tool_result.tool_use_id: "
        "String should match pattern '^[a-zA-Z0-9_-]+$'"
    )
    assert rejected(body(messages)) == expected


def test_a_tool_use_id_longer_than_64_characters_is_refused():
    messages = [user("Hi"), assistant_turn([call("a" * 65)])]
    expected = "messages.1.content.0.tool_use.id: String should have at most 64 characters"
    assert rejected(body(messages)) == expected
    assert check_request(body([user("Hi"), assistant_turn([call("a" * 64)])])) is None


def test_empty_text_is_refused():
    message = rejected(body([user([text("")])]))
    assert message == "messages: text content blocks must be non-empty"


@pytest.mark.parametrize("content", [[text(" \n\t")], " \n\t", "   "])
def test_whitespace_text_is_refused_as_a_block_or_as_string_content(content):
    message = rejected(body([user(content)]))
    assert message == "messages: text content blocks must contain non-whitespace text"


@pytest.mark.parametrize("content", [" ", [text(" ")], [text("\n"), call("toolu_01A")]])
def test_whitespace_text_in_an_earlier_assistant_turn_is_accepted(content):
    # recorded: llm-anthropic's test_tools sends an assistant text of one space, and gets a 200
    calls = [b["id"] for b in content if isinstance(content, list) and b["type"] == "tool_use"]
    answer = user([result(i) for i in calls] or "And now?")
    assert check_request(body([user("Hi"), assistant_turn(content), answer])) is None


def test_whitespace_text_in_a_system_message_or_a_tool_result_is_refused():
    for messages in (
        [{"role": "system", "content": "  "}, user("Hi")],
        [user("Hi"), assistant_turn([call("toolu_01A")]), user([result("toolu_01A", "  ") | {
            "content": [text("  ")]}])],
    ):  # fmt: skip
        message = rejected(body(messages))
        assert message == "messages: text content blocks must contain non-whitespace text"


def test_a_whitespace_final_assistant_string_is_refused_like_a_whitespace_block():
    for content in ("  ", [text("  ")]):
        message = rejected(body([user("Hi"), assistant_turn(content)]))
        assert message == "messages: text content blocks must contain non-whitespace text"


def test_empty_text_inside_a_tool_result_is_refused():
    messages = [
        user("Hi"),
        assistant_turn([call("toolu_01A")]),
        user([result("toolu_01A") | {"content": [text("")]}]),
    ]
    assert rejected(body(messages)) == "messages: text content blocks must be non-empty"


@pytest.mark.parametrize("empty", [[], ""])
def test_an_empty_message_is_refused(empty):
    expected = (
        "messages.0: all messages must have non-empty content "
        "except for the optional final assistant message"
    )
    assert rejected(body([user(empty)])) == expected


def test_an_empty_assistant_message_in_the_middle_is_refused():
    message = rejected(body([user("Hi"), assistant_turn([]), user("Hello?")]))
    assert message.startswith("messages.1: all messages must have non-empty content")


@pytest.mark.parametrize("empty", [[], ""])
def test_the_final_assistant_message_may_be_empty(empty):
    assert check_request(body([user("Hi"), assistant_turn(empty)])) is None


def test_an_unknown_block_field_names_its_path():
    message = rejected(body([user([text("Hi") | {"frobnicate": 1}])]))
    assert message == "messages.0.content.0.text.frobnicate: Extra inputs are not permitted"


def test_an_unknown_message_field_names_its_path():
    message = rejected(body([user("Hi") | {"name": "Ann"}]))
    assert message == "messages.0.name: Extra inputs are not permitted"


def test_an_unknown_block_type_lists_the_expected_tags():
    message = rejected(body([user([{"type": "audio"}])]))
    assert message.startswith(
        "messages.0.content.0: Input tag 'audio' found using 'type' does not match any of the "
        "expected tags: 'text', 'image', 'document', 'search_result', 'thinking'"
    )


@pytest.mark.parametrize("odd_type", [[], {}, None, 3])
def test_a_block_type_that_is_not_a_string_is_refused(odd_type):
    message = rejected(body([user([{"type": odd_type}])]))
    assert message.startswith("messages.0.content.0: Input tag ")


@pytest.mark.parametrize("role", ["tool", "developer", None])
def test_a_role_must_be_user_assistant_or_system(role):
    message = rejected(body([{"role": role, "content": "Hi"}]))
    assert message == "messages.0.role: Input should be 'user', 'assistant' or 'system'"


def test_a_system_message_inside_messages_is_accepted_and_holds_text_only():
    # SDK 2.10: MessageParam = UserMessageParam | AssistantMessageParam | SystemMessageParam
    system = {"role": "system", "content": [text("Answer in French.")]}
    assert check_request(body([user("Hi"), system, user("Bonjour?")])) is None
    pictured = {"role": "system", "content": [{"type": "image", "source": {}}]}
    message = rejected(body([user("Hi"), pictured]))
    assert message.startswith("messages.1.content.0: Input tag 'image' found using 'type'")


def test_a_system_message_between_a_call_and_its_result_is_looked_through():
    messages = [
        user("Hi"),
        assistant_turn([call("toolu_01A")]),
        {"role": "system", "content": "Be brief."},
        user([result("toolu_01A")]),
    ]
    assert check_request(body(messages)) is None
    assert turns(messages) == [[0], [1], [3]]


def test_tool_history_without_a_tools_parameter_is_accepted():
    messages = [user("Hi"), assistant_turn([call("toolu_01A")]), user([result("toolu_01A")])]
    assert check_request(body(messages)) is None


def test_consecutive_user_messages_are_merged_into_one_turn():
    assert check_request(body([user("Hi"), user("Are you there?")])) is None


def test_results_split_over_two_user_messages_answer_the_calls():
    messages = [
        user("Hi"),
        assistant_turn([call("toolu_01A"), call("toolu_01B")]),
        user([result("toolu_01A")]),
        user([result("toolu_01B"), text("Both done.")]),
    ]
    assert check_request(body(messages)) is None


@pytest.mark.parametrize("words", ["Here you go.", [text("Here you go.")]])
def test_a_user_message_before_the_one_holding_the_results_leaves_the_call_unanswered(words):
    # string content is one text block: merged into the results' turn, it comes before them
    messages = [
        user("Hi"),
        assistant_turn([call("toolu_01A")]),
        user(words),
        user([result("toolu_01A")]),
    ]
    assert rejected(body(messages)) == "messages.1: " + UNANSWERED.format(ids="toolu_01A")


@pytest.mark.parametrize("words", ["Here you go.", [text("Here you go.")]])
def test_the_results_then_a_user_message_are_accepted(words):
    messages = [
        user("Hi"),
        assistant_turn([call("toolu_01A")]),
        user([result("toolu_01A")]),
        user(words),
    ]
    assert check_request(body(messages)) is None


def test_check_tool_protocol_reads_string_content_as_one_text_block():
    messages = [
        user("Hi"),
        assistant_turn([call("toolu_01A")]),
        user("Well?"),
        user([result("toolu_01A")]),
    ]
    with pytest.raises(Rejection, match="^messages.1: `tool_use` ids were found"):
        check_tool_protocol(messages)


def test_a_call_then_text_from_the_assistant_are_one_turn():
    messages = [
        user("Hi"),
        assistant_turn([call("toolu_01A")]),
        assistant_turn([text("Waiting for the clock.")]),
        user([result("toolu_01A")]),
    ]
    assert check_request(body(messages)) is None


def test_an_unanswered_call_in_a_merged_assistant_turn_names_its_own_message():
    messages = [
        user("Hi"),
        assistant_turn([text("Let me check.")]),
        assistant_turn([call("toolu_01A")]),
        user("no"),
    ]
    assert rejected(body(messages)) == "messages.2: " + UNANSWERED.format(ids="toolu_01A")


def test_check_tool_protocol_alone_accepts_a_trailing_call():
    assert check_tool_protocol([user("Hi"), assistant_turn([call("toolu_01A")])]) is None


def test_a_rejection_reads_as_the_api_message():
    # rejected() also checks that str(Rejection) is its message
    assert rejected(body([user([text("")])])) == "messages: text content blocks must be non-empty"


def test_a_thinking_block_without_its_signature_names_the_field():
    # §2.4: messages.647.content.0.thinking.signature: Field required
    thought = {"type": "thinking", "thinking": "Let me see."}
    message = rejected(body([user("Hi"), assistant_turn([thought, text("Hello.")]), user("?")]))
    assert message == "messages.1.content.0.thinking.signature: Field required"


FOUND_TEXT = (
    "messages.1.content.0: If an assistant message contains any thinking blocks, the first "
    "block must be thinking or redacted_thinking. Found text."
)


def test_thinking_after_text_in_the_latest_turn_is_refused_whenever_thinking_is_on():
    # §2.4, anthropics/claude-code#20705; issue 35: the API reads this order before a signature;
    # Haiku 4.5 thinks only when asked, Haiku 5.5 by default
    thought = {"type": "thinking", "thinking": "", "signature": "abc"}
    messages = [user("Hi"), assistant_turn([text("Hello."), thought]), user("?")]
    assert check_request(body(messages)) is None  # thinking off
    manual = {"type": "enabled", "budget_tokens": 1024}
    assert rejected(body(messages, max_tokens=2000, thinking=manual)) == FOUND_TEXT
    assert rejected(body(messages, model="claude-haiku-5-5")) == FOUND_TEXT
    adaptive = {"type": "adaptive"}
    assert rejected(body(messages, model="claude-haiku-5-5", thinking=adaptive)) == FOUND_TEXT


def test_thinking_after_text_in_an_earlier_turn_is_refused_under_manual_thinking_only():
    # recorded under adaptive thinking: Opus 4.6 itself streams [text, thinking, text]; [U]
    # whether the API reads an earlier turn's order outside manual thinking
    thought = {"type": "thinking", "thinking": "", "signature": "abc"}
    messages = [user("Hi"), assistant_turn([text("Hello."), thought]), user("?"),
                assistant_turn("Fine."), user("!")]  # fmt: skip
    assert check_request(body(messages)) is None
    manual = {"type": "enabled", "budget_tokens": 1024}
    assert rejected(body(messages, max_tokens=2000, thinking=manual)) == FOUND_TEXT


def test_a_server_tools_blocks_before_thinking_in_the_latest_turn_are_accepted():
    # recorded (pydantic-ai, Sonnet 5, code execution): [server_tool_use, result, thinking, ...]
    call = {"type": "server_tool_use", "id": "srvtoolu_01A", "name": "code_execution",
            "input": {"code": "1"}}  # fmt: skip
    done = {"type": "code_execution_tool_result", "tool_use_id": "srvtoolu_01A", "content": {
        "type": "code_execution_result", "stdout": "1", "stderr": "", "return_code": 0,
        "content": []}}  # fmt: skip
    thought = {"type": "thinking", "thinking": "", "signature": "abc"}
    code = [{"type": "code_execution_20250825", "name": "code_execution"}]
    messages = [user("Run it"), assistant_turn([call, done, thought, text("1.")]), user("?")]
    assert check_request(body(messages, tools=code)) is None


def test_a_redacted_thinking_block_needs_its_data():
    message = rejected(
        body([user("Hi"), assistant_turn([{"type": "redacted_thinking"}]), user("?")])
    )
    assert message == "messages.1.content.0.redacted_thinking.data: Field required"


# --- server tools in the history (§4.4, §4.5) -----------------------------------------------------
WEB = [{"type": "web_search_20250305", "name": "web_search"}, *TOOLS]
FETCH = [{"type": "web_fetch_20250910", "name": "web_fetch"}]
MCP = [{"type": "url", "name": "wiki", "url": "https://mcp.example.com/mcp"}]


def search(call_id: str = "srvtoolu_01A") -> dict:
    return {"type": "server_tool_use", "id": call_id, "name": "web_search", "input": {"query": "q"}}


def found(call_id: str = "srvtoolu_01A", kind: str = "web_search_tool_result") -> dict:
    return {"type": kind, "tool_use_id": call_id, "content": []}


def test_a_server_tool_answered_in_its_own_turn_passes():
    messages = [user("Search."), assistant_turn([search(), found(), text("Nothing.")]), user("Ok.")]
    assert check_request(body(messages, tools=WEB)) is None


def test_a_server_tool_result_without_its_call_names_the_block():
    # §4.5, the server-tool analogue (anthropics/claude-code#64383), for web search
    messages = [
        user("Search."),
        assistant_turn([found("srvtoolu_01B"), text("Done.")]),
        user("Ok."),
    ]
    assert rejected(body(messages, tools=WEB)) == (
        "messages.1.content.0: unexpected `tool_use_id` found in `web_search_tool_result` "
        "blocks: srvtoolu_01B. Each `web_search_tool_result` block must have a corresponding "
        "`server_tool_use` block before it."
    )


def test_a_result_of_the_wrong_kind_does_not_answer_a_server_call():
    messages = [user("Search."), assistant_turn([search(), found(kind="web_fetch_tool_result")]),
                user("Ok.")]  # fmt: skip
    assert rejected(body(messages, tools=WEB)).startswith(
        "messages.1.content.1: unexpected `tool_use_id` found in `web_fetch_tool_result` blocks"
    )


def test_a_server_call_left_unanswered_before_a_user_turn_is_refused():
    # §4.4: "`web_fetch` tool use with id `srvtoolu_…` was found without a corresponding
    # `web_fetch_tool_result` block"
    fetch = {"type": "server_tool_use", "id": "srvtoolu_01A", "name": "web_fetch",
             "input": {"url": "https://example.com"}}  # fmt: skip
    messages = [user("Read it."), assistant_turn([fetch]), user("And?")]
    assert rejected(body(messages, tools=FETCH)) == (
        "messages.1.content.0: `web_fetch` tool use with id `srvtoolu_01A` was found without a "
        "corresponding `web_fetch_tool_result` block"
    )


def test_a_paused_turn_may_end_the_conversation_with_its_call_waiting():
    messages = [user("Search."), assistant_turn([search()])]
    assert check_request(body(messages, tools=WEB)) is None


def test_a_waiting_call_needs_its_tool_still_defined():
    # §4.4: "A resume request that no longer defines the waiting server tool fails with a 400
    # whose message ends `but no web_fetch tool was provided`"
    fetch = {"type": "server_tool_use", "id": "srvtoolu_01A", "name": "web_fetch", "input": {}}
    message = rejected(body([user("Read it."), assistant_turn([fetch])], tools=TOOLS))
    assert message.startswith("messages.1.content.0: ")
    assert message.endswith("but no web_fetch tool was provided")


def test_a_mixed_turn_waits_for_the_client_results_and_is_answered_in_the_next_turn():
    # recorded: pydantic-ai test_in_flight_native_tool_call_history_is_accepted
    turn = assistant_turn([search(), call("toolu_01A")])
    messages = [user("Look it up, and the time."), turn, user([result("toolu_01A")])]
    assert check_request(body(messages, tools=WEB)) is None
    answered = [*messages, assistant_turn([found(), text("Nothing.")]), user("Ok.")]
    assert check_request(body(answered, tools=WEB)) is None


def test_text_after_the_client_results_of_a_mixed_turn_is_refused():
    # §4.4: "that message must contain nothing except the tool_result blocks"
    turn = assistant_turn([search(), call("toolu_01A")])
    messages = [user("Look it up."), turn, user([result("toolu_01A"), text("Also...")])]
    assert rejected(body(messages, tools=WEB)) == (
        "messages.1.content.0: `web_search` tool use with id `srvtoolu_01A` was found without a "
        "corresponding `web_search_tool_result` block"
    )


def test_an_mcp_call_waits_on_its_server():
    mcp_call = {"type": "mcp_tool_use", "id": "mcptoolu_01A", "name": "ask", "server_name": "wiki",
                "input": {}}  # fmt: skip
    messages = [
        user("Ask."),
        assistant_turn([mcp_call, call("toolu_01A")]),
        user([result("toolu_01A")]),
    ]
    beta = ("mcp-client-2025-04-04",)
    assert check_request(body(messages, mcp_servers=MCP), betas=beta) is None
    assert rejected(body(messages, mcp_servers=[{**MCP[0], "name": "other"}]), betas=beta) == (
        "messages.1.content.0: `ask` tool use with id `mcptoolu_01A` is waiting for its result, "
        "but no wiki MCP server was provided"
    )


def test_server_tools_of_code_execution_are_defined_by_the_code_execution_tool():
    bash = {"type": "server_tool_use", "id": "srvtoolu_01A", "name": "bash_code_execution",
            "input": {"command": "ls"}}  # fmt: skip
    code = [{"type": "code_execution_20250825", "name": "code_execution"}]
    assert check_request(body([user("Run it."), assistant_turn([bash])], tools=code)) is None


# --- shapes, in pydantic's words (the API validates with pydantic; SDK: the ...Param types) ----
def test_messages_must_be_a_list_of_objects():
    assert rejected(body({"role": "user", "content": "Hi"})) == (
        "messages: Input should be a valid list"
    )
    assert rejected(body([user("Hi"), "Hello?"])) == (
        "messages.1: Input should be a valid dictionary"
    )


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ({"role": "user"}, "messages.0.content: Field required"),
        (user(5), "messages.0.content: Input should be a valid string or list"),
        (user(["Hi"]), "messages.0.content.0: Input should be a valid dictionary"),
        (user([text(5)]), "messages.0.content.0.text.text: Input should be a valid string"),
    ],
)
def test_a_messages_content_is_a_string_or_a_list_of_blocks(message, expected):
    assert rejected(body([message])) == expected


CLEAR_AT = ("mid-conversation-system-clear-at-2026-08-21",)


def test_clear_at_is_a_system_messages_option_under_its_beta():
    system = {"role": "system", "content": "Be brief.", "clear_at": "next_user_message"}
    assert check_request(body([user("Hi"), system]), betas=CLEAR_AT) is None
    assert rejected(body([user("Hi"), system])) == (
        "messages.1.clear_at: Extra inputs are not permitted"
    )


def test_a_user_message_takes_no_clear_at_even_under_its_beta():
    asking = user("Hi") | {"clear_at": "next_user_message"}
    assert rejected(body([asking]), betas=CLEAR_AT) == (
        "messages.0.clear_at: Extra inputs are not permitted"
    )


def test_whitespace_only_text_is_refused_unless_the_caller_allows_it():
    with pytest.raises(Rejection, match="^messages: text content blocks must contain non-white"):
        check_text(" ", "system.0.text")
    assert check_text(" ", "messages.1.content", spaces_ok=True) is None


@pytest.mark.parametrize(
    ("block", "expected"),
    [
        (call("toolu_01A") | {"name": 5}, "tool_use.name: Input should be a valid string"),
        (call("toolu_01A") | {"name": ""}, "tool_use.name: Field required"),
        (call("toolu_01A") | {"input": "{}"}, "tool_use.input: Input should be a valid dictionary"),
        ({"type": "thinking", "thinking": 5, "signature": "c2ln"},
         "thinking.thinking: Input should be a valid string"),
        ({"type": "thinking", "thinking": "Hm.", "signature": None},
         "thinking.signature: Input should be a valid string"),
    ],
)  # fmt: skip
def test_an_assistant_blocks_fields_have_the_sdks_types(block, expected):
    messages = [user("Hi"), assistant_turn([block]), user("?")]
    assert rejected(body(messages)) == "messages.1.content.0." + expected


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        ({"content": 5}, "tool_result.content: Input should be a valid string or list"),
        ({"content": [5]}, "tool_result.content.0: Input should be a valid dictionary"),
        ({"is_error": "yes"}, "tool_result.is_error: Input should be a valid boolean"),
    ],
)
def test_a_tool_results_fields_have_the_sdks_types(change, expected):
    messages = [
        user("Hi"),
        assistant_turn([call("toolu_01A")]),
        user([result("toolu_01A") | change]),
    ]
    assert rejected(body(messages)) == "messages.2.content.0." + expected


def test_a_tool_result_holds_only_the_blocks_a_result_may_hold():
    inner = [call("toolu_01B")]
    messages = [user("Hi"), assistant_turn([call("toolu_01A")]), user([result("toolu_01A") | {
        "content": inner}])]  # fmt: skip
    assert rejected(body(messages)).startswith(
        "messages.2.content.0.tool_result.content.0: Input tag 'tool_use' found using 'type' "
        "does not match any of the expected tags: 'text', 'image', 'search_result', 'document', "
        "'tool_reference', 'browser_state'"
    )


def test_a_tool_result_without_content_is_accepted():
    # SDK: ToolResultBlockParam.content is optional
    answer = user([{"type": "tool_result", "tool_use_id": "toolu_01A"}])
    assert check_request(body([user("Hi"), assistant_turn([call("toolu_01A")]), answer])) is None


SOURCE = {"type": "base64", "media_type": "image/png", "data": "iVBORw0KGgo="}


def test_images_and_search_results_pass_with_their_fields():
    picture = {"type": "image", "source": SOURCE}
    found_page = {"type": "search_result", "source": "https://example.com", "title": "Example",
                  "content": [text("An example page.")]}  # fmt: skip
    assert check_request(body([user([picture, found_page, text("What are these?")])])) is None


COMPACT = ("compact-2026-01-12",)


def test_a_compaction_blocks_content_is_a_summary_string():
    summary = {"type": "compaction", "content": "Earlier: a greeting."}
    messages = [user("Hi"), assistant_turn([summary, text("Hello.")]), user("Go on.")]
    assert check_request(body(messages), betas=COMPACT) is None
    broken = [user("Hi"), assistant_turn([summary | {"content": [text("Hi")]}]), user("Go on.")]
    assert rejected(body(broken), betas=COMPACT) == (
        "messages.1.content.0.compaction.content: Input should be a valid string"
    )


@pytest.mark.parametrize(
    ("block", "expected"),
    [
        (search("srvtoolu 01"), "messages.1.content.0.server_tool_use.id: String should match "
         "pattern '^[a-zA-Z0-9_-]+$'"),
        (search() | {"name": 5}, "messages.1.content.0.server_tool_use.name: Input should be a "
         "valid string"),
        (search() | {"name": "memory"}, "messages.1.content.0.server_tool_use.name: Input should "
         "be 'web_search', 'web_fetch', 'code_execution', 'bash_code_execution', "
         "'text_editor_code_execution', 'tool_search_tool_regex', 'tool_search_tool_bm25' or "
         "'advisor'"),
        ({"type": "mcp_tool_use", "id": "mcp.1", "name": "ask", "server_name": "wiki",
          "input": {}}, "messages.1.content.0.mcp_tool_use.id: String should match pattern "
         "'^[a-zA-Z0-9_-]+$'"),
        (found("srvtoolu.01A"), "messages.1.content.0.web_search_tool_result.tool_use_id: String "
         "should match pattern '^[a-zA-Z0-9_-]+$'"),
    ],
)  # fmt: skip
def test_a_server_blocks_id_and_name_have_the_sdks_types(block, expected):
    beta = ("mcp-client-2025-04-04",)
    messages = [user("Search."), assistant_turn([block, text("Done.")]), user("Ok.")]
    assert rejected(body(messages, tools=WEB, mcp_servers=MCP), betas=beta) == expected


# --- manual thinking: which assistant messages need thinking first ------------------------------
MANUAL = {"max_tokens": 2000, "thinking": {"type": "enabled", "budget_tokens": 1024}}
THOUGHT = {"type": "thinking", "thinking": "Hm.", "signature": "c2ln"}


@pytest.mark.parametrize(
    "content",
    ["Hello.", [text("Hello.")], [THOUGHT, text("Hello.")]],
    ids=["string", "text", "thinking first"],
)
def test_under_manual_thinking_a_message_without_thinking_or_starting_with_it_passes(content):
    assert check_request(body([user("Hi"), assistant_turn(content), user("?")], **MANUAL)) is None


@pytest.mark.parametrize(
    "content, kind",
    [([call("toolu_01A")], "tool_use"), ([text("Checking."), call("toolu_01A")], "text")],
    ids=["call only", "text then call"],
)
def test_under_manual_thinking_the_latest_tool_turn_must_start_with_thinking(content, kind):
    # §2.4, anthropics/claude-code#20705: "When thinking is enabled, a final assistant message
    # must start with a thinking block"; [U] that it is manual thinking only (see below)
    messages = [user("What time is it?"), assistant_turn(content), user([result("toolu_01A")])]
    message = rejected(body(messages, tools=TOOLS, **MANUAL))
    assert message == "messages.1.content.0.type: " + MUST_START.format(kind=kind)


def test_under_adaptive_thinking_a_tool_turn_without_thinking_passes():
    # recorded: hand-written [tool_use] turns without thinking, sent to Opus 4.8, Fable 5, Opus 5
    # and Sonnet 5 with their default adaptive thinking, were accepted (2026-07, 2026-08)
    messages = [user("What time is it?"), assistant_turn([call("toolu_01A")]),
                user([result("toolu_01A")])]  # fmt: skip
    for model in ("claude-opus-4-8", "claude-haiku-5-5"):  # thinking: its default, adaptive
        assert check_request(request(messages, tools=TOOLS, model=model)) is None
    adaptive = {"type": "adaptive"}
    assert check_request(request(messages, tools=TOOLS, thinking=adaptive)) is None


def test_under_manual_thinking_an_earlier_tool_turn_needs_no_thinking():
    # only the latest assistant message, the tool loop in progress, must start with thinking
    messages = [user("What time is it?"), assistant_turn([call("toolu_01A")]),
                user([result("toolu_01A")]), assistant_turn([THOUGHT, text("Noon.")]),
                user("Thanks.")]  # fmt: skip
    assert check_request(body(messages, tools=TOOLS, **MANUAL)) is None


def test_the_order_of_thinking_is_refused_whatever_its_signature():
    # the history's rules read no signature: a block that would not verify is refused for its
    # place first, as the API answers in anthropics/claude-code#20705
    forged = {"type": "thinking", "thinking": "", "signature": "not one the API made"}
    messages = [user("What time is it?"), assistant_turn([text("Checking."), forged,
                call("toolu_01A")]), user([result("toolu_01A")])]  # fmt: skip
    assert rejected(body(messages, tools=TOOLS, **MANUAL)) == (
        "messages.1.content.0: If an assistant message contains any thinking blocks, the first "
        "block must be thinking or redacted_thinking. Found text."
    )


# --- a string is one text block -----------------------------------------------------------------
def test_string_content_is_one_text_block_and_an_empty_string_none():
    assert blocks_of(user("Hi")) == [{"type": "text", "text": "Hi"}]
    assert blocks_of(assistant_turn("")) == []


def test_a_tool_result_inside_an_assistant_message_is_a_400_not_a_crash():
    messages = [user("Hi"), assistant_turn([result("toolu_01A")])]
    assert rejected(body(messages)).startswith("messages.1.content.0: unexpected ")


# --- server tools: MCP results, and turns without client calls ----------------------------------
MCP_CALL = {"type": "mcp_tool_use", "id": "mcptoolu_01A", "name": "ask", "server_name": "wiki",
            "input": {}}  # fmt: skip


def test_an_mcp_call_answered_in_its_turn_passes_and_a_stray_mcp_result_names_mcp_tool_use():
    beta = ("mcp-client-2025-04-04",)
    answer = found("mcptoolu_01A", "mcp_tool_result")
    answered = [user("Ask."), assistant_turn([MCP_CALL, answer, text("Done.")]), user("Ok.")]
    assert check_request(body(answered, mcp_servers=MCP), betas=beta) is None
    stray = [user("Ask."), assistant_turn([answer, text("Done.")]), user("Ok.")]
    assert rejected(body(stray, mcp_servers=MCP), betas=beta) == (
        "messages.1.content.0: unexpected `tool_use_id` found in `mcp_tool_result` blocks: "
        "mcptoolu_01A. Each `mcp_tool_result` block must have a corresponding `mcp_tool_use` "
        "block before it."
    )
    unanswered = [user("Ask."), assistant_turn([MCP_CALL, text("Asking.")]), user("Ok.")]
    assert rejected(body(unanswered, mcp_servers=MCP), betas=beta) == (
        "messages.1.content.0: `ask` tool use with id `mcptoolu_01A` was found without a "
        "corresponding `mcp_tool_result` block"
    )


def test_check_server_tools_alone_wants_the_result_in_a_turn_without_client_calls():
    # checks.check_request runs check_tool_protocol first, which refuses these results anyway
    messages = [user("Look it up."), assistant_turn([search(), text("Looking.")]),
                user([result("toolu_01A")])]  # fmt: skip
    with pytest.raises(Rejection, match="^messages.1.content.0: `web_search` tool use with id "):
        check_server_tools(messages, WEB, [])


@pytest.mark.parametrize("values", [("a",), ("a", "b"), ("a", "b", "c"), tuple(RESULT_OF)])
def test_one_of_lists_a_literals_values_as_pydantic_does(values):
    with pytest.raises(pydantic.ValidationError) as caught:
        pydantic.TypeAdapter(Literal[values]).validate_python("none of them")
    assert caught.value.errors()[0]["msg"] == f"Input should be {one_of(values)}"
