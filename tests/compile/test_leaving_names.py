"""A generated function whose code reads and writes no names and hands the context only to functions that read
none (a `where`, a phase's entry, a block that keeps its names in locals) is itself marked as reading no
names (codegen.build_function, compile/names.py), so a caller that hands it the context need not keep its
own names in ctx.vars: the Dominion turn keeps its `let c` in a local only. The mark is part of the pass
unread-stores, is kept in the cache's artifact and marked again by a linked load (compile/linked.py), and
one `ctx` node handed to two calls, one of them to a function that reads names, still hands the names on."""
from __future__ import annotations

import ast as py

from cardlang.compile import pyast
from cardlang.compile.codegen import source_of
from cardlang.compile.game import load_game
from cardlang.compile.generator import Gen, call
from cardlang.compile.names import hands_names
from cardlang.primitives.core import move_into
from cardlang.primitives.types import reads_no_names
from copied_game import private_home
from onoff import assert_same_games, without


def _turn(game):
    return next(g for g in game.generated if g.label == "turn" and g.fn is game.turn)


def _marked(game) -> list[str]:
    return [g.label for g in game.generated if reads_no_names(g.fn)]


def test_the_turn_keeps_its_names_in_locals_when_what_it_calls_reads_none(tmp_path, monkeypatch) -> None:
    private_home(tmp_path, monkeypatch, ("dominion",))
    on, off = load_game("dominion"), load_game("dominion", options=without("unread-stores"))
    wheres = [g for g in on.generated if g.label == "turn: where"]
    phases = [g for g in on.generated if g.label.startswith("turn: phase ")]
    assert wheres and phases and all(not g.uses_names and reads_no_names(g.fn) for g in wheres + phases)
    assert "ctx.vars" not in source_of(_turn(on)), "the turn still keeps a name in ctx.vars"
    assert "ctx.vars['c']" in source_of(_turn(off)) and not _marked(off)
    linked = load_game("dominion")  # from the artifact's plan: the same functions marked
    assert linked.generated[0].unbound is not None and _marked(linked) == _marked(on)
    assert_same_games(on, off, bots=("big-money", "smithy-bm"), seeds=range(4))


def test_one_ctx_node_handed_to_two_calls_hands_the_names_on() -> None:
    gen = Gen("a test")
    ctx = pyast.name(pyast.CTX)
    reads = gen.const(lambda c: c.vars, "reads")  # (not marked: it might read names)
    code = py.Module([py.Expr(call(gen.const(move_into), ctx)), py.Expr(call(reads, ctx))], [])
    assert hands_names(gen, code)
    alone = py.Module([py.Expr(call(gen.const(move_into), pyast.name(pyast.CTX)))], [])
    assert not hands_names(gen, alone)
