"""Tests for handagent.cost: prices from the catalogue, the meter on real HTTP, the summary text.

Prices are typed out from the reference (§1.1) so the catalogue rows are checked too.
"""

import ssl

import anthropic
import httpx
import pytest
from editions import english_afterwards, in_chinese  # noqa: F401 - the fixture is autouse

from handagent import llm
from handagent.api import models
from handagent.cost import METER, Call, Meter, call_from_usage, cost_summary, dollars, price


def test_price_comes_from_the_catalogue_row_of_an_alias_or_a_dated_id():
    assert (
        price("claude-haiku-4-5")
        == price("claude-haiku-4-5-20251001")
        == models.Prices(1.00, 5.00, 1.25, 2.00, 0.10)
    )
    assert (price("claude-opus-5-5").input, price("claude-opus-5-5").output) == (4.00, 20.00)


@pytest.mark.parametrize("model", ["deepseek-chat", "claude-sonnet-5-sequential", "gpt-4"])
def test_a_model_without_a_row_has_no_price_on_file(model):
    assert price(model) is None and dollars(Call(model, 10, 10)) is None


def test_every_model_a_request_may_use_has_a_price():
    assert [m.id for m in models.served() if price(m.id) is None] == []


def test_prices_are_per_million_tokens():
    assert dollars(Call("claude-haiku-4-5", 1_000_000, 100_000)) == pytest.approx(1.50)


def test_cache_reads_and_writes_are_billed_at_their_own_rates():
    call = Call("claude-opus-5-5", 0, 0, cache_read_tokens=1_000_000,
                cache_write_5m_tokens=1_000_000, cache_write_1h_tokens=1_000_000)  # fmt: skip
    assert dollars(call) == pytest.approx(0.20 + 5.00 + 8.00)


def test_a_haiku_5_5_prompt_over_100k_tokens_bills_the_whole_request_at_the_long_prompt_tier():
    # §1.4: "keep every request's prompt (input + cache reads + cache writes) <= 100,000 tokens"
    short = Call("claude-haiku-5-5", 90_000, 1_000, cache_read_tokens=10_000)
    long = Call("claude-haiku-5-5", 90_000, 1_000, cache_read_tokens=10_001)
    assert dollars(short) == pytest.approx((90_000 * 0.10 + 1_000 * 0.50 + 10_000 * 0.01) / 1e6)
    assert dollars(long) == pytest.approx((90_000 * 0.50 + 1_000 * 2.50 + 10_001 * 0.05) / 1e6)


def test_usage_becomes_a_call_with_its_cache_counts():
    usage = {
        "input_tokens": 9,
        "output_tokens": 3,
        "cache_read_input_tokens": 100,
        "cache_creation_input_tokens": 50,
        "cache_creation": {"ephemeral_5m_input_tokens": 20, "ephemeral_1h_input_tokens": 30},
    }
    assert call_from_usage("m", usage) == Call("m", 9, 3, 100, 20, 30)
    no_split = {"input_tokens": 9, "output_tokens": 3, "cache_creation_input_tokens": 50}
    assert call_from_usage("m", no_split) == Call("m", 9, 3, 0, 50, 0)
    assert call_from_usage("m", {}).prompt_tokens == 0


@pytest.fixture
def meter(mock_provider):
    METER.reset()
    yield METER
    METER.reset()


def test_every_call_through_the_client_is_counted_with_its_usage(meter):
    replies = [llm.call_model([{"role": "user", "content": text}]) for text in ("Hi", "Hello!")]
    expected = [call_from_usage(r.model, r.usage.model_dump()) for r in replies]
    assert meter.calls == expected and meter.calls[0].output_tokens > 0


def test_a_streamed_call_is_counted_from_its_events(meter):
    question = [{"role": "user", "content": "What time is it?"}]
    model = llm.settings().model
    with llm.client().messages.stream(model=model, max_tokens=100, messages=question) as stream:
        reply = stream.get_final_message()
    assert meter.calls == [Call(reply.model, reply.usage.input_tokens, reply.usage.output_tokens)]


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
    meter.record(Call("claude-haiku-5-5", 1_000, 100))
    meter.record(Call("claude-haiku-5-5", 2_000, 300, cache_read_tokens=1_000))
    assert cost_summary(meter) == (
        "Model calls: 2 · tokens in: 4,000 · tokens out: 400\n"
        "Estimated price on the real API: $0.0005\n"
        "  at list prices of 2026-12-01 per million tokens: claude-haiku-5-5 $0.10 in, $0.50 out"
    )


def test_summary_per_call_lists_each_call():
    meter = Meter()
    meter.record(Call("claude-haiku-4-5-20251001", 1_000, 200))
    lines = cost_summary(meter, per_call=True).splitlines()
    assert lines[1] == "  #1 claude-haiku-4-5-20251001: in 1,000 · out 200 · $0.0020"


def test_summary_names_models_it_cannot_price():
    meter = Meter()
    meter.record(Call("deepseek-chat", 10, 10))
    assert cost_summary(meter).splitlines()[-1] == (
        "No price on file for deepseek-chat: see handagent.api.models (add a row with its source)"
    )


def test_summary_of_no_calls_says_where_calls_are_counted():
    assert "handagent.llm.client()" in cost_summary(Meter())


@in_chinese
def test_the_summary_speaks_the_chinese_edition_with_the_same_numbers():
    meter = Meter()
    meter.record(Call("claude-haiku-5-5", 1_000, 100))
    meter.record(Call("claude-haiku-5-5", 2_000, 300, cache_read_tokens=1_000))
    meter.record(Call("deepseek-chat", 10, 10))
    assert cost_summary(meter, per_call=True).splitlines() == [
        "模型调用：3 次 · 输入 token：4,010 · 输出 token：410",
        "  #1 claude-haiku-5-5：输入 1,000 · 输出 100 · $0.0001",
        "  #2 claude-haiku-5-5：输入 3,000 · 输出 300 · $0.0004",
        "  #3 deepseek-chat：输入 10 · 输出 10 · ?",
        "在真实 API 上估计要花：$0.0005",
        "  按 2026-12-01 每百万 token 的标价：claude-haiku-5-5 输入 $0.10，输出 $0.50",
        "没有 deepseek-chat 的价格记录：请在 handagent.api.models 里加一行，并注明来源",
    ]
    assert cost_summary(Meter()) == "模型调用：0 次（没有请求经过 handagent.llm.client()）"


@pytest.mark.parametrize("stream", [False, True], ids=["json", "event stream"])
def test_a_plain_httpx_client_with_the_hook_is_counted_too(mock_server, stream):
    meter = Meter()
    body = {"model": "claude-haiku-4-5", "max_tokens": 50, "stream": stream}
    body["messages"] = [{"role": "user", "content": "Hi"}]
    headers = {"x-api-key": "test", "anthropic-version": "2026-10-21"}
    with httpx.Client(headers=headers, event_hooks={"response": [meter.on_response]}) as client:
        with client.stream("POST", mock_server.base_url + "/v1/messages", json=body) as reply:
            text = reply.read().decode()
    assert len(meter.calls) == 1 and meter.calls[0].model == "claude-haiku-4-5-20251001"
    assert meter.calls[0].output_tokens > 1 and str(meter.calls[0].output_tokens) in text


def test_a_cached_prompt_is_priced_part_by_part(meter):
    # 2,000 characters marked as a breakpoint: 2,606 tokens on Haiku 5.5, written, then read
    system = [{"type": "text", "text": "缓" * 2_000, "cache_control": {"type": "ephemeral"}}]
    question = [{"role": "user", "content": "现在几点?"}]
    model = llm.settings().model
    replies = [
        llm.client().messages.create(model=model, max_tokens=100, system=system, messages=question)
        for _ in range(2)
    ]
    out = replies[0].usage.output_tokens
    assert meter.calls == [Call(replies[0].model, 10, out, 0, 2_606, 0),
                           Call(replies[0].model, 10, out, 2_606, 0, 0)]  # fmt: skip
    written, read = (dollars(call) for call in meter.calls)
    assert written == pytest.approx((10 * 0.10 + out * 0.50 + 2_606 * 0.125) / 1e6)
    assert read == pytest.approx((10 * 0.10 + out * 0.50 + 2_606 * 0.01) / 1e6)


def test_the_model_clients_load_each_librarys_own_trust_once_and_verify(mock_server):
    """The CA bundle is loaded once per process, not once per client (30 ms of CPU each)."""
    from unittest.mock import patch

    import httpx2

    from handagent.cost import http_client, tls_context
    from handagent.runtime.protocol import user_text
    from handagent.runtime.providers import complete
    from handagent.runtime.senders import sender

    for library in (httpx, httpx2):  # the SDKs' httpx2, and the plain httpx of `complete`
        context = tls_context(library)  # each library's own trust, made once
        assert context.verify_mode == ssl.CERT_REQUIRED and context.check_hostname
        assert context.get_ca_certs() == library.create_ssl_context().get_ca_certs()
    again = AssertionError("the CA bundle was loaded again")
    with patch.object(ssl.SSLContext, "load_verify_locations", side_effect=again):
        http_client().close()
        for api in ("anthropic", "openai_chat"):
            sender(api=api, model=models.DEFAULT, base_url=mock_server.base_url, api_key="k")
        reply = complete([user_text("hi")], [], api="anthropic", model=models.DEFAULT,
                         base_url=mock_server.base_url, api_key="k")  # fmt: skip
    assert reply.stop_reason == "stop"
