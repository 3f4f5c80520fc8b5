"""Stored outputs show nothing of the machine that made them, and speak the edition's language.

A traceback or a warning prints where the package and the interpreter live; stored in a notebook,
that path is on GitHub for every reader. nbval's sanitised form of a kernel's temporary cell file,
`/tmp/ipykernel/CELL.py`, is the one path allowed. Every notebook under notebooks/ is read,
the zh-CN edition too, cell by cell, so a failure names the cell to fix.

The display's labels ("612 in / 48 out", "signed (64 chars)") are written in both languages in
the package (`views.neutral.WORDS`, `runtime.protocol.UNKNOWN_REASON`); a zh-CN chapter whose
stored output still shows the English one was run before the label was localised, or prints it
by itself: regenerate it, or print the label through `language.pick`.
"""

import json
import re
import string

import pytest
from builders import assistant
from paths import ROOT

from handagent.language import use_language
from handagent.runtime.protocol import UNKNOWN_REASON, ThinkingBlock, Usage
from handagent.views import neutral

ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")  # tracebacks are coloured: colour codes split paths
MACHINE_PATH = re.compile(
    r"(?<![\w.~-])(?:"
    r"/home/[^/\s'\"]+|/root(?![\w-])|/Users/[^/\s'\"]+|[A-Za-z]:\\Users\\"  # a home
    r"|/work(?![\w-])|/tmp(?![\w-])(?!/ipykernel/CELL\.py)"
    r")|\.venv(?![\w-])"
)
# Known today, each to be fixed in its notebook (then its mark flips to a failure: remove it).
KNOWN: dict[tuple[str, str], str] = {}


def output_text(output: dict) -> str:
    """Everything a reader of an output sees, colour codes removed."""
    parts = [output.get("text", ""), output.get("evalue", ""), *output.get("traceback", [])]
    parts += output.get("data", {}).values()
    flat = ("".join(part) if isinstance(part, list) else str(part) for part in parts)
    return ANSI.sub("", "\n".join(flat))


def cells() -> list:
    out = []
    for path in sorted((ROOT / "notebooks").rglob("*.ipynb")):
        if ".ipynb_checkpoints" in path.parts:
            continue
        name = path.relative_to(ROOT / "notebooks").as_posix()
        for index, cell in enumerate(json.loads(path.read_text())["cells"]):
            if not cell.get("outputs"):
                continue
            key = (name, cell.get("id", str(index)))
            marks = [pytest.mark.xfail(strict=True, reason=KNOWN[key])] if key in KNOWN else []
            out.append(pytest.param(cell, id=f"{name}:cell-{index}", marks=marks))
    return out


@pytest.mark.parametrize("cell", cells())
def test_no_stored_output_shows_a_path_of_the_machine_that_ran_it(cell):
    found = sorted(
        {m.group() for o in cell["outputs"] for m in MACHINE_PATH.finditer(output_text(o))}
    )
    assert found == [], f"cell {cell.get('id')} stores {found}: regenerate it without them"


@pytest.mark.parametrize(
    "text",
    [
        "File /work/main/src/handagent/llm.py:148",
        "/root/.cache/x",
        "/home/ada/notes",
        r"C:\Users\ada\x",
        "/tmp/ipykernel_4242/3.py",
        "see .venv/lib/python3.11",
        "/tmp",
    ],
)
def test_the_pattern_finds_machine_paths(text):
    assert MACHINE_PATH.search(text)


@pytest.mark.parametrize(
    "text",
    [
        "/tmp/ipykernel/CELL.py:3: UserWarning",
        "src/handagent/llm.py",
        "notebooks/work/x",
        "/workspace-free",
        "http://localhost:8765/v1/messages",
        "~/.venvs/x",
    ],
)
def test_the_pattern_lets_the_rest_pass(text):
    assert not MACHINE_PATH.search(text)


def test_every_known_leak_names_a_cell_that_still_exists():
    present = {(p.values[0].get("id"), p.id.split(":")[0]) for p in cells()}
    assert {(cell, name) for name, cell in KNOWN} <= present


# What each field of a label looks like in an output, so that "call {name} {arguments}" finds
# `call read_file {"path": ...}` and not the English sentence "call again with offset".
FIELDS = {
    "n": r"\d+",
    "input": r"\d+",
    "output": r"\d+",
    "name": r"\w+",
    "arguments": r"(?:\{|raw ')",
    "text": r"'",
    "id": r"\S+",
    "model": r"\S+",
    "outcome": r"\w+",
    "field": r"\w+",
    "reason": r"'[^']*'",
    "table": r"\w+",
}


def label_pattern(template: str) -> re.Pattern:
    r"""A label's English template as a regex. Example: "({n} chars)" -> r"\(\d+\ chars\)" """
    parts = []
    for literal, field, _, _ in string.Formatter().parse(template):
        parts.append(re.escape(literal))
        if field is not None:
            parts.append(FIELDS[field])
    return re.compile("".join(parts))


# Every label with words in it: a bare ": " or "ok" would match any English a model reads.
LABELS = {
    key: label_pattern(english)
    for key, (english, _) in [*neutral.WORDS.items(), ("unknown_reason", UNKNOWN_REASON)]
    if re.search(r"[A-Za-z]+\W+[A-Za-z{]|\{", english)
}


def english_labels(text: str) -> list[str]:
    """The English display labels in an output's text. Example: "[1] … · 6 in / 4 out" -> [..]"""
    return sorted({m.group() for pattern in LABELS.values() for m in pattern.finditer(text)})


def zh_cells() -> list:
    return [cell for cell in cells() if cell.id.startswith("zh-CN/")]


@pytest.mark.parametrize("cell", zh_cells())
def test_no_zh_cn_output_shows_a_display_label_the_english_edition_localises(cell):
    found = english_labels("\n".join(output_text(o) for o in cell["outputs"]))
    assert found == [], f"cell {cell.get('id')} shows {found}: regenerate it (make notebooks)"


def sample(template: str) -> str:
    values = {"n": 64, "input": 612, "output": 48, "name": "read_file", "id": "toolu_1"}
    values |= {"arguments": '{"path": "a"}', "text": "'{\"pa'", "model": "m", "reason": "x"}
    values |= {"outcome": "ok", "field": "stop_reason", "table": "STOP_REASONS"}
    return template.format(**values)


@pytest.mark.parametrize("key", sorted(LABELS))
def test_each_english_label_is_found_and_its_chinese_twin_is_not(key):
    english, chinese = dict(neutral.WORDS, unknown_reason=UNKNOWN_REASON)[key]
    assert LABELS[key].search(sample(english)), f"{key}: the pattern misses its own label"
    assert not english_labels(sample(chinese)), f"{key}: the Chinese label reads as English"


def test_the_labels_are_the_ones_views_neutral_prints():
    reply = assistant(ThinkingBlock("", "sig", "m"), usage=Usage(6, 4), timestamp=1.0)
    shown = "\n".join(neutral.message_lines([reply]))
    assert {"tokens", "signed"} <= {key for key, p in LABELS.items() if p.search(shown)}
    use_language("zh-CN")
    try:
        assert english_labels("\n".join(neutral.message_lines([reply]))) == []
    finally:
        use_language("en")


def test_model_facing_english_is_not_taken_for_a_display_label():
    for text in [
        "call again with offset set to the next line to continue.",
        "Not run: the reply was cut off by the output token limit, so these arguments",
        "read_file raised WorkspaceError: 'src' is a directory",
    ]:
        assert english_labels(text) == []
