"""`make test-browser`: run the browser tests where Chromium is, install it where that is safe,
and otherwise skip with one line that says why and how to enable them.

    python tests/browser/run.py [pytest arguments]

Chromium is HANDAGENT_CHROMIUM, or Debian's /usr/bin/chromium. Where it is missing and the
machine is Debian or Ubuntu and we are root (a container, a CI runner, a workshop VM), this
installs it with apt-get, as `.ci/run` used to. Anywhere else installing would mean asking
(sudo, another package manager), so the stage is skipped and still passes, except in CI
(CI set, as the CI runner and GitHub Actions set it), where the browser tests must run.

Not decided here: what the browser tests check (test_*.py beside this file).
"""

import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

HERE = Path(__file__).parent
DEFAULT_CHROMIUM = "/usr/bin/chromium"
INSTALL = [["apt-get", "update", "-qq"], ["apt-get", "install", "-y", "-qq", "chromium"]]
ENABLE = "enable: `sudo apt-get install chromium`, or set HANDAGENT_CHROMIUM=/path/to/chromium"


@dataclass(frozen=True)
class Plan:
    """What the stage does: run the tests, install Chromium first, or skip, and why."""

    action: Literal["run", "install", "skip"]
    chromium: Path
    why: str = ""


def debian_like(os_release: str) -> bool:
    """Whether /etc/os-release's text names Debian or a child of it. Example: 'ID=ubuntu' -> True"""
    fields = dict(line.split("=", 1) for line in os_release.splitlines() if "=" in line)
    names = " ".join(fields.get(key, "").strip('"') for key in ("ID", "ID_LIKE")).split()
    return "debian" in names or "ubuntu" in names


def plan(env: dict, os_release: str, is_root: bool, has_apt: bool) -> Plan:
    """Run, install or skip, from what this machine has and is.

    Example: ({}, "ID=debian", True, True) with no /usr/bin/chromium -> Plan("install", ...)
    """
    chromium = Path(env.get("HANDAGENT_CHROMIUM") or DEFAULT_CHROMIUM)
    if os.access(chromium, os.X_OK):
        return Plan("run", chromium)
    if "HANDAGENT_CHROMIUM" in env:  # a path the user chose: installing would not put it there
        return Plan("skip", chromium, f"HANDAGENT_CHROMIUM={chromium} is not an executable")
    if not debian_like(os_release):
        return Plan("skip", chromium, f"no Chromium at {chromium}, and this is not Debian/Ubuntu")
    if not (is_root and has_apt):
        return Plan("skip", chromium, f"no Chromium at {chromium}, and installing it needs root")
    return Plan("install", chromium, f"no Chromium at {chromium}")


def install(chromium: Path, env: dict) -> Plan:
    """apt-get install chromium; the plan after it: run, or skip saying what failed."""
    print(f"no Chromium at {chromium}: installing it (apt-get install chromium)", flush=True)
    for command in INSTALL:
        if subprocess.run(command, env=env | {"DEBIAN_FRONTEND": "noninteractive"}).returncode:
            return Plan("skip", chromium, f"`{' '.join(command)}` failed")
    if not os.access(chromium, os.X_OK):
        return Plan("skip", chromium, f"apt-get installed chromium, but {chromium} is missing")
    return Plan("run", chromium)


def main(argv: list[str], env: dict | None = None) -> int:
    env = dict(os.environ if env is None else env)
    release = Path("/etc/os-release")
    os_release = release.read_text() if release.exists() else ""
    is_root = hasattr(os, "geteuid") and os.geteuid() == 0
    has_apt = shutil.which("apt-get", path=env.get("PATH")) is not None
    decided = plan(env, os_release, is_root, has_apt)
    if decided.action == "install":
        decided = install(decided.chromium, env)
    if decided.action == "skip" and env.get("CI"):  # CI must run them (test_jupyterlab.py too)
        print(f"browser tests cannot run in CI: {decided.why}")
        return 1
    if decided.action == "skip":
        print(f"browser tests skipped: {decided.why}; {ENABLE}")
        return 0
    env.update(HANDAGENT_BROWSER_TESTS="1", HANDAGENT_CHROMIUM=str(decided.chromium))
    pytest = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", str(HERE), *argv]
    return subprocess.run(pytest, env=env).returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
