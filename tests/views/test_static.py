"""Every view's static rendering is HTML that GitHub's notebook view can show."""

import re
from html.parser import HTMLParser

import pytest
from builders import assistant_turn, call, result, user
from editions import english_afterwards, in_chinese  # noqa: F401 - the fixture is autouse

from handagent.views import static
from handagent.views.inspector import inspect_transcript
from handagent.views.stepper import step_through
from handagent.views.transcript import show

HISTORY = [
    user("What is 1234 + 5678?"),
    assistant_turn([call("toolu_A", "add", {"a": "1"})]),
    user([result("toolu_A", "Invalid input:\n  - 'b' is required", is_error=True)]),
]
MENU = [{"name": "get_current_time", "description": "The time now.", "input_schema": {}}]
# Tags GitHub's sanitiser keeps (html-pipeline's allow list); style and class may go, the
# rest of a tag's attributes do too, except the layout attributes below.
GITHUB_TAGS = {"table", "tr", "th", "td", "b", "i", "code", "pre", "span", "p", "br", "small"}
GITHUB_TAGS |= {"details", "summary", "div"}
KEPT, MAY_GO = {"align", "valign"}, {"style", "class"}


class Tags(HTMLParser):
    def __init__(self, page: str) -> None:
        super().__init__()
        self.tags, self.attributes, self.words = set(), set(), []
        self.feed(page)

    def handle_starttag(self, tag, attrs):
        self.tags.add(tag)
        self.attributes |= {name for name, _ in attrs}

    def handle_data(self, data):
        self.words.append(data)


def renderings(mock_provider) -> dict[str, str]:
    stepper = step_through("What time is it?", MENU, {"get_current_time": lambda: "12:00"})
    return {
        "transcript": show(HISTORY)._repr_html_(),
        "inspector": inspect_transcript(
            HISTORY, details={"toolu_A": {"ms": 3}}
        )._repr_mimebundle_()["text/html"],
        "stepper": stepper._repr_mimebundle_()["text/html"],
    }


@pytest.mark.parametrize("view", ["transcript", "inspector", "stepper"])
def test_static_renderings_use_only_what_github_keeps_and_load_nothing(mock_provider, view):
    page = renderings(mock_provider)[view]
    found = Tags(page)
    assert found.tags <= GITHUB_TAGS, found.tags - GITHUB_TAGS
    assert found.attributes <= KEPT | MAY_GO
    assert not re.search(r"https?:|src=|href=|<script|<style|<link|@import", page)


@pytest.mark.parametrize("view", ["transcript", "inspector"])
def test_an_error_is_still_marked_in_words_when_styles_are_dropped(mock_provider, view):
    page = re.sub(r' (style|class)="[^"]*"', "", renderings(mock_provider)[view])
    assert "✗ error" in "".join(Tags(page).words)


@in_chinese
@pytest.mark.parametrize("view", ["transcript", "inspector", "stepper"])
def test_chinese_renderings_keep_to_what_github_keeps_and_mark_errors_in_chinese(
    mock_provider, view
):
    page = renderings(mock_provider)[view]
    assert Tags(page).tags <= GITHUB_TAGS
    words = "".join(Tags(re.sub(r' (style|class)="[^"]*"', "", page)).words)
    assert "✗ 错误结果" in words if view != "stepper" else "一次来回的四个步骤" in words


@in_chinese
def test_a_problem_keeps_its_english_name_as_data_and_is_shown_in_chinese():
    assert [static.problem_word(p) for p in ("error", "no result", "no matching call")] == [
        "错误结果",
        "没有结果",
        "没有对应的调用",
    ]
    assert static.problem_mark("no result") == ' <b style="color:#c00">✗ 没有结果</b>'


def test_a_cjk_character_takes_two_columns_of_a_terminal():
    assert static.columns("ab") == 2 and static.columns("没有结果") == 8
    assert static.columns("tool_result（回应 #1）: ") == 24


def test_text_keeps_lines_and_indents_as_markup():
    assert static.text("a\n  b <c>\n") == "a<br>&nbsp;&nbsp;b &lt;c&gt;"


def test_a_bundle_keeps_the_live_view_and_adds_html_and_text():
    live = {static.WIDGET: {"model_id": "m"}, "text/plain": "VBox()"}
    assert static.bundle(live, "<p>x</p>", "x") == {
        static.WIDGET: {"model_id": "m"},
        "text/html": "<p>x</p>",
        "text/plain": "x",
    }
