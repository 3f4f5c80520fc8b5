from handagent.views.transcript import html_table, lines, show

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


def test_each_call_and_its_result_carry_the_same_id():
    assert [(x.kind, x.id) for x in lines(HISTORY) if x.id] == [
        ("tool_use", "A"),
        ("tool_use", "B"),
        ("tool_result", "B"),
        ("tool_result", "Z"),
    ]


def test_html_keeps_lines_and_indents_without_css():
    # GitHub may drop the style attribute, so line breaks are <br> and indents &nbsp;.
    history = [{"role": "user", "content": "Invalid:\n  - 'b' is required"}]
    assert "Invalid:<br>&nbsp;&nbsp;- &#x27;b&#x27; is required" in show(history)._repr_html_()


def test_html_table_with_ids_adds_an_id_column_and_rows_for_notes():
    page = html_table(lines(HISTORY), ids=True, notes={4: "<i>a note</i>"})
    assert page.count("<th") == 5 and page.count("<code>B</code>") == 2
    rows = page.split("<tr>")[1:]
    assert "tool_result for #2" in rows[5] and "<i>a note</i>" in rows[6]
