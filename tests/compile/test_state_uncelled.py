"""The pass `state-uncelled` (compile/statecell.py): in a generated function of 256 locals or more (Warring
Kingdom's round of combat, `fight`, with `line_up`, `resolve` and `cleanup` run in place), a comprehension reads
the state as `ctx.state`, so that the function's `_state` is a plain local, not a cell (read by LOAD_DEREF with an
EXTENDED_ARG at each of its hundreds of reads); a short function's comprehension is left as it is; the same games
with the pass on and off."""
from __future__ import annotations

import ast as py

from onoff import assert_same_games, without

from cardlang.compile.codegen import source_of
from cardlang.compile.game import load_game
from cardlang.compile.passes import OPTIMISED


def _code(options, label: str) -> str:
    game = load_game("warring-kingdom", options=options)
    return "".join(source_of(g) for g in game.facts.generated if g.label == label)


def _cells(code: str) -> set[str]:
    """The names the first function of CODE holds in cells (its comprehensions read them)."""
    fn = next(n for n in py.parse(code).body if isinstance(n, py.FunctionDef))
    table = compile(py.unparse(fn), "<test>", "exec").co_consts
    return set(next(c for c in table if hasattr(c, "co_cellvars")).co_cellvars)


def test_a_long_functions_comprehensions_read_ctx_state_with_the_pass_only() -> None:
    on, off = _code(OPTIMISED, "verb fight"), _code(without("state-uncelled"), "verb fight")
    assert "if 'Ranged' in ctx.state.card_def[" in on and "if 'Ranged' in _state.card_def[" in off
    assert _cells(on) == {"ctx"} and _cells(off) == {"ctx", "_state"}


def test_a_short_functions_comprehension_is_left_as_it_is() -> None:
    on = _code(OPTIMISED, "verb line_up")  # (the same comprehension, in a function of a few dozen locals)
    assert "if 'Ranged' in _state.card_def[" in on and "ctx.state.card_def" not in on


def test_games_are_the_same_with_the_pass_on_and_off() -> None:
    assert_same_games(load_game("warring-kingdom"), load_game("warring-kingdom", options=without("state-uncelled")),
                      bots=("economy", "rush"), seeds=range(4))
