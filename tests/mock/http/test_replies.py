"""Tests for handagent.mock.http.replies: reply shapes the real SDK parses, derived from the
request.

Most requests here turn thinking off (`NO_THINKING`) to look at the rest of the reply; the
thinking blocks themselves are tested in model/test_thinking.
"""

import json
import re

import pytest
from anthropic.types import Message
from builders import request, user

from handagent.api.tokens import input_tokens, output_tokens
from handagent.mock.http.replies import digest, error_body, message, request_id

LONG_TEXT = "It is sunny in Paris today, with a light breeze from the west and no rain expected."
ARGUMENTS = {"city": "Paris", "units": "celsius", "days": [1, 2, 3], "note": "x" * 80}
CALL = {"type": "tool_use", "name": "get_weather", "input": ARGUMENTS}
CALL_NEEDS = output_tokens("claude-sonnet-5", [{"type": "text", "text": "Let me look."}, CALL])


NO_THINKING = {"thinking": {"type": "disabled"}}  # Sonnet 5 may turn its thinking off


def asked(text: str = "What's the weather in Paris?", **extra) -> dict:
    """Sonnet 5 asked a question, its thinking off unless told otherwise."""
    fields = {"model": "claude-sonnet-5", "max_tokens": 1000} | NO_THINKING | extra
    return request([user(text)], **fields)


def test_digest_follows_its_docstring_example():
    assert digest({"model": "m"}, 0) == "Wiun8CBMq1ZsWSJt2keB7x5p"


def test_digest_is_24_id_characters_and_depends_on_every_part():
    assert re.fullmatch(r"[0-9A-Za-z]{24}", digest("a"))
    assert digest("a", 1) != digest("a", 2)


def test_request_id_is_derived_from_the_raw_bytes():
    assert request_id(b"{}") == request_id(b"{}")
    assert request_id(b"{}") != request_id(b"[]")
    assert re.fullmatch(r"req_011C[0-9A-Za-z]{24}", request_id(b"\xff\xfe not utf-8"))


def test_error_body_follows_its_docstring_example():
    assert error_body(529, "Overloaded", "req_1") == {
        "type": "error",
        "error": {"type": "overloaded_error", "message": "Overloaded"},
        "request_id": "req_1",
    }


@pytest.mark.parametrize(
    ("status", "error_type"),
    [
        (400, "invalid_request_error"),
        (401, "authentication_error"),
        (403, "permission_error"),
        (404, "not_found_error"),
        (413, "request_too_large"),
        (429, "rate_limit_error"),
        (500, "api_error"),
        (529, "overloaded_error"),
        (502, "api_error"),
    ],
)
def test_error_body_types_follow_the_status(status, error_type):
    assert error_body(status, "m", "req_1")["error"]["type"] == error_type


def test_a_text_reply_has_every_field_the_api_sends():
    reply, partial = message(asked(), [{"type": "text", "text": "Sunny."}])
    assert partial is None
    assert list(reply) == [
        "id", "type", "role", "model", "content", "stop_reason", "stop_sequence", "stop_details",
        "usage",
    ]  # fmt: skip
    assert reply["stop_details"] is None
    assert list(reply["usage"]) == [
        "input_tokens", "cache_creation_input_tokens", "cache_read_input_tokens",
        "cache_creation", "output_tokens", "service_tier", "inference_geo",
    ]  # fmt: skip
    assert reply["usage"]["cache_creation"] == {
        "ephemeral_5m_input_tokens": 0,
        "ephemeral_1h_input_tokens": 0,
    }
    assert (reply["usage"]["service_tier"], reply["usage"]["inference_geo"]) == (
        "standard",
        "global",
    )
    assert re.fullmatch(r"msg_01[0-9A-Za-z]{24}", reply["id"])
    assert (reply["type"], reply["role"], reply["model"]) == (
        "message",
        "assistant",
        "claude-sonnet-5",
    )
    assert reply["content"] == [{"type": "text", "text": "Sunny."}]
    assert (reply["stop_reason"], reply["stop_sequence"]) == ("end_turn", None)


def test_usage_reports_the_request_and_reply_tokens():
    body = asked()
    reply, _ = message(body, [{"type": "text", "text": "Sunny."}])
    assert reply["usage"]["input_tokens"] == input_tokens(body)
    assert reply["usage"]["output_tokens"] == output_tokens("claude-sonnet-5", reply["content"])


def test_the_sdk_parses_a_reply_with_text_and_tool_calls():
    blocks = [{"type": "text", "text": "Checking."}, CALL, CALL | {"name": "get_time", "input": {}}]
    reply, _ = message(asked(), blocks)
    parsed = Message.model_validate(reply)
    assert parsed.stop_reason == "tool_use"
    assert [block.type for block in parsed.content] == ["text", "tool_use", "tool_use"]
    assert parsed.content[1].input == ARGUMENTS
    assert parsed.model_dump(exclude_unset=True, exclude={"usage"}) == {
        key: value for key, value in reply.items() if key != "usage"
    }
    assert parsed.content[1].caller.type == "direct"  # as recorded since 2026-06
    assert parsed.usage.input_tokens == reply["usage"]["input_tokens"]


def test_tool_calls_get_distinct_ids_of_the_api_pattern():
    reply, _ = message(asked(), [CALL, CALL])
    ids = [block["id"] for block in reply["content"]]
    assert all(re.fullmatch(r"toolu_01[0-9A-Za-z]{24}", call_id) for call_id in ids)
    assert ids[0] != ids[1]


def test_an_id_chosen_by_the_brain_is_kept():
    reply, _ = message(asked(), [CALL | {"id": "toolu_scripted"}])
    assert reply["content"][0]["id"] == "toolu_scripted"


def test_the_same_request_gets_the_same_reply():
    assert message(asked(), [CALL]) == message(asked(), [CALL])


def test_different_requests_get_different_ids():
    first, _ = message(asked("Weather in Paris?"), [CALL])
    second, _ = message(asked("Weather in Rome?"), [CALL])
    assert first["id"] != second["id"]
    assert first["content"][0]["id"] != second["content"][0]["id"]


def test_streaming_or_not_gets_the_same_reply():
    assert message(asked(stream=True), [CALL]) == message(asked(), [CALL])


def test_a_reply_that_just_fits_is_not_cut():
    needed = output_tokens("claude-sonnet-5", [{"type": "text", "text": LONG_TEXT}])
    reply, _ = message(asked(max_tokens=needed), [{"type": "text", "text": LONG_TEXT}])
    assert reply["stop_reason"] == "end_turn"
    assert reply["content"][0]["text"] == LONG_TEXT


@pytest.mark.parametrize("max_tokens", [1, 2, 5, 10, 20])
def test_a_long_text_is_cut_at_max_tokens(max_tokens):
    reply, partial = message(asked(max_tokens=max_tokens), [{"type": "text", "text": LONG_TEXT}])
    assert reply["stop_reason"] == "max_tokens"
    assert reply["usage"]["output_tokens"] <= max_tokens
    assert partial is None
    kept = "".join(block["text"] for block in reply["content"])
    assert LONG_TEXT.startswith(kept) and kept != LONG_TEXT
    Message.model_validate(reply)


@pytest.mark.parametrize("max_tokens", [3, 5, 8])
def test_a_chinese_text_is_cut_between_characters_not_lost(max_tokens):
    said = "我没法知道现在几点：我没有时钟，只能看到你发来的文字。"
    reply, _ = message(asked(max_tokens=max_tokens), [{"type": "text", "text": said}])
    kept = "".join(block["text"] for block in reply["content"])
    assert reply["stop_reason"] == "max_tokens" and kept and said.startswith(kept) and kept != said


@pytest.mark.parametrize("max_tokens", [*range(1, CALL_NEEDS, 3), CALL_NEEDS - 1])
def test_a_cut_tool_call_keeps_empty_input_and_unparseable_partial_json(max_tokens):
    blocks = [{"type": "text", "text": "Let me look."}, CALL]
    reply, partial = message(asked(max_tokens=max_tokens), blocks)
    assert reply["stop_reason"] == "max_tokens"
    assert reply["usage"]["output_tokens"] <= max_tokens
    calls = [block for block in reply["content"] if block["type"] == "tool_use"]
    assert all(block["input"] == {} for block in calls)
    if calls:
        assert json.dumps(ARGUMENTS).startswith(partial)
        with pytest.raises(json.JSONDecodeError):
            json.loads(partial)
    Message.model_validate(reply)


def test_max_tokens_zero_generates_nothing():
    reply, partial = message(asked(max_tokens=0), [CALL])
    assert (reply["content"], reply["stop_reason"], partial) == ([], "max_tokens", None)
    assert reply["usage"]["output_tokens"] == 0


def test_a_cut_tool_call_without_arguments_still_stops_at_max_tokens():
    reply, partial = message(asked(max_tokens=2), [CALL | {"input": {}}])
    assert reply["stop_reason"] == "max_tokens"
    assert reply["usage"]["output_tokens"] <= 2
    assert partial is not None and partial != "{}"


def test_a_tool_call_that_just_fits_is_not_cut():
    blocks = [{"type": "text", "text": "Let me look."}, CALL]
    reply, partial = message(asked(max_tokens=CALL_NEEDS), blocks)
    assert (reply["stop_reason"], partial) == ("tool_use", None)
    assert reply["content"][1]["input"] == ARGUMENTS


def test_an_alias_is_answered_with_the_rows_dated_id():
    reply, _ = message(asked(model="claude-haiku-4-5"), [{"type": "text", "text": "Hi."}])
    assert reply["model"] == "claude-haiku-4-5-20251001"
    assert reply["usage"]["inference_geo"] == "not_available"  # as recorded for Haiku 4.5


def test_a_model_the_catalogue_does_not_know_keeps_its_name_and_never_thinks():
    reply, _ = message({**asked(model="gpt-4o"), "thinking": None}, [CALL])
    assert reply["model"] == "gpt-4o" and [b["type"] for b in reply["content"]] == ["tool_use"]


@pytest.mark.parametrize(
    ("stops", "kept", "fired"),
    [
        (["capital"], "Paris is the ", "capital"),
        (["of", "Paris"], "", "Paris"),
        (["zzz"], "Paris is the capital of France.", None),
    ],
)
def test_a_stop_sequence_ends_the_text_where_it_would_appear(stops, kept, fired):
    blocks = [{"type": "text", "text": "Paris is the capital of France."}, CALL]
    reply, _ = message(asked(stop_sequences=stops), blocks)
    texts = [b["text"] for b in reply["content"] if b["type"] == "text"]
    if fired:
        assert texts == ([kept] if kept else []) and len(reply["content"]) == len(texts)
        assert (reply["stop_reason"], reply["stop_sequence"]) == ("stop_sequence", fired)
    else:
        assert texts == [kept] and reply["stop_reason"] == "tool_use"
    Message.model_validate(reply)


def test_usage_reports_speed_and_geo_when_asked_and_no_server_tool_that_never_ran():
    search = {"type": "web_search_20250305", "name": "web_search"}
    reply, _ = message(asked(tools=[search], speed="fast", inference_geo="us"), [])
    usage = reply["usage"]
    assert "server_tool_use" not in usage  # recorded: only when a server tool ran
    assert (usage["speed"], usage["inference_geo"]) == ("fast", "us")
    Message.model_validate(reply)


def test_a_wire_format_without_thinking_can_ask_for_a_reply_without_it():
    thinking_model = asked(model="claude-haiku-5-5", thinking=None)
    reply, _ = message(thinking_model, [CALL], think=False)
    assert [b["type"] for b in reply["content"]] == ["tool_use"]
    assert "output_tokens_details" not in reply["usage"]
    assert reply["usage"]["inference_geo"] == "global"


SEARCH_CALL = {"type": "server_tool_use", "id": "srvtoolu_01A", "name": "web_search",
               "input": {"query": "q"}}  # fmt: skip
SEARCHED = {"type": "web_search_tool_result", "tool_use_id": "srvtoolu_01A", "content": []}
RAN = {"type": "bash_code_execution_tool_result", "tool_use_id": "srvtoolu_01B", "content": {
    "type": "bash_code_execution_result", "stdout": "", "stderr": "no", "return_code": 1,
    "content": []}}  # fmt: skip


def test_a_server_tool_that_ran_is_counted_in_usage():
    reply, _ = message(asked(), [SEARCH_CALL, SEARCHED, {"type": "text", "text": "None."}])
    assert reply["usage"]["server_tool_use"] == {"web_search_requests": 1, "web_fetch_requests": 0}
    assert reply["stop_reason"] == "end_turn"
    Message.model_validate(reply)


def test_a_reply_that_ends_with_a_waiting_server_call_pauses():
    reply, _ = message(asked(), [SEARCH_CALL, SEARCHED, {**SEARCH_CALL, "id": "srvtoolu_01C"}])
    assert reply["stop_reason"] == "pause_turn"  # §4.4: the loop's limit, a call left waiting
    with_call = [SEARCH_CALL, {"type": "tool_use", "name": "get_weather", "input": {}}]
    assert message(asked(), with_call)[0]["stop_reason"] == "tool_use"  # a mixed turn


def test_code_execution_names_a_container_and_a_request_can_name_its_own():
    reply, _ = message(asked(), [{**SEARCH_CALL, "id": "srvtoolu_01B"}, RAN])
    assert reply["container"]["id"].startswith("container_011C")
    assert reply["container"]["expires_at"] == "2099-12-31T00:00:00Z"
    mine = message(asked(container={"id": "container_011Cmine"}), [RAN])[0]["container"]
    assert mine["id"] == "container_011Cmine"


def test_a_beta_reply_carries_its_context_management_and_iterations():
    beta = {"context_management": {"applied_edits": []}, "iterations": []}
    reply, _ = message(asked(), [{"type": "text", "text": "Hi."}], beta=beta)
    assert reply["context_management"] == {"applied_edits": []}
    (step,) = reply["usage"]["iterations"]
    assert step["type"] == "message" and step["output_tokens"] == reply["usage"]["output_tokens"]
