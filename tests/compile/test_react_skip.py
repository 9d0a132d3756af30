"""The react-skip pass (primitives/core_lowering.py may_react, compile/ir/emit.py MayReact): a `trigger EVENT
CARDS` over whole zones looks through its cards for one with an `on EVENT` ability only when the list holds one
of the game's cards that have it (runtime/abilities.py reacting_ids, a set kept by the state until a card is
made); a trigger on a card or two looks at them as before; the games play the same with the pass off."""
from __future__ import annotations

import pytest

from cardlang.compile.codegen import source_of
from cardlang.compile.game import load_game
from cardlang.compile.passes import SWITCHABLE, Options
from cardlang.runtime.abilities import reacting_ids
from cardlang.runtime.zones import create

OFF = Options(SWITCHABLE - {"react-skip"})


def _verb_code(game, label: str) -> str:
    return "\n".join(source_of(m) for m in game.generated if m.label == label)


@pytest.fixture(scope="module")
def games():
    return load_game("warring-kingdom"), load_game("warring-kingdom", options=OFF)


def test_a_trigger_over_zones_asks_the_set_first_and_one_over_a_card_does_not(games):
    fast, off = games
    # `trigger tally [a.board, a.fallen, a.dead] ...` (whole zones) and `trigger striking [s, attached(s)] ...`
    cleanup, hit = _verb_code(fast, "verb cleanup"), _verb_code(fast, "verb hit")
    assert "('on', 'tally')" in cleanup and ".isdisjoint(" in cleanup
    assert "'striking' in" in hit and "('on', 'striking')" not in hit
    assert "isdisjoint" not in _verb_code(off, "verb cleanup")


def test_the_set_is_the_cards_with_the_ability_and_is_made_again_after_a_card_is_made(games):
    from cardlang.agents import make_agent
    from cardlang.runtime.engine import play_game
    fast, _ = games
    state = play_game(fast, [make_agent(fast, b, 3 + j) for j, b in enumerate(("economy", "rush"))], 3).state
    state.ids_of.clear()
    for event in ("tally", "regroup", "no such event"):
        want = frozenset(c for c, d in enumerate(state.card_def) if event in d.triggers)
        assert reacting_ids(state, event) == want and state.ids_of[("on", event)] == want
    assert reacting_ids(state, "no such event") == frozenset()
    some = next(d for d in state.card_def if "tally" in d.triggers)
    zone = state.zones[0][0]
    create(state, some, zone, 1)
    assert not state.ids_of  # emptied: the new card has the ability too
    assert len(state.card_def) - 1 in reacting_ids(state, "tally")


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_warring_kingdom_plays_the_same_with_the_pass_off(games, seed):
    from cardlang.agents import make_agent
    from cardlang.runtime.engine import play_game
    fast, off = games

    def play(game):
        r = play_game(game, [make_agent(game, b, seed + j) for j, b in enumerate(("economy", "rush"))], seed)
        return (r.winners, r.scores, r.turns, [list(c) for c in r.state.counters],
                [[list(z.cards) for z in row] for row in r.state.zones], r.state.steps)
    assert play(fast) == play(off)


def test_a_watched_world_reads_no_definition_for_the_set(games):
    """In a search's world whose replay is watched for reads of dealt cards (runtime/worlds.py), the set is every
    card (each list is looked through, reading only its cards' definitions, as without the pass), not kept
    under ("on", EVENT), and made once the world is a plain list again."""
    from cardlang.agents import make_agent
    from cardlang.runtime.engine import play_game
    from cardlang.runtime.worlds import _Watched
    fast, _ = games
    state = play_game(fast, [make_agent(fast, b, 4 + j) for j, b in enumerate(("economy", "rush"))], 4).state
    state.ids_of.clear()
    plain = state.card_def
    watched = state.card_def = _Watched(plain)
    watched.dealt, watched.read = {0: plain[0]}, False
    assert reacting_ids(state, "tally") == frozenset(range(len(plain))) and not watched.read
    assert ("on", "tally") not in state.ids_of
    state.card_def = list.copy(watched)
    assert reacting_ids(state, "tally") == frozenset(c for c, d in enumerate(plain) if "tally" in d.triggers)


def test_the_games_of_one_list_of_cards_share_the_set(games):
    """The sets are made once for a list of definitions (abilities._KNOWN), not once a game: two games that deal
    the same cards in the same order get the very same set."""
    from cardlang.agents import make_agent
    from cardlang.runtime.engine import play_game
    fast, _ = games
    a, b = (play_game(fast, [make_agent(fast, n, s + j) for j, n in enumerate(("economy", "rush"))], s).state
            for s in (5, 6))
    assert a.card_def == b.card_def and a.card_def is not b.card_def
    a.ids_of.clear()
    b.ids_of.clear()
    assert reacting_ids(a, "mend") is reacting_ids(b, "mend")
