"""Tests for handagent.mock.http.access: the key and the version a request carries."""

import pytest

from handagent.api.rejections import Rejection
from handagent.mock.http.access import api_key, betas, check_key, version


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


def test_beta_values_are_read_from_the_comma_separated_header():
    headers = {"anthropic-beta": "context-management-2025-06-27, message-threads-2026-08-12"}
    assert betas(headers) == ("context-management-2025-06-27", "message-threads-2026-08-12")
    assert betas({}) == ()


def test_a_beta_value_the_sdk_does_not_list_but_the_api_takes_is_accepted():
    # Claude Code's constants/betas.ts: sent to the Claude API on every request
    assert betas({"anthropic-beta": "claude-code-20250219"}) == ("claude-code-20250219",)


# https://platform.claude.com/docs/en/api/beta-headers, "Error handling": the API's own words
UNEXPECTED = (
    "Unexpected value(s) {} for the `anthropic-beta` header. Please consult our documentation "
    "at platform.claude.com/docs or try again without the header."
)


@pytest.mark.parametrize(
    ("value", "named"),
    [("", "``"), ("a,,b", "`a`, ``, `b`"), ("Context Management", "`Context Management`"),
     ("invalid-beta-name", "`invalid-beta-name`")],
)  # fmt: skip
def test_a_beta_value_the_api_does_not_know_is_its_400(value, named):
    with pytest.raises(Rejection) as caught:
        betas({"anthropic-beta": value})
    assert caught.value.message == UNEXPECTED.format(named)


def test_a_bearer_token_after_more_than_one_space_is_still_the_key():
    assert api_key({"authorization": "Bearer  k4"}) == "k4"


def test_a_long_bad_version_or_beta_value_is_quoted_up_to_80_characters():
    # the mock's own cut: a client that sends a whole file as a header gets a readable message
    long = "2023-" + "9" * 200
    with pytest.raises(Rejection) as caught:
        version({"anthropic-version": long})
    assert caught.value.message == f'anthropic-version: "{long[:80]}" is not a valid version'
    with pytest.raises(Rejection) as caught:
        betas({"anthropic-beta": "Context " + "x" * 200})
    assert caught.value.message.startswith(
        f"Unexpected value(s) `{('Context ' + 'x' * 200)[:80]}` "
    )


def test_every_unknown_beta_value_is_named_in_order_and_the_known_ones_are_not():
    with pytest.raises(Rejection) as caught:
        betas({"anthropic-beta": "Bad Value,context-management-2025-06-27,"})
    assert caught.value.message == UNEXPECTED.format("`Bad Value`, ``")
