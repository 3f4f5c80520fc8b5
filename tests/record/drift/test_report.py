"""Tests for handagent.record.drift.report: differences newest first, refusals reached, runs
kept newest first."""

from handagent.api.rejections import PREFILL, UNANSWERED
from handagent.record.drift.compare import Difference
from handagent.record.drift.probes import Probe
from handagent.record.drift.report import (
    TEMPLATES,
    Compared,
    DriftRun,
    coverage,
    rows,
    rule_of,
    write,
)


def refused(message: str, status: int = 400, kind: str = "invalid_request_error") -> dict:
    return {"status": status, "body": {"error": {"type": kind, "message": message}}}


def probe(name: str, date: str = "") -> Probe:
    return Probe(
        name, date, "/v1/messages", {}, "2026-10-21", answer={"status": 200} if date else None
    )


FIELD = Difference("field", "usage.inference_geo", "absent", "str")
WORDS = Difference("wording", "error.message", "a", "b")


def run(*outcomes: Compared, when: str = "2026-12-05 10:00 UTC") -> DriftRun:
    return DriftRun(when, "recorded replies (no key)", "abc1234", outcomes)


def test_a_refusal_is_named_by_its_constant_path_and_advice_and_all():
    said = "messages.1: " + UNANSWERED.format(ids="toolu_01A")
    assert rule_of(refused(said)) == "UNANSWERED"
    assert rule_of(refused(PREFILL)) == "PREFILL"
    advice = '"thinking.type.enabled" is not supported for this model. Use "thinking.type.adaptive"'
    assert rule_of(refused(advice)) == "THINKING_TYPE"


def test_a_refusal_outside_the_constants_is_named_by_its_words_without_values():
    said = "tools.0.custom.name: String should match pattern '^[a-z]+$'"
    assert rule_of(refused(said)) == "field: String should match pattern '…'"
    assert rule_of(refused("model: gpt-4", 404, "not_found_error")) == "not found: `model: <id>`"
    assert rule_of({"status": 200, "body": {"content": []}}) is None and rule_of(None) is None


def test_differences_are_grouped_and_the_newest_come_first():
    found = rows(
        run(
            Compared(probe("old", "2025-01-01"), {}, {}, (FIELD, WORDS)),
            Compared(probe("new", "2026-08-01"), {}, {}, (FIELD,)),
            Compared(probe("older", "2024-01-01"), {}, {}, (WORDS,)),
        )
    )
    assert found == [("2026-08-01", 2, FIELD, "new"), ("2025-01-01", 2, WORDS, "old")]


def test_a_case_of_the_rules_tests_is_as_new_as_the_run():
    found = rows(
        run(
            Compared(probe("recorded", "2026-08-01"), {}, {}, (FIELD,)),
            Compared(probe("case"), {}, {}, (WORDS,)),
        )
    )
    assert [row[0] for row in found] == ["2026-12-05", "2026-08-01"]


def test_every_constant_is_listed_reached_or_not_with_who_said_it():
    table = coverage(
        run(
            Compared(probe("p"), refused(PREFILL), refused(PREFILL)),
            Compared(probe("q"), None, refused("max_tokens: Field required")),
        )
    )
    assert table["PREFILL"] == (1, 1) and table["field: Field required"] == (1, 0)
    assert {name for name, _ in TEMPLATES} <= set(table) and table["UNANSWERED"] == (0, 0)


def test_the_report_keeps_the_newest_runs_first(tmp_path):
    path = tmp_path / "drift.md"
    for hour in range(12):
        write(
            run(Compared(probe("p"), {}, {}, (FIELD,)), when=f"2026-12-05 {hour:02}:00 UTC"), path
        )
    text = path.read_text()
    headings = [line for line in text.splitlines() if line.startswith("## ")]
    assert headings[0].startswith("## 2026-12-05 11:00 UTC") and len(headings) == 10
    assert text.startswith("# Drift: the mock against the API")
    assert "| 2026-12-05 | 1 | field | usage.inference_geo | absent | str | p |" in text


def test_a_pipe_in_the_apis_words_stays_inside_its_cell(tmp_path):
    write(
        run(Compared(probe("p"), {}, {}, (Difference("wording", "m", "a|b", "c\nd"),))),
        tmp_path / "drift.md",
    )
    assert "| a\\|b | c d |" in (tmp_path / "drift.md").read_text()
