"""`GET /v1/models` and `GET /v1/models/{id}`: the model catalogue, as the Models API serves it.

    GET /v1/models?limit=2        -> {"data": [ModelInfo, ModelInfo], "has_more": true,
                                      "first_id": "...", "last_id": "..."}
    GET /v1/models?after_id=<id>  -> the page after that model;  before_id: the page before
    GET /v1/models/<id or alias>  -> one ModelInfo (`models.model_info`), or 404 `model: <id>`

The list holds the models a request may use today (`models.served()`, newest first), so
`client.models.list()` and `client.models.retrieve()` work offline with the genuine SDK.
`limit` is 1 to 1000, default 20 (SDK: resources/models.py).

Not handled here: retired models in the list (retrieving one by id still shows its lifecycle).
"""

from urllib.parse import parse_qs

from ...api import models
from ...api.rejections import invalid, not_found

DEFAULT_LIMIT, MAX_LIMIT = 20, 1000


def page(query: str) -> dict:
    """One page of the list for a query string. Example: "limit=1" -> {"data": [newest], ...}."""
    params = {name: values[-1] for name, values in parse_qs(query).items()}
    raw_limit = params.get("limit", str(DEFAULT_LIMIT))
    if not raw_limit.isdigit() or not 1 <= int(raw_limit) <= MAX_LIMIT:
        raise invalid(f"limit: Input should be between 1 and {MAX_LIMIT}")
    limit, ids = int(raw_limit), [model.id for model in models.served()]
    start, end = 0, len(ids)
    if "after_id" in params:
        start = _position(ids, params["after_id"]) + 1
        end = min(len(ids), start + limit)
    elif "before_id" in params:
        end = _position(ids, params["before_id"])
        start = max(0, end - limit)
    else:
        end = min(len(ids), limit)
    chosen = ids[start:end]
    more = end < len(ids) if "before_id" not in params else start > 0
    return {
        "data": [models.model_info(models.get(model_id)) for model_id in chosen],
        "has_more": more,
        "first_id": chosen[0] if chosen else None,
        "last_id": chosen[-1] if chosen else None,
    }


def _position(ids: list[str], cursor: str) -> int:
    row = models.find(cursor)
    if row is None or row.id not in ids:
        raise not_found(cursor)
    return ids.index(row.id)


def retrieve(model_id: str) -> dict:
    """One model by id or alias. Example: an alias -> the dated row's ModelInfo."""
    row = models.find(model_id)
    if row is None:
        raise not_found(model_id)
    return models.model_info(row)
