"""Tests for views.diagram: a conversation as a sequence diagram, as text and as SVG, in both
editions."""

import re
import xml.etree.ElementTree as ET

from builders import assistant_turn, call, result, sdk_content, text, user
from editions import english_afterwards, in_chinese  # noqa: F401 - the fixture is autouse

from handagent.language import use_language
from handagent.views.diagram import NAMES_ZH, PARTICIPANTS, sequence_diagram
from handagent.views.svg import width

SVG = "{http://www.w3.org/2000/svg}"

ROUND_TRIP = [
    user("What time is it?"),
    assistant_turn(sdk_content(text("Let me check."), call("toolu_A", "get_current_time"))),
    user([result("toolu_A", "12:00")]),
    assistant_turn([text("It is 12:00.")]),
]


def test_a_round_trip_is_request_call_run_result_and_answer():
    assert str(sequence_diagram(ROUND_TRIP)).splitlines() == [
        "   user ->  program  What time is it?",
        "program ->  model    request with 1 message",
        "  model --> program  text: Let me check.",
        "  model --> program  tool_use #1 get_current_time {}",
        "program ->  tool     run #1 get_current_time {}",
        "   tool --> program  #1 12:00",
        "program ->  model    request with 3 messages",
        "  model --> program  text: It is 12:00.",
        "program --> user     shows the reply",
    ]


def test_mermaid_source_declares_the_four_participants_and_draws_replies_dashed():
    source = sequence_diagram(ROUND_TRIP).mermaid().splitlines()
    assert source[:5] == [
        "sequenceDiagram",
        "    participant user",
        "    participant program",
        "    participant model",
        "    participant tool",
    ]
    assert source[5:7] == [
        "    user->>program: What time is it?",
        "    program->>model: request with 1 message",
    ]
    assert source[-1] == "    program-->>user: shows the reply"


def test_characters_mermaid_would_misread_are_written_as_entities():
    history = [{"role": "user", "content": "a;b #1 <x>"}]
    assert sequence_diagram(history).mermaid().splitlines()[-1] == (
        "    user->>program: a#59;b #35;1 #60;x#62;"
    )


def test_error_results_and_unanswered_calls_are_marked():
    history = ROUND_TRIP[:2] + [
        {
            "role": "user",
            "content": [
                {
                    "type": "tool_result",
                    "tool_use_id": "toolu_A",
                    "content": "down",
                    "is_error": True,
                }
            ],
        }
    ]
    assert str(sequence_diagram(history)).splitlines()[-1] == "   tool --> program  #1 error: down"
    unanswered = str(sequence_diagram(ROUND_TRIP[:2])).splitlines()[-1]
    assert unanswered.endswith("tool_use #1 (no result) get_current_time {}")


def test_long_texts_are_cut_to_one_short_line():
    history = [{"role": "user", "content": "word " * 40 + "\nsecond line"}]
    (step,) = sequence_diagram(history).steps
    listed = str(sequence_diagram(history))
    assert "\n" not in listed and listed.endswith("word word…")
    assert len(listed.split("program  ", 1)[1]) == 60 and "second line" in step.text


ERROR_RESULT = ROUND_TRIP[:2] + [
    {
        "role": "user",
        "content": [
            {"type": "tool_result", "tool_use_id": "toolu_A", "content": "down", "is_error": True}
        ],
    }
]


def test_one_output_carries_mermaid_the_svg_picture_and_a_listing_but_no_html():
    diagram = sequence_diagram(ROUND_TRIP)
    # No text/html: JupyterLab ranks HTML (50) above Mermaid (61) and would never draw Mermaid.
    assert diagram._repr_mimebundle_() == {
        "text/vnd.mermaid": diagram.mermaid(),
        "image/svg+xml": diagram.svg(),
        "text/plain": str(diagram),
    }


def texts(svg: str) -> list[str]:
    return [node.text for node in ET.fromstring(svg).iter(f"{SVG}text")]


def test_the_svg_is_a_standalone_document_with_every_participant_at_top_and_bottom():
    svg = sequence_diagram(ROUND_TRIP).svg()
    root = ET.fromstring(svg)  # well-formed XML, in the SVG namespace
    assert root.tag == f"{SVG}svg" and root.find(f"{SVG}title") is not None
    assert sorted(t for t in texts(svg) if t in PARTICIPANTS) == sorted(PARTICIPANTS * 2)
    assert not any(bad in svg for bad in ("<script", "<style", "href", "url(", "<image"))


def test_the_svg_draws_one_labelled_arrow_per_step_replies_dashed():
    diagram = sequence_diagram(ROUND_TRIP)
    root = ET.fromstring(diagram.svg())
    heads = list(root.iter(f"{SVG}polygon"))
    dashed = [p for p in root.iter(f"{SVG}path") if p.get("stroke-dasharray")]
    assert len(heads) == len(diagram.steps)
    assert len(dashed) == sum(step.reply for step in diagram.steps)
    assert [t for t in texts(diagram.svg()) if t not in PARTICIPANTS] == [
        step.text for step in diagram.steps
    ]


def test_an_error_result_gets_a_note_in_mermaid_and_in_the_svg():
    diagram = sequence_diagram(ERROR_RESULT)
    assert [s.problem for s in diagram.steps if s.problem] == ["error"]
    assert "    Note over tool: ✗ error" in diagram.mermaid().splitlines()
    assert "✗ error" in texts(diagram.svg())
    assert "✗" not in sequence_diagram(ROUND_TRIP).svg()


def test_an_unanswered_call_and_a_stray_result_are_noted_where_they_start():
    stray = [{"role": "user", "content": [{"type": "tool_result", "tool_use_id": "x"}]}]
    noted = [(s.source, s.problem) for s in sequence_diagram(ROUND_TRIP[:2] + stray).steps]
    assert ("model", "no result") in noted and ("program", "no matching call") in noted


def test_svg_labels_are_escaped_and_cut_like_the_listing():
    history = [{"role": "user", "content": "<b>&</b> " + "word " * 40}]
    diagram = sequence_diagram(history)
    (label,) = [t for t in texts(diagram.svg()) if t not in PARTICIPANTS]
    assert label.startswith("<b>&</b> word") and label.endswith("…") and len(label) == 60


# The Chinese edition: the same arrows, in Chinese words; code terms and the history as they are.


@in_chinese
def test_a_round_trip_in_chinese_names_the_participants_and_arrows_in_chinese():
    assert str(sequence_diagram(ROUND_TRIP)).splitlines() == [
        "用户 ->  程序  What time is it?",
        "程序 ->  模型  请求（1 条消息）",
        "模型 --> 程序  text：Let me check.",
        "模型 --> 程序  tool_use #1 get_current_time {}",
        "程序 ->  工具  执行 #1 get_current_time {}",
        "工具 --> 程序  #1 12:00",
        "程序 ->  模型  请求（3 条消息）",
        "模型 --> 程序  text：It is 12:00.",
        "程序 --> 用户  显示回复",
    ]


@in_chinese
def test_chinese_mermaid_keeps_the_ids_and_shows_the_chinese_names():
    source = sequence_diagram(ERROR_RESULT).mermaid().splitlines()
    assert source[1:5] == [f"    participant {p} as {NAMES_ZH[p]}" for p in PARTICIPANTS]
    assert "    program->>model: 请求（1 条消息）" in source
    assert source[-2:] == [
        "    tool-->>program: #35;1 出错：down",
        "    Note over tool: ✗ 错误结果",
    ]


@in_chinese
def test_chinese_marks_for_an_unanswered_call_and_a_stray_result():
    stray = [{"role": "user", "content": [{"type": "tool_result", "tool_use_id": "x"}]}]
    listed = str(sequence_diagram(ROUND_TRIP[:2] + stray)).splitlines()
    assert listed[-2:] == [
        "模型 --> 程序  tool_use #1（没有结果）get_current_time {}",
        "程序 ->  模型  tool_result（没有对应的调用）",
    ]


@in_chinese
def test_the_chinese_svg_draws_chinese_boxes_notes_and_title_and_every_label_fits():
    svg = sequence_diagram(ERROR_RESULT).svg()
    root, drawn = ET.fromstring(svg), texts(svg)
    assert sorted(t for t in drawn if t in NAMES_ZH.values()) == sorted([*NAMES_ZH.values()] * 2)
    assert "✗ 错误结果" in drawn and "#1 出错：down" in drawn
    assert root.find(f"{SVG}title").text == "时序图：用户、程序、模型、工具，共 6 步"
    shapes = [n for n in root if n.tag in (f"{SVG}path", f"{SVG}polygon", f"{SVG}text")]
    arrows = [shapes[i : i + 3] for i, n in enumerate(shapes) if n.tag == f"{SVG}path"]
    assert len(arrows) == 6
    for path, head, label in arrows:  # from the source column's centre to the target's
        start = float(re.match(r"M(-?[\d.]+),", path.get("d")).group(1))
        end = float(head.get("points").split(",")[0])
        assert width(label.text) <= abs(end - start), label.text


@in_chinese
def test_chinese_text_is_cut_to_the_same_width_as_english():
    history = [{"role": "user", "content": "天气" * 40}]
    (line,) = str(sequence_diagram(history)).splitlines()
    label = line.split("程序  ", 1)[1]
    assert label == "天气" * 14 + "天…" and width(label) <= width("x" * 60)


def test_the_language_is_read_when_the_diagram_is_drawn():
    diagram = sequence_diagram(ROUND_TRIP)
    use_language("zh-CN")
    chinese = diagram._repr_mimebundle_()
    use_language("en")
    assert "显示回复" in chinese["text/plain"] and "显示回复" in chinese["image/svg+xml"]
    assert "shows the reply" in str(diagram)


def test_chapter_06s_neutral_messages_draw_the_same_arrows_as_their_wire_form():
    from builders import neutral_history

    from handagent.views.transcript import wire_messages

    history = neutral_history()
    drawn = sequence_diagram(history)
    assert drawn.steps == sequence_diagram(wire_messages(history)[0]).steps
    assert any(step.text.startswith("run #1 add") for step in drawn.steps)
