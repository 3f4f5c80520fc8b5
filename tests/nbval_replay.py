"""pytest plugin for `make replay`: nbval runs notebooks under HANDAGENT_PROVIDER=replay, each
notebook's kernel answering from its own cassette, and the provider line is the one output
allowed to differ from the stored (mock) outputs.

    HANDAGENT_PROVIDER=replay python -m pytest -p tests.nbval_replay --nbval \
        --nbval-sanitize-with notebooks/sanitize.cfg notebooks/03_feeding_results_back.ipynb

nbval starts a notebook's kernel when its first cell is set up, with this process's environment
(--nbval-current-env), so HANDAGENT_CASSETTES is set just before, to the notebook's cassette
(`handagent.mock.http.cassettes.cassette_path`: notebooks/03_x.ipynb -> cassettes/03_x.json,
`cassettes/` beside `notebooks/`). A request the notebook no longer makes as recorded is then
refused, naming the first difference from its own cassette: the cell fails, and so does the
stage. A notebook without a cassette fails at its first request ("no cassette at ...").

nbval takes one sanitize file; this plugin gives it a copy of the one named plus the rule for the
first cell's provider lines (mock when stored, replay now: the output holds nothing else).
"""

import os
import tempfile
from pathlib import Path

import pytest

from handagent.mock.http.cassettes import cassette_path

PROVIDER_LINE = r"""
[the provider line: replay and mock]
regex: (Provider|服务商)[:：] ?(mock|replay) [\s\S]*
replace: PROVIDER-LINE
"""


def pytest_configure(config) -> None:
    given = config.option.nbval_sanitize_with
    rules = Path(given).read_text(encoding="utf-8") if given else ""
    handle, path = tempfile.mkstemp(prefix="nbval-replay-", suffix=".cfg")
    with os.fdopen(handle, "w", encoding="utf-8") as out:
        out.write(rules + PROVIDER_LINE)
    config.option.nbval_sanitize_with = path
    config.add_cleanup(lambda: os.unlink(path))


def cassette_of(notebook: Path) -> Path:
    """Example: /r/notebooks/zh-CN/03_x.ipynb -> /r/cassettes/zh-CN/03_x.json"""
    root = Path(*notebook.parts[: notebook.parts.index("notebooks")])
    return cassette_path(notebook, root / "cassettes")


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item) -> None:
    notebook = Path(str(item.path)).resolve()
    if notebook.suffix == ".ipynb":
        os.environ["HANDAGENT_CASSETTES"] = str(cassette_of(notebook))
