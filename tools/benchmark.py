"""Speed benchmark: big-money mirror games per second in cardlang, against a tiny hand-written Python
Big Money loop run in the same process, so the ratio is comparable across machines.

    python tools/benchmark.py [--games N]
    python tools/benchmark.py --parse        # parse speed and linearity instead (see parse_speed)
"""
from __future__ import annotations

import argparse
import random
import time


def hand_written_big_money(seed: int) -> int:
    """The reference: two Big Money players, plain Python lists, no language, no log. Returns turns."""
    rng = random.Random(seed)
    worth = {"C": 1, "S": 2, "G": 3, "E": 0, "D": 0, "P": 0}
    supply = {"P": 8, "G": 30, "S": 40}
    decks, discards, hands = [], [], []
    for _ in range(2):
        deck = ["C"] * 7 + ["E"] * 3
        rng.shuffle(deck)
        decks.append(deck)
        discards.append([])
        hands.append([])

    def draw(p: int, n: int) -> None:
        for _ in range(n):
            if not decks[p]:
                if not discards[p]:
                    return
                decks[p], discards[p] = discards[p], []
                rng.shuffle(decks[p])
            hands[p].append(decks[p].pop())

    for p in range(2):
        draw(p, 5)
    turns = 0
    p = 0
    while True:
        turns += 1
        coins = sum(worth[c] for c in hands[p])
        buy = "P" if coins >= 8 else "G" if coins >= 6 else "S" if coins >= 3 else None
        if buy and supply[buy] > 0:
            supply[buy] -= 1
            discards[p].append(buy)
        discards[p].extend(hands[p])
        hands[p] = []
        draw(p, 5)
        if supply["P"] == 0:
            return turns
        p = 1 - p


def parse_speed() -> None:
    """Parse time of one card of N plain statements for growing N (kilobytes per second, and the time per
    kilobyte of the largest against the smallest: about 1 when parsing is linear), and the time to get
    the parser's tables: analysing the grammar against loading them from the cache."""
    import tempfile

    from lark import Lark

    from cardlang.syntax import parser as P

    grammar = P._GRAMMAR.read_text(encoding="utf-8")
    opts = dict(parser="lalr", propagate_positions=True, maybe_placeholders=True)
    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.perf_counter()
        Lark(grammar, **opts)
        build = time.perf_counter() - t0
        Lark(grammar, cache=f"{tmp}/g.cache", **opts)
        t0 = time.perf_counter()
        Lark(grammar, cache=f"{tmp}/g.cache", **opts)
        cached = time.perf_counter() - t0
    print(f"parser tables: {build * 1000:.0f} ms to build, {cached * 1000:.0f} ms from the cache")
    P.parse("card A { cost 1; }", "warm.card")
    per_kb = []
    for n in (500, 2_000, 8_000):  # the largest stays under the size limit (parser.MAX_SOURCE_BYTES)
        body = "".join(f"    if coins > {i % 7} {{ draw 1; }} else {{ coins += 1; }}\n" for i in range(n))
        text = "card Big {\n  types Action; cost 1;\n  on play {\n" + body + "  }\n}\n"
        t0 = time.perf_counter()
        P.parse(text, "big.card")
        dt = time.perf_counter() - t0
        kb = len(text) / 1024
        per_kb.append(dt / kb)
        print(f"parse {n:6} statements ({kb:6.0f} KB): {dt:6.2f} s, {kb / dt:6.0f} KB/s")
    print(f"time per KB, largest / smallest: {per_kb[-1] / per_kb[0]:.2f} (1.0 = linear)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--parse", action="store_true", help="measure parse speed instead of games per second")
    args = ap.parse_args()
    if args.parse:
        parse_speed()
        return
    from cardlang.compile.bots import LanguageBot
    from cardlang.compile.game import load_game
    from cardlang.runtime.engine import play_game

    t0 = time.perf_counter()
    game = load_game("dominion")
    load_s = time.perf_counter() - t0

    t0 = time.perf_counter()
    for s in range(args.games):
        play_game(game, [LanguageBot(game, "big-money"), LanguageBot(game, "big-money")], s)
    ours = args.games / (time.perf_counter() - t0)

    ref_games = args.games * 5
    t0 = time.perf_counter()
    for s in range(ref_games):
        hand_written_big_money(s)
    ref = ref_games / (time.perf_counter() - t0)

    print(f"load and compile all Dominion sources: {load_s * 1000:.0f} ms")
    print(f"cardlang big-money mirror:   {ours:8.0f} games/s")
    print(f"hand-written Python loop:    {ref:8.0f} games/s")
    print(f"ratio cardlang / hand-written: {ours / ref:.3f}")


if __name__ == "__main__":
    main()
