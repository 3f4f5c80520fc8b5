"""Where a probe goes: the mock in this process, or an API over HTTP. Both answer alike.

    to_mock()(probe)                          -> {"status": 200, "headers": {...}, "json": ...,
                                                  "body": {...}}   (or "events": [...])
    to_api("https://api.anthropic.com", key)(probe) -> the same shape, from the API

An answer is a response as a cassette keeps it (`mock.http.cassettes.response_record`): status,
the headers that say what the API did, and the parsed JSON body or the stream's events; a
connection that failed is status None. The API's overloaded and rate-limit answers (429, 529)
are waited out and asked again, up to `RETRIES` times, as the SDK would.

Not handled here: which probes are sent (`__main__`), what the answers cost (`estimate`).
"""

import io
import time
from collections.abc import Callable

import httpx

from ...cost import tls_context
from ...llm import MOCK_KEY
from ...mock.http.cassettes import response_record
from ...mock.http.server import State, answer
from .probes import Probe

SendProbe = Callable[[Probe], dict]  # a probe -> its answer
RETRIES = 3
TIMEOUT = 600.0  # a thinking model's long stream


def to_mock(state: State | None = None) -> SendProbe:
    """The mock, answering in this process (`mock.http.server.answer`): no socket, no thread."""
    state = state or State()

    def send(probe: Probe) -> dict:
        raw = probe.raw()
        headers = {**probe.headers(MOCK_KEY), "content-length": str(len(raw))}
        response = answer("POST", probe.path, headers, io.BytesIO(raw).read, state)
        return response_record(response.status, response.headers,
                               response.body + b"".join(response.events))  # fmt: skip

    return send


def to_api(base_url: str, key: str, client: httpx.Client | None = None) -> SendProbe:
    """An API over HTTP (the real one, or a stand-in at `base_url`), with `key`."""
    http = client or httpx.Client(
        base_url=base_url.rstrip("/"), timeout=TIMEOUT, verify=tls_context(httpx)
    )

    def send(probe: Probe) -> dict:
        for attempt in range(RETRIES + 1):
            try:
                reply = http.post(probe.path, headers=probe.headers(key), content=probe.raw())
            except httpx.HTTPError:
                return {"status": None, "headers": {}}
            if reply.status_code not in (429, 529) or attempt == RETRIES:
                break
            time.sleep(_wait(reply.headers.get("retry-after"), attempt))
        return response_record(reply.status_code, dict(reply.headers), reply.content)

    return send


def _wait(retry_after: str | None, attempt: int) -> float:
    """Seconds to wait before asking again. Example: ("3", 0) -> 3.0; (None, 2) -> 4.0"""
    try:
        return min(60.0, max(0.0, float(retry_after or "")))
    except ValueError:
        return float(2**attempt)
