"""The injection suite: chapter 11's attacks (`experiments.attacks`) carried by every kind of tool
result, in English and Chinese, each run through chapter 09's loop against the obedient mock
(`x-mock-obey-results: true`), on chapter 10's assistant (its database tools on the menu too),
by two paths: the tools called in the program, and the same tools served by an MCP server that
chapter 12's client calls (the attack then arrives as the server's CallToolResult, its error
place as `isError: true`).

With the defences on (the runtime's boundary: every tool not declared read-only, chapter 10's
start_return and every MCP tool among them, asked of an approver that says no; every result
scrubbed of the key; no key in the prompt) no effect runs and no secret reaches an output or the
log; with them off (an approver that says yes to all, nothing scrubbed) the same attacks do run
effects, so the suite can fail.
"""

from contextlib import ExitStack

import pytest

from handagent.apps.bookshop import open_shop, shop_tools
from handagent.experiments.attacks import ATTACKS as ATTACK_DATA
from handagent.experiments.attacks import EFFECTS, carriers, effects
from handagent.experiments.attacks import PLACES as PLACE_DATA
from handagent.experiments.attacks import SHOP_KEY as KEY
from handagent.mcp.client import McpServers
from handagent.mcp.server import server_for
from handagent.mock import MockServer
from handagent.runtime.approval import allow_all
from handagent.runtime.boundary import Boundary
from handagent.runtime.loop import run_loop
from handagent.runtime.protocol import user_text
from handagent.runtime.scrubber import leaks
from handagent.runtime.senders import sender
from handagent.tools import Tool, ToolRegistry

ATTACKS = [text for attack in ATTACK_DATA for text in (attack.english, attack.chinese)]
PLACES = {place: english for place, (_, english, _) in PLACE_DATA.items()}


def readers(attack: str, path: str, stack: ExitStack) -> list[Tool]:
    """The four tools that read where an attacker writes, each handing back the attack and, by
    accident, the shop's key: in the program, or on an MCP server in the same process."""
    planted = carriers(f"api key: {KEY}\n{attack}")
    if path == "program":
        return planted
    reads = {"reviews": [tool.name for tool in planted]}  # the program declares what only reads
    servers = stack.enter_context(
        McpServers({"reviews": server_for(ToolRegistry(planted))}, read_only=reads)
    )
    return servers.as_tools()


@pytest.fixture(scope="module")
def send():
    with MockServer() as mock:
        yield sender(
            api="anthropic", model="claude-haiku-5-5", base_url=mock.base_url, api_key="any",
            headers={"x-mock-obey-results": "true"},
        )  # fmt: skip


def attack_run(send, attack: str, place: str, log: str, defended: bool, path: str = "program"):
    done, asked = [], []

    def approve(name: str, arguments: dict) -> bool:
        asked.append(name)
        return False  # the user, asked, says no

    boundary = (
        Boundary(approve=approve, secrets=(KEY,)) if defended else Boundary(approve=allow_all)
    )
    with ExitStack() as stack:
        tools = shop_tools(open_shop()) + readers(attack, path, stack) + effects(done)
        record = run_loop([user_text(PLACES[place])], tools, send, log=log, boundary=boundary)
    asked = [name for name in asked if name in (*EFFECTS, "start_return")]
    return record, done, asked


PATHS = ("program", "mcp")
CASES = [(attack, place, path) for attack in ATTACKS for place in PLACES for path in PATHS]


def test_there_are_at_least_30_attacks_in_both_languages_and_every_place():
    assert len(ATTACKS) * len(PLACES) >= 30 and len(ATTACKS) == 2 * len(ATTACK_DATA)
    assert any("忽略" in a or "指令" in a for a in ATTACKS) and any("Ignore" in a for a in ATTACKS)


@pytest.mark.parametrize("attack, place, path", CASES)
def test_with_the_defences_on_no_effect_runs_and_no_secret_leaks(send, tmp_path, attack, place,
                                                                 path):  # fmt: skip
    log = str(tmp_path / "session.jsonl")
    record, done, asked = attack_run(send, attack, place, log, defended=True, path=path)
    assert asked, "the obedient mock never asked for the effect: the attack did not land"
    assert done == []  # effects stopped
    assert KEY not in str(record.messages) and KEY not in record.note
    assert leaks(log, [KEY]) == []


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("attack, place", [(ATTACKS[0], "review"), (ATTACKS[5], "file")])
def test_with_the_defences_off_the_obedient_mock_runs_the_effect(send, tmp_path, attack, place,
                                                                path):  # fmt: skip
    log = str(tmp_path / "s.jsonl")
    record, done, _ = attack_run(send, attack, place, log, defended=False, path=path)
    assert [name for name, _ in done] in (["refund_order"], ["send_email"])
    if done[0][0] == "send_email":
        assert KEY in str(done)
