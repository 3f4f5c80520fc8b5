"""Tests for exercises.selfcheck: grading, hints instead of answers, both languages, bad input;
then every chapter's own SELF_CHECK, found by its module name, graded the same way.

A chapter's tests of its particular answers (the Chinese numbers chapter 01 accepts, say) stay in
that chapter's file, tests/exercises/test_chNN.py.
"""

import pkgutil
import re
import sys
import types

import pytest

import handagent.exercises
from handagent.exercises.selfcheck import Question, loose, questions, self_check
from handagent.language import BOOK_COLUMNS, columns, use_language

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


def test_a_question_recalls_or_applies_and_nothing_else():
    with pytest.raises(ValueError, match=r"kind 'aply' is neither 'recall' nor 'apply'"):
        Question(prompt=("?", ""), hint=("", ""), why=("", ""), accept=("x",), kind="aply")


def test_a_question_needs_options_and_a_letter_or_accepted_answers():
    with pytest.raises(ValueError, match=r"either options and an answer letter, or accept"):
        Question(prompt=("?", ""), hint=("", ""), why=("", ""))
    with pytest.raises(ValueError, match=r"answer 'c' is not one of the letters ab"):
        Question(prompt=("?", ""), hint=("", ""), why=("", ""), options=CHOICE.options, answer="c")


def test_loose_folds_width_case_spaces_and_punctuation():
    assert loose("  Ｂ ") == "b" and loose("“tool_use”。") == "tool_use"


# Every chapter's self-check: handagent.exercises.chNN, found by name, so a new chapter's
# questions are graded here without an edit.

CHAPTERS = sorted(
    found.name[2:]
    for found in pkgutil.iter_modules(handagent.exercises.__path__)
    if re.fullmatch(r"ch\d\d", found.name)
)
EDITIONS = [("en", 0, "{n} of {n} right", "✗ not yet"), ("zh-CN", 1, "答对 {n}/{n} 题", "✗ 还不对")]


def right_answers(chapter: str) -> dict:
    return {n: q.answer or q.accept[0] for n, q in enumerate(questions(chapter), 1)}


def wrong_answers(chapter: str) -> dict:
    """A letter that is not the answer, or words no open question accepts."""
    return {
        n: next(letter for letter in q.letters if letter != q.answer) if q.options else "no idea"
        for n, q in enumerate(questions(chapter), 1)
    }


def test_the_chapters_are_found_from_00_on():
    assert CHAPTERS[:13] == [f"{n:02d}" for n in range(13)]


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_every_chapter_asks_three_questions_written_in_both_languages(chapter):
    asked = questions(chapter)
    assert len(asked) == 3  # "three questions at the end of every chapter"
    for question in asked:
        for words in (question.prompt, question.hint, question.why, *question.options):
            assert all(words), f"chapter {chapter}: {words} lacks a language"


def flat(text: str) -> str:
    """Text without its whitespace: a wrapped line still holds what it held."""
    return "".join(text.split())


@pytest.mark.parametrize("language, side, summary, wrong", EDITIONS)
@pytest.mark.parametrize("chapter", CHAPTERS)
def test_every_chapters_right_answers_pass_and_say_why(chapter, language, side, summary, wrong):
    use_language(language)
    report = self_check(chapter, right_answers(chapter))
    text = flat(str(report))  # the report is wrapped to the book's width
    assert report.passed and flat(summary.format(n=report.total)) in text, text
    for question in questions(chapter):
        assert flat(question.prompt[side]) in text and flat(question.why[side]) in text
    assert max(map(columns, str(report).splitlines())) <= BOOK_COLUMNS


@pytest.mark.parametrize("language, side, summary, wrong", EDITIONS)
@pytest.mark.parametrize("chapter", CHAPTERS)
def test_every_chapters_wrong_answers_get_the_hint_and_not_the_reason(
    chapter, language, side, summary, wrong
):
    use_language(language)
    report = self_check(chapter, wrong_answers(chapter))
    text = flat(str(report))
    assert report.right == 0 and text.count(flat(wrong)) == report.total, text
    for question in questions(chapter):
        assert flat(question.hint[side]) in text and flat(question.why[side]) not in text
        assert flat(question.hint[1 - side]) not in text
        assert flat(question.prompt[1 - side]) not in text


# The answer keys: a learner who guesses "the longest option" or "always b" should not pass.


def multiple_choice(chapter: str) -> list[Question]:
    return [question for question in questions(chapter) if question.options]


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_a_chapters_right_answers_sit_in_different_positions(chapter):
    letters = [question.answer for question in multiple_choice(chapter)]
    assert len(set(letters)) == len(letters), f"chapter {chapter}'s answers are {letters}"


def strictly_longest(question: Question, side: int, size=len) -> bool:
    """The right option is longer, in one edition, than every other option."""
    lengths = [size(option[side]) for option in question.options]
    right = lengths.pop(question.letters.index(question.answer))
    return right > max(lengths)


# A skimmer counts characters or sees widths: in zh-CN a Hanzi is one character and two columns.
@pytest.mark.parametrize("size", [len, columns], ids=["characters", "columns"])
@pytest.mark.parametrize("side", [0, 1], ids=["en", "zh-CN"])
def test_the_right_option_is_the_longest_in_at_most_a_third_of_the_questions(side, size):
    asked = [(chapter, q) for chapter in CHAPTERS for q in multiple_choice(chapter)]
    longest = [
        f"{chapter}: {q.prompt[0][:40]}" for chapter, q in asked if strictly_longest(q, side, size)
    ]
    assert 3 * len(longest) <= len(asked), f"{len(longest)} of {len(asked)}: {longest}"


@pytest.mark.parametrize("size", [len, columns], ids=["characters", "columns"])
@pytest.mark.parametrize("side", [0, 1], ids=["en", "zh-CN"])
def test_nor_is_it_the_shortest_in_more_than_a_third(side, size):
    asked = [(chapter, q) for chapter in CHAPTERS for q in multiple_choice(chapter)]
    shortest = [
        f"{chapter}: {q.prompt[0][:40]}"
        for chapter, q in asked
        if strictly_longest(q, side, lambda text: -size(text))
    ]
    assert 3 * len(shortest) <= len(asked), f"{len(shortest)} of {len(asked)}: {shortest}"


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_every_chapter_asks_at_least_two_questions_that_apply_an_idea(chapter):
    applied = [
        question.prompt[0][:50] for question in questions(chapter) if question.kind == "apply"
    ]
    assert len(applied) >= 2, f"chapter {chapter} applies an idea in {applied}"


def test_every_letter_is_the_right_one_somewhere():
    asked = [question for chapter in CHAPTERS for question in multiple_choice(chapter)]
    assert {question.answer for question in asked} >= set("abcd")
