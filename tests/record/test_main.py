"""python -m handagent.record: where cassettes go, what they cost, that every English chapter has
its cassette, and that a stale cassette fails under nbval naming the first difference.

The whole English series replayed from the committed cassettes, with the stored outputs
unchanged, is `make replay` (a stage of `make test`, through tests/nbval_replay.py)."""

import os
import subprocess
import sys
from pathlib import Path

import anthropic
import nbformat
import pytest
from paths import ROOT

from handagent import llm
from handagent.cost import Call, dollars
from handagent.mock import MockServer, mock_instead
from handagent.mock.http import cassettes
from handagent.mock.http.cassettes import cassette_path, load_cassette
from handagent.record.__main__ import calls_billed, cost, run_through

CHAPTER = ROOT / "notebooks" / "03_feeding_results_back.ipynb"
CASSETTE = ROOT / "cassettes" / "03_feeding_results_back.json"


def test_a_cassette_sits_where_its_notebook_sits_under_notebooks():
    assert cassette_path(Path("notebooks/zh-CN/03_x.ipynb")) == Path("cassettes/zh-CN/03_x.json")
    assert cassette_path(Path("notebooks/03_x.ipynb"), Path("out")) == Path("out/03_x.json")


def test_the_committed_cassette_of_chapter_03_was_recorded_from_the_mock_and_costs_cents():
    cassette = load_cassette(CASSETTE)
    assert cassette.notebook == "notebooks/03_feeding_results_back.ipynb"
    assert len(cassette.exchanges) == 9
    assert 0 < cost(list(cassette.exchanges)) < 0.01


def exchange(path: str, status: int, body: dict) -> dict:
    return {"request": {"path": path, "body": {"model": "claude-haiku-5-5"}},
            "response": {"status": status, "body": body}}  # fmt: skip


def test_messages_and_openai_chat_replies_are_billed_and_refusals_and_counts_are_not():
    exchanges = [
        exchange("/v1/messages", 200, {"usage": {"input_tokens": 9, "output_tokens": 3}}),
        exchange("/v1/chat/completions", 200, {"usage": {"prompt_tokens": 7,
                                                         "completion_tokens": 2}}),
        exchange("/v1/messages", 400, {"error": {"type": "invalid_request_error"}}),
        exchange("/v1/messages/count_tokens", 200, {"input_tokens": 12}),
    ]  # fmt: skip
    assert [(c.input_tokens, c.output_tokens) for c in calls_billed(exchanges)] == [(9, 3), (7, 2)]
    paid = [dollars(Call("claude-haiku-5-5", *tokens)) for tokens in ((9, 3), (7, 2))]
    assert cost(exchanges) == pytest.approx(sum(paid))


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
    assert llm.provider_line().startswith("Provider: replay · model:")


def test_a_new_question_under_replay_is_refused_unless_the_mock_answers_it(replay_provider):
    question = [{"role": "user", "content": "Something the chapter never asks"}]
    with pytest.raises(anthropic.BadRequestError, match="not in the cassette of chapter 03"):
        llm.call_model(question)
    with mock_instead():
        assert llm.call_model(question).stop_reason == "end_turn"


def test_every_english_chapter_has_its_cassette_recorded_from_the_mock():
    chapters = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    missing = [c.name for c in chapters if not cassette_path(c, ROOT / "cassettes").exists()]
    assert missing == [], "record them: make record UPSTREAM=mock NOTEBOOKS=notebooks/NN_x.ipynb"
    for chapter in chapters:
        cassette = load_cassette(cassette_path(chapter, ROOT / "cassettes"))
        assert cassette.notebook == f"notebooks/{chapter.name}"
        assert '"upstream": "mock"' in Path(cassette.path).read_text(encoding="utf-8")


def notebook_asking(question: str) -> nbformat.NotebookNode:
    """One cell that asks `question` through the package's client, printing nothing."""
    ask = {"role": "user", "content": question}
    cell = f"from handagent import llm\n\nreply = llm.call_model([{ask!r}])"
    return nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(cell)])


def test_a_stale_cassette_fails_under_nbval_naming_the_first_difference(tmp_path):
    notebook = tmp_path / "notebooks" / "01_tiny.ipynb"
    notebook.parent.mkdir()
    nbformat.write(notebook_asking("What time is it?"), notebook)
    with MockServer() as upstream:
        exchanges = run_through(notebook, upstream.base_url, None)
    cassettes.save_cassette(
        cassette_path(notebook, tmp_path / "cassettes"), "notebooks/01_tiny.ipynb", "mock",
        "2026-12-04", exchanges,
    )  # fmt: skip
    nbformat.write(notebook_asking("What day is it?"), notebook)  # the cell edited since
    ran = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--nbval",
         "--nbval-current-env", "-p", "tests.nbval_kernels", "-p", "tests.nbval_replay",
         "-o", f"testpaths={notebook}", str(notebook)],
        cwd=ROOT, env={**os.environ, "HANDAGENT_PROVIDER": "replay"}, capture_output=True,
        text=True,
    )  # fmt: skip
    assert ran.returncode == 1, ran.stdout[-3000:]
    assert (
        'at body.messages[0].content: the cassette has "What time is it?", the request has '
        '"What day is it?".' in ran.stdout
    ), ran.stdout[-3000:]
    assert "01_tiny.json" in ran.stdout


def test_a_new_question_shows_in_the_notebook_as_one_line_naming_the_remedy(tmp_path):
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError

    notebook = notebook_asking("Something the chapter never asks")
    env = {**os.environ, "HANDAGENT_PROVIDER": "replay", "HANDAGENT_CASSETTES": str(CASSETTE)}
    ran = NotebookClient(notebook, timeout=120, resources={"metadata": {"path": str(tmp_path)}})
    with pytest.raises(CellExecutionError):
        ran.execute(env=env)
    [shown] = notebook.cells[0].outputs
    assert shown.output_type == "error" and len(shown.traceback) == 1
    assert shown.traceback[0].startswith(
        "BadRequestError: HTTP 400 invalid_request_error: replay: this request is not in the "
        "cassette of chapter 03 (03_feeding_results_back.json)"
    )
    assert "with mock_instead():" in shown.traceback[0]
