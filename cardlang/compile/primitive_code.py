"""A core verb's call as IR: `CallPrimitive` (compile/ir/nodes_calls.py), the verb's `run(ctx, ARG, ...)` with
each argument's code, or the code the verb's own `lower` gives in its place (primitives/registry.py: the
primitive protocol), emitted by compile/ir/emit_calls.py. Knows the protocol, no verb, no game and no source
construct (compile/calls.py binds the call and hands it here).
"""
from __future__ import annotations

import ast as py
from typing import Any, Callable

from cardlang.compile import codegen as G
from cardlang.compile import reacting as R_
from cardlang.compile.codegen import Code
from cardlang.compile.ir import nodes as N
from cardlang.compile.ir import nodes_calls as C
from cardlang.compile.ir.ce import ir_of
from cardlang.compile.ir.emit_calls import gridless, zones_read
from cardlang.primitives.claim_inline import InlineCases
from cardlang.primitives.lowering import UNKNOWN, Site
from cardlang.primitives.registry import Bound, Verb
from cardlang.primitives.types import CE


class PrimitiveCall(Code):
    """One call of VERB with its arguments bound (B): its IR `node` and its code (the node emitted).
    `within(gen, switched)`: for a call made `for P`, its code with the switch around only what acts, where
    the verb's lowering can do that (`Verb.switches`), else None."""

    __slots__ = ("within",)

    def __init__(self, verb: Verb, b: Bound, info: Any, zones: tuple) -> None:
        args = verb.arguments(b, info)
        if verb.lower is not None and verb.lowers_lazy and info.options.on("lower"):
            # its lowering reads a lazy argument where run would call it: the argument's code, inlined there
            args = [("value" if kind == "lazy" else kind, v) for kind, v in args]
        else:  # passed to run as a function of the context: the compiler's of its expression
            args = [(kind, info.fn_of(v) if kind == "lazy" and isinstance(v, CE) else v) for kind, v in args]
        known = tuple(v if kind == "const" else UNKNOWN for kind, v in args)
        spec = getattr(info, "spec", None)  # (the compiler; the events some card reacts to: pass dead-triggers)
        reacts = spec.card_events if spec is not None and info.options.on("dead-triggers") else None
        node = C.CallPrimitive(verb, tuple(_arg(kind, v) for kind, v in args), known, zones, reacts)

        def within(gen: G.Gen, switched: Callable) -> list[py.stmt] | None:
            if not verb.switches or verb.lower is None or not gen.options.on("lower"):
                return None
            code = [gen.emit_expr(a) for a in node.args]
            return verb.lower(gen, code, Site(known, zones_read(zones), switched, R_.free, R_.free_read,
                                              gridless(zones, gen.options), reacts=reacts))

        super().__init__(lambda gen: gen.emit_ir((node,)), node)
        self.within = within


def _arg(kind: str, v: Any) -> N.Node:
    """The IR of one argument: a constant known now, a compiled expression, or a function of the context
    passed as it is (a lazy argument)."""
    if kind == "value":
        return ir_of(v) if isinstance(v, CE) else N.Call(v, first="ctx")
    if v is None or isinstance(v, (str, int, bool)):
        return N.Const(v)
    if isinstance(v, InlineCases):  # (its lowering takes it from Site.known: no constant of the module)
        return N.Const(None)
    return N.Value(v)
