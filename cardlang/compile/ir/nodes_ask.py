"""The IR's nodes for asking: a text shown to a seat (a prompt, a note, with `{name}` filled in) and the
decisions the rules put to a player (`choose` of cards, card names, players, numbers or slots, `choose one of`
options, `may`; in secret, `simultaneous`), each built and asked in the generated function itself, the names
it reads kept where that function keeps them (its locals). Built by compile/decisions.py, turned into Python by ir/emit_ask.py. Knows no
runtime field, no Python `ast`, no game and no source construct.

A choice of cards (and of names, players, numbers, slots) is an expression, but asking is statements (the
prompt is made only when the decision is put in full, and not when a bot answers it by name): its statements
are emitted where it is a `let`'s whole value (`let t = choose ...;`, `t = choose ...;`: ir/emit_stmts.py
VALUE_RULES; a choice its statement evaluates unconditionally is made one by compile/lift.py), and anywhere
else (a conditional one) it is a call of its reference (FN: the call of its reference run that
compile/decisions.py builds as IR, made only then: `Reference`).

Every decision has: who is asked (BY; None: the effect's own player), its tag TAG, its prompt PROMPT (a `Const`
or a `Text` of ir/nodes_ops.py, made only when the decision is put) and whether it is PRIVATE (runtime
Decision.private).
"""
from __future__ import annotations

from dataclasses import field
from typing import Any, Callable, Union

from cardlang.compile.ir.nodes import Node
from cardlang.syntax.nodes import node


class Reference:
    """A choice's reference (FN of AskCards, AskPlayer, AskValues): MAKE() builds it, the IR of the call of its
    reference run (compile/decision_runs.py), the first time code calls it (ir/emit_ask.py), so a choice asked
    in place, as most are, never builds it nor the functions it passes."""

    __slots__ = ("make", "fn")

    def __init__(self, make: Callable[[], Node]) -> None:
        self.make = make
        self.fn: Node | None = None

    def __call__(self) -> Node:
        if self.fn is None:
            self.fn = self.make()
        return self.fn


@node
class AskCards(Node):
    """`choose KIND [COUNT] from CARDS`: the cards picked, a list. KIND "any", "up_to" or "exactly"; COUNT the
    number (WRITTEN when written as one, else COUNT's value; neither for "any"). ALWAYS: asked even with nothing
    to pick when someone reads the game. FIRST, a bot's answer tried before the decision is put, when nobody
    reads the game: "none" (its pick by name comes to none: nothing picked), "named" (its pick by name, FIND
    giving the option of a name; ONE: the count is 1 as written, else tested; FIND_READS_CARD: FIND's filter reads
    no names of the rules but its card), or None. FN: the reference (a `Reference`). NAMES_OF: the zone (of no
    piles) whose card names the pick by name tests each name against before it calls FIND (the pass
    `names-first`), or None."""

    by: Node | None
    tag: str
    prompt: Node
    private: bool
    cards: Node
    kind: str
    count: Node | None = None
    written: int | None = None
    always: bool = False
    first: str | None = None
    one: bool = False
    find: Any = field(default=None, compare=False)
    find_reads_card: bool = False
    fn: Any = field(default=None, compare=False)
    names_of: Node | None = None
    nones: bool = False  # may a bot answer TAG `none` first (GameSpec.none_first: the pass none-rules tests it)
    never_none: bool = False  # may a bot never answer TAG none by name (GameSpec.never_none: none-first-inline)


@node
class AskPlayer(Node):
    """`choose player from PLAYERS`: the seat picked (none to pick: an illegal action). FN: the reference (a
    `Reference`)."""

    by: Node | None
    tag: str
    prompt: Node
    private: bool
    players: Node
    fn: Any = field(default=None, compare=False)


@node
class AskValues(Node):
    """`choose KIND [COUNT] from VALUES`, VALUES card names (VKIND "cards": a list of them), numbers ("numbers":
    a tuple) or slots of a grid ("slots": a list); LABELS(options) their labels, made when read (None: the names'
    own). FN: the reference (a `Reference`)."""

    by: Node | None
    tag: str
    prompt: Node
    private: bool
    values: Node
    vkind: str
    kind: str
    count: Node | None = None
    labels: Any = field(default=None, compare=False)
    fn: Any = field(default=None, compare=False)


# ---- statements
@node
class AskOption(Node):
    """`choose one of`: BODIES[i] (a statement: a block's) run for the option picked among those whose condition
    in CONDS holds (None: an option always offered). None legal: nothing (ALWAYS: asked with nothing to pick when
    someone reads the game).
    A bot that answers by naming options (not PRIVATE, nobody reading the game) is asked by name, FIND(legal,
    label) giving a legal option's index; else the decision is put, LABEL_OF(legal) its labels."""

    by: Node | None
    tag: str
    prompt: Node
    private: bool
    conds: tuple[Node | None, ...]
    bodies: tuple[Node, ...]
    always: bool = False
    label_of: Any = field(default=None, compare=False)
    find: Any = field(default=None, compare=False)
    pre: tuple[Node, ...] = ()  # statements run before the conditions (the pass shared-conds' locals)


@node
class AskMay(Node):
    """`may`: BODY when the answer is yes, else ORELSE."""

    by: Node | None
    tag: str
    prompt: Node
    private: bool
    body: tuple[Node, ...]
    orelse: tuple[Node, ...] = ()


@node
class Secretly(Node):
    """`simultaneous`: BODY (its `let NAME = choose ...;` lines) with every decision asked in secret, the
    state's secrecy as it was again after BODY, however it ends."""

    body: tuple[Node, ...]


Expr = Union[AskCards, AskPlayer, AskValues]
Stmt = Union[AskOption, AskMay, Secretly]
