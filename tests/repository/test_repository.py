"""Promises the repository makes about itself: two commands, no secrets, settings documented."""

import re
import subprocess
from pathlib import Path

from paths import ROOT


def tracked_files() -> list[Path]:
    """Files git tracks, and new ones it would add (untracked, not ignored)."""
    command = ["git", "ls-files", "--cached", "--others", "--exclude-standard"]
    listed = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    if listed.returncode != 0:  # not a git checkout (an sdist): scan what is there
        return [p for p in ROOT.rglob("*") if p.is_file() and ".venv" not in p.parts]
    return [ROOT / name for name in listed.stdout.splitlines() if (ROOT / name).is_file()]


# The shapes of keys worth never committing. Tests plant fake keys on purpose: a match that says
# so in its own text (sentinel, test, example...) is a fake, and allowed.
KEY_PATTERNS = {
    "Anthropic": r"sk-ant-[A-Za-z0-9_-]{10,}",
    "OpenAI": r"sk-(?!ant-)(?:proj-|svcacct-)?[A-Za-z0-9_-]{32,}",
    "AWS access key": r"\b(?:AKIA|ASIA)[0-9A-Z]{16}\b",
    "GitHub token": r"\bgh[pousr]_[A-Za-z0-9]{36,}",
    "Google API key": r"\bAIza[0-9A-Za-z_-]{35}",
    "Slack token": r"\bxox[abprs]-[A-Za-z0-9-]{10,}",
    "private key": r"-----BEGIN (?:[A-Z]+ )?PRIVATE KEY-----",
}
FAKE = re.compile(r"sentinel|test|example|fake|dummy|not-secret|placeholder|xxxx", re.I)


def keys_in(text: str) -> list[str]:
    """Every key-shaped string in a text, fakes left out. Example: "sk-ant-api03-Zq..." -> [it]"""
    found = (m.group() for pattern in KEY_PATTERNS.values() for m in re.finditer(pattern, text))
    return [key for key in found if not FAKE.search(key)]


def test_env_file_is_ignored_by_git():
    assert ".env" in (ROOT / ".gitignore").read_text().splitlines()
    listed = subprocess.run(["git", "ls-files", ".env"], cwd=ROOT, capture_output=True, text=True)
    assert listed.stdout == ""


def test_no_committed_file_holds_something_like_an_api_key():
    leaks = {str(p): keys_in(p.read_text(errors="ignore")) for p in tracked_files()}
    assert {path: keys for path, keys in leaks.items() if keys} == {}


def test_the_key_scan_finds_real_shapes_and_lets_planted_fakes_pass():
    random_part = "Zq9" * 31  # built here: this file must not hold a key's shape itself
    real = [
        "sk-ant-" + "api03-" + random_part + "AA",
        "sk-" + "proj-" + random_part,
        "AKIA" + "Q7XR2M4PLK9WZ3BV",
        "gh" + "p_" + random_part[:36],
        "-----BEGIN " + "RSA PRIVATE KEY-----",
    ]
    for key in real:
        assert keys_in(f"config = {key!r}\n") == [key]
    fakes = ["sk-ant-" + "sentinel-0123456789abcdef", "sk-ant-" + "test-0123456789-secret"]
    assert keys_in(" ".join(fakes)) == []


def test_env_example_documents_every_variable_the_package_reads():
    documented = set(re.findall(r"^([A-Z_]+)=", (ROOT / ".env.example").read_text(), re.M))
    source = "".join(p.read_text() for p in (ROOT / "src").rglob("*.py"))
    read = set(re.findall(r"environ\.get\(\"([A-Z_]+)\"", source))
    set_by_jupyter = {"JPY_SESSION_NAME"}  # the notebook a kernel runs: JupyterLab sets it
    assert read and read - set_by_jupyter <= documented


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
    assert commands == ["make test"]  # which installs Chromium itself where it can
