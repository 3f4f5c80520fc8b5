"""What each chapter, and the whole series, would cost on the real API, from the mock's usage.

    .venv/bin/python benchmarks/series_cost.py [--model <model id> ...]

Runs every notebook in a fresh kernel as a learner with a key runs it, once per model (the model
is set with HANDAGENT_MODEL, as a learner would): provider `anthropic`, pointed at the mock
through a recording proxy (`handagent.record`). The kernel's meter at the end (`handagent.cost`)
gives every chapter's row: every call it metered, with the tokens the mock reported, those to
the cells' own mocks included. The proxy saw what a key pays for, the calls that reach the
provider the settings name (OpenAI Chat ones included): the last row. The notebooks are executed
in memory; the committed files are never written.

The mock counts tokens the way the real API bills them (the hidden tool-use prompt included),
but its replies are terser than a real model's, so real output tokens, and the price, come out
higher: read the table as an order of magnitude. The models come from the catalogue
(`handagent.api.models`): by default the series' model and the newest current Sonnet and Opus.
Prints a Markdown table; a notebook that fails to run is marked in it, and the script exits 1.
"""

import argparse
import json
import os
import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

from handagent.api import models
from handagent.config import DEFAULT_MODEL
from handagent.cost import PRICES_AS_OF, Call, dollars, price
from handagent.llm import MOCK_KEY
from handagent.mock import MockServer
from handagent.record import RecordingProxy
from handagent.record.__main__ import calls_billed

ROOT = Path(__file__).parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
# The series' model, then the newest current model of the other lines the docs recommend.
MODELS = [DEFAULT_MODEL] + [
    next(m.id for m in models.current() if m.line == line) for line in ("sonnet", "opus")
]
READ_METER = """import dataclasses as _dataclasses, json as _json
from handagent.cost import METER as _METER
print(_json.dumps([_dataclasses.asdict(c) for c in _METER.calls]))"""
FAILED = "failed"
KEY_ROW = "with a key"


def calls_of(path: Path, model: str) -> tuple[list[Call], list[Call]]:
    """Run one notebook with a key's provider (a fresh mock behind a recording proxy) and this
    model: every call its kernel metered, and the calls that reached the provider."""
    notebook = nbformat.read(path, as_version=4)
    notebook.cells.append(nbformat.v4.new_code_cell(READ_METER))
    with MockServer() as mock, RecordingProxy(mock.base_url) as proxy:
        os.environ.update(HANDAGENT_PROVIDER="anthropic", ANTHROPIC_BASE_URL=proxy.base_url,
                          ANTHROPIC_API_KEY=MOCK_KEY, HANDAGENT_MODEL=model)  # fmt: skip
        where = {"metadata": {"path": path.parent}}
        NotebookClient(notebook, timeout=300, resources=where).execute()
    printed = "".join(out.get("text", "") for out in notebook.cells[-1].outputs)
    return [Call(**row) for row in json.loads(printed)], calls_billed(proxy.exchanges)


def total(calls: list[Call]) -> float:
    return sum(dollars(call) for call in calls)


def row(label: str, calls: dict[str, list[Call] | None], first: str) -> list[str]:
    """One row: the calls and tokens of the first model, then each model's price (None: failed).

    Example: ("02_tool_use", {"m": [Call("m", 500, 80)]}, "m") -> ["02_tool_use", "1", "500",
    "80", "$0.0001"]
    """
    counted = calls[first]
    cells = [label, FAILED, FAILED, FAILED]
    if counted is not None:
        tokens_in, tokens_out = (sum(c.prompt_tokens for c in counted),
                                 sum(c.output_tokens for c in counted))  # fmt: skip
        cells[1:] = [str(len(counted)), f"{tokens_in:,}", f"{tokens_out:,}"]
    for priced in calls.values():
        cells.append(FAILED if priced is None else f"${total(priced):.4f}" if priced else "–")
    return cells


def table(runs: dict[str, dict], keyed: dict[str, dict], models: list[str]) -> str:
    """The Markdown table: a row per chapter and the whole series, from each kernel's meter;
    then what a key pays, from the calls that reached the provider."""
    head = ["chapter", "calls", "tokens in", "tokens out"] + [f"`{m}`" for m in models]
    rows = [head, ["---"] + ["---:"] * (len(head) - 1)]
    names = list(runs[models[0]])
    for name in names:
        ran = {m: None if runs[m][name] == FAILED else runs[m][name] for m in models}
        rows.append(row(name.removesuffix(".ipynb"), ran, models[0]))
    for label, source in (("whole series", runs), (KEY_ROW, keyed)):
        summed = {m: [c for n in names if source[m][n] != FAILED for c in source[m][n]]
                  for m in models}  # fmt: skip
        rows.append(row(f"**{label}**", summed, models[0]))
    return "\n".join("| " + " | ".join(cells) + " |" for cells in rows)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", action="append", help=f"repeatable; default: {MODELS}")
    models = parser.parse_args().model or MODELS
    unpriced = [m for m in models if price(m) is None]
    if unpriced:
        sys.exit(
            f"No price on file for {unpriced}: add a row with its prices to handagent.api.models."
        )
    started, runs, keyed, failures = time.monotonic(), {}, {}, 0
    for model in models:
        runs[model], keyed[model] = {}, {}
        for path in NOTEBOOKS:
            try:
                metered, paid = calls_of(path, model)
            except CellExecutionError as error:  # a notebook that fails has no total to report
                name = error.ename if hasattr(error, "ename") else type(error).__name__
                print(f"{path.name} failed with {model}: {name}", file=sys.stderr)
                metered, paid, failures = FAILED, FAILED, failures + 1
            runs[model][path.name], keyed[model][path.name] = metered, paid
    print(table(runs, keyed, models))
    print(
        f"\nList prices of {PRICES_AS_OF} (`handagent.api.models`); tokens as the mock "
        f"reports them for `{models[0]}`; {len(models) * len(NOTEBOOKS)} notebook runs in "
        f"{time.monotonic() - started:.0f} s."
        "\n–: no call went through `handagent.llm.client()`, so the meter counted none."
        f"\n{KEY_ROW}: the calls that reach the provider the settings name, OpenAI Chat ones "
        "included; the rest go to mocks the chapters start themselves."
    )
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
