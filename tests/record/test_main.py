"""python -m handagent.record: where cassettes go, what they cost, and chapter 03 recorded against
the mock then replayed under nbval with the stored outputs unchanged (the committed cassette)."""

import os
import subprocess
import sys
from pathlib import Path

import anthropic
import pytest
from paths import ROOT

from handagent import llm
from handagent.mock import mock_instead
from handagent.mock.http.cassettes import load_cassette
from handagent.record.__main__ import cassette_path, cost

CHAPTER = ROOT / "notebooks" / "03_feeding_results_back.ipynb"
CASSETTE = ROOT / "cassettes" / "03_feeding_results_back.json"
# The one line a replayed run prints differently: the first cell's provider line.
PROVIDER_LINE = """
[the provider line: replay and mock]
regex: (Provider|服务商)[:：] ?(mock|replay)[ （(].*
replace: PROVIDER-LINE
"""


def test_a_cassette_sits_where_its_notebook_sits_under_notebooks():
    assert cassette_path(Path("notebooks/zh-CN/03_x.ipynb")) == Path("cassettes/zh-CN/03_x.json")
    assert cassette_path(Path("notebooks/03_x.ipynb"), Path("out")) == Path("out/03_x.json")


def test_the_committed_cassette_of_chapter_03_was_recorded_from_the_mock_and_costs_cents():
    cassette = load_cassette(CASSETTE)
    assert cassette.notebook == "notebooks/03_feeding_results_back.ipynb"
    assert len(cassette.exchanges) == 9
    assert 0 < cost(list(cassette.exchanges)) < 0.01


@pytest.fixture
def replay_provider(monkeypatch):
    """`handagent.llm` on the replay provider with chapter 03's cassette, caches cleared."""
    monkeypatch.setenv("HANDAGENT_PROVIDER", "replay")
    monkeypatch.setenv("HANDAGENT_CASSETTES", str(CASSETTE))
    caches = (llm.settings, llm.client, llm._mock_base_url)
    for cached in caches:
        cached.cache_clear()
    yield
    for cached in caches:
        cached.cache_clear()


def test_the_replay_provider_answers_call_model_from_the_cassette(replay_provider):
    first = load_cassette(CASSETTE).exchanges[0]
    body = first["request"]["body"]
    reply = llm.call_model(body["messages"], body["tools"], max_tokens=body["max_tokens"])
    recorded = first["response"]["body"]
    assert reply.id == recorded["id"]
    assert [b.model_dump(exclude_none=True) for b in reply.content] == recorded["content"]
    assert llm.provider_line().startswith("Provider: replay (a real model's recorded answers")


def test_a_new_question_under_replay_is_refused_unless_the_mock_answers_it(replay_provider):
    question = [{"role": "user", "content": "Something the chapter never asks"}]
    with pytest.raises(anthropic.BadRequestError, match="not in the cassette; first difference"):
        llm.call_model(question)
    with mock_instead():
        assert llm.call_model(question).stop_reason == "end_turn"


def test_chapter_03_replayed_gives_the_stored_outputs(tmp_path):
    sanitize = tmp_path / "sanitize.cfg"
    sanitize.write_text((ROOT / "notebooks" / "sanitize.cfg").read_text() + PROVIDER_LINE)
    env = {"HANDAGENT_PROVIDER": "replay", "HANDAGENT_CASSETTES": str(CASSETTE)}
    ran = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--nbval",
         "--nbval-current-env", "-p", "tests.nbval_kernels", "--nbval-sanitize-with",
         str(sanitize), "-o", f"testpaths={CHAPTER}", str(CHAPTER)],
        cwd=ROOT, env={**os.environ, **env}, capture_output=True, text=True,
    )  # fmt: skip
    assert ran.returncode == 0, ran.stdout[-3000:]
    assert " passed" in ran.stdout.splitlines()[-1]
