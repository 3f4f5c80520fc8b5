"""The pytest plugins of the notebook stages (tests/nbval_*.py) stay light: every pytest process
that runs notebooks loads them, and the kernels import the SDK themselves (from
tests/forked_kernels.py's warm process)."""

import subprocess
import sys

from paths import ROOT

PLUGINS = ("nbval_kernels", "nbval_secrets", "nbval_replay", "nbval_key")


def test_the_plugins_import_nothing_of_the_sdks():
    """The Anthropic SDK alone cost each of those processes 1.6 CPU-s, for nothing."""
    imports = ", ".join(f"tests.{name}" for name in PLUGINS)
    sdks = "{m.split('.')[0] for m in sys.modules} & {'anthropic', 'openai'}"
    code = f"import sys, {imports}\nprint(sorted({sdks}))"
    ran = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert (ran.returncode, ran.stdout.strip()) == (0, "[]"), ran.stderr[-2000:]
