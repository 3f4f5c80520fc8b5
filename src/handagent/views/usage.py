"""What each request of a conversation cost, as a chart: its prompt by how it was billed.

    usage_chart(METER.calls[first:])
      -> a bar per request, stacked: read from the cache (the prefix an earlier request wrote),
         written to it, input (neither read nor written), and the reply's output; under it,
         what the cache saved: each request priced as billed, and as if nothing were cached

The prompt's three parts add up to what the request sent (`cost.Call.prompt_tokens`), so a
bar's height is the request's size, and its colours say what the cache did with it: a write
costs 1.25 times the input price, a read a tenth (the catalogue's prices, `cost.dollars`).
`marks` draws a dashed line at a number of prompt tokens ("trigger": 20_000) across the chart.

Two renderings in one output: an SVG chart (`image/svg+xml`, drawn here as `views.svg` draws:
presentation attributes only, no font or script), which GitHub, the book and JupyterLab show;
and a table as text whose lines fit the book's code width. Labels follow the edition.

Not handled here: which requests to chart (the cell slices the meter), long-prompt prices
beyond what `cost.dollars` applies, time.
"""

from dataclasses import replace
from html import escape

from ..cost import Call, dollars
from ..language import pick
from . import static, svg

FONT, HEIGHT, LEFT, BOTTOM, TOP, RIGHT = 12, 220, 70, 40, 34, 16
BILLED = (  # field of Call, colour, English and Chinese label; stacked from the bottom up
    ("cache_read_tokens", "#2ca02c", ("read from the cache", "从缓存读取")),
    ("written", "#ff7f0e", ("written to the cache", "写入缓存")),
    ("input_tokens", "#4a6fa5", ("input", "输入")),
    ("output_tokens", "#999999", ("output", "输出")),
)
MARK = "#c62828"


def _written(call: Call) -> int:
    return call.cache_write_5m_tokens + call.cache_write_1h_tokens


def _part(call: Call, field: str) -> int:
    return _written(call) if field == "written" else getattr(call, field)


def uncached(call: Call) -> Call:
    """The same request with nothing cached: every prompt token billed as input."""
    return replace(call, input_tokens=call.prompt_tokens, cache_read_tokens=0,
                   cache_write_5m_tokens=0, cache_write_1h_tokens=0)  # fmt: skip


def _ticks(top: int) -> list[int]:
    """Round gridline values, at most six, up to `top`. Example: 7_300 -> [0, 2000, 4000, 6000]"""
    steps = (m * 10**e for e in range(13) for m in (1, 2, 5))  # 1, 2, 5, 10, 20, 50, ...
    step = next(s for s in steps if top / s <= 5)
    return list(range(0, top + 1, step))


class UsageChart:
    """Requests' tokens by how they were billed: SVG for pictures, a table for text."""

    def __init__(self, calls: list[Call], marks: dict[str, int] | None = None) -> None:
        if not calls:
            raise ValueError("usage_chart needs at least one call: METER.calls[first:].")
        self.calls, self.marks = list(calls), dict(marks or {})

    def saved(self) -> tuple[float, float]:
        """(price as billed, price with nothing cached), in dollars, over every call."""
        billed = sum(dollars(c) or 0.0 for c in self.calls)
        return billed, sum(dollars(uncached(c)) or 0.0 for c in self.calls)

    def caption(self) -> str:
        """Example: -> "the cache saved $0.000519 (41%): $0.000752 billed, $0.001271 uncached" """
        billed, full = self.saved()
        share = f"{(full - billed) / full:.0%}" if full else ""
        return pick(
            f"the cache saved ${full - billed:.6f}{f' ({share})' * bool(share)}: "
            f"${billed:.6f} billed, ${full:.6f} uncached",
            f"缓存省下 ${full - billed:.6f}{f'（{share}）' * bool(share)}："
            f"实际 ${billed:.6f}，不缓存 ${full:.6f}",
        )

    def svg(self) -> str:
        tallest = max([c.prompt_tokens + c.output_tokens for c in self.calls]
                      + list(self.marks.values()))  # fmt: skip
        ticks = _ticks(tallest)
        top = max(ticks[-1], tallest) or 1
        bar = max(6.0, min(36.0, 560 / len(self.calls)))
        wide = LEFT + len(self.calls) * bar * 1.4 + RIGHT
        wide = max(wide, 520.0)
        scale = HEIGHT / top
        base = TOP + HEIGHT
        out = []
        for tick in ticks:
            y = base - tick * scale
            out.append(f'<line x1="{LEFT}" y1="{y:.1f}" x2="{wide - RIGHT:.1f}" y2="{y:.1f}" '
                       'stroke="#ddd"/>')  # fmt: skip
            out.append(f'<text x="{LEFT - 6}" y="{y + 4:.1f}" text-anchor="end">{tick:,}</text>')
        for n, call in enumerate(self.calls):
            x, y = LEFT + (n + 0.2) * bar * 1.4, base
            for field, colour, _ in BILLED:
                h = _part(call, field) * scale
                if h > 0:
                    out.append(f'<rect x="{x:.1f}" y="{y - h:.1f}" width="{bar:.1f}" '
                               f'height="{h:.1f}" fill="{colour}"/>')  # fmt: skip
                    y -= h
            if len(self.calls) <= 30 or (n + 1) % 5 == 0:
                out.append(f'<text x="{x + bar / 2:.1f}" y="{base + 15}" '
                           f'text-anchor="middle">{n + 1}</text>')  # fmt: skip
        for label, value in self.marks.items():
            y = base - value * scale
            out.append(f'<line x1="{LEFT}" y1="{y:.1f}" x2="{wide - RIGHT:.1f}" y2="{y:.1f}" '
                       f'stroke="{MARK}" stroke-dasharray="6,4"/>')  # fmt: skip
            out.append(f'<text x="{wide - RIGHT:.1f}" y="{y - 4:.1f}" text-anchor="end" '
                       f'fill="{MARK}">{escape(label)}</text>')  # fmt: skip
        x = LEFT
        for _, colour, words in BILLED:  # the legend, along the top
            label = pick(*words)
            out.append(f'<rect x="{x}" y="8" width="10" height="10" fill="{colour}"/>')
            out.append(f'<text x="{x + 14}" y="17">{escape(label)}</text>')
            x += 14 + static.columns(label) * 0.6 * FONT + 16
        axis = pick("request", "请求")
        out.append(f'<text x="{LEFT}" y="{base + 32}">{escape(axis)} → · '
                   f"{escape(self.caption())}</text>")  # fmt: skip
        wide = max(wide, x, LEFT + static.columns(self.caption() + axis) * 0.6 * FONT + 40)
        height = base + BOTTOM
        title = pick("Tokens per request, by how they were billed",
                     "每次请求的 token，按计费方式分")  # fmt: skip
        return svg.document("usage", title, out, wide, height, ink="#222")

    def __str__(self) -> str:
        head = pick(("request", "input", "written", "read", "output", "price"),
                    ("请求", "输入", "写入", "读取", "输出", "价格"))  # fmt: skip
        rows = [head] + [
            (str(n), f"{c.input_tokens:,}", f"{_written(c):,}", f"{c.cache_read_tokens:,}",
             f"{c.output_tokens:,}", f"${dollars(c) or 0:.6f}")
            for n, c in enumerate(self.calls, start=1)
        ]  # fmt: skip
        widths = [max(static.columns(r[i]) for r in rows) for i in range(len(head))]
        lines = [
            "  ".join(" " * (w - static.columns(v)) + v for v, w in zip(r, widths, strict=True))
            for r in rows
        ]
        lines += [f"{label}{pick(': ', '：')}{value:,}" for label, value in self.marks.items()]
        return "\n".join(lines + [self.caption()])

    __repr__ = __str__

    def _repr_mimebundle_(self, **kwargs) -> dict:
        return {"image/svg+xml": self.svg(), "text/plain": str(self)}


def usage_chart(calls: list[Call], marks: dict[str, int] | None = None) -> UsageChart:
    """A chart of the calls' tokens by how they were billed; the last expression displays it."""
    return UsageChart(calls, marks)
