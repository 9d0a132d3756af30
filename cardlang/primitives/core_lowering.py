"""The code generated in place of a call of `move`, `reveal`, `trigger`, `first_turn`, `note` and `create` (their `lower`,
primitives/core.py): the same state and events as the verb's `run`, with fewer calls when nobody watches. Built as the compiler's
IR (a move of one card, a test for an ability, the watched split) through `gen.ir` and spelt by its emitter
(`gen.emit_ir`): this module imports nothing of the compiler and spells no field of the runtime's state.
"""
from __future__ import annotations

import ast as py
import copy
from typing import Callable

from cardlang.primitives.lowering import CTX, Reactions, call, calls, const, fresh_list, name, one_card, store
from cardlang.runtime import zones as Z
from cardlang.runtime.abilities import reacting_ids


def lower_move(gen, to: py.expr, what: py.expr, site, move_into: Callable, move_top: Callable,
               move_zone: Callable, quiet: tuple[Callable, Callable] | None = None) -> list[py.stmt]:
    """`move WHAT to TO`: the move of one card (`move x to inplay`) in the code itself when nobody watches
    (the IR's MoveOne); cards in a local, most often one card, the same when there is one; `top N of ZONE`
    (zones.top's code) as MOVE_TOP(ctx, TO, ZONE, N) and a whole zone (`list(ZONE.cards)`), when it holds cards, as
    MOVE_ZONE(ctx, TO, ZONE): one call each; else MOVE_INTO(ctx, TO, WHAT). Built as IR (gen.ir), spelt by
    the compiler's emitter. QUIET: the two calls' versions for code that runs only when nobody watches, in a
    game of no grid, to a declared zone of no piles (the pass quiet-moves: Site.quiet), which test less; with
    the pass moves-in-code their own case in the code (MoveTop, MoveZone), and a local's two cards or more
    that are a whole zone's moved as that zone (MoveList)."""
    ir = gen.ir
    in_code = False  # the quiet versions' own case in the code itself (the pass moves-in-code: MoveTop, MoveZone)
    if quiet is not None and site.quiet and site.gridless:
        spec = site.zone_of(to)
        if spec is not None and not spec.piles and not spec.grid:
            move_top, move_zone = quiet
            in_code = gen.options.on("moves-in-code")
    card = one_card(what)
    if card is not None:
        return gen.emit_ir(_move_one(ir, move_into, ir.Py(to), ir.Py(card), site.zone_of(to), site.gridless))
    if isinstance(what, py.Name):
        # cards in a local (`let got = top 1 of ...; move got to dest`), most often one card:
        # if len(CARDS) == 1: <the move of one card, CARDS[0]> else: move_into(ctx, DEST, CARDS); with the
        # pass empty-moves, `elif CARDS: move_into(...)`: a move of no card (a hand discarded empty at
        # clean-up) moves nothing and tells nothing, as move_into's loops over no card do
        cards = ir.Py(what)
        d = ir.Py(to) if isinstance(to, py.Name) else ir.Var("d")
        first = () if isinstance(to, py.Name) else (ir.Let(d, ir.Py(to)),)
        many: tuple = (ir.Do(ir.Call(move_into, (d, cards), first="ctx")),)
        if gen.options.on("empty-moves"):
            if in_code:  # (two cards or more: a whole zone's copy moved as the zone, in the code: MoveList)
                many = (ir.MoveList(cards, d, move_into),)
            many = (ir.If(cards, many),)
        return gen.emit_ir(first + (ir.If(
            ir.Single(cards), _move_one(ir, move_into, d, ir.Item(cards, 0), site.zone_of(to), site.gridless),
            many),))
    if calls(gen, what, Z.top) and len(what.args) == 3:
        # zones.top(ctx.state, ZONE, N): the same arguments, evaluated in the same order, in one call
        if in_code:
            return gen.emit_ir((ir.MoveTop(ir.Py(to), ir.Py(what.args[1]), ir.Py(what.args[2]), move_top,
                                           *_apart(site, to, what.args[1])),))
        return gen.emit_ir((ir.Do(ir.Call(move_top, (ir.Py(to), *map(ir.Py, what.args[1:])), first="ctx")),))
    zone = gen.ir_mark(what)
    if type(zone) is ir.ZoneCards:  # list(ZONE.cards), a copy of a whole zone's cards (the emitter's)
        # `_d = TO; _z = ZONE; if _z.cards: MOVE_ZONE(ctx, _d, _z)`: an empty zone (most often: `move fresh to
        # destiny` at each action) moves nothing, as move_zone_into returns at once (a zone of piles holds no
        # card of its own: nor does it move one)
        if in_code:
            return gen.emit_ir((ir.MoveZone(ir.Py(to), zone.zone, move_zone,
                                            *_apart(site, to, zone.zone.code)),))
        d, z = ir.Var("d"), ir.Var("z")
        return gen.emit_ir((ir.Let(d, ir.Py(to)), ir.Let(z, zone.zone),
                            ir.If(ir.OwnCards(z), (ir.Do(ir.Call(move_zone, (d, z), first="ctx")),))))
    return gen.emit_ir((ir.Do(ir.Call(move_into, (ir.Py(to), ir.Py(what)), first="ctx")),))


def _apart(site, to: py.expr, zone: py.expr) -> tuple[bool, bool]:
    """(APART, PILELESS) of a MoveTop or MoveZone from the zone the code ZONE reads to TO's: two declared zones
    of different slots are two zones (each slot's zones are Zones of their own); a declared zone of no piles
    never holds a pile's cards."""
    src, dest = site.zone_of(zone), site.zone_of(to)
    return (src is not None and dest is not None and src.slot != dest.slot,
            src is not None and not src.piles)


def _move_one(ir, move_into: Callable, dest, card, spec=None, gridless: bool = False) -> tuple:
    """`move CARD to DEST` (IR) of one card: MoveOne, move_into's quiet case in the code, else the call (the
    emitter's rule says the code). DEST a declared zone (SPEC) is known to have no grid and no piles, or is
    known to have them (the call alone); GRIDLESS: the game has no grid (Site.gridless)."""
    if spec is not None and (spec.grid or spec.piles):
        return (ir.Do(ir.Call(move_into, (dest, ir.Cards((card,))), first="ctx")),)
    return (ir.MoveOne(card, dest, move_into, dest_plain=spec is not None, gridless=gridless),)


def lower_trigger(gen, args: list[py.expr], event: str, site) -> list[py.stmt] | None:
    """`trigger EVENT CARDS` (ARGS: the code of run_ability, the event and the cards) as code that runs each
    reacting card's ability itself, `RUN_ABILITY(ctx, _c, EVENT)`, with no call for a card that has no `on
    EVENT` ability (most cards, for most events) and none of Trigger.run's:

        _c = CARD; if EVENT in ctx.state.card_def[_c].triggers: RUN_ABILITY(ctx, _c, EVENT)   (one card)
        _t = list(CARDS)
        for _c in _t:
            if EVENT in ctx.state.card_def[_c].triggers: RUN_ABILITY(ctx, _c, EVENT)

    (run looks through the cards first and then runs them, each tested again when its turn comes: the same,
    since `_t` is a list of the code's own). For a call made `for P` (site.switched), the switch goes around
    what runs once a card that reacts is found (a loop of its own, as run's second one), when the cards read
    no `you` and run_ability is a free read; else None (the compiler switches around the whole)."""
    run_ability, _, cards = args
    if site.reacts is not None and event not in site.reacts:
        # no card of the game has an `on EVENT` ability (the pass dead-triggers): nothing can react; the cards
        # are still worked out (`top 1 of deck` may shuffle), as run does
        return [py.Pass()] if isinstance(cards, (py.Name, py.Constant)) else [py.Expr(cards)]
    card = one_card(cards)
    if type(card) is py.Name and isinstance(site.reacts, Reactions) and not site.reacts.may(site.types_of(card), event):
        return [py.Pass()]  # a card of types no card that reacts has (the pass typed-triggers): nothing to look at
    switched = site.switched
    if switched is not None and (not site.reads_no_you(cards) or not site.free_read(run_ability)):
        return None
    wrap = switched if switched is not None else (lambda body: body)

    def has(c: str) -> py.expr:  # has card C an `on EVENT` ability?
        return gen.emit_expr(gen.ir.HasTrigger(gen.ir.Py(name(c)), event))

    def run(c: str) -> py.stmt:
        return py.Expr(call(run_ability, name(CTX), name(c), const(event)))
    if card is not None:
        c = card.id if isinstance(card, py.Name) else gen.fresh("c")
        first = [] if isinstance(card, py.Name) else [py.Assign([store(c)], card)]
        return first + [py.If(has(c), wrap([run(c)]), [])]
    t, c = gen.fresh("t"), gen.fresh("c")
    zones = gen.zones_cards(cards)
    # looked through as the abilities run: a list of its own unless it is one already (`[x]`, `list(X)`)
    items = cards if fresh_list(cards) else call(name("list"), cards)
    if not zones:
        first = py.Assign([store(t)], items)
        if switched is None:
            return [first, py.For(store(c), name(t), [py.If(has(c), [run(c)], [])], [])]
        c2 = gen.fresh("c")
        each = py.For(store(c2), name(t), [py.If(has(c2), [run(c2)], [])], [])
        return [first, py.For(store(c), name(t), [py.If(has(c), switched([each]) + [py.Break()], [])], [])]
    if switched is None:
        return copy_if_reacting(gen, items, t, event, py.For(store(c), name(t), [py.If(has(c), [run(c)], [])], []))
    c2 = gen.fresh("c")
    each = py.For(store(c2), name(t), [py.If(has(c2), [run(c2)], [])], [])
    return copy_if_reacting(gen, items, t, event,
                            py.For(store(c), name(t), [py.If(has(c), switched([each]) + [py.Break()], [])], []))


def may_react(gen, zones: bool, t: str, event: str, scan: py.stmt) -> py.stmt:
    """SCAN, the look through the list T for a card with an `on EVENT` ability, done only when T holds one of
    the cards that have one (a set operation, runtime/abilities.py reacting_ids; the pass `react-skip`), when
    T is the cards of whole zones (ZONES: Gen.zones_cards): most such lists hold none, and the look costs a
    few steps a card; a card or two (`[s, attached(s)]`) is looked through sooner than the set is found."""
    if not zones or not gen.options.on("react-skip"):
        return scan
    return py.If(gen.emit_expr(gen.ir.MayReact(gen.ir.Py(name(t)), event, reacting_ids)), [scan], [])


def copy_if_reacting(gen, items: py.expr, t: str, event: str, scan: py.stmt) -> list[py.stmt]:
    """`_t = ITEMS; <may_react(_t): SCAN>`, where ITEMS is the cards of whole zones (Gen.zones_cards). When
    ITEMS is the copy of one zone's cards (`list(ZONE.cards)`, the emitter's ZoneCards) and the passes
    `react-skip` and `react-copy-late` are on, the set question is asked of the zone's own list and the copy
    made only when a card may react: `if not REACTING(EVENT).isdisjoint(ZONE.cards): _t = list(ZONE.cards);
    SCAN` (most such zones hold no card that reacts, and nothing changes between the question and the copy)."""
    one_zone = (gen.options.on("react-skip") and gen.options.on("react-copy-late")
                and type(gen.ir_mark(items)) is gen.ir.ZoneCards and len(items.args) == 1)
    if not one_zone:
        return [py.Assign([store(t)], items), may_react(gen, gen.zones_cards(items), t, event, scan)]
    asked = gen.emit_expr(gen.ir.MayReact(gen.ir.Py(copy.deepcopy(items.args[0])), event, reacting_ids))
    return [py.If(asked, [py.Assign([store(t)], items), scan], [])]


def when_watched(gen, fn: Callable, args: list[py.expr]) -> list[py.stmt]:
    """`if ctx.state.log is not None or ctx.state.listeners: FN(ctx, ARGS...)`: a call that does something only
    for someone watching (`note`), and no call at all when nobody is."""
    ir = gen.ir
    return gen.emit_ir((ir.If(ir.Watched(), (ir.Do(ir.Call(fn, tuple(map(ir.Py, args)), first="ctx")),)),))


def lower_reveal(gen, cards: py.expr, tell: Callable) -> list[py.stmt]:
    """`reveal CARDS`: `_r = CARDS; if ctx.state.log is not None or ctx.state.listeners: TELL(ctx.state,
    ctx.you, _r)`. The cards are worked out whoever watches (`top 2 of deck` may shuffle the discard in
    first); nothing else is done when nobody does."""
    ir = gen.ir
    r = ir.Py(cards) if isinstance(cards, py.Name) else ir.Var("r")
    first = () if isinstance(cards, py.Name) else (ir.Let(r, ir.Py(cards)),)
    return gen.emit_ir(first + (ir.If(ir.Watched(), (ir.Do(ir.Call(tell, (ir.State(), ir.You(), r), first=None)),)),))


def lower_first_turn(gen, who: py.expr, check: Callable, give: Callable) -> list[py.stmt]:
    """`first_turn WHO`: CHECK(ctx.state), then WHO (a lazy argument, often a choice by chance: drawn only
    once the check passed) worked out in the code itself and handed to GIVE(ctx.state, WHO)."""
    ir = gen.ir
    return gen.emit_ir((ir.Do(ir.Call(check, ())), ir.Do(ir.Call(give, (ir.Py(who),)))))



def lower_create(gen, card: py.expr, to: py.expr, count: py.expr, run: Callable, gridless: bool) -> list[py.stmt]:
    """`create COUNT CARD to TO` (TO a zone of no piles) as zones.create's quiet case, in the code (the IR's
    CreateCards), RUN(ctx, CARD, TO, COUNT) when someone watches or a limit is met. A set-up makes a few
    dozen creates; each was two calls of Python (run, zones.create)."""
    ir = gen.ir
    return gen.emit_ir((ir.CreateCards(ir.Py(card), ir.Py(to), ir.Py(count), run, gridless),))
