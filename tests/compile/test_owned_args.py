"""The pass `owned-args` (compile/names.py in_place, uncopy): in a verb run in place, a parameter given a new
list of its own (Dominion's `play hand where card is Treasure`, the verb `play` looping over its `c`) is looped
over as it is, not copied first; a list the caller holds in a name of its own is still copied. The same games
with the pass on and off, watched (the verb's call) and unwatched (its statements in place)."""
from __future__ import annotations

import ast as py

from cardlang.agents import make_agent
from cardlang.compile.game import load_game  # (first: the compiler's modules import each other from here)
from cardlang.compile import names
from cardlang.compile.codegen import source_of
from cardlang.compile.ir import nodes as N
from cardlang.compile.ir import nodes_loops as NL
from cardlang.compile.ir.emit import MARK, mark, new_list
from cardlang.runtime.engine import play_game

from onoff import assert_same_games, without


def _turn(game) -> str:
    return "\n".join(source_of(m) for m in game.generated if m.card is None and "'turn'" in source_of(m)[:200])


def _results(game, seeds=range(6)) -> list:
    out = []
    for s in seeds:
        r = play_game(game, [make_agent(game, "big-money", s), make_agent(game, "smithy-bm", s + 1)], s)
        out.append((r.winners, r.scores, r.turns, r.state.turn_number))
    return out


def test_the_treasures_played_are_not_copied_before_the_loop() -> None:
    # (whole-moves off: with it, the whole move gives the parameter the `where`'s answer itself)
    on = load_game("dominion", options=without("whole-moves"))
    off = load_game("dominion", options=without("owned-args", "whole-moves"))
    copies_on, copies_off = _turn(on).count("= list(_p"), _turn(off).count("= list(_p")
    assert copies_off - copies_on >= 1 and copies_on == 0, _turn(on)
    assert "= list(_l" in _turn(on)  # the card a decision gave, in the turn's own name, is copied still
    assert _results(on) == _results(off)
    assert_same_games(on, off, bots=("big-money", "smithy-bm"), seeds=range(3))


def test_only_a_copy_of_an_owned_parameter_goes() -> None:
    body = py.parse("for x in list(_p1):\n    f(list(_p2), list(_p1, y))\ng(list(_p1))").body
    names.uncopy(body, {"_p1"})
    assert py.unparse(py.Module(body, [])) == "for x in _p1:\n    f(list(_p2), list(_p1, y))\ng(_p1)"


def test_what_is_a_new_list() -> None:
    """A `where`'s code is known by the emitter's mark (ir/emit_loops.py), not by what the function it calls is."""
    where = NL.Where(N.Name("hand"), N.Const(True), "card", None)
    for code, new in (("[a, b]", True), ("[c for c in h]", True), ("list(h)", True), ("w(ctx)", True),
                      ("[a] if t else list(h)", True), ("[] if t else w(ctx)", True), ("h", False),
                      ("v(ctx)", False), ("[a] if t else h", False), ("[a] if t else v(ctx)", False)):
        tree = py.parse(code, mode="eval").body
        for n in py.walk(tree):
            if isinstance(n, py.Call) and n.func.id == "w":
                n.__dict__[MARK] = where
        assert new_list(tree) is new, code


def test_a_where_is_marked_whichever_code_it_has() -> None:
    """Called, looped in the caller, or behind its guard: every `where` of Dominion's rules emitted is marked
    (so a verb run in place loops over it uncopied), and the games are the same (test above)."""
    game = load_game("dominion")
    marked = [n for m in game.generated for n in py.walk(m.tree) if type(mark(n)) is NL.Where]
    assert marked and all(isinstance(n, (py.Call, py.ListComp, py.IfExp)) for n in marked)
