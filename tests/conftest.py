"""Shared fixtures: a mock server with a steady test brain, and the mock provider for `llm`.

Property tests draw the same examples on every run (hypothesis derives a seed from each test),
so `make test` passes or fails alike twice on the same commit, never by the luck of a draw.
`HYPOTHESIS_PROFILE=explore make unit` draws new examples each run, to look for new bugs; a
failure it finds is printed with the example, to be kept as a test of its own.
"""

import os

import anthropic
import httpx2
import pytest
from builders import sdk_client, steady_brain
from hypothesis import HealthCheck, settings

from handagent import examples, llm
from handagent.mock import MockServer

# No deadline and no too_slow check: both judge how long an example took, so a busy machine
# would fail a test its code passes (test_session_log did: 389 ms against 200 ms, then 5 ms).
BY_EVENTS = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}
settings.register_profile("repeatable", derandomize=True, **BY_EVENTS)
settings.register_profile("explore", derandomize=False, **BY_EVENTS)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable"))


@pytest.fixture
def mock_server():
    """A fresh mock server on a free port; tests script its replies with `.script(...)`."""
    with MockServer(brain=steady_brain) as server:
        yield server


@pytest.fixture(scope="session")
def sdk_transport():
    """One HTTP client for every SDK client in the session (each new one costs 0.1 s)."""
    with httpx2.Client() as client:  # the SDK's own fork of httpx
        yield client


@pytest.fixture
def sdk(mock_server, sdk_transport) -> anthropic.Anthropic:
    """The genuine SDK client pointed at `mock_server`, with no retries."""
    return anthropic.Anthropic(
        base_url=mock_server.base_url,
        api_key="test-key",
        max_retries=0,
        timeout=60,  # a ceiling for a stuck machine; no test here waits for it
        http_client=sdk_transport,
    )


@pytest.fixture(scope="module")
def client():
    """The genuine SDK client against a mock running the scripted model itself, one per module."""
    with MockServer() as mock:
        yield sdk_client(mock.base_url, "test-key")


@pytest.fixture(autouse=True)
def weather_without_its_wait(monkeypatch):
    """The example weather tool's half-second wait is chapter 04's lesson (its calls overlap),
    not these tests': kept, the unit tests slept through it dozens of times, 20 s of a worker."""
    monkeypatch.setattr(examples, "WEATHER_DELAY_SECONDS", 0)


LLM_CACHES = (llm.settings, llm.client, llm._mock_base_url)  # kept: a test may patch the names


def _clear_llm_caches() -> None:
    for cached in LLM_CACHES:
        cached.cache_clear()


@pytest.fixture
def mock_provider(monkeypatch):
    """`handagent.llm` configured for the mock provider, its caches cleared before and after."""
    monkeypatch.setenv("HANDAGENT_PROVIDER", "mock")
    _clear_llm_caches()
    yield
    _clear_llm_caches()


# The longest test files, longest first: under `pytest -n N --dist loadfile` they start at once
# on separate workers, so the stage ends with them rather than after them. Those that mostly wait
# (for servers, an SDK's backoff, a timeout) come early too: in `make test` the other stages use
# the core meanwhile, and at the end a waiting worker would leave it idle. (Measured 2026-12-05,
# wall time: the hub 20 s, fuzz 17, secrets 11, record's nbval runs 10, faults 10 (of it 9
# waiting), npm clients 7, published servers 6, the mock's command line 6, the room 7.)
LONGEST_FIRST = ["test_hub.py", "test_fuzz.py", "test_secrets.py", "test_main.py", "test_faults.py",
                 "test_npm_clients.py", "test_published_servers.py", "test_cli.py", "test_room.py",
                 "test_load.py", "test_server.py", "test_forked_kernels.py"]  # fmt: skip


def pytest_collection_modifyitems(config, items):
    """Every worker collects the same order: the longest files first, the rest as they were."""
    rank = {name: place for place, name in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(rank)))  # sort is stable
