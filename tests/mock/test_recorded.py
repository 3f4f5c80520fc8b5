"""Replaying the traffic recorded from the real API (tests/recorded, see its README) to the mock.

Every exchange is sent to the mock in-process (`server.answer`, the real mock model answering)
and must agree with what the API did: the status, the error type and its words; for a reply,
every field (the keys and value types at every level, not the generated text), the reply's
`model` (an alias answered with its dated id), and a stream's event grammar (event order and
types, the deltas of each block type).

Where today's API differs from the day of a recording, the difference is explained by one rule
of `RULES` below, with its date and reason, and counted; the counts are printed (pytest -s).
A difference no rule explains fails the test, and so does a rule that explains nothing (a stale
exception).
"""

import io
import json
import re
from collections import Counter
from email.utils import parsedate_to_datetime
from functools import cache
from pathlib import Path

import pytest
from paths import TESTS

from handagent.api import models
from handagent.api.fields import BETAS, BLOCKS, TOOLS, blocks, top_level
from handagent.mock.http.server import State, answer
from handagent.mock.model import signatures

RECORDED = sorted((TESTS / "recorded").glob("*.json"))
STATE = State()  # the mock model itself, as a notebook gets it
SERVER_BLOCKS = ("server_tool_use", "web_search_tool_result", "web_fetch_tool_result",
                 "code_execution_tool_result", "bash_code_execution_tool_result",
                 "text_editor_code_execution_tool_result", "tool_search_tool_result",
                 "container_upload", "mcp_tool_use", "mcp_tool_result",
                 "advisor_tool_result")  # fmt: skip
# The day the API first sent a field, by the earliest recording that has it. A recording older
# than that (or one whose cassette gives no date: `committed` only bounds it from above) may
# lack it; one dated later by its own `date` header may not.
FIRST_SENT = {
    ("usage", "cache_creation_input_tokens"): "2025-01-05",
    ("usage", "cache_read_input_tokens"): "2025-01-05",
    ("usage", "service_tier"): "2025-06-24",
    ("usage", "cache_creation"): "2025-08-14",
    ("delta.usage", "input_tokens"): "2025-08-14",
    ("delta.usage", "cache_creation_input_tokens"): "2025-08-14",
    ("delta.usage", "cache_read_input_tokens"): "2025-08-14",
    ("usage", "inference_geo"): "2026-02-05",
    ("tool_use", "caller"): "2026-03-16",
    ("message", "stop_details"): "2026-04-05",
    ("delta", "stop_details"): "2026-04-05",
    ("usage", "output_tokens_details"): "2026-05-28",
    ("delta.usage", "output_tokens_details"): "2026-05-28",
}
# What the beta API sends that no beta field of the request asks for: the header the cassette
# dropped (pydantic-ai's memory tool turns context management on by itself, say).
BETA_REPLY = {("message", "context_management"), ("usage", "iterations"),
              ("delta.usage", "iterations"), ("delta", "context_management")}  # fmt: skip
# A field the API sends in some replies and leaves out of others recorded the same weeks:
# `caller` on server tools' blocks (2026-06 to 2026-08, with and without it).
VARIES = {(kind, "caller") for kind in SERVER_BLOCKS} | {
    (where, "web_fetch_requests")
    for where in ("usage.server_tool_use", "delta.usage.server_tool_use")
}  # 2026-07-14: a streamed reply has usage.server_tool_use.web_fetch_requests, its JSON twin not
# Requests recorded twice, for two models, whose models chose differently whether to call a
# server tool: which tools a model calls is generated content, so either choice agrees.
CHOICES: dict[str, set[bool]] = {}
# The API stopped sending these: the last recording that has it, for replies dated after it.
LAST_SENT = {("usage", "server_tool_use"): "2026-04-10"}

# Rule -> why today's mock may differ from the recording there. Each rule is applied by a
# function below of the same name; `test_every_rule_explains_something` keeps the table honest.
RULES = {
    "no version header": "recorded without an anthropic-version header (the cassettes drop "
    "headers, and clients before SDK 2.0 sent 2023-06-01): replayed with 2023-06-01",
    "retired": "the model was retired after the recording (lifecycle in handagent.api.models): "
    "today a 404 `model: <id>` (checked), then replayed with the row's replacement model",
    "replacement refuses": "the replacement model refuses a setting the retired one took "
    "(checked with the API's words): replayed again without it (sampling parameters dropped, "
    "forced tool_choice made auto, manual thinking made adaptive)",
    "signed by the API": "thinking blocks in the history carry the API's signatures, which only "
    "its key verifies: re-signed with the mock's key before the replay",
    "beta header dropped": "a beta field, block or tool sent to ?beta=true with the beta header "
    "the cassette dropped: without it the mock refuses the part as the API would (checked), "
    "then the request is replayed with the header `api.fields.BETAS` names for it",
    "beta reply field": "a field only the beta API's replies carry (context_management, "
    "usage.iterations)",
    "older than the field": "the API began sending this field after the recording: the cassette "
    "was committed (or its reply dated) before the FIRST_SENT date",
    "undated cassette": "the recording lacks a field the API sent from a FIRST_SENT date before "
    "the cassette's last commit, and its reply carries no date: a cassette kept from an earlier "
    "recording (a reply dated after FIRST_SENT gets no such excuse)",
    "no internet": "the API fetched a page, searched, ran code or asked its advisor; the mock "
    "has no internet and runs no code, so its result is the API's error or empty shape: the "
    "keys inside a server tool's result content are not compared",
    "mcp server": "the API listed an MCP server's tools over the internet and called one: the "
    "mock cannot reach the server, so it makes no MCP call (usage.server_tool_use is not sent)",
    "dynamic filtering": "web tools from 20260209 on filter what they find by running code in a "
    "container (recorded: code_execution blocks and `container`); the mock calls them directly",
    "the model's choice": "the same request, recorded for two models, called a server tool on "
    "one and not on the other (CHOICES): which tools a model calls is generated content",
    "varies": "a field the API sends in some replies and leaves out of others recorded the "
    "same weeks (VARIES): `caller` on server tools' blocks, `web_fetch_requests`",
    "no longer sent": "the API sent this field up to a LAST_SENT date and leaves it out since",
    "citations": "the API cited a document or search result; the mock does not cite",
}


def load(path: Path) -> dict:
    return json.loads(path.read_text())


def kind(value: object) -> str:
    """A JSON value's type name; whole and fractional numbers alike."""
    return {bool: "bool", int: "number", float: "number", str: "str", type(None): "null",
            dict: "object", list: "array"}[type(value)]  # fmt: skip


def send(
    body: dict, path: str, version: str, betas: tuple[str, ...] = ()
) -> tuple[int, dict | None, list[dict]]:
    """The mock's status, JSON body (None for a stream) and events for one request."""
    raw = json.dumps(body).encode()
    headers = {"x-api-key": "test-key", "anthropic-version": version,
               "content-length": str(len(raw))}  # fmt: skip
    if betas:
        headers["anthropic-beta"] = ",".join(betas)
    response = answer("POST", path, headers, io.BytesIO(raw).read, STATE)
    if response.events:
        events = [json.loads(e.decode().split("\n")[1][6:]) for e in response.events]
        return response.status, None, events
    return response.status, json.loads(response.body), []


def resign(body: dict, model_id: str) -> dict:
    """The history with every thinking block signed as the mock would have signed it."""
    messages = json.loads(json.dumps(body["messages"]))
    request = {**body, "messages": messages}
    for i, message in enumerate(messages):
        if message["role"] != "assistant" or not isinstance(message["content"], list):
            continue
        for j, block in enumerate(message["content"]):
            if block.get("type") in ("thinking", "redacted_thinking"):
                text = {"type": block["type"], "thinking": block.get("thinking", "")}
                signature = signatures.sign({**request, "messages": messages}, i,
                                          message["content"][:j], text, model_id)  # fmt: skip
                block["signature" if block["type"] == "thinking" else "data"] = signature
    return request


def beta_parts(body: dict, version: str) -> set[str]:
    """The beta fields, blocks, tools and options a request uses."""
    used = set(body) - top_level(version=version)
    for message in body.get("messages", []):
        if isinstance(message.get("content"), list):
            used |= {b.get("type") for b in message["content"] if isinstance(b, dict)} - set(BLOCKS)
        if message.get("role") == "system":
            used |= {f"system_message.{k}" for k in message if k not in ("role", "content")}
    used |= {tool.get("type") for tool in body.get("tools", [])} - set(TOOLS) - {None}
    used |= {f"output_config.{k}" for k in body.get("output_config") or {}} - {
        "output_config.effort", "output_config.format"}  # fmt: skip
    used |= {f"thinking.{k}" for k in body.get("thinking") or {} if k == "block_binding"}
    return used


def betas_for(parts: set[str]) -> tuple[str, ...]:
    """The first beta value that adds each part. Example: {"thread"} ->
    ("message-threads-2026-08-12",)"""
    found = []
    for part in sorted(parts):
        found += [next(b for b, adds in BETAS.items() if any(part in v for v in adds.values()))]
    return tuple(dict.fromkeys(found))


def loosen(body: dict, message: str) -> dict | None:
    """The request without the setting a replacement model refused, or None for another 400."""
    loosened = dict(body)
    if "is deprecated for this model" in message or "cannot both be specified" in message:
        for name in ("temperature", "top_p", "top_k"):
            loosened.pop(name, None)
    elif message.startswith('tool_choice: type "tool" and "any"'):
        loosened["tool_choice"] = {"type": "auto"}
    elif message.startswith('"thinking.type.enabled" is not supported'):
        display = {k: v for k, v in body["thinking"].items() if k == "display"}
        loosened["thinking"] = {"type": "adaptive", **display}
    else:
        return None
    return loosened


class Replay:
    """One exchange replayed: the mock's answer, and the rules that explained differences."""

    def __init__(self, path: Path) -> None:
        self.record = load(path)
        self.name = path.stem
        self.rules: list[str] = []
        self.unexplained: list[str] = []
        request, self.recorded = self.record["request"], self.record["response"]
        self.body = dict(request["body"])
        self.path = request["path"]
        stamp = self.recorded.get("date")  # the response's `date` header, where recorded
        self.date = parsedate_to_datetime(stamp).date().isoformat() if stamp else ""
        self.committed = self.record["source"]["committed"][:10]
        self.beta = "beta=true" in request["query"] or "anthropic-beta" in request["headers"]
        self.version = request["headers"].get("anthropic-version")
        if self.version is None:
            self.version = "2023-06-01"
            self.rules.append("no version header")
        self.replaced = False
        self.betas: tuple[str, ...] = ()
        self.run()

    def explain(self, rule: str) -> None:
        if rule not in self.rules:
            self.rules.append(rule)

    def run(self) -> None:
        parts = beta_parts(self.body, self.version)
        if self.beta and parts and self.recorded["status"] == 200:
            status, payload, _ = send(self.body, self.path, self.version, self.betas)
            words = payload["error"]["message"] if status == 400 else ""
            named = {p.split(".")[-1] for p in parts}
            if not any(re.search(rf"\b{re.escape(p)}\b", words) for p in named):
                self.unexplained.append(f"a beta request without its header answered {status}")
                return
            self.explain("beta header dropped")
            self.betas = betas_for(parts)
        row = models.find(self.body.get("model"))
        if row is not None and not row.served and self.recorded["status"] == 200:
            status, error, _ = send(self.body, self.path, self.version, self.betas)
            if (status, error["error"]["message"]) != (404, f"model: {self.body['model']}"):
                self.unexplained.append(f"retired model not a 404: {status} {error}")
                return
            self.explain("retired")
            self.body["model"], self.replaced = row.replacement, True
        if any(b.get("type") in ("thinking", "redacted_thinking") for m in self.body["messages"]
               if isinstance(m.get("content"), list) for b in m["content"]):  # fmt: skip
            self.body = resign(self.body, models.find(self.body["model"]).id)
            self.explain("signed by the API")
        status, payload, events = send(self.body, self.path, self.version, self.betas)
        while status == 400 and self.recorded["status"] == 200 and self.replaced:
            loosened = loosen(self.body, payload["error"]["message"])
            if loosened is None:
                break
            self.explain("replacement refuses")
            self.body = loosened
            status, payload, events = send(self.body, self.path, self.version, self.betas)
        self.status, self.payload, self.events = status, payload, events
        self.compare()

    # --- comparing -------------------------------------------------------------------------------

    def compare(self) -> None:
        recorded = self.recorded
        if recorded["status"] != 200:
            got = (self.status, self.payload["error"]["type"], self.payload["error"]["message"])
            want = (recorded["status"], recorded["body"]["error"]["type"],
                    recorded["body"]["error"]["message"])  # fmt: skip
            if got != want:
                self.unexplained.append(f"error {got} != recorded {want}")
            return
        if self.status != 200:
            self.unexplained.append(f"refused: {self.status} {self.payload['error']['message']}")
            return
        if self.path.endswith("count_tokens"):
            if set(self.payload) != set(recorded["body"]):
                self.unexplained.append(f"count_tokens keys {set(self.payload)}")
            return
        if "events" in recorded:
            self.compare_stream()
        else:
            self.compare_message(recorded["body"], self.payload, "message")

    def differ(self, where: str, key: str, side: str, recorded_reply: dict) -> None:
        """Explain one key present on one side only, or record it as unexplained."""
        first = FIRST_SENT.get((where, key))
        if side == "mock only" and first and (self.date or self.committed) < first:
            return self.explain("older than the field")
        if side == "mock only" and first and not self.date:
            return self.explain("undated cassette")
        if side == "recorded only" and (where, key) in BETA_REPLY and self.beta:
            return self.explain("beta reply field")
        if (where, key) in VARIES:
            return self.explain("varies")
        if where.split(".")[0] in SERVER_BLOCKS and ".content" in where and self.no_internet(where):
            return self.explain("no internet")
        if key == "server_tool_use" and len(CHOICES.get(choice_key(self.record), ())) > 1:
            return self.explain("the model's choice")
        if key == "server_tool_use" and where.endswith("usage") and "mcp_servers" in self.body:
            return self.explain("mcp server")
        last = LAST_SENT.get((where, key))
        if side == "recorded only" and last and (self.date or self.committed) <= last:
            return self.explain("no longer sent")
        if (
            (where, key) == ("message", "container")
            and side == "recorded only"
            and any(
                str(t.get("type")).startswith(("web_search_2026", "web_fetch_2026"))
                for t in self.body.get("tools", [])
            )
        ):
            return self.explain("dynamic filtering")
        if (where, key) == ("text", "citations") and side == "recorded only":
            return self.explain("citations")
        self.unexplained.append(f"{where}.{key}: {side}")

    def no_internet(self, where: str) -> bool:
        """Whether the mock's result content at `where` is an error or an empty result."""
        kind = where.split(".")[0]
        blocks = self.payload["content"] if self.payload else self.mock_blocks
        content = next((b["content"] for b in blocks if b["type"] == kind), None)
        return content == [] or (isinstance(content, dict) and (
            "error_code" in content or content.get("return_code") == 1))  # fmt: skip

    def keys(self, where: str, recorded: dict, mock: dict, reply: dict) -> None:
        for key in sorted(set(recorded) - set(mock)):
            self.differ(where, key, "recorded only", reply)
        for key in sorted(set(mock) - set(recorded)):
            self.differ(where, key, "mock only", reply)
        for key in sorted(set(recorded) & set(mock)):
            a, b = recorded[key], mock[key]
            if "null" not in (kind(a), kind(b)) and kind(a) != kind(b):
                self.unexplained.append(f"{where}.{key}: {kind(a)} recorded, {kind(b)} mock")
            elif isinstance(a, dict) and isinstance(b, dict) and key not in ("input", "caller"):
                self.keys(f"{where}.{key}", a, b, reply)

    def compare_message(self, recorded: dict, mock: dict, where: str) -> None:
        top = {k: v for k, v in recorded.items() if k not in ("usage", "content")}
        ours = {k: v for k, v in mock.items() if k not in ("usage", "content")}
        self.keys(where, top, ours, recorded)
        self.keys("usage", recorded["usage"], mock["usage"], recorded)
        if not self.replaced and recorded["model"] != mock["model"]:
            self.unexplained.append(f"model {mock['model']} != recorded {recorded['model']}")
        self.compare_blocks(recorded["content"], mock["content"], recorded)

    def compare_blocks(self, recorded: list[dict], mock: list[dict], reply: dict) -> None:
        theirs = {b["type"]: b for b in recorded}
        for block in mock:
            if block["type"] not in blocks(tuple(BETAS)):
                self.unexplained.append(f"the mock made a {block['type']} block")
            if block["type"] in theirs:
                self.keys(block["type"], theirs[block["type"]], block, reply)

    def compare_stream(self) -> None:
        theirs = [e["data"] for e in self.recorded["events"]]
        if not self.events:
            self.unexplained.append("the mock did not stream")
            return
        start = {**theirs[0]["message"], "content": blocks_started(theirs)}
        self.mock_blocks = blocks_started(self.events)
        self.compare_message(
            {**start, "content": blocks_started(theirs)},
            {**self.events[0]["message"], "content": blocks_started(self.events)},
            "message",
        )
        deltas = [e for e in theirs if e["type"] == "message_delta"]
        ours = [e for e in self.events if e["type"] == "message_delta"]
        self.keys("delta", deltas[-1]["delta"], ours[-1]["delta"], start)
        self.keys("delta.usage", deltas[-1]["usage"], ours[-1]["usage"], start)
        if outline(theirs) != outline(self.events):
            self.unexplained.append(f"event outline {outline(self.events)}")
        grammar = GRAMMARS
        for block_type, deltas_seen in block_grammars(self.events):
            if deltas_seen not in grammar.get(block_type, set()):
                self.unexplained.append(f"{block_type} deltas {deltas_seen} never recorded")


def choice_key(record: dict) -> str:
    """A request without its model: the same question put to two models."""
    body = {k: v for k, v in record["request"]["body"].items() if k != "model"}
    return json.dumps(body, sort_keys=True)


def ran_server_tool(record: dict) -> bool:
    response = record["response"]
    if response.get("events"):
        found = [e["data"].get("content_block", {}) for e in response["events"]]
    else:
        found = (response.get("body") or {}).get("content") or []
    return any(b.get("type") in SERVER_BLOCKS for b in found)


def blocks_started(events: list[dict]) -> list[dict]:
    return [e["content_block"] for e in events if e["type"] == "content_block_start"]


def outline(events: list[dict]) -> list[str]:
    """The envelope of a stream: first and last events, pings and blocks left out."""
    names = [e["type"] for e in events if e["type"] != "ping"]
    return [names[0], *names[-2:]]


def block_grammars(events: list[dict]) -> list[tuple[str, tuple[str, ...]]]:
    """Each block's type and its delta types in order, each run of one type counted once.

    Example: [start thinking, thinking_delta, thinking_delta, signature_delta, stop] ->
        [("thinking", ("thinking_delta", "signature_delta"))]
    """
    found, current = [], {}
    for event in events:
        if event["type"] == "content_block_start":
            current[event["index"]] = (event["content_block"]["type"], [])
        elif event["type"] == "content_block_delta":
            seen = current[event["index"]][1]
            if not seen or seen[-1] != event["delta"]["type"]:
                seen.append(event["delta"]["type"])
        elif event["type"] == "content_block_stop":
            block_type, seen = current.pop(event["index"])
            found.append((block_type, tuple(seen)))
    return found


# The delta grammars of each block type across every recorded stream: the ground truth.
GRAMMARS: dict[str, set] = {}
for _path in RECORDED:
    for _type, _seen in block_grammars(
        [e["data"] for e in load(_path)["response"].get("events", [])]
    ):
        GRAMMARS.setdefault(_type, set()).add(_seen)
for _path in RECORDED:
    _record = load(_path)
    CHOICES.setdefault(choice_key(_record), set()).add(ran_server_tool(_record))


@cache
def replays() -> dict[str, Replay]:
    """Every recording replayed, once per process that runs these tests (not at collection:
    each xdist worker collects every test file)."""
    return {path.stem: Replay(path) for path in RECORDED}


@pytest.mark.parametrize("name", [path.stem for path in RECORDED])
def test_every_recorded_exchange_agrees_with_the_mock_or_a_rule_explains_why(name):
    replay = replays()[name]
    assert replay.unexplained == [], replay.rules


def test_every_rule_explains_something_and_the_counts_are_printed():
    used = Counter(rule for replay in replays().values() for rule in replay.rules)
    agree = sum(1 for replay in replays().values() if not replay.unexplained)
    plain = sum(1 for r in replays().values() if not r.unexplained and not r.rules)
    print(f"\n{len(replays())} recorded exchanges; {agree} agree with the mock, {plain} of them "
          f"with no rule at all. Explained differences, by rule:")  # fmt: skip
    for rule in RULES:
        print(f"  {used[rule]:4}  {rule}")
    assert set(used) == set(RULES), set(RULES) - set(used)


def test_the_recordings_are_all_here_with_their_attribution():
    assert len(RECORDED) == 336
    readme = (RECORDED[0].parent / "README.md").read_text()
    for project in ("pydantic/pydantic-ai", "simonw/llm-anthropic", "traceloop/openllmetry",
                    "jackmpcollins/magentic"):  # fmt: skip
        assert project in readme


def test_the_mocks_stream_grammar_holds_only_grammars_the_api_recorded():
    assert GRAMMARS["thinking"] >= {("signature_delta",), ("thinking_delta", "signature_delta")}
    assert GRAMMARS["tool_use"] == {("input_json_delta",)} and GRAMMARS["text"] >= {("text_delta",)}


def test_no_request_the_api_accepted_is_refused_by_the_mock():
    # the done-when of issue 10: beta requests with their header, server tools and all
    accepted = [r for r in replays().values() if r.recorded["status"] == 200]
    refused = [r.name for r in accepted if r.status != 200]
    print(f"\n{len(accepted)} recorded requests the API accepted; the mock refuses {len(refused)}")
    assert refused == []
