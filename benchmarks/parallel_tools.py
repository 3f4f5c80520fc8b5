"""Benchmark: independent slow tools through `run_tool_calls`, at once against one by one.

N tools each sleep for a fixed time (a stand-in for waiting on a web service). In the same run
the benchmark times each call alone through `run_tool_calls` (one by one: the sequential
reference) and all N calls in one reply (concurrent). It reports the ratio of the concurrent time
to the slowest single call: 1.0 means N calls cost no more than one. The target is 1.25; the
script exits with status 1 if the median ratio over the repeats misses it.

Usage: python benchmarks/parallel_tools.py [--calls 4] [--seconds 0.3] [--repeat 3] [--target 1.25]

Not measured here: the model's time, CPU-bound tools (threads do not speed those up in Python).
"""

import argparse
import statistics
import sys
import time

from handagent.dispatch import run_tool_calls
from handagent.tools import Tool

TARGET = 1.25  # concurrent wall time / slowest single call


def slow_tools(calls: int, seconds: float) -> list[Tool]:
    """`calls` independent tools that each wait `seconds` and say who they are."""

    def waiter(name: str):
        def wait() -> str:
            time.sleep(seconds)
            return f"{name} done"

        return wait

    schema = {"type": "object", "properties": {}}
    return [
        Tool(f"slow_{i}", "Wait, then answer.", schema, waiter(f"slow_{i}")) for i in range(calls)
    ]


def reply_content(tools: list[Tool]) -> list[dict]:
    """A reply asking for every tool once. Example: [slow_0] -> [tool_use(id=toolu_0, slow_0)]."""
    return [
        {"type": "tool_use", "id": f"toolu_{i}", "name": t.name, "input": {}}
        for i, t in enumerate(tools)
    ]


def timed(content: list[dict], tools: list[Tool]) -> float:
    """Wall time of one run_tool_calls, which must answer every call without an error."""
    start = time.perf_counter()
    message = run_tool_calls(content, tools)
    elapsed = time.perf_counter() - start
    errors = [r for r in message["content"] if r.get("is_error")]
    if len(message["content"]) != len(content) or errors:
        raise RuntimeError(f"run_tool_calls did not answer every call cleanly: {message}")
    return elapsed


def measure(calls: int, seconds: float) -> dict[str, float]:
    """One round: each call alone (one by one), then all calls in one reply (concurrent)."""
    tools = slow_tools(calls, seconds)
    content = reply_content(tools)
    singles = [timed([block], tools) for block in content]
    concurrent = timed(content, tools)
    slowest = max(singles)
    return {
        "one_by_one": sum(singles),
        "slowest_single": slowest,
        "concurrent": concurrent,
        "ratio": concurrent / slowest,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=4, help="independent tool calls per reply")
    parser.add_argument("--seconds", type=float, default=0.3, help="how long each tool sleeps")
    parser.add_argument("--repeat", type=int, default=3, help="rounds; the median ratio counts")
    parser.add_argument("--target", type=float, default=TARGET, help="highest passing ratio")
    args = parser.parse_args(argv)
    if args.calls < 1 or args.repeat < 1 or args.seconds <= 0:
        parser.error("--calls and --repeat must be at least 1, --seconds above 0")

    print(f"{args.calls} tools, each sleeping {args.seconds:g} s, {args.repeat} round(s)")
    print(f"{'round':>5}  {'one by one':>10}  {'slowest single':>14}  {'concurrent':>10}  ratio")
    ratios = []
    for round_ in range(1, args.repeat + 1):
        r = measure(args.calls, args.seconds)
        ratios.append(r["ratio"])
        print(
            f"{round_:>5}  {r['one_by_one']:>9.3f}s  {r['slowest_single']:>13.3f}s  "
            f"{r['concurrent']:>9.3f}s  {r['ratio']:.3f}"
        )
    median = statistics.median(ratios)
    verdict = "met" if median <= args.target else "MISSED"
    print(f"median ratio concurrent / slowest single call: {median:.3f} ", end="")
    print(f"(target <= {args.target:g}: {verdict})")
    return 0 if median <= args.target else 1


if __name__ == "__main__":
    sys.exit(main())
