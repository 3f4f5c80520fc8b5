"""pytest plugin for the nbval stages: each notebook's kernel talks over Unix sockets, not TCP.

    python -m pytest -p tests.nbval_kernels --nbval ... notebooks

jupyter_client picks a kernel's five TCP ports by binding port 0, reading the number and closing
the socket; the kernel binds them a moment later. Four nbval workers, the unit tests' kernels and
JupyterLab all start kernels at once in `make test`, so two can pick the same port and one kernel
dies or never answers ("Kernel didn't respond in 60 seconds"). nbval builds its KernelManager
itself and reads no Jupyter config, so this plugin hands it one on Unix sockets, each in a folder
of its own (the default, `kernel-ipc-N` in the notebook's folder, is shared by every worker).

Left out: Windows, which has no Unix sockets; there the plugin changes nothing.
"""

import atexit
import os
import shutil
import tempfile

import nbval.kernel
from jupyter_client.manager import KernelManager

from tests.forked_kernels import forked_provisioner


def unix_socket_kernel_manager(**settings) -> KernelManager:
    """A KernelManager whose sockets are files in a new temporary folder, removed at exit."""
    folder = tempfile.mkdtemp(prefix="nbval-kernel-")
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    manager = KernelManager(transport="ipc", ip=os.path.join(folder, "kernel"), **settings)
    return forked_provisioner(manager)


def pytest_configure(config) -> None:
    if os.name == "posix":
        nbval.kernel.KernelManager = unix_socket_kernel_manager


def result_of(kernel) -> str:
    """The text of the next `execute_result` a kernel sends: what the cell returned."""
    while True:  # a stuck kernel raises queue.Empty after 60 s
        message = kernel.get_message(stream="iopub", timeout=60)
        if message["msg_type"] == "execute_result":
            return message["content"]["data"]["text/plain"]
