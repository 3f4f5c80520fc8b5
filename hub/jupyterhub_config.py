"""A JupyterHub for a cohort on one server: every learner their own JupyterLab and kernels, all
pointed at one room. `make hub` (or `.venv/bin/jupyterhub -f hub/jupyterhub_config.py`).

    learners   log in at HANDAGENT_HUB_URL (default http://127.0.0.1:8000, this machine only)
               with any name and the shared password (HANDAGENT_HUB_PASSWORD; printed when
               made up); each gets a copy of notebooks/ in their own folder under
               HANDAGENT_HUB_STATE (default ~/.handagent-hub/users/<name>), and a JupyterLab
               of their own whose kernels send the series' requests to the room, their name
               as their key (`ANTHROPIC_API_KEY=<name>`: the room's page shows it as the seat)
    the room   `python -m handagent.mock --room`, started and stopped with the hub (a managed
               service) on 127.0.0.1:HANDAGENT_ROOM_PORT (default 8765), answering from the
               repository's cassettes: the instructor opens http://127.0.0.1:8765/room on this
               machine (from elsewhere: ssh -L 8765:127.0.0.1:8765 <server>)
    admin      HANDAGENT_HUB_TOKEN, if set, is an API token of a service `instructor` with the
               rights to create users and start their servers ahead of the session

The proxy in front of the hub and every learner's server is configurable-http-proxy from npm,
installed in hub/node_modules (`npm ci --prefix hub`, pinned by hub/package-lock.json), never
globally. Ports: HANDAGENT_HUB_API_PORT (8081) and HANDAGENT_PROXY_API_PORT (8001), on 127.0.0.1.

Not handled here: isolation. SimpleLocalProcessSpawner runs every learner's server as the user
that runs the hub: a learner's kernel can read another's files. For learners you do not trust,
use system users (LocalProcessSpawner, or The Littlest JupyterHub), containers (DockerSpawner),
or JupyterHub on Kubernetes: docs/instructors.md. HTTPS: put the hub behind a proxy that has a
certificate before exposing it beyond this machine.
"""

import os
import secrets
import shutil
import sys
from pathlib import Path

HUB = Path(__file__).resolve().parent
ROOT = HUB.parent
BIN = Path(sys.executable).parent  # the repository's .venv/bin: jupyterhub runs from it
STATE = Path(os.environ.get("HANDAGENT_HUB_STATE") or Path.home() / ".handagent-hub")
ROOM_PORT = int(os.environ.get("HANDAGENT_ROOM_PORT") or 8765)
PROXY = HUB / "node_modules" / ".bin" / "configurable-http-proxy"
c = get_config()  # type: ignore[name-defined]  # noqa: F821  (JupyterHub's config loader)

if not PROXY.exists():
    sys.exit(f"no configurable-http-proxy at {PROXY}: run `npm ci --prefix hub` (make hub does)")
STATE.mkdir(parents=True, exist_ok=True)

c.JupyterHub.bind_url = os.environ.get("HANDAGENT_HUB_URL") or "http://127.0.0.1:8000"
c.JupyterHub.hub_bind_url = f"http://127.0.0.1:{os.environ.get('HANDAGENT_HUB_API_PORT') or 8081}"
c.ConfigurableHTTPProxy.api_url = (
    f"http://127.0.0.1:{os.environ.get('HANDAGENT_PROXY_API_PORT') or 8001}"
)
c.ConfigurableHTTPProxy.command = [str(PROXY)]
c.ConfigurableHTTPProxy.pid_file = str(STATE / "proxy.pid")
c.JupyterHub.db_url = f"sqlite:///{STATE / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(STATE / "jupyterhub_cookie_secret")

password = os.environ.get("HANDAGENT_HUB_PASSWORD") or secrets.token_urlsafe(9)
if "HANDAGENT_HUB_PASSWORD" not in os.environ:
    print(f"learners' password (set HANDAGENT_HUB_PASSWORD to choose it): {password}", flush=True)
c.JupyterHub.authenticator_class = "shared-password"
c.SharedPasswordAuthenticator.user_password = password
c.Authenticator.allow_all = True  # anyone with the password, any name: a seat label

c.JupyterHub.spawner_class = "simple"  # SimpleLocalProcessSpawner: one process per learner
c.Spawner.cmd = [str(BIN / "jupyterhub-singleuser")]
c.Spawner.default_url = "/lab/tree/notebooks/00_hello_model.ipynb"
c.Spawner.args = [
    "--ServerApp.terminals_enabled=False",  # the notebooks need no shell
    "--LabApp.news_url=None",  # no "get notified about Jupyter news?" for every learner
    "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
]
if hasattr(os, "geteuid") and os.geteuid() == 0:  # a container or a workshop VM run as root
    c.Spawner.args.append("--allow-root")
c.Spawner.start_timeout = c.Spawner.http_timeout = 120  # thirty servers starting on two cores
c.JupyterHub.tornado_settings = {"slow_spawn_timeout": 0}  # a start returns at once: all at once
c.SimpleLocalProcessSpawner.home_dir_template = str(STATE / "users" / "{username}")
c.Spawner.environment = {
    "HANDAGENT_PROVIDER": "anthropic",
    "ANTHROPIC_BASE_URL": f"http://127.0.0.1:{ROOM_PORT}",
    "ANTHROPIC_API_KEY": lambda spawner: spawner.user.name,  # the learner's seat in the room
}


def copy_the_notebooks(spawner) -> None:
    """A learner's first start: their own copy of notebooks/ (edits stay theirs, kept across
    restarts)."""
    home = Path(spawner.home_dir)
    if not (home / "notebooks").exists():
        home.mkdir(parents=True, exist_ok=True)
        shutil.copytree(ROOT / "notebooks", home / "notebooks",
                        ignore=shutil.ignore_patterns(".ipynb_checkpoints"))  # fmt: skip


c.Spawner.pre_spawn_hook = copy_the_notebooks

room = [str(BIN / "python"), "-m", "handagent.mock", "--room", "--host", "127.0.0.1",
        "--port", str(ROOM_PORT), "--cassettes", str(ROOT / "cassettes")]  # fmt: skip
c.JupyterHub.services = [{"name": "room", "command": room, "cwd": str(ROOT)}]
if os.environ.get("HANDAGENT_HUB_TOKEN"):
    c.JupyterHub.services.append(
        {"name": "instructor", "api_token": os.environ["HANDAGENT_HUB_TOKEN"]}
    )
    c.JupyterHub.load_roles = [
        {
            "name": "instructor",
            "services": ["instructor"],
            "scopes": ["admin:users", "admin:servers", "access:servers", "read:users"],
        }
    ]
