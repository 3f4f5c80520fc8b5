"""Tests for handagent.record.drift.probes: the corpus, and the beta header read back from a
body with the package's own table."""

import json

import pytest
from builders import request
from paths import TESTS

from handagent.api.fields import BETAS
from handagent.record.drift.probes import Probe, betas_in, cases, recorded, recorded_probe

RECORDED = TESTS / "recorded"


def holding(part: str, kind: str) -> dict:
    """A request that holds one beta part of the given kind (a row of BETAS says which)."""
    if kind == "fields":
        return request(**{part: {}})
    if kind == "blocks":
        return request([{"role": "user", "content": [{"type": part}]}])
    if kind == "tools":
        return request(tools=[{"type": part, "name": "x"}])
    head, key, *value = part.split(".")  # an option: "thinking.display.updates"
    setting = {key: value[0] if value else {}}
    if head == "system_message":
        return request([{"role": "system", "content": "Be brief.", **setting}])
    return request(**{head: setting})


PARTS = sorted(
    {(part, kind) for row in BETAS.values() for kind, parts in row.items() for part in parts}
)


@pytest.mark.parametrize(("part", "kind"), PARTS)
def test_every_part_a_beta_value_adds_names_the_first_value_that_adds_it(part, kind):
    first = next(beta for beta, row in BETAS.items() if part in row.get(kind, ()))
    assert betas_in(holding(part, kind)) == (first,)


def test_a_body_without_beta_parts_needs_no_beta_value():
    assert betas_in(request(tools=[{"name": "t", "input_schema": {}}])) == ()
    assert betas_in("not a request") == ()


def test_a_recording_that_lost_its_beta_header_gets_it_back_from_its_body():
    probe = recorded_probe(
        RECORDED / "pydantic-ai__test_anthropic__test_anthropic_compaction_"
        "round_trip__87d230_0.json"
    )
    assert probe.betas == ("compact-2026-01-12", "context-management-2025-06-27")
    assert probe.notes == ("no version header", "beta header dropped")
    assert (
        probe.headers("k")["anthropic-beta"] == "compact-2026-01-12,context-management-2025-06-27"
    )
    assert (probe.version, probe.path, probe.date) == (
        "2023-06-01",
        "/v1/messages?beta=true",
        "2026-04-10",
    )


def test_a_beta_header_the_recording_kept_is_sent_as_it_was():
    probe = recorded_probe(
        RECORDED / "openllmetry__test_messages__test_async_anthropic_beta_"
        "message_stream_manager_legacy__00e7c6_0.json"
    )
    assert probe.betas == ("tools-2024-04-04",) and "beta header dropped" not in probe.notes


def test_every_recording_is_a_probe_and_keeps_the_apis_answer():
    probes = recorded(RECORDED)
    assert len(probes) == 336 and all(p.answer and p.date for p in probes)
    assert sum("beta header dropped" in p.notes for p in probes) == 24


def test_a_refused_recording_gets_no_header_it_did_not_carry(tmp_path):
    record = json.loads(
        (
            RECORDED / "pydantic-ai__test_anthropic__test_anthropic_compaction_"
            "round_trip__87d230_0.json"
        ).read_text()
    )
    record["response"] = {
        "status": 400,
        "body": {
            "error": {
                "type": "invalid_request_error",
                "message": "context_management: Extra inputs are not permitted",
            }
        },
    }
    (tmp_path / "refused.json").write_text(json.dumps(record))
    assert recorded_probe(tmp_path / "refused.json").betas == ()


def test_the_rules_cases_become_one_probe_per_distinct_request(tmp_path):
    said = {"status": 400, "type": "invalid_request_error", "message": "temperature: Extra..."}
    case = {
        "test": "tests/api/test_checks.py::test_a",
        "body": request(temperature=1),
        "count_tokens": False,
        "version": "2026-10-21",
        "betas": [],
        "said": said,
    }
    counted = {**case, "test": "tests/api/test_checks.py::test_b", "count_tokens": True}
    (tmp_path / "cases.json").write_text(json.dumps([case, {**case, "test": "x"}, counted]))
    first, second = cases(tmp_path / "cases.json")
    assert (first.name, first.path, first.said) == (case["test"], "/v1/messages", said)
    assert second.path == "/v1/messages/count_tokens"


def test_a_probe_is_sent_as_compact_json_with_its_headers():
    probe = Probe("p", "", "/v1/messages", {"a": "é"}, "2026-10-21", ("b-1", "b-2"))
    assert probe.raw() == '{"a":"é"}'.encode()
    assert probe.headers("k") == {
        "x-api-key": "k",
        "anthropic-version": "2026-10-21",
        "content-type": "application/json",
        "anthropic-beta": "b-1,b-2",
    }
