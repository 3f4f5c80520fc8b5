"""`make test-browser` (tests/browser/run.py): runs where Chromium is, installs it only where that
needs no asking, and otherwise skips with one line and passes. Nothing is installed or removed:
Chromium is a stand-in file at HANDAGENT_CHROMIUM, present or not, and the machine's facts
(Debian or not, root or not, apt-get or not) are arguments.
"""

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest
from paths import TESTS

RUN = TESTS / "browser" / "run.py"
spec = importlib.util.spec_from_file_location("browser_run", RUN)
run = importlib.util.module_from_spec(spec)
spec.loader.exec_module(run)

DEBIAN = 'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nID=debian\n'
UBUNTU = "ID=ubuntu\nID_LIKE=debian\n"
FEDORA = 'ID=fedora\nID_LIKE="rhel centos"\n'


@pytest.fixture
def chromium(tmp_path) -> Path:
    """A stand-in Chromium: an executable file that is not a browser."""
    path = tmp_path / "chromium"
    path.write_text("#!/bin/sh\nexit 0\n")
    path.chmod(0o755)
    return path


@pytest.fixture
def no_default_chromium(tmp_path, monkeypatch):
    """As on a machine without Debian's Chromium at its usual path."""
    monkeypatch.setattr(run, "DEFAULT_CHROMIUM", str(tmp_path / "usr-bin-chromium"))


def test_a_chromium_that_is_there_is_used_whatever_the_machine(chromium):
    assert run.plan({"HANDAGENT_CHROMIUM": str(chromium)}, FEDORA, False, False) == run.Plan(
        "run", chromium
    )


def test_a_missing_chromium_on_debian_as_root_is_installed(no_default_chromium):
    for os_release in (DEBIAN, UBUNTU):
        assert run.plan({}, os_release, is_root=True, has_apt=True).action == "install"


@pytest.mark.parametrize(
    "os_release, is_root, has_apt, why",
    [
        (FEDORA, True, False, "this is not Debian/Ubuntu"),
        (DEBIAN, False, True, "installing it needs root"),
        (DEBIAN, True, False, "installing it needs root"),
        ("", True, True, "this is not Debian/Ubuntu"),  # no /etc/os-release (macOS)
    ],
)
def test_a_missing_chromium_is_skipped_where_installing_would_mean_asking(
    no_default_chromium, os_release, is_root, has_apt, why
):
    decided = run.plan({}, os_release, is_root, has_apt)
    assert decided.action == "skip" and decided.why.endswith(why)


def test_a_chosen_path_that_is_missing_is_skipped_not_installed_over(tmp_path):
    missing = tmp_path / "my-chromium"
    decided = run.plan({"HANDAGENT_CHROMIUM": str(missing)}, DEBIAN, is_root=True, has_apt=True)
    assert decided == run.Plan(
        "skip", missing, f"HANDAGENT_CHROMIUM={missing} is not an executable"
    )


def test_without_chromium_the_stage_passes_with_one_line_saying_why_and_how(tmp_path, capsys):
    env = {"PATH": "/usr/bin:/bin", "HANDAGENT_CHROMIUM": str(tmp_path / "none")}
    assert run.main([], env) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("browser tests skipped: HANDAGENT_CHROMIUM=")
    assert "enable: `sudo apt-get install chromium`, or set HANDAGENT_CHROMIUM=" in lines[0]


def test_in_ci_a_missing_chromium_fails_the_stage(tmp_path, capsys):
    env = {"PATH": "/usr/bin:/bin", "CI": "true", "HANDAGENT_CHROMIUM": str(tmp_path / "none")}
    assert run.main([], env) == 1
    assert capsys.readouterr().out.startswith("browser tests cannot run in CI: ")


def test_a_failed_install_is_a_skip_that_names_the_command(no_default_chromium, monkeypatch):
    monkeypatch.setattr(run, "INSTALL", [["false"]])
    decided = run.install(Path(run.DEFAULT_CHROMIUM), {"PATH": "/usr/bin:/bin"})
    assert decided.action == "skip" and decided.why == "`false` failed"


def test_with_chromium_the_stage_runs_the_browser_tests(chromium, monkeypatch):
    # The pytest it would start is recorded, not run: a stand-in cannot drive a page.
    ran = []

    def recorded(command, env):
        ran.append((command, env))
        return subprocess.CompletedProcess(command, 0)

    monkeypatch.setattr(run.subprocess, "run", recorded)
    assert run.main(["-x"], {"PATH": "/usr/bin:/bin", "HANDAGENT_CHROMIUM": str(chromium)}) == 0
    ((command, env),) = ran
    assert command == [
        sys.executable,
        "-m",
        "pytest",
        "-p",
        "no:cacheprovider",
        str(RUN.parent),
        "-x",
    ]
    assert (env["HANDAGENT_BROWSER_TESTS"], env["HANDAGENT_CHROMIUM"]) == ("1", str(chromium))
