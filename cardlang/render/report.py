"""The balance report: one self-contained HTML page of a simulation's tables and charts, small and offline.

Charts are inline SVG drawn on the server (render/svg.py): no JavaScript, no charting package, no network; a
report of a thousand games is some hundred kilobytes. The page shows who wins (with 95% interval bars) in
each arm, the seats (the run's, and the first bot against itself at every player count the game allows,
with a chi-square test of fair seats), the game metrics (ties and how they were settled, length and its
spread, lead changes, decisiveness) with sentences on what stands out, per-turn curves with 10-90% bands,
game lengths and score margins (a game with no score says so instead of drawing an empty chart), how the
games ended, the per-card figures (descriptive, compared only where both groups are large enough, with
Holm-corrected p-values; card impact when an ablation run filled it) and, given an A/B comparison, the paired
difference.

Knows no game and no card: it lays out figures from cardlang.lab.stats, cardlang.lab.compare and cardlang.lab.
"""
from __future__ import annotations

import html
from dataclasses import dataclass, field
from typing import Any

from cardlang.lab import metrics
from cardlang.render.svg import PALETTE, Series, bars, histogram, lines
from cardlang.lab.stats import CARDS_NOTE, CardStats, mean, quantile

_BLUE, _ORANGE, _GREY = "#1f77b4", "#ff7f0e", "#7f7f7f"


@dataclass
class Arm:
    """One arm's figures: its label, win figures (compare.ArmOutcomes.figures()), statistics, outcomes and
    per-turn curves."""

    label: str
    wins: dict[str, Any]
    stats: CardStats
    outcomes: Any                      # lab.outcomes.GameOutcomes
    curves: Any = None                 # lab.curves.CurveAccumulator
    has_score: bool = True


@dataclass
class Report:
    title: str
    meta: list[str]
    arms: list[Arm]
    comparison: Any = None
    seat_runs: dict[int, Any] = field(default_factory=dict)   # player count -> GameOutcomes (mirror games)
    mirror_bot: str = ""


def _pct(x: float | None, iv: list[float] | None = None) -> str:
    if x is None:
        return "–"
    return f"{100 * x:.1f}%" + (f" <small>({100 * iv[0]:.1f}–{100 * iv[1]:.1f})</small>" if iv else "")


def _table(head: list[str], rows: list[list[str]]) -> str:
    th = "".join(f"<th>{h}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in r) + "</tr>" for r in rows)
    return f'<div class="table"><table><thead><tr>{th}</tr></thead><tbody>{body}</tbody></table></div>'


def _chart(svg: str) -> str:
    return f'<figure class="chart">{svg}</figure>'


def _p(text: str, cls: str = "") -> str:
    return f'<p{f" class={chr(34)}{cls}{chr(34)}" if cls else ""}>{html.escape(text)}</p>'


def _arm_name(r: Report, i: int) -> str:
    return "" if len(r.arms) == 1 else f" ({'AB'[i]})"


def _wins(r: Report, labels: list[str]) -> list[str]:
    out = ["<h2>Who wins</h2>"]
    for i, arm in enumerate(r.arms):
        w = arm.wins
        if len(r.arms) > 1:
            out.append(_p(f"{'AB'[i]}: {arm.label}", "meta"))
        out.append(_table(["bot", "wins", "win % (95% interval)"],
                          [[html.escape(labels[b]), f"{w['wins'][b]:g}", _pct(w["win_rates"][b], w["win_intervals"][b])]
                           for b in range(len(labels))]))
    series = [Series(f"{'AB'[i]}: {a.label}" if len(r.arms) > 1 else "win %",
                     [100 * x for x in a.wins["win_rates"]], [100 * iv[0] for iv in a.wins["win_intervals"]],
                     [100 * iv[1] for iv in a.wins["win_intervals"]], _BLUE if i == 0 else _ORANGE)
              for i, a in enumerate(r.arms)]
    out.append(_chart(bars(labels, series, title="Win rate by bot (%, 95% interval)", axis="win %", key="wins",
                           lo=0, hi=100, ref=100 / len(labels), ref_label="an equal share")))
    return out


def _seats(r: Report) -> list[str]:
    out = ["<h2>Seats</h2>"]
    by_count = {}
    for i, arm in enumerate(r.arms):
        s = metrics.seats(arm.outcomes)
        out.append(_p(f"This run{_arm_name(r, i)}: the bots change seats from game to game; "
                      f"chi-square of the outright wins against fair seats: p = {s['p_value']:.2g}.", "meta"))
        out.append(_table(["seat", "win % (95% interval)", "outright wins"],
                          [[f"seat {x['seat']}", _pct(x["win_rate"], x["interval"]), str(x["outright_wins"])]
                           for x in s["seats"]]))
    for count, out_games in sorted(r.seat_runs.items()):
        by_count[count] = metrics.seats(out_games)
    if by_count:
        out.append(_p(f"First-seat advantage at every player count the game allows: {r.mirror_bot} against "
                      "itself, so only the seat differs.", "meta"))
        rows = []
        for count, s in sorted(by_count.items()):
            rows.append([f"{count} players", str(s["games"])]
                        + [" / ".join(_pct(x["win_rate"]) for x in s["seats"]), f"{100 * s['fair']:.1f}%",
                           f"{s['chi2']:.1f}", f"{s['p_value']:.2g}"])
        out.append(_table(["players", "games", "win % seat 1 / 2 / …", "fair", "chi-square", "p"], rows))
        top = max(by_count)
        cats = [f"seat {k + 1}" for k in range(top)]
        series = []
        for j, (count, s) in enumerate(sorted(by_count.items())):
            vals: list[float | None] = [None] * top
            lo: list[float | None] = [None] * top
            hi: list[float | None] = [None] * top
            for x in s["seats"]:
                vals[x["seat"] - 1] = 100 * x["win_rate"]
                lo[x["seat"] - 1], hi[x["seat"] - 1] = 100 * x["interval"][0], 100 * x["interval"][1]
            series.append(Series(f"{count} players", vals, lo, hi, PALETTE[j % len(PALETTE)]))
        out.append(_chart(bars(cats, series, title="Win rate by seat at each player count (%, 95% interval)",
                               axis="win %", key="seats", lo=0, hi=100)))
    return out, by_count


def _metrics(r: Report, by_count: dict) -> list[str]:
    out = ["<h2>Game metrics</h2>"]
    for i, arm in enumerate(r.arms):
        o = arm.outcomes
        n = len(o.games)
        ties = metrics.ties(o)
        L = metrics.length(o)
        lead = metrics.lead(arm.curves) if arm.has_score else None
        words = metrics.notes(by_count if i == 0 else {}, ties, n, lead, L)
        if len(r.arms) > 1:
            out.append(f"<h3>{'AB'[i]}: {html.escape(arm.label)}</h3>")
        out.append('<ul class="notes">' + "".join(f"<li>{html.escape(w)}</li>" for w in words) + "</ul>")
        rows = [["games", str(n)]]
        rows += [[html.escape(k), f"{v} ({100 * v / n:.1f}%)"] for k, v in ties.items()]
        if L:
            rows.append(["length, turns of all players", f"mean {L['mean']:.1f}, sd {L['sd']:.1f}, median "
                         f"{L['median']:g}, 5–95% {L['p5']:g}–{L['p95']:g} (rounds: {L['mean_rounds']:.1f})"])
        if lead is not None:
            rows.append(["lead changes per game (score)", f"mean {lead['mean_lead_changes']:.2f}; none in "
                         f"{100 * lead['no_lead_change']:.0f}% of the games"])
            rows.append(["decisiveness", f"the winner led for good from the first half of the game in "
                         f"{100 * lead['decided_in_first_half']:.0f}% of the games won outright"])
        else:
            rows.append(["lead changes", "– (the game keeps no score to lead on)"])
        out.append(_table(["", ""], rows))
    return out


def _curves(r: Report, labels: list[str]) -> list[str]:
    out = ["<h2>Per turn</h2>",
           _p("Each bot at the end of each of its turns: the mean over the games still going, with a band from "
              "the 10% to the 90% quantile; a counter is drawn at the most it held during the turn. A curve stops "
              "where fewer than a tenth of the games are still going.",
              "meta")]
    skipped = []
    arm_curves = [(i, a.curves) for i, a in enumerate(r.arms) if a.curves is not None and a.curves.names]
    if not arm_curves:
        return out + [_p("No curves: the games recorded no turn.")]
    names = arm_curves[0][1].names
    for q, name in enumerate(names):
        if name.endswith("(end of turn)"):
            continue  # the report draws the most a counter held in the turn; --json has both
        series, xs_all = [], set()
        flat: set[float] = set()
        for i, c in arm_curves:
            games = len(r.arms[i].outcomes.games)
            for b in range(len(labels)):
                pts = c.curve(b, q, max(1, games // 10))
                if not pts:
                    continue
                flat.update(v for p in pts for v in (p["mean"], p["low"], p["high"]))
                xs_all.update(p["turn"] for p in pts)
                series.append((f"{labels[b]}{_arm_name(r, i)}", {p["turn"]: p for p in pts}))
        if len(flat) <= 1:
            skipped.append(name)
            continue
        xs = sorted(xs_all)
        drawn = [Series(label, [pts[x]["mean"] if x in pts else None for x in xs],
                        [pts[x]["low"] if x in pts else None for x in xs],
                        [pts[x]["high"] if x in pts else None for x in xs], PALETTE[j % len(PALETTE)])
                 for j, (label, pts) in enumerate(series)]
        out.append(_chart(lines(xs, drawn, title=f"{name} per turn (mean, 10–90% band)", xaxis="the bot's turn",
                                yaxis=name, key=f"curve-{q}")))
    if skipped:
        out.append(_p("The same at every turn, so not drawn: " + ", ".join(skipped) + ".", "meta"))
    return out


def _length_and_margins(r: Report) -> list[str]:
    out = ["<h2>Game length and margins</h2>"]
    arm = r.arms[0]
    L, M = arm.stats.lengths, arm.stats.margins
    rows = [["turns (all players)", f"{mean(L):.1f}", f"{quantile(L, .5):g}", f"{quantile(L, .05):g}",
             f"{quantile(L, .95):g}"]]
    scored = arm.has_score and any(k != 0 for k in M)
    if scored:
        rows.append(["winning score margin", f"{mean(M):.1f}", f"{quantile(M, .5):g}", f"{quantile(M, .05):g}",
                     f"{quantile(M, .95):g}"])
    out.append(_table(["", "mean", "median", "5%", "95%"], rows))
    out.append(_chart(histogram(dict(L), title="Game length (turns of all players)", axis="turns", key="length")))
    if scored:
        out.append(_chart(histogram(dict(M), title="Winning score margin (best minus next best)", axis="points",
                                    key="margin", color=_GREY)))
    elif not arm.has_score:
        out.append(_p("No margin chart: this game keeps no score; it is won by its end condition (below) and the "
                      "lengths above are what it has to show.", "meta"))
    else:
        out.append(_p("No margin chart: every game ended with the best two scores level (margin 0); the "
                      "tie-break or the end condition decided them (see the game metrics).", "meta"))
    return out


def _ended(r: Report) -> list[str]:
    out = ["<h2>How the games ended</h2>"]
    reasons: list[str] = []
    for a in r.arms:
        reasons += [k for k, _ in a.stats.ended_by.most_common() if k not in reasons]
    rows = [[html.escape(k)] + [f"{a.stats.ended_by[k]} ({100 * a.stats.ended_by[k] / max(1, a.stats.games):.1f}%)"
                                for a in r.arms] for k in reasons]
    out.append(_table(["end condition"] + [f"games{_arm_name(r, i)}" for i in range(len(r.arms))], rows))
    series = [Series(f"{'AB'[i]}" if len(r.arms) > 1 else "games", [a.stats.ended_by[k] for k in reasons],
                     color=_BLUE if i == 0 else _ORANGE) for i, a in enumerate(r.arms)]
    out.append(_chart(bars(reasons, series, title="How the games ended", axis="games", key="ended",
                           horizontal=True)))
    return out


def _cards(r: Report, labels: list[str]) -> list[str]:
    out = []
    for i, arm in enumerate(r.arms):
        table = arm.stats.holm_rows()  # every bot's rows, Holm-corrected over the arm's comparisons
        impact = any(row.get("impact") for rows in table for row in rows)  # filled by an ablation run only
        for b in range(len(labels)):
            out.append(f"<h2>Cards of {labels[b]}{_arm_name(r, i)}</h2>")
            if b == 0:
                out.append(_p(f"{CARDS_NOTE} (`cardlang impact`).", "meta"))
            rows, compared = [], []
            for row in table[b]:
                first = row.get("mean_first_gain_turn")
                holm = html.escape(row.get("note") or "–") if row.get("p_holm") is None else f"{row['p_holm']:.2g}"
                cells = [html.escape(row["card"]), _pct(row.get("gained_share")), f"{row.get('mean_copies', 0):.2f}",
                         _pct(row.get("win_rate_gained"), row.get("win_interval_gained")),
                         _pct(row.get("win_rate_not_gained"), row.get("win_interval_not_gained")), holm]
                if impact:
                    cells.append(_impact(row.get("impact")))
                rows.append(cells + ["–" if first is None else f"{first:.1f}",
                                     html.escape(", ".join(f"{k} {v}" for k, v in row.get("triggered", {}).items()))
                                     or "–"])
                if row.get("p_value") is not None:  # both groups large enough to compare
                    compared.append(row)
            out.append(_table(["card", "games gained", "mean copies", "win % if gained", "win % if not", "Holm p"]
                              + (["impact, points"] if impact else []) + ["first gained (turn)",
                                                                          "abilities resolved"], rows))
            key = f"cards-{b}" + ("" if i == 0 else "-b")
            name = f"{labels[b]}{_arm_name(r, i)}"
            if compared:
                names = [x["card"] for x in compared]

                def s(which: str, title: str, color: str) -> Series:
                    vals = [None if x.get(f"win_rate_{which}") is None else 100 * x[f"win_rate_{which}"]
                            for x in compared]
                    ivs = [x.get(f"win_interval_{which}") for x in compared]
                    return Series(title, vals, [None if v is None else 100 * v[0] for v in ivs],
                                  [None if v is None else 100 * v[1] for v in ivs], color)
                out.append(_chart(bars(names, [s("gained", "gained", _BLUE), s("not_gained", "not gained", _GREY)],
                                       title=f"{name}: win rate when it gained the card, and when not "
                                             "(%, 95% interval)", axis="win %", key=key, lo=0, hi=100,
                                       horizontal=True)))
            elif table[b]:  # nothing to compare (too few games, or every card gained in every game)
                out.append(_chart(bars([x["card"] for x in table[b]],
                                       [Series("gained", [100 * x["gained_share"] for x in table[b]],
                                               color=_BLUE)],
                                       title=f"{name}: % of games with each card (too few to compare)",
                                       axis="% of games", key=key, lo=0, hi=100, horizontal=True)))
    return out


def _impact(x: Any) -> str:
    """A card's impact (stats.CardStats.impact: the paired change in win rate without it), if measured."""
    if not x:
        return "–"
    iv = x.get("interval")
    return f"{100 * x['difference']:+.1f}" + (f" <small>({100 * iv[0]:+.1f} to {100 * iv[1]:+.1f})</small>"
                                               if iv else "")


def _ab(r: Report, labels: list[str]) -> list[str]:
    c = r.comparison
    a, b = c.a.figures(), c.b.figures()
    out = ["<h2>A/B comparison</h2>",
           f'<p class="meta">A: {html.escape(c.labels[0])}<br>B: {html.escape(c.labels[1])}<br>{c.a.games} games '
           "per arm on the same seeds; the difference is paired on the seeds (95% t interval; p: paired t "
           "test).</p>"]
    rows, per = [], c.per_player()
    for i, x in enumerate(per):
        lo, hi = x["difference_interval"]
        rows.append([labels[i], _pct(a["win_rates"][i], a["win_intervals"][i]),
                     _pct(b["win_rates"][i], b["win_intervals"][i]),
                     f"{100 * x['difference']:+.1f} <small>({100 * lo:+.1f} to {100 * hi:+.1f})</small>",
                     f"{x['p_value']:.2g}", f"{x.get('better', '–')} / {x.get('worse', '–')} / {x.get('same', '–')}"])
    out.append(_table(["bot", "A win %", "B win %", "B − A, points", "p", "seeds better / worse / same"], rows))
    out.append(_chart(bars(labels, [Series("B − A", [100 * x["difference"] for x in per],
                                           [100 * x["difference_interval"][0] for x in per],
                                           [100 * x["difference_interval"][1] for x in per], _BLUE)],
                           title="A/B: paired difference B − A in win rate (points, 95% interval)", axis="points",
                           key="ab-diff", horizontal=True, ref=0.0)))
    return out


_CSS = """
body { font-family: 'DejaVu Sans', Arial, sans-serif; margin: 0; color: #222; background: #fafafa; }
main { max-width: 1000px; margin: 0 auto; padding: 16px 24px; box-sizing: border-box; }
h1 { font-size: 1.6em; margin: 0.4em 0; } h2 { font-size: 1.25em; margin-top: 1.6em; } h3 { font-size: 1.05em; }
p.meta { color: #555; overflow-wrap: anywhere; }
.chart { background: #fff; border: 1px solid #ddd; margin: 12px 0; padding: 6px; box-sizing: border-box; }
.chart svg { display: block; width: 100%; height: auto; }
.table { overflow-x: auto; max-width: 100%; }
table { border-collapse: collapse; font-size: 0.88em; background: #fff; width: 100%; }
th, td { border: 1px solid #ddd; padding: 3px 6px; text-align: right; overflow-wrap: anywhere; }
th:first-child, td:first-child { text-align: left; }
ul.notes li { margin: 4px 0; }
small { color: #666; }
"""


def render_report(report: Report) -> str:
    """The whole page (no script: every chart is an inline SVG)."""
    st = report.arms[0].stats
    n = len(st.players)
    labels = [st.bot_label(i) for i in range(n)]
    esc = [html.escape(x) for x in labels]
    parts = [f"<h1>{html.escape(report.title)}</h1>"] + [_p(m, "meta") for m in report.meta]
    parts += _wins(report, labels)
    seat_parts, by_count = _seats(report)
    parts += seat_parts
    if report.comparison is not None:
        parts += _ab(report, esc)
    parts += _metrics(report, by_count)
    parts += _curves(report, labels)
    parts += _length_and_margins(report)
    parts += _ended(report)
    parts += _cards(report, esc)
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>{html.escape(report.title)}"
            f"</title><style>{_CSS}</style></head><body><main>\n" + "\n".join(parts) + "\n</main></body></html>\n")
