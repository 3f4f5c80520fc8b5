"""pytest plugin for the nbval stages: every chapter runs with an API key set, and no message a
kernel sends may hold it, nor the key the mock provider sends.

    python -m pytest -p tests.nbval_secrets --nbval ... notebooks

Before any kernel starts, a sentinel key, new every run, is set as ANTHROPIC_API_KEY (nbval's
kernels inherit this process's environment: --nbval-current-env). Under HANDAGENT_PROVIDER=mock
the key is set but unused, in reach of every line that could print it; the key the mock
provider does send with every request is `llm.MOCK_KEY`, so a line that would show a real key
sent to a real provider shows that one. On the key's path (tests/nbval_key.py: `make nbval-opus`
for English 06 on, `make nbval-key`) the planted key is the key sent, to a mock at
ANTHROPIC_BASE_URL. Every message a kernel sends (iopub: streams, displays, results, errors with
their tracebacks, widget comm messages; shell: replies) is searched for both, and the cell that
received one holding either fails, even a cell whose output nbval does not compare (tagged
nbval-ignore-output, a widget's view, nbval-lax).

Left out, in tests/notebooks/test_secrets.py: a key sent to a provider other than the mock, the
SDK's debug log, the kernel's own stdout and stderr, and the files a run writes.
"""

import os
import secrets

import nbval.kernel

from handagent.room import MOCK_KEY

SECRET = secrets.token_hex(12)  # new every run: no stored output or committed file can hold it
KEY = "sk-ant-" + "sentinel-" + SECRET  # built here, so no committed file holds a key's shape


class KeyInKernelMessage(AssertionError):
    """A kernel sent a message holding the planted key or the mock's."""


def checked(get_message):
    """`RunningKernel.get_message`, raising on a message that holds either key."""

    def get_message_checked(self, stream, timeout=None):
        message = get_message(self, stream, timeout=timeout)
        text = repr(message["content"]) + repr(message.get("buffers", []))
        for name, key in (("ANTHROPIC_API_KEY", SECRET), ("llm.MOCK_KEY", MOCK_KEY)):
            if key in text:
                raise KeyInKernelMessage(
                    f"a {message['msg_type']} message on {stream} holds {name}: {text[:2000]}"
                )
        return message

    return get_message_checked


def pytest_configure(config) -> None:
    os.environ["ANTHROPIC_API_KEY"] = KEY
    nbval.kernel.RunningKernel.get_message = checked(nbval.kernel.RunningKernel.get_message)
