"""The IR's nodes for decisions and bots: what the generated code of a decision (the legal options of a `choose
one of`, the option a name gives) and of a bot's rule (its answer to a decision put in full, its pick by name)
computes, in the terms of a decision and of a rule's preferences, never how the runtime lays a decision out.
Built by compile/decisions.py and compile/botgen.py, turned into Python by ir/emit_decisions.py. Knows no
runtime field, no Python `ast`, no game and no source construct.

A bot's generated functions keep some values in locals of fixed names the compiled conditions read by name
(the value of a call shared by several conditions, `_s0`: compile/botgen.py compile_condition), and take
fixed parameters: those are the IR's `Var`s with a name (`Var(name="_s0")`), set by its `Let`.
"""
from __future__ import annotations

from dataclasses import field
from typing import Any, Union

from cardlang.compile.ir.nodes import Node, Var
from cardlang.syntax.nodes import node


# ---- statements
@node
class Prefer(Node):
    """A bot's preferences under one condition (their code on the line of SPAN, the first one's): BODY, when
    COND holds (None: always). KEEP: the local the condition's value is kept in, for a later test or pick, set
    when first reached (LAZY: `KEEP = not not COND` only while KEEP is None; else `KEEP = COND`), read as it
    is when COND is None (tested already). The body's code is made before the condition's (the order its
    generated names follow)."""

    span: Any = field(compare=False)
    body: tuple[Node, ...]
    cond: Node | None = None
    keep: Var | None = None
    lazy: bool = False


@node
class ReturnLegal(Node):
    """Return the indices of the legal options of a `choose one of`, in order: each option whose condition in
    CONDS holds (None: an option always offered)."""

    conds: tuple[Node | None, ...]


@node
class NamedOption(Node):
    """Return the option the name NAME gives in the zones ZONES under the filter COND: the first card of that
    name (a pile's top card in a zone of piles) that COND lets through, the zones in order, or None. COND
    reads the rules name `card` as the local CARD; KEPT: it hands the context to a compiled function, which
    reads `card` in the names table, so the card is put there too (the name's value before put back).
    PILE_SLOT: the one zone is a shared zone of piles declared at that slot (the pass `piles-in-code`), whose
    pile of NAME is found by its key alone, with no test of the zone; else None."""

    zones: tuple[Node, ...]
    cond: Node
    name: Var
    card: Var
    kept: bool
    pile_slot: int | None = None


@node
class BotContext(Node):
    """The bot's context for the state and the seat its pick by name is asked for (`ctx`): the one the bot
    keeps, or a new one for another game or seat."""


@node
class TryName(Node):
    """A pick by name: return the option the name NAME gives under the decision's filter, if any. TESTED: only
    if NAME is among the names of the zone's cards (ZoneNames), the filter asked only then."""

    name: Any
    tested: bool = False


@node
class ZoneNames(Node):
    """The names of the cards of the zone a pick by name picks from (by_name_in's last argument: a zone of no
    piles), kept for the TryNames that are TESTED (the pass `names-first`)."""


@node
class BotDecide(Node):
    """A bot's answer to a decision put to it in full (the function's decision): YESNO for a yes/no question;
    else picks, while the decision allows more and options remain: EACH_PICK first, then TRIES in order until
    one picks (ENDED: the last of them ends the pick), none picking ending the picks; and, picks still missing
    to the decision's minimum, the first remaining options in offer order. BEFORE comes before the first pick.
    NAMES: a preference names an option (a table of the remaining options' labels is made at each pick);
    WEIGHED: the table of the kinds of decision whose options may be weighed, by the name of the option
    weighed, when a preference weighs (else None); PICKED: a condition reads `picked`, the cards picked so
    far."""

    yesno: tuple[Node, ...]
    before: tuple[Node, ...]
    each_pick: tuple[Node, ...]
    tries: tuple[Node, ...]
    ended: bool
    names: bool
    picked: bool
    weighed: Any = field(default=None, compare=False)


@node
class PickName(Node):
    """The remaining option labelled NAME (the earliest of them), if one remains: this pick is made."""

    name: Any


@node
class NamesOffered(Node):
    """Does a remaining option of this pick carry one of the labels NAMES?"""

    names: tuple[Any, ...]


@node
class PickRandom(Node):
    """A remaining option at random, from the bot's own stream: this pick is made."""


@node
class PickNone(Node):
    """No option: the picks end."""


@node
class PickWeighed(Node):
    """The remaining option with the least VALUE (KIND "lowest") or the most ("highest"), the first of equals,
    VALUE reading the option as the rules name the decision's kind gives it (`card`, `slot`, ...); when the
    decision's options cannot be weighed, nothing."""

    kind: str
    value: Node


Stmt = Union[Prefer, ReturnLegal, NamedOption, BotContext, TryName, ZoneNames, BotDecide, PickName,
             PickRandom, PickNone, PickWeighed]
Expr = NamesOffered  # (the one expression of a decision: a Union of one is that class)
