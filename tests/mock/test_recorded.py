"""Replaying the traffic recorded from the real API (tests/recorded, see its README) to the mock.

Every exchange is sent to the mock in-process as `make drift` sends it without a key
(`handagent.record.drift`: the request as the cassette kept it, with the beta header it lost
read back from its body, as today's API would be sent it) and must agree with what the API did
(`drift.compare`): the status, the error type and its words; for a reply, every field (the keys
and value types at every level, not the generated text), the reply's `model` (an alias answered
with its dated id), and a stream's event grammar (event order and types, the deltas of each
block type).

Where the mock's answer differs from a recording, the difference is explained by one rule of
`RULES` below, with its date and reason, and counted; the counts are printed (pytest -s). A
difference no rule explains fails the test, and so does a rule that explains nothing (a stale
exception). A rule says whether the mock agrees with the API of today there (the recording is
older than today's API, or lost something on the way) or differs from it on purpose (no
internet, say): the share of exchanges that agree is printed and kept at `AGREEMENT` or above.
"""

import json
import re
from collections import Counter
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path

import pytest
from paths import TESTS

from handagent.api import models
from handagent.api.fields import BETAS, blocks
from handagent.record.drift.compare import (
    ABSENT,
    Difference,
    block_grammars,
    blocks_started,
    differences,
    error_line,
)
from handagent.record.drift.probes import beta_parts, recorded_probe
from handagent.record.drift.today import replay
from handagent.record.drift.transport import to_mock

RECORDED = sorted((TESTS / "recorded").glob("*.json"))
MOCK = to_mock()  # the mock model itself, as a notebook gets it
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


@dataclass(frozen=True)
class Rule:
    """Why the mock's answer may differ from a recording: since when, whether the mock then
    differs from today's API on purpose (else the recording is older or lost something), why."""

    since: str
    differs: bool
    why: str


# Rule -> why today's mock may differ from the recording there. Each rule is applied where its
# name is (`drift.probes` and `drift.today` name the changes they make to a request);
# `test_every_rule_explains_something` keeps the table honest.
RULES = {
    "no version header": Rule("2026-12-01", False, "recorded without an anthropic-version "
        "header (the cassettes drop headers, and clients before SDK 2.0 sent 2023-06-01): "
        "replayed with 2023-06-01"),
    "retired": Rule("2026-12-01", False, "the model was retired after the recording (lifecycle "
        "in handagent.api.models): today a 404 `model: <id>` (checked), then replayed with the "
        "row's replacement model"),
    "replacement refuses": Rule("2026-12-01", False, "the replacement model refuses a setting "
        "the retired one took (checked with the API's words): replayed again without it "
        "(sampling parameters dropped, forced tool_choice made auto, manual thinking made "
        "adaptive)"),
    "signed by the API": Rule("2026-12-01", False, "thinking blocks in the history carry the "
        "API's signatures, which only its key verifies: re-signed with the mock's key before "
        "the replay"),
    "beta header dropped": Rule("2026-12-01", False, "a beta field, block, tool or option sent "
        "with the beta header the cassette dropped: without it the mock refuses the part as the "
        "API would (checked), then the request is replayed with the header `api.fields.BETAS` "
        "names for it (`drift.probes.betas_in`, since 2026-12-05)"),
    "beta reply field": Rule("2026-12-01", False, "a field only the beta API's replies carry "
        "(context_management, usage.iterations), asked for by a header no part of the body "
        "names (pydantic-ai's memory tool turns context management on by itself)"),
    "older than the field": Rule("2026-12-01", False, "the API began sending this field after "
        "the recording: the cassette was committed (or its reply dated) before the FIRST_SENT "
        "date"),
    "undated cassette": Rule("2026-12-01", False, "the recording lacks a field the API sent "
        "from a FIRST_SENT date before the cassette's last commit, and its reply carries no "
        "date: a cassette kept from an earlier recording (a reply dated after FIRST_SENT gets "
        "no such excuse)"),
    "no internet": Rule("2026-12-01", True, "the API fetched a page, searched or ran code; the "
        "mock has no internet and runs no code, so its result is the API's error or empty shape: "
        "the keys inside a server tool's result content are not compared (an advisor is a second "
        "model, which the mock's own model plays, since 2026-12-05)"),
    "mcp server": Rule("2026-12-01", True, "the API listed an MCP server's tools over the "
        "internet and called one: the mock cannot reach the server, so it makes no MCP call "
        "(usage.server_tool_use is not sent)"),
    "dynamic filtering": Rule("2026-12-01", True, "web tools from 20260209 on filter what they "
        "find by running code in a container (recorded: code_execution blocks and "
        "`container`); the mock calls them directly"),
    "the model's choice": Rule("2026-12-01", False, "the same request, recorded for two "
        "models, called a server tool on one and not on the other (CHOICES): which tools a "
        "model calls is generated content"),
    "varies": Rule("2026-12-01", False, "a field the API sends in some replies and leaves out "
        "of others recorded the same weeks (VARIES): `caller` on server tools' blocks, "
        "`web_fetch_requests`"),
    "no longer sent": Rule("2026-12-01", False, "the API sent this field up to a LAST_SENT "
        "date and leaves it out since"),
    "citations": Rule("2026-12-01", True, "the API cited a document or search result; the "
        "mock does not cite"),
}  # fmt: skip
# The share of recorded exchanges the mock agrees with (no rule of `differs` needed), at least:
# 324 of 336 on 2026-12-05 (issue 35 asks for 0.97: the rest need internet, an MCP server or
# citations, the rules of `differs` above).
AGREEMENT = 0.973


def load(path: Path) -> dict:
    return json.loads(path.read_text())


class Replay:
    """One exchange replayed: the mock's answer, and the rules that explained differences."""

    def __init__(self, path: Path) -> None:
        self.record = load(path)
        self.name = path.stem
        self.unexplained: list[str] = []
        self.status: int | None = None
        self.recorded = self.record["response"]
        probe = recorded_probe(path)
        self.date, self.committed = probe.date if self.recorded.get("date") else "", probe.date
        self.beta = "beta=true" in probe.path or bool(probe.betas)
        self.body = probe.body
        self.rules = list(probe.notes)
        if self.checked(probe):
            replayed = replay(probe, MOCK)
            self.rules = list(replayed.notes)
            self.body, self.answer = replayed.probe.body, replayed.answer
            self.status = self.answer["status"]
            self.compare()

    def checked(self, probe) -> bool:
        """What a rule claims about the mock holds: a beta part sent without its header is
        refused naming it, a retired model is a 404 `model: <id>`."""
        if "beta header dropped" in probe.notes:
            refused = MOCK(replace(probe, betas=()))
            words = refused["body"]["error"]["message"] if refused["status"] == 400 else ""
            named = {p.split(".")[-1] for _, p in beta_parts(probe.body, probe.version)}
            if not any(re.search(rf"\b{re.escape(p)}\b", words) for p in named):
                self.unexplained.append(f"a beta request without its header: {words or 200}")
        row = models.find(probe.body.get("model"))
        if row is not None and not row.served and self.recorded["status"] == 200:
            said = error_line(MOCK(probe))
            if said != f"404 not_found_error: model: {probe.body['model']}":
                self.unexplained.append(f"retired model not a 404: {said}")
        return not self.unexplained

    def explain(self, rule: str) -> None:
        if rule not in self.rules:
            self.rules.append(rule)

    # --- comparing -------------------------------------------------------------------------------

    @property
    def mock_blocks(self) -> list[dict]:
        if "events" in self.answer:
            return blocks_started([e["data"] for e in self.answer["events"] if "data" in e])
        return (self.answer.get("body") or {}).get("content") or []

    def compare(self) -> None:
        for found in differences(self.recorded, self.answer):
            self.explain_difference(found)
        for block in self.mock_blocks if self.status == 200 else []:
            if block["type"] not in blocks(tuple(BETAS)):
                self.unexplained.append(f"the mock made a {block['type']} block")
        if "events" in self.answer and "events" in self.recorded:
            events = [e["data"] for e in self.answer["events"] if "data" in e]
            for block_type, deltas_seen in block_grammars(events):
                if deltas_seen not in GRAMMARS.get(block_type, set()):
                    self.unexplained.append(f"{block_type} deltas {deltas_seen} never recorded")

    def explain_difference(self, found: Difference) -> None:
        if found.kind == "field" and ABSENT in (found.theirs, found.ours):
            where, key = found.where.rsplit(".", 1)
            side = "recorded only" if found.ours == ABSENT else "mock only"
            return self.differ(where, key, side)
        if found.kind == "block" or (found.kind == "stream" and found.where.endswith(" deltas")):
            return None  # which blocks a model makes is generated; deltas: GRAMMARS, below
        if found.kind == "model" and "retired" in self.rules:
            return None  # answered by the replacement
        self.unexplained.append(f"{found.kind} {found.where}: {found.theirs} recorded, "
                                f"{found.ours} mock")  # fmt: skip

    def differ(self, where: str, key: str, side: str) -> None:
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
        content = next((b["content"] for b in self.mock_blocks if b["type"] == kind), None)
        return content == [] or (isinstance(content, dict) and (
            "error_code" in content or content.get("return_code") == 1))  # fmt: skip

    @property
    def agrees(self) -> bool:
        """No difference left unexplained, and none the mock makes on purpose."""
        return not self.unexplained and not any(RULES[rule].differs for rule in self.rules)


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
    explained = sum(1 for replay in replays().values() if not replay.unexplained)
    plain = sum(1 for r in replays().values() if not r.unexplained and not r.rules)
    print(f"\n{len(replays())} recorded exchanges; every difference explained in {explained}, "
          f"{plain} of them with no rule at all. Explained differences, by rule:")  # fmt: skip
    for rule, why in RULES.items():
        print(f"  {used[rule]:4}  {rule}{'  (the mock differs)' if why.differs else ''}")
    assert set(used) == set(RULES), set(RULES) - set(used)
    assert all(re.fullmatch(r"\d{4}-\d{2}-\d{2}", r.since) and len(r.why) > 40
               for r in RULES.values())  # fmt: skip


def test_the_share_of_exchanges_the_mock_agrees_with_is_printed_and_kept():
    agree = [r for r in replays().values() if r.agrees]
    share = len(agree) / len(replays())
    causes = Counter(rule for r in replays().values() for rule in r.rules if RULES[rule].differs)
    print(f"\nthe mock agrees with {len(agree)} of {len(replays())} recorded exchanges as of "
          f"today ({share:.1%}); the rest, by cause: {dict(causes)}")  # fmt: skip
    for r in sorted(replays().values(), key=lambda r: r.name):
        if not r.agrees:
            print(f"  {r.name}: {', '.join(x for x in r.rules if RULES[x].differs)}")
    assert share >= AGREEMENT


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
