"""Calls that act only for cards reacting to an event (`trigger EVENT CARDS ...`), as generated code that looks
for a card that reacts before it does anything else: run for another player (`... for p`), the switch of
players goes around what runs for a reacting card only, when the call's cards and values read no `you`.
Used by compile/calls.py; knows no game and no AST node type.
"""
from __future__ import annotations

import ast as py
from typing import Callable

from cardlang.compile import codegen as G
from cardlang.compile import hoist as H
from cardlang.compile import pytree
from cardlang.compile.codegen import Code
from cardlang.compile.ir import nodes as N
from cardlang.compile.ir.emit import mark
from cardlang.primitives.core_lowering import copy_if_reacting
from cardlang.primitives.types import CE


class Reacting(Code):
    """A call that does something only for cards that react to an event: WITHIN(gen, SWITCHED) gives its code
    with SWITCHED(stmts) (another player's turn at the call, `for p`) around only what runs for a card that
    reacts, or None when the call's arguments need the switch first."""

    __slots__ = ("within",)

    def __init__(self, emit: Callable, fn: Callable | None, within: Callable) -> None:
        super().__init__(emit, fn)
        self.within = within


def has(gen: G.Gen, event: str, c: str) -> py.expr:
    """`EVENT in ctx.state.card_def[C].triggers`: has card C an `on EVENT` ability? (the emitter's HasTrigger)"""
    return gen.emit_expr(N.HasTrigger(N.Py(G.name(c)), event))


def free(code: py.AST) -> bool:
    """Does CODE read nothing of its context but `ctx.state` and `ctx.vars` (so no `you`: the same whoever's
    turn it is)? A call handed `ctx` itself might read anything of it."""
    nodes = pytree.walk(code)
    kept = {id(n.value) for n in nodes if type(mark(n)) in (N.State, N.Names)}  # (the emitter's reads)
    return not any(isinstance(n, py.Name) and n.id == G.CTX and id(n) not in kept for n in nodes)


def free_read(code: py.AST) -> bool:
    """Is CODE a read without effect that cannot fail and reads no `you` (compile/hoist.safe_read)?"""
    return free(code) and H.safe_read(code)


def trigger_within(run_ability: Callable, event: str, cards_ce: CE, value_ces: list[tuple[str, CE]]) -> Callable:
    """The `within` of `trigger EVENT CARDS NAME=VALUE ...` (compile/calls.py), for Reacting."""
    def within(gen: G.Gen, switched: Callable) -> list[py.stmt] | None:
        # _t = list(CARDS)
        # for _c in _t:
        #     if EVENT in ctx.state.card_def[_c].triggers:
        #         SWITCHED(_vals = {NAME: VALUE, ...}
        #                  for _c in _t: if EVENT in ...: run_ability(ctx, _c, EVENT, _vals))
        #         break
        # (the values, reads without effect of no `you`, are read only when some card reacts)
        items = gen.expr(cards_ce)
        values = [gen.expr(v) for _, v in value_ces]
        if not free(items) or not all(free_read(v) for v in values):
            return None
        t, vals, c = gen.fresh("t"), gen.fresh("vals"), gen.fresh("c")
        run = py.Expr(G.call(gen.const(run_ability), G.name(G.CTX), G.name(c), G.const(event), G.name(vals)))
        body = [py.Assign([G.store(vals)], py.Dict([G.const(k) for k, _ in value_ces], values)),
                py.For(G.store(c), G.name(t), [py.If(has(gen, event, c), [run], [])], [])]
        return copy_if_reacting(gen, items if G.fresh_list(items) else G.call(G.name("list"), items), t, event,
                                py.For(G.store(c), G.name(t),
                                       [py.If(has(gen, event, c), switched(body) + [py.Break()], [])], []))
    return within
