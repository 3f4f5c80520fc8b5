"""What each chapter, and the whole series, would cost on the real API, from the mock's usage.

    .venv/bin/python benchmarks/series_cost.py [--model claude-haiku-4-5 ...]

Runs every notebook in a fresh kernel against the mock provider, once per model (the model is
set with HANDAGENT_MODEL, as a learner would), and reads the kernel's meter at the end
(`handagent.cost`): every call made through `handagent.llm.client()`, with the tokens the mock
reported. The notebooks are executed in memory; the committed files are never written.

The mock counts tokens the way the real API bills them (the hidden tool-use prompt included),
but its replies are terser than a real model's, so real output tokens, and the price, come out
higher: read the table as an order of magnitude. Prints a Markdown table; exits 1 if a notebook
fails to run.
"""

import argparse
import json
import os
import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

from handagent.config import DEFAULT_MODEL
from handagent.cost import PRICES_AS_OF, Call, price

ROOT = Path(__file__).parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
MODELS = [DEFAULT_MODEL, "claude-haiku-4-5", "claude-opus-4-8"]
READ_METER = """import json as _json
from handagent.cost import METER as _METER
print(_json.dumps([[c.model, c.input_tokens, c.output_tokens] for c in _METER.calls]))"""


def calls_of(path: Path, model: str) -> list[Call]:
    """Run one notebook with the mock provider and this model; every call its kernel counted."""
    notebook = nbformat.read(path, as_version=4)
    notebook.cells.append(nbformat.v4.new_code_cell(READ_METER))
    os.environ.update(HANDAGENT_PROVIDER="mock", HANDAGENT_MODEL=model)  # the kernel inherits
    client = NotebookClient(notebook, timeout=300, resources={"metadata": {"path": path.parent}})
    client.execute()
    printed = "".join(out.get("text", "") for out in notebook.cells[-1].outputs)
    return [Call(*row) for row in json.loads(printed)]


def dollars(calls: list[Call]) -> float:
    return sum(price(c.model).of(c.input_tokens, c.output_tokens) for c in calls)


def table(runs: dict[str, dict[str, list[Call]]], models: list[str]) -> str:
    """The Markdown table: calls and tokens of the first model, then the price for each model."""
    first = models[0]
    head = ["chapter", "calls", "tokens in", "tokens out"] + [f"`{m}`" for m in models]
    rows = [head, ["---"] + ["---:"] * (len(head) - 1)]
    names = list(runs[first])
    for name in names + ["whole series"]:
        picked = names if name == "whole series" else [name]
        calls = [call for n in picked for call in runs[first][n]]
        cells = [name.removesuffix(".ipynb") if name in names else f"**{name}**", len(calls)]
        cells += [
            f"{sum(c.input_tokens for c in calls):,}",
            f"{sum(c.output_tokens for c in calls):,}",
        ]
        for model in models:
            priced = [c for n in picked for c in runs[model][n]]
            cells.append(f"${dollars(priced):.4f}" if priced else "–")
        rows.append([str(cell) for cell in cells])
    return "\n".join("| " + " | ".join(row) + " |" for row in rows)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", action="append", help=f"repeatable; default: {MODELS}")
    models = parser.parse_args().model or MODELS
    unpriced = [m for m in models if price(m) is None]
    if unpriced:
        sys.exit(f"No price on file for {unpriced}: add them to handagent.cost.PRICES.")
    started, runs = time.monotonic(), {}
    for model in models:
        runs[model] = {}
        for path in NOTEBOOKS:
            try:
                runs[model][path.name] = calls_of(path, model)
            except Exception as error:  # a notebook that fails has no total to report
                print(f"{path.name} failed with {model}: {type(error).__name__}", file=sys.stderr)
                return 1
    print(table(runs, models))
    print(
        f"\nList prices of {PRICES_AS_OF}; tokens as the mock reports them for `{models[0]}`; "
        f"{len(models) * len(NOTEBOOKS)} notebook runs in {time.monotonic() - started:.0f} s."
        "\n–: no call went through `handagent.llm.client()`, so the meter counted none."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
