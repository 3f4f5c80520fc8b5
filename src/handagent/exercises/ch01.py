"""Chapter 01 exercise: write the menu entry for a `multiply(x, y)` tool.

`check_multiply_entry` reads the entry the way the API and the model will: the name against the
API's pattern, the description for what the tool does and when to use it, the schema for exactly
two required numbers. Only an entry with no such problem is sent, with one request, to see
whether the model really calls it for "What is 834727 × 991?".

Hints follow the edition's language, `handagent.language`. A description may be written in
English or Chinese: both are judged by the same rules (`wording`), a Chinese character weighing
three letters, so "把两个数字相乘并返回它们的乘积。用户要求做乘法计算时使用。" passes.

`SELF_CHECK` holds the chapter's three self-check questions: what the model receives of a tool,
how often the menu is paid for, and why the description decides.

Not handled here: running the tool (chapter 03), judging prose beyond a few words it must contain.
"""

import re

from ..api import TOOL_NAME_PATTERN
from ..language import pick
from ..llm import call_model
from ..tools import Tool
from . import Verdict, attempt, wording
from .questions.ch01 import SELF_CHECK  # noqa: F401 - the chapter's self-check, read by selfcheck

EXERCISE = ("01 · a menu entry for multiply(x, y)", "01 · 为 multiply(x, y) 写菜单条目")
# the learner's question, in the edition's language (docs/glossary.md); the seed's 834727 乘 991
QUESTION = ("What is 834727 × 991?", "834727 乘 991 等于几？")
EXPECTED_INPUT = {"x": 834727, "y": 991}
KEYS = ("name", "description", "input_schema")
MIN_DESCRIPTION = 40  # letters' worth (`wording.weight`): room for what it does and when to use it
# "multiply", "product", "times"; 乘, 相乘, 乘积, 乘法, 两数之积 (not 乘车 "ride", 积分 "points")
SAYS_WHAT = re.compile(
    r"multipl|product|times|(?<!搭)乘(?![坐车客机船务])|[之的]积(?![分极])|求积", re.I
)


def multiply(x: float, y: float) -> float:
    """The function the entry describes. Example: (6, 7) -> 42"""
    return x * y


def _key_problems(entry: dict) -> list[str]:
    problems = [
        pick(
            f'the entry has no "{key}": a menu entry needs name, description and input_schema.',
            f'菜单条目缺少 "{key}"：一个菜单条目要有 name、description 和 input_schema。',
        )
        for key in KEYS
        if key not in entry
    ]
    for key in entry:
        if key not in KEYS:
            refusal = f"tools.0.custom.{key}: Extra inputs are not permitted"
            problems.append(
                pick(
                    f'remove the key "{key}": a menu entry holds only name, description and '
                    f'input_schema here (the API refuses keys it does not know with "{refusal}").',
                    f'删掉键 "{key}"：这里的菜单条目只有 name、description 和 input_schema 三个键'
                    f'（API 遇到不认识的键会拒绝："{refusal}"）。',
                )
            )
    return problems


def _name_problems(name: object) -> list[str]:
    if isinstance(name, str) and re.fullmatch(TOOL_NAME_PATTERN, name):
        return []
    problem = pick(
        f"the name {name!r} does not match the API's pattern {TOOL_NAME_PATTERN}: use letters, "
        'digits, "_" or "-" only, no spaces, e.g. "multiply".',
        f"工具名 {name!r} 不符合 API 要求的格式 {TOOL_NAME_PATTERN}：只能用英文字母、数字、"
        '"_" 或 "-"，不能有空格，比如 "multiply"。',
    )
    if isinstance(name, str) and not name.isascii():
        refusal = f"tools.0.custom.name: String should match pattern '{TOOL_NAME_PATTERN}'"
        problem += pick(
            ' Here "letters" means a-z and A-Z: a name in another script is refused too, while '
            "the description may be in any language.",
            f"非 ASCII 字符（比如中文）也不行，API 会以 400 拒绝（{refusal}）："
            "名字用英文，中文写进 description。",
        )
    return [problem]


def _length_problem(description: str) -> list[str]:
    if wording.weight(description) >= MIN_DESCRIPTION:
        return []
    length, least = len(description.strip()), wording.in_chinese(MIN_DESCRIPTION)
    minimum = (  # as the English sentence says it
        f"at least {least} Chinese characters ({MIN_DESCRIPTION} in English)"
        if wording.has_chinese(description)
        else f"at least {MIN_DESCRIPTION} characters"
    )
    return [
        pick(
            f"the description is {length} characters long: the model decides from it alone, so use "
            f"{minimum} to say what the tool does and when to use it.",
            f"描述只有 {length} 个字符：模型只凭这段话决定用不用这个工具，请至少写 {least} 个汉字"
            f"（英文至少 {MIN_DESCRIPTION} 个字符），说清它做什么、什么时候用。",
        )
    ]


def _description_problems(description: object) -> list[str]:
    if not isinstance(description, str):
        kind = type(description).__name__
        return [
            pick(
                f"the description must be a string, got {kind}.",
                f"description 必须是字符串，收到的是 {kind}。",
            )
        ]
    problems = _length_problem(description)
    chinese = wording.has_chinese(description)  # then name the Chinese words too
    also = "; in Chinese 相乘 or 乘积" if chinese else ""
    example = " (in Chinese, “用户要求做乘法计算时使用。”)" if chinese else ""
    if not SAYS_WHAT.search(description):
        problems.append(
            pick(
                "the description never says what the tool does: mention that it multiplies two "
                f'numbers (the words "multiply" or "product"{also}).',
                "描述没说这个工具做什么：写明它把两个数相乘（用上“相乘”或“乘积”这样的词；"
                '英文用 "multiply" 或 "product"）。',
            )
        )
    if not wording.says_when(description):
        problems.append(
            pick(
                "the description does not say when to use the tool: add a sentence such as "
                f'"Use it whenever the user asks to multiply two numbers."{example}',
                "描述没说什么时候该用这个工具：补一句，比如“用户要求做乘法计算时使用。”",
            )
        )
    return problems


def _property_problems(properties: dict) -> list[str]:
    problems = []
    for name in ("x", "y"):
        kind = (properties.get(name) or {}).get("type") if name in properties else None
        if name not in properties:
            problems.append(
                pick(
                    f'input_schema.properties has no "{name}": multiply takes x and y.',
                    f'input_schema.properties 里没有 "{name}"：multiply 接收 x 和 y 两个参数。',
                )
            )
        elif kind != "number":
            problems.append(
                pick(
                    f'"{name}" has type {kind!r}: make it "number" ("integer" would forbid 2.5, '
                    'a string would make the model send "991" in quotes).',
                    f'"{name}" 的类型是 {kind!r}：改成 "number"（"integer" 会拒绝 2.5，'
                    '字符串会让模型把 "991" 加上引号发过来）。',
                )
            )
    for name in properties:
        if name not in ("x", "y"):
            problems.append(
                pick(
                    f'remove the property "{name}": multiply(x, y) takes no such argument, and the '
                    "model would feel free to send it.",
                    f'删掉属性 "{name}"：multiply(x, y) 没有这个参数，'
                    "留着它，模型就可能真的传过来。",
                )
            )
    return problems


def _schema_problems(schema: object) -> list[str]:
    if not isinstance(schema, dict):
        kind = type(schema).__name__
        return [
            pick(
                f"input_schema must be a dict (a JSON Schema), got {kind}.",
                f"input_schema 必须是 dict（一个 JSON Schema），收到的是 {kind}。",
            )
        ]
    if schema.get("type") != "object":
        return [
            pick(
                'input_schema must start with "type": "object": tool inputs are JSON objects.',
                'input_schema 的顶层必须是 "type": "object"：工具的输入总是 JSON 对象。',
            )
        ]
    properties = schema.get("properties")
    if not isinstance(properties, dict):
        return [
            pick(
                'input_schema needs "properties": {"x": {...}, "y": {...}}.',
                'input_schema 需要 "properties": {"x": {...}, "y": {...}}。',
            )
        ]
    problems = _property_problems(properties)
    required = schema.get("required")
    missing = [n for n in ("x", "y") if not isinstance(required, list) or n not in required]
    if missing:
        problems.append(
            pick(
                f'add "required": ["x", "y"] to input_schema (missing: {", ".join(missing)}): '
                "without it the model may leave a number out.",
                f'在 input_schema 里加上 "required": ["x", "y"]（缺少：{", ".join(missing)}）：'
                "不写的话，模型可能漏传某个数。",
            )
        )
    return problems


def _called(entry: dict) -> list[str]:
    """Send the question with this one-tool menu; what is wrong with the model's answer, if any."""
    question = pick(*QUESTION)
    messages = [{"role": "user", "content": question}]
    reply, error = attempt(call_model, messages, [entry])
    if error:
        return [
            pick(
                f"the request with your entry failed: {error}",
                f"带着你的菜单条目发出的请求失败了：{error}",
            )
        ]
    calls = [block for block in reply.content if block.type == "tool_use"]
    if not calls:
        said = " ".join(block.text for block in reply.content if block.type == "text")
        return [
            pick(
                f"asked {question!r}, the model answered in text instead of calling your tool: "
                f"{said!r}. Make the name and description say plainly that it multiplies numbers.",
                f"问模型 {question!r}，它直接用文字回答，没有调用你的工具：{said!r}。"
                "让 name 和 description 明明白白地说出它是做乘法的。",
            )
        ]
    call = calls[0]
    if call.name != entry["name"] or call.input != EXPECTED_INPUT:
        return [
            pick(
                f"the model called {call.name} with {call.input}, expected {entry['name']} with "
                f"{EXPECTED_INPUT}: check the property names x and y and their descriptions.",
                f"模型调用了 {call.name}，参数是 {call.input}；应该是 {entry['name']}，参数 "
                f"{EXPECTED_INPUT}：检查属性名 x、y 和它们的 description。",
            )
        ]
    return []


def check_multiply_entry(entry: object) -> Verdict:
    """Check a menu entry for multiply(x, y), then see whether the model calls it."""
    if not isinstance(entry, dict):
        kind = type(entry).__name__
        problem = pick(
            f"the entry must be a dict, got {kind}: {entry!r}.",
            f"菜单条目必须是 dict，收到的是 {kind}：{entry!r}。",
        )
        return Verdict(pick(*EXERCISE), (problem,))
    problems = _key_problems(entry)
    if "name" in entry:
        problems += _name_problems(entry["name"])
    if "description" in entry:
        problems += _description_problems(entry["description"])
    if "input_schema" in entry:
        problems += _schema_problems(entry["input_schema"])
    if not problems:
        fields = [entry[key] for key in KEYS]
        _, error = attempt(Tool, *fields, multiply)  # the package's own checks (jsonschema)
        refused = pick(
            f"Tool(...) refuses this entry: {error}", f"Tool(...) 不接受这个菜单条目：{error}"
        )
        problems += [refused] if error else _called(entry)
    return Verdict(pick(*EXERCISE), tuple(problems))
