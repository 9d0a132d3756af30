"""The pass `named-ids` (compile/passes.py, compile/operators.py count_named_ids): `count(NAME in ZONE)` counts a
zone's cards among those of the definition, a set kept in state.ids_of under the definition (runtime/abilities.py
named_ids) until a card is made, and for a list of definitions across games, in one set operation. Compared
here with a count card by card: on positions of a played game, after cards are made, and in a search's world
(whose reads of cards are watched: counted card by card, nothing kept); the invariant checker finds a kept set
that is wrong; the pass fires, and the games are the same with it off."""
import pytest

from cardlang.agents import make_agent
from cardlang.compile.game import load_game
from cardlang.compile.operators import count_named_ids as count_named_in
from cardlang.runtime import zones as Z
from cardlang.runtime.engine import play_game
from cardlang.runtime.invariants import InvariantViolation, check_kept

from onoff import assert_same_games, without

OFF = without("named-ids")


@pytest.fixture(scope="module")
def game():
    return load_game("greedy-kingdoms")


def _played(game, seed: int):
    states = []
    play_game(game, [make_agent(game, "reader", seed), make_agent(game, "palace-rusher", seed + 1)], seed,
              on_state=states.append)
    return states[0]


def _by_hand(state, zone, d) -> int:
    return sum(1 for c in zone.cards if state.card_def[c] is d)


def _zones(state):
    return [z for z in state.all_zones() if not z.spec.piles]


def test_counts_as_card_by_card_and_kept(game) -> None:
    for seed in range(2):
        state = _played(game, seed)
        defs = list(dict.fromkeys(state.card_def))
        for zone in _zones(state):
            for d in defs:
                assert count_named_in(state, zone, d) == _by_hand(state, zone, d)
        assert all(d in state.ids_of for d in defs)  # kept once asked
        check_kept(state)


def test_a_card_made_is_counted(game) -> None:
    state = _played(game, 0)
    zone = max(_zones(state), key=lambda z: len(z.cards))
    d = state.card_def[zone.cards[0]]
    before = count_named_in(state, zone, d)
    Z.create(state, d, zone, 2)  # nobody watches: made all at once, state.ids_of emptied
    assert count_named_in(state, zone, d) == before + 2 == _by_hand(state, zone, d)
    check_kept(state)


def test_a_world_counts_card_by_card(game) -> None:
    """A card_def that is not a list (runtime/worlds.py watches reads of dealt cards): nothing kept."""
    state = _played(game, 1)

    class Watched(list):
        pass
    state.card_def = Watched(state.card_def)
    state.ids_of.clear()
    zone = max(_zones(state), key=lambda z: len(z.cards))
    d = state.card_def[zone.cards[0]]
    assert count_named_in(state, zone, d) == _by_hand(state, zone, d) >= 1
    assert d not in state.ids_of


def test_the_checker_finds_a_wrong_set(game) -> None:
    state = _played(game, 0)
    zone = max(_zones(state), key=lambda z: len(z.cards))
    d = state.card_def[zone.cards[0]]
    count_named_in(state, zone, d)
    state.ids_of[d] = frozenset()  # as if a card of D had been made and the set kept
    with pytest.raises(InvariantViolation, match=f"the cards of {d.name}"):
        check_kept(state)


def test_it_fires_and_the_same_games_with_it_off(game) -> None:
    from cardlang.compile.codegen import source_of
    from cardlang.compile.bots import compile_bot
    off = load_game("greedy-kingdoms", options=OFF)
    for g in (game, off):
        compile_bot(g, "reader").generate_all()  # (its defence counts names of the attacker's kingdom)
    on_src, off_src = ("\n".join(source_of(m) for m in g.generated if m.label == "bot reader: on defend_heroes")
                       for g in (game, off))
    assert "count_named_ids" in on_src and "count_named_ids" not in off_src and "count_named_in" in off_src
    assert_same_games(game, off, bots=("reader", "palace-rusher"), seeds=range(4))
