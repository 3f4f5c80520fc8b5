"""Serve the mock provider until interrupted: python -m handagent.mock --host 127.0.0.1 --port 8765

For a workshop room (everyone points ANTHROPIC_BASE_URL at one machine) or for `curl`.
"""

import argparse
import time

from .server import MockServer


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m handagent.mock", description=__doc__)
    parser.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8765, help="port to listen on (default 8765)")
    args = parser.parse_args(argv)
    try:
        server = MockServer(args.host, args.port).start()
    except OSError as error:
        parser.exit(1, f"cannot listen on {args.host}:{args.port}: {error.strerror}\n")
    print(f"listening on {server.base_url}", flush=True)
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        server.stop()
        print("stopped")


if __name__ == "__main__":
    main()
