"""Tests for handagent.record.drift.compare: where the mock's answer differs from the API's."""

from handagent.record.drift.compare import Difference, differences, error_line, outline


def refused(message: str, status: int = 400, kind: str = "invalid_request_error") -> dict:
    return {
        "status": status,
        "body": {"type": "error", "error": {"type": kind, "message": message}},
    }


def reply(*blocks: dict, **fields) -> dict:
    body = {
        "id": "msg_1",
        "type": "message",
        "model": "claude-haiku-5-5",
        "content": list(blocks),
        "stop_reason": "end_turn",
        "usage": {"input_tokens": 9, "output_tokens": 3},
    }
    return {"status": 200, "body": body | fields}


TEXT = {"type": "text", "text": "Hi"}


def events(*data: dict) -> dict:
    return {"status": 200, "events": [{"event": d["type"], "data": d} for d in data]}


def stream(*deltas: str, usage: dict | None = None) -> dict:
    start = reply()["body"]
    return events(
        {"type": "message_start", "message": start},
        {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
        *({"type": "content_block_delta", "index": 0, "delta": {"type": d}} for d in deltas),
        {"type": "content_block_stop", "index": 0},
        {
            "type": "message_delta",
            "delta": {"stop_reason": "end_turn"},
            "usage": usage or {"output_tokens": 3},
        },
        {"type": "message_stop"},
    )


def test_the_same_answer_differs_nowhere_whatever_the_generated_values():
    assert differences(reply(TEXT), reply({"type": "text", "text": "Hello there"})) == []
    assert differences(refused("a"), refused("a")) == []
    assert differences(stream("text_delta"), stream("text_delta", "text_delta")) == []


def test_a_status_differs_with_the_error_that_came_with_it():
    assert differences(reply(TEXT), refused("max_tokens: Field required")) == [
        Difference("status", "", "200", "400 invalid_request_error: max_tokens: Field required")
    ]


def test_the_errors_type_and_wording_are_compared_apart():
    found = differences(refused("model: x", 404, "not_found_error"), refused("model: y", 404))
    assert found == [
        Difference("type", "error.type", "not_found_error", "invalid_request_error"),
        Difference("wording", "error.message", "model: x", "model: y"),
    ]


def test_a_field_on_one_side_only_or_of_another_type_is_named_by_its_path():
    theirs = reply(TEXT, stop_details=None, usage={"input_tokens": 9, "cache_creation": {"a": 1}})
    ours = reply(TEXT, usage={"input_tokens": "9", "cache_creation": {"a": 1, "b": 2}})
    assert differences(theirs, ours) == [
        Difference("field", "message.stop_details", "null", "absent"),
        Difference("field", "usage.input_tokens", "number", "str"),
        Difference("field", "usage.cache_creation.b", "absent", "number"),
    ]


def test_null_agrees_with_any_type_and_a_tools_input_is_generated():
    call = {"type": "tool_use", "id": "toolu_1", "name": "add", "input": {"a": 1}}
    assert (
        differences(
            reply(call, stop_sequence=None),
            reply({**call, "input": {"b": "2"}}, stop_sequence="###"),
        )
        == []
    )


def test_a_blocks_fields_are_compared_with_the_block_of_its_type():
    cited = {**TEXT, "citations": [{"type": "web_search_result_location"}]}
    assert differences(reply(cited), reply(TEXT)) == [
        Difference("field", "text.citations", "array", "absent")
    ]


def test_block_types_made_by_one_side_only_and_the_model_are_named():
    call = {"type": "tool_use", "id": "toolu_1", "name": "add", "input": {}}
    assert differences(reply(TEXT), reply(call, model="claude-opus-5-5")) == [
        Difference("model", "message.model", "claude-haiku-5-5", "claude-opus-5-5"),
        Difference("block", "content.text", "text", "absent"),
        Difference("block", "content.tool_use", "absent", "tool_use"),
    ]


def test_a_stream_is_compared_by_its_opening_its_last_delta_envelope_and_grammar():
    assert differences(stream("text_delta"), reply(TEXT)) == [
        Difference("stream", "", "a stream", "JSON")
    ]
    found = differences(stream("text_delta"), stream("citations_delta", usage={"x": 1}))
    assert found == [
        Difference("field", "delta.usage.output_tokens", "number", "absent"),
        Difference("field", "delta.usage.x", "absent", "number"),
        Difference("stream", "text deltas", "text_delta", "citations_delta"),
    ]
    cut = events(*[e["data"] for e in stream("text_delta")["events"][:-2]])
    assert differences(stream("text_delta"), cut)[-1] == Difference(
        "stream",
        "events",
        "message_start, message_delta, message_stop",
        "message_start, content_block_delta, content_block_stop",
    )


def test_the_envelope_leaves_pings_out():
    assert outline([{"type": "message_start"}, {"type": "ping"}, {"type": "message_stop"}]) == [
        "message_start",
        "message_start",
        "message_stop",
    ]


def test_an_answer_reads_as_its_status_and_error():
    assert error_line(refused("a")) == "400 invalid_request_error: a"
    assert error_line(reply(TEXT)) == "200"
    assert error_line({"status": None, "headers": {}}) == "no answer"
