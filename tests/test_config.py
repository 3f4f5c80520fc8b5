"""Tests for handagent.config: provider defaults, the model id, and a key that never shows."""

import typing

import pytest
from anthropic.resources.messages.messages import DEPRECATED_MODELS
from anthropic.types.model_param import ModelParam

from handagent.api import models
from handagent.config import DEFAULT_MODEL, Settings, describe, load_settings
from handagent.language import BOOK_COLUMNS, columns

KEY = "test-key-0123456789-secret"


def test_no_key_means_the_mock_provider():
    settings = load_settings({})
    assert settings == Settings(provider="mock", model=DEFAULT_MODEL)


def test_a_key_makes_anthropic_the_default_provider():
    settings = load_settings({"ANTHROPIC_API_KEY": KEY})
    assert (settings.provider, settings.api_key, settings.base_url) == ("anthropic", KEY, None)


def test_an_explicit_mock_provider_wins_over_a_key_and_drops_it():
    settings = load_settings(
        {"ANTHROPIC_API_KEY": KEY, "HANDAGENT_PROVIDER": "mock", "ANTHROPIC_BASE_URL": "http://x"}
    )
    assert (settings.provider, settings.api_key, settings.base_url) == ("mock", None, None)


def test_base_url_is_used_with_the_anthropic_provider():
    environ = {"ANTHROPIC_API_KEY": KEY, "ANTHROPIC_BASE_URL": "http://localhost:11434"}
    assert load_settings(environ).base_url == "http://localhost:11434"


def test_empty_variables_count_as_unset():
    environ = {"ANTHROPIC_API_KEY": "", "HANDAGENT_PROVIDER": "", "HANDAGENT_MODEL": ""}
    assert load_settings(environ) == Settings(provider="mock", model=DEFAULT_MODEL)


def test_handagent_model_sets_the_model():
    assert load_settings({"HANDAGENT_MODEL": "claude-opus-4-8"}).model == "claude-opus-4-8"


def test_an_unknown_provider_raises_naming_the_fix():
    with pytest.raises(
        ValueError, match=r"'openai' is not a provider; set it to 'mock', 'anthropic' or"
    ):
        load_settings({"HANDAGENT_PROVIDER": "openai"})


def test_anthropic_provider_without_a_key_raises_naming_the_fix():
    with pytest.raises(ValueError, match=r"needs a key: put ANTHROPIC_API_KEY=\.\.\. in \.env"):
        load_settings({"HANDAGENT_PROVIDER": "anthropic"})


def test_the_key_never_appears_in_repr_or_describe():
    settings = load_settings({"ANTHROPIC_API_KEY": KEY})
    assert settings.api_key == KEY
    assert KEY not in repr(settings)
    assert KEY not in str(settings)
    assert KEY not in describe(settings)


def test_settings_are_frozen():
    settings = load_settings({})
    with pytest.raises(AttributeError):
        settings.model = "other"  # type: ignore[misc]


def test_describe_names_the_provider_model_and_the_switch_in_lines_that_fit_the_book():
    mock_line = describe(load_settings({}))
    assert max(map(columns, mock_line.splitlines())) <= BOOK_COLUMNS
    assert mock_line.startswith("Provider: mock")
    assert DEFAULT_MODEL in mock_line and "ANTHROPIC_API_KEY" in mock_line
    real_line = describe(load_settings({"ANTHROPIC_API_KEY": KEY}))
    assert real_line.startswith("Provider: anthropic at https://api.anthropic.com")
    assert "HANDAGENT_PROVIDER=mock" in real_line


def test_describe_shows_a_custom_base_url():
    environ = {"ANTHROPIC_API_KEY": KEY, "ANTHROPIC_BASE_URL": "https://api.deepseek.com/anthropic"}
    assert "at https://api.deepseek.com/anthropic" in describe(load_settings(environ))


def test_load_settings_reads_the_process_environment(monkeypatch):
    monkeypatch.setenv("HANDAGENT_PROVIDER", "mock")
    monkeypatch.setenv("HANDAGENT_MODEL", "claude-haiku-4-5")
    assert load_settings() == Settings(provider="mock", model="claude-haiku-4-5")


def test_default_model_is_active_in_the_catalogue_and_not_deprecated_by_the_installed_sdk():
    """Fails the day the catalogue or the SDK retires DEFAULT_MODEL: then pick a current model."""
    row = models.find(DEFAULT_MODEL)
    assert row is not None and row.lifecycle == "active" and row.id == DEFAULT_MODEL
    assert DEFAULT_MODEL not in DEPRECATED_MODELS


def test_default_model_is_the_cheapest_current_model():
    """Fails the day a cheaper current model appears in the catalogue: the series should use it."""
    assert DEFAULT_MODEL == models.cheapest().id == "claude-haiku-5-5"


def test_default_model_is_a_model_id_the_sdk_knows():
    known = typing.get_args(typing.get_args(ModelParam)[0])
    assert known and all(model.startswith("claude-") for model in known)  # the right Literal
    assert DEFAULT_MODEL in known


def test_the_provider_line_follows_the_editions_language():
    from handagent.language import use_language

    try:
        use_language("zh-CN")
        line = describe(Settings(provider="mock", model="claude-haiku-5-5"))
    finally:
        use_language("en")
    assert line.startswith("服务商：mock · 模型：claude-haiku-5-5\n本地的 Anthropic API 模拟服务")


def test_redact_blanks_every_key_of_eight_characters_or_more_and_nothing_shorter():
    from handagent.config import redact

    line = "invalid key abcdefgh, also xyz and 12345678"
    assert redact(line, "abcdefgh", "xyz", None, "12345678") == (
        "invalid key [api key], also xyz and [api key]"
    )


def test_replay_reads_the_cassettes_named_or_the_nearest_folder(tmp_path, monkeypatch):
    named = load_settings({"HANDAGENT_PROVIDER": "replay", "HANDAGENT_CASSETTES": "c.json"})
    assert (named.provider, named.cassettes, named.api_key) == ("replay", "c.json", None)
    (tmp_path / "cassettes").mkdir()
    (tmp_path / "notebooks").mkdir()
    monkeypatch.chdir(tmp_path / "notebooks")
    found = load_settings({"HANDAGENT_PROVIDER": "replay"})
    assert found.cassettes == str(tmp_path / "cassettes")


def test_replay_without_cassettes_raises_naming_the_fix(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ValueError, match=r"found no cassettes/ folder.*HANDAGENT_PROVIDER=mock"):
        load_settings({"HANDAGENT_PROVIDER": "replay"})
