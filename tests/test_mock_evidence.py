"""What a request offers as argument values, by kind and in order."""

from handagent.mock.evidence import read


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
