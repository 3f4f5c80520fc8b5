"""Fault drills: every failure the mock can stage, as the notebooks' code and the neutral protocol
see it. `call_model` raises the SDK's own exception, whose str() is one line and which
`llm.explain` names in one line with the status and the provider's words; `providers.complete`
returns stop_reason "error" with a one-line error_message. Each is decided by what happened, never
by how long it took: the attempts put on the wire, the delays the SDK says it waits, the mock's
answer to the next valid request (it answers every time). Only the slow fault meets a short
client timeout; every other request may take as long as a loaded machine needs."""

import logging

import anthropic
import httpx2
import pytest
from builders import closed_port_url

from handagent import llm
from handagent.api.checks import Rejection
from handagent.cost import tls_context
from handagent.mock.http import server as mock_server_module
from handagent.runtime.protocol import user_text
from handagent.runtime.providers import complete

pytestmark = pytest.mark.timeout(60)

QUESTION = {"role": "user", "content": "What time is it?"}
TIMEOUT = 0.4  # the client timeout for the slow fault, which answers only after 3 s
CEILING = 60.0  # every other request's timeout: for a stuck machine, never reached
ATTEMPTS = 3  # the SDK's default: one try and two retries

# fault -> the SDK's exception, how many attempts the SDK makes, what explain() says
DRILLS = {
    "rate_limit": (
        anthropic.RateLimitError,
        1,
        "RateLimitError: HTTP 429 rate_limit_error: Number of request tokens has exceeded your "
        "per-minute rate limit. (request-id req_011C",
    ),
    "overloaded": (
        anthropic.OverloadedError,
        1,
        "OverloadedError: HTTP 529 overloaded_error: Overloaded (request-id req_011C",
    ),
    "server_error": (
        anthropic.InternalServerError,
        1,
        "InternalServerError: HTTP 500 api_error: Internal server error (request-id req_011C",
    ),
    "overloaded_retryable": (
        anthropic.OverloadedError,
        ATTEMPTS,
        "OverloadedError: HTTP 529 overloaded_error: Overloaded (request-id req_011C",
    ),
    "disconnect": (
        anthropic.APIConnectionError,
        ATTEMPTS,
        "APIConnectionError: the connection to {where} broke (RemoteProtocolError: Server "
        "disconnected without sending a response.)",
    ),
    "stream_cut": (
        anthropic.APIConnectionError,
        ATTEMPTS,
        "APIConnectionError: the connection to {where} broke (RemoteProtocolError: peer closed "
        "connection without sending complete message body (received ",
    ),
    "slow=3": (
        anthropic.APITimeoutError,
        ATTEMPTS,
        f"APITimeoutError: no answer from {{where}} within {TIMEOUT:g} s (ReadTimeout: timed out)",
    ),
}


def timeout_for(fault: str | None) -> float:
    """The client timeout for a fault: short only where the test is about a timeout."""
    return TIMEOUT if fault and fault.startswith("slow=") else CEILING


@pytest.fixture
def configured(mock_provider, mock_server, monkeypatch):
    """`llm.client()` as the notebooks get it, served by `mock_server`."""
    monkeypatch.setattr(llm, "_mock_base_url", lambda: mock_server.base_url)
    monkeypatch.setattr(llm, "TIMEOUT_SECONDS", CEILING)
    return llm.client()


def faulty(monkeypatch, client: anthropic.Anthropic, fault: str | None) -> list:
    """Make `llm.client()` send `x-mock-fault`; return the list of attempts put on the wire."""
    sent: list = []
    counting = httpx2.Client(event_hooks={"request": [sent.append]}, verify=tls_context())
    headers = {"x-mock-fault": fault} if fault else {}
    options = {"default_headers": headers, "http_client": counting, "timeout": timeout_for(fault)}
    patched = client.with_options(**options)
    monkeypatch.setattr(llm, "client", lambda: patched)
    return sent


def assert_one_line_naming(error: Exception, expected: str, where: str) -> None:
    explained = llm.explain(error)
    assert explained.startswith(expected.format(where=where)), explained
    assert "\n" not in explained and "\n" not in str(error)


@pytest.mark.parametrize("fault", DRILLS)
def test_call_model_raises_the_sdk_exception_that_explain_names_in_one_line(
    configured, mock_server, monkeypatch, fault
):
    exception, attempts, expected = DRILLS[fault]
    sent = faulty(monkeypatch, configured, fault)
    with pytest.raises(exception) as caught:
        llm.call_model([QUESTION], max_tokens=50)
    assert type(caught.value) is exception  # the SDK's own class, not a wrapper
    where = mock_server.base_url.removeprefix("http://")
    assert_one_line_naming(caught.value, expected, where)
    assert len(sent) == attempts  # the SDK's own retries, as the response allows
    if isinstance(caught.value, anthropic.APIStatusError):  # str(): the status and the words
        assert str(caught.value).startswith(f"Error code: {caught.value.status_code} - ")
        assert caught.value.api_message in str(caught.value)
    faulty(monkeypatch, configured, None)
    assert llm.call_model([QUESTION], max_tokens=50).type == "message"  # the mock still answers


def test_error_faults_carry_retry_after_but_forbid_retries(configured, mock_server, monkeypatch):
    faulty(monkeypatch, configured, "rate_limit")
    with pytest.raises(anthropic.RateLimitError) as caught:
        llm.call_model([QUESTION], max_tokens=50)
    headers = caught.value.response.headers
    assert (headers["retry-after"], headers["x-should-retry"]) == ("1", "false")


def retry_delays(caplog: pytest.LogCaptureFixture) -> list[float]:
    """The seconds the SDK said it would sleep before each retry, from its INFO log line."""
    # "Retrying request to /v1/messages in 0.020000 seconds": logged, then time.sleep(that)
    said = [r for r in caplog.records if r.msg == "Retrying request to %s in %f seconds"]
    return [record.args[1] for record in said]


def test_the_sdk_retries_a_retryable_fault_after_retry_after_ms_not_its_own_backoff(
    configured, monkeypatch, caplog
):
    caplog.set_level(logging.INFO, logger="anthropic")
    sent = faulty(monkeypatch, configured, "overloaded_retryable")
    with pytest.raises(anthropic.OverloadedError) as caught:
        llm.call_model([QUESTION], max_tokens=50)
    assert caught.value.response.headers["retry-after-ms"] == "20"
    assert [request.headers["x-stainless-retry-count"] for request in sent] == ["0", "1", "2"]
    assert retry_delays(caplog) == [0.02, 0.02]  # not its own: 0.375-0.5 s, then 0.75-1 s


def test_without_retry_after_ms_the_sdk_waits_its_own_backoff(configured, monkeypatch, caplog):
    # The check above could not fail if the log said nothing: here the same log shows the
    # SDK's own delays, for a dropped connection, which carries no retry-after-ms.
    caplog.set_level(logging.INFO, logger="anthropic")
    faulty(monkeypatch, configured, "disconnect")
    with pytest.raises(anthropic.APIConnectionError):
        llm.call_model([QUESTION], max_tokens=50)
    first, second = retry_delays(caplog)
    assert 0.375 <= first <= 0.5 and 0.75 <= second <= 1.0  # 0.5 s then 1 s, less jitter


def test_a_refused_connection_is_one_clear_line_after_the_sdk_retries(mock_provider, monkeypatch):
    url = closed_port_url()
    monkeypatch.setenv("HANDAGENT_PROVIDER", "anthropic")
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-" + "sentinel-refused-0123456789")
    monkeypatch.setenv("ANTHROPIC_BASE_URL", url)
    sent = faulty(monkeypatch, llm.client(), None)
    with pytest.raises(anthropic.APIConnectionError) as caught:
        llm.call_model([QUESTION], max_tokens=50)
    assert len(sent) == ATTEMPTS
    expected = "APIConnectionError: cannot connect to {where} (ConnectError: [Errno 111] Connection"
    assert_one_line_naming(caught.value, expected, url.removeprefix("http://"))
    assert "sentinel" not in llm.explain(caught.value) + str(caught.value) + repr(caught.value)


def test_a_slow_reply_costs_one_timeout_per_attempt(configured, monkeypatch):
    sent = faulty(monkeypatch, configured, "slow=3")
    patched = llm.client().with_options(max_retries=0)
    monkeypatch.setattr(llm, "client", lambda: patched)
    with pytest.raises(anthropic.APITimeoutError) as caught:
        llm.call_model([QUESTION], max_tokens=50)
    assert len(sent) == 1
    assert caught.value.request.extensions["timeout"]["read"] == TIMEOUT  # the one it waited


def test_a_cut_stream_is_not_raised_by_the_sdk_only_its_stop_reason_tells(configured, monkeypatch):
    # The SDK reads a stream until the connection closes; one that stops early is not an error
    # to it. A program must check stop_reason: None means the reply never finished.
    faulty(monkeypatch, configured, "stream_cut")
    with llm.client().messages.stream(
        model=llm.settings().model, max_tokens=50, messages=[QUESTION]
    ) as stream:
        final = stream.get_final_message()
    assert final.stop_reason is None
    assert final.content and final.content[-1].text  # part of the reply arrived


def test_explain_names_a_local_rejection_like_a_refused_request(configured):
    call = {"type": "tool_use", "id": "toolu_1", "name": "get_time", "input": {}}
    dropped = [QUESTION, {"role": "assistant", "content": [call]}, {"role": "user", "content": "?"}]
    with pytest.raises(Rejection) as caught:
        llm.call_model(dropped, max_tokens=50)
    assert llm.explain(caught.value).startswith(
        "Rejection: HTTP 400 invalid_request_error: messages.1: `tool_use` ids were found"
    )
    assert llm.explain(caught.value).endswith("(found before sending)")


# --- the neutral protocol: providers.complete never raises -------------------------------------

NEUTRAL = {  # fault -> what the error_message holds
    "rate_limit": "HTTP 429 rate_limit_error: Number of request tokens",
    "overloaded": "HTTP 529 overloaded_error: Overloaded",
    "overloaded_retryable": "HTTP 529 overloaded_error: Overloaded",
    "server_error": "HTTP 500 api_error: Internal server error",
    "disconnect": "RemoteProtocolError: Server disconnected",
    "stream_cut": "",  # depends on stream: checked below
    "slow=3": f"no answer within {TIMEOUT:g} s (ReadTimeout)",
}


def ask(base_url: str, stream: bool, fault: str | None = None):
    return complete(
        [user_text("What time is it?", timestamp=1.0)],
        [],
        api="anthropic",
        model="claude-sonnet-5",
        base_url=base_url,
        api_key="sk-ant-" + "sentinel-neutral-0123456789",
        stream=stream,
        timeout=timeout_for(fault),
        headers={"x-mock-fault": fault} if fault else None,
    )


@pytest.mark.parametrize("stream", [False, True])
@pytest.mark.parametrize("fault", NEUTRAL)
def test_complete_returns_stop_reason_error_in_one_line_after_one_attempt(
    mock_server, monkeypatch, fault, stream
):
    attempts: list[str] = []  # the faults of the requests that reached the mock
    original = mock_server_module.answer

    def counting(method, path, headers, read, state):
        attempts.append(headers.get("x-mock-fault"))
        return original(method, path, headers, read, state)

    monkeypatch.setattr(mock_server_module, "answer", counting)  # looked up on every request
    message = ask(mock_server.base_url, stream, fault)
    assert attempts == [fault]  # no retries here: one attempt
    assert message.stop_reason == "error"
    assert message.error_message.startswith("anthropic")  # a cut stream's says no host:port
    expected = NEUTRAL[fault] or (
        "the stream ended without message_stop" if stream else "RemoteProtocolError: peer closed"
    )
    assert expected in message.error_message
    assert "\n" not in message.error_message and "sentinel" not in repr(message)
    assert ask(mock_server.base_url, stream).stop_reason == "stop"  # the mock still answers


@pytest.mark.parametrize("stream", [False, True])
def test_complete_reports_a_refused_connection_as_an_error(stream):
    url = closed_port_url()
    message = ask(url, stream)
    assert message.stop_reason == "error"
    assert message.error_message.startswith(f"anthropic ({url[7:]}): cannot connect")


def test_a_cut_stream_keeps_the_partial_text_in_the_neutral_message(mock_server):
    mock_server.script([{"type": "text", "text": "This reply never arrives in full."}])
    message = ask(mock_server.base_url, True, "stream_cut")
    assert message.stop_reason == "error"
    assert [block.text for block in message.content] == ["This reply never"]
