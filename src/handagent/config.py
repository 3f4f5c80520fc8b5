"""Configuration: which provider and which model the whole series talks to, in one place.

Read from the environment, after loading `.env` (python-dotenv never overrides a variable that is
already set, so `HANDAGENT_PROVIDER=mock make test` wins over a key in `.env`):

    ANTHROPIC_API_KEY    a real key; with it the default provider becomes `anthropic`
    ANTHROPIC_BASE_URL   any Anthropic-compatible endpoint (host root), used with `anthropic`
    HANDAGENT_MODEL      the model id; the only place a model id is set
    HANDAGENT_PROVIDER   `mock`, `anthropic` or `replay`; default `anthropic` with a key, else
                         `mock`. `replay` answers from recorded cassettes (`handagent.record`)
    HANDAGENT_CASSETTES  with `replay`: a cassette file or a folder of them; default the nearest
                         `cassettes/` folder above the current one

Not handled here: starting the mock server or building a client (see `handagent.llm`).
"""

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from dotenv import find_dotenv, load_dotenv

from .api import models
from .language import pick, wrap

Provider = Literal["mock", "anthropic", "replay"]

# The catalogue's choice for the series (`models.DEFAULT`). tests/test_config.py fails once it is
# not an active, cheapest model, or the installed SDK lists it as deprecated, so the series never
# ships a retired id.
DEFAULT_MODEL = models.DEFAULT

PROVIDERS: tuple[Provider, ...] = ("mock", "anthropic", "replay")


@dataclass(frozen=True)
class Settings:
    """Where the series sends its requests. The key never appears in a repr."""

    provider: Provider
    model: str
    base_url: str | None = None
    api_key: str | None = field(default=None, repr=False)
    cassettes: str | None = None  # provider `replay`: the cassette file or folder


def load_settings(environ: dict[str, str] | None = None) -> Settings:
    """Read the settings from `environ` (default: the process environment, after `.env`)."""
    if environ is None:
        load_dotenv(find_dotenv(usecwd=True))
        environ = dict(os.environ)
    api_key = environ.get("ANTHROPIC_API_KEY") or None
    provider = environ.get("HANDAGENT_PROVIDER") or ("anthropic" if api_key else "mock")
    if provider not in PROVIDERS:
        raise ValueError(
            f"HANDAGENT_PROVIDER={provider!r} is not a provider; set it to 'mock', 'anthropic' "
            "or 'replay'."
        )
    if provider == "anthropic" and not api_key:
        raise ValueError(
            "HANDAGENT_PROVIDER=anthropic needs a key: put ANTHROPIC_API_KEY=... in .env "
            "(see .env.example), or set HANDAGENT_PROVIDER=mock to run without one."
        )
    return Settings(
        provider=provider,
        model=environ.get("HANDAGENT_MODEL") or DEFAULT_MODEL,
        base_url=(environ.get("ANTHROPIC_BASE_URL") or None) if provider == "anthropic" else None,
        api_key=api_key if provider == "anthropic" else None,
        cassettes=_cassettes(environ) if provider == "replay" else None,
    )


def _cassettes(environ: dict[str, str]) -> str:
    """HANDAGENT_CASSETTES, else the nearest `cassettes/` folder from here up (a notebook runs
    in notebooks/, a test in the repository's root)."""
    if environ.get("HANDAGENT_CASSETTES"):
        return environ["HANDAGENT_CASSETTES"]
    here = Path.cwd()
    for folder in (here, *here.parents):
        if (folder / "cassettes").is_dir():
            return str(folder / "cassettes")
    raise ValueError(
        "HANDAGENT_PROVIDER=replay found no cassettes/ folder here or above: set "
        "HANDAGENT_CASSETTES to a cassette (python -m handagent.record writes them), or set "
        "HANDAGENT_PROVIDER=mock."
    )


def describe(settings: Settings) -> str:
    """The top of every notebook: who we talk to, and how to switch (wrapped to a page)."""
    return wrap(_describe(settings))


def _describe(settings: Settings) -> str:
    model = settings.model
    if settings.provider == "mock":
        return pick(
            f"Provider: mock · model: {model}\nA local stand-in for the Anthropic API, no key "
            "needed. To use the real API, put ANTHROPIC_API_KEY in .env and restart the kernel.",
            f"服务商：mock · 模型：{model}\n本地的 Anthropic API 模拟服务，不需要 key。"
            "要用真实 API，把 ANTHROPIC_API_KEY 写进 .env，然后重启 kernel。",
        )
    if settings.provider == "replay":
        return pick(
            f"Provider: replay · model: {model}\nA real model's recorded answers, from "
            f"{settings.cassettes}, no key needed; a request not recorded is an error. To ask "
            "freely, set HANDAGENT_PROVIDER=mock in .env and restart the kernel.",
            f"服务商：replay · 模型：{model}\n录下的真实模型回答，来自 {settings.cassettes}，"
            "不需要 key；没录过的请求会报错。想随便问，在 .env 里设置 HANDAGENT_PROVIDER=mock，"
            "然后重启 kernel。",
        )
    where = settings.base_url or "https://api.anthropic.com"
    return pick(
        f"Provider: anthropic at {where} · model: {model}\nTo run offline, set "
        "HANDAGENT_PROVIDER=mock in .env and restart the kernel.",
        f"服务商：anthropic（{where}）· 模型：{model}\n要离线运行，在 .env 里设置 "
        "HANDAGENT_PROVIDER=mock，然后重启 kernel。",
    )


def redact(text: str, *secrets: str | None) -> str:
    """`text` with every secret of 8 characters or more replaced: a server may echo a key back.

    Example: ("invalid x-api-key sk-test-12345678", "sk-test-12345678")
        -> "invalid x-api-key [api key]"
    """
    for secret in secrets:
        if secret and len(secret) >= 8:  # shorter ones would blank ordinary words
            text = text.replace(secret, "[api key]")
    return text
