"""Our MCP client against servers published by others, installed pinned: every tool they list is
on a menu the API accepts (`check_request`) or left off with a warning naming it, and a set of
calls covering what they return (text, images, resource links, embedded resources, structured
content, errors, a long-running call, one cancelled) each answers as a tool_result the API takes
(`accepted_result`).

    npm   @modelcontextprotocol/server-everything, @modelcontextprotocol/server-filesystem
          (tests/mcp/published/: package.json and package-lock.json; `npm ci` installs them
          into .venv/mcp-servers, again only when the lock changes)
    PyPI  mcp-server-time, mcp-server-git (requirements.txt)

Skipped, with a line saying how to enable it, where npm is missing; with CI set, that fails.
Not here: pagination (none of the four pages its tools/list; test_client's rogue server does),
everything's get-env (it would hand the model this process's environment).
"""

import base64
import dataclasses
import json
import os
import shutil
import subprocess
import sys

import pytest
from builders import accepted_result, request, user
from mcp import StdioServerParameters
from paths import ROOT, TESTS

from handagent.api.checks import check_request
from handagent.dispatch import outcomes
from handagent.mcp.client import McpServers
from handagent.tools import ToolRegistry

PUBLISHED = TESTS / "mcp" / "published"
FOLDER = ROOT / ".venv" / "mcp-servers"
PNG = (  # one pixel
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9"
    "awAAAABJRU5ErkJggg=="
)
READS = {  # what the program declares read-only; every other tool stays an effect
    "files": ["read_text_file", "list_directory", "read_media_file"],
    "time": ["get_current_time", "convert_time"],
    "git": ["git_status", "git_log"],
}
pytestmark = [
    pytest.mark.timeout(600),  # the first run installs the npm packages
    pytest.mark.filterwarnings("ignore::handagent.mcp.client.McpWarning"),  # read from .warnings
]


def _installed() -> None:
    """The pinned npm packages in FOLDER, as `npm ci` installs them from the committed lock."""
    npm = shutil.which("npm")
    if not (npm and shutil.which("node")):
        reason = "npm not found: install Node.js 20 or later with npm to run the published servers"
        if os.environ.get("CI"):
            pytest.fail(f"{reason}; CI must run them", pytrace=False)
        pytest.skip(reason)
    lock = (PUBLISHED / "package-lock.json").read_bytes()
    if (FOLDER / "package-lock.json").exists() and (
        FOLDER / "package-lock.json"
    ).read_bytes() == lock:
        return
    staging = FOLDER.with_name(f"{FOLDER.name}.{os.getpid()}")  # renamed into place once whole
    shutil.rmtree(staging, ignore_errors=True)
    shutil.copytree(PUBLISHED, staging)
    done = subprocess.run([npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund",
                           "--loglevel=error"], cwd=staging, capture_output=True, text=True,
                          timeout=300)  # fmt: skip
    assert done.returncode == 0, f"npm ci failed in {staging}: {done.stderr[-2000:]}"
    shutil.rmtree(FOLDER, ignore_errors=True)
    staging.rename(FOLDER)


def node_server(package: str, *args: str) -> StdioServerParameters:
    script = FOLDER / "node_modules" / "@modelcontextprotocol" / package / "dist" / "index.js"
    return StdioServerParameters(command=shutil.which("node"), args=[str(script), *args])


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    """A folder the filesystem server may use, and a git repository with one commit inside."""
    root = tmp_path_factory.mktemp("published")
    (root / "note.txt").write_text("hello from a file\n")
    (root / "pixel.png").write_bytes(base64.b64decode(PNG))
    (root / "logo.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg"/>')
    git = ["git", "-C", str(root), "-c", "user.name=Test", "-c", "user.email=test@example.com"]
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "commit", "-q", "--allow-empty", "-m", "first"], check=True)
    return root


@pytest.fixture(scope="module")
def servers(folder):
    _installed()
    python = [sys.executable, "-m"]
    published = {
        "everything": node_server("server-everything", "stdio"),
        "files": node_server("server-filesystem", str(folder)),
        "time": StdioServerParameters(command=python[0], args=[*python[1:], "mcp_server_time"]),
        "git": StdioServerParameters(command=python[0], args=[*python[1:], "mcp_server_git",
                                                              "--repository", str(folder)]),
    }  # fmt: skip
    with McpServers(published, read_only=READS) as connected:
        yield connected


def test_every_listed_tool_is_on_a_menu_the_api_accepts_or_left_off_by_name(servers):
    by_server = {name: [t.name for t in servers.tools if t.server == name] for name in READS}
    assert len(servers.tools) >= 40 and all(by_server.values()) and servers.find("echo")
    for tool in servers.tools:
        check_request(request([user("Hi")], tools=[tool.menu_entry()]))
    check_request(request([user("Hi")], tools=servers.menu()))
    assert servers.warnings == [
        "Server 'everything': tool 'simulate-research-query' left off the menu: it runs only as "
        'a task (execution.taskSupport "required"), never called directly.'
    ]
    effects = [t.name for t in servers.tools if not t.read_only]
    assert "write_file" in effects and "git_commit" in effects and "echo" in effects


def answer(servers, name: str, **arguments) -> dict:
    """The tool_result the model reads for one call, once the API's rules and types take it."""
    tool = next(t for t in servers.tools if t.name == name)
    use = {"type": "tool_use", "id": f"toolu_{len(name)}", "name": tool.menu_name,
           "input": arguments}  # fmt: skip
    return accepted_result(servers.call(use))


def texts(result: dict) -> list[str]:
    return [block["text"] for block in result["content"] if block["type"] == "text"]


def kinds(result: dict) -> list[str]:
    return [block["type"] for block in result["content"]]


def test_text_images_and_annotations_from_the_everything_server(servers):
    assert texts(answer(servers, "echo", message="hi")) == ["Echo: hi"]
    image = answer(servers, "get-tiny-image")
    assert kinds(image) == ["text", "image", "text"]
    assert image["content"][1]["source"]["media_type"] == "image/png"
    noted = answer(servers, "get-annotated-message", messageType="error", includeImage=True)
    assert kinds(noted) == ["text", "image"]  # the annotations are hints for a display


def test_resource_links_and_embedded_resources_become_text(servers):
    links = texts(answer(servers, "get-resource-links", count=2))
    assert links[1].startswith("[resource link: ") and "<demo://resource/dynamic/" in links[1]
    for kind in ("Text", "Blob"):  # the blob is text/plain bytes: the model reads the text
        embedded = texts(answer(servers, "get-resource-reference", resourceType=kind,
                                resourceId=2))  # fmt: skip
        assert embedded[1].startswith(f"[resource demo://resource/dynamic/{kind.lower()}/2 ")
        assert "Resource 2" in embedded[1]


def test_structured_content_arrives_as_the_json_text_the_server_also_sent(servers):
    (said,) = texts(answer(servers, "get-structured-content", location="Chicago"))
    assert set(json.loads(said)) == {"temperature", "conditions", "humidity"}
    (now,) = texts(answer(servers, "get_current_time", timezone="Europe/Oslo"))
    assert json.loads(now)["timezone"] == "Europe/Oslo"


def test_errors_are_results_the_model_reads(servers):
    refused = answer(servers, "get-sum", a="one")
    assert refused["is_error"] and "Input validation error" in texts(refused)[0]
    outside = answer(servers, "read_text_file", path="/etc/passwd")
    assert outside["is_error"] and texts(outside)[0].startswith("Access denied")
    bad_zone = answer(servers, "convert_time", source_timezone="Nowhere/X", time="12:00",
                      target_timezone="Asia/Tokyo")  # fmt: skip
    assert bad_zone["is_error"] and "Invalid timezone" in texts(bad_zone)[0]


def test_files_and_a_repository_through_servers_that_change_them(servers, folder):
    assert texts(answer(servers, "read_text_file", path=str(folder / "note.txt"))) == [
        "hello from a file\n"
    ]
    assert kinds(answer(servers, "read_media_file", path=str(folder / "pixel.png"))) == ["image"]
    (svg,) = texts(answer(servers, "read_media_file", path=str(folder / "logo.svg")))
    assert svg == ("[image/svg+xml image left out: a tool_result holds PNG, JPEG, GIF or WebP "
                   "images only]")  # fmt: skip
    answer(servers, "write_file", path=str(folder / "new.txt"), content="written\n")
    answer(servers, "git_add", repo_path=str(folder), files=["new.txt"])
    answer(servers, "git_commit", repo_path=str(folder), message="second")
    (log,) = texts(answer(servers, "git_log", repo_path=str(folder)))
    assert "Message: second" in log and "Message: first" in log


def test_a_long_running_call_finishes_and_one_past_its_deadline_is_cancelled(servers):
    done = answer(servers, "trigger-long-running-operation", duration=0.3, steps=3)
    assert texts(done)[0].startswith("Long running operation completed.")
    (slow,) = [t for t in servers.as_tools() if t.name == "trigger-long-running-operation"]
    quick = dataclasses.replace(slow, timeout=0.5)
    call = {"id": "toolu_slow", "name": slow.name, "input": {"duration": 30, "steps": 3}}
    (outcome,) = outcomes([call], ToolRegistry([quick]))
    assert outcome.is_error and "abandoned" in outcome.content
    assert texts(answer(servers, "echo", message="still here")) == ["Echo: still here"]
