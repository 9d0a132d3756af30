"""The pass `charge-nested` (compile/ir/emit_stmts.py _loop): a loop of written passes that never breaks, whose
body starts with another such loop, charges the inner loop's steps of all its passes with its own, in one
addition before its first pass; the same steps as with the pass off, the same games, and a runaway still stopped
by the step budget, naming the loop."""
from __future__ import annotations

import ast as py

import pytest
from onoff import assert_same_games, without

from cardlang.compile import codegen as G
from cardlang.compile.game import load_game
from cardlang.compile.ir import nodes as N
from cardlang.compile.ir.emit_stmts import emit_stmts
from cardlang.compile.passes import OPTIMISED, PLAIN, Options
from cardlang.errors import RuleViolation
from cardlang.primitives.values import over_budget
from cardlang.runtime.state import CounterSpec, Ctx, GameState, ZoneSpec

OFF = Options(OPTIMISED.passes - {"charge-nested"})


def _ctx() -> Ctx:
    state = GameState(defs=[], zone_specs=[ZoneSpec("hand", True, slot=0)],
                      counter_specs=[CounterSpec("coins", True, slot=0)], num_players=2, seed=1)
    return Ctx(state, 1, 0, {"seen": []})


def _record() -> N.OfBlock:
    """`seen += 1`: ctx.vars' `seen` records the passes."""
    return N.OfBlock([(None, G.Code(lambda gen: [py.Expr(G.call(
        py.Attribute(py.Subscript(py.Attribute(py.Name("ctx", py.Load()), "vars", py.Load()),
                                  py.Constant("seen"), py.Load()), "append", py.Load()), py.Constant(1)))]))])


def _repeat(n: int, body: tuple, span: str, breaks: bool = False) -> N.Loop:
    return N.Loop("repeat", N.Const(n), body, span, over_budget, None, False, breaks)


def _run(loop: N.Loop, ctx: Ctx, options: Options) -> str:
    g = G.build_function("charge-nested test", None, lambda gen: emit_stmts(gen, (loop,)), options=options)
    g.fn(ctx)
    return py.unparse(g.tree)


@pytest.mark.parametrize("inner_breaks", [False, True], ids=["never-breaks", "may-break"])
def test_nested_written_loops_charge_once_and_the_same_steps(inner_breaks: bool) -> None:
    """`repeat 5 { repeat 2 { ... } ... }`: 5 + 5 * 2 steps, charged at once with the pass (three levels too)."""
    loop = _repeat(3, (_repeat(5, (_repeat(2, (_record(),), "inner", inner_breaks), _record()), "middle"),),
                   "outer")
    for options in (OPTIMISED, OFF, PLAIN):
        ctx = _ctx()
        code = _run(loop, ctx, options)
        assert len(ctx.vars["seen"]) == 3 * 5 * 3 and ctx.state.steps == 3 + 3 * 5 + 3 * 5 * 2, code
        charges = code.count("steps +=")
        if options is OPTIMISED:
            assert charges == (1 if not inner_breaks else 2), code  # (one that may break charges each pass)
            assert ("steps += 48" in code) == (not inner_breaks), code
        elif options is OFF:
            assert charges == 3, code


def test_a_runaway_is_still_stopped_naming_the_outer_loop() -> None:
    """Past the budget, the merged charge stops the game before the first pass, naming the outer loop."""
    loop = _repeat(5, (_repeat(2, (_record(),), "the inner loop"),), "the outer loop")
    ctx = _ctx()
    ctx.state.step_budget = 10
    with pytest.raises(RuleViolation, match="step budget") as err:
        _run(loop, ctx, OPTIMISED)
    assert ctx.vars["seen"] == [] and "the outer loop" in str(err.value)
    ctx = _ctx()
    ctx.state.step_budget = 10
    with pytest.raises(RuleViolation, match="step budget"):
        _run(loop, ctx, OFF)
    assert ctx.vars["seen"] == [1, 1, 1, 1]  # (5 steps, then 2 at each pass: past 10 at the third)


def test_the_same_games_with_the_pass_on_and_off() -> None:
    assert_same_games(load_game("warring-kingdom"), load_game("warring-kingdom", options=without("charge-nested")),
                      bots=("economy", "rush"), seeds=range(4))
