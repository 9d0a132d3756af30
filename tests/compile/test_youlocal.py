"""The you-local pass (compile/youlocal.py): a function that reads its player often enough, twice on every
path, and never sets it reads it from a local set once on entry; one that sets it, or may read it once, is
left as it was."""
from __future__ import annotations

import ast as py
import textwrap

from cardlang.compile.ir.emit import ctx_you, set_you
from cardlang.compile.youlocal import with_you_local


def _rewrite(src: str) -> str:
    """SRC with every `ctx.you` marked as the emitter marks the player's reads and sets, rewritten, unparsed."""
    tree = py.parse(textwrap.dedent(src))

    class Mark(py.NodeTransformer):
        def visit_Attribute(self, n: py.Attribute) -> py.AST:
            if isinstance(n.value, py.Name) and n.value.id == "ctx" and n.attr == "you":
                return py.copy_location(set_you() if type(n.ctx) is py.Store else ctx_you(), n)
            return self.generic_visit(n)
    tree = py.fix_missing_locations(Mark().visit(tree))
    return py.unparse(py.fix_missing_locations(with_you_local(tree)))


def test_a_function_reading_its_player_again_and_again_reads_a_local():
    got = _rewrite("""
        def f(ctx):
            a = rows[ctx.you]
            b = other[ctx.you]
            if a:
                c(ctx.you)
        """)
    assert got == textwrap.dedent("""\
        def f(ctx):
            _you = ctx.you
            a = rows[_you]
            b = other[_you]
            if a:
                c(_you)""")


def test_a_function_that_sets_its_player_or_may_read_it_once_is_left():
    sets = """
        def f(ctx):
            a = rows[ctx.you]
            b = other[ctx.you]
            ctx.you = 1
            c(ctx.you)
        """
    branches = """
        def f(ctx):
            if x:
                a(ctx.you)
            elif y:
                b(ctx.you)
            else:
                c(ctx.you, ctx.you)
        """
    for src in (sets, branches):
        assert _rewrite(src) == py.unparse(py.parse(textwrap.dedent(src)))
