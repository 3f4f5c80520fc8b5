"""The model catalogue: every model fact the series uses, in one dated table with a source per row.

Each row says what the API does with one model id today: whether it is still served (its
lifecycle and dates), how it thinks when a request says nothing about `thinking`, which thinking
types and efforts it accepts, whether it takes a forced `tool_choice` or an assistant prefill,
its limits, the size of the hidden tool-use system prompt, its tokenizer and its prices. The
mock provider, the request checks (`checks`), the token estimates (`tokens`) and the cost meter
(`cost`) all read it; no model fact is written anywhere else.

    find("claude-haiku-4-5")        -> the row of claude-haiku-4-5-20251001 (an alias)
    find("claude-haiku-5-5").prices -> Prices(input=0.1, output=0.5, ...)
    find("claude-sonnet-4-5").lifecycle -> "retired"

Facts come from ../shared/reference/api-2026-12.md (sources cited there and per row here); a
value the reference marks unconfirmed is listed in the row's `unconfirmed`, with the documented
behaviour nearest to it chosen and a comment saying which.

Not handled here: partner platforms (Bedrock and Google Cloud keep their own schedules), batch
and priority-tier prices, per-account access to gated models (the mock serves them).
"""

from dataclasses import dataclass, field
from datetime import date
from typing import Literal

AS_OF = date(2026, 12, 1)  # the day these rows were checked against the reference

Lifecycle = Literal["active", "legacy", "deprecated", "retired"]
ThinkingType = Literal["adaptive", "enabled", "disabled", "between_tools"]
Effort = Literal["low", "medium", "high", "xhigh", "max"]
# Under `anthropic-version: 2023-06-01` (today's 2026-10-21 refuses every sampling parameter):
#   "free"          temperature, top_p and top_k as the caller likes
#   "one_of"        temperature and top_p cannot both be given
#   "default_only"  only temperature 1 passes; any top_p or top_k, any other temperature is a 400
Sampling = Literal["free", "one_of", "default_only"]
EFFORTS: tuple[Effort, ...] = ("low", "medium", "high", "xhigh", "max")

REFERENCE = "../shared/reference/api-2026-12.md"
DOCS = "https://platform.claude.com/docs/en"


@dataclass(frozen=True)
class Prices:
    """US dollars per million tokens, standard tier. Example: Haiku 5.5 -> input 0.1, output 0.5"""

    input: float
    output: float
    cache_write_5m: float
    cache_write_1h: float
    cache_read: float
    # A request whose whole prompt is longer than this bills every token at `long_prompt` prices.
    long_prompt_above: int | None = None
    long_prompt: "Prices | None" = None

    def for_prompt(self, prompt_tokens: int) -> "Prices":
        """The prices that apply to a request with this many prompt tokens."""
        if self.long_prompt and self.long_prompt_above and prompt_tokens > self.long_prompt_above:
            return self.long_prompt
        return self


@dataclass(frozen=True)
class Model:
    """One model id and what the API does with it today. Dates are for the Claude API."""

    id: str  # the id replies carry in `model` (the dated snapshot where there is one)
    display_name: str
    line: Literal["haiku", "sonnet", "opus", "fable", "mythos"]
    released: date
    lifecycle: Lifecycle  # "legacy": still served, superseded; the API reports it as active
    sources: tuple[str, ...]
    aliases: tuple[str, ...] = ()  # other ids a request may use for this model
    deprecated_on: date | None = None
    retires_on: date | None = None
    replacement: str | None = None
    gated: bool = False  # served only to accounts with access (the mock serves everyone)
    context_window: int = 1_000_000
    max_output_tokens: int = 128_000
    # Thinking: what happens when the request omits `thinking`, and what it may send instead.
    thinks_by_default: bool = True
    thinking_types: frozenset[ThinkingType] = frozenset({"adaptive"})
    efforts: tuple[Effort, ...] = EFFORTS  # output_config.effort values; () when unsupported
    default_effort: Effort | None = "high"
    thinking_off_up_to: Effort | None = None  # "disabled"/"between_tools" only at this or lower
    default_display: Literal["omitted", "summarized"] = "omitted"
    progress_as_thinking: bool = False  # text between tool calls comes back as thinking
    reads_thinking_of: tuple[str, ...] = ()  # other models whose thinking blocks it can read
    # Thinking blocks of earlier turns are checked against the conversation they were made in
    # (system, tools, earlier messages): "preserved thinking", from Fable 5.1 and the 5.5 models.
    binds_thinking: bool = False
    keeps_thinking: bool = True  # clear_thinking's default keep: all turns, else the last's
    # Request rules.
    forced_tool_choice: bool = True  # tool_choice "any" / "tool"
    prefill: bool = False  # a request may end with an assistant message
    sampling: Sampling = "default_only"
    # `usage.inference_geo` when the request names none: "global" where geo routing exists (from
    # the 4.6 models on), "not_available" before; as recorded replies show it (tests/recorded).
    inference_geo: str = "global"
    # Cost and size.
    tool_prompt_tokens: tuple[int, int] = (354, 474)  # hidden prompt: auto/none, any/tool
    tool_prompt_estimated: bool = False  # no documented row: an estimate, see `unconfirmed`
    tokenizer: Literal["2025", "2026"] = "2026"  # "2026": ~30% more tokens for the same text
    # The shortest prefix a `cache_control` breakpoint caches; a shorter one is not cached (no
    # error). 512 for the 5.5 models (§7); the other rows from the prompt-caching docs' table as
    # quoted in public (PROMPT_CACHING below), [U] where a row is not in it.
    cache_minimum: int = 512
    prices: Prices | None = None
    unconfirmed: tuple[str, ...] = field(default=())  # facts the reference could not confirm

    @property
    def served(self) -> bool:
        """Whether a request naming this model is answered (retired ones are a 404)."""
        return self.lifecycle != "retired"

    def accepts_thinking(self, kind: str, effort: str | None = None) -> bool:
        """Whether `thinking: {"type": kind}` is accepted at this effort (None: the default)."""
        if kind not in self.thinking_types:
            return False
        if kind in ("disabled", "between_tools") and self.thinking_off_up_to:
            level = effort or self.default_effort or "high"
            return EFFORTS.index(level) <= EFFORTS.index(self.thinking_off_up_to)
        return True


# The defaults above are today's generation (5.x); older rows start from their own generation,
# so each row states only how it differs.
_CLAUDE_4 = dict(  # the Claude 4.5 and 4.6 generation: thinking off unless asked for
    thinks_by_default=False,
    inference_geo="not_available",
    thinking_types=frozenset({"enabled", "disabled"}),
    efforts=(),
    default_effort=None,
    default_display="summarized",
    sampling="one_of",
    tokenizer="2025",
    context_window=200_000,
    max_output_tokens=64_000,
    tool_prompt_tokens=(496, 588),
    cache_minimum=4_096,  # Haiku 4.5 (§7), Opus 4.5 and 4.6
)
_RETIRED = dict(_CLAUDE_4, lifecycle="retired", thinking_types=frozenset({"disabled"}))
_OPUS_PRICES = Prices(5.00, 25.00, 6.25, 10.00, 0.50)
_FABLE_5_PRICES = Prices(10.00, 50.00, 12.50, 20.00, 1.00)
_FABLE_5_1_PRICES = Prices(10.00, 50.00, 12.50, 20.00, 0.25)
_FABLE_5_2_PRICES = Prices(8.00, 40.00, 10.00, 16.00, 0.20)
_SONNET_4_PRICES = Prices(3.00, 15.00, 3.75, 6.00, 0.30)
# The prompt-caching page's table of minimums, as quoted in anthropics/anthropic-sdk-python#1194
# (the 4.x rows) and dev.to/creeta (2026: "512 tokens for Opus 5, Fable 5 and Mythos 5; 1,024
# for Opus 4.8, Sonnet 5, Sonnet 4.6/4.5 ...; 2,048 for Opus 4.7; and 4,096 for Opus 4.6, Opus
# 4.5 and Haiku 4.5"); the 5.5 rows from the reference (§7).
PROMPT_CACHING = f"{DOCS}/build-with-claude/prompt-caching"
_NO_CACHE_ROW = "cache_minimum (not in the docs' table: 512, as on Fable 5)"
_NO_TOOL_ROW = "tool_prompt_tokens (no documented row: estimated from the nearest model's row)"
_FORCED_UNKNOWN = "forced_tool_choice (not in its list of 400s; documented as accepted nearby)"
_DISPLAY_UNKNOWN = "default_display (omitted, as on Opus 5.5 and Opus 4.7)"

MODELS: tuple[Model, ...] = (
    Model(
        id="claude-fable-5-2", display_name="Claude Fable 5.2", line="fable",
        released=date(2026, 11, 9), lifecycle="active", binds_thinking=True,
        forced_tool_choice=False,  # inherited from Fable 5.1, which refuses it
        reads_thinking_of=("claude-mythos-5-2",),
        tool_prompt_tokens=(286, 406), tool_prompt_estimated=True, prices=_FABLE_5_2_PRICES,
        sources=(f"{DOCS}/models/fable-5-2/whats-new-fable-5-2", f"{REFERENCE} §1.1"),
        unconfirmed=("forced_tool_choice (refused, as on Fable 5.1)", _NO_TOOL_ROW, _NO_CACHE_ROW,
                     "prices.cache_write_5m, cache_write_1h (third-party sources only)"),
    ),
    Model(
        id="claude-mythos-5-2", display_name="Claude Mythos 5.2", line="mythos",
        released=date(2026, 11, 9), lifecycle="active", binds_thinking=True, gated=True,
        forced_tool_choice=False, reads_thinking_of=("claude-fable-5-2",),
        tool_prompt_tokens=(286, 406), tool_prompt_estimated=True, prices=_FABLE_5_2_PRICES,
        sources=("https://docs.aws.amazon.com/bedrock/latest/userguide/"
                 "model-card-anthropic-claude-mythos-5-2.md", f"{REFERENCE} §1.1"),
        unconfirmed=("prices (assumed equal to Fable 5.2)", _NO_TOOL_ROW, _NO_CACHE_ROW,
                     "forced_tool_choice (refused, as on Mythos 5.1)"),
    ),
    Model(
        id="claude-haiku-5-5", display_name="Claude Haiku 5.5", line="haiku",
        released=date(2026, 10, 7), lifecycle="active", binds_thinking=True,
        thinking_types=frozenset({"adaptive", "disabled"}), thinking_off_up_to="high",
        default_effort="medium", keeps_thinking=False,  # docs: "all Haiku: last turn only"
        progress_as_thinking=True,  # as its 5.5 siblings do
        tool_prompt_tokens=(354, 474), tool_prompt_estimated=True,  # Sonnet 5's row
        prices=Prices(0.10, 0.50, 0.125, 0.20, 0.01, long_prompt_above=100_000,
                      long_prompt=Prices(0.50, 2.50, 0.625, 1.00, 0.05)),
        sources=(f"{DOCS}/models/haiku-5-5/overview.md",
                 "https://platform.claude.com/docs/zh-CN/models/haiku-5-5/overview",
                 f"{REFERENCE} §1.1, §1.4, §2.1, §7"),
        unconfirmed=(_FORCED_UNKNOWN, _DISPLAY_UNKNOWN, _NO_TOOL_ROW,
                     "progress_as_thinking (documented for Opus 5.5 and Sonnet 5.5)",
                     "keeps_thinking (the context-editing table predates Haiku 5.5)"),
    ),
    Model(
        id="claude-sonnet-5-5", display_name="Claude Sonnet 5.5", line="sonnet",
        released=date(2026, 9, 28), lifecycle="active", binds_thinking=True,
        # between_tools takes the place of disabled here, and only up to high effort
        thinking_types=frozenset({"adaptive", "between_tools"}), thinking_off_up_to="high",
        progress_as_thinking=True, forced_tool_choice=False,
        tool_prompt_tokens=(354, 474), tool_prompt_estimated=True,  # Sonnet 5's row
        # cache reads cut from $0.20 to $0.10 on 2026-10-07 (two trackers; docs showed $0.20)
        prices=Prices(2.00, 10.00, 2.50, 4.00, 0.10),
        sources=("https://platform.claude.com/docs/zh-CN/models/sonnet-5-5/overview",
                 "https://platform.claude.com/docs/zh-CN/models/sonnet-5-5/whats-new-sonnet-5-5",
                 f"{REFERENCE} §1.1, §2.1, §3, §7"),
        unconfirmed=(_DISPLAY_UNKNOWN, _NO_TOOL_ROW, "prices.cache_read ($0.10 vs $0.20)"),
    ),
    Model(
        id="claude-fable-5-1", display_name="Claude Fable 5.1", line="fable",
        released=date(2026, 9, 1), lifecycle="active", binds_thinking=True,
        forced_tool_choice=False,
        # "Claude Fable 5.1 reads blocks from Claude Opus 5 and ... from Claude Opus 5.5"
        reads_thinking_of=("claude-opus-5", "claude-opus-5-5", "claude-mythos-5-1"),
        tool_prompt_tokens=(286, 406), tool_prompt_estimated=True,
        prices=_FABLE_5_1_PRICES,
        sources=(f"{DOCS}/about-claude/pricing", f"{DOCS}/build-with-claude/preserved-thinking",
                 f"{REFERENCE} §1.1, §2.5, §3"),
        unconfirmed=(_NO_TOOL_ROW, _NO_CACHE_ROW),
    ),
    Model(
        id="claude-opus-5-5", display_name="Claude Opus 5.5", line="opus",
        released=date(2026, 9, 22), lifecycle="active", binds_thinking=True,
        default_effort="medium", progress_as_thinking=True, forced_tool_choice=False,
        tool_prompt_tokens=(286, 406), tool_prompt_estimated=True,  # Opus 5's row
        prices=Prices(4.00, 20.00, 5.00, 8.00, 0.20),
        sources=("https://platform.claude.com/docs/zh-CN/models/opus-5-5/overview",
                 f"{DOCS}/models/opus-5-5/whats-new-opus-5-5.md",
                 f"{REFERENCE} §1.1, §2.1, §3, §7"),
        unconfirmed=(_NO_TOOL_ROW,),
    ),
    Model(
        id="claude-mythos-5-1", display_name="Claude Mythos 5.1", line="mythos",
        released=date(2026, 9, 1), lifecycle="active", binds_thinking=True, gated=True,
        forced_tool_choice=False, reads_thinking_of=("claude-fable-5-1",),
        tool_prompt_tokens=(286, 406), tool_prompt_estimated=True,
        prices=_FABLE_5_1_PRICES,
        sources=(f"{DOCS}/about-claude/pricing", f"{REFERENCE} §1.1, §3"),
        unconfirmed=(_NO_TOOL_ROW, _NO_CACHE_ROW),
    ),
    Model(
        id="claude-sonnet-5", display_name="Claude Sonnet 5", line="sonnet",
        released=date(2026, 6, 30), lifecycle="legacy", replacement="claude-sonnet-5-5",
        thinking_types=frozenset({"adaptive", "disabled"}),
        tool_prompt_tokens=(354, 474), cache_minimum=1_024,
        prices=Prices(2.00, 10.00, 2.50, 4.00, 0.20),  # the promotional price became the price
        sources=("https://platform.claude.com/docs/zh-CN/models/sonnet-5/overview.md",
                 f"{DOCS}/agents-and-tools/tool-use/overview", PROMPT_CACHING,
                 f"{REFERENCE} §1.1, §6"),
        unconfirmed=(_FORCED_UNKNOWN, _DISPLAY_UNKNOWN),
    ),
    Model(
        id="claude-fable-5", display_name="Claude Fable 5", line="fable",
        released=date(2026, 6, 9), lifecycle="legacy", replacement="claude-fable-5-2",
        tool_prompt_tokens=(286, 406), tool_prompt_estimated=True,
        prices=_FABLE_5_PRICES,
        sources=(f"{DOCS}/models/fable-5/overview.md", PROMPT_CACHING, f"{REFERENCE} §1.1, §2.1"),
        # [C] one third-party cookbook gives 2,048 for Fable 5; the docs' table as quoted, 512
        unconfirmed=(_FORCED_UNKNOWN, _NO_TOOL_ROW),
    ),
    Model(
        id="claude-mythos-5", display_name="Claude Mythos 5", line="mythos",
        released=date(2026, 6, 9), lifecycle="legacy", gated=True,
        tool_prompt_tokens=(286, 406), tool_prompt_estimated=True,
        prices=_FABLE_5_PRICES,
        sources=(f"{DOCS}/models/fable-5/overview.md", PROMPT_CACHING, f"{REFERENCE} §1.1"),
        unconfirmed=(_FORCED_UNKNOWN, _NO_TOOL_ROW),
    ),
    Model(
        id="claude-opus-5", display_name="Claude Opus 5", line="opus",
        released=date(2026, 7, 24), lifecycle="legacy", replacement="claude-opus-5-5",
        thinking_types=frozenset({"adaptive", "disabled"}), thinking_off_up_to="high",
        tool_prompt_tokens=(286, 406), prices=_OPUS_PRICES,
        sources=(f"{DOCS}/about-claude/models/whats-new-opus-5", PROMPT_CACHING,
                 "https://platform.claude.com/docs/zh-CN/models/opus-5/overview",
                 f"{REFERENCE} §1.1, §2.1, §6"),
        unconfirmed=(_FORCED_UNKNOWN, _DISPLAY_UNKNOWN),
    ),
    Model(
        id="claude-opus-4-8", display_name="Claude Opus 4.8", line="opus",
        released=date(2026, 5, 1), lifecycle="active", replacement="claude-opus-5-5",
        thinking_types=frozenset({"adaptive", "disabled"}), tool_prompt_tokens=(290, 410),
        prices=_OPUS_PRICES, cache_minimum=1_024,
        sources=("https://github.com/mnfst/modelparams.dev/pull/238", PROMPT_CACHING,
                 f"{DOCS}/agents-and-tools/tool-use/overview", f"{REFERENCE} §1.1, §3, §6"),
        unconfirmed=("released (the month only)", "thinks_by_default (on, as on its successors)",
                     "thinking_types.disabled", "context_window, max_output_tokens"),
    ),
    Model(
        id="claude-opus-4-7", display_name="Claude Opus 4.7", line="opus",
        released=date(2026, 4, 1), lifecycle="active", replacement="claude-opus-5-5",
        thinking_types=frozenset({"adaptive", "disabled"}), tool_prompt_tokens=(675, 804),
        prices=_OPUS_PRICES, cache_minimum=2_048,
        sources=("https://github.com/anthropics/claude-code/issues/49268", PROMPT_CACHING,
                 f"{DOCS}/agents-and-tools/tool-use/overview", f"{REFERENCE} §1.1, §2.1, §6"),
        unconfirmed=("released (the month only)", "thinks_by_default (on, as on its successors)",
                     "thinking_types.disabled", "context_window, max_output_tokens"),
    ),
    Model(
        id="claude-opus-4-6", display_name="Claude Opus 4.6", line="opus",
        released=date(2026, 2, 1), lifecycle="active", replacement="claude-opus-5-5",
        **dict(_CLAUDE_4, thinking_types=frozenset({"adaptive", "enabled", "disabled"}),
               efforts=("low", "medium", "high", "max"), default_effort="high",
               max_output_tokens=128_000, tool_prompt_tokens=(497, 589), inference_geo="global"),
        prices=_OPUS_PRICES,
        sources=(f"{DOCS}/build-with-claude/thinking-troubleshooting", PROMPT_CACHING,
                 f"{DOCS}/agents-and-tools/tool-use/overview", f"{REFERENCE} §1.1, §2.1, §3, §6"),
        unconfirmed=("released (the month only)",),
    ),
    Model(
        id="claude-sonnet-4-6", display_name="Claude Sonnet 4.6", line="sonnet",
        released=date(2026, 2, 1), lifecycle="active", replacement="claude-sonnet-5-5",
        **dict(_CLAUDE_4, thinking_types=frozenset({"adaptive", "enabled", "disabled"}),
               efforts=("low", "medium", "high", "max"), default_effort="high",
               tool_prompt_tokens=(497, 589), inference_geo="global", cache_minimum=1_024),
        prices=_SONNET_4_PRICES,
        sources=(f"{DOCS}/build-with-claude/thinking-troubleshooting", PROMPT_CACHING,
                 f"{DOCS}/agents-and-tools/tool-use/overview", f"{REFERENCE} §1.1, §2.1, §3, §6"),
        # [C] one gateway's copy of the table (docs.orq.ai) gives 2,048
        unconfirmed=("released (the month only)",),
    ),
    Model(
        id="claude-haiku-4-5-20251001", display_name="Claude Haiku 4.5", line="haiku",
        aliases=("claude-haiku-4-5",), released=date(2025, 10, 1), lifecycle="active",
        replacement="claude-haiku-5-5", **dict(_CLAUDE_4, prefill=True, keeps_thinking=False),
        prices=Prices(1.00, 5.00, 1.25, 2.00, 0.10),
        sources=(f"{DOCS}/about-claude/models/overview", f"{REFERENCE} §1.1, §2.1, §3, §6, §7"),
    ),
    Model(
        id="claude-opus-4-5-20251101", display_name="Claude Opus 4.5", line="opus",
        aliases=("claude-opus-4-5",), released=date(2025, 11, 1), lifecycle="deprecated",
        deprecated_on=date(2026, 11, 23), retires_on=date(2027, 1, 22),
        replacement="claude-opus-5-5",
        **dict(_CLAUDE_4, prefill=True, efforts=("low", "medium", "high"), default_effort="high"),
        prices=_OPUS_PRICES,
        sources=("https://github.com/samarthputhraya/Modelpin/releases/tag/v0.5.7",
                 PROMPT_CACHING, f"{REFERENCE} §1.2"),
        unconfirmed=("retires_on (tentative)",),
    ),
    # Scheduled to retire on 2026-11-30, the day before AS_OF. Whether it already answers 404 is
    # unconfirmed; the documented behaviour nearest to it: "Requests to retired models will fail".
    Model(
        id="claude-sonnet-4-5-20250929", display_name="Claude Sonnet 4.5", line="sonnet",
        aliases=("claude-sonnet-4-5",), released=date(2025, 9, 29), **_RETIRED,
        deprecated_on=date(2026, 9, 28), retires_on=date(2026, 11, 30),
        replacement="claude-sonnet-5-5", prices=_SONNET_4_PRICES,
        sources=("https://platform.claude.com/docs/zh-CN/models/sonnet-4-5/overview.md",
                 "SDK 2.10.0 DEPRECATED_MODELS", f"{REFERENCE} §1.2"),
        unconfirmed=("lifecycle (retired the day before; treated as retired)",
                     "deprecated_on (the Sonnet 5.5 launch)"),
    ),
    Model(
        id="claude-mythos-preview", display_name="Claude Mythos Preview", line="mythos",
        released=date(2026, 4, 1), **_RETIRED, retires_on=date(2026, 6, 30), gated=True,
        replacement="claude-mythos-5-2",
        sources=("SDK 2.10.0 DEPRECATED_MODELS", f"{REFERENCE} §1.2"),
        unconfirmed=("released",),
    ),
    Model(
        id="claude-opus-4-1-20250805", display_name="Claude Opus 4.1", line="opus",
        aliases=("claude-opus-4-1",), released=date(2025, 8, 5),
        **dict(_RETIRED, tool_prompt_tokens=(313, 315)),
        retires_on=date(2026, 8, 5), replacement="claude-opus-5-5",
        sources=("https://github.com/multidotdev/cli/releases/tag/v0.0.135", f"{REFERENCE} §1.2"),
    ),
    Model(
        id="claude-opus-4-20250514", display_name="Claude Opus 4", line="opus",
        aliases=("claude-opus-4-0",), released=date(2025, 5, 14),
        **dict(_RETIRED, tool_prompt_tokens=(313, 315)),
        retires_on=date(2026, 6, 15), replacement="claude-opus-5-5",
        sources=("SDK 2.10.0 DEPRECATED_MODELS", f"{REFERENCE} §1.2"),
    ),
    Model(
        id="claude-sonnet-4-20250514", display_name="Claude Sonnet 4", line="sonnet",
        aliases=("claude-sonnet-4-0",), released=date(2025, 5, 14),
        **dict(_RETIRED, tool_prompt_tokens=(313, 315)),
        retires_on=date(2026, 6, 15), replacement="claude-sonnet-5-5",
        sources=("SDK 2.10.0 DEPRECATED_MODELS", f"{REFERENCE} §1.2"),
    ),
    Model(
        id="claude-3-haiku-20240307", display_name="Claude Haiku 3", line="haiku",
        released=date(2024, 3, 7), **_RETIRED, retires_on=date(2026, 4, 20),
        replacement="claude-haiku-5-5",
        sources=("https://24-ai.news/en/vijest/2026-04-21/anthropic-claude-haiku-3-retirement",),
        unconfirmed=("retires_on (third-party reports: April 19 or 20)",),
    ),
    Model(
        id="claude-3-7-sonnet-20250219", display_name="Claude Sonnet 3.7", line="sonnet",
        aliases=("claude-3-7-sonnet-latest",), released=date(2025, 2, 19), **_RETIRED,
        retires_on=date(2026, 2, 19), replacement="claude-sonnet-5-5",
        sources=("SDK 2.10.0 DEPRECATED_MODELS", f"{REFERENCE} §1.2"),
    ),
    Model(
        id="claude-3-5-haiku-20241022", display_name="Claude Haiku 3.5", line="haiku",
        aliases=("claude-3-5-haiku-latest",), released=date(2024, 10, 22),
        **dict(_RETIRED, tool_prompt_tokens=(264, 355)),
        retires_on=date(2026, 2, 19), replacement="claude-haiku-5-5",
        sources=("SDK 2.10.0 DEPRECATED_MODELS", f"{REFERENCE} §1.2"),
    ),
    Model(
        id="claude-3-5-sonnet-20241022", display_name="Claude Sonnet 3.5", line="sonnet",
        aliases=("claude-3-5-sonnet-20240620", "claude-3-5-sonnet-latest"),
        released=date(2024, 10, 22), **_RETIRED, retires_on=date(2025, 10, 28),
        replacement="claude-sonnet-5-5",
        sources=("https://github.com/thevibeworks/claude-code-docs/pull/417",),
        unconfirmed=("retires_on (third-party report)",),
    ),
    Model(
        id="claude-3-sonnet-20240229", display_name="Claude Sonnet 3", line="sonnet",
        released=date(2024, 2, 29), **_RETIRED, retires_on=date(2025, 7, 21),
        replacement="claude-sonnet-5-5", sources=("SDK 2.10.0 DEPRECATED_MODELS",),
    ),
    Model(
        id="claude-3-opus-20240229", display_name="Claude Opus 3", line="opus",
        aliases=("claude-3-opus-latest",), released=date(2024, 2, 29), **_RETIRED,
        retires_on=date(2026, 1, 5), replacement="claude-opus-5-5",
        sources=("SDK 2.10.0 DEPRECATED_MODELS", f"{REFERENCE} §1.2"),
    ),
)  # fmt: skip

_BY_ID = {name: model for model in MODELS for name in (model.id, *model.aliases)}


def find(model_id: object) -> Model | None:
    """The catalogue row for a model id or alias, or None for an id the API does not know.

    Example: "claude-haiku-4-5" -> Model(id="claude-haiku-4-5-20251001", ...);  "gpt-4" -> None
    """
    return _BY_ID.get(model_id) if isinstance(model_id, str) else None


def get(model_id: str) -> Model:
    """The row for a model id, for code that needs one: raises with the fix when there is none."""
    model = find(model_id)
    if model is None:
        served = ", ".join(m.id for m in MODELS if m.lifecycle == "active")
        raise ValueError(
            f"{model_id!r} is not in handagent.api.models; use one of the current models "
            f"({served}) or add a row for it, with its source."
        )
    return model


def served() -> list[Model]:
    """Every model a request may name today (all but the retired ones), newest first."""
    return sorted((m for m in MODELS if m.served), key=lambda m: (m.released, m.id))[::-1]


def current() -> list[Model]:
    """The models the API serves today and recommends (lifecycle active), newest first."""
    return sorted((m for m in MODELS if m.lifecycle == "active"), key=lambda m: m.released)[::-1]


def cheapest(models: list[Model] | None = None) -> Model:
    """The model with the lowest input + output price. Example: current() -> claude-haiku-5-5"""
    priced = [m for m in (current() if models is None else models) if m.prices]
    return min(priced, key=lambda m: (m.prices.input + m.prices.output, m.id))


# The series' model: the cheapest current one, with a 1M context and thinking that can be turned
# off (reference §1.4). tests/test_config.py fails the day it is not the cheapest current model.
DEFAULT = "claude-haiku-5-5"


def _timestamp(day: date | None) -> str | None:
    return f"{day.isoformat()}T00:00:00Z" if day else None


def model_info(model: Model) -> dict:
    """The row as `GET /v1/models/{id}` returns it (the SDK's `ModelInfo`).

    Example: find("claude-haiku-5-5") -> {"type": "model", "id": "claude-haiku-5-5",
        "display_name": "Claude Haiku 5.5", "lifecycle": "active", "max_tokens": 128000, ...}
    """
    supported = {"supported": True}

    def flag(value: bool) -> dict:
        return {"supported": bool(value)}

    thinks = bool(model.thinking_types - {"disabled"})
    return {
        "type": "model",
        "id": model.id,
        "display_name": model.display_name,
        "created_at": _timestamp(model.released),
        # The API has three stages; "legacy" is a label of the docs for an active model.
        "lifecycle": "active" if model.lifecycle == "legacy" else model.lifecycle,
        "deprecated_at": _timestamp(model.deprecated_on),
        "retires_at": _timestamp(model.retires_on) if model.lifecycle != "active" else None,
        "line": model.line,
        "max_input_tokens": model.context_window,
        "max_tokens": model.max_output_tokens,
        "capabilities": {
            "batch": supported,
            "citations": supported,
            # Code in the code execution tool calling the request's tools (SDK docstring). Which
            # models allow it is unconfirmed (not in the reference): assumed the 2026 generation.
            "code_execution": flag(model.tokenizer == "2026"),
            "context_management": {"supported": True},
            "effort": {
                "supported": bool(model.efforts),
                **{level: flag(level in model.efforts) for level in EFFORTS},
            },
            "image_input": supported,
            "pdf_input": supported,
            "server_tools": {
                "supported": True,
                "code_execution": supported,
                "web_search": supported,
            },
            "structured_outputs": supported,
            "thinking": {
                "supported": thinks,
                "types": {
                    kind: flag(kind in model.thinking_types or (kind == "disabled" and not thinks))
                    for kind in ("adaptive", "between_tools", "disabled", "enabled")
                },
            },
        },
    }
