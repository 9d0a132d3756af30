"""The statements of a scenario that set its position before anything is played: a zone's cards
(`p1.hand = [Gem, Coin];`), a player's turns (`p2.turns = 5;`), the next dice (`dice [3, 3, 6];`) and one card
put into a zone or a grid's slot (`put Guard to p1.board column=4 row=1;`). A card comes from those the scenario
set aside, else from the top of its supply pile (`_fetch_card`): a scenario never makes one more than the game
has, unseen. Each builder takes the scenario's runner (compile/scenario.py: its compiler, scope, game and the
box of cards set aside) and one parsed statement, and returns a step `ctx -> None`. Knows no game.
"""
from __future__ import annotations

from typing import Callable

from cardlang.compile.compiler import CARDNAME, CARDNAMES, INT, PLAYER
from cardlang.compile.scenario_checks import ScenarioFailed
from cardlang.errors import CardCompileError, Span
from cardlang.runtime import zones as Z
from cardlang.runtime.events import Note
from cardlang.runtime.state import CardDef, Ctx, GameState, Zone
from cardlang.syntax import ast


def set_zone(runner, st: ast.Assign) -> Callable[[Ctx], None]:
    """`p1.hand = [Gem, Coin];`: the zone holds these cards, top card first (see _fetch_card)."""
    comp, scope = runner.comp, runner.scope
    zname = st.target[-1]
    zs = runner.game.spec.zones[zname]
    if len(st.target) == 2:
        who = comp.name(st.target[0], scope, st.span)
        if who.type != PLAYER:
            raise CardCompileError(f"'{st.target[0]}' is not a player", st.span)
        seat = comp.fn_of(who)
        zone_fn = lambda ctx: ctx.state.zones[zs.slot][seat(ctx)]  # noqa: E731
    else:
        zone_fn = (lambda ctx: ctx.state.zones[zs.slot][ctx.you]) if zs.per_player else \
            (lambda ctx: ctx.state.zones[zs.slot][0])
    value = comp.expr(st.value, scope)
    if value.type not in (CARDNAMES, CARDNAME):
        raise CardCompileError("a zone is set to a list of card names, top card first", st.value.span)
    names = comp.coerce(value, CARDNAMES, st.value.span)
    box, span = runner.box, st.span

    def run_set_zone(ctx: Ctx) -> None:
        state = ctx.state
        zone = zone_fn(ctx)
        for cid in list(zone.cards):
            Z.move(state, cid, box)
        for d in reversed(names(ctx)):  # bottom card first, so the first name ends on top
            Z.move(state, _fetch_card(box, state, d, zone.label, span), zone)
    return run_set_zone


def set_turns(runner, st: ast.Assign) -> Callable[[Ctx], None]:
    """`p2.turns = 5;`: p2 has taken 5 turns (what `turns` reads, as in `tiebreak fewest turns`)."""
    if st.op != "=" or len(st.target) != 2:
        raise CardCompileError("set a player's turns: p2.turns = 5;", st.span)
    who = runner.comp.name(st.target[0], runner.scope, st.span)
    if who.type != PLAYER:
        raise CardCompileError(f"'{st.target[0]}' is not a player", st.span)
    value = runner.comp.coerce(runner.comp.expr(st.value, runner.scope), INT, st.value.span)
    seat, span = runner.comp.fn_of(who), st.span

    def run_set_turns(ctx: Ctx) -> None:
        p, n = seat(ctx), value(ctx)
        if n < 0:
            raise ScenarioFailed(f"a number of turns is 0 or more, not {n}", span)
        state = ctx.state
        state.turn_number += n - state.turns[p]
        state.turns[p] = n
    return run_set_turns


def _fetch_card(box: Zone, state: GameState, d: CardDef, where: str, span: Span) -> int:
    """A card of definition D for a scenario to put WHERE: one the scenario put aside, else the top of D's
    supply pile. A card whose pile is empty is refused (the supply has no more: a scenario must not make one
    more than the game has, unseen); a card with no pile at all is made, with a note in the log saying so."""
    cid = next((c for c in box.cards if state.card_def[c] is d), None)
    if cid is not None:
        return cid
    piles = [pile for piles in state.pile_order.values() for pile in piles if pile.pile == d.name]
    for pile in piles:
        if pile.cards:
            return pile.cards[-1]
    if piles:
        raise ScenarioFailed(f"no {d.name} is left to put in {where}: its supply pile ({piles[0].label}) is empty "
                             "and none was set aside", span,
                             hint="set the zone before emptying the pile, or put fewer")
    cid = state.new_card(d, box)
    if state.log is not None:
        state.emit(Note(None, f"scenario: made a {d.name} for {where} (it has no supply pile)"))
    return cid


def dice(runner, st: ast.Call) -> Callable[[Ctx], None]:
    """`dice [3, 3, 6];`: the next rolls show these faces, in order (then the seeded RNG goes on)."""
    values: list[int] = []
    for a in st.args:
        items = a.items if isinstance(a, ast.ListLit) else (a,)
        for i in items:
            if not isinstance(i, ast.IntLit):
                raise CardCompileError("dice takes numbers: dice [3, 3, 6];", i.span)
            values.append(i.value)
    if st.kwargs or not values:
        raise CardCompileError("dice takes numbers only: dice [3, 3, 6];", st.span)

    def run_dice(ctx: Ctx) -> None:
        ctx.state.fixed_dice.extend(values)
    return run_dice


def put(runner, st: ast.Call) -> Callable[[Ctx], None]:
    """`put Guard to p1.board column=4 row=1;`: one card into a zone (into a slot of a grid; onto a
    taken slot it is attached to the card there). The card comes as for a zone assignment (_fetch_card)."""
    comp, scope = runner.comp, runner.scope
    kw = {k.key: k.value for k in st.kwargs}
    if len(st.args) != 1 or not ({"to"} <= set(kw) <= {"to", "into", "column", "row"}):
        raise CardCompileError("put takes a card and a zone: put Guard to p1.board column=4 row=1;", st.span)
    name = comp.coerce(comp.expr(st.args[0], scope), CARDNAME, st.args[0].span)
    zone = comp.coerce(comp.expr(kw["to"], scope), "zone", kw["to"].span)
    col = comp.coerce(comp.expr(kw["column"], scope), "int", kw["column"].span) if "column" in kw else None
    row = comp.coerce(comp.expr(kw["row"], scope), "int", kw["row"].span) if "row" in kw else None
    if (col is None) != (row is None):
        raise CardCompileError("put needs both column= and row=, or neither", st.span)
    box, span = runner.box, st.span

    def run_put(ctx: Ctx) -> None:
        from cardlang.runtime import board as B
        state = ctx.state
        dest = zone(ctx)
        cid = _fetch_card(box, state, name(ctx), dest.label, span)
        if col is None:
            Z.move(state, cid, dest)
            return
        cell = (col(ctx), row(ctx))
        there = B.card_at(dest, cell)
        if there is not None:
            B.attach(state, cid, there)
        else:
            Z.move(state, cid, dest, cell=cell)
    return run_put
