"""Run-time helpers of compiled rules: reading values (owners, neighbours, properties, texts), arithmetic that
reports its own mistakes, the step budget. Used by compiled code and by primitives; knows no AST and no game.
"""
from __future__ import annotations

from typing import Any

from cardlang.errors import RuleViolation, Span
from cardlang.primitives.types import CARD, CARDNAME, CARDS, NUMBERS, PLAYER, SLOT, SLOTS, ZONE, leaves_names
from cardlang.runtime.state import Ctx, IllegalAction


class NothingChosen(IllegalAction):
    """A card name was wanted from an empty pick: a rule violation, unless it is a verb's argument."""


class NothingToActOn(Exception):
    """A verb's card argument came from an empty pick: the call does nothing ("do what you can": a gain
    from a supply with nothing cheap enough left gains nothing, and the card goes on)."""


@leaves_names
def noop(ctx: Ctx, *_args: Any) -> None:  # (an empty block; a verb's is called with its arguments too)
    return None


def count_step(ctx: Ctx, span: Span) -> None:
    state = ctx.state
    state.steps += 1
    if state.steps > state.step_budget:
        over_budget(ctx, span)


@leaves_names
def over_budget(ctx: Ctx, span: Span) -> None:
    state = ctx.state
    raise RuleViolation(f"'{ctx.source or 'rules'}' ran past the step budget of {state.step_budget} steps; "
                            "does it loop forever?", span)


@leaves_names
def too_big(ctx: Ctx, value: int, span: Span) -> int:
    """A number past the limit (runtime/state.py NUMBER_LIMIT): the card that computed it, and where (never the
    number: it may be too long to print)."""
    raise RuleViolation(f"'{ctx.source or 'rules'}' computed a number of more than 18 digits; numbers in a game "
                        f"have at most 18 digits (under 10^18)", span)


def zone_cards_in(state, zone) -> list[int]:
    """The cards of ZONE as a list of its own; of a zone of piles, the top card of each pile."""
    if zone.spec.piles and zone.pile is None:
        return [z.cards[-1] for z in state.pile_order.get(zone.spec.slot, ()) if z.cards]
    return list(zone.cards)


def first_def(state, cards: list[int]):
    """The card name of the first of CARDS (a card name wanted from cards: `choose ...` passed on as a name)."""
    if not cards:
        raise NothingChosen("no card was chosen")
    return state.card_def[cards[0]]


def first_name(names: list):
    """The first of the card names NAMES (a choice of one card name, passed on as that name)."""
    if not names:
        raise NothingChosen("no card was chosen")
    return names[0]


def as_cards(v) -> list[int]:
    if isinstance(v, list):
        return v
    if isinstance(v, int):
        return [v]
    return list(v.cards)


@leaves_names  # (reads the state's card definitions only)
def text_of(ctx: Ctx, v, t: str) -> str:
    if t == CARDS:
        if len(v) == 1:  # the usual one card: no generator
            return ctx.state.card_def[v[0]].name
        return ", ".join(ctx.state.card_def[c].name for c in v) or "nothing"
    if t == CARD:
        return ctx.state.card_def[v].name
    if t == CARDNAME:
        return v.name
    if t == PLAYER:
        return f"p{v + 1}"
    if t == ZONE:
        return v.label
    if t == NUMBERS:
        return ", ".join(map(str, v)) or "none"
    if t == SLOT:
        return _slot_label(v)
    if t == SLOTS:
        return ", ".join(_slot_label(x) for x in v) or "none"
    return str(v)


def _slot_label(cell) -> str:
    return f"column {cell[0]}, row {cell[1]}"


def slot_labels(cells) -> list[str]:
    """The labels of several slots (one call for a decision's options, not one per slot)."""
    return [f"column {c}, row {r}" for c, r in cells]


def first_slot(cells):
    if not cells:
        raise IllegalAction("no slot was chosen")
    return cells[0]


def int_div(a: int, b: int) -> int:
    if b == 0:
        raise IllegalAction("division by zero")
    return a // b


def int_mod(a: int, b: int) -> int:
    if b == 0:
        raise IllegalAction("division by zero")
    return a % b


def others_of(state, you: int, include_self: bool = False) -> list[int]:
    n = state.num_players
    if True not in state.out:  # nobody eliminated: the seats from YOU on, round the table, in one go
        return [*range(you if include_self else you + 1, n), *range(you)]
    start = 0 if include_self else 1
    return [(you + i) % n for i in range(start, n) if not state.out[(you + i) % n]]


def owned_cards(state, p: int, *slots: int) -> list[int]:
    """`P.owned`: a new list of the cards of seat P's zones declared at SLOTS (its owned zones), in order."""
    out: list[int] = []
    for s in slots:
        out.extend(state.zones[s][p].cards)
    return out


def neighbour_of(state, p: int, step: int) -> int:
    n = state.num_players
    q = (p + step) % n
    while state.out[q] and q != p:
        q = (q + step) % n
    return q


@leaves_names
def owner_of(ctx: Ctx, cards: list[int]) -> int:
    if not cards:
        raise IllegalAction("no card to find the owner of")
    owner = ctx.state.loc[cards[0]].owner
    if owner is None:
        raise IllegalAction(f"{ctx.state.card_def[cards[0]].name} belongs to no player where it is")
    return owner


@leaves_names  # (a computed property runs in a context of its own, its names empty)
def prop_of_card(ctx: Ctx, cid: int, n: str, default) -> Any:
    d = ctx.state.card_def[cid]
    if d.dynamic:  # (most cards compute no property: one test, not a look-up)
        dyn = d.dynamic.get(n)
        if dyn is not None:
            owner = ctx.state.loc[cid].owner
            return dyn(Ctx(ctx.state, owner if owner is not None else ctx.you, cid, {}, d.name))
    return d.props.get(n, default)


def prop_of_def(ctx: Ctx, d, n: str, default, cid) -> Any:
    dyn = d.dynamic.get(n)
    if dyn is not None:
        return dyn(Ctx(ctx.state, ctx.you, cid, {}, d.name))
    return d.props.get(n, default)


def choice_bounds(kind: str, count: int | None, available: int) -> tuple[int, int]:
    if kind == "exactly":
        n = min(max(count or 0, 0), available)
        return n, n
    if kind == "up_to":
        return 0, min(max(count or 0, 0), available)
    return 0, available

