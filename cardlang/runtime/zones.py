"""The only mutators of where cards are: create, move, shuffle, and the refill-on-empty rule."""
from __future__ import annotations

import random

from cardlang.runtime import board
from cardlang.runtime.events import Created, Moved, Refilled, Shuffled
from cardlang.runtime.state import CardDef, GameState, IllegalAction, Zone


def create(state: GameState, d: CardDef, zone: Zone, count: int) -> None:
    """Bring COUNT new cards of D into ZONE (set-up only: cards are never created during play)."""
    steps = state.steps + count
    if steps > state.step_budget:
        state.spend(count, f"creating {count:,} {d.name}")  # refused, and named (the text only then)
    state.steps = steps
    card_def = state.card_def
    start = len(card_def)
    if start + count > state.card_limit:
        raise IllegalAction(f"creating {count:,} {d.name} would pass the limit of {state.card_limit:,} cards "
                            f"in one game ({start:,} exist)")
    if zone.cells is None and state.log is None and not state.listeners:  # nobody watches: all at once
        card_def.extend([d] * count)
        if state.ids_of:
            state.ids_of.clear()  # derived from card_def (state.py)
        state.loc.extend([zone] * count)
        zone.cards.extend(range(start, start + count))
        if zone.pile is not None:
            state.empty_known = None  # (a pile was made or grew)
        return
    for _ in range(count):
        cid = state.new_card(d, zone)
        if zone.cells is not None:
            board.place_new(state, cid, zone)
        if state.log is not None or state.listeners:
            state.emit(Created(cid, d.name, zone.label))


def move(state: GameState, cid: int, dest: Zone, *, bottom: bool = False,
         cell: tuple[int, int] | None = None) -> None:
    """Move one card, by identity, from wherever it is to the top (or bottom) of DEST (to CELL of a grid)."""
    src = state.loc[cid]
    if src.cells is not None or dest.cells is not None or state.host or cell is not None:
        board.move_linked(state, cid, dest, bottom=bottom, cell=cell)  # slots and attachments
        return
    if src is dest and not bottom:
        return
    if state.peeked and src is not dest:
        state.peeked.pop(cid, None)  # a private look lasts until the card leaves its zone (move_linked too)
    src.take(cid)
    if dest.spec.piles:
        if dest.pile != state.card_def[cid].name:
            dest = state.pile(dest.spec.slot, state.card_def[cid].name)  # a card goes back to its own pile
        state.empty_known = None  # a pile got a card
    if src.pile and not src.cards:
        state.empty_known = None  # a pile lost its last card
    if bottom:
        dest.cards.insert(0, cid)
    else:
        dest.cards.append(cid)
    state.loc[cid] = dest
    if state.log is not None or state.listeners:
        state.emit(Moved(cid, state.card_def[cid].name, src.label, dest.label))
    if state.check is not None:
        state.check.moved(state, cid, src, dest)


def move_all(state: GameState, src: Zone, dest: Zone) -> None:
    """Move every card of SRC onto DEST, keeping their order (cheaper than one move per card)."""
    if src is dest or not src.cards:
        return
    if (dest.spec.piles or state.log is not None or state.listeners or state.check is not None
            or src.cells is not None or dest.cells is not None or state.host or state.peeked):
        for cid in list(reversed(src.cards)):
            move(state, cid, dest)
        return
    moved = src.cards
    src.cards = []
    if src.pile is not None:
        state.empty_known = None
    loc = state.loc
    for cid in moved:
        loc[cid] = dest
    dest.cards.extend(reversed(moved))


def shuffle(state: GameState, zone: Zone) -> None:
    """Shuffle ZONE with the game's one RNG, and log the new order so the game replays exactly."""
    shuffle_list(state.rng, zone.cards)
    if state.log is not None or state.listeners:
        state.emit(Shuffled(zone.label, tuple(state.card_def[c].name for c in zone.cards)))
    if state.check is not None:
        state.check.shuffled(state, zone)


# CPython's Random draws a number below N by `_randbelow_with_getrandbits` (unless a subclass changes it).
_OWN_RANDBELOW = getattr(random.Random, "_randbelow", None) is getattr(random.Random, "_randbelow_with_getrandbits",
                                                                      object())
# A shuffle's steps for a pile of each size met so far (up to _PLANNED cards): (index, N, bits of N) for the
# index swapped with a card at or below it, N = index + 1 the choices there.
_PLANNED = 256
_PLANS: list[tuple[tuple[int, int, int], ...] | None] = [None] * (_PLANNED + 1)


def shuffle_list(rng: random.Random, x: list) -> None:
    """`rng.shuffle(x)`, the very same permutation from the very same draws of RNG (results and logs replay
    byte for byte), without a Python call per card: Random.shuffle's own Fisher-Yates loop with its
    `_randbelow` (rejection over getrandbits) written inline; those calls were a sixth of all in a
    deckbuilding game. A Random of another kind shuffles itself. tests/runtime/test_shuffle_list.py holds it
    to Random.shuffle."""
    if type(rng) is not random.Random or not _OWN_RANDBELOW:
        rng.shuffle(x)
        return
    size = len(x)
    plan = _PLANS[size] if size <= _PLANNED else None
    if plan is None:
        plan = tuple((i, i + 1, (i + 1).bit_length()) for i in range(size - 1, 0, -1))
        if size <= _PLANNED:
            _PLANS[size] = plan
    getrandbits = rng.getrandbits
    for i, n, k in plan:
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


def refill_source(state: GameState, zone: Zone) -> Zone | None:
    spec = zone.spec
    if spec.refill is None:
        return None
    slot = state.zone_slot[spec.refill]  # type: ignore[attr-defined]
    return state.zone(slot, zone.owner)


def top(state: GameState, zone: Zone, n: int) -> list[int]:
    """The top N cards of ZONE, top first. A zone declared `refill Z` shuffles Z in under what it holds first,
    except while a test only looks (`state.checking`): a check must not change the game."""
    cards = zone.cards
    if len(cards) < n and zone.spec.refill is not None and not state.checking:
        refill(state, zone)
        cards = zone.cards
    if n >= len(cards):
        return cards[::-1]
    if n < 0:  # (a slice would take all but -N of them: `draw -3` drew the rest of the deck)
        raise IllegalAction(f"cannot take {n} cards")
    return cards[: -n - 1: -1]


def refill(state: GameState, zone: Zone) -> None:
    """Shuffle the zone ZONE refills from (`refill Z`) and put it under what ZONE holds, when a draw of more
    than ZONE holds needs it (see top)."""
    refill_from = zone.spec.refill
    if refill_from is None:
        return
    src = state.zones[state.zone_slot[refill_from]]
    src = src[zone.owner] if len(src) > 1 or src[0].spec.per_player else src[0]  # (refill_source, inlined)
    if not src.cards:
        return
    moved = len(src.cards)
    if state.log is None and not state.listeners and state.check is None:
        shuffle_list(state.rng, src.cards)  # (shuffle's plain case: nobody to tell)
    else:
        shuffle(state, src)
    # The shuffled cards go *under* what is left, so those are still taken first (a deckbuilder: draw
    # what you can, shuffle, then keep drawing).
    order = src.cards
    src.cards = []
    if src.pile is not None:
        state.empty_known = None
    loc = state.loc
    for cid in order:
        loc[cid] = zone
    if state.peeked:
        for cid in order:
            state.peeked.pop(cid, None)
    zone.cards[:0] = order
    if state.log is not None or state.listeners:
        state.emit(Refilled(zone.label, src.label, moved))
    if state.check is not None:
        state.check.refilled(state, zone, src, order)


def bottom(state: GameState, zone: Zone, n: int) -> list[int]:
    if n < 0:
        raise IllegalAction(f"cannot take {n} cards")
    return list(zone.cards[:n])
