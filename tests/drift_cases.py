"""pytest plugin for `make drift`: the cases the API rules' tests put to `check_request`, kept
as data for the drift check's corpus (`handagent.record.drift.probes.cases`).

    python -m pytest -p tests.drift_cases --drift-cases build/drift/cases.json tests/api

`make test`'s unit stage loads it over the whole suite (on xdist workers, each sending what it kept
to the controller, which writes the file): only the calls made while a test of tests/api runs are
kept, so the file is the one `make drift` collects, and tests/api runs once.

Every call a test makes to `handagent.api.checks.check_request` (directly, or through
`builders.rejected`) is kept with the test's id, the request (body, count_tokens, version, beta
values) and what the check said: null for a request it accepts, else the refusal's status, type
and message. Left out: a body that JSON cannot hold (NaN, a set, an SDK object), a body over
`MAX_BODY_BYTES` (the prompt-too-long cases are 6 MB each: sent to the API they would bill a
million tokens wherever its window is larger than the catalogue says), and a call that raised
anything but a `Rejection` (a programmer's mistake: no request to send).

The function is wrapped when pytest imports this plugin, before conftest.py and the test modules
import it by name; the checks themselves are unchanged.
"""

import inspect
import json
from pathlib import Path

import pytest

from handagent.api import checks

CHECK = checks.check_request
SIGNATURE = inspect.signature(CHECK)
MAX_BODY_BYTES = 100_000
KEPT: list[dict] = []
RUNNING = {"test": ""}
RULES_TESTS = "tests/api/"


def _keep(arguments: dict, said: dict | None) -> None:
    if not RUNNING["test"].startswith(RULES_TESTS):  # the mock's own tests call it too, by the
        return  # thousand
    try:
        text = json.dumps(arguments["body"], allow_nan=False)
    except (TypeError, ValueError):
        return
    if len(text) > MAX_BODY_BYTES:
        return
    body = json.loads(text)
    KEPT.append({"test": RUNNING["test"], "body": body, "count_tokens": arguments["count_tokens"],
                 "version": arguments["version"], "betas": sorted(arguments["betas"]),
                 "said": said})  # fmt: skip


def check_request(*args, **kwargs):
    """`checks.check_request`, keeping the request and what it said."""
    bound = SIGNATURE.bind(*args, **kwargs)
    bound.apply_defaults()
    try:
        result = CHECK(*args, **kwargs)
    except checks.Rejection as refusal:
        _keep(bound.arguments, {"status": refusal.status, "type": refusal.error_type,
                                "message": refusal.message})  # fmt: skip
        raise
    _keep(bound.arguments, None)
    return result


checks.check_request = check_request


def pytest_addoption(parser) -> None:
    parser.addoption("--drift-cases", help="write the requests check_request saw here (JSON)")


def pytest_runtest_setup(item) -> None:
    RUNNING["test"] = item.nodeid


def pytest_sessionfinish(session) -> None:
    path = session.config.getoption("--drift-cases")
    if not path:
        return
    if hasattr(session.config, "workerinput"):  # an xdist worker: the controller writes
        session.config.workeroutput["drift_cases"] = json.dumps(KEPT, ensure_ascii=False)
        return
    KEPT.sort(key=lambda case: case["test"])  # stable: a test's own cases stay in their order
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    Path(path).write_text(json.dumps(KEPT, ensure_ascii=False) + "\n", encoding="utf-8")


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error) -> None:
    """On the controller, as each xdist worker ends: what it kept."""
    KEPT.extend(json.loads(getattr(node, "workeroutput", {}).get("drift_cases", "[]")))
