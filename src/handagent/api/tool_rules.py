"""The rules of a request's tools beyond their shapes: names, toolsets, callers, deferral.

`check_tool_rules` runs once every tool has its shape (`checks`), in this order [U: the API's
order among them is not published; the definitions first, then what refers to them]:

    fixed names        an Anthropic-defined tool's `name` is its type's (`tool_names.NAMES`)
    client toolsets    `configs` keys are members, values hold `enabled`/`defer_loading`; not
                       every member disabled; the enabled ones defer alike; `allowed_callers`
                       only ["direct"]; one entry per toolset; no tool named `computer` or
                       `browser` beside it; not with the legacy fine-grained streaming header
    allowed_callers    each value one the SDK names; with a code execution caller: no recursive
                       `$ref` ("Circular $ref detected"), no `strict: true`
    input_examples     each valid against the tool's input_schema (define-tools: "Invalid
                       examples return a 400 error")
    deferral           at least one tool not deferred (an MCP toolset defers through
                       `default_config`); at most 10,000 deferred tools
    tool_choice        a forced tool must allow the "direct" caller; may not name a toolset or
                       its member; `disable_parallel_tool_use` not with programmatic calling

    {"tools": [{"name": "t", "input_schema": {}, "defer_loading": true}]} -> Rejection(400,
        "At least one tool must have defer_loading=false. All tools cannot be deferred.")

Wording: `tool_refusals` (docs pages named there; `[U]` where the docs give no text, and then
pydantic's words for a field's shape, as elsewhere).

Not handled here: what deferral and callers do (`mock.hosted`), tool references in the history
and programmatic calls waiting for results (`tool_turns`).
"""

from .rejections import invalid
from .schemas import jsonschema
from .shapes import one_of
from .strict import recursive_ref
from .tool_names import MEMBER_CONFIG, NAMES, TOOLSETS
from .tool_refusals import (
    ALL_DEFERRED,
    BAD_EXAMPLE,
    CHOICE_NOT_DIRECT,
    CIRCULAR_REF,
    LEGACY_STREAMING,
    PROGRAMMATIC_PARALLEL,
    PROGRAMMATIC_STRICT,
    TOO_MANY_DEFERRED,
    TOOLSET_ALL_DISABLED,
    TOOLSET_CALLERS,
    TOOLSET_CHOICE,
    TOOLSET_DEFER_MIXED,
    TOOLSET_NAME_TAKEN,
    TOOLSET_TWICE,
)

CALLERS = ("direct", "code_execution_20250825", "code_execution_20260120",
           "code_execution_20260521")  # fmt: skip  # SDK: ToolParam.allowed_callers
LEGACY_HEADER = "fine-grained-tool-streaming-2025-05-14"
MAX_DEFERRED = 10_000


def tool_type(tool: dict) -> str:
    """A tool's type; the caller's own tool may leave it out. Example: {"name": "t"} -> "custom"."""
    return tool.get("type") or "custom"


def programmatic(tool: dict) -> bool:
    """Whether code running in code execution may call the tool (`allowed_callers`)."""
    callers = tool.get("allowed_callers")
    return isinstance(callers, list) and any(c != "direct" for c in callers)


def deferred(tool: dict) -> bool:
    """Whether a tool is left out of the prompt until a search finds it."""
    if tool_type(tool) == "mcp_toolset":
        return (tool.get("default_config") or {}).get("defer_loading") is True
    return tool.get("defer_loading") is True


def check_tool_rules(body: dict, betas: tuple[str, ...] = ()) -> None:
    """Raise the API's 400 for a rule of the request's tools, or return."""
    tools = [tool for tool in body.get("tools") or [] if isinstance(tool, dict)]
    for i, tool in enumerate(tools):
        kind, where = tool_type(tool), f"tools.{i}.{tool_type(tool)}"
        if kind in NAMES and tool.get("name") != NAMES[kind]:
            raise invalid(f"{where}.name: Input should be '{NAMES[kind]}'")
        if kind in TOOLSETS:
            _check_toolset(tool, where, kind)
        _check_callers(tool, where)
        if kind == "custom":
            _check_examples(tool, where)
    seen = [tool_type(tool) for tool in tools]
    for kind, (taken, _) in TOOLSETS.items():
        if seen.count(kind) > 1:
            raise invalid(TOOLSET_TWICE.format(kind=kind))
        if kind in seen and taken in {tool.get("name") for tool in tools}:
            raise invalid(TOOLSET_NAME_TAKEN.format(name=taken, kind=kind))
        if kind in seen and LEGACY_HEADER in betas:
            raise invalid(LEGACY_STREAMING.format(kind=kind))
    hidden = [tool for tool in tools if deferred(tool)]
    if tools and len(hidden) == len(tools):
        raise invalid(ALL_DEFERRED)
    if len(hidden) > MAX_DEFERRED:
        raise invalid(TOO_MANY_DEFERRED.format(count=len(hidden)))
    _check_choice(body.get("tool_choice"), tools)


def _check_toolset(tool: dict, where: str, kind: str) -> None:
    """`configs`: member -> {"enabled"?, "defer_loading"?}, as ComputerToolsetConfigsParam."""
    configs = tool.get("configs") or {}
    if not isinstance(configs, dict):
        raise invalid(f"{where}.configs: Input should be a valid dictionary")
    members = TOOLSETS[kind][1]
    for member, config in configs.items():
        if member not in members:
            raise invalid(f"{where}.configs.{member}: Extra inputs are not permitted")
        if config is not None and not isinstance(config, dict):
            raise invalid(f"{where}.configs.{member}: Input should be a valid dictionary")
        for name, value in (config or {}).items():
            if name not in MEMBER_CONFIG:
                raise invalid(f"{where}.configs.{member}.{name}: Extra inputs are not permitted")
            if not isinstance(value, bool | None):
                raise invalid(f"{where}.configs.{member}.{name}: Input should be a valid boolean")
    enabled = [m for m in members if ((configs.get(m) or {}).get("enabled") is not False)]
    if not enabled:
        raise invalid(TOOLSET_ALL_DISABLED.format(kind=kind))
    if len({(configs.get(m) or {}).get("defer_loading") is True for m in enabled}) > 1:
        raise invalid(TOOLSET_DEFER_MIXED.format(kind=kind))
    if tool.get("allowed_callers") not in (None, ["direct"]):
        raise invalid(TOOLSET_CALLERS.format(kind=kind))


def _check_callers(tool: dict, where: str) -> None:
    callers = tool.get("allowed_callers")
    if callers is None or tool_type(tool) in TOOLSETS:
        return
    if not isinstance(callers, list):
        raise invalid(f"{where}.allowed_callers: Input should be a valid list")
    for j, caller in enumerate(callers):
        if caller not in CALLERS:
            raise invalid(f"{where}.allowed_callers.{j}: Input should be {one_of(CALLERS)}")
    if not programmatic(tool):
        return
    if isinstance(tool.get("input_schema"), dict) and recursive_ref(tool["input_schema"]):
        raise invalid(f"{where}.input_schema: {CIRCULAR_REF}")
    if tool.get("strict") is True:
        raise invalid(f"{where}: {PROGRAMMATIC_STRICT}")


def _check_examples(tool: dict, where: str) -> None:
    examples = tool.get("input_examples")
    if examples is None:
        return
    if not isinstance(examples, list):
        raise invalid(f"{where}.input_examples: Input should be a valid list")
    validator = jsonschema.Draft202012Validator(tool["input_schema"])
    for index, example in enumerate(examples):
        if not isinstance(example, dict):
            raise invalid(f"{where}.input_examples.{index}: Input should be a valid dictionary")
        error = next(iter(validator.iter_errors(example)), None)
        if error is not None:
            raise invalid(f"{where}." + BAD_EXAMPLE.format(index=index, why=error.message))


def _check_choice(choice: object, tools: list[dict]) -> None:
    if not isinstance(choice, dict):
        return
    named = choice.get("name") if choice.get("type") == "tool" else None
    for kind, (taken, members) in TOOLSETS.items():
        if named is not None and kind in map(tool_type, tools) and named in (taken, *members):
            raise invalid(TOOLSET_CHOICE.format(kind=kind, name=named))
    target = next((tool for tool in tools if tool.get("name") == named), None)
    if target is not None and "direct" not in (target.get("allowed_callers") or ["direct"]):
        raise invalid(CHOICE_NOT_DIRECT.format(name=named))
    if choice.get("disable_parallel_tool_use") is True and any(map(programmatic, tools)):
        raise invalid(PROGRAMMATIC_PARALLEL)
