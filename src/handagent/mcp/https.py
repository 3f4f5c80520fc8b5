"""The series' tools over MCP's Streamable HTTP, with TLS (chapter 13): what a connector reaches.

Anthropic's MCP connector calls a server itself, over HTTP, and only at a URL that "must start
with https://" (docs: mcp-connector). So the server must speak HTTPS, with a certificate its
client trusts. On this machine that is a certificate made for the loopback address and trusted
by name: `local_certificate(folder)` writes one (self-signed, for 127.0.0.1 and localhost, an
EC P-256 key, ten years), and a client told to trust that file trusts this server and nothing
else. The official `mcp` SDK does the protocol: `Server.streamable_http_app` is an ASGI app
(one POST per JSON-RPC message at /mcp, JSON answers, no session kept), served by uvicorn.

    certificate = local_certificate(Path("tls"))
    with serving(series_tools(), certificate) as url:   # "https://127.0.0.1:<port>/mcp"
        ...                                               # a client that trusts certificate.cert

`python -m handagent.mcp --https 127.0.0.1:0 --tls DIR` serves the same from the command line,
printing the URL first.

Not handled here: certificates a browser or the real API would trust (a public server needs a
name and a certificate authority: Let's Encrypt, say), authorization (the connector's
`authorization_token` reaches the server as a Bearer header, which this server ignores), SSE
streams, sessions.
"""

import datetime
import ipaddress
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import uvicorn
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from ..tools import ToolRegistry
from .series import SERVER_NAME
from .server import server_for

LOOPBACK = ("127.0.0.1", "localhost", "::1")
VALID_FROM = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)  # fixed: no clock in a test
VALID_FOR = datetime.timedelta(days=3650)


@dataclass(frozen=True)
class Certificate:
    """A server's certificate and its private key, as PEM files; the certificate is what a
    client is told to trust. Example: Certificate(Path("tls/cert.pem"), Path("tls/key.pem"))"""

    cert: Path
    key: Path


def local_certificate(folder: Path) -> Certificate:
    """A self-signed certificate for this machine's loopback names, written once into `folder`
    (made again only when a file is missing). Example: Path("tls") -> Certificate(tls/cert.pem,
    tls/key.pem)"""
    folder.mkdir(parents=True, exist_ok=True)
    found = Certificate(folder / "cert.pem", folder / "key.pem")
    if found.cert.exists() and found.key.exists():
        return found
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "handagent loopback MCP server")])
    names = [x509.DNSName("localhost"), x509.IPAddress(ipaddress.ip_address("127.0.0.1")),
             x509.IPAddress(ipaddress.ip_address("::1"))]  # fmt: skip
    cert = (
        x509.CertificateBuilder().subject_name(name).issuer_name(name)
        .public_key(key.public_key()).serial_number(x509.random_serial_number())
        .not_valid_before(VALID_FROM).not_valid_after(VALID_FROM + VALID_FOR)
        .add_extension(x509.SubjectAlternativeName(names), critical=False)
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(key, hashes.SHA256())
    )  # fmt: skip
    private = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                serialization.NoEncryption())  # fmt: skip
    found.key.write_bytes(private)
    found.key.chmod(0o600)
    found.cert.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    return found


def https_server(
    registry: ToolRegistry,
    certificate: Certificate,
    host: str = "127.0.0.1",
    port: int = 0,
    name: str = SERVER_NAME,
) -> tuple[uvicorn.Server, socket.socket]:
    """The server (not yet running) and the socket it will listen on, already bound, so port 0
    has become a real port. Example: (registry, cert) -> (Server, socket on 127.0.0.1:41237)"""
    app = server_for(registry, name).streamable_http_app(stateless_http=True, json_response=True)
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    listening = socket.socket(family, socket.SOCK_STREAM)
    listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listening.bind((host, port))
    listening.listen()  # a client that connects before uvicorn serves waits in the queue
    config = uvicorn.Config(app, ssl_certfile=str(certificate.cert),
                            ssl_keyfile=str(certificate.key), log_level="warning")  # fmt: skip
    return uvicorn.Server(config), listening


def url_of(listening: socket.socket) -> str:
    """Example: a socket on 127.0.0.1:41237 -> "https://127.0.0.1:41237/mcp" """
    host, port = listening.getsockname()[:2]
    return f"https://{f'[{host}]' if ':' in host else host}:{port}/mcp"


@contextmanager
def serving(
    registry: ToolRegistry,
    certificate: Certificate,
    name: str = SERVER_NAME,
    host: str = "127.0.0.1",
) -> Iterator[str]:
    """Serve in a thread of this process while the block runs; yields the server's URL."""
    server, listening = https_server(registry, certificate, host, 0, name)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listening]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started and thread.is_alive() and time.monotonic() < deadline:
        time.sleep(0.02)
    try:
        if not server.started:
            raise RuntimeError(f"The MCP server at {url_of(listening)} did not start in 30 s.")
        yield url_of(listening)
    finally:
        server.should_exit = True
        thread.join(10)
        listening.close()
