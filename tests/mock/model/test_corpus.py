"""The mock model against tools it has never seen: the corpus in tests/corpus, scored.

The corpus is every tests/corpus/*.json file (its README says the format): apps, each a tools
menu and the requests a careful model would answer with one call. Each request is sent with its
app's whole menu; a hit is the expected tool, first among the calls it makes, with input that
validates against the schema and holds the arguments that matter.
"""

import json

import jsonschema
import pytest
from paths import TESTS

from handagent.mock.model.brain import respond

CORPUS = TESTS / "corpus"
FILES = sorted(CORPUS.glob("*.json"))
TARGET = 0.95


def _matches(expected: object, got: object) -> bool:
    """Strings: the expected text inside the value, case aside; lists: the same items."""
    if isinstance(expected, dict):
        return isinstance(got, dict) and all(_matches(v, got.get(k)) for k, v in expected.items())
    if isinstance(expected, list):
        return isinstance(got, list) and sorted(map(str, expected)) == sorted(map(str, got))
    if isinstance(expected, str):
        return isinstance(got, str) and expected.lower() in got.lower()
    return expected == got and isinstance(expected, bool) == isinstance(got, bool)


def _grade(app: dict, request: str, name: str, expected: dict) -> str | None:
    """None for a hit, else what went wrong."""
    reply = respond({"model": "mock", "max_tokens": 1024, "tools": app["tools"],
                     "messages": [{"role": "user", "content": request}]})  # fmt: skip
    calls = [b for b in reply if b["type"] == "tool_use"]
    if not calls:
        return f"no call; said {reply[0].get('text', '')!r}"
    call = calls[0]
    schema = next(t["input_schema"] for t in app["tools"] if t["name"] == call["name"])
    problems = list(jsonschema.Draft202012Validator(schema).iter_errors(call["input"]))
    if call["name"] != name or problems or not _matches(expected, call["input"]):
        return f"called {call['name']}({call['input']}); {[p.message for p in problems]}"
    return None


def _apps(path) -> list[dict]:
    """A corpus file's apps, each named after its file. Example: apps.json -> [{"app": ...}]"""
    apps = json.loads(path.read_text(encoding="utf-8"))
    assert isinstance(apps, list), f"{path.name}: the file holds a list of apps"
    return [{**app, "file": path.name} for app in apps]


APPS = [app for path in FILES for app in _apps(path)]
CASES = [(app, *case) for app in APPS for case in app["cases"]]


@pytest.mark.parametrize("app", APPS, ids=lambda app: f"{app['file']}: {app['app']}")
def test_every_app_has_the_corpus_shape(app):
    assert set(app) == {"app", "tools", "cases", "file"}, sorted(app)
    names = [tool["name"] for tool in app["tools"]]
    assert len(set(names)) == len(names), f"a tool name twice in {names}"
    for case in app["cases"]:
        request, name, expected = case  # [request_text, tool_name, expected_args]
        assert isinstance(request, str) and name in names and isinstance(expected, dict), case


def test_the_corpus_is_big_enough_and_its_expectations_are_schema_valid():
    assert FILES and sum(len(app["tools"]) for app in APPS) >= 60
    for app in APPS:
        for tool in app["tools"]:
            jsonschema.Draft202012Validator.check_schema(tool["input_schema"])
            asked = sum(case[1] == tool["name"] for case in app["cases"])
            assert asked >= 3, f"{app['file']}: {tool['name']} has {asked} requests, not 3"


def test_the_mock_picks_the_right_tool_with_sensible_arguments_for_95_percent(capsys):
    misses = [(request, name, expected, why) for app, request, name, expected in CASES
              if (why := _grade(app, request, name, expected))]  # fmt: skip
    score = 1 - len(misses) / len(CASES)
    with capsys.disabled():
        print(f"\ncorpus: {len(CASES) - len(misses)}/{len(CASES)} hits ({score:.1%})")
        for request, name, expected, why in misses:
            print(f"  MISS {request!r}: wanted {name}({expected}), {why}")
    assert score >= TARGET, f"{len(misses)} misses, see above"


def test_every_call_on_the_corpus_validates_forced_or_not():
    for app in APPS:
        schemas = {tool["name"]: tool["input_schema"] for tool in app["tools"]}
        requests = [case[0] for case in app["cases"]] + ["Tell me a joke", ""]
        choices = [None, {"type": "any"}] + [{"type": "tool", "name": n} for n in schemas]
        for text in requests:
            for choice in choices:
                request = {"model": "mock", "max_tokens": 100, "tools": app["tools"],
                           "messages": [{"role": "user", "content": text or "?"}]}  # fmt: skip
                if choice:
                    request["tool_choice"] = choice
                used = [b for b in respond(request) if b["type"] == "tool_use"]
                assert used or not choice, (text, choice)
                for block in used:
                    jsonschema.validate(block["input"], schemas[block["name"]])
