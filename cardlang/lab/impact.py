"""Card impact by ablation: for each card, how much a bot's win rate changes when the card is taken out of
its choices ("which card decides games"), every version on the same seeds as the game as it is.

For one card, game g gives d_g = (the bot's share of the win without the card) - (with it): the games are
paired on their seeds (the same deal, seating and random streams), so most of the noise cancels. Each card's
mean difference gets a paired t interval, and since many cards are tested at once the intervals are
Bonferroni-corrected (each at 1 - 0.05/m, so all m hold together with 95% confidence) and the p-values
Holm-adjusted. Both arms' bots answer every decision in full (cardlang.agents.Without), so a card the bot
never picks changes nothing: its difference is exactly 0. Knows no game; the paired t test and Holm's
correction are cardlang.lab.inference's, the ones `compare` uses.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from cardlang.lab.outcomes import GameOutcomes

LEVEL = 0.95


def paired_rows(base: GameOutcomes, arms: dict[str, GameOutcomes], bot: int) -> list[dict[str, Any]]:
    """One row per card: the mean paired difference (arm - base) of BOT's win share, Bonferroni intervals
    and Holm-adjusted p-values, the cards that change the most first."""
    from cardlang.lab.inference import holm, paired_difference
    m = max(1, len(arms))
    before = base.shares(bot)
    rows = []
    for card, out in arms.items():
        after = out.shares(bot)
        d = paired_difference(before, after, confidence=1 - (1 - LEVEL) / m)
        n = d.games
        rows.append({"card": card, "games": n, "difference": d.estimate,
                     "interval": list(d.interval) if d.interval else [d.estimate, d.estimate],
                     "p_value": d.p_value, "changed": d.better + d.worse,
                     "win_rate_without": sum(after) / n if n else 0.0})
    for r, adjusted in zip(rows, holm([r["p_value"] for r in rows])):
        r["p_holm"] = adjusted
    rows.sort(key=lambda r: (-abs(r["difference"]), r["card"]))
    return rows


@dataclass
class Impact:
    bot: str
    players: list[str]
    everyone: bool
    base: GameOutcomes
    rows: list[dict[str, Any]]

    def to_json(self) -> dict[str, Any]:
        n = len(self.base.games)
        w = self.base.wins(0)
        return {"bot": self.bot, "players": self.players, "out_of": "every bot's choices" if self.everyone
                else f"{self.bot}'s choices", "games": n, "win_rate": w / n if n else 0.0, "cards": self.rows,
                "intervals": f"paired t, Bonferroni-corrected over {len(self.rows)} cards (all hold together "
                             "with 95% confidence); p: paired t-test, Holm-adjusted"}


def run_impact(play: Callable[[tuple], GameOutcomes], players: list[str], cards: list[str],
               everyone: bool = False) -> Impact:
    """PLAY(banned) -> outcomes on the same seeds; BANNED as in Job.banned. The first player is measured."""
    bots = range(len(players)) if everyone else (0,)
    base = play(tuple((b, frozenset()) for b in bots))
    arms = {c: play(tuple((b, frozenset([c])) for b in bots)) for c in cards}
    return Impact(players[0], list(players), everyone, base, paired_rows(base, arms, 0))


def text_lines(imp: Impact, title: str) -> list[str]:
    j = imp.to_json()
    out = [f"{title}: card impact on {imp.bot} ({', '.join(imp.players)}), {j['games']} games per card on the "
           "same seeds",
           f"each card taken out of {j['out_of']}; {imp.bot} wins {100 * j['win_rate']:.1f}% with every card",
           f"{'card':22} {'without, win %':>14} {'change, points (95%, corrected)':>33} {'p (Holm)':>9} "
           f"{'seeds changed':>13}"]
    for r in imp.rows:
        lo, hi = r["interval"]
        change = f"{100 * r['difference']:+5.1f} ({100 * lo:+.1f} to {100 * hi:+.1f})"
        out.append(f"{r['card'][:22]:22} {100 * r['win_rate_without']:14.1f} {change:>33} {r['p_holm']:9.2g} "
                   f"{r['changed']:13}")
    out.append(f"intervals: {j['intervals']}")
    return out
