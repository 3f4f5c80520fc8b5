"""The nbval stages' kernels, forked from a warm process: each is the kernel a notebook would get
from `python -m ipykernel_launcher`, in its folder, with its environment, and can be stopped."""

import ast
import json
import os
import signal
import subprocess
import sys

import nbval.kernel
import pytest

import handagent
from tests import forked_kernels, nbval_kernels
from tests.nbval_kernels import result_of

pytestmark = pytest.mark.skipif(
    not forked_kernels.forkable([sys.executable, "-m", forked_kernels.LAUNCHER]),
    reason="needs fork, pidfd_open and send_fds (Linux)",
)
WHAT_A_CELL_SEES = (
    "(os.getcwd(), os.environ.get('FORKED_KERNEL_PROBE'), os.getsid(0) == os.getpid(), "
    "'anthropic' in sys.modules, 'tests' in sys.modules, "
    "any(p.endswith('tests') for p in sys.path))"
)


@pytest.fixture
def kernel(monkeypatch, tmp_path):
    monkeypatch.setattr(nbval.kernel, "KernelManager", nbval.kernel.KernelManager)
    monkeypatch.setenv("FORKED_KERNEL_PROBE", "asked for")
    nbval_kernels.pytest_configure(config=None)
    started = nbval.kernel.RunningKernel(nbval.kernel.CURRENT_ENV_KERNEL_NAME, cwd=str(tmp_path))
    yield started
    started.stop()


def test_a_forked_kernel_runs_in_its_folder_with_its_environment_in_a_session_of_its_own(
    kernel, tmp_path
):
    assert isinstance(kernel.km.provisioner.process, forked_kernels.ForkedKernel)
    kernel.execute_cell_input("import os, sys")
    kernel.execute_cell_input(WHAT_A_CELL_SEES)
    # the SDK is there before any cell imported it: the kernel is a fork of the warm process;
    # nothing of this repository's tests came with it
    seen = ast.literal_eval(result_of(kernel))
    assert seen == (str(tmp_path), "asked for", True, True, False, False)


def test_a_forked_kernel_can_be_interrupted_and_is_seen_to_end(kernel):
    kernel.execute_cell_input("import time; print('asleep', flush=True); time.sleep(60)")
    while kernel.get_message(stream="iopub", timeout=30)["msg_type"] != "stream":
        pass  # the cell runs: an interrupt before it would be lost on any kernel
    kernel.km.interrupt_kernel()
    reply = kernel.kc.get_shell_msg(timeout=30)
    assert reply["content"]["ename"] == "KeyboardInterrupt"
    process = kernel.km.provisioner.process
    assert process.poll() is None
    kernel.km.provisioner.process.send_signal(signal.SIGKILL)
    assert process.wait(timeout=30) == 0  # ended: its code stays with the warm process
    assert not kernel.km.is_alive()


def test_without_the_warm_process_a_kernel_starts_the_usual_way(monkeypatch, tmp_path):
    monkeypatch.setattr(forked_kernels._Warm, "failed", False)
    monkeypatch.setattr(forked_kernels._Warm, "process", object())  # started, and since gone
    monkeypatch.setattr(forked_kernels._Warm, "path", str(tmp_path / "gone.sock"))
    monkeypatch.setattr(nbval.kernel, "KernelManager", nbval.kernel.KernelManager)
    nbval_kernels.pytest_configure(config=None)
    kernel = nbval.kernel.RunningKernel(nbval.kernel.CURRENT_ENV_KERNEL_NAME, cwd=str(tmp_path))
    try:
        assert not isinstance(kernel.km.provisioner.process, forked_kernels.ForkedKernel)
        kernel.execute_cell_input("6 * 7")
        assert result_of(kernel) == "42"
    finally:
        kernel.stop()


def test_any_other_kernel_command_starts_the_usual_way():
    assert forked_kernels.forkable([sys.executable, "-m", "ipykernel_launcher", "-f", "c.json"])
    assert not forked_kernels.forkable(["/usr/bin/python3", "-m", "ipykernel_launcher"])
    assert not forked_kernels.forkable([sys.executable, "-m", "other_kernel", "-f", "c.json"])
    assert os.path.isabs(forked_kernels.__file__)


# In a fresh Python: the warm libraries, then the package's modules with every environment read
# and every file opened recorded. Files of the package, of Python and of the installed libraries
# are code and data; anything else (a .env, a cassette, the notebook's folder) would be a setting
# the warm process read for every kernel.
IMPORTING_THE_PACKAGE = """
import json, os, sys, sysconfig, threading
for module in WARM:
    __import__(module)
read, opened = [], []
class Recording(type(os.environ)):
    def __getitem__(self, key):
        read.append(key)
        return super().__getitem__(key)
os.environ = Recording(os.environ._data, os.environ.encodekey, os.environ.decodekey,
                       os.environ.encodevalue, os.environ.decodevalue)
code = (sys.prefix, sys.base_prefix, sysconfig.get_paths()["purelib"], SOURCE)
sys.addaudithook(lambda event, args: opened.append(os.fsdecode(args[0]))
                 if event == "open" and isinstance(args[0], (str, bytes)) else None)
for module in PACKAGE:
    __import__(module)
others = [path for path in opened if not os.path.abspath(path).startswith(code)]
print(json.dumps([read, others, threading.active_count(), "ipywidgets" in sys.modules]))
"""


def test_the_package_modules_forked_kernels_share_read_nothing_start_nothing_as_imported(tmp_path):
    (tmp_path / ".env").write_text("HANDAGENT_PROVIDER=anthropic\n")  # what a learner may keep
    source = os.path.dirname(handagent.__file__)
    code = f"WARM, PACKAGE = {forked_kernels.WARM!r}, {forked_kernels.PACKAGE!r}\n"
    code += f"SOURCE = {source!r}\n" + IMPORTING_THE_PACKAGE
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True,
                          text=True, check=True, timeout=120)  # fmt: skip
    read, others, threads, widgets = json.loads(done.stdout)
    assert (read, others, threads, widgets) == ([], [], 1, False)
