"""The tables every state of a game reads and none changes (zone and counter specs in slot order, definitions by
name, zone slots) are made once by the compiled game (compile/compiled.py new_state), not for each game, and
made again when the game's definitions change."""
from cardlang.compile.game import load_game
from cardlang.runtime.engine import play_game
from cardlang.runtime.state import CardDef


def test_states_of_one_game_share_its_tables_and_match_them() -> None:
    game = load_game("dominion")
    a, b = game.new_state(2, 1), game.new_state(3, 2)
    assert a.def_by_name is b.def_by_name and a.zone_slot is b.zone_slot and a.zone_specs is b.zone_specs
    assert a.def_by_name == {d.name: d for d in game.defs}
    assert a.zone_slot == {spec.name: i for i, spec in enumerate(a.zone_specs)}
    assert [z.slot for z in a.zone_specs] == sorted(z.slot for z in game.spec.zones.values())
    assert [c.slot for c in a.counter_specs] == sorted(c.slot for c in game.spec.counters.values())


def test_the_tables_are_made_again_when_the_definitions_grow() -> None:
    game = load_game("dominion")
    before = game.new_state(2, 1).def_by_name
    game.defs.append(CardDef(len(game.defs), "Test Card", frozenset()))
    try:
        after = game.new_state(2, 1).def_by_name
        assert after is not before and "Test Card" in after and "Test Card" not in before
    finally:
        game.defs.pop()
        game._shared = None  # (the next test's game is this cached one)


def test_a_game_with_shared_tables_plays_as_before() -> None:
    from cardlang.agents import make_agent

    game = load_game("dominion")
    first = play_game(game, [make_agent(game, "big-money", 0), make_agent(game, "big-money", 1)], 7)
    again = play_game(game, [make_agent(game, "big-money", 0), make_agent(game, "big-money", 1)], 7)
    assert (first.winners, first.scores, first.turns) == (again.winners, again.scores, again.turns)


def _made(state) -> tuple:
    zones = [[(z.spec, z.owner, z.pile, z.cards, z.label, z.cells) for z in row] for row in state.zones]
    return zones, state.counters, state.banks, state.card_counters


def test_a_state_from_the_games_plan_is_the_state_made_afresh() -> None:
    """new_state starts each state from the game's StatePlan for that many players (zones with their labels,
    counters' starting rows, banks): the same fields as a state that works them out itself, and none shared."""
    from cardlang.runtime.state import GameState

    for gid, players in (("dominion", 2), ("dominion", 4), ("warring-kingdom", 2), ("greedy-kingdoms", 3),
                         ("fall-of-kingdoms", 2), ("fall-of-kingdoms", 5)):
        game = load_game(gid)
        a, b = game.new_state(players, 1), game.new_state(players, 2)
        fresh = GameState(defs=game.defs, zone_specs=a.zone_specs, counter_specs=a.counter_specs,
                          num_players=players, seed=1)
        assert _made(a) == _made(fresh) == _made(b), gid
        assert all(x is not y for ra, rb in zip(a.zones, b.zones) for x, y in zip(ra, rb))
        assert all(x is not y for x, y in zip(a.counters, b.counters)) and a.banks is not b.banks
        assert all(x.cards is not y.cards and (x.cells is None or x.cells is not y.cells)
                   for ra, rb in zip(a.zones, b.zones) for x, y in zip(ra, rb))
        assert all(x is not y for x, y in zip(a.card_counters.values(), b.card_counters.values()))


def test_a_pile_is_the_zone_made_afresh() -> None:
    from cardlang.runtime.state import Zone

    state = load_game("dominion").new_state(2, 1)
    slot = next(s.slot for s in state.zone_specs if s.piles)
    pile = state.pile(slot, "Copper")
    fresh = Zone(state.zone_specs[slot], None, "Copper")
    assert (pile.spec, pile.owner, pile.pile, pile.cards, pile.label, pile.cells) == \
        (fresh.spec, fresh.owner, fresh.pile, fresh.cards, fresh.label, fresh.cells)
    assert state.pile(slot, "Copper") is pile and state.pile_order[slot] == [pile]
