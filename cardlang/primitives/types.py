"""The value types of compiled expressions, and the compiled expression itself (`CE`).

Shared by the compiler and by the primitives that compile functions (`count`, `sum`, ...), so that primitives
depend on this small module and not on the compiler. Knows nothing of the AST or of any game.
"""
from __future__ import annotations

import functools
import weakref
from dataclasses import dataclass, field
from types import FunctionType
from typing import Any, Callable

from cardlang.runtime.state import Ctx

# Value types of compiled expressions.
INT, BOOL, TEXT, CARD, CARDS, CARDNAME, CARDNAMES = "int", "bool", "text", "card", "cards", "card name", "card names"
ZONE, PLAYER, PLAYERS, ANY = "zone", "player", "players", "any"
NUMBERS, SLOT, SLOTS = "numbers", "slot", "slots"  # dice and other lists of numbers; slots of a grid zone

Effect = Callable[[Ctx], None]


@dataclass(frozen=True, slots=True)
class CE:
    """A compiled expression: what type of value it gives and its code (one implementation, the code; the
    function of ctx computing it is generated from that code by the compiler, when a caller needs one:
    Compiler.fn_of)."""

    type: str
    code: Callable[[Any], Any] | None = None  # code(gen) -> the Python expression computing it, to inline it
    counted: Callable[[], CE] | None = None  # a `where`: counted() -> the CE counting what it keeps
    # a number's largest size, when the compiler knows one (a number written in the source, a printed property,
    # a loop's name over written numbers): arithmetic of such numbers that stays under NUMBER_LIMIT needs no
    # check (the `bounds` pass, compile/passes.py)
    bound: int | None = None
    # a number's smallest value, when the compiler knows one (a number written in the source, a property every
    # card prints): a counter's `+=` of a value never below 0 cannot pass its lower bound, `-=` its upper one
    # (the `bounds` pass)
    lowest: int | None = None
    # its IR (compile/ir/): what others built on it compose with (`code` emits it)
    ir: Any = None
    # its function of ctx, once a compiler made one for a caller that needs a function (Compiler.fn_of), kept
    # here so that every caller gets the same one
    made: list = field(default_factory=list, compare=False, repr=False)


def applied(fn: Callable, args: list[CE], type_: str, *, state: bool | str = True, consts: tuple = (),
            lower: Callable | None = None) -> CE:
    """The CE of `fn(ctx.state, *ARGS, *CONSTS)` over evaluated arguments (STATE false: without the state;
    "ctx": with the context instead, for a function that runs abilities): in generated code one call, with
    the arguments' code inlined (`gen.apply`). CONSTS are compiled values (names, numbers, specs), constants of
    the generated module. LOWER(gen, args), where given, is the expression computing the same in place of the
    call (a function primitive's `lower`)."""
    return CE(type_, code=lambda g: g.apply(fn, [g.expr(a) for a in args], state=state, consts=consts,
                                            lower=lower))


def article(t: str) -> str:
    return {INT: "a number", BOOL: "a condition", TEXT: "text", CARD: "a card", CARDS: "cards",
            CARDNAME: "a card name", CARDNAMES: "card names", ZONE: "a zone", PLAYER: "a player",
            PLAYERS: "players", ANY: "a value"}.get(t, t)



# Runtime functions that generated code calls with the context and that read only the context's state, player,
# card and source, never its names (`ctx.vars`); see leaves_names.
LEAVES_NAMES: set[Callable] = set()
# Generated functions found to read no names (compile/codegen.py: a `where`, a phase's entry), held weakly:
# they die with their game.
_MADE_LEAVING: "weakref.WeakSet[Callable]" = weakref.WeakSet()


class LeavesNames:
    """A base for a table of functions (the game's verbs) each of which runs on names of its own: a call of an
    entry hands it the context without its names being read (compile/names.py)."""


def leaves_names(fn: Callable) -> Callable:
    """Mark FN, a runtime function that generated code calls with the context, as one that reads only the
    context's state, player, card and source, never its names (`ctx.vars`): a generated function whose
    every call hands the context only to such functions need not keep its own names there as well as in
    its locals (compile/names.py). Abilities and verbs it runs get contexts or names of their own."""
    LEAVES_NAMES.add(fn)
    return fn


def made_leaving_names(fn: Callable) -> None:
    """Mark FN, a generated function whose code reads and writes no names and hands the context only to
    functions that read none (compile/names.py uses_names), as leaves_names marks a runtime function."""
    _MADE_LEAVING.add(fn)


def reads_no_names(obj: object) -> bool:
    """Is OBJ a function marked with leaves_names or made_leaving_names, or a table of such (LeavesNames)?"""
    return isinstance(obj, LeavesNames) or (type(obj).__hash__ is not None and (
        obj in LEAVES_NAMES or (type(obj) is FunctionType and obj in _MADE_LEAVING)))


# Factories whose functions a cached module may name by the factory and its arguments (compile/codecache.py).
REMADE: set[Callable] = set()


def remade(factory: Callable[..., Callable]) -> Callable[..., Callable]:
    """Mark FACTORY, a module-level function making a function from plain arguments (texts, numbers, tuples of
    them), as one whose functions a cached module names by the factory and those arguments. The same arguments
    give the very same function (it is kept), so a module linked from the cache calls what the compile rules
    made, and each function carries `made_by` (the factory, its arguments) for the linker to read."""
    kept: dict[tuple, Callable] = {}

    @functools.wraps(factory)
    def make(*args: Any) -> Callable:
        fn = kept.get(args)
        if fn is None:
            made = factory(*args)
            made.made_by = (make, args)  # type: ignore[attr-defined]
            fn = kept.setdefault(args, made)  # (two threads making one: both get the one kept)
        return fn
    REMADE.add(make)
    return make
