"""The value types of compiled expressions, and the compiled expression itself (`CE`).

Shared by the compiler and by the primitives that compile functions (`count`, `sum`, ...), so that primitives
depend on this small module and not on the compiler. Knows nothing of the AST or of any game.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from cardlang.runtime.state import Ctx

# Value types of compiled expressions.
INT, BOOL, TEXT, CARD, CARDS, CARDNAME, CARDNAMES = "int", "bool", "text", "card", "cards", "card name", "card names"
ZONE, PLAYER, PLAYERS, ANY = "zone", "player", "players", "any"
NUMBERS, SLOT, SLOTS = "numbers", "slot", "slots"  # dice and other lists of numbers; slots of a grid zone

Effect = Callable[[Ctx], None]


@dataclass(frozen=True, slots=True)
class CE:
    """A compiled expression: how to compute it, and what type of value it gives."""

    fn: Callable[[Ctx], Any]
    type: str
    secret: str | None = None  # a zone a bot may count but not look into: why not
    code: Callable[[Any], Any] | None = None  # code(gen) -> the Python expression computing it, to inline it


def applied(fn: Callable, args: list[CE], type_: str, *, state: bool = True) -> CE:
    """The CE of `fn(ctx.state, *ARGS)` (without the state when STATE is false) over evaluated arguments: in
    generated code one call, with the arguments' code inlined (`gen.apply`), instead of a closure calling
    one closure per argument."""
    fns = tuple(a.fn for a in args)
    if len(fns) == 1:
        (f0,) = fns
        run = (lambda ctx: fn(ctx.state, f0(ctx))) if state else (lambda ctx: fn(f0(ctx)))
    elif len(fns) == 2:  # (no comprehension: in a closure it is a call of its own)
        f0, f1 = fns
        run = (lambda ctx: fn(ctx.state, f0(ctx), f1(ctx))) if state else (lambda ctx: fn(f0(ctx), f1(ctx)))
    elif len(fns) == 3:
        f0, f1, f2 = fns
        run = (lambda ctx: fn(ctx.state, f0(ctx), f1(ctx), f2(ctx))) if state else \
            (lambda ctx: fn(f0(ctx), f1(ctx), f2(ctx)))
    else:
        run = (lambda ctx: fn(ctx.state, *[f(ctx) for f in fns])) if state else \
            (lambda ctx: fn(*[f(ctx) for f in fns]))
    return CE(run, type_, code=lambda g: g.apply(fn, [g.expr(a) for a in args], state=state))


def article(t: str) -> str:
    return {INT: "a number", BOOL: "a condition", TEXT: "text", CARD: "a card", CARDS: "cards",
            CARDNAME: "a card name", CARDNAMES: "card names", ZONE: "a zone", PLAYER: "a player",
            PLAYERS: "players", ANY: "a value"}.get(t, t)

