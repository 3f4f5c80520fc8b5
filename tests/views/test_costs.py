"""Tests for handagent.views.costs: each request's usage priced at list prices, as a text table
and its static HTML rendering, in both editions."""

import pytest
from editions import english_afterwards, in_chinese  # noqa: F401 - the fixture is autouse

from handagent.cost import Call, dollars
from handagent.views.costs import Costs

FRESH = {"model": "claude-haiku-5-5", "usage": {"input_tokens": 11_476, "output_tokens": 60}}
READ = {"model": "claude-haiku-5-5", "usage": {"input_tokens": 21, "output_tokens": 60,
        "cache_read_input_tokens": 11_455, "cache_creation_input_tokens": 0}}  # fmt: skip


def test_each_row_is_the_replys_usage_priced_as_the_meter_prices_it():
    costs = Costs().add("no cache", FRESH).add("cache read", READ)
    price = dollars(Call("claude-haiku-5-5", 11_476, 60))
    assert costs.rows[0] == ("no cache", 11_476, 0, 0, pytest.approx(price))
    assert costs.rows[1][1:4] == (21, 0, 11_455) and costs.rows[1][4] < costs.rows[0][4]


def test_the_text_table_lines_up_and_the_html_is_plain_tags():
    costs = Costs().add("no cache", FRESH).add("cache read", READ)
    lines = str(costs).splitlines()
    assert lines[0].split()[:3] == ["what", "was", "sent"]
    assert lines[1].startswith("no cache  ") and "11,476" in lines[1]
    assert len({len(line) for line in lines}) == 1  # right-aligned numbers: equal widths
    page = costs._repr_html_()
    assert page.startswith('<table class="handagent-costs">') and "<script" not in page
    assert "11,455" in page and "$" in page


@in_chinese
def test_the_headings_follow_the_edition():
    costs = Costs().add("没有缓存", FRESH)
    assert str(costs).startswith("发送的内容") and "每 1000 次" in costs._repr_html_()
