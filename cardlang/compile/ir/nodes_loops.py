"""The IR's nodes for the loops over a set and the last plain statements: `ITEMS where COND`, its count and
`sum(ITEMS, EACH)` (in their caller, or as the body of the function generated for them, with its step
charge and its shortcuts), a rules name's `+=` / `-=`, `attack`, entering a phase and `break`. Frozen and
slotted like ir/nodes.py's, whose bridges (`Of`, `Py`, `OfBlock`) and leaves they hold; emitted by
ir/emit_loops.py. Knows no runtime field, no Python `ast`, no game and no source construct.

A filter's or a sum's FN is its generated function (the reference its caller may call instead of the loop
inlined); a statement's RUN is the generated function doing the same (what the emitter calls where it inlines
nothing: a phase's `run_phase`).
"""
from __future__ import annotations

from dataclasses import field
from typing import Any, Union

from cardlang.compile.ir.nodes import Node
from cardlang.syntax.nodes import node


# ---- expressions
@node
class Bounded(Node):
    """VALUE, a number, checked against the number limit: past it, TOO_BIG(ctx, value, SPAN) stops the game."""

    value: Node
    span: Any = field(compare=False)
    too_big: Any = field(compare=False)


@node
class Where(Node):
    """`ITEMS where COND` in its caller, each item the rules name VAR in COND: a list of the items COND holds
    for. INLINE: the loop written in the caller (a comprehension, when COND hands the context to nothing that
    might read names and reads some name of the caller's), else a call of FN; ONE (the shortcuts): ITEMS of at
    most one item is a test in the caller; GUARD (a `CounterGuard`): no card can pass when no card holds the
    counter's value, tested before anything else."""

    items: Node
    cond: Node
    var: str
    fn: Any = field(compare=False)
    inline: bool = False
    one: bool = False
    guard: "CounterGuard | None" = None


@node
class CountWhere(Node):
    """`count(ITEMS where COND)` in its caller: the length of the comprehension where INLINE allows it (as for
    `Where`), else a call of FN, the counting loop (which builds no list)."""

    items: Node
    cond: Node
    var: str
    fn: Any = field(compare=False)
    inline: bool = False


@node
class ListCount(Node):
    """How many of the list of numbers ITEMS are equal to X (the list's own count)."""

    items: Node
    x: Node


@node
class CountEqual(Node):
    """`count(NUMBERS where number == X)` in its caller: `ListCount(ITEMS, X)` when both only read (no
    call, nothing that can fail), else a call of FN, the function returning it."""

    items: Node
    x: Node
    fn: Any = field(compare=False)


@node
class SumIn(Node):
    """`sum(ITEMS, EACH)` in its caller, each item the rules name `card` in EACH, the total `Bounded` (SPAN,
    TOO_BIG; not checked when TOO_BIG is None, a total that cannot reach the limit: the pass sum-bounds):
    written in the caller where EACH hands the context to nothing that might read names and reads some name of
    the caller's; else a call of FN."""

    items: Node
    each: Node
    fn: Any = field(compare=False)
    span: Any = field(compare=False)
    too_big: Any = field(compare=False)


# ---- statements
@node
class ChangeName(Node):
    """`NAME += VALUE` / `NAME -= VALUE` (OP) of a rules name, the new value checked as `Bounded` is (SPAN,
    TOO_BIG)."""

    name: str
    op: str
    value: Node
    span: Any = field(compare=False)
    too_big: Any = field(compare=False)


@node
class Attack(Node):
    """`attack NAME in TARGETS { BODY }`: each target (one step each, COUNT_STEP(ctx, SPAN)) goes through the
    game's attack window and its watchers (WINDOW(ctx, target): whether it is hit, runtime/abilities.py), and
    BODY(ctx), the block's function, runs for each one left unprotected, NAME the target in ctx.vars (the
    window runs rules and watchers between targets, so the body is a function of its own, not inlined)."""

    name: str
    targets: Node
    span: Any = field(compare=False)
    count_step: Any = field(compare=False)
    window: Any = field(compare=False)
    body: Any = field(compare=False)


@node
class RunPhase(Node):
    """The body of phase NAME's function of its own (the game's phases table; the turn calls it where it does
    not enter the phase in place: EnterPhase): the game enters phase NAME, TELL(state, NAME) tells whoever
    watches, then BLOCK(ctx), the phase's block (None: an empty one)."""

    name: str
    tell: Any = field(compare=False)
    block: Any = field(default=None, compare=False)


@node
class EnterPhase(Node):
    """`phase NAME { BODY }`: the game enters phase NAME (told to whoever watches), then BODY runs. RUN(ctx) is
    the reference (called when someone watches, or when not INLINE: the pass phase-inline off); BLOCK(ctx)
    BODY as a function of its own, called in place of BODY's statements when they would set the player
    (which keeps the caller from reading the player once per loop). ONCE: the rules names BODY writes in one
    place only (kept in locals, as BLOCK keeps them)."""

    name: str
    body: tuple[Node, ...]
    run: Any = field(compare=False)
    block: Any = field(compare=False)
    once: frozenset = frozenset()
    inline: bool = True


@node
class Break(Node):
    """`break`: ends the loop around it (one of the same generated function, or one that called it)."""


@node
class Charge(Node):
    """Charge one step of the game's step budget per item of the list ITEMS, all at once; past the budget,
    OVER_BUDGET(ctx, SPAN) stops the game naming the loop."""

    items: Node
    span: Any = field(compare=False)
    over_budget: Any = field(compare=False)


@node
class CounterGuard(Node):
    """Answer EMPTY at once (a `return`) when no card holds the value X of the per-card counter KEY (START: a
    card at it has no entry): no card can pass a filter `card.KEY == X`. Nothing when X's reading might fail."""

    key: str
    start: int
    x: Node
    empty: Node


@node
class OverItems(Node):
    """The body of the function generated for a loop over ITEMS (each item the rules name VAR in EACH), which
    returns its result: KIND "where" (the items the condition EACH holds for), "count" (how many) or "sum" (EACH
    added up, `Bounded` with SPAN and TOO_BIG, unless TOO_BIG is None). GUARD (a `CounterGuard`) may answer
    first; CHARGED: the items are charged to the step budget first (`Charge`, OVER_BUDGET), for a loop whose
    EACH may loop itself. A
    body that only reads goes over a zone's own list and computes its reads that are the same for every item
    once (compile/hoist.py)."""

    kind: str
    items: Node
    var: str
    each: Node
    span: Any = field(compare=False)
    over_budget: Any = field(compare=False)
    too_big: Any = field(compare=False)
    guard: "CounterGuard | None" = None
    charged: bool = True


@node
class CreateAll(Node):
    """LOOP, a `for` over a constant list of card definitions whose body is one `create` of each into the same
    zone DEST of no piles (`for d in cards where card is T { create d.copies d to pile; }`), as
    one create of them all: DEFS (a Value) every new card's definition in the order the loop makes them, added
    at once in the code when nobody is told, no table derived from the definitions is kept, DEST is no grid,
    and the step budget (STEPS: the loop's passes and the cards) and the card limit allow them all; else LOOP
    as it is (the pass `create-all`: compile/ir/create_all.py)."""

    defs: Node
    dest: Node
    steps: int
    loop: Node



@node
class MoveAll(Node):
    """LOOP, a `for` over the answer of WHERE (`SRC where card is T`, in the caller, given to the parameter
    PARAM of the verb run in place) that moves each card to the top of DEST and, where ADD (a `ChangeCounter`
    `+=` of the printed read of the loop's card, never below 0, with no bank) is given, adds that to the
    counter: WHERE worked out here, in one loop with the total and the cards that stay in SRC, and then one move
    of the list and one change by the total, in the code, when nobody is told (no log, listener or checker), no
    card is attached or privately shown, SRC is not DEST, and the step budget and the counter's bounds allow
    it all; else LOOP as it is, over WHERE's answer (the pass `whole-moves`: compile/ir/whole_moves.py;
    emitted by ir/emit_moves.py)."""

    where: Node
    param: str
    src: Node
    dest: Node
    add: Any
    loop: Node

Expr = Union[Bounded, Where, CountWhere, ListCount, CountEqual, SumIn]
Stmt = Union[ChangeName, Attack, EnterPhase, RunPhase, Break, Charge, CounterGuard, OverItems, CreateAll, MoveAll]
