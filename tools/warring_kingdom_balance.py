"""Is any Warring Kingdom merchant card an automatic buy? Pit, for each card, a bot that buys it whenever it
can (up to three copies) and plays it first, against the plain `economy` bot it is built on.

    python tools/warring_kingdom_balance.py [--games 100] [--seed 1] [--cards Axe,Knight] [--jobs 2]

The probe bots are written in the language: each is `economy` with the card put first in its act, deploy,
equip, visit and buy preferences, generated into a temporary folder loaded with `--with`. A card whose probe
wins far more than half its games is one a player should always buy.
"""
from __future__ import annotations

import argparse
import re
import sys
import tempfile
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

GAME = "warring-kingdom"
DECKS = {"Civilian": "Civilians", "Soldier": "Soldiers", "Weapon": "Weapons"}


def _rule(body: str, tag: str) -> str:
    """The preference lines of `on TAG { ... }` in a bot body (nested braces are not used in bot rules)."""
    m = re.search(r"on " + tag + r" \{(.*?)\n?  \}", body, re.S) or re.search(r"on " + tag + r" \{(.*?)\}", body, re.S)
    return m.group(1).strip() if m else ""


def probe_source(game, name: str, base: str) -> str:
    src = (ROOT / "games" / GAME / "bots" / "bots.cl").read_text(encoding="utf-8")
    m = re.search(r'bot "' + base + r'" extends "habits" \{(.*?)\n\}', src, re.S)
    body = m.group(1)
    d = game.defs_by_name[name]
    q = f'"{name}"'
    cost = d.props.get("cost", 0)
    deck = next((v for k, v in DECKS.items() if k in d.types), "Equipment")
    lines = [f'bot "probe" extends "{base}" {{']
    lines.append(f"  on buy {{ {q} if coins >= {cost} and count(owned where card is {q}) < 3; {_rule(body, 'buy')} }}")
    lines.append(f'  on visit {{ "{deck}" if coins >= {cost} and count(owned where card is {q}) < 3; '
                 f"{_rule(body, 'visit')} }}")
    if "Action" in d.types:
        lines.append(f"  on act {{ {q}; {_rule(body, 'act')} }}")
    if "Unit" in d.types or "Building" in d.types:
        lines.append(f"  on deploy {{ {q}; {_rule(body, 'deploy')} }}")
    if "Equipment" in d.types:
        lines.append(f"  on equip {{ {q}; highest card.cost; }}")
    lines.append("}")
    return "\n".join(lines) + "\n"


def run_one(args) -> tuple[str, float, float, int]:
    name, games, seed, base = args
    from cardlang.compile.game import load_game
    from cardlang.simulation.simulate import simulate
    g0 = load_game(GAME)
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "probe.cl").write_text(probe_source(g0, name, base), encoding="utf-8")
        g = load_game(GAME, [Path(tmp)])
        t = simulate(g, ["probe", base], games, seed)
    lo, hi = t.interval(0)
    return name, t.wins[0] / t.games, (hi - lo) / 2, int(t.mean_turns)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cards", default="")
    ap.add_argument("--base", default="economy")
    ap.add_argument("--jobs", type=int, default=2)
    a = ap.parse_args()
    from cardlang.compile.game import load_game
    g = load_game(GAME)
    names = [d.name for d in g.defs if not ({"Base", "Income", "Castle"} & d.types)]
    if a.cards:
        names = [n.strip() for n in a.cards.split(",")]
    with ProcessPoolExecutor(a.jobs) as pool:
        rows = list(pool.map(run_one, [(n, a.games, a.seed, a.base) for n in names]))
    print(f"probe (buys the card first, up to 3) vs {a.base}: {a.games} games each, seed {a.seed}, seats rotating")
    print(f"{'card':18} {'cost':>4} {'probe win %':>12} {'+/-':>6} {'turns':>6}")
    for name, rate, half, turns in sorted(rows, key=lambda r: -r[1]):
        cost = g.defs_by_name[name].props.get("cost", 0)
        print(f"{name:18} {cost:>4} {100 * rate:11.1f}% {100 * half:5.1f} {turns:>6}")


if __name__ == "__main__":
    main()
