"""SDK round trip against the mock provider, and against a room replaying cassettes, next to a
bare stdlib HTTP server, in one run.

    .venv/bin/python benchmarks/mock_latency.py [--requests 300] [--clients 32] [--seconds 10]
                                                [--vary]

Each server runs in its own process, as a workshop's shared mock would, each on a port the OS
picks and names in its first line, and the same SDK client code measures all three. The bare
server answers every POST with one fixed, valid Messages reply: the floor for "an HTTP server in
Python answering this SDK". The mock answers the benchmark's tools request with its model; the
room (`python -m handagent.mock --room`) answers chapter 02's first request from its cassette.
With `--vary` the mock and the bare server get a new question in every request, so that nothing
the mock keeps from an earlier request helps (a tool loop and a room's learners send the same
question again; a learner's next question is new).
The legs take turns request by request (mock, room, bare, then the next round), so a machine
whose load changes mid-run slows each leg alike; each server's CPU time per request (from
/proc) is printed beside its latencies, a figure the machine's load barely moves. Then a
room of `--clients` concurrent clients uses the mock for `--seconds`: every request must
succeed. The machine's load average is printed with the results.
Targets: mock median and room median each within 1.5x of the bare server's; 0 errors under load.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import anthropic

TARGET = 1.5  # the mock's median, and the room's, over the bare server's
CASSETTES = Path(__file__).resolve().parent.parent / "cassettes"
REPLAYED = CASSETTES / "02_tool_use.json"  # the room answers its first request from it

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
    while line.startswith("room: "):  # a room names its cassettes first
        line = process.stdout.readline().strip()
    if not line.startswith("listening on "):
        process.kill()
        raise SystemExit(f"server did not start: {line!r}")
    return process, line.removeprefix("listening on ")


def round_trips(base_url: str, count: int, request: dict = REQUEST) -> list[float]:
    return interleaved({"one": (base_url, request)}, count)["one"]


def asking(number: int) -> dict:
    """The benchmark's request with a question of its own (`--vary`): nothing the mock keeps
    from an earlier request helps. Example: 7 -> a request asking "What is 7 + 5678?"."""
    return {**REQUEST, "messages": [{"role": "user", "content": f"What is {number} + 5678?"}]}


def interleaved(legs: dict[str, tuple[str, object]], count: int) -> dict[str, list[float]]:
    """Each leg's round trips, in seconds: `count` rounds of one request to each leg in turn; a
    leg's request is a dict, or a function of the round's number that makes one.

    Example: {"mock": (url, REQUEST), "bare": (url, REQUEST)}, 300 -> {"mock": [0.0021, ...],
    "bare": [0.0014, ...]}
    """
    clients = {name: anthropic.Anthropic(base_url=url, api_key="bench", max_retries=0)
               for name, (url, _) in legs.items()}  # fmt: skip
    times: dict[str, list[float]] = {name: [] for name in legs}
    for name, (_, request) in legs.items():  # warm the connection
        clients[name].messages.create(**(request(-1) if callable(request) else request))
    for number in range(count):
        for name, (_, request) in legs.items():
            sent = request(number) if callable(request) else request
            started = time.perf_counter()
            clients[name].messages.create(**sent)
            times[name].append(time.perf_counter() - started)
    return times


def cpu_seconds(process: subprocess.Popen) -> float:
    """The CPU time a server process has used (user + system), from /proc; 0 where there is
    none. Example: a mock after 300 requests -> 0.31"""
    try:
        fields = Path(f"/proc/{process.pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime, stime


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
    parser.add_argument(
        "--vary",
        action="store_true",
        help="a new question in every request to the mock and the bare server",
    )
    parser.add_argument("--serve-bare", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve_bare:
        server = ThreadingHTTPServer(("127.0.0.1", 0), BareHandler)  # port 0: the OS picks one
        print(f"listening on http://127.0.0.1:{server.server_address[1]}", flush=True)
        server.serve_forever()
    replayed = json.loads(REPLAYED.read_text())["exchanges"][0]["request"]["body"]
    load_before = os.getloadavg()[0]
    mock, mock_url = start([sys.executable, "-m", "handagent.mock", "--port", "0"])
    room, room_url = start([sys.executable, "-m", "handagent.mock", "--port", "0", "--room",
                            "--cassettes", str(CASSETTES)])  # fmt: skip
    bare, bare_url = start([sys.executable, __file__, "--serve-bare"])
    servers = {"mock": mock, "room replay": room, "bare stdlib server": bare}
    asked = asking if args.vary else REQUEST
    legs = {"mock": (mock_url, asked), "room replay": (room_url, replayed),
            "bare stdlib server": (bare_url, asked)}  # fmt: skip
    try:
        interleaved(legs, 1)  # warm: the mock's first tools menu imports jsonschema
        cpu = {name: cpu_seconds(process) for name, process in servers.items()}
        times = interleaved(legs, args.requests)
        cpu = {name: cpu_seconds(process) - cpu[name] for name, process in servers.items()}
        done, errors, latencies = load(mock_url, args.clients, args.seconds)
    finally:
        for process in (mock, room, bare):
            process.terminate()
            process.wait()
    ms, floor = 1000, statistics.median(times["bare stdlib server"])
    ratios = {name: statistics.median(times[name]) / floor for name in ("mock", "room replay")}
    print(f"SDK round trip, {args.requests} requests to each server, taking turns (ms):")
    for name, found in times.items():
        median, p99 = statistics.median(found) * ms, percentile(found, 0.99) * ms
        spent = cpu[name] / (args.requests + 1) * ms  # and one request to warm the connection
        print(f"  {name:20} median {median:6.2f}   p99 {p99:6.2f}   server CPU {spent:5.2f}")
    for name, ratio in ratios.items():
        print(f"  ratio {name} / bare (median): {ratio:.2f}x   target <= {TARGET:.2f}x")
    print(f"load: {args.clients} concurrent clients for {args.seconds:g} s against one mock:")
    print(
        f"  {done} requests ok, {errors} errors, {done / args.seconds:.0f} req/s, "
        f"p99 latency {percentile(latencies, 0.99) * ms:.1f} ms   target: 0 errors"
    )
    print(f"machine: {os.cpu_count()} CPUs, load average {load_before:.1f} before the run, "
          f"{os.getloadavg()[0]:.1f} after")  # fmt: skip
    return 0 if max(ratios.values()) <= TARGET and errors == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
