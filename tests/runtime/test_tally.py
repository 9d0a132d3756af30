"""runtime/tally.py: counts of cards by name and by type, and the filter by a counter's value, give what a plain
loop over the cards gives; a count reads each card's definition through the definitions' own indexing (a table
that watches its reads sees each one)."""
from __future__ import annotations

from cardlang.runtime.state import CardDef
from cardlang.runtime.tally import cards_holding, count_named, count_of_type

DEFS = [CardDef(0, "Knight", frozenset({"Unit"})), CardDef(1, "Farm", frozenset({"Land"})),
        CardDef(2, "Tower", frozenset({"Unit", "Land"}))]


class Watched(list):
    def __init__(self, items) -> None:
        super().__init__(items)
        self.read: list[int] = []

    def __getitem__(self, i):
        self.read.append(i)
        return list.__getitem__(self, i)


def test_counts_match_a_plain_loop() -> None:
    card_def = [DEFS[i] for i in (0, 1, 0, 2, 2, 1)]
    for cards in ([], [0], [0, 1, 2, 3, 4, 5], [5, 5, 2], (c for c in [3, 4])):
        cards = list(cards)
        for name in ("Knight", "Farm", "Tower", "Gold"):
            assert count_named(card_def, cards, name) == sum(1 for c in cards if card_def[c].name == name)
        for t in ("Unit", "Land", "Spell"):
            assert count_of_type(card_def, cards, t) == sum(1 for c in cards if t in card_def[c].types)


def test_each_card_is_read_through_the_tables_indexing() -> None:
    card_def = Watched([DEFS[0], DEFS[1], DEFS[2]])
    assert count_named(card_def, [2, 0], "Knight") == 1 and card_def.read == [2, 0]
    card_def.read.clear()
    assert count_of_type(card_def, [1, 2], "Land") == 2 and card_def.read == [1, 2]


def test_cards_holding_a_counters_value_match_a_plain_loop() -> None:
    table = {0: 2, 3: 2, 4: 5}  # card -> value; a card without an entry is at the start value, 0
    cards = [4, 3, 2, 1, 0]
    for x in (0, 2, 5, 7):
        got = cards_holding(table, cards, 0, x)
        assert got == [c for c in cards if table.get(c, 0) == x] and got is not cards
    assert cards_holding(table, [], 0, 2) == []
