"""tests/nbval_key.py (make nbval-opus, make nbval-key): its kernels talk to the provider
`anthropic`, at a mock the plugin started, with the planted key, as a learner's kernel with a key
in .env talks to Anthropic."""

import os
from types import SimpleNamespace

import nbval.kernel
import pytest

from tests import nbval_key, nbval_secrets
from tests.nbval_kernels import result_of

pytestmark = pytest.mark.skipif(os.name != "posix", reason="nbval's kernels as make runs them")

ASK = """from handagent.llm import settings
from handagent.runtime.providers import complete
from handagent.runtime.protocol import user_text
from handagent.runtime.target import configured
reply = complete([user_text("Hi")], [], api="anthropic", **configured())
where = configured()["base_url"] == os.environ["ANTHROPIC_BASE_URL"]
settings().provider, where, reply.stop_reason"""


@pytest.fixture
def kernel(monkeypatch):
    """A kernel started as the nbval-key stage starts it, both plugins configured."""
    for name in ("HANDAGENT_PROVIDER", "ANTHROPIC_BASE_URL", "ANTHROPIC_API_KEY"):
        monkeypatch.setenv(name, "")  # restored after the test
    monkeypatch.setattr(
        nbval.kernel.RunningKernel, "get_message", nbval.kernel.RunningKernel.get_message
    )
    nbval_secrets.pytest_configure(config=None)
    nbval_key.pytest_configure(SimpleNamespace(option=SimpleNamespace(numprocesses=None)))
    started = nbval.kernel.RunningKernel(nbval.kernel.CURRENT_ENV_KERNEL_NAME)
    yield started
    started.stop()
    nbval_key.pytest_unconfigure(config=None)


def test_a_chapter_reaches_the_provider_anthropic_at_the_stages_mock_with_the_planted_key(kernel):
    (mock,) = nbval_key._MOCK
    assert os.environ["ANTHROPIC_API_KEY"] == nbval_secrets.KEY
    assert os.environ["ANTHROPIC_BASE_URL"] == mock.base_url
    kernel.execute_cell_input("import os\n" + ASK)
    assert result_of(kernel) == "('anthropic', True, 'stop')"
    assert mock.requests[-1]["messages"][0]["content"][0]["text"] == "Hi"


def test_with_xdist_the_controller_starts_no_mock_its_workers_do(monkeypatch):
    monkeypatch.setenv("ANTHROPIC_BASE_URL", "")
    nbval_key.pytest_configure(SimpleNamespace(option=SimpleNamespace(numprocesses=2)))
    assert nbval_key._MOCK == [] and os.environ["ANTHROPIC_BASE_URL"] == ""
