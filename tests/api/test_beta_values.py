"""Tests for handagent.api.beta_values: the beta values the API knows, against the SDK's list.

The expected message is typed out from the docs (platform.claude.com/docs/en/api/beta-headers,
"Error handling"), not imported.
"""

import typing

import pytest
from anthropic.types import anthropic_beta_param

from handagent.api import fields
from handagent.api.beta_values import KNOWN, MORE, SDK, check_betas
from handagent.api.rejections import Rejection

SDK_VALUES = typing.get_args(
    next(a for a in typing.get_args(anthropic_beta_param.AnthropicBetaParam) if a is not str)
)


def test_every_value_the_installed_sdk_names_is_known_and_in_its_order():
    assert SDK == SDK_VALUES


def test_every_beta_value_with_a_row_of_fields_is_known():
    assert set(fields.BETAS) <= KNOWN


def test_the_values_besides_the_sdks_are_not_in_it_and_each_says_where_it_is_seen():
    assert not set(MORE) & set(SDK)
    assert all(where for where in MORE.values())


@pytest.mark.parametrize(
    "retired", ["token-efficient-tools-2025-02-19", "output-128k-2025-02-19", "tools-2024-04-04",
                "fine-grained-tool-streaming-2025-05-14", "prompt-caching-2024-07-31"],
)  # fmt: skip
def test_a_retired_value_that_has_no_effect_is_still_accepted(retired):
    # migration guide: "Remove `token-efficient-tools-2025-02-19` and `output-128k-2025-02-19`
    # ... these headers have no effect"; tools-2024-04-04 is answered 200 in tests/recorded
    assert check_betas((retired,)) is None


def test_an_unknown_value_is_refused_in_the_apis_words_and_only_it_is_named():
    with pytest.raises(Rejection) as caught:
        check_betas(("invalid-beta-name", "context-1m-2025-08-07", "x-2026-01-01"))
    assert (caught.value.status, caught.value.error_type) == (400, "invalid_request_error")
    assert caught.value.message == (
        "Unexpected value(s) `invalid-beta-name`, `x-2026-01-01` for the `anthropic-beta` header. "
        "Please consult our documentation at platform.claude.com/docs or try again without the "
        "header."
    )
