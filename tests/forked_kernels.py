"""Kernels forked from a warm process, for the nbval stages: the same kernel, without paying its
imports again for every notebook.

    python tests/forked_kernels.py SOCKET      # the warm process (ForkedProvisioner starts it)

A chapter's kernel spends about two CPU-seconds before its first cell runs: ipykernel, IPython
and zmq, and then the Anthropic SDK, which every chapter imports (1.5 s of pydantic models), the
OpenAI SDK where a chapter sends through it (0.5 s), and the package's core (0.3 s). The suite
starts sixty such kernels. Here one process per pytest worker imports those once and waits on a
Unix socket; each kernel is a fork of it that then runs exactly what
`python -m ipykernel_launcher -f CONNECTION_FILE` runs, in the notebook's folder, with the
environment and standard streams the kernel manager asked for, in a session of its own (as
jupyter_client's launcher starts one). Of handagent, only modules whose import does nothing but
define are imported before the fork (PACKAGE: no setting read, no file opened, no thread, no
widget library; tests/notebooks/test_forked_kernels.py checks it): every kernel reads its
settings, makes its client and starts its mock at its first call, as a learner's kernel does.

`forked_provisioner(manager)` gives a KernelManager a provisioner that launches that way, and falls
back to jupyter_client's own launch (a new process) for any other command, on a system without
fork or pidfd_open (Linux 5.3), or when the warm process cannot be reached.

Left out: the exit status of a forked kernel. The warm process reaps its children (so their CPU
time counts where `time make test` sees it); the provisioner learns that a kernel ended from its
pidfd, not with what code, and reports 0. Forked kernels share one hash seed (`random` is reseeded
at every fork): an output that hung on set order would be stable here rather than flaky.
"""

import atexit
import json
import os
import select
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import traceback

from jupyter_client.provisioning import LocalProvisioner

LAUNCHER = "ipykernel_launcher"
# Not ipywidgets: imported where no IPython runs, it never registers its comm target in the kernel.
WARM = ("anthropic", "openai", "aiohttp", "ipykernel.kernelapp", "ipykernel.zmqshell")
# What every chapter's cells import of the package (not the views: one imports ipywidgets); their
# settings, client and mock are made at the first call, in the kernel.
PACKAGE = ("handagent.llm", "handagent.dispatch", "handagent.blocks", "handagent.mock.http.server",
           "handagent.runtime.loop")  # fmt: skip


def serve(path: str) -> None:
    """The warm process: import the kernel's libraries once, then fork a kernel per request."""
    del sys.path[0]  # this file's folder, which a kernel's path does not hold
    for module in WARM + PACKAGE:
        __import__(module)
    if threading.active_count() != 1:  # forking a process with threads could copy a held lock
        raise SystemExit(f"{__name__}: an import started a thread; kernels start the usual way")
    signal.signal(signal.SIGCHLD, reap)
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    listener.listen(8)
    listener.settimeout(1.0)
    parent = os.getppid()
    print("ready", flush=True)
    while os.getppid() == parent:  # a pytest worker that died without stopping us ends us too
        try:
            connection, _ = listener.accept()
        except TimeoutError:
            continue
        connection.settimeout(None)
        with connection:
            message, fds, _, _ = socket.recv_fds(connection, 1 << 20, 3)
            request = json.loads(message)
            pid = os.fork()
            if pid == 0:
                listener.close()
                connection.close()
                run_kernel(request, fds)  # never returns
            for fd in fds:
                os.close(fd)
            connection.sendall(json.dumps({"pid": pid}).encode())


def reap(*_) -> None:
    """Wait for every kernel that has ended, so that its CPU time counts as this process's."""
    try:
        while os.waitpid(-1, os.WNOHANG)[0]:
            pass
    except ChildProcessError:
        pass


def run_kernel(request: dict, fds: list[int]) -> None:
    """In the fork: become `python -m ipykernel_launcher ARGS` in CWD with ENV, then exit."""
    code = 1
    try:
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)  # the kernel's own subprocesses need waiting
        os.setsid()
        for target, fd in enumerate(fds):
            os.dup2(fd, target)
            os.close(fd)
        os.chdir(request["cwd"])
        os.environ.clear()
        os.environ.update(request["env"])
        # as if launched by the warm process, whose end ends the kernel (ipykernel's parent poller)
        parent = f"--IPKernelApp.parent_handle={os.getppid()}"
        sys.argv = [request["argv"][0], *request["argv"][3:], parent]
        from ipykernel import kernelapp

        kernelapp.launch_new_instance()
        code = 0
    except SystemExit as exit_:
        code = exit_.code if isinstance(exit_.code, int) else (0 if exit_.code is None else 1)
    except BaseException:  # on the stderr the kernel manager gave: a kernel that never started
        traceback.print_exc()
    finally:
        try:
            atexit._run_exitfuncs()
            sys.stdout.flush()
            sys.stderr.flush()
        finally:
            os._exit(code)


class _Warm:
    """This process's warm process, started on first use, stopped at exit."""

    process: subprocess.Popen | None = None
    path = ""
    failed = False

    @classmethod
    def socket_path(cls) -> str | None:
        if cls.failed:
            return None
        if cls.process is None:
            folder = tempfile.mkdtemp(prefix="forked-kernels-")
            cls.path = os.path.join(folder, "warm.sock")
            command = [sys.executable, os.path.abspath(__file__), cls.path]
            cls.process = subprocess.Popen(
                command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, start_new_session=True
            )
            atexit.register(cls.stop, folder)
            if cls.process.stdout.readline().strip() != b"ready":
                cls.failed = True
                return None
        return cls.path

    @classmethod
    def stop(cls, folder: str) -> None:
        if cls.process and cls.process.poll() is None:
            cls.process.kill()
            cls.process.wait()
        shutil.rmtree(folder, ignore_errors=True)


class ForkedKernel:
    """What LocalProvisioner needs of a Popen, for a kernel that is the warm process's child."""

    stdin = stdout = stderr = None

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.pidfd = os.pidfd_open(pid)
        self.returncode: int | None = None

    def poll(self) -> int | None:
        if self.returncode is None and select.select([self.pidfd], [], [], 0)[0]:
            self.returncode = 0
            os.close(self.pidfd)
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        if self.returncode is None:
            select.select([self.pidfd], [], [], timeout)
            if self.poll() is None:
                raise subprocess.TimeoutExpired([str(self.pid)], timeout)
        return self.returncode

    def send_signal(self, signum: int) -> None:
        if self.poll() is None:
            signal.pidfd_send_signal(self.pidfd, signum)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)


def fork_kernel(path: str, cmd: list[str], env: dict, cwd: str, streams: list[int]) -> int:
    """Ask the warm process at PATH for a kernel; its pid."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as connection:
        connection.connect(path)
        request = {"argv": cmd, "env": env, "cwd": cwd}
        socket.send_fds(connection, [json.dumps(request).encode()], streams)
        connection.shutdown(socket.SHUT_WR)
        return json.loads(connection.recv(4096))["pid"]


class ForkedProvisioner(LocalProvisioner):
    """LocalProvisioner whose `python -m ipykernel_launcher` kernels are forks of a warm one."""

    async def launch_kernel(self, cmd: list[str], **kwargs):
        path = _Warm.socket_path() if forkable(cmd) else None
        if path is None:
            return await super().launch_kernel(cmd, **kwargs)
        env = dict(kwargs.get("env") or os.environ)
        cwd = str(kwargs.get("cwd") or os.getcwd())
        with open(os.devnull, "rb") as null_in:
            streams = [
                null_in.fileno() if kwargs.get("stdin") is None else kwargs["stdin"],
                stream_fd(kwargs.get("stdout"), 1),
                stream_fd(kwargs.get("stderr"), 2),
            ]
            try:
                pid = fork_kernel(path, cmd, env, cwd, streams)
            except (OSError, ValueError):  # the warm process is gone: the usual way from now on
                _Warm.failed = True
                return await super().launch_kernel(cmd, **kwargs)
        self.process = ForkedKernel(pid)
        self.pid = self.pgid = pid
        self.cwd = cwd
        return self.connection_info


def stream_fd(stream, default: int) -> int:
    """The file descriptor behind a Popen-style stream argument."""
    if stream is None:
        return default
    return stream if isinstance(stream, int) else stream.fileno()


def forkable(cmd: list[str]) -> bool:
    """Whether a kernel command is this Python's `-m ipykernel_launcher`, on a system that can."""
    return (
        len(cmd) >= 3
        and cmd[0] == sys.executable
        and cmd[1:3] == ["-m", LAUNCHER]
        and hasattr(os, "fork")
        and hasattr(os, "pidfd_open")
        and hasattr(socket, "send_fds")
    )


def forked_provisioner(manager):
    """Give a KernelManager (before start_kernel) the forking provisioner."""
    manager.kernel_id = manager.kernel_id or os.urandom(16).hex()
    manager.provisioner = ForkedProvisioner(
        kernel_id=manager.kernel_id, kernel_spec=manager.kernel_spec, parent=manager
    )
    return manager


if __name__ == "__main__":
    serve(sys.argv[1])
