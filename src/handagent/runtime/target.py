"""Target: the provider the settings name, as the runtime's calls take it.

`complete` (chapter 06) and `sender` (chapter 09) take where to send as arguments, so a test or a
chapter can point them anywhere. A chapter that talks to the learner's own provider passes
`**configured()`: the provider `handagent.llm` talks to (the mock by default, Anthropic with a
key in .env, a room or any endpoint at ANTHROPIC_BASE_URL, recorded answers under `replay`), its
model, its key, and the headers a room reads (the notebook's name; `x-replay: mock` inside
`mock_instead()`). They are read when it is called, so call it where the request is made.

    complete(history, menu, api="anthropic", **configured())
    sender(api="openai_chat", **configured())            # the same host, its Chat Completions

A cell whose lesson needs what only the mock does (a fault on request, the obedient switch, a
scripted reply) starts a `MockServer` of its own instead, and says so.

Not handled here: choosing the provider (`handagent.config`), starting the mock (`handagent.llm`).
"""

from ..llm import endpoint, room_headers, settings


class Configured(dict):
    """The keyword arguments of `complete` and `sender`; its repr never shows the key.

    Example: repr(Configured(model="m", base_url="u", api_key="sk-...", headers={}))
        -> "{'model': 'm', 'base_url': 'u', 'api_key': '[api key]', 'headers': {}}"
    """

    def __repr__(self) -> str:
        return repr({**self, "api_key": "[api key]"})


def configured(model: str | None = None) -> Configured:
    """Where the settings send, as `complete` and `sender` take it; another `model` if given.

    Example: configured() -> {"model": "claude-haiku-5-5", "base_url": "http://127.0.0.1:<port>",
    "api_key": <the mock's key>, "headers": {}};  configured(model="claude-opus-5-5")["model"]
    -> "claude-opus-5-5"
    """
    where = endpoint()  # the host root, and the key as raw httpx sends it
    return Configured(
        model=model or settings().model,
        base_url=where.base_url,
        api_key=where.headers["x-api-key"],
        headers=room_headers(),
    )
