"""runtime.boundary: approval before a call, outside its deadline and decided on the tool itself;
after it, any value made into content the API accepts, secrets scrubbed however nested, lone
surrogates folded, size capped. Several tests are the code review's reproductions (r04, r09, r10,
r21, r22, r23 in `reviews/2026-12-05/code-review-repros/`), named in their docstrings."""

import base64
import time
from dataclasses import dataclass, replace
from datetime import date, datetime
from decimal import Decimal
from pathlib import Path

import pytest
from builders import assistant
from hypothesis import given, settings
from hypothesis import strategies as st

from handagent.api.checks import check_request
from handagent.experiments.attacks import effects
from handagent.runtime import session_log
from handagent.runtime.adapters import to_anthropic
from handagent.runtime.approval import allow_all, deny_all
from handagent.runtime.boundary import Boundary
from handagent.runtime.calls import run_calls
from handagent.runtime.protocol import ImageBlock, TextBlock, ToolCall, user_text
from handagent.runtime.scrubber import leaks
from handagent.tools import Tool, ToolOutput, ToolRegistry

KEY = "sk-shop-7f3a9c2e4b1d"
ANY = {"type": "object", "properties": {}}
ORDER = {"type": "object", "properties": {"order_id": {"type": "integer"}},
         "required": ["order_id"]}  # fmt: skip


def run_one(function, boundary=None, read_only=True, **tool):
    """The one result of calling a tool made of `function`."""
    made = Tool("t", "A tool.", ANY, function, read_only=read_only, **tool)
    (result,) = run_calls(assistant(ToolCall("c1", "t", {})), [made], boundary=boundary)
    return result


def text_of(result) -> str:
    return "".join(b.text for b in result.content if isinstance(b, TextBlock))


def test_an_approver_slower_than_the_tools_timeout_is_waited_for_and_the_effect_reported():
    """r04: the approver used to run inside the tool's 10 s; "abandoned" was reported, then the
    person said yes and the refund ran, unrecorded."""
    done = []

    def slow_person(name, arguments):
        time.sleep(0.2)  # reading the dialog takes longer than the tool's whole timeout
        return True

    refund = Tool("refund_order", "Refund an order", ORDER,
                  lambda order_id: done.append(order_id) or "refunded", timeout=0.05)  # fmt: skip
    reply = assistant(ToolCall("c1", "refund_order", {"order_id": 1042}))
    (result,) = run_calls(reply, [refund], boundary=Boundary(approve=slow_person))
    assert (text_of(result), result.is_error, done) == ("refunded", False, [1042])


def test_a_denied_call_never_starts_and_an_approver_that_raises_is_a_no():
    done = []
    refund = effects(done)[0]
    reply = assistant(ToolCall("c1", "refund_order", {"order_id": 1042}))

    def crashed(name, arguments):
        raise RuntimeError("the dialog crashed")

    for approver, said in [
        (deny_all, "Not run: the program's approver did not approve refund_order."),
        (crashed, "Not run: the program's approver failed (RuntimeError), so refund_order was "
                  "not run."),
        (lambda name, arguments: "yes", "Not run: the program's approver did not approve "
                                        "refund_order."),  # only True is a yes
    ]:  # fmt: skip
        (result,) = run_calls(reply, [refund], boundary=Boundary(approve=approver))
        assert (result.is_error, text_of(result)) == (True, said)
    assert done == []


def test_the_approver_sees_the_calls_name_and_a_copy_of_its_arguments():
    asked = []

    def approver(name, arguments):
        asked.append((name, arguments))
        arguments["order_id"] = 1  # a careless approver cannot change what runs
        return True

    done = []
    refund = effects(done)[0]
    reply = assistant(ToolCall("c1", "refund_order", {"order_id": 1042}))
    run_calls(reply, [refund], boundary=Boundary(approve=approver))
    assert asked == [("refund_order", {"order_id": 1})] and done == [
        ("refund_order", {"order_id": 1042})
    ]


def test_a_tool_renamed_by_the_mcp_client_is_still_gated_because_the_gate_reads_the_tool():
    """r10: two servers offering refund_order were prefixed (shop__refund_order), and a gate
    keyed on menu names let the refund run under deny_all."""
    from handagent.mcp.client import McpServers
    from handagent.mcp.server import server_for

    done = []
    shop = server_for(ToolRegistry(effects(done)), "shop")
    legacy = server_for(ToolRegistry(effects(done)), "legacy")
    with McpServers({"shop": shop, "legacy": legacy}) as servers:
        tools = servers.as_tools()
        reply = assistant(ToolCall("c1", "shop__refund_order", {"order_id": 1042}))
        (result,) = run_calls(reply, tools, boundary=Boundary(approve=deny_all))
    assert "shop__refund_order" in [t.name for t in tools]
    assert result.is_error and done == []


def test_names_that_only_look_like_a_gated_tools_are_unknown_tools():
    """r21 (it came back clean; kept so it stays so)."""
    done = []
    names = ["Refund_Order", "refund_order ", " refund_order", "refund_order\u200b",
             "ｒｅｆｕｎｄ_order"]  # fmt: skip
    reply = assistant(*(ToolCall(f"c{i}", n, {"order_id": 1}) for i, n in enumerate(names)))
    results = run_calls(reply, effects(done), boundary=Boundary(approve=allow_all))
    assert all(text_of(r).startswith("Unknown tool") for r in results) and done == []


@dataclass
class Row:
    title: str
    added: date


@pytest.mark.parametrize(
    ("returned", "read"),
    [
        ({"order": 1042, "placed": date(2026, 12, 1)}, '{"order": 1042, "placed": "2026-12-01"}'),
        ({"price": Decimal("9.50"), "tags": {"b", "a"}}, '{"price": "9.50", "tags": ["a", "b"]}'),
        ([("Dune", 4)], '[["Dune", 4]]'),
        (Row("Dune", date(2026, 1, 2)), '{"title": "Dune", "added": "2026-01-02"}'),
        (datetime(2026, 12, 5, 9, 30), '"2026-12-05T09:30:00"'),
        (Path("notes.txt"), '"notes.txt"'),
        (None, "null"),
        (b"plain bytes", "plain bytes"),
        (b"\xff\xfe\x00", "[3 bytes that are not UTF-8 text were left out]"),
        (float("nan"), '"nan"'),
        ({1: "one"}, '{"1": "one"}'),
    ],
)
def test_any_python_value_a_tool_returns_becomes_text_the_model_reads(returned, read):
    result = run_one(lambda: returned)
    assert (text_of(result), result.is_error) == (read, False)


def test_any_exception_a_tool_raises_even_a_base_exception_is_an_error_result():
    for error, said in [
        (SystemExit(3), "t raised SystemExit: 3"),
        (KeyboardInterrupt(), "t raised KeyboardInterrupt: "),  # the tool's own, not the user's
        (LookupError("no order 999"), "t raised LookupError: no order 999"),
    ]:

        def raising(error=error):
            raise error

        result = run_one(raising)
        assert (text_of(result), result.is_error) == (said, True)


def test_blocks_the_api_would_refuse_become_text_saying_what_was_left_out():
    """r12 (the client's half): an svg image used to be passed on as an image block."""
    svg = {"type": "image", "source": {"type": "base64", "media_type": "image/svg+xml",
                                       "data": "PHN2Zz4="}}  # fmt: skip
    document = {"type": "document", "source": {"type": "text", "data": "receipt"}}
    result = run_one(lambda: ToolOutput([{"type": "text", "text": "Here:"}, svg, document]))
    assert result.content == (
        TextBlock("Here:"),
        TextBlock(
            "[an image of type image/svg+xml was left out: the API takes image/png, "
            "image/jpeg, image/gif, image/webp]"
        ),  # fmt: skip
        TextBlock('{"type": "document", "source": {"type": "text", "data": "receipt"}}'),
    )
    assert run_one(lambda: ImageBlock("image/png", "not base64!")).content == (
        TextBlock("[an image (image/png) was left out: its data is not base64]"),
    )


@pytest.mark.parametrize(
    ("label", "returned"),
    [
        ("a dict", lambda: {"payments_key": KEY}),
        ("a list of rows", lambda: [("payments_key", KEY)]),
        ("protocol TextBlocks", lambda: ToolOutput([TextBlock(f"key = {KEY}")])),
        ("details", lambda: ToolOutput("edited .env", {"diff": [f"+KEY={KEY}"]})),
        ("a key as a dict key", lambda: {KEY: "payments"}),
        ("base64", lambda: base64.b64encode(f"KEY={KEY}\n".encode()).decode()),
        ("an exception's words", lambda: (_ for _ in ()).throw(PermissionError(f"bad key {KEY}"))),
    ],
)
def test_a_secret_is_scrubbed_from_content_and_details_whatever_the_tool_returned(
    label, returned, tmp_path
):
    """r09: the scrubber cleaned only strings and {"text": ...} blocks."""
    result = run_one(returned, Boundary(approve=allow_all, secrets=(KEY,)))
    log = tmp_path / "log.jsonl"
    session_log.append(log, result)
    assert leaks(str(log), [KEY]) == [], label
    assert "[api key]" in session_log.dumps(result), label


def test_lone_surrogates_are_folded_so_the_next_request_can_be_sent():
    """r22 (the result's half): "Sunny \\ud83d" made every later request fail to encode."""
    result = run_one(lambda: ToolOutput("Sunny \ud83d and 21 C", {"raw": "\udce9"}))
    assert text_of(result) == "Sunny \ufffd and 21 C" and result.details == {"raw": "\ufffd"}
    history = [user_text("Weather?"), assistant(ToolCall("c1", "t", {})), result]
    body = {"model": "claude-haiku-5-5", "max_tokens": 64, "messages": to_anthropic(history)}
    assert '"Sunny \ufffd and 21 C"' in __import__("json").dumps(body, ensure_ascii=False)


def test_a_huge_result_is_cut_at_the_ceiling_with_a_note_on_getting_the_rest():
    """r23: a 20 MB result went to the model whole; every later request was too long."""
    huge = "".join(f"row {n}: {'x' * 40}\n" for n in range(500_000))  # about 23 MB
    result = run_one(lambda: huge)
    text = text_of(result)
    assert len(text.encode()) < 110 * 1024
    assert text.endswith(
        "the program cuts every result at 100.0 KB. Ask for a smaller part (a narrower query, a "
        "range, an offset or a page) to see the rest.]"
    )
    assert result.details["truncation"]["total_lines"] == 500_000


def test_a_result_within_the_ceiling_is_left_whole_and_gets_no_truncation_details():
    result = run_one(lambda: ToolOutput("short", {"kept": True}))
    assert (text_of(result), result.details) == ("short", {"kept": True})


def test_details_load_back_from_the_log_equal_to_what_the_result_holds(tmp_path):
    """r18 (3): details with a tuple did not load back equal."""
    result = run_one(lambda: ToolOutput("ok", {"lines": (3, 9), "when": date(2026, 1, 1)}))
    log = tmp_path / "log.jsonl"
    session_log.append(log, result)
    assert session_log.load(log) == [result]
    assert result.details == {"lines": [3, 9], "when": "2026-01-01"}


def test_a_boundary_refuses_what_it_cannot_enforce():
    with pytest.raises(ValueError, match="8 characters or more"):
        Boundary(secrets=("short",))
    with pytest.raises(TypeError, match="approve must be a function"):
        Boundary(approve=True)


values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text() | st.binary(max_size=8)
    | st.dates() | st.decimals(allow_nan=False),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner,
                                                                max_size=3)
    | st.tuples(inner, inner),
    max_leaves=12,
)  # fmt: skip


@settings(max_examples=200, deadline=None)
@given(returned=values, secret_inside=st.booleans())
def test_whatever_a_tool_returns_the_request_that_carries_it_is_accepted_and_holds_no_secret(
    returned, secret_inside
):
    value = {"wrapped": returned, "key": KEY} if secret_inside else returned
    result = run_one(lambda: value, Boundary(approve=allow_all, secrets=(KEY,)))
    history = [user_text("Go."), assistant(ToolCall("c1", "t", {})), result]
    body = {"model": "claude-haiku-5-5", "max_tokens": 64, "messages": to_anthropic(history),
            "tools": [{"name": "t", "description": "A tool.", "input_schema": ANY}]}  # fmt: skip
    check_request(body)
    wire = __import__("json").dumps(body, ensure_ascii=False)
    wire.encode("utf-8")  # no lone surrogate left
    assert KEY not in wire
    assert replace(result, timestamp=0) == replace(session_log.loads(session_log.dumps(result)),
                                                   timestamp=0)  # fmt: skip
