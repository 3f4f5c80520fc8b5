"""python -m handagent.record.drift: without a key against the recorded replies; with a key
against a second local mock standing in for the API, drifted on purpose, so that the report of
differences is exercised for real (no test here reaches Anthropic)."""

import json
import shutil
import subprocess
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import httpx
import pytest
from builders import request
from paths import ROOT, TESTS

from handagent.mock import MockServer
from handagent.record.drift.__main__ import drift

RECORDED = ["llm-anthropic__test_anthropic__test_async_prompt__2182d1_0",
            "magentic__test_anthropic_chat_model__test_anthropic_chat_model_acomplete_function_"
            "call__ab4f00_0"]  # fmt: skip
EXTRA = request(frobnicate=1)  # every API refuses it: "frobnicate: Extra inputs ..."
UNKNOWN = request(model="claude-9")  # a 404 from the mock; the drifted API says 400
ACCEPTED = request(max_tokens=50)


def case(body: dict, test: str) -> dict:
    return {"test": f"tests/api/test_checks.py::{test}", "body": body, "count_tokens": False,
            "version": "2026-10-21", "betas": [], "said": None}  # fmt: skip


@pytest.fixture
def corpus(tmp_path, monkeypatch):
    """Two recordings and three cases in tmp_path, which is the working directory (no .env)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    (tmp_path / "recorded").mkdir()
    for name in RECORDED:
        shutil.copy(TESTS / "recorded" / f"{name}.json", tmp_path / "recorded")
    cases = [case(EXTRA, "test_extra"), case(UNKNOWN, "test_unknown"), case(ACCEPTED, "test_ok")]
    (tmp_path / "cases.json").write_text(json.dumps(cases))
    return ["--cases", "cases.json", "--recorded", "recorded", "--report", "drift.md"]


def drifted(message: dict) -> dict:
    """What the stand-in API says instead of the mock: other words for an extra input, a 400
    for a 404, a reply without `stop_details` and with a field of its own."""
    error = message.get("error") or {}
    if "Extra inputs are not permitted" in error.get("message", ""):
        error["message"] = error["message"].replace("not permitted", "not allowed")
    if error.get("type") == "not_found_error":
        error["type"] = "invalid_request_error"
    if message.get("type") == "message":
        message.pop("stop_details", None)
        message["usage"]["speed_tier"] = "fast"
    return message


@pytest.fixture
def api():
    """A second mock behind a proxy that drifts its answers: the API of this test."""
    with MockServer() as upstream:

        class Drifted(BaseHTTPRequestHandler):
            def log_message(self, *args: object) -> None:
                pass

            def do_POST(self) -> None:  # noqa: N802
                raw = self.rfile.read(int(self.headers["content-length"]))
                sent = {k: v for k, v in self.headers.items() if k.lower() != "host"}
                answer = httpx.post(upstream.base_url + self.path, headers=sent, content=raw)
                body, status = answer.content, answer.status_code
                if answer.headers["content-type"].startswith("application/json"):
                    message = drifted(json.loads(body))
                    body = json.dumps(message).encode()
                    status = 400 if status == 404 else status
                self.send_response(status)
                self.send_header("content-type", answer.headers["content-type"])
                self.send_header("content-length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        server = ThreadingHTTPServer(("127.0.0.1", 0), Drifted)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        yield f"http://127.0.0.1:{server.server_address[1]}"
        server.shutdown()
        server.server_close()


def test_without_a_key_the_recordings_are_compared_and_the_cases_reach_their_refusals(
    corpus, tmp_path, capsys
):
    assert drift(corpus) == 0
    report = (tmp_path / "drift.md").read_text()
    assert "recorded replies (no key)" in report and "Cost: none (no key)." in report
    assert "5 probes: 3 cases of the API rules' tests, 2 recorded exchanges." in report
    assert "Compared with the API's answer: 2;" in report
    assert "| field: Extra inputs are not permitted | 1 | 0 |" in report
    assert "drift: 5 probes" in capsys.readouterr().out


def test_with_a_key_every_difference_of_the_api_and_the_mock_is_reported(
    corpus, api, tmp_path, monkeypatch
):
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-test-not-a-key")
    assert drift([*corpus, "--upstream", api]) == 0
    report = (tmp_path / "drift.md").read_text()
    assert f": {api}, commit" in report and "spent $0.00" in report
    # the recordings are streamed, and the stand-in passes streams on as they are
    assert "the mock's answer differs in 3, agrees in 2." in report
    assert (
        "| wording | error.message | frobnicate: Extra inputs are not allowed | "
        "frobnicate: Extra inputs are not permitted | tests/api/test_checks.py::test_extra |"
    ) in report
    assert (
        "| status | — | 400 invalid_request_error: model: claude-9 | "
        "404 not_found_error: model: claude-9 |"
    ) in report
    assert "| field | message.stop_details | absent | null |" in report
    assert "| field | usage.speed_tier | str | absent |" in report


def test_with_a_key_it_refuses_to_start_above_the_cap(corpus, api, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-test-not-a-key")
    with pytest.raises(SystemExit) as stopped:
        drift([*corpus, "--upstream", api, "--cap", "0"])
    assert stopped.value.code == 1 and not (tmp_path / "drift.md").exists()
    assert "over the cap of $0.00" in capsys.readouterr().err


def test_a_probe_that_could_bill_more_than_is_left_of_the_cap_is_not_sent(
    corpus, api, tmp_path, monkeypatch
):
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-test-not-a-key")
    costly = case(request(max_tokens=64_000, model="claude-opus-5-5"), "test_costly")
    (tmp_path / "cases.json").write_text(json.dumps([costly, case(ACCEPTED, "test_ok")]))
    (tmp_path / "none").mkdir()
    assert drift([*corpus, "--recorded", "none", "--upstream", api, "--cap", "0.05"]) == 0
    report = (tmp_path / "drift.md").read_text()
    assert "not sent, over what was left of the cap: 1." in report
    assert "Compared with the API's answer: 1;" in report
    assert report.endswith("cap\n\n- tests/api/test_checks.py::test_costly\n")


def test_the_rules_own_tests_become_cases_with_what_the_check_said(tmp_path):
    cases = tmp_path / "cases.json"
    subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "tests.drift_cases",
         "--drift-cases", str(cases), "tests/api/test_checks.py", "-k", "unknown_top_level_field"],
        cwd=ROOT, check=True, capture_output=True,
    )  # fmt: skip
    kept = json.loads(cases.read_text())
    assert [case["said"]["message"] for case in kept] == [
        "frobnicate: Extra inputs are not permitted"
    ] * 2
    assert kept[0]["test"].startswith("tests/api/test_checks.py::test_an_unknown_top_level_field")
    assert (kept[0]["version"], kept[0]["betas"], kept[0]["count_tokens"]) == (
        "2026-10-21",
        [],
        False,
    )
