"""The request rules that depend on the model: what one catalogue row lets a request do.

`check` runs after the request's shape has passed (`checks`), for a model the catalogue serves:

    prefill             a conversation ending with an assistant message, where `prefill` is False
                        (a paused server-tool turn sent back to finish is not a prefill)
    forced tool_choice  "any" / "tool", where `forced_tool_choice` is False; with manual thinking
    thinking            the `type` per model and effort (`accepts_thinking`), `budget_tokens`;
                        a beta `clear_thinking_20251015` edit where thinking is off
    effort              `output_config.effort` among the row's `efforts`
    max_tokens          at most the row's `max_output_tokens`
    sampling            under anthropic-version 2023-06-01, the row's `sampling` rule (under
                        2026-10-21 the fields themselves are refused, see `fields`)
    context window      the prompt, as `tokens.input_tokens` estimates it (the count
                        `count_tokens` returns), at most the row's `context_window`

Wording and sources: `rejections` (reference §2.1, §2.6, §3).

`count_tokens` is not refused for a long prompt: it counts one over the window (a third-party
measurement, stdapi-ai/stdapi.ai#297: 200 `{"input_tokens": 281257}` on Haiku 4.5). What
`max_tokens` leaves of the window is not checked (reference silent, see `PROMPT_TOO_LONG`).

Not handled here: models the catalogue does not know (an Anthropic-compatible endpoint's own
models get no per-model rule), retired models (a 404 before any of this, see `checks`).
"""

from .models import Model
from .rejections import (
    ADAPTIVE_UNSUPPORTED,
    ALWAYS_ON,
    BUDGET_OVER_MAX,
    CLEAR_THINKING_NEEDS_THINKING,
    EFFORT,
    FORCED_TOOL_CHOICE,
    FORCED_WITH_THINKING,
    MAX_TOKENS_OVER,
    NO_EFFORT,
    PREFILL,
    PROMPT_TOO_LONG,
    SAMPLING_DEPRECATED,
    SAMPLING_ONE_OF,
    THINKING_ADVICE,
    THINKING_TYPE,
    invalid,
)
from .shapes import blocks_of, turns
from .tokens import input_tokens

UNFINISHED = ("server_tool_use", "mcp_tool_use", "compaction")  # how a paused turn can end (§4.4)
MIN_BUDGET_TOKENS = 1024  # SDK: ThinkingConfigEnabledParam.budget_tokens, "at least 1,024"


def check(body: dict, model: Model, *, version: str, count_tokens: bool) -> None:
    """Raise the API's 400 for what this model refuses in `body`, or return."""
    if not count_tokens:
        _check_prefill(body["messages"], model)
    forced = (body.get("tool_choice") or {}).get("type") in ("any", "tool")
    if forced and not model.forced_tool_choice:
        raise invalid(FORCED_TOOL_CHOICE)
    _check_thinking(body, model, forced=forced, count_tokens=count_tokens)
    if count_tokens:
        return
    if body["max_tokens"] > model.max_output_tokens:
        raise invalid(
            MAX_TOKENS_OVER.format(
                asked=body["max_tokens"], limit=model.max_output_tokens, model=model.id
            )
        )
    if version == "2023-06-01":
        _check_sampling(body, model)
    prompt = input_tokens(body)
    if prompt > model.context_window:
        raise invalid(PROMPT_TOO_LONG.format(tokens=prompt, window=model.context_window))


def _check_prefill(messages: list[dict], model: Model) -> None:
    grouped = turns(messages)
    if not grouped or messages[grouped[-1][0]]["role"] != "assistant" or model.prefill:
        return
    last = blocks_of(messages[grouped[-1][-1]])
    if last and last[-1].get("type") in UNFINISHED:
        return  # a pause_turn (or compaction) sent back as-is to let the turn finish: no prefill
    raise invalid(PREFILL)


def _check_thinking(body: dict, model: Model, *, forced: bool, count_tokens: bool) -> None:
    effort = (body.get("output_config") or {}).get("effort")
    if effort is not None and not model.efforts:
        raise invalid(NO_EFFORT)
    if effort is not None and effort not in model.efforts:
        levels = ", ".join(sorted(model.efforts))
        raise invalid(EFFORT.format(effort=effort, levels=levels))
    thinking = body.get("thinking")
    edits = (body.get("context_management") or {}).get("edits") or []
    off = thinking["type"] == "disabled" if thinking else not model.thinks_by_default
    if off and any(e["type"] == "clear_thinking_20251015" for e in edits):
        raise invalid(CLEAR_THINKING_NEEDS_THINKING)
    if thinking is None:
        return
    kind = thinking["type"]
    if not model.accepts_thinking(kind, effort):
        raise invalid(_refused(kind, model))
    if kind != "enabled":
        return
    if forced:
        raise invalid(FORCED_WITH_THINKING)
    budget = thinking["budget_tokens"]
    if budget < MIN_BUDGET_TOKENS:  # [U] pydantic's wording, as for max_tokens
        raise invalid(
            f"thinking.enabled.budget_tokens: Input should be greater than or equal to "
            f"{MIN_BUDGET_TOKENS}"
        )
    if not count_tokens and body["max_tokens"] <= budget:
        raise invalid(BUDGET_OVER_MAX)


def _refused(kind: str, model: Model) -> str:
    """The API's words for a thinking type this model refuses (§2.1, the docs' errors page)."""
    if kind == "adaptive":
        return ADAPTIVE_UNSUPPORTED
    if kind == "disabled" and model.line in ("fable", "mythos"):
        return ALWAYS_ON
    return THINKING_TYPE.format(kind=kind) + _advice(kind, model)


def _advice(kind: str, model: Model) -> str:
    """What the message suggests instead: between_tools for Sonnet 5.5's "disabled" (§2.1)."""
    accepted = [t for t in ("between_tools", "adaptive", "enabled") if t in model.thinking_types]
    if kind == "disabled" and "between_tools" in accepted:
        return THINKING_ADVICE["between_tools"]
    choice = next((t for t in accepted if t != "between_tools" and t != kind), None)
    return THINKING_ADVICE.get(choice, "")


def _check_sampling(body: dict, model: Model) -> None:
    present = [name for name in ("temperature", "top_p", "top_k") if name in body]
    if model.sampling == "one_of" and {"temperature", "top_p"} <= set(present):
        raise invalid(SAMPLING_ONE_OF)
    if model.sampling == "default_only":
        for name in present:
            if name != "temperature" or body[name] != 1:  # only temperature 1 passes (§3)
                raise invalid(SAMPLING_DEPRECATED.format(name=name))
