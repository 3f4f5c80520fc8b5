"""Tests for exercises.selfcheck: grading, hints instead of answers, both languages, bad input."""

import sys
import types

import pytest

from handagent.exercises.selfcheck import Question, loose, questions, self_check
from handagent.language import use_language

CHOICE = Question(
    prompt=("Where does a tool_result go?", "tool_result 放在哪里？"),
    options=(
        ("In the assistant message", "助手消息里"),
        ("In the next user message", "下一条用户消息里"),
    ),
    answer="b",
    hint=("Who speaks after the model asks for a tool?", "模型请求工具之后，轮到谁说话？"),
    why=("The program answers as the user, in the next message.", "程序以用户身份回答。"),
)
OPEN = Question(
    prompt=("Which stop_reason asks for a tool?", "哪个 stop_reason 表示要调用工具？"),
    accept=("tool_use",),
    hint=("Look at the reply of chapter 02.", "看看第 02 章的回复。"),
    why=("tool_use: the calls are in the content.", "tool_use：调用在 content 里。"),
)


@pytest.fixture(autouse=True)
def chapter_99(monkeypatch):
    module = types.ModuleType("handagent.exercises.ch99")
    module.SELF_CHECK = (CHOICE, OPEN)
    monkeypatch.setitem(sys.modules, "handagent.exercises.ch99", module)
    yield
    use_language("en")


def test_unanswered_questions_are_listed_with_their_options():
    report = self_check("99", {1: None, 2: None})
    text = str(report)
    assert text.startswith("Self-check · chapter 99 · 0 of 2 right")
    assert "   b) In the next user message" in text and text.count("not answered yet") == 2
    assert "run the cell again" in text and not report.passed


def test_right_answers_say_why_and_pass():
    report = self_check("99", {1: "B", 2: " Tool_Use。"})
    assert report.passed and report.right == 2
    assert "✓ right: The program answers as the user" in str(report)
    assert "run the cell again" not in str(report)


def test_a_wrong_answer_gets_the_hint_and_not_the_solution():
    text = str(self_check("99", {1: "a", 2: "end_turn"}))
    assert "✗ not yet: Who speaks after the model asks for a tool?" in text
    assert "The program answers as the user" not in text and "tool_use:" not in text


def test_a_letter_that_is_not_an_option_is_named():
    assert "'e' is not one of the letters a, b" in str(self_check("99", {1: "e"}))


@pytest.mark.parametrize(
    ("answers", "said"),
    [
        (["a", "b"], 'answers should be a dict like {1: "a", 2: "a"}, not a list.'),
        ({3: "a"}, "answers has keys [3] that are not question numbers: use 1 to 2."),
        ({1: 2}, "the answer to question 1 should be text"),
    ],
)
def test_answers_of_the_wrong_shape_are_explained_not_raised(answers, said):
    report = self_check("99", answers)
    assert said in str(report) and report.right == 0


def test_the_chinese_edition_gets_chinese_feedback():
    use_language("zh-CN")
    text = str(self_check("99", {1: "ｂ", 2: "end_turn"}))
    assert text.startswith("自测 · 第 99 章 · 答对 1/2 题")
    assert "✓ 答对了：程序以用户身份回答。" in text
    assert "✗ 还不对：看看第 02 章的回复。" in text


def test_an_unknown_chapter_names_the_fix():
    with pytest.raises(ValueError, match=r"use the two digits of a notebook"):
        questions("42")


def test_a_question_needs_options_and_a_letter_or_accepted_answers():
    with pytest.raises(ValueError, match=r"either options and an answer letter, or accept"):
        Question(prompt=("?", ""), hint=("", ""), why=("", ""))
    with pytest.raises(ValueError, match=r"answer 'c' is not one of the letters ab"):
        Question(prompt=("?", ""), hint=("", ""), why=("", ""), options=CHOICE.options, answer="c")


def test_loose_folds_width_case_spaces_and_punctuation():
    assert loose("  Ｂ ") == "b" and loose("“tool_use”。") == "tool_use"
