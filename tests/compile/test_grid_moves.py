"""The pass `grid-moves` (compile/ir/emit_stmts.py _move_one, compile/ir/emit_moves.py off_grid): a card's move
off a grid to a plain zone (Warring Kingdom's units wounded or killed off the board) is done in the generated
code, as runtime/board.py's move_linked does it, when nobody is told, no checker runs and no card is attached
or privately shown. The games nobody watches (the path the code takes) end in the same states with the pass on
and off, every invariant holding; the logged games are the same."""
from __future__ import annotations

from onoff import assert_same_games, without

from cardlang.agents import make_agent
from cardlang.compile.codegen import source_of
from cardlang.compile.game import load_game
from cardlang.compile.passes import OPTIMISED
from cardlang.runtime.engine import play_game
from cardlang.runtime.invariants import check_state

BOTS = ("economy", "rush")


def _hit_code(options) -> str:
    game = load_game("warring-kingdom", options=options)
    return "".join(source_of(g) for g in game.facts.generated if g.label == "verb hit")


def test_the_pass_fires_where_a_unit_leaves_the_board() -> None:
    assert ".cell.pop(" in _hit_code(OPTIMISED)  # wounded, killed, converted: moved in the code
    assert ".cell.pop(" not in _hit_code(without("grid-moves"))


def test_a_game_with_no_grid_gets_no_such_code() -> None:
    game = load_game("dominion")
    assert not any(".cell.pop(" in source_of(g) for g in game.facts.generated)


def _quiet_ends(game, seeds) -> list[tuple]:
    """Each seed's game, played with nobody watching: results, and where every card ended (zones, slots)."""
    out = []
    for seed in seeds:
        agents = [make_agent(game, b, seed + j) for j, b in enumerate(BOTS)]
        r = play_game(game, agents, seed)
        s = r.state
        check_state(s)
        out.append((r.winners, r.scores, r.turns, [(z.label, list(z.cards), dict(z.cells or {}))
                                                   for z in s.all_zones()], dict(s.cell)))
    return out


def test_unwatched_games_end_the_same_with_the_pass_on_and_off() -> None:
    on, off = load_game("warring-kingdom"), load_game("warring-kingdom", options=without("grid-moves"))
    assert _quiet_ends(on, range(6)) == _quiet_ends(off, range(6))


def test_games_are_the_same_with_the_pass_on_and_off() -> None:
    assert_same_games(load_game("warring-kingdom"), load_game("warring-kingdom", options=without("grid-moves")),
                      bots=BOTS, seeds=range(4))
