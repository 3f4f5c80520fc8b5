"""The mock model against tools it has never seen: the corpus in tests/corpus, scored.

Each request is sent with its app's whole menu; a hit is the expected tool, first among the calls
it makes, with input that validates against the schema and holds the arguments that matter.
"""

import jsonschema
from corpus.apps import APPS

from handagent.mock.model.brain import respond

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


CASES = [(app, *case) for app in APPS for case in app["cases"]]


def test_the_corpus_is_big_enough_and_its_expectations_are_schema_valid():
    tools = [tool for app in APPS for tool in app["tools"]]
    assert len(tools) >= 60 and len({t["name"] for t in tools}) == len(tools)
    for tool in tools:
        jsonschema.Draft202012Validator.check_schema(tool["input_schema"])
        assert sum(case[1] == tool["name"] for app in APPS for case in app["cases"]) >= 3, tool


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
