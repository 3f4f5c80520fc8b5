import pytest
from editions import english_afterwards, in_chinese  # noqa: F401 - the fixture is autouse

from handagent.blocks import text_of
from handagent.views.stepper import LABELS, LABELS_ZH, step_through

MENU = [
    {
        "name": "get_current_time",
        "description": "Returns the current date and time. "
        "Use it whenever the user asks what time or what day it is.",
        "input_schema": {"type": "object", "properties": {}},
    }
]
CLOCK = {"get_current_time": lambda: "2124/1/1 00:00:00"}


def enabled(stepper) -> list[int]:
    return [n for n, button in enumerate(stepper.buttons, 1) if not button.disabled]


def test_each_click_adds_the_message_of_its_step(mock_provider):
    stepper = step_through("What time is it?", MENU, CLOCK)
    roles = []
    for button in stepper.buttons:
        button.click()
        roles.append([m["role"] for m in stepper.messages])
    assert roles == [
        ["user", "assistant"],
        ["user", "assistant"],
        ["user", "assistant", "user"],
        ["user", "assistant", "user", "assistant"],
    ]
    call = stepper.calls[0]
    assert stepper.messages[2]["content"] == [
        {"type": "tool_result", "tool_use_id": call["id"], "content": "2124/1/1 00:00:00"}
    ]
    assert "2124/1/1 00:00:00" in text_of(stepper.messages[3]["content"])


def test_each_step_shows_what_it_added(mock_provider):
    stepper = step_through("What time is it?", MENU, CLOCK)
    shown = [stepper.step() for _ in stepper.buttons]
    assert shown[0].startswith("<b>messages[1]</b> added") and "tool_use" in shown[0]
    assert shown[1].startswith("nothing added; the program owes 1 answer(s)")
    assert shown[2].startswith("<b>messages[2]</b> added") and "tool_result" in shown[2]
    assert [s.value for s in stepper.shown] == shown


def test_only_the_next_step_can_be_clicked(mock_provider):
    stepper = step_through("What time is it?", MENU, CLOCK)
    seen = [enabled(stepper)]
    for _ in range(4):
        stepper.step()
        seen.append(enabled(stepper))
    assert seen == [[1], [2], [3], [4], []]


def test_a_reply_without_a_tool_call_ends_the_round_trip_at_once(mock_provider):
    stepper = step_through("Hello! Who are you?", MENU, CLOCK)
    assert "stop_reason: end_turn" in stepper.step()
    assert enabled(stepper) == []


def test_a_tool_that_raises_is_shown_and_ends_the_round_trip(mock_provider):
    def broken():
        raise OSError("no clock")

    stepper = step_through("What time is it?", MENU, {"get_current_time": broken})
    stepper.step()
    stepper.step()
    assert "OSError: no clock" in stepper.step()
    assert enabled(stepper) == [] and len(stepper.messages) == 2


def test_stepping_past_the_end_says_how_to_start_again(mock_provider):
    stepper = step_through("Hello!", MENU, CLOCK)
    stepper.step()
    with pytest.raises(RuntimeError, match="call step_through again"):
        stepper.step()


def test_the_output_carries_the_widget_and_a_recording_of_every_step(mock_provider):
    stepper = step_through("What time is it?", MENU, CLOCK)
    bundle = stepper._repr_mimebundle_()
    assert set(bundle) == {"application/vnd.jupyter.widget-view+json", "text/html", "text/plain"}
    page = bundle["text/html"]
    assert page.startswith('<div class="handagent-stepper-static">')
    assert all(label in page for label in LABELS)
    assert page.count("<b>messages[") == 3 and "owes 1 answer(s)" in page
    assert "2124/1/1 00:00:00" in page and "stop_reason: end_turn" in page
    plain = bundle["text/plain"].splitlines()
    assert plain[1].startswith("1 · send the request: messages[1] added: the model's reply")
    assert [line.split(":")[0] for line in plain if line[:1].isdigit()] == list(LABELS)


def test_recording_leaves_the_buttons_at_the_first_step_and_runs_once(mock_provider):
    from handagent.cost import METER

    stepper = step_through("What time is it?", MENU, CLOCK)
    before = len(METER.calls)
    first, second = stepper._repr_mimebundle_(), stepper._repr_mimebundle_()
    assert first["text/html"] == second["text/html"] and len(METER.calls) == before + 2
    assert enabled(stepper) == [1] and len(stepper.messages) == 1


def test_a_recording_that_ends_early_says_which_steps_were_not_reached(mock_provider):
    page = step_through("Hello! Who are you?", MENU, CLOCK)._repr_mimebundle_()["text/html"]
    assert "stop_reason: end_turn" in page and page.count("not reached") == 3


@in_chinese
def test_in_chinese_the_buttons_and_what_each_step_added_are_in_chinese(mock_provider):
    stepper = step_through("现在几点了？", MENU, CLOCK)
    assert [button.description for button in stepper.buttons] == list(LABELS_ZH)
    shown = [stepper.step() for _ in stepper.buttons]
    assert shown[0].startswith(
        "新增 <b>messages[1]</b>：模型的回复，完整保留（stop_reason: tool_use）"
    )
    assert shown[1].startswith("没有新增；程序欠着 1 个回应：")
    assert shown[2].startswith("新增 <b>messages[2]</b>：工具结果，装在一条 user 消息里")
    assert shown[3].startswith("新增 <b>messages[3]</b>：模型的回答（stop_reason: end_turn）")


@in_chinese
def test_the_chinese_recording_names_every_step_in_chinese_html_and_text(mock_provider):
    page, plain = step_through("现在几点了？", MENU, CLOCK).recorded()
    assert all(label in page for label in LABELS_ZH) and ">步骤</th>" in page
    assert ">给对话历史添了什么</th>" in page and "一次来回的四个步骤" in page
    lines = plain.splitlines()
    assert lines[0].startswith("一次来回的四个步骤") and lines[0].endswith("每步一个按钮）：")
    assert lines[1].startswith("1 · 发送请求：新增 messages[1]：模型的回复")
    assert [line.split("：")[0] for line in lines if line[:1].isdigit()] == list(LABELS_ZH)
    assert not any(label in page for label in LABELS)


@in_chinese
def test_a_chinese_recording_that_ends_early_says_so_in_chinese(mock_provider):
    page, plain = step_through("你好！你是谁？", MENU, CLOCK).recorded()
    assert page.count("没有走到：这次来回在上面就结束了") == 3
    assert plain.splitlines()[-1] == "4 · 把结果送回去：没有走到"
