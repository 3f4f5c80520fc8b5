"""Tests for handagent.mock.access: the key and the version a request carries."""

import pytest

from handagent.mock.access import api_key, check_key, version
from handagent.rejections import Rejection


@pytest.mark.parametrize(
    ("headers", "key"),
    [
        ({"x-api-key": "k1"}, "k1"),
        ({"authorization": "Bearer k2"}, "k2"),
        ({"authorization": "bearer k3"}, "k3"),
        ({"x-api-key": "k1", "authorization": "Bearer k2"}, "k1"),  # §0.2: x-api-key wins
        ({"authorization": "Basic abc"}, None),
        ({"authorization": "Bearer "}, None),
        ({}, None),
    ],
)
def test_the_key_comes_from_x_api_key_or_a_bearer_token(headers, key):
    assert api_key(headers) == key


@pytest.mark.parametrize(
    ("headers", "message"),
    [({}, "x-api-key header is required"), ({"x-api-key": "bad-key"}, "invalid x-api-key")],
)
def test_a_missing_or_bad_key_is_the_apis_401(headers, message):
    with pytest.raises(Rejection) as caught:
        check_key(headers)
    assert (caught.value.status, caught.value.error_type, caught.value.message) == (
        401,
        "authentication_error",
        message,
    )


def test_any_other_key_is_accepted():
    assert check_key({"x-api-key": "anything-at-all"}) is None


def test_the_two_versions_are_understood_and_others_refused():
    assert version({"anthropic-version": "2023-06-01"}) == "2023-06-01"
    assert version({"anthropic-version": "2026-10-21"}) == "2026-10-21"
    with pytest.raises(Rejection, match='^anthropic-version: "2023-01-01" is not a valid version$'):
        version({"anthropic-version": "2023-01-01"})
    with pytest.raises(Rejection, match="^anthropic-version: header is required$"):
        version({})
