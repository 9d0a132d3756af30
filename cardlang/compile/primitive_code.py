"""A core verb's call as generated code: `run(ctx, ARG, ...)` with each argument's code inlined, or the code the
verb's own `lower` gives in its place (primitives/registry.py: the primitive protocol). Knows the protocol,
no verb, no game and no source construct (compile/calls.py binds the call and hands it here).
"""
from __future__ import annotations

import ast as py
from typing import Any, Callable

from cardlang.compile import codegen as G
from cardlang.compile import reacting as R_
from cardlang.compile.codegen import Code
from cardlang.compile.ir.emit import zone_read
from cardlang.primitives.lowering import UNKNOWN, Site
from cardlang.primitives.registry import Bound, Verb
from cardlang.primitives.types import CE


class PrimitiveCall(Code):
    """One call of VERB with its arguments bound (B), as code; `fn` is the same call as one function of the
    context. `within(gen, switched)`: for a call made `for P`, its code with the switch around only what acts,
    where the verb's lowering can do that (`Verb.switches`), else None."""

    __slots__ = ("within",)

    def __init__(self, verb: Verb, b: Bound, info: Any, zones: tuple) -> None:
        args = verb.arguments(b, info)
        known = tuple(v if kind == "const" else UNKNOWN for kind, v in args)
        zone_of = zones_read(zones)

        def codes(gen: G.Gen) -> list[py.expr]:
            return [_code(gen, kind, v) for kind, v in args]

        def emit(gen: G.Gen) -> list[py.stmt]:
            code = codes(gen)
            if verb.lower is not None and gen.options.on("lower"):  # (compile/passes.py)
                lowered = verb.lower(gen, code, Site(known, zone_of))
                if lowered is not None:
                    return lowered
            return [py.Expr(G.call(gen.const(verb.run), G.name(G.CTX), *code))]

        def within(gen: G.Gen, switched: Callable) -> list[py.stmt] | None:
            if not verb.switches or verb.lower is None or not gen.options.on("lower"):
                return None
            return verb.lower(gen, codes(gen), Site(known, zone_of, switched, R_.free, R_.free_read))

        super().__init__(emit, verb.function(args))
        self.within = within


def _code(gen: G.Gen, kind: str, v: Any) -> py.expr:
    """The code of one argument: a constant known now, a compiled expression's code, or a function of the
    context passed as it is (a lazy argument)."""
    if kind == "value":
        return gen.expr(v) if isinstance(v, CE) else gen.call_fn(v)
    if v is None or isinstance(v, (str, int, bool)):
        return G.const(v)
    return gen.const(v)


def zones_read(zones: tuple) -> Callable[[py.expr], Any]:
    """Site.zone_of for a game's declared ZONES: the one a code reads, as the emitter marked the read."""
    def zone_of(code: py.expr) -> Any:
        read = zone_read(code)
        return next((z for z in zones if z.slot == read.slot), None) if read is not None else None
    return zone_of
