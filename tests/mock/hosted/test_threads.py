"""Tests for handagent.mock.hosted.threads: beta `thread` requests with the genuine SDK's beta
client, which names the field and its header (`message-threads-2026-08-12`), against the mock."""

import anthropic
import pytest
from builders import tool

from handagent.api.rejections import Rejection
from handagent.llm import settings
from handagent.mock.hosted.threads import Store, expand, remember

BETA = ["message-threads-2026-08-12"]
WEATHER = tool("get_weather", "Get the weather for a city.", city="string")


def test_a_thread_continues_with_only_the_new_turn_and_no_system_or_tools(client):
    first = client.beta.messages.create(
        model=settings().model, max_tokens=500, betas=BETA, thread={"type": "create"},
        system="Be brief.", tools=[WEATHER],
        messages=[{"role": "user", "content": "What's the weather in Paris?"}],
    )  # fmt: skip
    call = next(b for b in first.content if b.type == "tool_use")
    second = client.beta.messages.create(
        model=settings().model, max_tokens=500, betas=BETA,
        thread={"type": "continue", "previous_message_id": first.id},
        messages=[{"role": "user", "content": [{"type": "tool_result", "tool_use_id": call.id,
                                                "content": "18°C, sunny"}]}],
    )  # fmt: skip
    assert second.stop_reason == "end_turn"
    assert [b.text for b in second.content if b.type == "text"] == [
        "get_weather says: 18°C, sunny."
    ]


def test_a_thread_the_mock_does_not_hold_is_the_404_the_sdk_replays_on(client):
    with pytest.raises(anthropic.NotFoundError) as caught:
        client.beta.messages.create(
            model=settings().model, max_tokens=100, betas=BETA,
            thread={"type": "continue", "previous_message_id": "msg_01Unknown"},
            messages=[{"role": "user", "content": "Hi"}],
        )  # fmt: skip
    assert caught.value.body["error"]["details"] == {"error_code": "thread_not_found"}
    assert caught.value.body["error"]["message"].startswith(
        "No usable Thread state was found for `previous_message_id` `msg_01Unknown`."
    )


def test_without_its_header_thread_is_an_extra_input(client):
    with pytest.raises(anthropic.BadRequestError, match="thread: Extra inputs are not permitted"):
        client.beta.messages.create(
            model=settings().model, max_tokens=100, thread={"type": "create"},
            messages=[{"role": "user", "content": "Hi"}],
        )  # fmt: skip


def test_a_continue_that_sends_other_tools_is_refused_with_the_stores_fields_named():
    store = Store()
    request = {"thread": {"type": "create"}, "tools": [WEATHER], "messages": [{"role": "user",
               "content": "Hi"}]}  # fmt: skip
    remember(store, request, {"id": "msg_01A", "content": [{"type": "text", "text": "Hello."}]})
    later = {"thread": {"type": "continue", "previous_message_id": "msg_01A"}, "tools": [],
             "messages": [{"role": "user", "content": "And?"}]}  # fmt: skip
    with pytest.raises(Rejection) as caught:
        expand(later, store)
    assert caught.value.details == {"error_code": "thread_fingerprint_mismatch"}
    assert caught.value.message.startswith("`tools` differs from the value stored with the Thread.")
    del later["tools"]
    assert [m["role"] for m in expand(later, store)["messages"]] == ["user", "assistant", "user"]
    assert expand(later, store)["tools"] == [WEATHER]


def test_a_request_without_a_thread_is_neither_expanded_nor_kept():
    store, request = Store(), {"messages": [{"role": "user", "content": "Hi"}]}
    assert expand(request, store) is request
    remember(store, request, {"id": "msg_01A", "content": []})
    assert store.get("msg_01A") is None
