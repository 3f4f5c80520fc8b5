"""Who may call the mock, and which API version they speak: the checks made on the headers.

    x-api-key: <key>   or   Authorization: Bearer <key>   (SDK 2.x sends the second; with
                                                           both, the API reads x-api-key, §0.2)
    anthropic-version: 2023-06-01 | 2026-10-21            (SDK 2.10 sends 2026-10-21)
    anthropic-beta: <value>,<value>...                    (`betas=[...]`, or a client's own)

Any key is accepted except one that starts with `bad-`, which the mock treats as a revoked key:
401 authentication_error `invalid x-api-key`, so a notebook can show the error without a real
key. A request with no key gets the API's 401 for a missing key. A missing or unknown version is
the API's 400 (wording in `rejections`, quoted from public reports of first-party errors).

Beta values: a value the API does not know (`api.beta_values`: the SDK's list, and the values
docs and first-party clients send besides, retired no-ops included) is the API's 400
`Unexpected value(s) `...` for the `anthropic-beta` header. ...`, every such value named; an
empty one too. Each value `api.fields.BETAS` has a row for adds what its row says; the others
add nothing.

Not handled here: workspaces, rate limits, OAuth tokens, what a key may see.
"""

from collections.abc import Mapping

from ...api import API_VERSIONS
from ...api.beta_values import check_betas
from ...api.rejections import BAD_KEY, BAD_VERSION, NO_KEY, NO_VERSION, Rejection, invalid

BAD_KEY_PREFIX = "bad-"


def api_key(headers: Mapping[str, str]) -> str | None:
    """The key a request carries. Example: {"authorization": "Bearer k1"} -> "k1"."""
    if headers.get("x-api-key"):
        return headers["x-api-key"]
    scheme, _, token = headers.get("authorization", "").partition(" ")
    if scheme.lower() != "bearer":
        return None
    return token.strip() or None


def check_key(headers: Mapping[str, str]) -> None:
    """Raise the API's 401 for a missing or bad key (headers with lower-case names)."""
    key = api_key(headers)
    if key is None:
        raise Rejection(401, "authentication_error", NO_KEY)
    if key.startswith(BAD_KEY_PREFIX):
        raise Rejection(401, "authentication_error", BAD_KEY)


def version(headers: Mapping[str, str]) -> str:
    """The request's API version, or the API's 400. Example: {} -> Rejection(NO_VERSION)."""
    value = headers.get("anthropic-version")
    if value is None:
        raise invalid(NO_VERSION)
    if value.strip() not in API_VERSIONS:
        raise invalid(BAD_VERSION.format(value=value[:80]))
    return value.strip()


def betas(headers: Mapping[str, str]) -> tuple[str, ...]:
    """The request's beta values, or the API's 400 for a value it does not know.

    Example: {"anthropic-beta": "context-management-2025-06-27, tools-2024-04-04"} ->
    ("context-management-2025-06-27", "tools-2024-04-04")
    """
    if "anthropic-beta" not in headers:
        return ()
    values = [value.strip() for value in headers["anthropic-beta"].split(",")]
    check_betas(tuple(values))
    return tuple(dict.fromkeys(values))
