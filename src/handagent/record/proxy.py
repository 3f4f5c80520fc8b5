"""A recording proxy: a local HTTP server that passes every request on to an upstream and keeps
the exchange, for a cassette (`handagent.mock.http.cassettes`).

    notebook kernel --(ANTHROPIC_BASE_URL=proxy.base_url)--> RecordingProxy --> upstream
                                                                  |          (the API, or a mock)
                                                        exchanges, in order

The genuine SDK reaches it through `base_url`, exactly as it reaches the API. A stream is passed
on as its bytes arrive (a learner sees the text appear), and kept whole. A request carrying
`PLACEHOLDER_KEY` gets the upstream's real key instead, so the kernel never holds it; any other
key (a notebook's `bad-...` demo) is sent as it is. Keys and the account id are scrubbed from
what is kept. An upstream that cannot be reached is kept as a hang-up (status None).

Not handled here: which notebook is run (`__main__`), request bodies without a Content-Length.
"""

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import httpx

from ..cost import tls_context
from ..mock.http.cassettes import ACCOUNT_HEADERS, request_record, response_record, scrub

PLACEHOLDER_KEY = "recording-proxy-key"  # what the kernel sends; the proxy puts the real one in
HOP_BY_HOP = {"host", "content-length", "connection", "accept-encoding", "transfer-encoding",
              "keep-alive"}  # fmt: skip
UPSTREAM_TIMEOUT = 600.0  # a thinking model's long stream


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: "_Proxy"

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass

    def __getattr__(self, name: str):
        if name.startswith("do_"):
            return self._forward
        raise AttributeError(name)

    def _forward(self) -> None:
        proxy = self.server.owner
        raw = self.rfile.read(int(self.headers.get("content-length") or 0))
        sent = {k: v for k, v in self.headers.items() if k.lower() not in HOP_BY_HOP}
        sent["accept-encoding"] = "identity"  # the bytes as they are, to keep and to pass on
        for name in ("x-api-key", "authorization"):
            value = next((v for k, v in sent.items() if k.lower() == name), "")
            if PLACEHOLDER_KEY in value and proxy.key:
                sent = {k: v for k, v in sent.items() if k.lower() != name}
                sent[name] = value.replace(PLACEHOLDER_KEY, proxy.key)
        request = request_record(self.command, self.path, dict(self.headers), raw)
        kept = bytearray()
        try:
            with proxy.client.stream(self.command, self.path, content=raw, headers=sent) as reply:
                streaming = reply.headers.get("content-type", "").startswith("text/event-stream")
                self.send_response(reply.status_code)
                for name, value in reply.headers.items():
                    if name.lower() not in HOP_BY_HOP | {"content-encoding"}:
                        self.send_header(name, value)
                body = b"" if streaming else reply.read()
                if streaming:
                    self.send_header("connection", "close")
                    self.close_connection = True
                else:
                    self.send_header("content-length", str(len(body)))
                self.end_headers()
                if streaming:
                    for chunk in reply.iter_raw():
                        kept += chunk
                        self.wfile.write(chunk)
                        self.wfile.flush()
                else:
                    kept += body
                    self.wfile.write(body)
                response = response_record(reply.status_code, dict(reply.headers), bytes(kept))
                account = [reply.headers.get(name) for name in ACCOUNT_HEADERS]
        except httpx.HTTPError:  # no answer, or an answer cut off: the client sees a hang-up
            self.close_connection = True
            response, account = {"status": None, "headers": {}}, []
        proxy.keep({"request": request, "response": response}, *account)


class _Proxy(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, owner: "RecordingProxy") -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.owner = owner


class RecordingProxy:
    """The proxy on a background thread; a context manager. `exchanges` holds what it saw.

    Example:
        with RecordingProxy(mock.base_url) as proxy:
            anthropic.Anthropic(base_url=proxy.base_url, api_key=PLACEHOLDER_KEY).messages...
        proxy.exchanges -> [{"request": {...}, "response": {...}}]
    """

    def __init__(self, upstream: str, key: str | None = None) -> None:
        self.key = key
        self.client = httpx.Client(
            base_url=upstream.rstrip("/"), timeout=UPSTREAM_TIMEOUT, verify=tls_context(httpx)
        )
        self.exchanges: list[dict] = []
        self._lock = threading.Lock()
        self._server = _Proxy(self)
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}"

    def keep(self, exchange: dict, *secrets: str | None) -> None:
        with self._lock:
            self.exchanges.append(scrub(exchange, self.key, *secrets))

    def __enter__(self) -> "RecordingProxy":
        self._thread.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self._server.shutdown()
        self._server.server_close()
        self.client.close()
