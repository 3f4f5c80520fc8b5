"""Serve the mock provider until stopped: python -m handagent.mock --host 127.0.0.1 --port 8765

For a workshop room (everyone points ANTHROPIC_BASE_URL at one machine) or for `curl`. Ctrl-C
(SIGINT) and SIGTERM (what a container runtime or a service manager sends) both stop it cleanly,
whatever signal dispositions it inherited: a program started in the background by a shell
inherits SIGINT ignored, and Python's default for SIGTERM is to die without a word.
`--port 0` picks a free port; the first line printed names it.

Not handled here: running as a daemon, logging requests (the mock keeps its last 1000 requests).
"""

import argparse
import signal
import time

from .server import MockServer


class Stop(Exception):
    """A stop signal arrived; its name, e.g. SIGTERM."""


def _stop(signum: int, frame: object) -> None:
    for name in ("SIGINT", "SIGTERM"):  # a second signal while stopping does nothing
        # (not SIG_IGN: a signal already pending would raise "ignored due to race condition")
        signal.signal(getattr(signal, name), lambda *_: None)
    raise Stop(signal.Signals(signum).name)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m handagent.mock", description=__doc__)
    parser.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8765, help="port; 0 picks one (default 8765)")
    args = parser.parse_args(argv)
    try:
        server = MockServer(args.host, args.port)  # binds the port, serves nothing yet
    except OSError as error:
        parser.exit(1, f"cannot listen on {args.host}:{args.port}: {error.strerror}\n")
    for name in ("SIGINT", "SIGTERM"):
        signal.signal(getattr(signal, name), _stop)
    try:
        server.start()
        print(f"listening on {server.base_url}", flush=True)
        while True:
            time.sleep(3600)
    except Stop as stop:
        server.stop()
        print(f"stopped by {stop}", flush=True)


if __name__ == "__main__":
    main()
