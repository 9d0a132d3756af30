"""Set-up by the rulebook's table (R-FK Setup Overview 1/2), with the 2-player reading of design §1.1: Defense 3,
Morale 2, 3 coins and 2 Destiny cards each; two active Characters, the rest in reserve; the House; the cards
removed face up in the Valley of Ashes; the bank holds the rest of the 70 coins."""
from __future__ import annotations

from collections import Counter

import pytest

from fall_helpers import CHARACTERS, check, counter, names, scripted_setup

# players: (characters removed, each player's characters, House)
TABLE = {2: (9, 5, 5), 3: (6, 4, 6), 4: (6, 3, 6), 5: (3, 3, 6), 6: (0, 3, 6), 7: (0, 3, 3)}


@pytest.mark.parametrize("players", sorted(TABLE))
def test_the_table(game, players: int) -> None:
    removed, each, house = TABLE[players]
    state, _ = scripted_setup(game, players)
    check(state)
    assert len(names(state, "ashes")) == removed
    assert len(names(state, "house")) == house
    for p in range(players):
        assert len(names(state, "active", p)) == 2
        assert len(names(state, "reserve", p)) == each - 2
        assert len(names(state, "destiny", p)) == 2
        assert (counter(state, "coins", p), counter(state, "morale", p), counter(state, "defense", p)) == (3, 2, 3)
    assert state.banks[next(i for i, s in enumerate(state.counter_specs) if s.name == "coins")] == 70 - 3 * players
    assert len(names(state, "destiny_pile")) == 30 - 2 * players


def test_two_players_remove_every_puppeteer_and_one_of_each_other(game) -> None:
    state, _ = scripted_setup(game, 2)
    assert Counter(names(state, "ashes")) == Counter({"Puppeteer": 4, "Saint": 1, "Prophet": 1, "Assassin": 1,
                                                      "General": 1, "Informant": 1})
    in_play = Counter(names(state, "house"))
    for p in range(2):
        in_play.update(names(state, "active", p) + names(state, "reserve", p))
    assert in_play == Counter({c: 3 for c in CHARACTERS if c != "Puppeteer"})


@pytest.mark.parametrize("players", [3, 4])
def test_three_and_four_players_remove_one_set(game, players: int) -> None:
    state, _ = scripted_setup(game, players)
    assert Counter(names(state, "ashes")) == Counter({c: 1 for c in CHARACTERS})


def test_six_characters_four_copies_and_thirty_destiny_cards(game) -> None:
    chars = [d for d in game.defs if "Character" in d.types]
    destiny = [d for d in game.defs if "Destiny" in d.types]
    assert sorted(d.name for d in chars) == sorted(CHARACTERS)
    assert all(d.props["copies"] == 4 for d in chars)
    assert len(destiny) == 30 and len({d.name for d in destiny}) == 30
    assert len([d for d in destiny if "DefenseOnly" in d.types]) == 10


def test_every_reconstructed_destiny_card_is_marked(game) -> None:
    known = {"The Betrayal", "Meteor Shower"}
    for d in game.defs:
        if "Destiny" in d.types and d.name not in known:
            assert any(r.startswith("on ") for r in d.meta["reconstructed"]), d.name
    for d in game.defs:
        if d.name in known or "Character" in d.types:
            assert not d.meta["reconstructed"], d.name


def test_the_destiny_exchange_is_asked_of_each_player(game) -> None:
    from cardlang.runtime.decisions import ScriptedAgent
    from cardlang.runtime.engine import setup_game
    script: list = ["none", "none", "none"]
    asked = []

    class Spy(ScriptedAgent):
        def decide(self, view, decision):
            asked.append((decision.player, decision.tag))
            return super().decide(view, decision)
    setup_game(game, [Spy(script) for _ in range(3)], 1)
    assert asked == [(0, "destiny_exchange"), (1, "destiny_exchange"), (2, "destiny_exchange")]


def test_the_destiny_exchange_comes_before_any_character_card_is_dealt(game) -> None:
    """R-FK Setup 2-3: exchange "right now", then "Don't look at your Character Cards just yet!": when a
    player decides the exchange, no Character card is in anyone's hand or reserve, and their view shows none."""
    from cardlang.runtime.decisions import ScriptedAgent
    from cardlang.runtime.engine import setup_game
    script: list = ["none", "none", "none"]
    seen = []

    class Spy(ScriptedAgent):
        def decide(self, view, decision):
            own = [n for z in view.zones() for n in (view.zone_cards(z) or ())
                   if "Character" in game.defs_by_name[n].types]
            dealt = sum(len(z.cards) for z in view.zones() if z.label.split(".")[-1] in ("active", "reserve"))
            seen.append((decision.tag, own, dealt))
            return super().decide(view, decision)
    state = setup_game(game, [Spy(script) for _ in range(3)], 1)
    assert seen == [("destiny_exchange", [], 0)] * 3
    assert all(len(state.zones[state.zone_slot["active"]][p].cards) == 2 for p in range(3))
