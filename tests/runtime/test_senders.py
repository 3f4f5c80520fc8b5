"""Senders against the mock, through the genuine SDKs: what they retry, what they report."""

import pytest
from builders import closed_port_url

from handagent.llm import settings
from handagent.runtime.protocol import user_text
from handagent.runtime.senders import scripted, sender

HI = [user_text("Hi")]


def send_to(url, api="anthropic", **options):
    return sender(api=api, model=settings().model, base_url=url, api_key="test-key", **options)


@pytest.mark.parametrize("api", ["anthropic", "openai_chat"])
def test_both_apis_reply_as_neutral_messages(mock_server, api):
    reply = send_to(mock_server.base_url, api)(HI, [], 256)
    assert (reply.stop_reason, reply.provider) == ("stop", api)


@pytest.mark.parametrize("api", ["anthropic", "openai_chat"])
def test_a_529_the_api_says_to_retry_is_retried_by_the_sdk(mock_server, api):
    send = send_to(mock_server.base_url, api, headers={"x-mock-fault": "overloaded_retryable"})
    reply = send(HI, [], 256)
    assert reply.stop_reason == "error"
    assert reply.error_message.endswith("HTTP 529 overloaded_error: Overloaded (3 attempts)")


def test_a_status_the_api_says_not_to_retry_is_reported_after_one_attempt(mock_server):
    send = send_to(mock_server.base_url, headers={"x-mock-fault": "rate_limit"})
    reply = send(HI, [], 256)
    assert reply.error_message.endswith(
        "HTTP 429 rate_limit_error: Number of request tokens has exceeded your per-minute rate "
        "limit."
    )


def test_a_400_is_not_retried(mock_server):
    bad = {"name": "no spaces allowed", "description": "d", "input_schema": {"type": "object"}}
    reply = send_to(mock_server.base_url)(HI, [bad], 256)
    assert "HTTP 400 invalid_request_error" in reply.error_message
    assert "attempts" not in reply.error_message


def test_no_retries_means_one_attempt(mock_server):
    send = send_to(mock_server.base_url, max_retries=0,
                   headers={"x-mock-fault": "overloaded_retryable"})  # fmt: skip
    assert "attempts" not in send(HI, [], 256).error_message


def test_a_server_that_is_down_is_an_error_message_not_an_exception():
    reply = send_to(closed_port_url(), max_retries=0)(HI, [], 256)
    assert reply.stop_reason == "error"
    assert "APIConnectionError" in reply.error_message


def test_an_unknown_api_is_refused_with_a_sentence_naming_the_choices():
    with pytest.raises(ValueError, match="api must be 'anthropic' or 'openai_chat'"):
        send_to("http://127.0.0.1:1", api="gemini")


def test_a_scripted_model_answers_in_order_and_keeps_what_it_was_sent():
    from builders import assistant

    first, second = assistant(stop_reason="stop"), assistant(stop_reason="stop")
    send = scripted(first, second)
    assert (send(HI, [], 1), send(HI + HI, [], 1)) == (first, second)
    assert send.requests == [HI, HI + HI]
    with pytest.raises(ValueError, match="Only 2 replies were scripted; script one more."):
        send(HI, [], 1)


def test_extra_fields_go_in_the_body_and_each_reply_is_shown_before_it_becomes_a_message():
    from handagent.mock import MockServer  # the scripted model itself: it reports its edits

    seen = []
    edits = {"edits": [{"type": "clear_thinking_20251015", "keep": "all"}]}
    with MockServer() as mock:
        send = send_to(mock.base_url, extra={"context_management": edits}, on_reply=seen.append,
                       headers={"anthropic-beta": "context-management-2025-06-27"})  # fmt: skip
        reply = send(HI, [], 256)
        assert mock.state.requests[-1]["context_management"] == edits
    assert reply.stop_reason == "stop" and seen[0]["context_management"] == {"applied_edits": []}


def test_a_failing_reply_callback_is_raised_to_the_program_not_made_an_error_reply(mock_server):
    def broken(reply):
        raise LookupError("the program's own bug")

    with pytest.raises(LookupError, match="the program's own bug"):
        send_to(mock_server.base_url, on_reply=broken)(HI, [], 256)
