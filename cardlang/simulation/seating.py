"""Balanced seating for many games: which listed bot sits in which seat in game g of a run.

With n bots, the n! seatings are played in turn. Games come in blocks of n: in a block the bots keep one
cyclic order (who sits after whom) and turn it one seat per game, so in every block each bot sits in each seat
once. Each cycle of n! games plays every cyclic order once, in a shuffled but fixed order (a seeded shuffle
per cycle, so early games of a 5-player run do not all keep bot 2 on bot 1's left), hence every seating
exactly once. Listing the bots in another order then changes only which seed meets which seating, never how
often a seating is played: results agree up to noise. Seating depends on n and g only: both arms of a
comparison, and any split of a run among workers, seat every game alike. Two bots alternate, as before.

Knows no game; imports nothing of cardlang.
"""
from __future__ import annotations

import math
import random
from functools import lru_cache

_ENUMERATED = 8  # up to this many bots, each cycle lists all (n-1)! cyclic orders; above, a random one per block


@lru_cache(maxsize=64)
def _cycle(n: int, k: int) -> tuple[int, ...]:
    """The order in which cycle K plays the (n-1)! cyclic orders of N bots (their ranks)."""
    ranks = list(range(math.factorial(n - 1)))
    random.Random(f"cardlang seating {n}/{k}").shuffle(ranks)
    return tuple(ranks)


def _unrank(rank: int, items: list[int]) -> list[int]:
    """The RANK-th permutation of ITEMS in lexicographic order (factorial number system)."""
    items = list(items)
    out = []
    for i in range(len(items), 0, -1):
        f = math.factorial(i - 1)
        out.append(items.pop(rank // f))
        rank %= f
    return out


def cyclic_order(n: int, block: int) -> list[int]:
    """The bots around the table in BLOCK (games n*block .. n*block+n-1), starting with bot 0."""
    if n <= 2:
        return list(range(n))
    if n <= _ENUMERATED:
        per = math.factorial(n - 1)
        rank = _cycle(n, block // per)[block % per]
        return [0] + _unrank(rank, list(range(1, n)))
    rest = list(range(1, n))
    random.Random(f"cardlang seating {n}/block {block}").shuffle(rest)
    return [0] + rest


def bot_of_seat(n: int, g: int) -> list[int]:
    """For each seat of game G, the index (in the listed bots) of the bot sitting there."""
    order = cyclic_order(n, g // n)
    r = g % n
    return [order[(j - r) % n] for j in range(n)]
