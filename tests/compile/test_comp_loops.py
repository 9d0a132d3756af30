"""The comp-loops pass (compile/comploops.py): a list comprehension assigned as a statement becomes a loop that
appends, with the same list; one whose variable the function uses elsewhere, or that reads the name it is
assigned to, is left as it was; the pass is switched off with the others (compile/rewrites.py)."""
from __future__ import annotations

import ast as py
import textwrap

from cardlang.compile.comploops import with_comp_loops
from cardlang.compile.passes import SWITCHABLE, Options
from cardlang.compile.rewrites import rewritten


def _src(src: str) -> str:
    return textwrap.dedent(src).strip("\n")


def _rewrite(src: str) -> str:
    return py.unparse(with_comp_loops(py.parse(_src(src))))


def _same(src: str) -> bool:
    return _rewrite(src) == py.unparse(py.parse(_src(src)))


def test_a_filter_assigned_as_a_statement_becomes_a_loop():
    got = _rewrite("""
        def f(ctx, zone):
            t = [c for c in zone.cards if c > 1 if c < 9]
            return t
        """)
    assert got == _src("""
        def f(ctx, zone):
            t = []
            for c in zone.cards:
                if c > 1 and c < 9:
                    t.append(c)
            return t""")


def test_a_branch_of_a_conditional_expression_becomes_a_branch_of_an_if():
    got = _rewrite("""
        def f(ctx, o, pk):
            if ctx:
                l = [o[pk[0]]] if len(pk) == 1 else [o[i] for i in pk] if pk else []
            return l
        """)
    assert got == _src("""
        def f(ctx, o, pk):
            if ctx:
                if len(pk) == 1:
                    l = [o[pk[0]]]
                elif pk:
                    l = []
                    for i in pk:
                        l.append(o[i])
                else:
                    l = []
            return l""")


def test_a_variable_used_elsewhere_or_a_list_read_by_its_own_comprehension_is_left():
    read_after = """
        def f(ctx, zone):
            t = [c for c in zone if c]
            return c
        """
    a_parameter = """
        def f(ctx, c):
            t = [c for c in ctx if c]
            return (t, c)
        """
    in_a_lambda = """
        def f(ctx, zone):
            t = [c for c in zone if c]
            return lambda: c
        """
    reads_itself = """
        def f(ctx, t):
            t = [c for c in t if c]
            return t
        """
    nested_in_an_expression = """
        def f(ctx, zone):
            return len([c for c in zone if c]) + sum([c for c in zone])
        """
    one_inside_another = """
        def f(ctx, a, b):
            t = [c for c in b if [c for c in a if c]]
            return t
        """
    for src in (read_after, a_parameter, in_a_lambda, reads_itself, nested_in_an_expression, one_inside_another):
        assert _same(src), src


def test_comprehensions_sharing_a_variable_all_become_loops_and_give_the_same_lists():
    src = """
        def f(ctx, a, b):
            x = [c * 2 for c in a if c % 2]
            n = sum([c for c in b])
            y = [c + n for c in b if [d for d in a if d == c]]
            z = [(c, d) for c in a for d in b if d > c]
            w = [c for c in a if c > 2] if a else [c for c in b]
            return (x, y, z, w)
        """
    got = _rewrite(src)
    # the one inside `sum(...)` stays, and the one inside another's condition
    assert got.count(".append(") == 5 and "[c for c in b]" in got and "[d for d in a if d == c]" in got
    for a, b in (([], []), ([1, 2, 3], [0, 5]), ([4], [1, 2, 3, 4, 5, 6])):
        before, after = {}, {}
        exec(compile(py.parse(_src(src)), "<before>", "exec"), before)  # noqa: S102 - the test's own code
        exec(compile(py.parse(got), "<after>", "exec"), after)  # noqa: S102
        assert before["f"](None, a, b) == after["f"](None, a, b)


def test_the_pass_is_switched_with_the_others():
    src = """
        def f(ctx, zone):
            t = [c for c in zone]
            return t
        """
    on = py.unparse(rewritten(py.parse(_src(src)), Options()))
    off = py.unparse(rewritten(py.parse(_src(src)), Options(SWITCHABLE - {"comp-loops"})))
    assert ".append(" in on and off == py.unparse(py.parse(_src(src)))
