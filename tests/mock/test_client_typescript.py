"""The official TypeScript SDK, installed from npm, against the mock: a tool round trip by hand,
and the beta tool runner, which keeps its conversation on the server (beta `thread`).

The SDK goes into a cache folder outside the repository (`~/.cache/handagent/typescript-sdk`, or
$HANDAGENT_NPM_CACHE), once; later runs need no network. Skipped, with the reason, where `node`
or `npm` is missing or npm cannot reach the registry, so `make test` runs it only where node is.
"""

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from paths import TESTS

from handagent.llm import settings
from handagent.mock import MockServer

SDK = "@anthropic-ai/sdk@1.14.0"  # pinned, like the Python SDK in requirements.txt
SCRIPT = TESTS / "clients" / "typescript_round_trip.mjs"
RUNNER = TESTS / "clients" / "typescript_tool_runner.mjs"
INSTALL_SECONDS = 300


def _sdk_folder() -> Path:
    """The folder holding node_modules/@anthropic-ai/sdk, installed on first use."""
    if not (shutil.which("node") and shutil.which("npm")):
        pytest.skip("node and npm are not installed")
    cache = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache"))
    folder = Path(os.environ.get("HANDAGENT_NPM_CACHE", cache / "handagent" / "typescript-sdk"))
    marker = folder / "node_modules" / "@anthropic-ai" / "sdk" / "package.json"
    if marker.exists() and json.loads(marker.read_text())["version"] == SDK.rsplit("@", 1)[1]:
        return folder
    folder.mkdir(parents=True, exist_ok=True)
    command = ["npm", "install", "--prefix", str(folder), "--no-audit", "--no-fund", "--no-save",
               "--loglevel=error", SDK]  # fmt: skip
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=INSTALL_SECONDS)
    except subprocess.TimeoutExpired:
        pytest.skip(f"npm could not install {SDK} within {INSTALL_SECONDS} s")
    if done.returncode != 0 or not marker.exists():
        reason = (done.stderr.strip().splitlines() or ["no output"])[-1]
        pytest.skip(f"npm could not install {SDK}: {reason[:160]}")
    return folder


def _run(script: Path) -> dict:
    """What a client script saw against a fresh mock: the JSON of its last line of output."""
    folder = _sdk_folder()
    with MockServer() as mock:
        done = subprocess.run(
            ["node", str(script), mock.base_url, settings().model, str(folder)],
            capture_output=True, text=True, timeout=60,
        )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_the_typescript_sdk_does_a_tool_round_trip_with_the_mock():
    seen = _run(SCRIPT)
    assert seen["first"]["stop_reason"] == "tool_use"
    assert (seen["first"]["name"], seen["first"]["input"]) == ("get_weather", {"city": "Paris"})
    assert seen["first"]["id"].startswith("toolu_")
    assert seen["streamed"] == {k: seen["first"][k] for k in ("stop_reason", "name", "input")}
    assert seen["final"] == {"stop_reason": "end_turn", "text": "get_weather says: 18°C, sunny."}


def test_the_typescript_sdks_tool_runner_threads_its_conversation_through_the_mock():
    seen = _run(RUNNER)
    assert (seen["runs"], seen["stop_reason"]) == (1, "end_turn")
    assert seen["text"] == "get_weather says: 18°C, sunny in Paris."
    first, second = seen["sent"]
    assert first["thread"] == {"type": "create"} and first["tools"]
    assert second["thread"]["type"] == "continue" and not second["tools"]  # the mock kept them
    assert second["messages"] == 1  # only the tool_result: the mock held the rest
    assert {first["beta"], second["beta"]} == {"message-threads-2026-08-12"}
