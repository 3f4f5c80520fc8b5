"""Where things are in the repository, for a test in any folder of tests/."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent  # the repository
TESTS = ROOT / "tests"
