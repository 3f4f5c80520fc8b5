"""The mock model's word tables: requests and tools become comparable terms."""

import pytest

from handagent.mock.model.lexicon import REMEMBERED_CHARS, remembered, stem, terms, words


@pytest.mark.parametrize(
    "forms",
    [("city", "cities"), ("meet", "meeting", "meetings"), ("name", "named", "names"),
     ("run", "running", "runs"), ("address", "addresses"), ("query", "queries")],
)  # fmt: skip
def test_a_words_forms_share_one_stem(forms):
    assert len({stem(form) for form in forms}) == 1


def test_identifiers_split_on_underscores_hyphens_and_camel_case():
    assert words("getUser_byEmail") == ["get", "user", "by", "email"]
    assert words("get-exchange-rate") == ["get", "exchange", "rate"]
    assert words("look up the e-mail") == ["lookup", "the", "email"]


def test_a_synonym_adds_its_group_and_keeps_the_word():
    assert {"forecast", "weather"} <= terms("Give me the forecast")
    assert "weather" in terms("Will it rain?") and "rain" in terms("Will it rain?")


def test_arithmetic_counts_only_beside_a_number():
    assert {"add", "arithmetic"} <= terms("add 3 and 4")
    assert "add" not in terms("Add a contact named Bob")
    assert "create" in terms("Add a contact named Bob")  # an addition is a creation there
    assert "create" not in terms("add 3 and 4")


@pytest.mark.parametrize(
    "text, group", [("99 - 33", "subtract"), ("10/2", "divide"), ("3 x 4", "multiply"),
                    ("1234 加 5678", "add"), ("834727 × 991", "multiply")],
)  # fmt: skip
def test_an_operator_between_numbers_is_its_operation_and_arithmetic(text, group):
    assert {group, "arithmetic"} <= terms(text)


def test_chinese_is_matched_by_group_words_and_character_pairs():
    found = terms("帮我查一下订单12345的状态")
    assert {"search", "order", "订单", "状态"} <= found
    assert "一下" not in found  # a pair that says nothing


def test_a_parcel_and_a_log_asked_about_in_chinese_find_their_tools_words():
    assert "shipping" in terms("我的包裹 1Z999 到哪儿了？")  # chapter 13, with no English gloss
    assert "log" in terms("第 3 天发生了什么？读一下那天的日志。")  # chapter 14
    assert terms("read_log") >= {"read", "log"}


def test_stop_words_give_no_terms():
    assert terms("Use it whenever you need what it is") == set()


def test_a_plural_also_stays_itself():
    assert {"tabl", "tables"} <= terms("list tables") and "tables" not in terms("a table")


def test_what_a_caller_does_with_its_words_and_terms_leaves_the_next_callers_alone():
    first, found = words("Weather in Paris"), terms("Weather in Paris")
    first.append("tokyo")
    found.add("tokyo")
    assert words("Weather in Paris") == ["weather", "in", "paris"]
    assert "tokyo" not in terms("Weather in Paris")


def test_a_remembered_function_keeps_short_texts_only():
    calls = []

    @remembered
    def length(text: str) -> int:
        calls.append(text)
        return len(text)

    long = "a" * (REMEMBERED_CHARS + 1)
    assert [length("ab"), length("ab"), length(long), length(long), length(3 * "b")] == [
        2,
        2,
        REMEMBERED_CHARS + 1,
        REMEMBERED_CHARS + 1,
        3,
    ]
    assert calls == ["ab", long, long, "bbb"]
