"""What a request offers as argument values, by kind and in order."""

import pytest

from handagent.mock.model.evidence import read


def test_each_kind_of_value_is_found_once_and_in_order():
    found = read("Email bob@example.com and ann@x.org about https://x.io/a, ~/notes.md and "
                 "order #4521 on 2025-03-14 at 7pm; call 555-123-4567").found  # fmt: skip
    assert found["emails"] == ["bob@example.com", "ann@x.org"]
    assert found["urls"] == ["https://x.io/a"]
    assert found["paths"] == ["~/notes.md"]
    assert found["ids"] == ["4521"]
    assert (found["dates"], found["times"], found["phones"]) == (["2025-03-14"], ["7pm"],
                                                                 ["555-123-4567"])  # fmt: skip


def test_a_number_inside_an_id_a_date_or_a_name_is_no_number():
    evidence = read("Ship SKU-4471 to Apollo 11 on 2025-03-14, then add 3")
    assert [n for n, _ in evidence.numbers] == [3]
    assert evidence["ids"] == ["SKU-4471"]


def test_a_number_remembers_the_words_beside_it():
    [(value, near)] = read("forecast for the next 3 days").numbers
    assert value == 3 and {"next", "dai"} <= near
    assert "year" in read("movies from 1968").numbers[0][1]


def test_names_listed_together_share_the_word_before_them():
    names = read("What's the weather in Paris, Tokyo, Lima and Oslo?").names
    assert [(n.text, n.before) for n in names] == [("Paris", "in"), ("Tokyo", "in"),
                                                   ("Lima", "in"), ("Oslo", "in")]  # fmt: skip
    assert len({n.group for n in names}) == 1


def test_a_sentences_first_word_is_not_taken_for_a_name():
    assert [n.text for n in read("Send Alice a note").names] == ["Alice"]
    assert [n.text for n in read("Reserve a table at Nopa").names] == ["Nopa"]
    assert [n.text for n in read("New York weather, please").names] == ["New York"]
    assert [n.text for n in read("Play 'Hey Jude' by The Beatles").names] == ["Beatles"]


def test_a_currency_or_unit_right_after_a_number_is_what_is_converted():
    assert read("How many yen is 50 euros?").currencies == (("JPY", "many"), ("EUR", "from"))
    assert read("Convert 5 miles to km").units == (("miles", "from"), ("km", "to"))


def test_places_in_lower_case_and_in_chinese_are_found_after_their_cue():
    assert read("weather forecast for new york today")["places"] == ["new york"]
    assert read("北京今天天气怎么样？")["places"] == ["北京"]


@pytest.mark.parametrize(
    "text, places",
    [
        ("巴黎、东京、利马和奥斯陆的天气怎么样？", ["巴黎", "东京", "利马", "奥斯陆"]),
        ("巴黎、亚特兰蒂斯和东京的天气怎么样？", ["巴黎", "亚特兰蒂斯", "东京"]),  # transliterated
        ("我想知道布宜诺斯艾利斯的天气", ["布宜诺斯艾利斯"]),  # a cue word ends before the name
        ("你好，请问北京明天的天气怎么样", ["北京"]),
        ("今天北京天气怎么样？", ["北京"]),
        ("上海市的气温", ["上海"]),
        ("巴黎那边天气怎么样", ["巴黎"]),
        ("东京现在几点？", ["东京"]),
        ("给我看看奥斯陆的降雨雷达。现在几点？", ["奥斯陆"]),  # what a place has: its radar
        ("天气怎么样？", []),
        ("哪里的天气最好？", []),
        ("现在几点了？另外 1234 加 5678 等于多少？", []),
    ],
)
def test_chinese_places_are_the_names_before_what_they_have_with_no_stray_characters(text, places):
    assert read(text)["places"] == places


def test_a_chinese_list_of_places_shares_one_group_latin_names_in_it_too():
    names = read("巴黎、Tokyo 和利马的天气，以及北京的时间").names
    assert [(n.text, n.group) for n in names] == [("巴黎", 1), ("Tokyo", 1), ("利马", 1),
                                                  ("北京", 2)]  # fmt: skip


def test_a_latin_name_ends_where_chinese_starts():
    assert [n.text for n in read("Paris和Lima的天气").names] == ["Paris", "Lima"]


def test_a_callers_list_of_candidates_is_its_own():
    read("Refund order #4521")["ids"].append("9999")
    assert read("Refund order #4521")["ids"] == ["4521"]
