"""Tests for handagent.mock.http.openai_chat: the mock provider speaking OpenAI Chat Completions."""

import copy
import json
import re

import httpx
import pytest
from builders import user

from handagent.api.checks import Rejection, check_request
from handagent.mock import MockServer
from handagent.mock.http.openai_chat import answer_chat, to_messages_request
from handagent.runtime.adapters import (
    from_openai_chat,
    to_anthropic,
    to_openai_chat,
    tools_to_openai_chat,
)
from handagent.runtime.protocol import (
    TextBlock,
    ToolCall,
    tool_calls,
    tool_result_message,
    user_text,
)

AUTH = {"Authorization": "Bearer test-key"}
WEATHER = {
    "name": "get_weather",
    "description": "Get the current weather for a city",
    "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}},
}
TOOLS = tools_to_openai_chat([WEATHER])
PARIS = "What's the weather in Paris?"


def body(*messages: dict, **extra) -> dict:
    return {"model": "gpt-4o", "messages": list(messages), **extra}


def calling(*ids: str, arguments: str = "{}") -> dict:
    """An assistant message asking for get_weather once per id."""
    function = {"name": "get_weather", "arguments": arguments}
    calls = [{"id": i, "type": "function", "function": function} for i in ids]
    return {"role": "assistant", "content": None, "tool_calls": calls}


def tool(call_id: str, content: str = "18 C, sunny") -> dict:
    return {"role": "tool", "tool_call_id": call_id, "content": content}


def ok(request: dict, headers: dict = AUTH) -> dict:
    status, reply = answer_chat(request, headers)
    assert status == 200, reply
    return reply


def refused(request: object, headers: dict = AUTH) -> tuple[int, dict]:
    status, reply = answer_chat(request, headers)
    assert set(reply) == {"error"}
    assert set(reply["error"]) == {"message", "type", "param", "code"}
    assert reply["error"]["type"] == "invalid_request_error"
    return status, reply["error"]


def recording_brain(seen: list):
    def brain(request: dict) -> list[dict]:
        seen.append(request)
        return [{"type": "text", "text": "noted"}]

    return brain


# shapes


def test_a_text_reply_has_the_chat_completion_shape():
    reply = ok(body(user("hello")))
    assert set(reply) == {"id", "object", "created", "model", "choices", "usage"}
    assert reply["object"] == "chat.completion" and reply["model"] == "gpt-4o"
    assert re.fullmatch(r"chatcmpl-[0-9A-Za-z]{24}", reply["id"])
    assert isinstance(reply["created"], int)
    [choice] = reply["choices"]
    assert choice == {
        "index": 0,
        "message": {
            "role": "assistant",
            "content": "Hello! How can I help?",
            "refusal": None,
            "annotations": [],
        },
        "finish_reason": "stop",
        "logprobs": None,
    }
    usage = reply["usage"]
    assert usage["total_tokens"] == usage["prompt_tokens"] + usage["completion_tokens"] > 0


def test_the_package_adapter_parses_a_text_reply_into_the_neutral_message():
    message = from_openai_chat(ok(body(user("hello"))), timestamp=1.0)
    assert message.content == (TextBlock("Hello! How can I help?"),)
    assert message.stop_reason == "stop" and message.model == "gpt-4o"
    assert message.usage.input_tokens > 0 and message.usage.output_tokens > 0


def test_a_tool_call_comes_back_with_json_string_arguments_and_a_short_id():
    reply = ok(body(user(PARIS), tools=TOOLS))
    choice = reply["choices"][0]
    assert choice["finish_reason"] == "tool_calls"
    [call] = choice["message"]["tool_calls"]
    assert call["type"] == "function"
    assert call["function"] == {"name": "get_weather", "arguments": '{"city": "Paris"}'}
    assert re.fullmatch(r"call_[0-9A-Za-z]{24}", call["id"])
    message = from_openai_chat(reply, timestamp=1.0)
    assert message.stop_reason == "tool_use"
    assert tool_calls(message) == [ToolCall(call["id"], "get_weather", {"city": "Paris"})]


def test_the_openai_sdk_types_parse_the_reply():
    types = pytest.importorskip("openai.types.chat")
    for request in (body(user("hello")), body(user(PARIS), tools=TOOLS)):
        parsed = types.ChatCompletion.model_validate(ok(request))
        assert parsed.choices[0].message.role == "assistant"


def test_a_history_from_to_openai_chat_is_accepted_and_the_result_is_quoted():
    first = user_text(PARIS, 1.0)
    reply = from_openai_chat(ok(body(*to_openai_chat([first]), tools=TOOLS)), timestamp=2.0)
    [call] = tool_calls(reply)
    history = [first, reply, tool_result_message(call, "18 C, sunny", timestamp=3.0)]
    final = from_openai_chat(ok(body(*to_openai_chat(history), tools=TOOLS)), timestamp=4.0)
    assert final.content == (TextBlock("get_weather says: 18 C, sunny."),)
    assert final.stop_reason == "stop"


# validation, with the real API's wording


def test_a_request_without_a_bearer_key_gets_401():
    for headers in ({}, {"x-api-key": "test-key"}, {"Authorization": "test-key"}):
        status, error = refused(body(user("hello")), headers)
        assert status == 401 and error["param"] is None
        assert error["message"].startswith("You didn't provide an API key.")


def test_the_authorization_header_is_found_whatever_its_case():
    assert answer_chat(body(user("hello")), {"authorization": "Bearer k"})[0] == 200


def test_missing_messages_is_refused_with_the_api_wording():
    assert refused({"model": "gpt-4o"}) == (
        400,
        {
            "message": "Missing required parameter: 'messages'.",
            "type": "invalid_request_error",
            "param": "messages",
            "code": "missing_required_parameter",
        },
    )


def test_missing_model_is_refused_with_the_api_wording():
    status, error = refused({"messages": [user("hello")]})
    assert status == 400 and error["message"] == "you must provide a model parameter"


def test_an_empty_messages_list_is_refused():
    status, error = refused(body())
    assert (status, error["param"], error["code"]) == (400, "messages", "empty_array")


def test_a_body_that_is_not_json_is_refused():
    status, error = refused(b"{not json", AUTH)
    assert status == 400
    assert error["message"].startswith("We could not parse the JSON body of your request.")


def test_json_bytes_are_parsed_like_a_dict():
    assert answer_chat(json.dumps(body(user("hello"))).encode(), AUTH) == answer_chat(
        body(user("hello")), AUTH
    )


def test_an_unknown_role_is_refused_with_the_supported_values():
    status, error = refused(body(user("hello"), {"role": "robot", "content": "beep"}))
    assert status == 400
    assert error == {
        "message": "Invalid value: 'robot'. Supported values are: 'system', 'assistant', "
        "'user', 'function', 'tool', and 'developer'.",
        "type": "invalid_request_error",
        "param": "messages[1].role",
        "code": "invalid_value",
    }


def test_the_deprecated_function_role_is_refused_by_the_mock():
    status, error = refused(body(user("hi"), {"role": "function", "name": "f", "content": "1"}))
    assert (status, error["param"]) == (400, "messages[1].role")
    assert "use 'tool'" in error["message"]


def test_a_message_without_a_role_is_refused():
    status, error = refused(body({"content": "hello"}))
    assert (status, error["param"]) == (400, "messages[0].role")
    assert error["message"] == "Missing required parameter: 'messages[0].role'."


def test_an_unanswered_tool_call_is_refused_with_the_api_wording():
    status, error = refused(body(user(PARIS), calling("call_x"), user("and?")))
    assert status == 400
    assert error == {
        "message": "An assistant message with 'tool_calls' must be followed by tool messages "
        "responding to each 'tool_call_id'. The following tool_call_ids did not have response "
        "messages: call_x",
        "type": "invalid_request_error",
        "param": "messages.[2].role",
        "code": None,
    }


def test_every_unanswered_call_is_listed_even_at_the_end_of_the_history():
    status, error = refused(
        body(user(PARIS), calling("call_a", "call_b", "call_c"), tool("call_b"))
    )
    assert status == 400 and error["param"] == "messages"
    assert error["message"].endswith("did not have response messages: call_a, call_c")


def test_a_tool_message_answering_no_call_is_refused_with_the_api_spelling():
    expected = (
        "Invalid parameter: messages with role 'tool' must be a response to a preceeding "
        "message with 'tool_calls'."
    )
    for messages in (
        [user(PARIS), tool("call_x")],
        [user(PARIS), calling("call_a"), tool("call_b")],
        [user(PARIS), calling("call_a"), tool("call_a"), user("again"), tool("call_a")],
    ):
        status, error = refused(body(*messages))
        assert (status, error["message"]) == (400, expected)
        assert error["param"] == f"messages.[{len(messages) - 1}].role"


def test_a_call_id_over_40_characters_is_refused_with_the_api_wording():
    long_id = "call_" + "x" * 47
    status, error = refused(body(user(PARIS), calling(long_id), tool(long_id)))
    assert status == 400
    assert error == {
        "message": "Invalid 'messages[1].tool_calls[0].id': string too long. Expected a string "
        "with maximum length 40, but got a string with length 52 instead.",
        "type": "invalid_request_error",
        "param": "messages[1].tool_calls[0].id",
        "code": "string_above_max_length",
    }


def test_a_call_id_of_exactly_40_characters_is_accepted():
    edge = "call_" + "x" * 35
    assert answer_chat(body(user(PARIS), calling(edge), tool(edge)), AUTH)[0] == 200


# translation for the brain


def test_system_and_developer_messages_become_the_system_prompt():
    request = to_messages_request(
        body(
            {"role": "system", "content": "Be brief."},
            {"role": "developer", "content": [{"type": "text", "text": "Use tools."}]},
            user("hello"),
        )
    )
    assert request["system"] == "Be brief.\n\nUse tools."
    assert request["messages"] == [{"role": "user", "content": [{"type": "text", "text": "hello"}]}]


def test_tool_messages_become_tool_results_in_one_user_turn():
    request = to_messages_request(
        body(
            user(PARIS),
            calling("call_a", "call_b"),
            tool("call_a", "18 C"),
            tool("call_b", "Error: city not found"),
        )
    )
    assert request["messages"][1] == {
        "role": "assistant",
        "content": [
            {"type": "tool_use", "id": "call_a", "name": "get_weather", "input": {}},
            {"type": "tool_use", "id": "call_b", "name": "get_weather", "input": {}},
        ],
    }
    assert request["messages"][2] == {
        "role": "user",
        "content": [
            {"type": "tool_result", "tool_use_id": "call_a", "content": "18 C", "is_error": False},
            {
                "type": "tool_result",
                "tool_use_id": "call_b",
                "content": "Error: city not found",
                "is_error": True,
            },
        ],
    }
    assert len(request["messages"]) == 3


def test_only_a_result_starting_with_error_colon_counts_as_an_error():
    request = to_messages_request(
        body(
            user(PARIS), calling("c1", "c2"), tool("c1", "No error: fine"), tool("c2", "Errors: 0")
        )
    )
    assert [r["is_error"] for r in request["messages"][2]["content"]] == [False, False]


def test_the_brain_reads_an_error_result_as_a_failure():
    asked = calling("call_a", arguments='{"city": "Paris"}')
    history = [user(PARIS), asked, tool("call_a", "Error: city not found")]
    reply = ok(body(*history, tools=TOOLS))
    assert reply["choices"][0]["message"]["content"] == (
        "The get_weather tool reported an error: Error: city not found."
    )


def test_tools_tool_choice_and_max_tokens_are_translated():
    forced = {"type": "function", "function": {"name": "get_weather"}}
    request = to_messages_request(
        body(user("hi"), tools=TOOLS, tool_choice=forced, max_tokens=50, max_completion_tokens=9)
    )
    assert request["tools"] == [WEATHER]
    assert request["tool_choice"] == {"type": "tool", "name": "get_weather"}
    assert request["max_tokens"] == 9  # max_completion_tokens wins: max_tokens is deprecated
    required = to_messages_request(body(user("hi"), tools=TOOLS, tool_choice="required"))
    assert required["tool_choice"] == {"type": "any"}


def test_the_brain_gets_an_anthropic_shaped_request_that_the_messages_api_accepts():
    seen: list = []
    history = [
        {"role": "system", "content": "Be brief."},
        user(PARIS),
        calling("call_a"),
        tool("call_a", "18 C"),
        user("thanks"),
    ]
    status, _ = answer_chat(
        body(*history, tools=TOOLS, max_tokens=100), AUTH, recording_brain(seen)
    )
    assert status == 200
    check_request(seen[0])  # raises if the translation broke a Messages API rule


def test_parallel_tool_calls_false_asks_for_one_call_per_turn():
    question = user("What's the weather in Paris and in Tokyo?")
    parallel = ok(body(question, tools=TOOLS))["choices"][0]["message"]["tool_calls"]
    sequential = ok(body(question, tools=TOOLS, parallel_tool_calls=False))
    [call] = sequential["choices"][0]["message"]["tool_calls"]
    assert [c["function"]["arguments"] for c in parallel] == [
        '{"city": "Paris"}',
        '{"city": "Tokyo"}',
    ]
    assert call["function"]["arguments"] == '{"city": "Paris"}'
    assert sequential["model"] == "gpt-4o"


def test_parallel_tool_calls_false_becomes_disable_parallel_tool_use_for_the_brain():
    for choice, expected in [(None, {"type": "auto"}), ("required", {"type": "any"})]:
        fields = {"tool_choice": choice} if choice else {}
        request = to_messages_request(
            body(user(PARIS), tools=TOOLS, parallel_tool_calls=False, **fields)
        )
        assert request["tool_choice"] == {**expected, "disable_parallel_tool_use": True}
        assert request["model"] == "gpt-4o"
        check_request({"max_tokens": 10, **request})


# max_tokens


def test_max_tokens_cuts_the_text_and_reports_length():
    full = ok(body(user("hello")))
    limit = full["usage"]["completion_tokens"] - 3
    cut = ok(body(user("hello"), max_tokens=limit))
    assert cut["choices"][0]["finish_reason"] == "length"
    assert cut["usage"]["completion_tokens"] == limit
    assert cut["choices"][0]["message"]["content"] == "Hello! How can I"  # whole words only
    assert from_openai_chat(cut, timestamp=1.0).stop_reason == "length"


def test_a_call_cut_by_max_completion_tokens_has_arguments_that_do_not_parse():
    city = "Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch"
    request = body(user(f"What's the weather in {city}?"), tools=TOOLS)
    needed = ok(request)["usage"]["completion_tokens"]
    cut = ok({**request, "max_completion_tokens": needed - 2})
    assert cut["choices"][0]["finish_reason"] == "length"
    [call] = tool_calls(from_openai_chat(cut, timestamp=1.0))
    assert call.arguments is None and call.raw_arguments.startswith('{"city": "Llan')


# ids


def test_long_id_style_gives_joined_ids_over_64_characters():
    headers = {**AUTH, "x-mock-id-style": "long"}
    [call] = ok(body(user(PARIS), tools=TOOLS), headers)["choices"][0]["message"]["tool_calls"]
    short_part, item_part = call["id"].split("|")
    assert len(call["id"]) > 64
    assert re.fullmatch(r"call_[0-9A-Za-z]{24}", short_part)
    assert re.fullmatch(r"fc_[A-Za-z0-9+/]+=*", item_part) and item_part.endswith("=")


def test_long_ids_are_normalised_for_anthropic_and_refused_when_sent_raw():
    headers = {**AUTH, "x-mock-id-style": "long"}
    first = user_text(PARIS, 1.0)
    reply = from_openai_chat(ok(body(user(PARIS), tools=TOOLS), headers), timestamp=2.0)
    [call] = tool_calls(reply)
    history = [first, reply, tool_result_message(call, "18 C, sunny", timestamp=3.0)]
    request = {"model": "claude-sonnet-5", "max_tokens": 100, "messages": to_anthropic(history)}
    check_request(request)  # the normalised ids pass
    raw = copy.deepcopy(request)
    raw["messages"][1]["content"][-1]["id"] = call.id
    raw["messages"][2]["content"][0]["tool_use_id"] = call.id
    with pytest.raises(Rejection) as refusal:
        check_request(raw)
    block = len(raw["messages"][1]["content"]) - 1
    assert refusal.value.message == (
        f"messages.1.content.{block}.tool_use.id: String should match pattern '^[a-zA-Z0-9_-]+$'"
    )


def test_long_ids_sent_back_verbatim_break_the_40_character_rule_too():
    headers = {**AUTH, "x-mock-id-style": "long"}
    reply = ok(body(user(PARIS), tools=TOOLS), headers)
    assistant = reply["choices"][0]["message"]
    call_id = assistant["tool_calls"][0]["id"]
    status, error = refused(body(user(PARIS), assistant, tool(call_id)))
    assert (status, error["code"]) == (400, "string_above_max_length")


def test_call_ids_are_distinct_within_a_reply():
    question = user("What's the weather in Paris and in Tokyo?")
    calls = ok(body(question, tools=TOOLS))["choices"][0]["message"]["tool_calls"]
    assert len({call["id"] for call in calls}) == len(calls) == 2


def test_a_scripted_id_is_kept():
    def brain(request: dict) -> list[dict]:
        return [{"type": "tool_use", "id": "call_scripted", "name": "get_weather", "input": {}}]

    status, reply = answer_chat(body(user(PARIS), tools=TOOLS), AUTH, brain)
    assert reply["choices"][0]["message"]["tool_calls"][0]["id"] == "call_scripted"


# determinism


def test_the_same_request_gets_the_same_response():
    request = body(user("What's the weather in Paris and in Tokyo?"), tools=TOOLS)
    assert answer_chat(request, AUTH) == answer_chat(copy.deepcopy(request), AUTH)
    other = ok(body(user("What's the weather in Rome?"), tools=TOOLS))
    assert other["id"] != ok(request)["id"]
    assert other["created"] != ok(request)["created"]


def test_created_does_not_follow_the_clock(monkeypatch):
    before = ok(body(user("hello")))["created"]
    monkeypatch.setattr("time.time", lambda: 0.0)
    assert ok(body(user("hello")))["created"] == before


# streaming: chat.completion.chunk events, then [DONE]


def events(request: dict) -> list:
    """The JSON of each event of a streamed reply; "[DONE]" stays a string."""
    status, stream = answer_chat({**request, "stream": True}, AUTH)
    assert status == 200 and isinstance(stream, tuple)
    assert all(e.startswith(b"data: ") and e.endswith(b"\n\n") for e in stream)
    texts = [e.decode()[len("data: ") : -2] for e in stream]
    return [t if t == "[DONE]" else json.loads(t) for t in texts]


def assembled(chunks: list) -> tuple[str, list[dict], str]:
    """(text, tool calls, finish_reason) put back together from the chunks' deltas."""
    text, calls, finish = "", [], None
    for chunk in chunks[:-1]:
        for choice in chunk["choices"]:
            delta = choice["delta"]
            text += delta.get("content") or ""
            for piece in delta.get("tool_calls") or []:
                if "id" in piece:
                    calls.append({"id": piece["id"], "name": piece["function"]["name"], "args": ""})
                calls[piece["index"]]["args"] += piece["function"]["arguments"]
            finish = choice["finish_reason"] or finish
    return text, calls, finish


def test_a_streamed_reply_says_what_the_whole_reply_says_then_done():
    for request in (
        body(user("hello")),
        body(user("What's the weather in Paris and in Tokyo?"), tools=TOOLS),
    ):
        whole = ok(request)["choices"][0]
        chunks = events(request)
        assert chunks[-1] == "[DONE]"
        assert {c["object"] for c in chunks[:-1]} == {"chat.completion.chunk"}
        assert chunks[0]["choices"][0]["delta"]["role"] == "assistant"
        text, calls, finish = assembled(chunks)
        assert text == (whole["message"]["content"] or "") and finish == whole["finish_reason"]
        assert [(c["id"], c["name"], c["args"]) for c in calls] == [
            (c["id"], c["function"]["name"], c["function"]["arguments"])
            for c in whole["message"].get("tool_calls") or []
        ]


def test_a_tool_call_streams_its_name_first_then_its_arguments_in_pieces():
    chunks = events(body(user(PARIS), tools=TOOLS))
    pieces = [c["choices"][0]["delta"]["tool_calls"][0] for c in chunks[:-1]
              if c["choices"][0]["delta"].get("tool_calls")]  # fmt: skip
    assert pieces[0]["type"] == "function" and pieces[0]["function"] == {
        "name": "get_weather",
        "arguments": "",
    }
    assert len(pieces) > 2 and all(set(p) == {"index", "function"} for p in pieces[1:])


def test_usage_comes_in_a_last_chunk_only_when_asked_for():
    request = body(user("hello"))
    assert all("usage" not in c for c in events(request)[:-1])
    asked = events({**request, "stream_options": {"include_usage": True}})
    assert asked[-2]["choices"] == [] and asked[-2]["usage"] == ok(request)["usage"]
    assert all(c["usage"] is None for c in asked[:-2])


def test_a_stream_cut_by_max_tokens_ends_with_length_and_arguments_that_do_not_parse():
    city = "Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch"
    request = body(user(f"What's the weather in {city}?"), tools=TOOLS)
    needed = ok(request)["usage"]["completion_tokens"]
    _, [call], finish = assembled(events({**request, "max_completion_tokens": needed - 2}))
    assert finish == "length" and call["args"].startswith('{"city": "Llan')
    with pytest.raises(ValueError):
        json.loads(call["args"])


# the OpenAI SDK itself reading the mock's bytes


def _sdk_through(handler):
    openai = pytest.importorskip("openai")
    httpx2 = pytest.importorskip("httpx2")
    client = httpx2.Client(transport=httpx2.MockTransport(handler))
    return openai.OpenAI(base_url="http://mock/v1", api_key="test-key", http_client=client,
                         max_retries=0)  # fmt: skip


def _in_process(request):
    """A transport answering with openai_chat.answer_chat: the SDK parses exactly its bytes."""
    import httpx2

    status, reply = answer_chat(request.content, dict(request.headers))
    if isinstance(reply, tuple):
        headers = {"content-type": "text/event-stream"}
        return httpx2.Response(status, headers=headers, content=b"".join(reply))
    return httpx2.Response(status, json=reply)


def test_the_openai_sdk_streams_text_and_tool_calls_from_the_mock():
    client = _sdk_through(_in_process)
    stream = client.chat.completions.create(
        model="gpt-4o", messages=[user("What's the weather in Paris and in Tokyo?")],
        tools=TOOLS, stream=True, stream_options={"include_usage": True},
    )  # fmt: skip
    chunks = list(stream)
    calls: dict[int, list] = {}
    for chunk in chunks:
        for choice in chunk.choices:
            for piece in choice.delta.tool_calls or []:
                calls.setdefault(piece.index, [piece.function.name, ""])[1] += (
                    piece.function.arguments or ""
                )
    assert [(name, json.loads(args)) for name, args in calls.values()] == [
        ("get_weather", {"city": "Paris"}),
        ("get_weather", {"city": "Tokyo"}),
    ]
    assert [c.choices[0].finish_reason for c in chunks if c.choices][-1] == "tool_calls"
    assert chunks[-1].usage.total_tokens > 0


def test_the_openai_sdk_round_trips_a_tool_call_with_the_mock():
    client = _sdk_through(_in_process)
    question = [user(PARIS)]
    first = client.chat.completions.create(model="gpt-4o", messages=question, tools=TOOLS)
    [call] = first.choices[0].message.tool_calls
    assert (call.function.name, json.loads(call.function.arguments)) == (
        "get_weather",
        {"city": "Paris"},
    )
    history = [*question, first.choices[0].message.model_dump(exclude_none=True),
               tool(call.id, "18 C, sunny")]  # fmt: skip
    final = client.chat.completions.create(model="gpt-4o", messages=history, tools=TOOLS)
    assert final.choices[0].message.content == "get_weather says: 18 C, sunny."
    assert final.choices[0].finish_reason == "stop"


def test_the_openai_sdk_stream_helper_assembles_the_final_message():
    client = _sdk_through(_in_process)
    with client.chat.completions.stream(
        model="gpt-4o", messages=[user(PARIS)], tools=TOOLS
    ) as stream:
        final = stream.get_final_completion()
    [call] = final.choices[0].message.tool_calls
    assert call.function.name == "get_weather" and json.loads(call.function.arguments) == {
        "city": "Paris"
    }


# over HTTP, once server.py routes POST /v1/chat/completions here


def test_the_server_answers_chat_completions_over_http():
    with MockServer() as server:
        response = httpx.post(
            f"{server.base_url}/v1/chat/completions",
            json=body(user(PARIS), tools=TOOLS),
            headers=AUTH,
            timeout=60,
        )
    assert response.status_code == 200
    assert response.json() == ok(body(user(PARIS), tools=TOOLS))


def test_the_openai_sdk_streams_tool_calls_from_the_server():
    openai = pytest.importorskip("openai")
    with MockServer() as server:
        client = openai.OpenAI(base_url=f"{server.base_url}/v1", api_key="test-key", max_retries=0)
        plain = client.chat.completions.create(model="gpt-4o", messages=[user(PARIS)], tools=TOOLS)
        assert plain.choices[0].message.tool_calls[0].function.name == "get_weather"
        raw = httpx.post(f"{server.base_url}/v1/chat/completions", headers=AUTH, timeout=60,
                         json=body(user(PARIS), tools=TOOLS, stream=True))  # fmt: skip
        assert raw.headers["content-type"].startswith("text/event-stream")
        assert raw.text.rstrip().endswith("data: [DONE]")
        stream = client.chat.completions.create(
            model="gpt-4o", messages=[user(PARIS)], tools=TOOLS, stream=True
        )
        chunks = list(stream)
    names = [p.function.name for c in chunks for p in c.choices[0].delta.tool_calls or []
             if c.choices and p.function.name]  # fmt: skip
    pieces = "".join(p.function.arguments or "" for c in chunks if c.choices
                     for p in c.choices[0].delta.tool_calls or [])  # fmt: skip
    assert names == ["get_weather"] and json.loads(pieces) == {"city": "Paris"}


def test_the_server_keeps_valid_chat_requests_like_messages_requests():
    with MockServer() as server:
        ok_body = body(user(PARIS), tools=TOOLS)
        assert httpx.post(f"{server.base_url}/v1/chat/completions", headers=AUTH, timeout=60,
                          json=ok_body).status_code == 200  # fmt: skip
        bad = httpx.post(f"{server.base_url}/v1/chat/completions", headers=AUTH, timeout=60,
                         json={"messages": []})  # fmt: skip
        assert bad.status_code == 400 and server.requests == [ok_body]
