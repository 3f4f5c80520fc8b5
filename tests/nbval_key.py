"""pytest plugin: the chapters run as a learner's with a key, against a mock (`make nbval-opus`
runs English 06 on so; `make nbval-key` runs them so alone).

    python -m pytest -p tests.nbval_secrets -p tests.nbval_key --nbval-lax ... notebooks/09_x.ipynb

Before any kernel starts, a mock is started in this process and the kernels (which inherit this
process's environment: --nbval-current-env) get provider `anthropic`, ANTHROPIC_BASE_URL at that
mock, and a key: the sentinel of `tests.nbval_secrets` when that plugin runs too (so a cell that
shows the key sent to the provider fails), else the mock's; never a key from the environment.
Every request a chapter sends to the provider the settings name then takes the path it takes
with a real key: `client()`, `endpoint()` and `configured()` with a key and a base URL, the
catalogue left to the endpoint. The outputs name another provider and another port, so
nbval-lax compares none; a cell that raises fails.

Left out: the real API (no key reaches this machine), cells that start a mock of their own.
"""

import os
import sys

from handagent.mock import MockServer
from handagent.room import MOCK_KEY

_MOCK: list[MockServer] = []  # this process's provider, when it runs kernels


def pytest_configure(config) -> None:
    controller = getattr(config.option, "numprocesses", None) and not hasattr(config, "workerinput")
    if controller:  # with xdist the workers run the kernels, each with a mock of its own
        return
    _MOCK.append(MockServer().start())
    os.environ.update(HANDAGENT_PROVIDER="anthropic", ANTHROPIC_BASE_URL=_MOCK[0].base_url)
    planted = sys.modules.get("tests.nbval_secrets")
    os.environ["ANTHROPIC_API_KEY"] = planted.KEY if planted else MOCK_KEY


def pytest_unconfigure(config) -> None:
    while _MOCK:
        _MOCK.pop().stop()
