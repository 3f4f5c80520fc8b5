"""What the mock model says, and in which language."""

import pytest

from handagent.mock.model.phrases import cannot, language, quoted, say, sentence


@pytest.mark.parametrize(
    "system, text, expected",
    [("Always answer in French.", "hi", "fr"), ("Réponds en français.", "hi", "fr"),
     ("Responde en español.", "hi", "es"), ("Antworte auf Deutsch.", "hi", "de"),
     ("用中文回答", "hi", "zh"), ("Please reply in English only.", "现在几点", "en"),
     ("Respond in Korean.", "hi", "Korean"), ("Answer in one sentence.", "hi", "en"),
     (None, "现在几点", "zh"), ([{"type": "text", "text": "Speak in Japanese."}], "hi", "ja")],
)  # fmt: skip
def test_the_language_is_the_system_prompts_request_else_chinese_for_chinese(
    system, text, expected
):
    assert language(system, text) == expected


def test_a_sentence_a_language_lacks_becomes_its_other():
    assert say("no_name", "fr") == say("other", "fr")
    assert cannot("time", "de") == say("other", "de")


def test_a_language_without_sentences_is_answered_in_english_with_a_word_why():
    assert say("hello", "Korean") == (
        "I can't answer in Korean: this mock model has canned sentences only in English, "
        "Chinese, French, Spanish, German and Japanese. In English: Hello! How can I help?"
    )


def test_a_sentence_ends_with_its_languages_full_stop():
    assert sentence("add says: 6912", "en") == "add says: 6912."
    assert sentence("add 返回“6912”", "zh") == "add 返回“6912”。"
    assert sentence("Done!", "en") == "Done!"


def test_a_quoted_english_result_ending_in_a_full_stop_still_ends_a_chinese_sentence():
    # "…delivered.start_return 返回" ran two sentences together (zh-CN review, edit 7), and
    # "delivered.。" read as a typo (zh reader, chapter 10): the result goes between “…”
    said = f"find_order 返回{quoted('Order 1042, delivered.', 'zh')}"
    assert sentence(said, "zh") == "find_order 返回“Order 1042, delivered.”。"
    assert sentence("add 返回“6912”。", "zh") == "add 返回“6912”。"
    assert sentence("Order 1042, delivered.", "en") == "Order 1042, delivered."


def test_a_result_is_quoted_bare_in_english_and_without_its_own_full_stop_in_chinese():
    assert quoted("Order 1042, delivered.", "en") == "Order 1042, delivered."
    assert quoted("晴，25 度。", "zh") == "“晴，25 度”"
    assert quoted("6912", "fr") == "6912"
