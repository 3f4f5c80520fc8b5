"""SDK round trip against the mock provider, next to a bare stdlib HTTP server, in one run.

    .venv/bin/python benchmarks/mock_latency.py [--requests 300] [--clients 32] [--seconds 10]

Both servers run in their own process, as a workshop's shared mock would, each on a port the OS
picks and names in its first line, and the same SDK client code measures both. The bare server
answers every POST with one fixed, valid Messages reply: the floor for "an HTTP server in Python
answering this SDK". Then a room of `--clients` concurrent clients uses the mock for
`--seconds`: every request must succeed.
Targets: mock median within 2x of the bare server's; 0 errors under load.
"""

import argparse
import json
import statistics
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import anthropic

REQUEST = {
    "model": "claude-sonnet-5",
    "max_tokens": 200,
    "messages": [{"role": "user", "content": "What is 1234 + 5678?"}],
    "tools": [
        {
            "name": "add",
            "description": "Add two numbers. Use it for any addition.",
            "input_schema": {
                "type": "object",
                "properties": {"a": {"type": "number"}, "b": {"type": "number"}},
                "required": ["a", "b"],
            },
        }
    ],
}
FIXED_REPLY = json.dumps(
    {
        "id": "msg_01bare",
        "type": "message",
        "role": "assistant",
        "model": "claude-sonnet-5",
        "content": [
            {
                "type": "tool_use",
                "id": "toolu_01bare",
                "name": "add",
                "input": {"a": 1234, "b": 5678},
            }
        ],
        "stop_reason": "tool_use",
        "stop_sequence": None,
        "usage": {"input_tokens": 400, "output_tokens": 20},
    }
).encode()


class BareHandler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True  # headers and body leave at once, no 40 ms ACK wait

    def log_message(self, *args: object) -> None:
        pass

    def do_POST(self) -> None:  # noqa: N802
        self.rfile.read(int(self.headers.get("content-length") or 0))
        self.send_response(200)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(FIXED_REPLY)))
        self.send_header("request-id", "req_bare")
        self.end_headers()
        self.wfile.write(FIXED_REPLY)


def start(command: list[str]) -> tuple[subprocess.Popen, str]:
    """Start a server that binds a port of the OS's choosing; return it and the URL it names."""
    # No free port probed here and bound later: another process could take it in between.
    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    line = process.stdout.readline().strip()  # "listening on http://127.0.0.1:PORT"
    if not line.startswith("listening on "):
        process.kill()
        raise SystemExit(f"server did not start: {line!r}")
    return process, line.removeprefix("listening on ")


def round_trips(base_url: str, count: int) -> list[float]:
    client = anthropic.Anthropic(base_url=base_url, api_key="bench", max_retries=0)
    client.messages.create(**REQUEST)  # warm the connection
    times = []
    for _ in range(count):
        started = time.perf_counter()
        client.messages.create(**REQUEST)
        times.append(time.perf_counter() - started)
    return times


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def load(
    base_url: str, clients: int, seconds: float, per_client: int | None = None
) -> tuple[int, int, list[float]]:
    """`clients` at once, each sending requests for `seconds` or until it has sent `per_client`.

    Example: (url, 32, 10.0) -> (3283, 0, [0.012, ...]): requests ok, errors, each one's seconds
    """
    done, errors, latencies, lock = [0], [0], [], threading.Lock()
    deadline = time.monotonic() + seconds

    def worker(number: int) -> None:
        client = anthropic.Anthropic(base_url=base_url, api_key="bench", max_retries=0)
        request = {**REQUEST, "messages": [{"role": "user", "content": f"What is {number} + 1?"}]}
        sent = 0
        while time.monotonic() < deadline and sent != per_client:
            sent += 1
            started = time.perf_counter()
            try:
                client.messages.create(**request)
                ok = True
            except anthropic.APIError:
                ok = False
            with lock:
                latencies.append(time.perf_counter() - started)
                done[0] += ok
                errors[0] += not ok

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return done[0], errors[0], latencies


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=300)
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--serve-bare", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve_bare:
        server = ThreadingHTTPServer(("127.0.0.1", 0), BareHandler)  # port 0: the OS picks one
        print(f"listening on http://127.0.0.1:{server.server_address[1]}", flush=True)
        server.serve_forever()
    mock, mock_url = start([sys.executable, "-m", "handagent.mock", "--port", "0"])
    bare, bare_url = start([sys.executable, __file__, "--serve-bare"])
    try:
        mock_times = round_trips(mock_url, args.requests)
        bare_times = round_trips(bare_url, args.requests)
        done, errors, latencies = load(mock_url, args.clients, args.seconds)
    finally:
        for process in (mock, bare):
            process.terminate()
            process.wait()
    ms = 1000
    ratio = statistics.median(mock_times) / statistics.median(bare_times)
    print(f"SDK round trip, {args.requests} sequential requests each (ms):")
    for name, times in (("mock", mock_times), ("bare stdlib server", bare_times)):
        median, p99 = statistics.median(times) * ms, percentile(times, 0.99) * ms
        print(f"  {name:20} median {median:6.2f}   p99 {p99:6.2f}")
    print(f"  ratio mock / bare (median): {ratio:.2f}x   target <= 2.00x")
    print(f"load: {args.clients} concurrent clients for {args.seconds:g} s against one mock:")
    print(
        f"  {done} requests ok, {errors} errors, {done / args.seconds:.0f} req/s, "
        f"p99 latency {percentile(latencies, 0.99) * ms:.1f} ms   target: 0 errors"
    )
    return 0 if ratio <= 2.0 and errors == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
