"""The expression for a small runtime function that belongs to the compiler's own constructs, not to a
primitive (a primitive's is its `lower`, beside it): a card's owner (`c.owner`). It gives the same value as the
function it stands for, over the same arguments evaluated once each. (Whether cards are of a type, `c is
Action`, is the IR's: ir/nodes_ops.py AllAre.) Passed to `applied(..., lower=)` where that
function is compiled; knows no game.
"""
from __future__ import annotations

import ast as py

from cardlang.compile import codegen as G
from cardlang.compile.ir import nodes as N
from cardlang.compile.ir.emit import emit
from cardlang.primitives.lowering import one_card
from cardlang.primitives import values


def owner(gen: G.Gen, args: list[py.expr]) -> py.expr:
    """values.owner_of(ctx, CARDS): `_o if (_f := CARDS) and (_o := HOLDER(_f[0])) is not None else
    owner_of(ctx, _f)`, HOLDER the owner of the zone a card is in, as the emitter reads it (the call for no
    card, or one that belongs to nobody where it is: its error)."""
    card, o = one_card(args[0]), gen.fresh("o")
    if isinstance(card, py.Name):  # `[c]`: c's owner, no list made but for the error
        got = py.NamedExpr(G.store(o), emit(gen, N.HolderOf(N.Py(card))))
        return py.IfExp(py.Compare(got, [py.IsNot()], [G.const(None)]), G.name(o),
                        G.call(gen.const(values.owner_of), G.name(G.CTX), args[0]))
    f = gen.fresh("f")
    got = py.NamedExpr(G.store(o), emit(gen, N.HolderOf(N.Item(N.Py(G.name(f)), 0))))
    test = py.BoolOp(py.And(), [py.NamedExpr(G.store(f), args[0]), py.Compare(got, [py.IsNot()], [G.const(None)])])
    return py.IfExp(test, G.name(o), G.call(gen.const(values.owner_of), G.name(G.CTX), G.name(f)))
