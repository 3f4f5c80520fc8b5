"""`python -m handagent.mock`: serves the genuine SDK until Ctrl-C or SIGTERM, then says so.

Each test starts the command in its own process on a port it picks itself (`--port 0`, named in
its first line), or on a port an in-process mock already holds, and decides by events only: the
line it prints, the reply it sends, its exit. The ceilings (CEILING seconds) are for a machine
that is stuck, never the time the work takes.
"""

import signal
import socket
import subprocess
import sys

import pytest
from builders import sdk_client

CEILING = 60
MOCK = [sys.executable, "-m", "handagent.mock", "--port", "0"]
# As a shell starts a background job (`python -m handagent.mock &`): SIGINT ignored, inherited.
SIGINT_IGNORED = [
    sys.executable, "-c",
    "import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_IGN); "
    f"os.execv(sys.executable, {MOCK!r})",
]  # fmt: skip
WEATHER = {
    "name": "get_weather",
    "description": "The weather in a city.",
    "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}},
}


def start(command: list[str]) -> tuple[subprocess.Popen, str]:
    """The mock's process and the base URL from its first line."""
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    first = process.stdout.readline()  # the process prints it once it serves, or dies (EOF)
    if not first.startswith("listening on http://"):
        process.kill()
        pytest.fail(f"the mock did not start: {first!r} {process.communicate()[1]}")
    return process, first.removeprefix("listening on ").strip()


@pytest.mark.parametrize("command", [MOCK, SIGINT_IGNORED], ids=["plain", "sigint-ignored"])
@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM], ids=["sigint", "sigterm"])
def test_the_command_line_serves_until_stopped_and_says_by_what(command, stop):
    process, base_url = start(command)
    try:
        client = sdk_client(base_url, "k", timeout=CEILING)
        reply = client.messages.create(
            model="claude-sonnet-5",
            max_tokens=100,
            tools=[WEATHER],
            messages=[{"role": "user", "content": "What is the weather in Paris?"}],
        )
        assert reply.type == "message"
        client.close()
        process.send_signal(stop)
        out, err = process.communicate(timeout=CEILING)
    finally:
        process.kill()
    assert process.returncode == 0, err
    assert (out, err) == (f"stopped by {stop.name}\n", "")


def test_the_first_line_names_the_port_it_picked():
    process, base_url = start(MOCK)
    try:
        port = int(base_url.rsplit(":", 1)[1])
        assert base_url == f"http://127.0.0.1:{port}" and port > 0
    finally:
        process.terminate()
        process.communicate(timeout=CEILING)


def test_a_second_signal_while_stopping_does_not_turn_into_a_traceback():
    process, _ = start(MOCK)
    try:
        process.send_signal(signal.SIGTERM)
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=CEILING)
    finally:
        process.kill()
    assert process.returncode == 0 and "Traceback" not in err
    assert out.startswith("stopped by SIG")


def test_the_command_line_explains_a_busy_port(mock_server):
    port = mock_server.base_url.rsplit(":", 1)[1]
    command = [sys.executable, "-m", "handagent.mock", "--port", port]
    finished = subprocess.run(command, capture_output=True, text=True, timeout=CEILING)
    assert finished.returncode == 1
    assert finished.stderr.startswith(f"cannot listen on 127.0.0.1:{port}: ")


def test_an_address_beyond_this_machine_needs_expose(capsys):
    from handagent.mock.__main__ import main

    with pytest.raises(SystemExit) as stopped:
        main(["--host", "0.0.0.0", "--port", "0"])
    assert stopped.value.code == 2
    assert "add --expose if you mean it" in capsys.readouterr().err


@pytest.mark.skipif(not socket.has_ipv6, reason="this Python has no IPv6")
def test_the_ipv6_loopback_is_local_and_serves():
    try:  # a machine whose loopback has no ::1 (IPv6 turned off) cannot bind it at all
        socket.create_server(("::1", 0), family=socket.AF_INET6).close()
    except OSError:
        pytest.skip("this machine's loopback has no ::1")
    process, base_url = start([*MOCK, "--host", "::1"])
    try:
        assert base_url.startswith("http://[::1]:")
        models = sdk_client(base_url, "k").models.list()
        assert models.data
    finally:
        process.terminate()
        process.communicate(timeout=CEILING)
