"""Tests for handagent.record.drift.today: a recorded request as today's API would be sent it."""

from builders import assistant_turn, request, text, user

from handagent.record.drift.probes import Probe
from handagent.record.drift.today import loosened, replay, signed_by_mock, with_served_model
from handagent.record.drift.transport import to_mock

OLD = "2023-06-01"
ACCEPTED = {"status": 200, "body": {}}


def probe(body: dict, answer: dict | None = ACCEPTED) -> Probe:
    return Probe("recorded/x", "2025-01-01", "/v1/messages", body, OLD, answer=answer)


def test_a_retired_model_is_asked_as_its_replacement():
    replaced = with_served_model(probe(request(model="claude-3-5-haiku-latest")))
    assert replaced.body["model"] == "claude-haiku-5-5" and replaced.notes == ("retired",)


def test_a_served_or_unknown_model_is_asked_as_it_is():
    for model in ("claude-haiku-4-5", "deepseek-chat"):
        assert with_served_model(probe(request(model=model))) == probe(request(model=model))


def test_the_apis_thinking_signatures_are_signed_again_as_the_mock_signs():
    thought = {"type": "thinking", "thinking": "Say hi.", "signature": "EsECCokB...api"}
    body = request(
        [user("Hi"), assistant_turn([thought, text("Hi!")]), user("Again")],
        model="claude-haiku-4-5",
        thinking={"type": "enabled", "budget_tokens": 1024},
        max_tokens=2000,
    )
    assert to_mock()(probe(body))["status"] == 400  # the API's signature: not the mock's
    signed = signed_by_mock(probe(body))
    assert to_mock()(signed)["status"] == 200 and signed.notes == ("signed by the API",)
    assert signed_by_mock(probe(request())) == probe(request())


def test_a_setting_the_replacement_refuses_is_dropped_and_nothing_else():
    body = request(temperature=0.5, top_p=0.9, tool_choice={"type": "any"})
    assert loosened(body, "`temperature` is deprecated for this model.") == request(
        tool_choice={"type": "any"}
    )
    assert loosened(body, 'tool_choice: type "tool" and "any" are not supported for this model.')[
        "tool_choice"
    ] == {"type": "auto"}
    thinking = request(thinking={"type": "enabled", "budget_tokens": 1024, "display": "omitted"})
    assert loosened(thinking, '"thinking.type.enabled" is not supported for this model.')[
        "thinking"
    ] == {"type": "adaptive", "display": "omitted"}
    assert loosened(body, "messages: Field required") is None
    assert loosened(request(), "`top_k` is deprecated for this model.") is None  # nothing to drop


def test_a_replay_answers_for_the_replacement_once_it_drops_what_it_refuses():
    replayed = replay(
        probe(request(model="claude-3-5-sonnet-latest", temperature=0.2, top_p=0.9)), to_mock()
    )
    assert replayed.answer["status"] == 200
    assert replayed.notes == ("retired", "replacement refuses")
    assert "temperature" not in replayed.probe.body


def test_a_refusal_the_api_recorded_is_not_loosened_away():
    refused = {"status": 400, "body": {}}
    replayed = replay(
        probe(request(model="claude-3-5-sonnet-latest", temperature=0.2, top_p=0.9), refused),
        to_mock(),
    )
    assert replayed.answer["status"] == 400 and replayed.notes == ("retired",)
