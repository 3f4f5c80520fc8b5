"""binder/ follows repo2docker's conventions (Docker is not needed to check them)."""

import os
import subprocess
from importlib.metadata import PackageNotFoundError, distribution
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from paths import ROOT

BINDER = ROOT / "binder"
# The files repo2docker reads from binder/ (it then ignores the same files at the root).
REPO2DOCKER_FILES = {"requirements.txt", "runtime.txt", "start", "postBuild", "apt.txt"}


def commands(path: Path) -> list[str]:
    lines = (line.split("#", 1)[0].strip() for line in path.read_text().splitlines())
    return [line for line in lines if line]


def test_binder_holds_only_files_repo2docker_reads():
    assert {p.name for p in BINDER.iterdir()} <= REPO2DOCKER_FILES


def test_runtime_asks_for_python_3_11_in_repo2docker_spelling():
    assert (BINDER / "runtime.txt").read_text().strip() == "python-3.11"


def test_requirements_are_the_pinned_ones_and_they_install_the_package():
    assert commands(BINDER / "requirements.txt") == ["-r ../requirements.txt"]
    assert "-e ." in commands(ROOT / "requirements.txt")


def pins() -> dict[str, str]:
    """requirements.txt as binder installs it. Example: "anthropic==2.10.0" -> {"anthropic":
    "2.10.0"}"""
    found = {}
    for line in commands(ROOT / "requirements.txt"):
        if line != "-e .":
            name, _, version = line.partition("==")
            assert version, f"{line}: binder installs requirements.txt as it is: pin it with =="
            found[canonicalize_name(name)] = version
    return found


def left_out() -> set[str]:
    """The pins `make setup` leaves out with uv (the Makefile's LEFT_OUT): installed or not."""
    for line in (ROOT / "Makefile").read_text().splitlines():
        if line.startswith("LEFT_OUT :="):
            return {canonicalize_name(name) for name in line.partition(":=")[2].split()}
    raise AssertionError("the Makefile no longer defines LEFT_OUT")


def installed(name: str) -> bool:
    try:
        distribution(name)
    except PackageNotFoundError:
        return False
    return True


def test_what_the_set_up_leaves_out_is_pinned_and_nothing_pinned_needs_it_but_its_own():
    pinned, needing = pins(), set()
    assert left_out() and left_out() <= set(pinned)  # pip (binder) installs them at their pins
    for name in ["handagent", *(name for name in pinned if installed(name))]:
        for needed in map(Requirement, distribution(name).requires or []):
            if canonicalize_name(needed.name) in left_out() and not needed.marker:
                needing.add(canonicalize_name(name))
    assert needing <= left_out()  # only as extras (jsonschema's format-nongpl), or each other


def test_binder_installs_a_closed_set_every_dependency_pinned_at_a_version_it_accepts():
    pinned, unmet = pins(), []
    # the package, then every pin, as this Python reads them (a pin left out here has no metadata)
    for name in ["handagent", *(name for name in pinned if installed(name))]:
        for needed in map(Requirement, distribution(name).requires or []):
            if needed.marker and not needed.marker.evaluate({"extra": ""}):
                continue  # an extra, or another platform's
            have = pinned.get(canonicalize_name(needed.name))
            if have is None or not needed.specifier.contains(have, prereleases=True):
                unmet.append(f"{name} needs {needed}, requirements.txt has {have}")
    assert unmet == []


def test_the_set_up_installed_exactly_the_pins_binder_installs():
    wrong = {name: version for name, version in pins().items() if name not in left_out()
             and distribution(name).version != version}  # fmt: skip
    assert wrong == {}, "make setup: .venv is not what requirements.txt pins"


def test_start_is_an_executable_script_that_ends_by_running_its_arguments():
    start = BINDER / "start"
    assert start.read_text().startswith("#!/bin/bash\n")
    assert os.access(start, os.X_OK), "chmod +x binder/start: repo2docker runs it directly"
    assert commands(start)[-1] == 'exec "$@"'


def test_start_selects_the_mock_and_drops_any_key_it_inherits():
    environ = {**os.environ, "ANTHROPIC_API_KEY": "inherited", "HANDAGENT_PROVIDER": "anthropic"}
    show = "echo $HANDAGENT_PROVIDER ${ANTHROPIC_API_KEY:-no-key}"
    ran = subprocess.run(
        [str(BINDER / "start"), "bash", "-c", show], env=environ, capture_output=True, text=True
    )
    assert ran.stdout == "mock no-key\n"


def test_readme_badge_launches_the_first_notebook_on_binder():
    readme = (ROOT / "README.md").read_text()
    link = "https://mybinder.org/v2/gh/OWNER/handagent/HEAD?urlpath=lab/tree/notebooks/"
    assert f"({link}00_hello_model.ipynb)" in readme
