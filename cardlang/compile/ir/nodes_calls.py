"""The IR's calls: a core verb's call (its run, or its lowering), a call of one of the game's own verbs with its
arguments bound in its parameters' order, `trigger` with named values, and the two statements around every
call of the rules: a card argument from an empty pick makes it do nothing (`Skip`), and `... for P` runs it as
P (`AsPlayer`). Built by compile/calls.py and compile/primitive_code.py, turned into Python by
compile/ir/emit_calls.py. Like ir/nodes.py, knows no runtime field, no Python `ast`, no game and no source
construct; the compiled values a call names (a primitive, the verbs' tables, spans) are fields left out of
comparison.
"""
from __future__ import annotations

from dataclasses import field
from typing import Any, Union

from cardlang.compile.ir.nodes import Expr, Node, Stmt
from cardlang.syntax.nodes import node


@node
class Skip(Node):
    """BODY, a call whose card argument may come from an empty pick: then the call does nothing (the run-time
    `NothingToActOn` is caught around it)."""

    body: tuple[Stmt, ...]


@node
class AsPlayer(Node):
    """BODY run with `you` the seat PLAYER (`... for P`), on the same context: it sees the caller's names,
    card and source, as a player's own; `you` is put back after. WITHIN(gen, player_code, switched), where not
    None, is a call's code with the switch (SWITCHED(stmts)) around only what runs for a card that reacts (the
    pass react-first: compile/reacting.py), or None when it cannot (then BODY is switched whole)."""

    player: Expr
    body: tuple[Stmt, ...]
    within: Any = field(default=None, compare=False)


@node
class CallPrimitive(Node):
    """A core verb's call: VERB.run(ctx, *ARGS), or, with the pass `lower`, the code VERB's own `lower` gives
    in its place (primitives/registry.py), handed the arguments' code and the call's `Site`: KNOWN, each
    argument's value where it is a constant (else lowering.UNKNOWN), and ZONES, the game's declared zones (the
    zone an argument's code reads)."""

    verb: Any = field(compare=False)
    args: tuple[Expr, ...]
    known: tuple = field(compare=False)
    zones: tuple = field(compare=False)
    reacts: frozenset[str] | None = field(default=None, compare=False)  # Site.reacts


@node
class CallVerb(Node):
    """A call of the game's verb NAME with ARGS, in its parameters' order: its body (an entry of the table
    VERBS, or of TOLD when a listener asks for the game's acts: runtime/acts.py) runs on this same context, as
    its caller. The nesting limit is counted around it (SPANS: the verb's and the call's, for the error of a
    cycle), unless it is FLAT (it can never run inside itself: checks.flat_verbs, the pass flat-verbs).
    IN_PLACE: a flat verb's compiled statements, what a call may run in place of itself when nobody watches
    (calls.compile_verbs; the pass verb-in-place, ir/verb_in_place.py, makes the InPlace), or None."""

    name: str
    args: tuple[Expr, ...]
    verbs: Any = field(compare=False)
    told: Any = field(compare=False)
    flat: bool = False
    spans: tuple = field(default=(), compare=False)
    in_place: Any = field(default=None, compare=False)


@node
class InPlace(Node):
    """A flat verb's statements run in place of its call (the pass verb-in-place): ARGS, in its parameters'
    order, given to the parameters as locals of their own, then BODY, the verb's compiled statements with their
    lines (items, the names it writes once, its parameters: calls.compile_verbs), its names in locals. NESTED:
    the name and spans of a call of a verb that may run inside itself (the pass nested-in-place), whose nesting is
    counted around it as its call counts it (ir/emit_calls.py), or empty."""

    args: tuple[Expr, ...]
    body: Any = field(compare=False)
    nested: tuple = field(default=(), compare=False)


@node
class Trigger(Node):
    """`trigger EVENT CARDS NAME=VALUE...`: each of CARDS (taken first, as a list) with an `on EVENT` ability
    runs it by RUN_ABILITY, with the named values (NAMES, VALUES, worked out once before) in it. CARDS None:
    `trigger EVENT DEFINITION ...`, that card definition's ability run with no card in play."""

    event: str
    cards: Expr | None
    names: tuple[str, ...]
    values: tuple[Expr, ...]
    run_ability: Any = field(compare=False)
    definition: Expr | None = None
    dead: bool = False  # no card of the game has an `on EVENT` ability (the pass dead-triggers): CARDS worked out only


CallStmt = Union[Skip, AsPlayer, CallPrimitive, CallVerb, InPlace, Trigger]
