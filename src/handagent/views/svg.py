"""A sequence diagram drawn as SVG by our own code: the picture where Mermaid is not rendered.

Participants are columns with a lifeline each, every step is a labelled arrow from one column to
another (replies dashed), and a step with a problem gets a note under it ("✗ error"). The
columns are spaced so that every label fits between the two columns it joins.

The SVG stands alone (`image/svg+xml`): presentation attributes only, no `<style>`, no script,
no font or marker to fetch, so GitHub, nbconvert and an `<img>` in the book all draw it alike.
Text widths are estimated (a monospace character is 0.6 em, a CJK character 1 em), so no font
metrics are needed.

An arrow from a column to itself is drawn as a loop out to the right and back.

Not handled here: which arrows a history makes (`views.diagram`), wrapping long labels (the
diagram cuts them to one short line first).
"""

from html import escape

from .static import columns

FONT = 12
BOX_HEIGHT, PAD, MARGIN = 28, 14, 10
ROW, NOTE_ROW = 32, 28
INK, REPLY, LANE, BOX_FILL, BOX_EDGE = "#222", "#555", "#999", "#eaf1fb", "#4a6fa5"
NOTE_FILL, NOTE_EDGE, NOTE_INK = "#fdecea", "#c62828", "#b71c1c"


def width(text: str) -> float:
    """The drawn width of a line of text at FONT size. Example: "abc" -> 21.6"""
    wide = columns(text) - len(text)  # the CJK characters, each two columns
    return ((len(text) - wide) * 0.6 + wide * 1.0) * FONT


def _centres(participants: tuple[str, ...], steps: list) -> dict[str, float]:
    boxes = [max(80.0, width(name) + 2 * PAD) for name in participants]
    gaps = [max(120.0, (a + b) / 2 + 20) for a, b in zip(boxes, boxes[1:], strict=False)]
    index = {name: n for n, name in enumerate(participants)}
    spans = sorted(
        ((abs(index[s.target] - index[s.source]), s) for s in steps if s.source != s.target),
        key=lambda pair: pair[0],
    )
    for span, step in spans:  # the shortest spans first, so long ones widen what is left
        low = min(index[step.source], index[step.target])
        short = width(step.text) + 2 * PAD - sum(gaps[low : low + span])
        for n in range(low, low + span):
            gaps[n] += max(0.0, short) / span
    x, out = boxes[0] / 2, {}
    for n, name in enumerate(participants):
        out[name] = x
        x += gaps[n] if n < len(gaps) else 0
    return out


def _box(name: str, x: float, y: float) -> str:
    w = max(80.0, width(name) + 2 * PAD)
    return (
        f'<rect x="{x - w / 2:.1f}" y="{y}" width="{w:.1f}" height="{BOX_HEIGHT}" rx="4" '
        f'fill="{BOX_FILL}" stroke="{BOX_EDGE}"/>'
        f'<text x="{x:.1f}" y="{y + 18}" text-anchor="middle" font-weight="bold">'
        f"{escape(name)}</text>"
    )


def _arrow(x1: float, x2: float, y: float, label: str, reply: bool) -> list[str]:
    colour, dash = (REPLY, ' stroke-dasharray="5,3"') if reply else (INK, "")
    if x1 == x2:  # a loop out to the right and back
        head = f"{x1 + 2:.1f},{y + 10} {x1 + 10:.1f},{y + 6} {x1 + 10:.1f},{y + 14}"
        path = f"M{x1:.1f},{y} h30 v10 h-20"
        middle, y_label = x1 + 36 + width(label) / 2, y + 4
    else:
        d = 1 if x2 > x1 else -1
        head = f"{x2:.1f},{y} {x2 - 9 * d:.1f},{y - 4.5} {x2 - 9 * d:.1f},{y + 4.5}"
        path = f"M{x1:.1f},{y} L{x2 - 8 * d:.1f},{y}"
        middle, y_label = (x1 + x2) / 2, y - 6
    w = width(label) + 8
    return [
        f'<path d="{path}" fill="none" stroke="{colour}" stroke-width="1.3"{dash}/>',
        f'<polygon points="{head}" fill="{colour}"/>',
        f'<rect x="{middle - w / 2:.1f}" y="{y_label - FONT}" width="{w:.1f}" '
        f'height="{FONT + 4}" fill="white" fill-opacity="0.85"/>',
        f'<text x="{middle:.1f}" y="{y_label}" text-anchor="middle" fill="{INK}">'
        f"{escape(label)}</text>",
    ]


def _note(text: str, x: float, y: float) -> str:
    w = width(text) + 2 * PAD
    return (
        f'<rect x="{x - w / 2:.1f}" y="{y}" width="{w:.1f}" height="20" fill="{NOTE_FILL}" '
        f'stroke="{NOTE_EDGE}"/>'
        f'<text x="{x:.1f}" y="{y + 14}" text-anchor="middle" fill="{NOTE_INK}">'
        f"{escape(text)}</text>"
    )


def sequence_svg(participants: tuple[str, ...], steps: list, title: str) -> str:
    """Steps (each with source, target, text, reply, problem) as one standalone SVG document.

    Example: (("user", "program"), [Step("user", "program", "hi")], "hi")
        -> '<svg xmlns="http://www.w3.org/2000/svg" ...><title>hi</title>...</svg>'
    """
    x = _centres(participants, steps)
    top = MARGIN + BOX_HEIGHT
    y, body = top + 12, []
    for step in steps:
        y += ROW
        body += _arrow(x[step.source], x[step.target], y - 8, step.text, step.reply)
        if step.problem:
            body.append(_note(f"✗ {step.problem}", x[step.source], y))
            y += NOTE_ROW
    bottom = y + 16
    lanes = [
        f'<line x1="{c:.1f}" y1="{top}" x2="{c:.1f}" y2="{bottom}" stroke="{LANE}" '
        f'stroke-dasharray="3,3"/>'
        for c in x.values()
    ]
    boxes = [_box(n, x[n], MARGIN) + _box(n, x[n], bottom) for n in participants]
    # Extents: the outer boxes, and labels or notes that reach past them.
    half = [max(80.0, width(n) + 2 * PAD) / 2 for n in participants]
    left = min([x[participants[0]] - half[0]] + [_reach(s, x)[0] for s in steps]) - MARGIN
    right = max([x[participants[-1]] + half[-1]] + [_reach(s, x)[1] for s in steps]) + MARGIN
    height = bottom + BOX_HEIGHT + MARGIN
    return document("diagram", title, lanes + boxes + body, right - left, height, left=left)


def document(kind: str, title: str, body: list[str], wide: float, high: float, **page) -> str:
    """A picture's standalone SVG document: a white page `wide` by `high`, its title, its body.
    `page` may move its left edge (`left=`), and set its text's colour (`ink=`).

    Example: ("usage", "Tokens", ['<text x="4" y="14">hi</text>'], 80, 20)
        -> '<svg xmlns=... class="handagent-usage" ...><title>Tokens</title><rect .../><text ...'
    """
    left, ink = page.get("left", 0.0), page.get("ink")
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="handagent-{kind}" role="img" '
        f'width="{wide:.0f}" height="{high}" viewBox="{left:.1f} 0 {wide:.1f} {high}" '
        f'font-family="ui-monospace, Menlo, Consolas, monospace" font-size="{FONT}"'
        + (f' fill="{ink}">' if ink else ">")
        + f"<title>{escape(title)}</title>"
        f'<rect x="{left:.1f}" y="0" width="{wide:.1f}" height="{high}" fill="white"/>'
        + "".join(body)
        + "</svg>"
    )


def _reach(step, x: dict[str, float]) -> tuple[float, float]:
    """How far left and right a step's label and note reach."""
    a, b = x[step.source], x[step.target]
    if a == b:
        low, high = a, a + 40 + width(step.text)
    else:
        middle, half = (a + b) / 2, width(step.text) / 2 + 4
        low, high = middle - half, middle + half
    if step.problem:
        half_note = (width(f"✗ {step.problem}") + 2 * PAD) / 2
        low, high = min(low, a - half_note), max(high, a + half_note)
    return low, high
