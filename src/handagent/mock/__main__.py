"""Serve the mock provider until stopped: python -m handagent.mock --host 127.0.0.1 --port 8765

For a workshop room (everyone points ANTHROPIC_BASE_URL at one machine) or for `curl`. Ctrl-C
(SIGINT) and SIGTERM (what a container runtime or a service manager sends) both stop it cleanly
and it says which, whatever signal dispositions it inherited: a program started in the
background by a shell inherits SIGINT ignored, and Python's default for SIGTERM is to die
without a word.
`--port 0` picks a free port; the first line printed names it.

`--room` serves a workshop: each learner's key gets its own state, answers come from the
cassettes in `--cassettes` (default `cassettes/`, if there), and a request they do not hold is
answered by the mock, marked `x-replay: mock` (`--strict`: refused instead, naming the first
difference); the instructor's page is at /room (`http.room`), a learner shown as stuck after
`--stuck-after` seconds without progress since an error. The mock has no authentication, so
binding to any address but this machine's own (127.0.0.1, localhost, ::1) needs `--expose`, and
prints the README's warning: run it on the room's own network only, and stop it afterwards.

Not handled here: running as a daemon, logging requests (the mock keeps its last 1000 requests).
"""

import argparse
import gc
import signal
import time
from pathlib import Path

from .http.cassettes import load_cassettes
from .http.room import STUCK_AFTER_SECONDS, Room
from .http.server import MockServer

LOCAL = ("127.0.0.1", "localhost", "::1")
WARNING = (
    "warning: the mock has no authentication and anyone who can reach {host}:{port} can use it "
    "(and read /room): run it on the room's own network only, and stop it (Ctrl-C) afterwards."
)

STOPS = {signal.SIGINT, signal.SIGTERM}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m handagent.mock", description=__doc__)
    parser.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8765, help="port; 0 picks one (default 8765)")
    parser.add_argument("--room", action="store_true", help="a workshop: state per key, /room")
    parser.add_argument(
        "--cassettes",
        type=Path,
        default=Path("cassettes"),
        help="with --room: the cassettes to replay (default cassettes/, if there)",
    )
    parser.add_argument(
        "--strict",
        action="store_true",
        help="with --room: refuse a request the cassettes do not hold (a 400 naming the first "
        "difference) instead of the mock answering it",
    )
    parser.add_argument(
        "--stuck-after",
        type=float,
        default=STUCK_AFTER_SECONDS,
        metavar="SECONDS",
        help="with --room: a learner is stuck after this long without progress since an error "
        f"(default {STUCK_AFTER_SECONDS:g})",
    )
    parser.add_argument(
        "--mcp-trust",
        metavar="FILE",
        help="the certificate (PEM) of MCP servers on this machine that the MCP connector may "
        "call over https (python -m handagent.mcp --https ... --tls DIR writes DIR/cert.pem)",
    )
    parser.add_argument(
        "--expose",
        action="store_true",
        help="allow an address other than this machine's own (see the warning)",
    )
    args = parser.parse_args(argv)
    if args.host not in LOCAL and not args.expose:
        parser.exit(2, f"--host {args.host} reaches beyond this machine: add --expose if you "
                    "mean it (the mock has no authentication).\n")  # fmt: skip
    if args.host not in LOCAL:
        print(WARNING.format(host=args.host, port=args.port), flush=True)
    room = None
    if args.room:
        found = load_cassettes(args.cassettes) if args.cassettes.exists() else ()
        room = Room(found, fallback=not args.strict, stuck_after=args.stuck_after)
        misses = "refused (--strict)" if args.strict else "answered by the mock"
        print(f"room: {len(found)} cassettes replayed, requests they do not hold {misses}; the "
              "instructor's page is /room", flush=True)  # fmt: skip
    try:
        # binds the port, serves nothing yet
        server = MockServer(args.host, args.port, room=room, mcp_trust=args.mcp_trust)
    except OSError as error:
        parser.exit(1, f"cannot listen on {args.host}:{args.port}: {error.strerror}\n")
    # What the imports made lives as long as the server: no garbage collection needs to scan it
    # again (each full collection during a request walked all of it: ~5% of a request's CPU).
    gc.freeze()
    if not hasattr(signal, "sigwait"):  # Windows: Ctrl-C only, as KeyboardInterrupt
        _serve_until_interrupted(server)
        return
    for stop in STOPS:  # not SIG_IGN, inherited from a shell: an ignored signal is dropped
        signal.signal(stop, signal.SIG_DFL)
    # Blocked here, before the server's threads start, so they inherit the block: the signals
    # stay pending for sigwait below, whichever thread the kernel picks (a thread's Python
    # handler would leave the main thread asleep). A second one while stopping stays pending.
    signal.pthread_sigmask(signal.SIG_BLOCK, STOPS)
    server.start()  # the port listens from MockServer(): a client connecting now is queued
    print(f"listening on {server.base_url}", flush=True)
    received = signal.sigwait(STOPS)
    server.stop()
    print(f"stopped by {signal.Signals(received).name}", flush=True)


def _serve_until_interrupted(server: MockServer) -> None:
    server.start()
    print(f"listening on {server.base_url}", flush=True)
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        server.stop()
        print("stopped by SIGINT", flush=True)


if __name__ == "__main__":
    main()
