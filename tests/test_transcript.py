from handagent.views.transcript import lines, show

HISTORY = [
    {"role": "user", "content": "What time is it, and 1+2?"},
    {
        "role": "assistant",
        "content": [
            {"type": "text", "text": "Let me check."},
            {"type": "tool_use", "id": "A", "name": "get_current_time", "input": {}},
            {"type": "tool_use", "id": "B", "name": "add", "input": {"a": 1, "b": 2}},
        ],
    },
    {
        "role": "user",
        "content": [
            {"type": "tool_result", "tool_use_id": "B", "content": "boom", "is_error": True},
            {"type": "tool_result", "tool_use_id": "Z", "content": "stray"},
        ],
    },
]


def test_calls_are_numbered_and_results_carry_the_number_of_their_call():
    by_kind = [(x.kind, x.call) for x in lines(HISTORY)]
    assert by_kind == [
        ("text", None),
        ("text", None),
        ("tool_use", 1),
        ("tool_use", 2),
        ("tool_result", 2),
        ("tool_result", None),
    ]


def test_errors_unanswered_calls_and_stray_results_are_marked():
    problems = [x.problem for x in lines(HISTORY)]
    assert problems == [None, None, "no result", None, "error", "no matching call"]


def test_plain_text_view_pairs_calls_and_results():
    assert str(show(HISTORY)).splitlines() == [
        "[0] user",
        "    text: What time is it, and 1+2?",
        "[1] assistant",
        "    text: Let me check.",
        "    tool_use #1: get_current_time {}  <-- NO RESULT",
        '    tool_use #2: add {"a": 1, "b": 2}',
        "[2] user",
        "    tool_result for #2: boom  <-- ERROR",
        "    tool_result for ?: stray  <-- NO MATCHING CALL",
    ]


def test_html_view_escapes_content_and_marks_errors():
    page = show(
        [{"role": "user", "content": "<script>alert(1)</script>"}] + HISTORY[1:]
    )._repr_html_()
    assert "<script>" not in page and "&lt;script&gt;" in page
    assert "✗ error" in page and "tool_use #2" in page


def test_long_content_is_previewed_not_dumped():
    (line,) = lines([{"role": "user", "content": "x" * 5000}])
    assert len(line.text) < 400 and line.text.endswith("…")


def test_multi_line_results_stay_in_their_column():
    history = [
        {
            "role": "assistant",
            "content": [{"type": "tool_use", "id": "A", "name": "t", "input": {}}],
        },
        {
            "role": "user",
            "content": [{"type": "tool_result", "tool_use_id": "A", "content": "a\nb"}],
        },
    ]
    assert str(show(history)).splitlines()[-2:] == [
        "    tool_result for #1: a",
        "                        b",
    ]
