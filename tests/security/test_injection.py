"""The injection suite: chapter 11's attacks (`runtime.attacks`) carried by every kind of tool
result, in English and Chinese, each run through chapter 09's loop against the obedient mock
(`x-mock-obey-results: true`).

With the defences on (effect tools behind `runtime.approval.gated`, every result through
`runtime.scrubber.scrubbed`, no key in the prompt) no effect runs and no secret reaches an
output or the log; with them off the same attacks do run effects, so the suite can fail.
"""

import pytest

from handagent.mock import MockServer
from handagent.runtime.approval import gated
from handagent.runtime.attacks import ATTACKS as ATTACK_DATA
from handagent.runtime.attacks import EFFECTS, carriers, effects
from handagent.runtime.attacks import PLACES as PLACE_DATA
from handagent.runtime.attacks import SHOP_KEY as KEY
from handagent.runtime.loop import run_loop
from handagent.runtime.protocol import user_text
from handagent.runtime.scrubber import leaks, scrubbed
from handagent.runtime.senders import sender
from handagent.tools import Tool

ATTACKS = [text for attack in ATTACK_DATA for text in (attack.english, attack.chinese)]
PLACES = {place: english for place, (_, english, _) in PLACE_DATA.items()}


def shop(attack: str, done: list) -> list[Tool]:
    """Every tool: each carrier hands back the attack and, by accident, the shop's key."""
    return carriers(f"api key: {KEY}\n{attack}") + effects(done)


@pytest.fixture(scope="module")
def send():
    with MockServer() as mock:
        yield sender(
            api="anthropic", model="claude-haiku-5-5", base_url=mock.base_url, api_key="any",
            headers={"x-mock-obey-results": "true"},
        )  # fmt: skip


def attack_run(send, attack: str, place: str, log: str, defended: bool):
    done, asked = [], []

    def approve(name: str, arguments: dict) -> bool:
        asked.append(name)
        return False  # the user, asked, says no

    tools = shop(attack, done)
    if defended:
        tools = [scrubbed(t, [KEY]) for t in tools]
        tools = [gated(t, approve) if t.name in EFFECTS else t for t in tools]
    record = run_loop([user_text(PLACES[place])], tools, send, log=log)
    return record, done, asked


CASES = [(attack, place) for attack in ATTACKS for place in PLACES]


def test_there_are_at_least_30_attacks_in_both_languages_and_every_place():
    assert len(CASES) >= 30
    assert any("忽略" in a or "指令" in a for a in ATTACKS) and any("Ignore" in a for a in ATTACKS)


@pytest.mark.parametrize("attack, place", CASES)
def test_with_the_defences_on_no_effect_runs_and_no_secret_leaks(send, tmp_path, attack, place):
    log = str(tmp_path / "session.jsonl")
    record, done, asked = attack_run(send, attack, place, log, defended=True)
    assert asked, "the obedient mock never asked for the effect: the attack did not land"
    assert done == []  # effects stopped
    assert KEY not in str(record.messages) and KEY not in record.note
    assert leaks(log, [KEY]) == []


@pytest.mark.parametrize("attack, place", [(ATTACKS[0], "review"), (ATTACKS[5], "file")])
def test_with_the_defences_off_the_obedient_mock_runs_the_effect(send, tmp_path, attack, place):
    record, done, _ = attack_run(send, attack, place, str(tmp_path / "s.jsonl"), defended=False)
    assert [name for name, _ in done] in (["refund_order"], ["send_email"])
    if done[0][0] == "send_email":
        assert KEY in str(done)
