"""The pass `charge-list` (compile/ir/emit_stmts.py _loop): a `for` that never breaks over a list of cards it owns
(`O.Listed`), of a length the code does not know, charges the list's length to the step budget in one addition
before its first pass, and nothing for an empty list; the same steps after it as the pass off (a step at the
top of each pass). One that may break, and a loop over players, keep a step a pass."""
from __future__ import annotations

import ast as py

import pytest

from cardlang.compile import codegen as G
from cardlang.compile.ir import nodes as N
from cardlang.compile.ir import nodes_ops as O
from cardlang.compile.ir.emit_stmts import emit_stmts
from cardlang.compile.passes import OPTIMISED, PLAIN, Options
from cardlang.errors import RuleViolation
from cardlang.primitives.values import over_budget
from cardlang.runtime.state import CounterSpec, Ctx, GameState, ZoneSpec

SPAN = "the loop's span"
WITHOUT = Options(OPTIMISED.passes - {"charge-list"})


def _ctx(cards: list[int]) -> Ctx:
    state = GameState(defs=[], zone_specs=[ZoneSpec("hand", True, slot=0)],
                      counter_specs=[CounterSpec("coins", True, slot=0)], num_players=2, seed=1)
    return Ctx(state, 1, 0, {"cs": cards, "seen": []})


def _loop(breaks: bool = False, over=None) -> N.Loop:
    """`for x in cs { seen += x }` (a body that reads the loop's name; ctx.vars' `seen` records the passes)."""
    record = N.OfBlock([(None, G.Code(lambda gen: [py.Expr(G.call(
        py.Attribute(py.Subscript(py.Attribute(py.Name("ctx", py.Load()), "vars", py.Load()),
                                  py.Constant("seen"), py.Load()), "append", py.Load()),
        py.Subscript(py.Attribute(py.Name("ctx", py.Load()), "vars", py.Load()), py.Constant("x"),
                     py.Load())))]))])
    over = O.Listed(N.Name("cs")) if over is None else over
    return N.Loop("for", over, (record,), SPAN, over_budget, "x", True, breaks)


def _run(loop: N.Loop, ctx: Ctx, options: Options) -> str:
    g = G.build_function("charge-list test", None, lambda gen: emit_stmts(gen, (loop,)), options=options)
    g.fn(ctx)
    return py.unparse(g.tree)


@pytest.mark.parametrize("cards", [[], [7], [7, 8, 9]], ids=["empty", "one", "three"])
@pytest.mark.parametrize("breaks", [False, True], ids=["never-breaks", "may-break"])
def test_a_loop_over_its_own_list_charges_its_length_at_once_and_the_same_steps(cards: list[int],
                                                                                breaks: bool) -> None:
    for options in (OPTIMISED, WITHOUT, PLAIN):
        ctx = _ctx(list(cards))
        code = _run(_loop(breaks), ctx, options)
        assert ctx.vars["seen"] == cards and ctx.state.steps == len(cards), code
        at_once = options is OPTIMISED and not breaks
        assert ("steps += 1" not in code) == at_once, code
        assert ("len(" in code) == at_once, code


def test_a_loop_past_the_budget_stops_before_its_first_pass() -> None:
    """Charged at once, a loop whose passes would pass the budget stops before the first (one charged a step a
    pass stops at the pass that passes it): the same error, naming the loop."""
    for options, ran in ((OPTIMISED, []), (WITHOUT, [7, 8])):
        ctx = _ctx([7, 8, 9])
        ctx.state.step_budget, ctx.state.steps = 4, 2
        with pytest.raises(RuleViolation, match="step budget"):
            _run(_loop(), ctx, options)
        assert ctx.vars["seen"] == ran


def test_a_loop_over_a_list_it_does_not_own_keeps_a_step_a_pass() -> None:
    """A `for` over players (not `Listed`: `others`, often of one) keeps its step at the top of each pass."""
    ctx = _ctx([7, 8])
    code = _run(_loop(over=N.Name("cs")), ctx, OPTIMISED)
    assert ctx.vars["seen"] == [7, 8] and ctx.state.steps == 2 and "steps += 1" in code, code
