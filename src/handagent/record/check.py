"""Is a cassette recorded from the mock still what the mock answers? Checked without a kernel.

    stale(load_cassette(Path("cassettes/03_feeding_results_back.json")))
    -> None, or "exchange 4 (POST /v1/messages): the mock now answers otherwise at body.content[1]
       ...; record it again: make record UPSTREAM=mock NOTEBOOKS=notebooks/03_....ipynb"

A cassette recorded with `make record UPSTREAM=mock` holds what a notebook sent and what the mock
answered. Nothing in the mock is random (its ids, signatures and request ids are digests of what
it was sent), so the same requests, sent in order to a fresh mock, get the same bytes back while
the mock behaves as it did. `make replay` proves the other half: a notebook run from its cassette
sends exactly the cassette's requests and prints its stored outputs. Together they prove that the
notebook prints its stored outputs against the mock as it is now, which is why `make test` runs
the English edition against the mock only through its cassettes.

A request goes out as the SDK writes it (compact JSON, non-ASCII as is), with the headers the
cassette keeps (`cassettes.REQUEST_HEADERS`: those that change an answer) and the mock's key in
both places a key goes (Messages read `x-api-key`, OpenAI Chat `Authorization: Bearer`).

Not handled here: cassettes recorded from the real API (nothing here can ask it again; `stale`
answers None for them), requests the notebook sends to a mock of its own (never in a cassette).
"""

import json

import httpx

from ..cost import tls_context
from ..llm import MOCK_KEY
from ..mock import MockServer
from ..mock.http.cassettes import Cassette, response_record
from ..mock.http.replay import first_difference


def request_bytes(request: dict) -> bytes:
    """A kept request's body as the SDK sent it. Example: {"body": {"a": 1}} -> b'{"a":1}'"""
    if request.get("body") is not None:
        return json.dumps(request["body"], separators=(",", ":"), ensure_ascii=False).encode()
    return request.get("text", "").encode()


def stale(cassette: Cassette) -> str | None:
    """The first exchange a fresh mock answers otherwise than the cassette holds, or None."""
    if cassette.upstream != "mock" or not cassette.exchanges:
        return None
    local = {"timeout": 60, "verify": tls_context(httpx)}  # the CA bundle loaded once, not again
    with MockServer() as server, httpx.Client(base_url=server.base_url, **local) as http:
        for index, exchange in enumerate(cassette.exchanges):
            asked = exchange["request"]
            target = asked["path"] + (f"?{asked['query']}" if asked.get("query") else "")
            headers = {**asked["headers"], "x-api-key": MOCK_KEY,
                       "authorization": f"Bearer {MOCK_KEY}"}  # fmt: skip
            response = http.request(
                asked["method"], target, headers=headers, content=request_bytes(asked)
            )
            got = response_record(response.status_code, dict(response.headers), response.content)
            difference = first_difference(exchange["response"], got)
            if difference:
                where, expected, now = difference
                return (
                    f"exchange {index} ({asked['method']} {asked['path']}): the mock now answers "
                    f"otherwise at {where}: {expected} in the cassette, {now} now; record it "
                    f"again: make record UPSTREAM=mock NOTEBOOKS={cassette.notebook}"
                )
    return None
