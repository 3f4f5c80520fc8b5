"""Tests for handagent.mock.http.models_route: `GET /v1/models` as the genuine SDK pages
through it."""

import anthropic
import httpx
import pytest
from anthropic.types import ModelInfo
from builders import sdk_client

from handagent.api import models
from handagent.mock import MockServer
from handagent.mock.http.models_route import page

SERVED = [model.id for model in models.served()]


@pytest.fixture(scope="module")
def server():
    with MockServer() as mock:
        yield mock


@pytest.fixture(scope="module")
def client(server):
    return sdk_client(server.base_url, "test-key")


def test_the_sdk_lists_every_served_model_newest_first_across_pages(client):
    listed = client.models.list(limit=5)
    assert [m.id for m in listed.data] == SERVED[:5] and listed.has_more
    assert [m.id for m in client.models.list(limit=5)] == SERVED  # auto-pagination
    assert all(isinstance(m, ModelInfo) for m in listed.data)


def test_retired_models_are_not_listed_but_the_default_is():
    assert models.DEFAULT in SERVED and "claude-sonnet-4-5-20250929" not in SERVED


def test_a_page_has_the_apis_fields_and_cursors_work_both_ways():
    first = page("limit=3")
    assert set(first) == {"data", "has_more", "first_id", "last_id"}
    assert (first["first_id"], first["last_id"], first["has_more"]) == (SERVED[0], SERVED[2], True)
    after = page(f"limit=3&after_id={first['last_id']}")
    assert [m["id"] for m in after["data"]] == SERVED[3:6]
    before = page(f"limit=2&before_id={after['first_id']}")
    assert [m["id"] for m in before["data"]] == SERVED[1:3] and before["has_more"]
    last = page(f"after_id={SERVED[-2]}")
    assert [m["id"] for m in last["data"]] == SERVED[-1:] and not last["has_more"]


def test_retrieve_takes_an_alias_and_answers_with_the_dated_row(client):
    info = client.models.retrieve("claude-haiku-4-5")
    assert (info.id, info.max_tokens) == ("claude-haiku-4-5-20251001", 64_000)
    assert client.models.retrieve(models.DEFAULT).capabilities.thinking.types.adaptive.supported


def test_a_retired_model_can_still_be_retrieved_and_says_so(client):
    assert client.models.retrieve("claude-sonnet-4-5").lifecycle == "retired"


def test_an_unknown_model_is_a_404_naming_it(client):
    with pytest.raises(anthropic.NotFoundError, match="model: claude-sonet-4-5"):
        client.models.retrieve("claude-sonet-4-5")


@pytest.mark.parametrize("limit", ["0", "1001", "ten"])
def test_a_limit_out_of_range_is_a_400(server, limit):
    response = httpx.get(
        f"{server.base_url}/v1/models?limit={limit}",
        headers={"x-api-key": "k", "anthropic-version": "2023-06-01"},
    )
    assert response.status_code == 400
    assert response.json()["error"]["message"] == "limit: Input should be between 1 and 1000"


def test_the_list_needs_a_key_like_every_route(server):
    response = httpx.get(
        f"{server.base_url}/v1/models", headers={"anthropic-version": "2023-06-01"}
    )
    assert response.status_code == 401
