"""Servers' tools vetted and named for one menu: each entry kept passes `check_request`, a tool
the API would refuse is left off with a warning naming its server and itself, and one bad or
duplicated tool never costs another tool its place (the review's r11, the client's part)."""

import pytest
from builders import request, user
from mcp import StdioServerParameters

from handagent.api.checks import check_request
from handagent.mcp.client import McpServers
from handagent.mcp.menu import RemoteTool, menu_names


def listed(name: str, schema: dict | None = None, **fields) -> dict:
    schema = schema or {"type": "object"}
    return {"name": name, "description": f"The {name} tool.", "inputSchema": schema, **fields}


def named(listings: dict, **options) -> list[tuple[str, str, str]]:
    tools, _ = menu_names(listings, **options)
    check_request(request([user("Hi")], tools=[tool.menu_entry() for tool in tools]))
    return [(t.server, t.name, t.menu_name) for t in tools]


def test_a_name_two_servers_share_is_prefixed_on_both_and_others_keep_theirs():
    tools, warnings = menu_names({"a": [listed("add")], "b": [listed("add"), listed("echo")]})
    assert [(t.server, t.name, t.menu_name) for t in tools] == [
        ("a", "add", "a__add"),
        ("b", "add", "b__add"),
        ("b", "echo", "echo"),
    ]
    assert warnings == []
    assert tools[1].menu_entry() == {
        "name": "b__add",
        "description": "The add tool.",
        "input_schema": {"type": "object"},
    }


def test_a_name_the_program_already_uses_is_prefixed_on_the_server_side_only():
    assert named({"series": [listed("get_current_time")]}, taken=["get_current_time"]) == [
        ("series", "get_current_time", "series__get_current_time")
    ]


def test_characters_the_api_refuses_in_a_name_become_underscores_with_a_warning():
    tools, warnings = menu_names({"b": [listed("text.upper")]})
    assert [(t.name, t.menu_name) for t in tools] == [("text.upper", "text_upper")]
    assert warnings == [
        "Server 'b': tool 'text.upper' is offered as 'text_upper' (the API allows letters, "
        "digits, _ and -, names unique)."
    ]


def test_names_that_still_clash_after_prefixing_are_numbered_not_refused():
    assert named({"a": [listed("x")], "b": [listed("x")]}, taken=["a__x"]) == [
        ("a", "x", "a__x_2"),
        ("b", "x", "b__x"),
    ]
    assert named({"s": [listed("a.b"), listed("a_b"), listed("a-b")]}) == [
        ("s", "a.b", "s__a_b"),
        ("s", "a_b", "s__a_b_2"),
        ("s", "a-b", "a-b"),
    ]


def test_a_name_too_long_for_the_api_is_cut_to_fit():
    ((_, _, name),) = named({"s": [listed("t" * 200)]})
    assert name == "t" * 128


def test_a_name_one_server_lists_twice_keeps_its_first_listing_and_warns():
    tools, warnings = menu_names({"s": [listed("add"), listed("add", description="Again.")]})
    assert [(t.name, t.listed["description"]) for t in tools] == [("add", "The add tool.")]
    assert warnings == [
        "Server 's': tool 'add' left off the menu: the server lists that name twice; tools/call "
        "could call only one of them."
    ]


BAD = [
    (listed("top_any", {"type": "object", "anyOf": [{"required": ["a"]}, {"required": ["b"]}]}),
     "input_schema does not support oneOf, allOf, or anyOf at the top level (anyOf)"),
    (listed("union", {"oneOf": [{"type": "object"}, {"type": "object"}]}),
     'its inputSchema is not an object schema ({"type": "object", ...})'),
    (listed("no_type", {"$schema": "http://json-schema.org/draft-07/schema#"}),
     'its inputSchema is not an object schema ({"type": "object", ...})'),
    (listed("tuple", {"type": "object", "properties": {"p": {"type": 5}}}),
     "its inputSchema: JSON schema is invalid. It must match JSON Schema draft 2020-12 "
     "(https://json-schema.org/draft/2020-12)."),
    (listed("task", execution={"taskSupport": "required"}),
     'it runs only as a task (execution.taskSupport "required"), never called directly'),
    ({"name": "", "inputSchema": {"type": "object"}}, "it has no name"),
]  # fmt: skip


@pytest.mark.parametrize("tool, why", BAD, ids=[tool["name"] or "nameless" for tool, _ in BAD])
def test_a_tool_the_api_would_refuse_is_left_off_with_a_warning_and_the_rest_stay(tool, why):
    tools, warnings = menu_names({"ok": [listed("fine")], "rogue": [tool, listed("also_fine")]})
    assert [t.menu_name for t in tools] == ["fine", "also_fine"]
    assert warnings == [f"Server 'rogue': tool {tool['name']!r} left off the menu: {why}."]
    check_request(request([user("Hi")], tools=[t.menu_entry() for t in tools]))


def test_a_draft_07_schema_the_api_reads_as_2020_12_is_kept():
    schema = {"$schema": "http://json-schema.org/draft-07/schema#", "type": "object",
              "properties": {"a": {"type": "number"}}}  # fmt: skip
    assert named({"s": [listed("add", schema)]}) == [("s", "add", "add")]


def test_every_tool_is_an_effect_unless_the_program_names_it_read_only():
    hinted = listed("delete_all", annotations={"readOnlyHint": True})  # the server's word only
    tools, warnings = menu_names({"s": [listed("look"), hinted]}, read_only={"s": ["look", "lok"]})
    assert [(t.name, t.read_only) for t in tools] == [("look", True), ("delete_all", False)]
    assert warnings == [
        "Server 's': read_only names 'lok', which is not on the menu; check the name against "
        "the server's tools."
    ]
    assert RemoteTool("s", "x", "x", listed("x")).read_only is False


def test_a_server_name_the_api_could_not_prefix_with_is_refused_at_once():
    with pytest.raises(ValueError, match="Server name 'my server': use 1-40 letters"):
        menu_names({"my server": [listed("x")]})
    with pytest.raises(ValueError, match="Server name 'a.b': use 1-40 letters"):
        McpServers({"a.b": StdioServerParameters(command="never-started")})
