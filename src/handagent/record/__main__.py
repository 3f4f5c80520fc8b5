"""Record notebooks' traffic as cassettes: python -m handagent.record NOTEBOOK...

    python -m handagent.record notebooks/03_feeding_results_back.ipynb   # -> cassettes/03_....json
    make record NOTEBOOKS="notebooks/03_feeding_results_back.ipynb"

Each notebook runs whole in a fresh kernel that talks to a `RecordingProxy` (provider
`anthropic`, base_url the proxy, a placeholder key), and the proxy's exchanges become the
notebook's cassette, `cassettes/<the path under notebooks/>.json`. The upstream is the real API
(ANTHROPIC_BASE_URL, else api.anthropic.com) with ANTHROPIC_API_KEY; there, each notebook is
first run against the mock to print the cost meter's estimate, and the recorded cost follows.
Without a key, or with `--upstream mock`, the mock is the upstream: the cassette then replays
exactly what the mock says (how the tests prove record and replay without a key). The
notebook's own file is never written. Replay with HANDAGENT_PROVIDER=replay.

Not handled here: asking before spending (Ctrl-C stops it; the estimate comes first), cells
that wait for a person (widgets), notebooks outside notebooks/.
"""

import argparse
import datetime
import os
import sys
import tempfile
from pathlib import Path

import nbformat
from dotenv import find_dotenv, load_dotenv
from jupyter_client.manager import KernelManager
from nbclient import NotebookClient

from ..cost import Call, call_from_usage, dollars
from ..mock import MockServer
from ..mock.http import cassettes
from .proxy import PLACEHOLDER_KEY, RecordingProxy

API = "https://api.anthropic.com"
CHAT = "/v1/chat/completions"
PRICED = ("/v1/messages", CHAT)  # count_tokens and the models route are free


def run_through(notebook: Path, upstream: str, key: str | None) -> list[dict]:
    """Run a notebook whole against `upstream` through a recording proxy; its exchanges."""
    with RecordingProxy(upstream, key) as proxy:
        saved = {name: os.environ.get(name) for name in ("HANDAGENT_PROVIDER",
                 "ANTHROPIC_BASE_URL", "ANTHROPIC_API_KEY")}  # fmt: skip
        os.environ.update(HANDAGENT_PROVIDER="anthropic", ANTHROPIC_BASE_URL=proxy.base_url,
                          ANTHROPIC_API_KEY=PLACEHOLDER_KEY)  # fmt: skip
        try:
            book = nbformat.read(notebook, as_version=4)
            with tempfile.TemporaryDirectory(prefix="record-kernel-") as folder:
                manager = KernelManager(transport="ipc", ip=str(Path(folder) / "kernel"))
                NotebookClient(
                    book, km=manager, timeout=600, allow_errors=True,
                    resources={"metadata": {"path": str(notebook.parent)}},
                ).execute()  # fmt: skip
        finally:
            for name, value in saved.items():
                os.environ.pop(name, None) if value is None else os.environ.update({name: value})
    return proxy.exchanges


def calls_billed(exchanges: list[dict]) -> list[Call]:
    """The calls a provider bills for these exchanges: each Messages reply (a stream's usage
    merged) and each OpenAI Chat reply (not streamed: the series streams none).

    Example: [a 200 from /v1/messages with usage {"input_tokens": 9, "output_tokens": 3}, a 400]
        -> [Call("claude-haiku-5-5", 9, 3)]
    """
    calls = []
    for exchange in exchanges:
        request, response = exchange["request"], exchange["response"]
        if request["path"] not in PRICED or response["status"] != 200:
            continue
        model, usage = (request.get("body") or {}).get("model", ""), cassettes.reply_usage(response)
        if request["path"] == CHAT:  # {"usage": {"prompt_tokens": 9, "completion_tokens": 3}}
            calls.append(
                Call(model, usage.get("prompt_tokens") or 0, usage.get("completion_tokens") or 0)
            )
            continue
        calls.append(call_from_usage(model, usage))
    return calls


def cost(exchanges: list[dict]) -> float:
    """What the replies of a cassette cost at list prices (`calls_billed`)."""
    return sum(dollars(call) or 0 for call in calls_billed(exchanges))


def run(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m handagent.record",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("notebooks", nargs="+", type=Path, help="the notebooks to record")
    parser.add_argument("--upstream", help="mock, or an API's host root (default: the real API)")
    parser.add_argument("--out", type=Path, default=cassettes.CASSETTES, help="default cassettes/")
    args = parser.parse_args(argv)
    load_dotenv(find_dotenv(usecwd=True))
    key = os.environ.get("ANTHROPIC_API_KEY") or None
    upstream = args.upstream or (os.environ.get("ANTHROPIC_BASE_URL") or API if key else "mock")
    if upstream != "mock" and not key:
        parser.exit(1, f"recording from {upstream} needs ANTHROPIC_API_KEY; or --upstream mock\n")
    with MockServer() as mock:
        for notebook in args.notebooks:
            if upstream != "mock":
                estimate = cost(run_through(notebook, mock.base_url, None))
                print(f"{notebook}: the mock run's estimate ${estimate:.4f}", flush=True)
            where = mock.base_url if upstream == "mock" else upstream
            exchanges = run_through(notebook, where, key if upstream != "mock" else None)
            path = cassettes.cassette_path(notebook, args.out)
            day = datetime.date.today().isoformat()
            cassettes.save_cassette(path, notebook.as_posix(), upstream, day, exchanges)
            print(f"{notebook}: {len(exchanges)} exchanges -> {path} "
                  f"(${cost(exchanges):.4f} at list prices)", flush=True)  # fmt: skip


if __name__ == "__main__":
    sys.exit(run())
