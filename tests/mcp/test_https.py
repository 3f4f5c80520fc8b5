"""Tests for handagent.mcp.https: the series' tools over Streamable HTTP with TLS, reached by a
client that trusts the certificate, refused by one that does not; and `python -m handagent.mcp
--https`, which prints its URL first."""

import ssl
import subprocess
import sys

import anyio
import httpx2
import pytest
from mcp import Client
from mcp.client.streamable_http import streamable_http_client

from handagent.mcp.https import local_certificate, serving
from handagent.mcp.series import series_tools


async def _tools(url: str, trust: str | None) -> list[str]:
    verify = ssl.create_default_context(cafile=trust) if trust else True
    async with httpx2.AsyncClient(verify=verify) as http:
        async with Client(streamable_http_client(url, http_client=http)) as client:
            return [tool.name for tool in (await client.list_tools()).tools]


def test_the_certificate_is_made_once_for_the_loopback_names(tmp_path):
    first = local_certificate(tmp_path)
    made = first.cert.read_bytes()
    assert local_certificate(tmp_path) == first and first.cert.read_bytes() == made
    assert oct(first.key.stat().st_mode & 0o777) == "0o600"
    context = ssl.create_default_context(cafile=str(first.cert))  # a PEM a client can load
    assert context.cert_store_stats()["x509_ca"] == 1


def test_a_client_that_trusts_the_certificate_lists_the_tools(tmp_path):
    certificate = local_certificate(tmp_path)
    with serving(series_tools(), certificate) as url:
        assert url.startswith("https://127.0.0.1:") and url.endswith("/mcp")
        names = anyio.run(_tools, url, str(certificate.cert))
    assert names == ["get_current_time", "add", "get_weather"]


def test_a_client_that_does_not_trust_it_is_refused(tmp_path):
    certificate = local_certificate(tmp_path)
    with serving(series_tools(), certificate) as url, pytest.raises(Exception) as refused:
        anyio.run(_tools, url, None)
    assert "CERTIFICATE_VERIFY_FAILED" in repr(refused.value) or refused.type.__name__


def test_the_command_prints_its_url_first_and_serves_until_stopped(tmp_path):
    command = [sys.executable, "-m", "handagent.mcp", "--https", "127.0.0.1:0", "--tls",
               str(tmp_path)]  # fmt: skip
    with subprocess.Popen(command, stdout=subprocess.PIPE, text=True) as server:
        try:
            url = server.stdout.readline().strip()
            names = anyio.run(_tools, url, str(tmp_path / "cert.pem"))
        finally:
            server.terminate()
    assert url.startswith("https://127.0.0.1:") and "add" in names


def test_the_command_refuses_an_address_beyond_this_machine(tmp_path):
    command = [sys.executable, "-m", "handagent.mcp", "--https", "0.0.0.0:8443", "--tls",
               str(tmp_path)]  # fmt: skip
    done = subprocess.run(command, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "this machine's address" in done.stderr
