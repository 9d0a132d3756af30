"""A seat's counter changed in the code itself (ir/emit_stmts.py, ChangeCounter): a number written in the
source is used as it is, and `-= K` / `+= K` of a written K >= 0 leave out the bound they cannot pass (a
counter is always within its bounds); the bound they can pass is still tested, and past it the reference
(set_counter) runs, with the same result as with the `bounds` pass off."""
from __future__ import annotations

import ast as py

import pytest

from cardlang.compile import codegen as G
from cardlang.compile.ir import nodes as N
from cardlang.compile.ir.emit_stmts import emit_stmts
from cardlang.compile.passes import OPTIMISED, SWITCHABLE, Options
from cardlang.runtime import counters as C
from cardlang.runtime.state import CounterSpec, Ctx, GameState, IllegalAction, ZoneSpec

NO_BOUNDS = Options(SWITCHABLE - {"bounds"})


def _state(coins: int) -> GameState:
    state = GameState(defs=[], zone_specs=[ZoneSpec("hand", True, slot=0)],
                      counter_specs=[CounterSpec("coins", True, slot=0, minimum=0, maximum=9)], num_players=2, seed=1)
    state.counters[0][1] = coins
    return state


def _change(op: str, value: int, options: Options = OPTIMISED):
    calls = []

    def setter(state, slot, seat, v, clamp=False):
        calls.append(v)
        C.set_counter(state, slot, seat, v, clamp=clamp)
    node = N.ChangeCounter(0, N.You(), op, N.Const(value), 0, 9, None, True, setter, True)
    g = G.build_function("counter test", None, lambda gen: emit_stmts(gen, (node,)), options=options)
    return g, calls


def _code(g) -> str:
    return py.unparse(py.fix_missing_locations(g.tree))


def test_a_written_step_leaves_out_the_bound_it_cannot_pass():
    down, _ = _change("-=", 1)
    up, _ = _change("+=", 1)
    assert ">= 0" in _code(down) and "<= 9" not in _code(down)
    assert "<= 9" in _code(up) and ">= 0" not in _code(up)
    assert ">= 0" in _code(_change("-=", 1, NO_BOUNDS)[0]) and "<= 9" in _code(_change("-=", 1, NO_BOUNDS)[0])
    assigned, _ = _change("=", 4)
    assert "_v" not in _code(assigned)  # a written value is used as it is


@pytest.mark.parametrize("options", [OPTIMISED, NO_BOUNDS], ids=["bounds", "no-bounds"])
@pytest.mark.parametrize("op,value,start,after,reference", [
    ("-=", 3, 5, 2, False), ("+=", 2, 5, 7, False), ("=", 4, 5, 4, False),
    ("+=", 6, 5, 9, True),   # past the maximum: the reference clamps
    ("-=", 0, 0, 0, False),
])
def test_the_same_counter_as_set_counter(options, op, value, start, after, reference):
    g, calls = _change(op, value, options)
    state = _state(start)
    g.fn(Ctx(state, 1, 1))
    assert state.counters[0] == [0, after] and bool(calls) == reference


def test_below_the_minimum_the_reference_refuses():
    g, calls = _change("-=", 3)
    with pytest.raises(IllegalAction):
        g.fn(Ctx(_state(2), 1, 1))
    assert calls == [-1]
