"""Compiled expressions (primitives/types.py CE) and the IR: a CE built from an IR node (its `code` emits
the node), and the IR of any CE (its own, or the bridge `Of` to the Python its rule builds). Knows the IR
and CE; no runtime layout.
"""
from __future__ import annotations

from typing import Any, Callable

from cardlang.compile.ir import nodes as N
from cardlang.compile.ir.emit import code_of
from cardlang.primitives.types import CE


def ir_ce(fn: Callable, type_: str, node: N.Node, bound: int | None = None) -> CE:
    """The CE computing NODE: FN its closure (the reference the coercions call), its code NODE emitted."""
    return CE(fn, type_, code=code_of(node), bound=bound, ir=node)


def ir_of(ce: CE) -> N.Node:
    """CE's IR: its own where its rule built one, else `Of(CE)`, emitted by its code."""
    got: Any = ce.ir
    return got if got is not None else N.Of(ce)
