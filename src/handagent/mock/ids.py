"""Stable ids made from a request: the same request gets the same ids, run after run.

    digest({"model": "m"}, 0)  -> "Wiun8CBMq1ZsWSJt2keB7x5p"   (24 base-62 characters)

Every room of the mock mints its ids here: `msg_01...` replies and `req_011C...` request ids
(`http.replies`), `srvtoolu_01...` server calls (`hosted.loop`), `call_...` OpenAI Chat ids
(`http.openai_chat`), and the alphabet of `toolu_01...` ids and signatures (`model.signatures`).

Not handled here: what an id is a digest of (each caller chooses), or randomness: nothing here
is random, so stored notebook outputs stay stable.
"""

import hashlib
import json

ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
_PAIRS = [low + high for high in ALPHABET for low in ALPHABET]  # 0..3843 as two digits, low first
_JSON = json.JSONEncoder(sort_keys=True, ensure_ascii=False, default=str)  # made once


def digest(*parts: object) -> str:
    """A stable 24-character id body from any JSON-able parts.

    Example: ({"model": "m"}, 0) -> "Wiun8CBMq1ZsWSJt2keB7x5p"
    """
    raw = _JSON.encode(parts).encode()
    number = int.from_bytes(hashlib.sha256(raw).digest()[:18], "big")
    chars = []
    for _ in range(12):  # 24 base-62 digits, the lowest first, two at a time
        number, rest = divmod(number, 62 * 62)
        chars.append(_PAIRS[rest])
    return "".join(chars)
