"""The balance report: one self-contained HTML page of a simulation's tables and charts.

Charts are drawn by plotly (the optional `cardlang[report]` extra); plotly.js is embedded inline once, so the
page works with no network. The page shows who wins (with 95% interval bars), the first-seat advantage, game
lengths and score margins, which end condition ended the games, per-card win rates when gained and, given an
A/B comparison, the paired difference. Knows no game and no card: it lays out figures from
cardlang.stats and cardlang.compare.
"""
from __future__ import annotations

import html
from typing import Any

from cardlang.stats import CARDS_NOTE, CardStats, mean, quantile


class MissingExtra(RuntimeError):
    """plotly is not installed."""


def _plotly():
    try:
        import plotly.graph_objects as go
        from plotly.offline import get_plotlyjs
    except ImportError:
        raise MissingExtra("the report needs plotly: pip install 'cardlang[report]'") from None
    return go, get_plotlyjs


def require_plotly() -> None:
    """Raise MissingExtra now, before the games of a report are played, when plotly is not installed."""
    _plotly()


_FONT = dict(family="DejaVu Sans, Arial, sans-serif", size=13)
_BLUE, _ORANGE, _GREY = "#1f77b4", "#ff7f0e", "#7f7f7f"


def _layout(fig, title: str, height: int, **kw) -> None:
    fig.update_layout(title=dict(text=title, x=0), height=height, autosize=True, font=_FONT,
                      margin=dict(l=60, r=20, t=50, b=50), template="plotly_white", **kw)


def _rate_bars(go, labels, rates, intervals, color, name=None, horizontal=False):
    """Bars of rates in percent with asymmetric 95% interval whiskers."""
    r = [100 * x if x is not None else None for x in rates]
    plus = [100 * (iv[1] - x) if x is not None else None for x, iv in zip(rates, intervals)]
    minus = [100 * (x - iv[0]) if x is not None else None for x, iv in zip(rates, intervals)]
    err = dict(type="data", symmetric=False, array=plus, arrayminus=minus, color="#333", thickness=1.5)
    if horizontal:
        return go.Bar(y=labels, x=r, orientation="h", error_x=err, marker_color=color, name=name)
    return go.Bar(x=labels, y=r, error_y=err, marker_color=color, name=name)


def _figures(stats: CardStats, wins: dict[str, Any], comparison) -> list[tuple[str, Any]]:
    go, _ = _plotly()
    n = len(stats.players)
    labels = [stats.bot_label(i) for i in range(n)]
    out = []
    fig = go.Figure(_rate_bars(go, labels, wins["win_rates"], wins["win_intervals"], _BLUE))
    fig.add_hline(y=100 / n, line_dash="dot", line_color=_GREY)
    _layout(fig, "Win rate by bot (%, 95% interval)", 380, yaxis=dict(range=[0, 100], title="win %"))
    out.append(("wins", fig))
    seats = stats.seat_rows()
    fig = go.Figure(_rate_bars(go, [f"seat {r['seat']}" for r in seats], [r["win_rate"] for r in seats],
                               [r["win_interval"] for r in seats], _ORANGE))
    fig.add_hline(y=100 / n, line_dash="dot", line_color=_GREY, annotation_text="no seat advantage")
    _layout(fig, "First-seat advantage: win rate by seat (%, 95% interval)", 380,
            yaxis=dict(range=[0, 100], title="win %"))
    out.append(("seats", fig))
    L = sorted(stats.lengths)
    fig = go.Figure(go.Bar(x=L, y=[stats.lengths[k] for k in L], marker_color=_BLUE))
    _layout(fig, "Game length (turns of all players)", 360, bargap=0.05,
            xaxis=dict(title="turns"), yaxis=dict(title="games"))
    out.append(("length", fig))
    M = sorted(stats.margins)
    fig = go.Figure(go.Bar(x=[str(k) for k in M] if len(M) <= 30 else M, y=[stats.margins[k] for k in M],
                           marker_color=_GREY))  # few distinct margins (e.g. steps of 6) read best as categories
    _layout(fig, "Winning score margin (best minus next best)", 340, bargap=0.05,
            xaxis=dict(title="points", type="category" if len(M) <= 30 else "linear"), yaxis=dict(title="games"))
    out.append(("margin", fig))
    reasons = stats.ended_by.most_common()
    fig = go.Figure(go.Bar(y=[_wrap(r) for r, _ in reasons], x=[c for _, c in reasons], orientation="h",
                           marker_color=_ORANGE))
    _layout(fig, "How the games ended", 140 + 40 * len(reasons), xaxis=dict(title="games"),
            yaxis=dict(autorange="reversed", automargin=True))
    out.append(("ended", fig))
    for b in range(n):
        every = stats.card_rows(b)
        rows = [r for r in every if r["p_value"] is not None]  # both groups large enough to compare
        if not rows:  # nothing to compare (too few games, or every card gained in every game): how often gained
            fig = go.Figure(go.Bar(x=[100 * r["gained_share"] for r in every], y=[r["card"] for r in every],
                                   orientation="h", marker_color=_BLUE))
            _layout(fig, f"{labels[b]}: % of games with each card (too few to compare)", 160 + 30 * max(1, len(every)),
                    xaxis=dict(range=[0, 100], title="% of games"), yaxis=dict(autorange="reversed", automargin=True))
            out.append((f"cards-{b}", fig))
            continue
        names = [r["card"] for r in rows]
        fig = go.Figure([
            _rate_bars(go, names, [r["win_rate_gained"] for r in rows], [r["win_interval_gained"] for r in rows],
                       _BLUE, "gained", horizontal=True),
            _rate_bars(go, names, [r["win_rate_not_gained"] for r in rows],
                       [r["win_interval_not_gained"] for r in rows], _GREY, "not gained", horizontal=True),
        ])
        _layout(fig, f"{labels[b]}: win rate when it gained the card, and when not (%, 95% interval)",
                160 + 44 * max(1, len(rows)), barmode="group", xaxis=dict(range=[0, 100], title="win %"),
                yaxis=dict(autorange="reversed", automargin=True), legend=dict(orientation="h", y=-0.08))
        out.append((f"cards-{b}", fig))
    if comparison is not None:
        rows = comparison.per_player()
        a, bb = comparison.a.figures(), comparison.b.figures()
        fig = go.Figure([_rate_bars(go, labels, a["win_rates"], a["win_intervals"], _GREY, "A"),
                         _rate_bars(go, labels, bb["win_rates"], bb["win_intervals"], _BLUE, "B")])
        _layout(fig, "A/B: win rate in each arm (%, 95% interval)", 380, barmode="group",
                yaxis=dict(range=[0, 100], title="win %"))
        out.append(("ab-arms", fig))
        d = [r["difference"] for r in rows]
        fig = go.Figure(go.Scatter(
            y=labels, x=[100 * x for x in d], mode="markers", marker=dict(size=12, color=_BLUE),
            error_x=dict(type="data", symmetric=False, color="#333",
                         array=[100 * (r["difference_interval"][1] - r["difference"]) for r in rows],
                         arrayminus=[100 * (r["difference"] - r["difference_interval"][0]) for r in rows])))
        fig.add_vline(x=0, line_color=_GREY)
        _layout(fig, "A/B: paired difference B - A in win rate (points, 95% interval)", 160 + 50 * n,
                xaxis=dict(title="points", zeroline=True), yaxis=dict(automargin=True))
        out.append(("ab-diff", fig))
    return out


def _wrap(text: str, width: int = 40) -> str:
    words, lines, cur = text.split(), [], ""
    for w in words:
        if cur and len(cur) + 1 + len(w) > width:
            lines.append(cur)
            cur = w
        else:
            cur = f"{cur} {w}".strip()
    lines.append(cur)
    return "<br>".join(lines)


def _pct(x: float | None, iv: list[float] | None = None) -> str:
    if x is None:
        return "–"
    return f"{100 * x:.1f}%" + (f" <small>({100 * iv[0]:.1f}–{100 * iv[1]:.1f})</small>" if iv else "")


def _table(head: list[str], rows: list[list[str]]) -> str:
    th = "".join(f"<th>{h}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in r) + "</tr>" for r in rows)
    return f'<div class="table"><table><thead><tr>{th}</tr></thead><tbody>{body}</tbody></table></div>'


_CSS = """
body { font-family: 'DejaVu Sans', Arial, sans-serif; margin: 0; color: #222; background: #fafafa; }
main { max-width: 1100px; margin: 0 auto; padding: 16px 24px; box-sizing: border-box; }
h1 { font-size: 1.6em; margin: 0.4em 0; } h2 { font-size: 1.25em; margin-top: 1.6em; }
p.meta { color: #555; overflow-wrap: anywhere; }
.chart { background: #fff; border: 1px solid #ddd; margin: 12px 0; width: 100%; box-sizing: border-box; }
.table { overflow-x: auto; max-width: 100%; }
table { border-collapse: collapse; font-size: 0.88em; background: #fff; width: 100%; table-layout: auto; }
th, td { border: 1px solid #ddd; padding: 3px 6px; text-align: right; overflow-wrap: anywhere; }
th:first-child, td:first-child { text-align: left; }
small { color: #666; }
"""


def render_report(*, title: str, meta: list[str], stats: CardStats, wins: dict[str, Any],
                  comparison=None) -> str:
    """The whole page. WINS: {"win_rates", "win_intervals", "wins", "ties"} of the simulated run."""
    go, get_plotlyjs = _plotly()
    figs = dict(_figures(stats, wins, comparison))

    def chart(key: str) -> str:
        return f'<div class="chart" data-chart="{key}">' + figs[key].to_html(
            full_html=False, include_plotlyjs=False, div_id=f"chart-{key}",
            config={"responsive": True, "displaylogo": False}) + "</div>"
    n = len(stats.players)
    labels = [html.escape(stats.bot_label(i)) for i in range(n)]
    parts = [f"<h1>{html.escape(title)}</h1>"] + [f'<p class="meta">{html.escape(m)}</p>' for m in meta]
    parts.append("<h2>Who wins</h2>")
    parts.append(_table(["bot", "wins", "win % (95% interval)"],
                        [[labels[i], f"{wins['wins'][i]:g}", _pct(wins["win_rates"][i], wins["win_intervals"][i])]
                         for i in range(n)]))
    parts.append(chart("wins"))
    parts.append("<h2>First-seat advantage</h2>")
    parts.append(_table(["seat", "win % (95% interval)"],
                        [[f"seat {r['seat']}", _pct(r["win_rate"], r["win_interval"])] for r in stats.seat_rows()]))
    parts.append(chart("seats"))
    if comparison is not None:
        a, b = comparison.a.figures(), comparison.b.figures()
        parts.append("<h2>A/B comparison</h2>")
        parts.append(f'<p class="meta">A: {html.escape(comparison.labels[0])}<br>B: '
                     f'{html.escape(comparison.labels[1])}<br>{comparison.a.games} games per arm on the same '
                     "seeds; p: exact two-sided sign test on the seeds whose result changed.</p>")
        rows = []
        for i, r in enumerate(comparison.per_player()):
            lo, hi = r["difference_interval"]
            rows.append([labels[i], _pct(a["win_rates"][i], a["win_intervals"][i]),
                         _pct(b["win_rates"][i], b["win_intervals"][i]),
                         f"{100 * r['difference']:+.1f} <small>({100 * lo:+.1f} to {100 * hi:+.1f})</small>",
                         f"{r['p_value']:.2g}", f"{r['better']} / {r['worse']} / {r['same']}"])
        parts.append(_table(["bot", "A win %", "B win %", "B − A, points", "p", "seeds better / worse / same"],
                            rows))
        parts.append(chart("ab-arms"))
        parts.append(chart("ab-diff"))
    parts.append("<h2>Game length and margins</h2>")
    L, M = stats.lengths, stats.margins
    parts.append(_table(["", "mean", "median", "5%", "95%"],
                        [["turns (all players)", f"{mean(L):.1f}", f"{quantile(L, .5):g}", f"{quantile(L, .05):g}",
                          f"{quantile(L, .95):g}"],
                         ["winning score margin", f"{mean(M):.1f}", f"{quantile(M, .5):g}",
                          f"{quantile(M, .05):g}", f"{quantile(M, .95):g}"]]))
    parts.append(chart("length"))
    parts.append(chart("margin"))
    parts.append("<h2>How the games ended</h2>")
    parts.append(_table(["end condition", "games", "share"],
                        [[html.escape(r), str(c), _pct(c / stats.games)] for r, c in stats.ended_by.most_common()]))
    parts.append(chart("ended"))
    for i, card_rows in enumerate(stats.holm_rows()):
        parts.append(f"<h2>Cards of {labels[i]}</h2>")
        if i == 0:
            parts.append(f'<p class="meta">{html.escape(CARDS_NOTE)}.</p>')
        rows = []
        for r in card_rows:
            first = "–" if r["mean_first_gain_turn"] is None else f"{r['mean_first_gain_turn']:.1f}"
            holm = html.escape(r["note"] or "–") if r["p_holm"] is None else f"{r['p_holm']:.2g}"
            rows.append([html.escape(r["card"]), _pct(r["gained_share"]), f"{r['mean_copies']:.2f}",
                         _pct(r["win_rate_gained"], r["win_interval_gained"]),
                         _pct(r["win_rate_not_gained"], r["win_interval_not_gained"]), holm, first,
                         html.escape(", ".join(f"{k} {v}" for k, v in r["triggered"].items())) or "–"])
        parts.append(_table(["card", "games gained", "mean copies", "win % if gained", "win % if not",
                             "Holm p", "first gained (turn)", "abilities resolved"], rows))
        parts.append(chart(f"cards-{i}"))
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>{html.escape(title)}"
            f"</title><style>{_CSS}</style><script>{get_plotlyjs()}</script></head><body><main>"
            + "\n".join(parts) + "</main></body></html>\n")
