"""Chapter 10's long conversation, run the way the chapter runs it, against the mock.

The English chapter's code cells run up to section 6's context editing, with every request its
`send` makes caught on the way out (and sent on). Then the chapter's final request is sent
again, on its own, through `api.check_request` and through the mock's checks, signatures
included: no 400. It is built from the mock's own replies, thinking blocks and signatures kept,
so the test fails if the chapter ever falls back to a scripted history without them. The naive
trim the chapter shows failing is sent again too, and is refused with the API's binding error.
"""

import copy
import json
from types import SimpleNamespace

import anthropic
import pytest
from paths import ROOT

from handagent import llm
from handagent.api.checks import check_request
from handagent.language import use_language

CHAPTER = ROOT / "notebooks" / "10_bookshop_assistant.ipynb"
LAST_CELL = "ch10-26"  # section 6: four more questions under context editing


class _Recorder:
    """`client().messages` or `client().beta.messages`, keeping each request body it sends."""

    def __init__(self, api, sent: list) -> None:
        self.api, self.sent = api, sent

    @property
    def with_raw_response(self):
        return self

    def create(self, **body):
        self.sent.append(copy.deepcopy(body))
        return self.api.with_raw_response.create(**body)


@pytest.fixture(scope="module")
def chapter():
    """The chapter's namespace after its last context cell, and every request body it sent."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("HANDAGENT_PROVIDER", "mock")
        for cached in (llm.settings, llm.client, llm._mock_base_url):
            cached.cache_clear()
        sent: list[dict] = []

        def recording_client():
            real = llm.client()
            beta = SimpleNamespace(messages=_Recorder(real.beta.messages, sent))
            return SimpleNamespace(messages=_Recorder(real.messages, sent), beta=beta)

        cells = json.loads(CHAPTER.read_text())["cells"]
        namespace: dict = {}
        try:
            for cell in cells:
                if cell["cell_type"] == "code":
                    exec(compile("".join(cell["source"]), cell["id"], "exec"), namespace)
                    namespace["client"] = recording_client  # the chapter's send looks it up
                if cell["id"] == LAST_CELL:
                    break
            yield namespace, sent
        finally:
            use_language("en")
            for cached in (llm.settings, llm.client, llm._mock_base_url):
                cached.cache_clear()


def _resend(body: dict):
    """The body sent again to the mock as the chapter sent it: betas as the SDK's header."""
    return llm.client().beta.messages.create(**body)


def _thinking(body: dict) -> list[dict]:
    return [
        block
        for message in body["messages"]
        if isinstance(message["content"], list)
        for block in message["content"]
        if block.get("type") == "thinking"
    ]


def test_the_chapters_final_request_passes_the_apis_checks_and_the_mocks(chapter):
    namespace, sent = chapter
    final = sent[-1]
    assert final["context_management"]["edits"][0]["type"] == "clear_tool_uses_20250919"
    assert final["cache_control"] == {"type": "ephemeral"}
    signed = [block for block in _thinking(final) if block.get("signature")]
    assert len(signed) >= 12, "the history is the mock's own replies, thinking blocks signed"
    body = {key: value for key, value in final.items() if key != "betas"}
    check_request(body, betas=tuple(final["betas"]))  # raises the API's 400 if refused
    reply = _resend(final)
    assert reply.stop_reason in ("end_turn", "tool_use")
    assert reply.context_management.applied_edits, "the server cleared old tool results"
    assert namespace["run"].ending == "done"


def test_the_naive_trim_of_the_same_history_is_refused_as_bound_to_another_conversation(chapter):
    _, sent = chapter
    stub = "[trimmed: an earlier result"
    trimmed = [body for body in sent if stub in json.dumps(body["messages"])]
    assert trimmed and _thinking(trimmed[-1]), "the chapter trims a history that thinks"
    with pytest.raises(anthropic.BadRequestError) as refused:
        _resend(trimmed[-1])
    assert "The block is bound to a different conversation" in str(refused.value)
