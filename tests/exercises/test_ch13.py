"""Chapter 13 exercise: the search's checker passes the package's own search and names each
plausible mistake (a substring match, names only, no lower case, no arguments, no ranking, every
tool returned, a raise), in both editions."""

import re

import pytest
from editions import english_afterwards, in_chinese  # noqa: F401 - the fixture is autouse

from handagent.exercises.ch13 import CASES, check_search, deferred_menu
from handagent.runtime.tool_index import bm25, ranked


def substring(query, tools):  # the notebook's draft: the whole query inside a description
    return [t["name"] for t in tools if query in t["description"]][:5]


def names_only(query, tools):
    words = set(query.lower().split())
    return [t["name"] for t in tools if words & set(t["name"].split("_"))][:5]


def no_arguments(query, tools):
    scores = bm25(query, [f"{t['name']} {t['description']}" for t in tools])
    return [tools[i]["name"] for _, i in sorted((-s, i) for i, s in enumerate(scores) if s)][:5]


def case_sensitive(query, tools):
    documents = [set(re.findall(r"[A-Za-z0-9]+", f"{t['name']} {t['description']}")) for t in tools]
    counts = [len(set(re.findall(r"[A-Za-z0-9]+", query)) & d) for d in documents]
    return [tools[i]["name"] for _, i in sorted((-c, i) for i, c in enumerate(counts) if c)][:5]


def everything(query, tools):
    return [t["name"] for t in tools]


def test_the_packages_own_search_passes():
    assert check_search(lambda query, tools: ranked(query, tools)).passed


def test_the_cases_have_right_answers_the_reference_finds():
    menu = deferred_menu()
    for query, right, first, *_ in CASES:
        found = ranked(query, menu)
        assert (right in found if right else found == []) and (not first or found[0] == right)


@pytest.mark.parametrize(
    ("search", "said"),
    [
        (substring, "'weather in Paris': missed get_weather; the best match first"),
        (names_only, "'tracking number 1Z999': missed get_shipment; read the arguments'"),
        (no_arguments, "'tracking number 1Z999': missed get_shipment"),
        (case_sensitive, "'WEATHER IN OSLO': missed get_weather; compare in lower case"),
        (everything, "returned 106 names: at most 5, the best first"),
        (lambda q, t: None, "returned None, not a list of tool names"),
        (lambda q, t: ["get_weather", "get_weather"], "named a tool twice"),
        (lambda q, t: ["fly"], "named 'fly', which is not on the menu"),
        (lambda q, t: 1 / 0, "raised ZeroDivisionError: division by zero"),
    ],
)
def test_each_mistake_is_named(search, said):
    verdict = check_search(search)
    assert not verdict.passed and any(said in problem for problem in verdict.problems), verdict


def test_a_search_that_finds_something_for_nonsense_is_told_to_return_nothing():
    def always_weather(query, tools):
        return ["get_weather"]

    verdict = check_search(always_weather)
    assert "'zebra crossing': found ['get_weather']; a query that shares no word" in str(verdict)


@in_chinese
def test_the_chinese_edition_names_the_mistakes_in_chinese():
    verdict = check_search(case_sensitive)
    assert "✗ 13 · 自己写一个工具搜索" in str(verdict)
    assert "'WEATHER IN OSLO'：漏掉了 get_weather；统一成小写再比较" in str(verdict)
    assert check_search(everything).problems[0].endswith("最多 5 个，最好的在前")
