"""Load: a workshop room of 32 clients on one shared mock, and a body over the 32 MB limit.

The mock runs in its own process (`python -m handagent.mock --port 0`, which names its port), as
a room's shared mock would, and the room is `benchmarks/mock_latency.py`'s own `load` (the
benchmark runs it for 10 s; here each client sends 10 requests, which keeps `make test` short).
Its numbers are printed (pytest -s) and recorded in benchmarks/README.md. Each test is decided by
counts (requests answered, bytes held, packets sent twice), never by how long anything took.
"""

import importlib.util
import socket
import struct
import sys
import threading
import time
from pathlib import Path

import pytest
from paths import ROOT

pytestmark = pytest.mark.timeout(90)

CLIENTS = 32
PER_CLIENT = 10
CEILING = 60.0  # seconds: every socket's timeout, for a stuck machine only
BENCHMARK = ROOT / "benchmarks" / "mock_latency.py"
_spec = importlib.util.spec_from_file_location("mock_latency", BENCHMARK)
bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench)


@pytest.fixture(scope="module")
def shared_mock():
    """A mock in its own process: (its process, its base URL)."""
    command = [sys.executable, "-m", "handagent.mock", "--port", "0"]
    process, base_url = bench.start(command)
    yield process, base_url
    process.terminate()
    process.wait()


@pytest.mark.filterwarnings("error::pytest.PytestUnhandledThreadExceptionWarning")
def test_a_room_of_32_clients_gets_every_request_answered(shared_mock):
    _, base_url = shared_mock
    bench.round_trips(base_url, 1)  # warm, as the benchmark does: the first menu imports jsonschema
    started = time.monotonic()
    done, errors, latencies = bench.load(base_url, CLIENTS, CEILING, per_client=PER_CLIENT)
    seconds = time.monotonic() - started  # printed, never checked
    p99 = bench.percentile(latencies, 0.99) * 1000
    print(
        f"\nload: {CLIENTS} clients, {PER_CLIENT} requests each, in {seconds:.1f} s: {done} ok, "
        f"{errors} errors, {done / seconds:.0f} req/s, p99 {p99:.1f} ms"
    )
    assert errors == 0
    assert done == len(latencies) == CLIENTS * PER_CLIENT  # every client got every answer


def peak_memory_kb(pid: int) -> int:
    """The process's peak resident memory (VmHWM), from /proc."""
    status = Path(f"/proc/{pid}/status").read_text()
    return int(next(line for line in status.splitlines() if line.startswith("VmHWM:")).split()[1])


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs Linux /proc")
def test_a_33_mb_body_is_refused_413_without_the_server_holding_it(shared_mock):
    process, base_url = shared_mock
    host, port = base_url.removeprefix("http://").split(":")
    size = 33 * 1024 * 1024
    before = peak_memory_kb(process.pid)
    head = (
        "POST /v1/messages HTTP/1.1\r\nHost: mock\r\nx-api-key: k\r\n"
        f"content-type: application/json\r\ncontent-length: {size}\r\n\r\n"
    ).encode()
    chunk, sent, answer = b"x" * (1024 * 1024), 0, b""
    with socket.create_connection((host, int(port)), timeout=CEILING) as connection:
        connection.sendall(head)
        try:
            while sent < size:  # the whole body, as a client that does not listen would send it
                connection.sendall(chunk)
                sent += len(chunk)
        except OSError:
            pass  # the server answered and closed: the rest of the body is refused
        try:
            while data := connection.recv(65536):
                answer += data
        except ConnectionResetError:
            pass  # a reset after the answer, for the bytes the server never read
    assert answer.startswith(b"HTTP/1.1 413 "), answer[:100]
    assert b'"type": "request_too_large"' in answer
    assert peak_memory_kb(process.pid) - before < 8 * 1024  # far less than the 33 MB sent


def retransmitted(connection: socket.socket) -> int:
    """How many segments this connection sent again, its SYN included (Linux's TCP_INFO).

    Example: a connection whose first SYN the server's full listen queue dropped -> 1
    """
    info = connection.getsockopt(socket.IPPROTO_TCP, socket.TCP_INFO, 104)
    return struct.unpack_from("I", info, 100)[0]  # struct tcp_info: tcpi_total_retrans


@pytest.mark.skipif(not hasattr(socket, "TCP_INFO"), reason="needs Linux's TCP_INFO")
@pytest.mark.filterwarnings("error::pytest.PytestUnhandledThreadExceptionWarning")
def test_a_burst_of_100_connections_waits_for_no_dropped_syn(shared_mock):
    # With http.server's default listen queue of 5, a burst overflows it: the kernel drops the
    # SYNs (or the handshake's last ACK) it has no room for, and each such client sends it again
    # 1 s later, then 3 s... The mock's queue holds a room: no client sends anything twice.
    _, base_url = shared_mock
    host, port = base_url.removeprefix("http://").split(":")
    resent: list[int] = []

    def knock() -> None:
        with socket.create_connection((host, int(port)), timeout=CEILING) as connection:
            connection.sendall(b"GET /v1/messages HTTP/1.1\r\nHost: mock\r\n\r\n")
            assert connection.recv(12) == b"HTTP/1.1 405"
            resent.append(retransmitted(connection))

    threads = [threading.Thread(target=knock) for _ in range(100)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert resent == [0] * 100
