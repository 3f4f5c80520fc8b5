"""The hub for a cohort (hub/jupyterhub_config.py): three learners, each with their own
JupyterLab server and kernel, run chapter 03 through the one room, and the room's page shows
all three, by name, in chapter 03, none stuck.

JupyterHub runs as `make hub` runs it, on ports of this machine's loopback that the test picks,
with its state in a temporary folder and an instructor's API token. The test creates the three
learners and starts their servers through the hub's REST API, opens chapter 03 in each (a
session, as JupyterLab opens a notebook: the kernel knows its notebook), and runs its code cells
over the kernel's websocket, the three at once. It needs configurable-http-proxy (npm): installed
into hub/node_modules by `npm ci` when missing; without npm the test is skipped with a line
saying so, except in CI (CI set), where it fails.
"""

import json
import os
import shutil
import socket
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path

import httpx
import nbformat
import pytest
import websocket
from paths import ROOT

pytestmark = pytest.mark.timeout(600)

HUB = ROOT / "hub"
PROXY = HUB / "node_modules" / ".bin" / "configurable-http-proxy"
CHAPTER = "notebooks/03_feeding_results_back.ipynb"
LEARNERS = ("ada", "bo", "cy")
CEILING = 180.0  # seconds any wait may last: a loaded machine, never the time the work takes
# One client for every request here: each new one loads the CA bundle (30 ms of CPU), and the
# waits below ask several times a second (each asking at most POLL seconds, then asking again).
HTTP = httpx.Client(timeout=CEILING)
POLL = 5.0


def the_proxy() -> None:
    """configurable-http-proxy in hub/node_modules, installed with npm when missing."""
    if PROXY.exists():
        return
    npm = shutil.which("npm")
    if npm is None:
        reason = "the hub test needs npm for configurable-http-proxy (apt-get install npm)"
        if os.environ.get("CI"):
            pytest.fail(reason.replace("needs", "cannot run in CI without"), pytrace=False)
        pytest.skip(reason)
    subprocess.run([npm, "ci", "--prefix", str(HUB), "--no-audit", "--no-fund"], check=True)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def until(ready, what: str):
    """Poll `ready()` until it returns something true; fail naming `what` past the ceiling."""
    deadline = time.monotonic() + CEILING
    while time.monotonic() < deadline:
        if found := ready():
            return found
        time.sleep(0.2)
    pytest.fail(f"{what} took longer than {CEILING:g} s")


@pytest.fixture(scope="module")
def hub(tmp_path_factory):
    """A running hub: its URL, the admin token's headers, the room's URL, its log."""
    the_proxy()
    ports = {name: free_port() for name in ("HUB", "API", "PROXY", "ROOM")}
    token = uuid.uuid4().hex
    env = {
        **os.environ,
        "HANDAGENT_HUB_STATE": str(tmp_path_factory.mktemp("hub")),
        "HANDAGENT_HUB_URL": f"http://127.0.0.1:{ports['HUB']}",
        "HANDAGENT_HUB_API_PORT": str(ports["API"]),
        "HANDAGENT_PROXY_API_PORT": str(ports["PROXY"]),
        "HANDAGENT_ROOM_PORT": str(ports["ROOM"]),
        "HANDAGENT_HUB_PASSWORD": "a-workshop-password",
        "HANDAGENT_HUB_TOKEN": token,
    }
    env.pop("HANDAGENT_PROVIDER", None)  # the hub sets the learners' own
    command = [
        str(Path(sys.executable).parent / "jupyterhub"),
        "-f",
        str(HUB / "jupyterhub_config.py"),
    ]
    log = env["HANDAGENT_HUB_STATE"] + "/hub.log"
    with open(log, "w") as out:
        process = subprocess.Popen(command, env=env, cwd=env["HANDAGENT_HUB_STATE"], stdout=out,
                                   stderr=subprocess.STDOUT)  # fmt: skip
    url, room = env["HANDAGENT_HUB_URL"], f"http://127.0.0.1:{ports['ROOM']}"

    def answering() -> bool:
        assert process.poll() is None, Path(log).read_text()[-3000:]
        try:
            return HTTP.get(f"{url}/hub/api/", timeout=POLL).status_code == 200 and bool(
                HTTP.get(f"{room}/room.json", timeout=POLL).status_code == 200
            )
        except httpx.TransportError:
            return False

    until(answering, "the hub and its room starting")
    yield url, {"Authorization": f"token {token}"}, room, log
    process.terminate()  # the hub stops the learners' servers and the room with it
    try:
        process.wait(timeout=60)
    except subprocess.TimeoutExpired:
        process.kill()


def run_cells(url: str, headers: dict, user: str, notebook: nbformat.NotebookNode) -> list:
    """Open the chapter as JupyterLab does (a session) and run its code cells over the kernel's
    websocket; each cell's (status, error name)."""
    server = f"{url}/user/{user}"
    session = HTTP.post(f"{server}/api/sessions", headers=headers, json={
        "path": CHAPTER, "type": "notebook", "kernel": {"name": "python3"}})  # fmt: skip
    session.raise_for_status()
    kernel = session.json()["kernel"]["id"]
    socket_url = f"{server}/api/kernels/{kernel}/channels".replace("http://", "ws://")
    channel = websocket.create_connection(
        socket_url, header=[f"{k}: {v}" for k, v in headers.items()], timeout=CEILING
    )
    outcomes, session_id = [], uuid.uuid4().hex
    try:
        for cell in notebook.cells:
            if cell.cell_type != "code":
                continue
            asked = uuid.uuid4().hex
            channel.send(json.dumps({
                "header": {"msg_id": asked, "msg_type": "execute_request", "session": session_id,
                           "username": user, "version": "5.3"},
                "parent_header": {}, "metadata": {}, "buffers": [], "channel": "shell",
                "content": {"code": cell.source, "silent": False, "store_history": True,
                            "user_expressions": {}, "allow_stdin": False},
            }))  # fmt: skip
            while True:
                message = json.loads(channel.recv())
                if message.get("parent_header", {}).get("msg_id") != asked:
                    continue
                if message["msg_type"] == "execute_reply":
                    reply = message["content"]
                    outcomes.append((reply["status"], reply.get("ename")))
                    break
    finally:
        channel.close()
    return outcomes


def test_three_learners_run_chapter_03_through_the_room_and_its_page_shows_them(hub):
    url, admin, room, log = hub
    created = HTTP.post(f"{url}/hub/api/users", headers=admin, json={"usernames": list(LEARNERS)})
    assert created.status_code == 201, created.text
    for user in LEARNERS:
        started = HTTP.post(f"{url}/hub/api/users/{user}/server", headers=admin)
        assert started.status_code in (201, 202), started.text

    def ready() -> bool:
        models = [HTTP.get(f"{url}/hub/api/users/{u}", headers=admin, timeout=POLL).json()
                  for u in LEARNERS]  # fmt: skip
        return all(m["servers"].get("", {}).get("ready") for m in models)

    began = time.monotonic()
    until(ready, "three learners' servers starting")
    print(f"\nservers started in {time.monotonic() - began:.1f} s")  # printed, never checked
    began = time.monotonic()
    notebook = nbformat.read(ROOT / CHAPTER, as_version=4)
    raising = ["raises-exception" in c.metadata.get("tags", []) for c in notebook.cells
               if c.cell_type == "code"]  # fmt: skip
    results: dict[str, list] = {}

    def learner(user: str) -> None:
        results[user] = run_cells(url, admin, user, notebook)

    threads = [threading.Thread(target=learner, args=(user,)) for user in LEARNERS]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=CEILING)
    print(f"chapter 03 run by three kernels at once in {time.monotonic() - began:.1f} s")
    expected = [("error" if r else "ok") for r in raising]
    assert {u: [status for status, _ in results.get(u, [])] for u in LEARNERS} == {
        u: expected for u in LEARNERS
    }, Path(log).read_text()[-3000:]
    shown = {row["label"]: row for row in HTTP.get(f"{room}/room.json").json()["learners"]}
    assert sorted(shown) == sorted(LEARNERS)
    for user in LEARNERS:
        assert shown[user]["chapter"] == CHAPTER
        assert shown[user]["progress"] == {"03": "9/9"} and shown[user]["state"] == "ok"
        assert shown[user]["off_script"] == 0
