"""Attachments: a card attached to another (equipment on a unit, an aura on a creature) moves with it.

    zone board: per player, public, grid 5 x 2, keeps attachments;
    attach e to u;            // e joins u's zone, takes no slot, and moves wherever u moves
    detach e;                 // e stays where it is, loose
    attached(u)   carrier(e)

In a zone declared `keeps attachments` they stay attached when their card arrives; anywhere else they come
off (a discarded unit's gear lies loose in the discard pile). Moving an attached card on its own takes it
off. Rules such as "one of each kind per unit" are the game's, written in the language. The runtime side
is runtime/board.py. Knows no game.
"""
from __future__ import annotations

import ast as py

from cardlang.primitives.lowering import attr, call, first_or_call, name, state, store
from cardlang.primitives.registry import CARDS, Function, Param, Verb, primitive
from cardlang.primitives.types import leaves_names
from cardlang.runtime import board as B
from cardlang.runtime.state import Ctx, IllegalAction


@primitive
class Attach(Verb):
    """Attach cards to a card: they join its zone (taking no slot) and move with it from now on.
    Example: attach e to u;"""

    verb = "attach"
    params = (Param("what", CARDS), Param("to", CARDS, aliases=("to",)))
    lazy = frozenset({"what"})  # read once the card to attach to is known to be one
    lowers_lazy = True

    def describe(self, a: dict) -> str:
        return f"Attach {a['what']} to {a['to']}."

    @staticmethod
    def run(ctx: Ctx, to, what) -> None:
        hosts = list(to)
        if len(hosts) != 1:
            raise IllegalAction(f"attach needs exactly one card to attach to, got {len(hosts)}")
        for cid in list(what(ctx)):
            B.attach(ctx.state, cid, hosts[0])

    def lower(self, gen, args: list, site) -> list:
        """`_h = one_host(TO); attach_each(ctx.state, WHAT, _h)`: WHAT worked out in the code itself, once the
        card to attach to is known to be one."""
        to, what = args
        h = gen.fresh("h")
        return [py.Assign([store(h)], call(gen.const(one_host), to)),
                py.Expr(call(gen.const(attach_each), state(gen), what, name(h)))]


def one_host(to) -> int:
    """The one card of TO, the card to attach to (else the rule is broken)."""
    hosts = list(to)
    if len(hosts) != 1:
        raise IllegalAction(f"attach needs exactly one card to attach to, got {len(hosts)}")
    return hosts[0]


def attach_each(state, what, host: int) -> None:
    """Attach each card of WHAT to HOST, in order."""
    for cid in list(what):
        B.attach(state, cid, host)


@primitive
class Detach(Verb):
    """Take cards off the card they are attached to; they stay where they are.
    Example: detach attached(u);"""

    verb = "detach"
    params = (Param("what", CARDS),)

    def describe(self, a: dict) -> str:
        return f"Take {a['what']} off."

    @staticmethod
    @leaves_names
    def run(ctx: Ctx, what) -> None:
        for cid in list(what):
            B.detach(ctx.state, cid)


@primitive
class Attached(Function):
    """The cards attached to the given cards, in the order they were attached.
    Example: sum(attached(u), card.offence)"""

    verb = "attached"
    params = (Param("card", CARDS),)
    returns = CARDS

    def describe(self, a: dict) -> str:
        return f"the cards attached to {a['card']}"

    @staticmethod
    def run(state, card) -> list[int]:
        """The cards attached to CARD (cards), in the order they were attached."""
        links = state.attached
        if not links:
            return []
        out: list[int] = []
        for cid in card:
            out.extend(links.get(cid, ()))
        return out

    def lower(self, gen, args: list) -> py.expr | None:
        """Of one card E: `[*ctx.state.attached.get(E, ())]` (a list of its own, as the function gives)."""
        def one(card: py.expr) -> py.expr:
            return py.List([py.Starred(call(attr(gen.emit_expr(gen.ir.AttachedTable()), "get"), card, py.Tuple([], py.Load())),
                                       py.Load())], py.Load())
        return first_or_call(gen, args[0], one, call(gen.const(self.run), state(gen), *args))


attached_to = Attached.run


@primitive
class Carrier(Function):
    """The card the (first) given card is attached to, or nothing.
    Example: modify offence carrier(this) by 1;"""

    verb = "carrier"
    params = (Param("card", CARDS),)
    returns = CARDS

    def describe(self, a: dict) -> str:
        return f"the card {a['card']} is attached to"

    @staticmethod
    def run(state, card) -> list[int]:
        if not card:
            return []
        host = state.host.get(card[0])
        return [] if host is None else [host]
