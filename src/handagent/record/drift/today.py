"""A recorded request as it would be sent today, and the mock's answer to it.

    replay(probe, to_mock()) -> ProbeAnswer(probe=<the request as sent>, answer={"status": 200,
                                         ...}, notes=("no version header", "retired", ...))

The recordings span 2024-2026 (tests/recorded/README.md) and the API has moved since. What a
replay changes before the mock answers, each named in `notes` after what `probes` restored
(tests/mock/test_recorded.py keeps a rule of the same name for each):

    retired              the model is no longer served, so today the API answers 404
                         `model: <id>`: the catalogue row's replacement is asked instead
    signed by the API    thinking blocks sent back carry the API's signatures, which only its
                         key verifies: signed again as the mock signs (`mock.model.signatures`)
    replacement refuses  the replacement refuses a setting the retired model took, in the API's
                         words: sent again without it (sampling parameters dropped, a forced
                         tool_choice made auto, manual thinking made adaptive)

Not handled here: what a cassette dropped (`probes` restores it), comparing (`compare`).
"""

import json
from dataclasses import dataclass, replace

from ...api import models
from ...api.history import THINKING_BLOCKS
from ...mock.model import signatures
from .probes import Probe
from .transport import SendProbe


@dataclass(frozen=True)
class ProbeAnswer:
    """A probe as the mock was sent it, its answer, and every change made on the way."""

    probe: Probe
    answer: dict
    notes: tuple[str, ...]


def with_served_model(probe: Probe) -> Probe:
    """The probe with a retired model replaced. Example: "claude-3-5-haiku-latest" ->
    "claude-haiku-5-5" (its row's replacement); a served or unknown model -> unchanged"""
    row = models.find(probe.model)
    if row is None or row.served or not row.replacement:
        return probe
    body = {**probe.body, "model": row.replacement}  # a row was found: the body is an object
    return replace(probe, body=body, notes=(*probe.notes, "retired"))


def signed_by_mock(probe: Probe) -> Probe:
    """The probe with every thinking block sent back signed as the mock would have signed it."""
    body = probe.body
    turns = body.get("messages") if isinstance(body, dict) else None
    turns = [m for m in turns if isinstance(m, dict)] if isinstance(turns, list) else []
    if not any(
        isinstance(b, dict) and b.get("type") in THINKING_BLOCKS
        for m in turns if m.get("role") == "assistant" and isinstance(m.get("content"), list)
        for b in m["content"]
    ):  # fmt: skip
        return probe
    messages = json.loads(json.dumps(body["messages"]))
    request, row = {**body, "messages": messages}, models.find(probe.model)
    model_id = row.id if row else probe.model
    for i, message in enumerate(messages):
        if (
            not isinstance(message, dict)
            or message.get("role") != "assistant"
            or not isinstance(message.get("content"), list)
        ):
            continue
        for j, block in enumerate(message["content"]):
            if isinstance(block, dict) and block.get("type") in THINKING_BLOCKS:
                text = {"type": block["type"], "thinking": block.get("thinking", "")}
                signature = signatures.sign(request, i, message["content"][:j], text, model_id)
                block["signature" if block["type"] == "thinking" else "data"] = signature
    return replace(probe, body=request, notes=(*probe.notes, "signed by the API"))


def loosened(body: dict, message: str) -> dict | None:
    """The body without the setting a replacement refused, or None for any other refusal.

    Example: ({..., "temperature": 0.5}, "`temperature` is deprecated for this model.")
        -> {...} without temperature
    """
    loose = dict(body)
    if "is deprecated for this model" in message or "cannot both be specified" in message:
        for name in ("temperature", "top_p", "top_k"):
            loose.pop(name, None)
    elif message.startswith('tool_choice: type "tool" and "any"'):
        loose["tool_choice"] = {"type": "auto"}
    elif message.startswith('"thinking.type.enabled" is not supported'):
        display = {k: v for k, v in body["thinking"].items() if k == "display"}
        loose["thinking"] = {"type": "adaptive", **display}
    else:
        return None
    return loose if loose != body else None


def replay(probe: Probe, send: SendProbe) -> ProbeAnswer:
    """A recorded request sent to the mock as today's API would be sent it, and the answer."""
    probe = signed_by_mock(with_served_model(probe))
    answer = send(probe)
    while "retired" in probe.notes and answer["status"] == 400 and probe.answer and (
        probe.answer["status"] == 200
    ):  # fmt: skip
        loose = loosened(probe.body, answer["body"]["error"]["message"])
        if loose is None:
            break
        notes = probe.notes + ("replacement refuses",) * ("replacement refuses" not in probe.notes)
        probe = replace(probe, body=loose, notes=notes)
        answer = send(probe)
    return ProbeAnswer(probe, answer, probe.notes)
