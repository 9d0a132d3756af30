"""Speed benchmark: big-money mirror games per second in cardlang, against a tiny hand-written Python
Big Money loop run in the same process, so the ratio is comparable across machines.

    python tools/benchmark.py [--games N]
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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    args = ap.parse_args()
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
