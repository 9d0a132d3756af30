"""The pass `modify-this-first`: an `if COND { modify P this by N; ... }` (no `else`, every statement of its
body a `modify` of `this`) tests first whether a modifier now sums a property of this very card, and tests
COND only then. A modifier runs on every read of every card while its card sits in its zone (runtime/
abilities.py modifier_total), so `if count(adjacent(this) where ...) > 0 { modify offence this by 2; }` would
otherwise count the card's neighbours on each read of some other card, for a `modify` that adds nothing to
it. Outside a modifier the test lets COND run as before (its `modify` is a rule violation, raised as before).
Inside one, the code is a modifier's, which only computes (primitives/modify.py MODIFIER_RULES): skipping COND
changes nothing but the steps it would have charged. Knows the syntax tree's `if` and `modify`; no game.
"""
from __future__ import annotations

from typing import Any

from cardlang.compile.ir import nodes as N
from cardlang.compile.ir import nodes_ops as O
from cardlang.primitives.modify import EVENT
from cardlang.syntax import ast


def this_first(node: ast.If, scope: Any, cond: N.Node) -> N.Node:
    """COND, or `<for this card> and COND` (the IR's ForThis) for an `if` whose body only modifies `this`."""
    if node.else_ is not None or not node.then.stmts or not scope.in_card or "this" in scope.names:
        return cond
    for st in node.then.stmts:
        if type(st) is not ast.Call or st.verb != EVENT or len(st.args) < 2 or type(st.args[1]) is not ast.NameRef \
                or st.args[1].name != "this":
            return cond
    return O.Both(True, N.ForThis(), cond)
