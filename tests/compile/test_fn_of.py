"""Compiler.fn_of: a compiled expression's function of ctx, made by the compiler asked (its passes, its load's
artifact) and kept on the expression; no module state decides which compiler makes it (issue 25)."""
import importlib
import pkgutil
import threading

import cardlang.compile
from cardlang.compile.compiler import Compiler
from cardlang.compile.game import load_game
from cardlang.compile.ir import nodes as N
from cardlang.compile.ir.ce import ir_ce, ready_fn
from cardlang.compile.passes import PLAIN
from cardlang.primitives.types import INT


def _first_strength() -> N.Node:
    """The strength of the first of one card: with the pass one-card, the card's own read; without, a list
    of one card kept in a local (`_f0`) and tested (tests/compile/test_ir.py)."""
    f = N.Var("f")
    return N.FirstOr(N.Cards((N.ThisCard(),)), f, N.Printed(N.Item(f, 0), "strength", 0), N.Const("no card"))


def test_the_compiler_asked_makes_the_function_with_its_own_passes() -> None:
    game = load_game("dominion")
    plain = Compiler(game.spec, game.registry, game.defs_by_name, options=PLAIN)
    ce = ir_ce(INT, _first_strength())
    optimised = Compiler.for_game(game)  # made after: once the one a read outside the rules would have used
    fn = plain.fn_of(ce)
    assert "_f0" in fn.__code__.co_varnames  # PLAIN's shape: no pass ran
    assert "_f0" not in optimised.fn_of(ir_ce(INT, _first_strength())).__code__.co_varnames
    assert plain.fn_of(ce) is fn and optimised.fn_of(ce) is fn  # made once, kept on the expression


def test_a_call_of_a_function_of_ctx_alone_is_that_function() -> None:
    game = load_game("dominion")

    def run_choose(ctx):
        return 3
    ce = ir_ce(INT, N.Call(run_choose, (), first="ctx"))
    assert ready_fn(ce) is run_choose
    assert Compiler.for_game(game).fn_of(ce) is run_choose
    assert ready_fn(ir_ce(INT, _first_strength())) is None


def test_no_compile_module_keeps_state_per_thread() -> None:
    """compile_game is pure: nothing in compile/ is a thread's state read while compiling."""
    found = []
    for m in pkgutil.walk_packages(cardlang.compile.__path__, "cardlang.compile."):
        mod = importlib.import_module(m.name)
        found += [f"{m.name}.{k}" for k, v in vars(mod).items() if isinstance(v, threading.local)]
    assert found == []


def test_a_function_the_code_calls_is_listed_once_and_a_references_part_not() -> None:
    """One way to make an expression's function (Compiler.fn_of): LISTED puts it with the modules
    `cardlang compile` prints, labelled with what is being compiled; asked again, the same function."""
    game = load_game("dominion")
    comp = Compiler(game.spec, game.registry, game.defs_by_name)  # facts of its own: the game's list untouched
    comp.gen_label = "rules"
    ce = ir_ce(INT, _first_strength())
    fn = comp.fn_of(ce, listed=True)
    assert [(g.label, g.fn) for g in comp.generated] == [("rules: an expression", fn)]
    assert comp.fn_of(ce) is fn and comp.fn_of(ce, listed=True) is fn and len(comp.generated) == 1
    other = comp.fn_of(ir_ce(INT, _first_strength()))
    assert other is not fn and len(comp.generated) == 1
