"""views.usage: each request's tokens by how they were billed, a bar each, and what the cache
saved, as SVG and as a table within the book's code width, in both editions."""

import xml.etree.ElementTree as ET

import pytest
from editions import english_afterwards, in_chinese  # noqa: F401 - the fixture is autouse

from handagent.cost import Call, dollars
from handagent.language import BOOK_COLUMNS, columns
from handagent.views.usage import _ticks, uncached, usage_chart

WRITE = Call("claude-haiku-5-5", 10, 100, cache_write_5m_tokens=2_000)
READ = Call("claude-haiku-5-5", 12, 100, cache_read_tokens=2_000)


def test_a_request_with_nothing_cached_bills_every_prompt_token_as_input():
    assert uncached(READ) == Call("claude-haiku-5-5", 2_012, 100)
    assert dollars(uncached(READ)) > dollars(READ)


def test_the_cache_saved_what_uncached_prices_less_billed_ones_come_to():
    chart = usage_chart([WRITE, READ])
    billed, full = chart.saved()
    assert billed == pytest.approx(dollars(WRITE) + dollars(READ))
    assert full == pytest.approx(dollars(uncached(WRITE)) + dollars(uncached(READ)))
    assert chart.caption().startswith(f"the cache saved ${full - billed:.6f}")


def test_the_table_has_a_row_per_request_within_the_books_code_width():
    lines = str(usage_chart([WRITE, READ], marks={"trigger": 3_000})).splitlines()
    assert lines[0].split() == ["request", "input", "written", "read", "output", "price"]
    assert lines[1].split()[:5] == ["1", "10", "2,000", "0", "100"]
    assert lines[3] == "trigger: 3,000" and max(map(columns, lines)) <= BOOK_COLUMNS


def test_the_svg_stacks_a_bar_per_request_and_draws_the_marks():
    svg = usage_chart([WRITE, READ], marks={"trigger": 3_000}).svg()
    tree = ET.fromstring(svg)
    rects = tree.findall("{http://www.w3.org/2000/svg}rect")
    assert len(rects) == 1 + (3 + 3) + 4  # background, two bars of three parts, four legend keys
    assert "trigger" in svg and 'stroke-dasharray="6,4"' in svg


def test_gridlines_fall_on_round_numbers():
    assert _ticks(7_300) == [0, 2_000, 4_000, 6_000] and _ticks(40_000) == list(
        range(0, 40_001, 10_000)
    )


def test_a_chart_of_no_request_is_refused_with_a_sentence():
    with pytest.raises(ValueError, match="at least one call"):
        usage_chart([])


@in_chinese
def test_in_the_chinese_edition_the_labels_are_chinese():
    chart = usage_chart([WRITE, READ])
    assert str(chart).splitlines()[0].split()[0] == "请求" and "缓存省下" in chart.svg()


@in_chinese
def test_in_the_chinese_edition_the_share_saved_is_in_full_width_parentheses():
    caption = usage_chart([WRITE, READ]).caption()
    assert caption.startswith("缓存省下 $") and "（" in caption and " (" not in caption


@in_chinese
def test_in_the_chinese_edition_a_mark_is_labelled_with_a_full_width_colon():
    lines = str(usage_chart([WRITE, READ], marks={"触发值": 3_000})).splitlines()
    assert lines[3] == "触发值：3,000" and max(map(columns, lines)) <= BOOK_COLUMNS
