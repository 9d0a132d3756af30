"""Charts as inline SVG, drawn here: bars with 95% interval whiskers, histograms, lines with bands. No
JavaScript and no charting package, so a report is small and works offline in any browser (and prints).

Every function takes plain numbers and labels and returns one `<svg>` element as text; every label is
escaped. Knows no game, no card and no statistics (it draws what it is given).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from html import escape

PALETTE = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
           "#bcbd22", "#17becf")
_FONT = 'font-family="DejaVu Sans, Arial, sans-serif"'


@dataclass
class Series:
    name: str
    values: list[float | None]
    low: list[float | None] | None = None     # interval ends, same length as values (None: no whisker)
    high: list[float | None] | None = None
    color: str = ""
    extra: dict = field(default_factory=dict)


def _nice(lo: float, hi: float, ticks: int = 5, whole: bool = False) -> list[float]:
    """Round tick values covering [LO, HI] (WHOLE: whole numbers only, for turns and points)."""
    if hi <= lo:
        hi = lo + 1
    raw = (hi - lo) / ticks
    mag = 10 ** math.floor(math.log10(raw))
    step = next(m * mag for m in (1, 2, 2.5, 5, 10) if m * mag >= raw and (not whole or (m * mag) % 1 == 0
                                                                       or m * mag > raw * 2))
    if whole:
        step = max(1, round(step))
    start = math.floor(lo / step) * step
    out, v = [], start
    while v <= hi + step * 1e-9:
        out.append(round(v, 10))
        v += step
    if out[-1] < hi:
        out.append(round(out[-1] + step, 10))
    return out


def _fmt(v: float) -> str:
    return f"{v:g}" if abs(v) >= 1 or v == 0 else f"{v:.2g}"


def _frame(width: int, height: int, title: str, body: list[str], key: str, legend: list[tuple[str, str]]) -> str:
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="100%" '
            f'role="img" aria-label="{escape(title)}" data-chart="{escape(key)}" {_FONT} font-size="12">')
    size = min(14.0, 2 * (width - 16) / max(1, len(title)))  # a long title is set smaller, never cut
    parts = [head, f'<title>{escape(title)}</title>',
             f'<text x="8" y="18" font-size="{size:.1f}" font-weight="bold">{escape(title)}</text>']
    x = 8
    for name, color in legend:
        parts.append(f'<rect x="{x}" y="{height - 16}" width="10" height="10" fill="{color}"/>'
                     f'<text x="{x + 14}" y="{height - 7}">{escape(name)}</text>')
        x += 24 + 7 * len(name)
    return "".join(parts + body + ["</svg>"])


def bars(categories: list[str], series: list[Series], *, title: str, axis: str, key: str,
         lo: float | None = None, hi: float | None = None, ref: float | None = None, ref_label: str = "",
         horizontal: bool = False) -> str:
    """Grouped bars (one group per category, one bar per series) with interval whiskers. HORIZONTAL puts
    the categories down the side (long names: cards); REF draws a dotted reference line at that value."""
    values = [v for s in series for v in (s.values + (s.low or []) + (s.high or [])) if v is not None]
    lo = min([0.0, *values]) if lo is None else lo
    hi = max([0.0, *values, ref or 0.0]) if hi is None else hi
    ticks = _nice(lo, hi)
    lo, hi = ticks[0], ticks[-1]
    k, m = len(categories), max(1, len(series))
    legend = [(s.name, s.color or PALETTE[i]) for i, s in enumerate(series)] if len(series) > 1 else []
    if horizontal:
        label_w = min(260, 16 + 7 * max([len(c) for c in categories] or [4]))
        band = 10 + 14 * m
        width, top = 720, 30
        plot_w = width - label_w - 30
        height = top + band * max(1, k) + 40 + (18 if legend else 0)

        def pos(v: float) -> float:
            return label_w + plot_w * (v - lo) / (hi - lo)
        body = []
        for t in ticks:
            x = pos(t)
            body.append(f'<line x1="{x:.1f}" y1="{top}" x2="{x:.1f}" y2="{top + band * k}" stroke="#e3e3e3"/>'
                        f'<text x="{x:.1f}" y="{top + band * k + 14}" text-anchor="middle">{_fmt(t)}</text>')
        body.append(f'<text x="{label_w + plot_w / 2:.0f}" y="{top + band * k + 30}" text-anchor="middle">'
                    f'{escape(axis)}</text>')
        zero = pos(max(lo, min(hi, 0.0)))
        for i, c in enumerate(categories):
            y0 = top + band * i
            body.append(f'<text x="{label_w - 6}" y="{y0 + band / 2 + 4:.1f}" text-anchor="end">{escape(c)}</text>')
            for j, s in enumerate(series):
                v = s.values[i]
                if v is None:
                    continue
                y = y0 + 5 + 14 * j
                x1, x2 = sorted((zero, pos(v)))
                color = s.color or PALETTE[j]
                body.append(f'<rect x="{x1:.1f}" y="{y}" width="{max(x2 - x1, 0.5):.1f}" height="12" '
                            f'fill="{color}"><title>{escape(c)}, {escape(s.name)}: {_fmt(v)}</title></rect>')
                if s.low and s.high and s.low[i] is not None and s.high[i] is not None:
                    a, b = pos(s.low[i]), pos(s.high[i])
                    body.append(f'<path d="M{a:.1f} {y + 6}H{b:.1f}M{a:.1f} {y + 2}V{y + 10}M{b:.1f} {y + 2}'
                                f'V{y + 10}" stroke="#333" fill="none"/>')
        if ref is not None:
            x = pos(ref)
            body.append(f'<line x1="{x:.1f}" y1="{top}" x2="{x:.1f}" y2="{top + band * k}" stroke="#555" '
                        f'stroke-dasharray="4 3"/>')
        return _frame(width, height, title, body, key, legend)
    width, top, left = 720, 30, 56
    plot_h = 220
    plot_w = width - left - 20
    band = plot_w / max(1, k)
    height = top + plot_h + 50 + (18 if legend else 0)

    def ypos(v: float) -> float:
        return top + plot_h * (1 - (v - lo) / (hi - lo))
    body = []
    for t in ticks:
        y = ypos(t)
        body.append(f'<line x1="{left}" y1="{y:.1f}" x2="{width - 20}" y2="{y:.1f}" stroke="#e3e3e3"/>'
                    f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end">{_fmt(t)}</text>')
    body.append(f'<text x="14" y="{top + plot_h / 2:.0f}" transform="rotate(-90 14 {top + plot_h / 2:.0f})" '
                f'text-anchor="middle">{escape(axis)}</text>')
    zero = ypos(max(lo, min(hi, 0.0)))
    bw = min(60.0, (band - 12) / m)
    for i, c in enumerate(categories):
        x0 = left + band * i + (band - bw * m) / 2
        body.append(f'<text x="{left + band * (i + 0.5):.1f}" y="{top + plot_h + 16}" text-anchor="middle">'
                    f'{escape(c)}</text>')
        for j, s in enumerate(series):
            v = s.values[i]
            if v is None:
                continue
            x = x0 + bw * j
            y1, y2 = sorted((zero, ypos(v)))
            color = s.color or PALETTE[j]
            body.append(f'<rect x="{x:.1f}" y="{y1:.1f}" width="{bw - 2:.1f}" height="{max(y2 - y1, 0.5):.1f}" '
                        f'fill="{color}"><title>{escape(c)}, {escape(s.name)}: {_fmt(v)}</title></rect>')
            if s.low and s.high and s.low[i] is not None and s.high[i] is not None:
                a, b, xm = ypos(s.low[i]), ypos(s.high[i]), x + (bw - 2) / 2
                body.append(f'<path d="M{xm:.1f} {a:.1f}V{b:.1f}M{xm - 5:.1f} {a:.1f}h10M{xm - 5:.1f} {b:.1f}h10" '
                            'stroke="#333" fill="none"/>')
    if ref is not None:
        y = ypos(ref)
        body.append(f'<line x1="{left}" y1="{y:.1f}" x2="{width - 20}" y2="{y:.1f}" stroke="#555" '
                    f'stroke-dasharray="4 3"/>' + (f'<text x="{width - 22}" y="{y - 4:.1f}" text-anchor="end" '
                                                  f'fill="#555">{escape(ref_label)}</text>' if ref_label else ""))
    return _frame(width, height, title, body, key, legend)


def histogram(counts: dict[int, int], *, title: str, axis: str, key: str, color: str = PALETTE[0]) -> str:
    """Bars of counts at whole-number positions (game lengths, margins): one bar per value, gaps kept."""
    if not counts:
        return _frame(720, 60, title, ['<text x="8" y="44">no games</text>'], key, [])
    xs = sorted(counts)
    x_lo, x_hi = xs[0], xs[-1]
    width, top, left, plot_h = 720, 30, 56, 180
    plot_w = width - left - 20
    span = x_hi - x_lo + 1
    ticks = _nice(0, max(counts.values()))
    height = top + plot_h + 46

    def ypos(v: float) -> float:
        return top + plot_h * (1 - v / ticks[-1])
    body = []
    for t in ticks:
        y = ypos(t)
        body.append(f'<line x1="{left}" y1="{y:.1f}" x2="{width - 20}" y2="{y:.1f}" stroke="#e3e3e3"/>'
                    f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end">{_fmt(t)}</text>')
    w = plot_w / span
    for x in xs:
        px = left + w * (x - x_lo)
        y = ypos(counts[x])
        body.append(f'<rect x="{px:.1f}" y="{y:.1f}" width="{max(w - 1, 0.8):.1f}" height="{top + plot_h - y:.1f}" '
                    f'fill="{color}"><title>{x}: {counts[x]}</title></rect>')
    for t in _nice(x_lo, x_hi, 8, whole=True):
        if x_lo <= t <= x_hi:
            px = left + w * (t - x_lo + 0.5)
            body.append(f'<text x="{px:.1f}" y="{top + plot_h + 14}" text-anchor="middle">{_fmt(t)}</text>')
    body.append(f'<text x="{left + plot_w / 2:.0f}" y="{top + plot_h + 32}" text-anchor="middle">{escape(axis)}</text>')
    return _frame(width, height, title, body, key, [])


def lines(xs: list[float], series: list[Series], *, title: str, xaxis: str, yaxis: str, key: str,
          lo: float | None = None, hi: float | None = None) -> str:
    """Lines over XS, one per series, each with a shaded band between its LOW and HIGH (when given) and
    markers; a None value leaves a gap."""
    vals = [v for s in series for v in (s.values + (s.low or []) + (s.high or [])) if v is not None]
    ticks = _nice(min(vals) if lo is None and vals else (lo or 0.0), max(vals) if hi is None and vals else (hi or 1.0))
    y_lo, y_hi = ticks[0], ticks[-1]
    width, top, left, plot_h = 720, 30, 56, 220
    plot_w = width - left - 20
    legend = [(s.name, s.color or PALETTE[i]) for i, s in enumerate(series)]
    height = top + plot_h + 50 + 18
    x_lo, x_hi = (min(xs), max(xs)) if xs else (0, 1)
    if x_hi == x_lo:
        x_hi = x_lo + 1

    def px(x: float) -> float:
        return left + plot_w * (x - x_lo) / (x_hi - x_lo)

    def py(v: float) -> float:
        return top + plot_h * (1 - (v - y_lo) / (y_hi - y_lo))
    body = []
    for t in ticks:
        body.append(f'<line x1="{left}" y1="{py(t):.1f}" x2="{width - 20}" y2="{py(t):.1f}" stroke="#e3e3e3"/>'
                    f'<text x="{left - 6}" y="{py(t) + 4:.1f}" text-anchor="end">{_fmt(t)}</text>')
    whole = all(float(x).is_integer() for x in xs)
    for t in _nice(x_lo, x_hi, 8, whole=whole):
        if x_lo <= t <= x_hi:
            body.append(f'<text x="{px(t):.1f}" y="{top + plot_h + 14}" text-anchor="middle">{_fmt(t)}</text>')
    body.append(f'<text x="{left + plot_w / 2:.0f}" y="{top + plot_h + 32}" text-anchor="middle">{escape(xaxis)}</text>')
    body.append(f'<text x="14" y="{top + plot_h / 2:.0f}" transform="rotate(-90 14 {top + plot_h / 2:.0f})" '
                f'text-anchor="middle">{escape(yaxis)}</text>')
    for i, s in enumerate(series):
        color = s.color or PALETTE[i % len(PALETTE)]
        pts = [(x, v) for x, v in zip(xs, s.values) if v is not None]
        if s.low and s.high:
            band = [(x, a, b) for x, a, b in zip(xs, s.low, s.high) if a is not None and b is not None]
            if len(band) > 1:
                d = "M" + "L".join(f"{px(x):.1f} {py(b):.1f}" for x, _, b in band) + "L" + \
                    "L".join(f"{px(x):.1f} {py(a):.1f}" for x, a, _ in reversed(band)) + "Z"
                body.append(f'<path d="{d}" fill="{color}" fill-opacity="0.18" stroke="none"/>')
            elif band:
                x, a, b = band[0]
                body.append(f'<path d="M{px(x):.1f} {py(a):.1f}V{py(b):.1f}" stroke="{color}"/>')
        if len(pts) > 1:
            body.append(f'<polyline points="{" ".join(f"{px(x):.1f},{py(v):.1f}" for x, v in pts)}" '
                        f'fill="none" stroke="{color}" stroke-width="2"/>')
        if len(pts) <= 40:
            for x, v in pts:
                body.append(f'<circle cx="{px(x):.1f}" cy="{py(v):.1f}" r="3" fill="{color}">'
                            f'<title>{escape(s.name)}: {_fmt(x)} -> {_fmt(v)}</title></circle>')
    return _frame(width, height, title, body, key, legend)


def standalone(svg: str) -> str:
    """A chart as a file of its own: its size in pixels (in a page it takes the page's width) and the XML
    declaration."""
    head, _, rest = svg.partition(">")
    view = head.split('viewBox="0 0 ', 1)[1].split('"', 1)[0]
    w, h = view.split()
    head = head.replace('width="100%"', f'width="{w}" height="{h}"')
    return '<?xml version="1.0" encoding="utf-8"?>\n' + head + ">" + rest + "\n"
