"""The quiet-fold pass (compile/quietfold.py): a quiet test nested in a branch of the same test is answered;
what is not a quiet test, and a quiet test that is not nested, is left as it was."""
from __future__ import annotations

import ast as py
import textwrap

from cardlang.compile.ir.emit import quiet_local
from cardlang.compile.quietfold import fold_quiet


def _fold(src: str) -> str:
    """SRC's function with every read of `_quiet` marked as fnlocals marks it, folded, unparsed."""
    tree = py.parse(textwrap.dedent(src))

    class Mark(py.NodeTransformer):
        def visit_Name(self, n: py.Name) -> py.AST:
            return py.copy_location(quiet_local("_quiet"), n) if n.id == "_quiet" and type(n.ctx) is py.Load else n
    tree = py.fix_missing_locations(Mark().visit(tree))
    return py.unparse(fold_quiet(tree))


def test_a_nested_test_is_answered_by_the_branch_it_is_in():
    got = _fold("""
        def f(ctx):
            _quiet = ctx.quiet
            if _quiet:
                if _quiet:
                    a()
                else:
                    b()
                if _quiet and x > 0:
                    c()
                if not _quiet or y:
                    d()
            else:
                if _quiet:
                    e()
                if _quiet and x:
                    g()
                if not _quiet:
                    h()
        """)
    assert got == textwrap.dedent("""\
        def f(ctx):
            _quiet = ctx.quiet
            if _quiet:
                a()
                if x > 0:
                    c()
                if y:
                    d()
            else:
                h()""")


def test_the_else_of_a_loud_test_is_quiet_through_loops_and_trys():
    got = _fold("""
        def f(ctx):
            _quiet = ctx.quiet
            if not _quiet:
                slow()
            else:
                for x in xs:
                    try:
                        if _quiet and x and y:
                            fast(x)
                    except E:
                        pass
        """)
    assert "if x and y:" in got and "_quiet and" not in got


def test_tests_not_nested_and_other_names_stay():
    src = """
        def f(ctx):
            _quiet = ctx.quiet
            if _quiet and x:
                a()
            if quiet2:
                if _quiet:
                    b()
        """
    assert _fold(src) == py.unparse(py.parse(textwrap.dedent(src)))


def test_dominion_asks_fewer_quiet_tests_with_the_pass():
    from cardlang.compile.codegen import source_of
    from cardlang.compile.game import load_game
    from cardlang.compile.passes import SWITCHABLE, Options

    def quiet_reads(game) -> int:
        return sum(source_of(g).count("_quiet") for g in game.generated)
    on = load_game("dominion")
    off = load_game("dominion", options=Options(SWITCHABLE - {"quiet-fold"}))
    assert quiet_reads(on) < quiet_reads(off)
