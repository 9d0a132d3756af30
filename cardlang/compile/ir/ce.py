"""Compiled expressions (primitives/types.py CE) and the IR: a CE built from an IR node (its `code` emits
the node), the IR of any CE (its own, or the bridge `Of` to the Python its rule builds), and what a CE's
function of ctx is when it needs no generating (`ready_fn`; the compiler generates the others:
Compiler.fn_of). Knows the IR and CE; no runtime layout, and no state of its own.
"""
from __future__ import annotations

from typing import Any, Callable

from cardlang.compile.ir import nodes as N
from cardlang.compile.ir import nodes_loops as NL
from cardlang.compile.ir.emit import code_of
from cardlang.primitives.types import CE
from cardlang.runtime.state import Ctx


def ir_ce(type_: str, node: N.Node, bound: int | None = None, lowest: int | None = None) -> CE:
    """The CE computing NODE: its code NODE emitted (BOUND, LOWEST: its largest size and smallest value, when
    known: CE)."""
    return CE(type_, code=code_of(node), bound=bound, ir=node, lowest=lowest)


def ir_of(ce: CE) -> N.Node:
    """CE's IR: its own where its rule built one, else `Of(CE)`, emitted by its code."""
    got: Any = ce.ir
    return got if got is not None else N.Of(ce)


_MADE = (NL.Where, NL.CountWhere, NL.CountEqual, NL.SumIn)


def ready_fn(ce: CE) -> Callable[[Ctx], Any] | None:
    """CE's function of ctx where one exists already: the function its code is one call of, with ctx alone (a
    generated block's), or a loop's generated function (a `where`, a `sum`); else None (the compiler
    generates `def run_expr(ctx): return CODE`)."""
    node = ce.ir
    if type(node) is N.Call and node.first == "ctx" and not node.args and not node.consts:
        return node.fn
    if type(node) in _MADE:  # a loop over a set, generated already as a function of its own
        return node.fn
    return None
