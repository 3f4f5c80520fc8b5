import anthropic
import httpx
import pytest

from handagent import llm
from handagent.cost import METER, Call, Meter, Price, cost_summary, price
from handagent.tokens import TOOL_OVERHEAD


def test_price_takes_the_longest_matching_prefix():
    assert price("claude-sonnet-5-sequential") == Price("claude-sonnet-5", 2.0, 10.0)
    assert price("claude-opus-4-1-20250805") == Price("claude-opus-4", 15.0, 75.0)
    assert price("claude-opus-4-5-20251101") == Price("claude-opus-4-5", 5.0, 25.0)


def test_a_model_without_a_price_on_file_has_none():
    assert price("deepseek-chat") is None


def test_every_model_family_the_token_table_knows_has_a_price():
    assert [row[0] for row in TOOL_OVERHEAD if price(row[0]) is None] == []


def test_prices_are_per_million_tokens():
    assert Price("x", 2.0, 10.0).of(1_000_000, 100_000) == pytest.approx(3.0)


@pytest.fixture
def meter(mock_provider):
    METER.reset()
    yield METER
    METER.reset()


def test_every_call_through_the_client_is_counted_with_its_usage(meter):
    replies = [llm.call_model([{"role": "user", "content": text}]) for text in ("Hi", "Hello!")]
    expected = [Call(r.model, r.usage.input_tokens, r.usage.output_tokens) for r in replies]
    assert meter.calls == expected


def test_a_streamed_call_is_counted_from_its_events(meter):
    question = [{"role": "user", "content": "What time is it?"}]
    model = llm.settings().model
    with llm.client().messages.stream(model=model, max_tokens=100, messages=question) as stream:
        reply = stream.get_final_message()
    assert meter.calls == [Call(model, reply.usage.input_tokens, reply.usage.output_tokens)]


def test_refused_requests_and_token_counts_cost_nothing(meter):
    unanswered = [
        {"role": "user", "content": "Hi"},
        {
            "role": "assistant",
            "content": [{"type": "tool_use", "id": "A", "name": "f", "input": {}}],
        },
        {"role": "user", "content": "Never mind."},
    ]
    with pytest.raises(anthropic.BadRequestError):
        llm.call_model(unanswered, check=False)
    llm.client().messages.count_tokens(model=llm.settings().model, messages=unanswered[:1])
    assert meter.calls == []


def test_summary_is_stable_text_with_the_price_and_its_date():
    meter = Meter()
    meter.record(Call("claude-sonnet-5", 1_000, 100))
    meter.record(Call("claude-sonnet-5-sequential", 2_000, 300))
    assert cost_summary(meter) == (
        "Model calls: 2 · tokens in: 3,000 · tokens out: 400\n"
        "Estimated price on the real API: $0.0100\n"
        "  at list prices of 2026-10 per million tokens: claude-sonnet-5 $2.00 in, $10.00 out"
    )


def test_summary_per_call_lists_each_call():
    meter = Meter()
    meter.record(Call("claude-haiku-4-5", 1_000, 200))
    lines = cost_summary(meter, per_call=True).splitlines()
    assert lines[1] == "  #1 claude-haiku-4-5: in 1,000 · out 200 · $0.0020"


def test_summary_names_models_it_cannot_price():
    meter = Meter()
    meter.record(Call("deepseek-chat", 10, 10))
    assert cost_summary(meter).splitlines()[-1] == (
        "No price on file for deepseek-chat: see handagent.cost.PRICES"
    )


def test_summary_of_no_calls_says_where_calls_are_counted():
    assert "handagent.llm.client()" in cost_summary(Meter())


@pytest.mark.parametrize("stream", [False, True], ids=["json", "event stream"])
def test_a_plain_httpx_client_with_the_hook_is_counted_too(mock_server, stream):
    meter = Meter()
    body = {"model": "claude-haiku-4-5", "max_tokens": 50, "stream": stream}
    body["messages"] = [{"role": "user", "content": "Hi"}]
    headers = {"x-api-key": "test", "anthropic-version": "2023-06-01"}
    with httpx.Client(headers=headers, event_hooks={"response": [meter.on_response]}) as client:
        with client.stream("POST", mock_server.base_url + "/v1/messages", json=body) as reply:
            text = reply.read().decode()
    assert len(meter.calls) == 1 and meter.calls[0].model == "claude-haiku-4-5"
    assert meter.calls[0].output_tokens > 1 and str(meter.calls[0].output_tokens) in text
