"""Counts of cards by what their definitions print (a name, a type) and a filter by a per-card counter's value,
the loop over the cards run by C's own `map`, not by Python bytecodes: what generated code calls for
`count(CARDS where card.name == N)` and `count(CARDS where card is T)` (compile/ir/emit_loops.py, the pass
`count-in-c`), and for `CARDS where card.C == X` (the pass `filter-in-c`). A count reads each card's definition
through CARD_DEF's own indexing, one card at a time, as a loop over the cards does. Knows the card definitions'
fields only (runtime/layout.py).
"""
from __future__ import annotations

from itertools import compress, repeat
from operator import attrgetter, contains, eq
from typing import Iterable, Sequence

from cardlang.runtime import layout as L

_NAME = attrgetter(L.NAME)
_TYPES = attrgetter(L.TYPES)


def count_named(card_def: Sequence, cards: Iterable[int], name: str) -> int:
    """How many of CARDS are the card called NAME."""
    return list(map(_NAME, map(card_def.__getitem__, cards))).count(name)


def count_of_type(card_def: Sequence, cards: Iterable[int], t: str) -> int:
    """How many of CARDS are of the type T."""
    return sum(map(contains, map(_TYPES, map(card_def.__getitem__, cards)), repeat(t)))


def cards_holding(table: dict[int, int], cards: list[int], start: int, x: int) -> list[int]:
    """A new list of those of CARDS whose per-card counter (TABLE: card -> value, START where a card has no
    entry) is X, in order."""
    return list(compress(cards, map(eq, map(table.get, cards, repeat(start)), repeat(x))))


# the filter returns a list of its own, which nothing else holds: a `for` over one need not copy it
# (compile/ir/emit_ops.py `_made`, as for a generated `where`)
cards_holding.fresh = True  # type: ignore[attr-defined]
