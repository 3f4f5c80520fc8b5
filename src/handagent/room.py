"""What a request to a room or a mock carries beyond the API's own headers, and why.

The key a request to the mock carries (`MOCK_KEY`: not secret, so a test can tell it from a
real key in any output). A room (one mock a workshop shares) and the replaying mock read two
headers the real API never sees: the notebook a request comes from (`x-handagent-notebook`,
from JupyterLab's JPY_SESSION_NAME), and `x-replay: mock`, sent inside `with mock_instead():`,
which lets the mock answer a request the cassettes do not hold. Both sides, the client in
`handagent.llm` and the server in `handagent.mock`, take the names from here, so the server
needs nothing of the SDK.

Not here: which requests carry them (`handagent.llm.room_headers`: none to Anthropic's host).
"""

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

MOCK_KEY = "mock-key-not-secret"  # the mock accepts any key but `bad-...`; a real one never goes
NOTEBOOK_HEADER = "x-handagent-notebook"  # "03_feeding_results_back.ipynb", "zh-CN/03_...ipynb"
REPLAY_HEADER = "x-replay"  # "mock": a request no cassette holds is answered by the mock
_MOCK_INSTEAD = {"open": 0}  # `mock_instead()` blocks open in this process


@contextmanager
def mock_instead() -> Iterator[None]:
    """Requests the cassettes do not hold are answered by the mock meanwhile (replay or a room).

    Example: with mock_instead(): reply = call_model([user("something new")])
    """
    _MOCK_INSTEAD["open"] += 1
    try:
        yield
    finally:
        _MOCK_INSTEAD["open"] -= 1


def mock_instead_open() -> bool:
    return _MOCK_INSTEAD["open"] > 0


def notebook_name(session: str | None = None) -> str | None:
    """The notebook this kernel runs, as a room names it (JupyterLab sets JPY_SESSION_NAME).

    Example: "/home/ada/notebooks/zh-CN/03_x.ipynb" -> "zh-CN/03_x.ipynb"; "notebooks/03_x.ipynb"
    -> "03_x.ipynb"; outside JupyterLab -> None
    """
    path = Path(session if session is not None else os.environ.get("JPY_SESSION_NAME", ""))
    if path.suffix != ".ipynb" or not path.name.isascii():
        return None
    return f"{path.parent.name}/{path.name}" if path.parent.name == "zh-CN" else path.name
