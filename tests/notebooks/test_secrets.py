"""Secrets: the API key never appears in a notebook output, a repr, a log line, an exception message
or the session log.

Every chapter of both editions runs in `make nbval` and `make nbval-opus` with a sentinel key set
(HANDAGENT_PROVIDER=mock: set but unused), and every message their kernels send is searched for
it and for the key the mock provider sends with every request (tests/nbval_secrets.py; its test
is test_nbval_secrets.py). What those runs cannot see is done here: a sentinel key is planted and
the chapters whose own cells send a request with `endpoint()`'s headers (raw httpx, beside the
SDK's client) run in a temporary copy, under nbconvert, with provider `anthropic` pointed at a
local mock through ANTHROPIC_BASE_URL: the key is set and sent with every request (the test checks
it arrived). Running the whole series here as well cost the unit stage a quarter of its CPU time:
its other chapters call the same `client()` and `endpoint()` as these, which nbval's runs search
with the mock's key. The SDK's debug log is on (ANTHROPIC_LOG=debug), so its log lines land in
the outputs. Searched: every output, the run's stdout and stderr (the kernel's own among them),
and every file written under the run's folder (its HOME, TMPDIR and working folder: kernel files,
IPython's history). In this process: a session log of a neutral conversation with every fault,
and the reprs, strings and `llm.explain` of settings, clients, endpoints and exceptions, with
every log record at DEBUG.
"""

import json
import logging
import os
import secrets
import shutil
import subprocess
import sys
from pathlib import Path

import anthropic
import httpx2
import pytest
from paths import ROOT

from handagent import llm
from handagent.mock import MockServer
from handagent.mock.http import server as mock_server_module
from handagent.runtime import session_log
from handagent.runtime.protocol import user_text
from handagent.runtime.providers import complete

pytestmark = pytest.mark.timeout(600)

ENGLISH = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))


def sends_its_own_request(notebook: Path) -> bool:
    """Whether a code cell sends a request with `endpoint()`'s headers, the key among them."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    code = ["".join(cell["source"]) for cell in cells if cell["cell_type"] == "code"]
    return any("endpoint()" in source and "httpx" in source for source in code)


NOTEBOOKS = [notebook for notebook in ENGLISH if sends_its_own_request(notebook)]
SECRET = secrets.token_hex(12)  # new every run: nothing left over can match
KEY = "sk-ant-" + "sentinel-" + SECRET  # built here, so no committed file holds a key's shape
FAULTS = ["", "overloaded", "rate_limit", "server_error", "disconnect", "stream_cut", "slow=2"]


def timeout_for(fault: str) -> float:
    """Seconds a client waits: short for the slow fault only, a stuck machine's ceiling else."""
    return 0.5 if fault.startswith("slow=") else 60.0


def leaks(text: str) -> bool:
    return SECRET in text


def run_chapters(folder: Path, env: dict) -> subprocess.Popen:
    """Start executing NOTEBOOKS in a copy under `folder`, with `env` on top of ours."""
    (folder / "home").mkdir(parents=True)
    (folder / "tmp").mkdir()
    for notebook in NOTEBOOKS:
        shutil.copy(notebook, folder)
    environment = {key: value for key, value in os.environ.items() if "API_KEY" not in key}
    environment.update(env, HOME=str(folder / "home"), TMPDIR=str(folder / "tmp"))
    environment.update(ANTHROPIC_LOG="debug", PYTHONUNBUFFERED="1")
    command = [sys.executable, "-m", "nbconvert", "--to", "notebook", "--execute"]
    command += ["--allow-errors", "--output-dir", "out", "--ExecutePreprocessor.timeout=300"]
    # Kernels on Unix sockets, not TCP ports: jupyter_client probes a free port, frees it and the
    # kernel binds it later, so kernels starting together (this run's and other tests') can pick
    # the same port and one dies ("Kernel died before replying to kernel_info"). `make unit` sets
    # the same.
    command += ["--KernelManager.transport=ipc"]
    command += [notebook.name for notebook in NOTEBOOKS]
    return subprocess.Popen(
        command, cwd=folder, env=environment, stdout=subprocess.PIPE, stderr=subprocess.STDOUT
    )


def every_file(folder: Path) -> list[Path]:
    return [path for path in folder.rglob("*") if path.is_file()]


def executed(folder: Path) -> dict[str, list[dict]]:
    """Each executed notebook's code cells."""
    cells = {}
    for path in sorted((folder / "out").glob("*.ipynb")):
        notebook = json.loads(path.read_text(encoding="utf-8"))
        cells[path.name] = [cell for cell in notebook["cells"] if cell["cell_type"] == "code"]
    return cells


@pytest.fixture(scope="module")
def chapter_runs(tmp_path_factory):
    """The chapters run with the key sent, done: {name: (folder, combined stdout and stderr)}."""
    seen_keys: list[str] = []
    original = mock_server_module.answer

    def recording(method, path, headers, read, state):
        bearer = headers.get("authorization", "").removeprefix("Bearer ")  # the SDK's way
        seen_keys.append(headers.get("x-api-key") or bearer)  # raw httpx's way
        return original(method, path, headers, read, state)

    mock_server_module.answer = recording  # the handler looks `answer` up on every request
    try:
        with MockServer() as shared:
            runs = {
                "anthropic": {
                    "HANDAGENT_PROVIDER": "anthropic",
                    "ANTHROPIC_API_KEY": KEY,
                    "ANTHROPIC_BASE_URL": shared.base_url,
                },
            }
            folders = {name: tmp_path_factory.mktemp(f"chapters-{name}") for name in runs}
            started = {name: run_chapters(folders[name], env) for name, env in runs.items()}
            outputs = {
                name: process.communicate(timeout=560)[0] for name, process in started.items()
            }
    finally:
        mock_server_module.answer = original
    for name, process in started.items():
        assert process.returncode == 0, outputs[name].decode(errors="replace")[-2000:]
    yield (
        {name: (folders[name], outputs[name].decode(errors="replace")) for name in runs},
        seen_keys,
    )


def test_running_the_chapters_that_send_the_key_themselves_leaves_it_nowhere(chapter_runs):
    runs, _ = chapter_runs
    folder, output = runs["anthropic"]
    assert not leaks(output)
    found = [str(path) for path in every_file(folder) if SECRET.encode() in path.read_bytes()]
    assert found == []
    cells = executed(folder)
    assert "00_hello_model.ipynb" in cells  # the rule finds the chapters, the first among them
    assert sorted(cells) == [notebook.name for notebook in NOTEBOOKS]
    assert all(cell["execution_count"] for code in cells.values() for cell in code)
    outputs = json.dumps(list(cells.values()))
    assert "Request options" in outputs  # the SDK's debug log was on, and searched


def test_the_anthropic_run_really_sent_the_key(chapter_runs):
    runs, seen_keys = chapter_runs
    assert seen_keys.count(KEY) >= 10  # every request the chapters sent carried it
    assert "Provider: anthropic" in json.dumps(executed(runs["anthropic"][0]))


# --- in this process ----------------------------------------------------------------------------


@pytest.fixture
def anthropic_settings(mock_provider, mock_server, monkeypatch):
    """`handagent.llm` with the sentinel key, pointed at `mock_server`."""
    monkeypatch.setenv("HANDAGENT_PROVIDER", "anthropic")
    monkeypatch.setenv("ANTHROPIC_API_KEY", KEY)
    monkeypatch.setenv("ANTHROPIC_BASE_URL", mock_server.base_url)
    return mock_server


def test_reprs_strings_exceptions_and_log_lines_never_hold_the_key(
    anthropic_settings, monkeypatch, caplog, capsys
):
    caplog.set_level(logging.DEBUG)
    seen = [repr(llm.settings()), repr(llm.endpoint()), repr(llm.client()), str(llm.client())]
    configured = llm.client().with_options(max_retries=0)
    question = [{"role": "user", "content": "What time is it?"}]
    for fault in FAULTS:
        headers = {"x-mock-fault": fault}
        faulty = configured.with_options(default_headers=headers, timeout=timeout_for(fault))
        monkeypatch.setattr(llm, "client", lambda faulty=faulty: faulty)
        try:
            seen.append(repr(llm.call_model(question, max_tokens=50)))
        except anthropic.APIError as error:
            seen += [repr(error), str(error), llm.explain(error), repr(error.body)]
    assert any("OverloadedError" in line for line in seen)  # the faults did fail
    assert "HTTP Request: POST" in caplog.text  # httpx's log lines were captured
    everything = "\n".join(seen) + caplog.text + "".join(capsys.readouterr())
    assert not leaks(everything)


@pytest.mark.parametrize("header", ["x-api-key", "authorization"])
def test_explain_blanks_a_key_the_server_echoed_back(header):
    sent = KEY if header == "x-api-key" else f"Bearer {KEY}"
    request = httpx2.Request("POST", "http://127.0.0.1:9/v1/messages", headers={header: sent})
    body = {"type": "error", "error": {"type": "authentication_error", "message": f"bad {KEY}"}}
    response = httpx2.Response(401, json=body, request=request)
    error = anthropic.AuthenticationError("Error code: 401", response=response, body=body)
    assert llm.explain(error) == "AuthenticationError: HTTP 401 authentication_error: bad [api key]"


def test_a_session_log_with_every_fault_never_holds_the_key(mock_server, tmp_path, caplog):
    caplog.set_level(logging.DEBUG)
    log = tmp_path / "session.jsonl"
    history = [user_text("What time is it?")]
    for fault in FAULTS:
        for stream in (False, True):
            message = complete(
                history, [], api="anthropic", model="claude-sonnet-5",
                base_url=mock_server.base_url, api_key=KEY, stream=stream,
                timeout=timeout_for(fault),
                headers={"x-mock-fault": fault} if fault else None,
            )  # fmt: skip
            session_log.append(log, message)
    text = log.read_text(encoding="utf-8")
    assert text.count('"stop_reason": "error"') >= 10  # the faults were logged
    assert not leaks(text + caplog.text)
    assert not leaks(repr(session_log.load(log)))
