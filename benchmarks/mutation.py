"""Mutation score of the modules that carry the protocol's rules, each against its own tests.

    .venv/bin/python -m pip install -r benchmarks/requirements-mutation.txt   # once: mutmut
    nice .venv/bin/python benchmarks/mutation.py                   # every module: an hour or more
    nice .venv/bin/python benchmarks/mutation.py api/checks runtime/ids       # some of them

mutmut 3 changes one thing at a time in a module (a `<` into `<=`, a string into another, a
call's result into None) and runs that module's own test file(s) against each change, a
"mutant". A mutant the tests fail on is killed; one they pass on survived: a change to the rules
that nothing noticed. Each module runs alone in a temporary copy of the repository (mutmut
writes its `mutants/` folder there), so the score says what the module's own tests pin down,
not what the whole suite happens to touch.

A mutant that hangs (a loop that never ends, a server that never answers) is stopped after
(its tests' time in the clean run + 1 s) x 5, mutmut's `timeout_multiplier` (its default, 15,
kept mock/http/server's 19 hanging mutants waiting 20 minutes), and counts as a timeout.

score = detected / scored, where detected = killed + timeout + segfault and scored = detected +
survived + no tests + suspicious (skipped and not-checked mutants are left out).

The scores, the survivors left and the mutants that are equivalent (no request, reply or result
differs) are in benchmarks/README.md; `mutmut browse` in a copy kept with --keep shows each one.
Not done here: telling an equivalent mutant from a survivor (that takes reading the mutant).
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).parent.parent
PACKAGE = "src/handagent"
# module under src/handagent -> its own test files
MODULES = {
    "api/checks": ["tests/api/test_checks.py"],
    "api/history": ["tests/api/test_history.py"],
    "api/model_rules": ["tests/api/test_model_rules.py"],
    "runtime/ids": ["tests/runtime/test_ids.py"],
    "runtime/repair": ["tests/runtime/test_repair.py"],
    "runtime/truncate": ["tests/runtime/test_truncate.py"],
    "dispatch": ["tests/test_dispatch.py"],
    "mock/model/brain": ["tests/mock/model/test_brain.py"],
    "mock/http/server": [
        "tests/mock/http/test_server.py",
        "tests/mock/hosted/test_threads.py",
    ],  # State.threads
    "mock/http/routes": [  # every route: messages, streams, models, OpenAI chat, threads, edits
        "tests/mock/http/test_routes.py",
        "tests/mock/http/test_server.py",
        "tests/mock/http/test_stream.py",
        "tests/mock/http/test_models_route.py",
        "tests/mock/http/test_openai_chat.py",
        "tests/mock/hosted/test_threads.py",
        "tests/mock/hosted/test_context_edits.py",
        "tests/mock/test_recorded.py",  # real traffic, replayed
    ],
    "mock/http/access": ["tests/mock/http/test_access.py"],
    "mock/model/signatures": ["tests/mock/model/test_signatures.py"],
    "api/models": ["tests/api/test_models.py"],
    # issue 35's rules and behaviours
    "api/strict": ["tests/api/test_strict.py"],
    "api/tool_rules": ["tests/api/test_tool_rules.py"],
    "api/tool_turns": ["tests/api/test_tool_turns.py"],
    "api/caching": ["tests/api/test_caching.py", "tests/api/test_checks.py"],
    "api/beta_fields": ["tests/api/test_beta_fields.py", "tests/api/test_checks.py"],
    "mock/hosted/tool_search": ["tests/mock/hosted/test_tool_search.py"],
    "mock/hosted/clearing": [
        "tests/mock/hosted/test_clearing.py",
        "tests/mock/hosted/test_context_edits.py",
    ],
    "mock/model/memory": ["tests/mock/model/test_memory.py"],
}
CONFIG = """
[tool.mutmut]
source_paths = ["src"]
only_mutate = ["{module}"]
pytest_add_cli_args = ["-p", "no:cacheprovider", "-p", "no:timeout", "-p", "mutation_profile",
                       "-x", "-q"]
pytest_add_cli_args_test_selection = {tests}
timeout_multiplier = 5.0
"""

# A plugin on PYTHONPATH: a failing hypothesis example fails the mutant at once, unshrunk (a
# shrink reruns the test hundreds of times, and a mutant only needs to fail), from no database.
PROFILE = """import hypothesis

phases = [hypothesis.Phase.explicit, hypothesis.Phase.reuse, hypothesis.Phase.generate]
hypothesis.settings.register_profile(
    "mutation", phases=phases, database=None, deadline=None,
    suppress_health_check=[hypothesis.HealthCheck.too_slow],
)
hypothesis.settings.load_profile("mutation")
"""


def tracked_copy(target: Path) -> None:
    """The repository's tracked files, as they are in the work tree, under `target`."""
    listed = subprocess.run(
        ["git", "-C", str(ROOT), "ls-files", "-z"], capture_output=True, check=True
    ).stdout.decode()
    for name in filter(None, listed.split("\0")):
        source = ROOT / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)


def score(stats: dict) -> tuple[int, int]:
    """(detected, scored) from mutmut's stats. Example: {"killed": 8, "survived": 2} -> (8, 10)"""
    detected = stats["killed"] + stats["timeout"] + stats["segfault"]
    return detected, detected + stats["survived"] + stats["no_tests"] + stats["suspicious"]


def mutate(module: str, tests: list[str], work: Path, children: int) -> dict:
    """Run mutmut over one module in a fresh copy; its CI stats and the seconds it took."""
    tracked_copy(work)
    config = CONFIG.format(module=f"{PACKAGE}/{module}.py", tests=json.dumps(tests))
    with (work / "pyproject.toml").open("a") as pyproject:
        pyproject.write(config)
    (work / "plugins").mkdir()
    (work / "plugins" / "mutation_profile.py").write_text(PROFILE)
    paths = os.pathsep.join(filter(None, [str(work / "plugins"), os.environ.get("PYTHONPATH")]))
    env = dict(os.environ, HANDAGENT_PROVIDER="mock", PYTHONDONTWRITEBYTECODE="1", PYTHONPATH=paths)
    mutmut = [sys.executable, "-m", "mutmut"]
    started = time.perf_counter()
    done = subprocess.run(
        [*mutmut, "run", "--max-children", str(children)],
        cwd=work, env=env, capture_output=True, text=True,
    )  # fmt: skip
    seconds = time.perf_counter() - started
    if done.returncode != 0:
        print(done.stdout[-3000:], done.stderr[-3000:], sep="\n")
        raise SystemExit(f"mutmut failed on {module} (work folder: {work})")
    subprocess.run([*mutmut, "export-cicd-stats"], cwd=work, env=env, capture_output=True)
    stats = json.loads((work / "mutants" / "mutmut-cicd-stats.json").read_text())
    return stats | {"seconds": seconds}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("modules", nargs="*", choices=[[], *MODULES], help="default: all")
    parser.add_argument("--max-children", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--keep", action="store_true", help="keep the copies, to browse them")
    args = parser.parse_args(argv)
    if shutil.which("mutmut", path=str(Path(sys.executable).parent)) is None:
        raise SystemExit("no mutmut: pip install -r benchmarks/requirements-mutation.txt")
    chosen = args.modules or list(MODULES)
    work_root = Path(tempfile.mkdtemp(prefix="mutation-"))
    print(f"{'module':18} {'mutants':>7} {'killed':>6} {'survived':>8} {'no tests':>8} "
          f"{'timeout':>7} {'score':>7} {'time':>6}")  # fmt: skip
    all_detected = all_scored = 0
    try:
        for module in chosen:
            stats = mutate(module, MODULES[module], work_root / module.replace("/", "-"),
                           args.max_children)  # fmt: skip
            detected, scored = score(stats)
            all_detected, all_scored = all_detected + detected, all_scored + scored
            print(
                f"{module:18} {stats['total']:7} {stats['killed']:6} {stats['survived']:8} "
                f"{stats['no_tests']:8} {stats['timeout']:7} {detected / max(scored, 1):7.1%} "
                f"{stats['seconds']:5.0f}s",
                flush=True,
            )
    finally:
        if args.keep:
            print(f"copies kept under {work_root}")
        else:
            shutil.rmtree(work_root, ignore_errors=True)
    print(f"{'all':18} {'':7} {'':6} {'':8} {'':8} {'':7} {all_detected / max(all_scored, 1):7.1%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
