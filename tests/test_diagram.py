from anthropic.types import TextBlock, ToolUseBlock

from handagent.views.diagram import sequence_diagram

ROUND_TRIP = [
    {"role": "user", "content": "What time is it?"},
    {
        "role": "assistant",
        "content": [
            TextBlock(type="text", text="Let me check."),
            ToolUseBlock(type="tool_use", id="toolu_A", name="get_current_time", input={}),
        ],
    },
    {
        "role": "user",
        "content": [{"type": "tool_result", "tool_use_id": "toolu_A", "content": "12:00"}],
    },
    {"role": "assistant", "content": [{"type": "text", "text": "It is 12:00."}]},
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


def test_jupyter_gets_mermaid_and_a_plain_text_fallback():
    diagram = sequence_diagram(ROUND_TRIP)
    assert diagram._repr_mimebundle_() == {
        "text/vnd.mermaid": diagram.mermaid(),
        "text/plain": str(diagram),
    }
