"""The lab's figures as SVG charts (cardlang/render/svg.py): a sweep's win rate against the value, a card
impact table as bars, per-turn curves with bands. Knows no game."""
from __future__ import annotations

from cardlang.render.svg import Series, bars, lines


def sweep_chart(s) -> str:
    rows = s.rows()
    xs = [r["value"] for r in rows]
    series = [Series(f"{s.bot} win %", [100 * r["win_rate"] for r in rows], [100 * r["interval"][0] for r in rows],
                     [100 * r["interval"][1] for r in rows])]
    return lines(xs, series, title=f"Win rate of {s.bot} against {s.short} (95% interval)",
                 xaxis="value", yaxis="win %", key="sweep", lo=0, hi=100)


def impact_chart(rows: list[dict], bot: str) -> str:
    names = [r["card"] for r in rows]
    return bars(names, [Series("change in win rate", [100 * r["difference"] for r in rows],
                               [100 * r["interval"][0] for r in rows], [100 * r["interval"][1] for r in rows])],
                title=f"{bot}: change in win rate without each card (points, corrected 95% intervals)",
                axis="points", key="impact", horizontal=True, ref=0.0)
