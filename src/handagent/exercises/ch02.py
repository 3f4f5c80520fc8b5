"""Chapter 02 exercise: `find_tool_calls(content)`, every tool_use block of a reply.

The learner's function takes a message's content (a list of blocks, as dicts or as the SDK's
objects) and returns a list of `(id, name, input)` tuples, one per tool_use block, in order.
`check_find_tool_calls` runs it on contents a real conversation produces, today's replies that
start with thinking blocks among them, and names the classic mistakes: reading only
`content[-1]`, stopping at the first match (`next(...)`), taking every block that is not text
for a call, handling only dicts.

Hints follow the edition's language, `handagent.language`.

`SELF_CHECK` holds the chapter's three self-check questions: what has run when a reply asks for
a tool, how to find every call, and what an id is for.

Not handled here: what to do with the calls (chapter 03).
"""

import copy

from anthropic.types import TextBlock, ThinkingBlock, ToolUseBlock

from ..language import pick
from . import Verdict, attempt, not_a_function
from .questions.ch02 import SELF_CHECK  # noqa: F401 - the chapter's self-check, read by selfcheck

EXERCISE = "02 · find_tool_calls(content)"  # code: the same in both editions

TEXT = {"type": "text", "text": "Let me check that."}
TIME = {"type": "tool_use", "id": "toolu_01A", "name": "get_current_time", "input": {}}
SUM = {"type": "tool_use", "id": "toolu_01B", "name": "add", "input": {"a": 1234, "b": 5678}}
# today's replies: the model's plan, then its "Let me check that." as thinking, text left out
PLAN = {"type": "thinking", "thinking": "", "signature": "EqQBCkYIBxgCKkBdT0mKvJ3qX7y0w2nW"}
PROGRESS = {"type": "thinking", "thinking": "", "signature": "EpcBCkYIBxgCKkA3mQ8vLr2Zx7Ty1uWn"}
# ((what the content is, in English and Chinese), the content, the calls expected)
CASES = (
    (("text then one tool_use (dicts)", "先文本块，后一个 tool_use（dict）"), [TEXT, TIME], [TIME]),
    (
        ("text then two tool_uses (dicts)", "先文本块，后两个 tool_use（dict）"),
        [TEXT, TIME, SUM],
        [TIME, SUM],
    ),
    (
        (
            "two thinking blocks, then two tool_uses (dicts)",
            "先两个思考块，后两个 tool_use（dict）",
        ),
        [PLAN, PROGRESS, TIME, SUM],
        [TIME, SUM],
    ),
    (
        ("two tool_uses, no text (dicts)", "两个 tool_use，没有文本块（dict）"),
        [SUM, TIME],
        [SUM, TIME],
    ),
    (("a text-only reply (dicts)", "只有文本块的回复（dict）"), [TEXT], []),
    (("an empty content list", "空的 content 列表"), [], []),
    (
        (
            "reply.content as the SDK returns it (TextBlock, ToolUseBlock, ToolUseBlock)",
            "SDK 返回的 reply.content（TextBlock, ToolUseBlock, ToolUseBlock）",
        ),
        [TextBlock(**TEXT), ToolUseBlock(**TIME), ToolUseBlock(**SUM)],
        [TIME, SUM],
    ),
    (
        (
            "reply.content as today's models return it "
            "(ThinkingBlock, ThinkingBlock, ToolUseBlock, ToolUseBlock)",
            "今天的模型返回的 reply.content"
            "（ThinkingBlock, ThinkingBlock, ToolUseBlock, ToolUseBlock）",
        ),
        [
            ThinkingBlock(**PLAN),
            ThinkingBlock(**PROGRESS),
            ToolUseBlock(**TIME),
            ToolUseBlock(**SUM),
        ],
        [TIME, SUM],
    ),
)


def _as_tuples(calls: list[dict]) -> list[tuple]:
    return [(call["id"], call["name"], call["input"]) for call in calls]


def _has_thinking(content: list) -> bool:
    kinds = (getattr(block, "type", None) or block.get("type") for block in content)
    return "thinking" in kinds


def _hint(error: str, content: list) -> str:
    """Why a learner's function raised on this content, and how to fix it."""
    if "not subscriptable" in error:
        return pick(
            "reply.content holds SDK objects, not dicts: read block.type, block.id ... on them, "
            "or turn each into a dict first with block.model_dump().",
            "reply.content 里是 SDK 对象，不是 dict：用 block.type、block.id …… 读取，"
            "或者先用 block.model_dump() 把每个块转成 dict。",
        )
    if "'dict' object has no attribute" in error:
        return pick(
            'a history you write yourself holds plain dicts: read block["type"] on them, '
            "so handle both kinds (hasattr(block, 'model_dump') tells them apart).",
            '自己写的对话历史里是普通 dict，要用 block["type"] 读取，所以两种都得处理'
            "（用 hasattr(block, 'model_dump') 区分）。",
        )
    if "IndexError" in error:
        return pick(
            "content may be empty or hold no tool_use: loop over it instead of indexing.",
            "content 可能是空的，也可能一个 tool_use 都没有：遍历它，别按下标取。",
        )
    if "StopIteration" in error:
        return pick(
            "next() found no tool_use and raised: content may hold none. Collect every "
            "tool_use block in a loop, and return [] when there is none.",
            "next() 没找到 tool_use，于是抛出了异常：content 里可能一个 tool_use 都没有。"
            "用循环收集所有 tool_use 块，一个都没有时返回 []。",
        )
    if ("KeyError" in error or "AttributeError" in error) and _has_thinking(content):
        return pick(
            "a reply may start with thinking blocks, which have no id, name or input either: "
            'check block type == "tool_use" first, and never take a block by its position.',
            "回复可能以思考块（thinking）开头，思考块同样没有 id、name 和 input："
            '先判断块的 type == "tool_use"，永远别按位置取块。',
        )
    if "KeyError" in error or "AttributeError" in error:
        return pick(
            'a text block has no id, name or input: check block type == "tool_use" first.',
            '文本块没有 id、name 和 input：先判断块的 type == "tool_use"。',
        )
    return pick(
        "it must not raise for any content a reply can hold: fix the error above.",
        "回复里不管是什么 content，函数都不能抛异常：先修好上面这个错误。",
    )


def _diagnosis(got: list, expected: list, content: list) -> str:
    """What a wrong answer most likely came from."""
    if len(expected) > 1 and got == expected[-1:]:
        return pick(
            "only the last tool_use came back: content[-1] assumes one call per reply, but a "
            "reply may hold several. Loop over every block.",
            "只拿到了最后一个 tool_use：content[-1] 假定一次回复只下一张单，"
            "但回复里可能有好几个调用。遍历每一个块。",
        )
    if len(expected) > 1 and got == expected[:1]:
        return pick(
            "only the first tool_use came back: the function stops at the first match, but a "
            "reply may hold several. Collect every tool_use block, then return.",
            "只拿到了第一个 tool_use：函数找到第一个就停了，但回复里可能有好几个调用。"
            "把所有 tool_use 块都收集起来再返回。",
        )
    if len(got) > len(expected) and _has_thinking(content):
        return pick(
            "it returned blocks that are not calls, thinking blocks among them: keep only "
            'blocks of type "tool_use".',
            '返回了不是调用的块，其中有思考块：只保留 type 为 "tool_use" 的块。',
        )
    if len(got) > len(expected):
        return pick(
            'it returned blocks that are not calls: keep only blocks of type "tool_use".',
            '返回了不是调用的块：只保留 type 为 "tool_use" 的块。',
        )
    return pick(
        "return one (id, name, input) tuple per tool_use block, in the order they came.",
        "每个 tool_use 块返回一个 (id, name, input) 元组，顺序与块出现的顺序一致。",
    )


def _normalised(result: object) -> tuple[list | None, str | None]:
    """The result as a list of tuples, or a sentence saying why it is not one."""
    if result is None:
        return None, pick(
            "it returned None: return a list, [] when there are no tool calls.",
            "函数返回了 None：应该返回列表，没有工具调用时返回 []。",
        )
    if isinstance(result, (str, bytes, dict)) or not hasattr(result, "__iter__"):
        kind = type(result).__name__
        return None, pick(
            f"it returned {kind} {result!r}: return a list of tuples.",
            f"函数返回了 {kind} {result!r}：应该返回元组的列表。",
        )
    items = list(result)
    for item in items:
        if isinstance(item, dict) or not isinstance(item, (tuple, list)) or len(item) != 3:
            return None, pick(
                f"it returned the item {item!r}: return each call as a tuple (id, name, input).",
                f"函数返回的元素是 {item!r}：每个调用应该是一个元组 (id, name, input)。",
            )
    return [tuple(item) for item in items], None


def _problem(find_tool_calls, content: list, expected: list) -> str | None:
    """What goes wrong on one content, or None if the answer is right."""
    result, error = attempt(find_tool_calls, copy.deepcopy(content))
    if error:
        hint = _hint(error, content)
        return pick(f"{error}. Hint: {hint}", f"{error}。提示：{hint}")
    got, wrong_shape = _normalised(result)
    if wrong_shape:
        return wrong_shape
    if got != expected:
        diagnosis = _diagnosis(got, expected, content)
        return pick(
            f"expected {expected}, got {got}; {diagnosis}",
            f"应该得到 {expected}，实际得到 {got}；{diagnosis}",
        )
    return None


def check_find_tool_calls(find_tool_calls) -> Verdict:
    """Run `find_tool_calls` on every content of CASES and report every case it gets wrong."""
    if (wrong := not_a_function(find_tool_calls, EXERCISE)) is not None:
        return wrong
    findings: dict[str, list[str]] = {}  # problem -> the cases that show it, in order
    for what, content, calls in CASES:
        problem = _problem(find_tool_calls, content, _as_tuples(calls))
        if problem:
            findings.setdefault(problem, []).append(pick(*what))
    problems = [
        pick(
            f"on {'; '.join(cases)}: {problem}",
            "、".join(f"“{case}”" for case in cases) + f"：{problem}",
        )
        for problem, cases in findings.items()
    ]
    return Verdict(EXERCISE, tuple(problems))
