"""Tests for handagent.apps.toolbox: chapter 13's menu of 106 tools, each a Tool the API accepts,
each area found by its own words, each function answering."""

import pytest

from handagent.api.checks import check_request
from handagent.apps.shop_database import open_shop
from handagent.apps.toolbox import ACTIONS, AREAS, office_tools, toolbox
from handagent.runtime.tool_index import ranked


@pytest.fixture(scope="module")
def menu():
    return [tool.menu_entry() for tool in toolbox(open_shop())]


def test_the_menu_holds_106_tools_with_unique_names_the_api_accepts(menu):
    assert len(menu) == 106 and len({t["name"] for t in menu}) == 106
    request = {"model": "claude-haiku-5-5", "max_tokens": 64, "tools": menu,
               "messages": [{"role": "user", "content": "hi"}]}  # fmt: skip
    assert check_request(request) is None


@pytest.mark.parametrize("area", list(AREAS))
def test_each_areas_noun_finds_its_tools_first(menu, area):
    found = ranked(AREAS[area][0], menu, limit=len(ACTIONS))
    assert all(name.removesuffix("s").endswith(area) for name in found[:3]), found


def test_only_list_and_get_are_read_only_and_every_function_answers():
    for tool in office_tools():
        assert tool.read_only == tool.name.startswith(("list_", "get_"))
        required = tool.input_schema.get("required", [])
        answer = tool.function(**{name: "x" for name in required})
        assert isinstance(answer, str) and answer.endswith(".")
