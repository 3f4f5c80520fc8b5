"""The nbval stages' plugin: every kernel on Unix sockets, each in a folder of its own."""

import os

import nbval.kernel
import pytest

from tests import nbval_kernels
from tests.nbval_kernels import result_of

pytestmark = pytest.mark.skipif(os.name != "posix", reason="Unix sockets only")


def test_two_kernels_started_as_nbval_starts_them_get_their_own_socket_files(monkeypatch):
    monkeypatch.setattr(nbval.kernel, "KernelManager", nbval.kernel.KernelManager)
    nbval_kernels.pytest_configure(config=None)
    kernels = [nbval.kernel.RunningKernel(nbval.kernel.CURRENT_ENV_KERNEL_NAME) for _ in range(2)]
    try:
        managers = [kernel.km for kernel in kernels]
        assert [manager.transport for manager in managers] == ["ipc", "ipc"]
        folders = {os.path.dirname(manager.ip) for manager in managers}
        assert len(folders) == 2
        for manager in managers:
            assert os.path.exists(f"{manager.ip}-{manager.shell_port}")  # the socket's file
        for number, kernel in enumerate(kernels):
            kernel.execute_cell_input(f"{number} + 40")
            assert result_of(kernel) == str(number + 40)  # each answers its own client
    finally:
        for kernel in kernels:
            kernel.stop()
