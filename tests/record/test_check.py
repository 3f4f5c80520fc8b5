"""handagent.record.check: every committed cassette is what the mock answers now, byte for byte.

With `make replay` (the English notebooks run from these cassettes under strict nbval) this is
what proves the English edition against the mock in `make test` (the Makefile says why)."""

import dataclasses
import json

import pytest
from paths import ROOT

from handagent.mock.http.cassettes import load_cassette
from handagent.record.check import request_bytes, stale

CASSETTES = sorted((ROOT / "cassettes").rglob("*.json"))


@pytest.mark.parametrize("path", CASSETTES, ids=lambda path: path.stem)
def test_every_committed_cassette_is_what_the_mock_answers_now(path):
    assert stale(load_cassette(path)) is None


def changed(cassette, index: int, change) -> object:
    exchanges = [json.loads(json.dumps(exchange)) for exchange in cassette.exchanges]
    change(exchanges[index]["response"])
    return dataclasses.replace(cassette, exchanges=tuple(exchanges))


def first_with_body(cassette) -> int:
    return next(i for i, e in enumerate(cassette.exchanges) if "body" in e["response"])


def test_a_changed_answer_is_named_with_its_exchange_and_the_command_that_records_it_again():
    cassette = load_cassette(ROOT / "cassettes" / "03_feeding_results_back.json")
    index = first_with_body(cassette)
    edited = changed(cassette, index, lambda r: r["body"]["usage"].update(output_tokens=1))
    said = stale(edited)
    assert said.startswith(f"exchange {index} (POST /v1/messages): the mock now answers")
    assert "body.usage.output_tokens: 1 in the cassette" in said
    assert said.endswith(
        "make record UPSTREAM=mock NOTEBOOKS=notebooks/03_feeding_results_back.ipynb"
    )


def test_a_changed_stream_event_and_a_changed_header_are_stale_too():
    cassette = load_cassette(ROOT / "cassettes" / "07_ids_and_streaming.json")
    streamed = next(i for i, e in enumerate(cassette.exchanges) if "events" in e["response"])
    edited = changed(cassette, streamed, lambda r: r["events"].pop())
    assert "events (length)" in stale(edited)
    edited = changed(cassette, 0, lambda r: r["headers"].update({"request-id": "req_other"}))
    assert "headers.request-id" in stale(edited)


def test_a_cassette_from_the_real_api_is_not_asked_again():
    cassette = load_cassette(ROOT / "cassettes" / "03_feeding_results_back.json")
    edited = changed(cassette, 0, lambda r: r.update(status=599))
    assert stale(dataclasses.replace(edited, upstream="https://api.anthropic.com")) is None
    assert stale(edited) is not None


def test_a_request_goes_out_as_the_sdk_writes_it():
    assert request_bytes({"body": {"a": [1, "é"]}}) == '{"a":[1,"é"]}'.encode()
    assert request_bytes({"body": None, "text": "not json"}) == b"not json"


def test_an_openai_chat_exchange_is_asked_with_the_key_where_openai_clients_send_it():
    cassette = load_cassette(ROOT / "cassettes" / "09_agent_loop.json")
    chat = [e for e in cassette.exchanges if e["request"]["path"] == "/v1/chat/completions"]
    only_chat = dataclasses.replace(cassette, exchanges=tuple(chat))
    assert chat and stale(only_chat) is None
    edited = changed(only_chat, 0, lambda r: r["body"]["usage"].update(prompt_tokens=1))
    assert "body.usage.prompt_tokens: 1 in the cassette" in stale(edited)
