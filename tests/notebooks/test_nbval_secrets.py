"""The nbval stages' key plugin: a kernel's message holding the planted key or the mock's fails."""

import os

import nbval.kernel
import pytest

from handagent.llm import MOCK_KEY
from tests import nbval_secrets
from tests.nbval_kernels import result_of

pytestmark = pytest.mark.skipif(os.name != "posix", reason="nbval's kernels as make runs them")


@pytest.fixture
def kernel(monkeypatch):
    """A kernel started as the nbval stages start it, with the plugin configured."""
    monkeypatch.setattr(
        nbval.kernel.RunningKernel, "get_message", nbval.kernel.RunningKernel.get_message
    )
    monkeypatch.setenv("ANTHROPIC_API_KEY", "")  # restored after the test
    nbval_secrets.pytest_configure(config=None)
    started = nbval.kernel.RunningKernel(nbval.kernel.CURRENT_ENV_KERNEL_NAME)
    yield started
    started.stop()


def test_the_key_is_planted_and_a_message_holding_it_or_the_mocks_fails_its_cell(kernel):
    kernel.execute_cell_input("import os; len(os.environ['ANTHROPIC_API_KEY'])")
    assert result_of(kernel) == str(len(nbval_secrets.KEY))  # set in the kernel, and not shown
    kernel.execute_cell_input("print(os.environ['ANTHROPIC_API_KEY'][7:])")  # part is enough
    with pytest.raises(nbval_secrets.KeyInKernelMessage, match="stream message on iopub"):
        result_of(kernel)
    kernel.execute_cell_input("from handagent.llm import MOCK_KEY; {'x-api-key': MOCK_KEY}")
    with pytest.raises(nbval_secrets.KeyInKernelMessage, match="llm.MOCK_KEY"):
        result_of(kernel)
    assert MOCK_KEY not in nbval_secrets.KEY
