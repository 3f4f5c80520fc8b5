"""Promises the repository makes about itself: two commands, no secrets, settings documented."""

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).parent.parent


def tracked_files() -> list[Path]:
    listed = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True)
    if listed.returncode != 0:  # not a git checkout (an sdist): scan what is there
        return [p for p in ROOT.rglob("*") if p.is_file() and ".venv" not in p.parts]
    return [ROOT / name for name in listed.stdout.splitlines() if (ROOT / name).is_file()]


def test_env_file_is_ignored_by_git():
    assert ".env" in (ROOT / ".gitignore").read_text().splitlines()


def test_no_committed_file_holds_something_like_an_api_key():
    pattern = re.compile(r"sk-ant-[A-Za-z0-9_-]{10,}")
    leaks = [str(p) for p in tracked_files() if pattern.search(p.read_text(errors="ignore"))]
    assert leaks == []


def test_env_example_documents_every_variable_the_package_reads():
    documented = set(re.findall(r"^([A-Z_]+)=", (ROOT / ".env.example").read_text(), re.M))
    source = "".join(p.read_text() for p in (ROOT / "src").rglob("*.py"))
    read = set(re.findall(r"environ\.get\(\"([A-Z_]+)\"", source))
    assert read and read <= documented


def test_readme_shows_the_two_commands_first():
    readme = (ROOT / "README.md").read_text()
    first_block = readme.split("```sh", 1)[1].split("```", 1)[0]
    assert [line.split()[1] for line in first_block.strip().splitlines()] == ["lab", "test"]


def test_ci_runs_make_test_and_nothing_else():
    commands = [
        line
        for line in (ROOT / ".ci/run").read_text().splitlines()
        if line.strip() and not line.startswith(("#", "set ", "cd "))
    ]
    assert commands == ["make test"]
