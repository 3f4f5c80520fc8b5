"""What each chapter, and the whole series, would cost on the real API, from the mock's usage.

    .venv/bin/python benchmarks/series_cost.py [--model <model id> ...]

Runs every notebook in a fresh kernel against the mock provider, once per model (the model is
set with HANDAGENT_MODEL, as a learner would), and reads the kernel's meter at the end
(`handagent.cost`): every call made through `handagent.llm.client()`, with the tokens the mock
reported. The notebooks are executed in memory; the committed files are never written.

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


def calls_of(path: Path, model: str) -> list[Call]:
    """Run one notebook with the mock provider and this model; every call its kernel counted."""
    notebook = nbformat.read(path, as_version=4)
    notebook.cells.append(nbformat.v4.new_code_cell(READ_METER))
    os.environ.update(HANDAGENT_PROVIDER="mock", HANDAGENT_MODEL=model)  # the kernel inherits
    client = NotebookClient(notebook, timeout=300, resources={"metadata": {"path": path.parent}})
    client.execute()
    printed = "".join(out.get("text", "") for out in notebook.cells[-1].outputs)
    return [Call(**row) for row in json.loads(printed)]


def total(calls: list[Call]) -> float:
    return sum(dollars(call) for call in calls)


def table(runs: dict[str, dict[str, list[Call]]], models: list[str]) -> str:
    """The Markdown table: calls and tokens of the first model, then the price for each model."""
    first = models[0]
    head = ["chapter", "calls", "tokens in", "tokens out"] + [f"`{m}`" for m in models]
    rows = [head, ["---"] + ["---:"] * (len(head) - 1)]
    names = list(runs[first])
    for name in names + ["whole series"]:
        picked = names if name == "whole series" else [name]
        ran = [n for n in picked if runs[first][n] != FAILED]
        calls = [call for n in ran for call in runs[first][n]]
        cells = [name.removesuffix(".ipynb") if name in names else f"**{name}**", len(calls)]
        cells += [
            f"{sum(c.prompt_tokens for c in calls):,}",
            f"{sum(c.output_tokens for c in calls):,}",
        ]
        if not ran:
            cells[1:] = [FAILED] * 3
        for model in models:
            if any(runs[model][n] == FAILED for n in picked) and name in names:
                cells.append(FAILED)
                continue
            priced = [c for n in picked if runs[model][n] != FAILED for c in runs[model][n]]
            cells.append(f"${total(priced):.4f}" if priced else "–")
        rows.append([str(cell) for cell in cells])
    return "\n".join("| " + " | ".join(row) + " |" for row in rows)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", action="append", help=f"repeatable; default: {MODELS}")
    models = parser.parse_args().model or MODELS
    unpriced = [m for m in models if price(m) is None]
    if unpriced:
        sys.exit(
            f"No price on file for {unpriced}: add a row with its prices to handagent.api.models."
        )
    started, runs, failures = time.monotonic(), {}, 0
    for model in models:
        runs[model] = {}
        for path in NOTEBOOKS:
            try:
                runs[model][path.name] = calls_of(path, model)
            except CellExecutionError as error:  # a notebook that fails has no total to report
                name = error.ename if hasattr(error, "ename") else type(error).__name__
                print(f"{path.name} failed with {model}: {name}", file=sys.stderr)
                runs[model][path.name], failures = FAILED, failures + 1
    print(table(runs, models))
    print(
        f"\nList prices of {PRICES_AS_OF} (`handagent.api.models`); tokens as the mock "
        f"reports them for `{models[0]}`; {len(models) * len(NOTEBOOKS)} notebook runs in "
        f"{time.monotonic() - started:.0f} s."
        "\n–: no call went through `handagent.llm.client()`, so the meter counted none."
    )
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
