"""The invariants every game state keeps, whatever the game (brief, principle 6): each card is in exactly
one zone, grid slots and attachments agree with the zones, counters keep their bounds, and a finite bank
plus what the players hold of it never changes. `check_state` judges a whole state; runtime/checker.py's
`InvariantChecker` follows every mutation between whole checks and uses the checks here. Knows no game; used
by the soak (tools/soak.py, `simulate --check`) and the random-playout tests.

Violations raise `InvariantViolation` (never `assert`, which `python -O` strips).
"""
from __future__ import annotations

from collections import Counter
from itertools import chain, repeat

from cardlang.runtime.state import seat_tables


class InvariantViolation(Exception):
    """A state that breaks an invariant: the message says which and where."""


def check_state(state) -> None:
    """Raise InvariantViolation unless every invariant holds in STATE."""
    n = len(state.card_def)
    loc = state.loc
    if len(loc) != n:
        raise InvariantViolation(f"{n} cards but {len(loc)} locations")
    zones = state.all_zones()
    # The common case is a few whole-state scans at C speed: every listed card, the zone it is listed in,
    # and what its location says. Only a state that fails them is searched again, card by card, to say what
    # is wrong.
    listed = list(chain.from_iterable([z.cards for z in zones]))
    if (len(listed) != n or list(map(loc.__getitem__, listed)) != list(chain.from_iterable(
            [repeat(z, len(z.cards)) for z in zones])) or len(set(listed)) != n or len(set(zones)) != len(zones)):
        _explain_cards(state, zones)
    _check_links(state, [z for z in zones if z.cells is not None])
    _check_counters(state)
    check_kept(state)


def check_kept(state, where: str = "") -> None:
    """What the state keeps so as not to work it out again matches what it stands for: the tables of the seats
    still in (state.others, state.around) are those `out` gives, and the empty piles `empty_piles` answers from
    (state.empty_known) are those there are (WHERE: the message's opening)."""
    if (state.others, state.around) != seat_tables(state.out):
        raise InvariantViolation(f"{where}the seats still in are remembered as {state.around}, but out is {state.out}")
    for slot, n in (state.empty_known or {}).items():
        there = sum(1 for z in state.pile_order.get(slot, ()) if not z.cards)
        if there != n:
            raise InvariantViolation(f"{where}{state.zone_specs[slot].name} has {there} empty piles, but {n} are "
                                     "remembered (a mutator emptied or filled a pile and did not say so)")


def _check_links(state, grids) -> None:
    """Grid slots and attachments agree with the zones (GRIDS: the grid zones)."""
    loc = state.loc
    for zone in grids:  # each slot's card is here and knows its slot; each card has one
        for cell, cid in zone.cells.items():
            if loc[cid] is not zone or state.cell.get(cid) != cell:
                raise InvariantViolation(f"slot {cell} of {zone.label} names card {cid}, which is not there")
        for cid in zone.cards:
            if cid not in state.cell and cid not in state.host:
                raise InvariantViolation(f"card {cid} ({state.card_def[cid].name}) is in {zone.label} but in "
                                         "no slot and attached to nothing")
    for cid, cell in state.cell.items():
        z = loc[cid]
        if z.cells is None or z.cells.get(cell) != cid:
            raise InvariantViolation(f"card {cid} ({state.card_def[cid].name}) thinks it is in slot {cell} of "
                                     f"{z.label}")
    for a, host in state.host.items():  # an attached card lies in its host's zone, a zone that keeps them
        if loc[a] is not loc[host] or not loc[a].spec.keeps_attachments or a not in state.attached.get(host, ()):
            raise InvariantViolation(f"card {a} ({state.card_def[a].name}) is attached to card {host} "
                                     f"({state.card_def[host].name}) but is not with it")


def _explain_cards(state, zones) -> None:
    """The card scan failed: find the first card that is lost, doubled or misplaced, and say so."""
    n = len(state.card_def)
    loc = state.loc
    if len({id(z) for z in zones}) != len(zones):
        raise InvariantViolation("a zone is listed twice")
    for zone in zones:
        for cid in zone.cards:
            if loc[cid] is not zone:
                raise InvariantViolation(f"card {cid} ({state.card_def[cid].name}) sits in {zone.label} but "
                                         f"its location says {loc[cid].label}")
    # Every listed card's location is its zone; with n entries in all and n distinct ids, each card is in
    # exactly one zone (no card lost, none in two places).
    counts = Counter(c for z in zones for c in z.cards)
    lost = [c for c in range(n) if c not in counts]
    twice = [c for c, k in counts.items() if k > 1]
    raise InvariantViolation(f"cards lost {lost[:10]}, in two places {twice[:10]}")


def _check_counters(state) -> None:
    sharers = bank_sharers(state)
    for slot, spec in enumerate(state.counter_specs):
        check_counter(state, slot)
        if spec.bank is not None or state.banks[slot] is not None:
            check_bank(state, slot, sharers[slot])
    by_name = {s.name: s for s in state.counter_specs}
    for name, table in state.card_counters.items():
        for cid, v in table.items():
            check_card_counter(state, cid, by_name[name], v)


def bank_sharers(state) -> list[list[int]]:
    """For each counter slot, the `bank OTHER` counters (a bet's stake) that hold its bank's tokens too."""
    out: list[list[int]] = [[] for _ in state.counter_specs]
    for i, o in enumerate(state.counter_specs):
        if o.bank_slot is not None:
            out[o.bank_slot].append(i)
    return out


def check_counter(state, slot: int) -> None:
    """The values of one counter: one per player (or one), numbers, within its bounds."""
    spec, row = state.counter_specs[slot], state.counters[slot]
    if len(row) != (state.num_players if spec.per_player else 1):
        raise InvariantViolation(f"counter {spec.name} has {len(row)} values")
    lo, hi = spec.minimum, spec.maximum
    if spec.numbers:
        for v in row:
            if not isinstance(v, tuple) or not all(isinstance(x, int) for x in v):
                raise InvariantViolation(f"{spec.name} holds {v!r}, not a list of numbers")
    elif (not all(map(isinstance, row, repeat(int))) or (lo is not None and min(row) < lo)
          or (hi is not None and max(row) > hi)):
        for v in row:  # say which value
            if not isinstance(v, int):
                raise InvariantViolation(f"{spec.name} holds {v!r}, not a number")
            if (lo is not None and v < lo) or (hi is not None and v > hi):
                raise InvariantViolation(f"{spec.name} = {v} is outside {lo} to {hi}")


def check_bank(state, slot: int, sharers: list[int]) -> None:
    """A finite bank plus what the players hold of it is what the bank and the players held at the start
    (the sharers, `bank OTHER` counters, hold this bank's tokens too); a counter with no bank has none."""
    spec, row, bank = state.counter_specs[slot], state.counters[slot], state.banks[slot]
    if spec.bank is None:
        raise InvariantViolation(f"{spec.name} has no bank but holds {bank} in one")
    counters, specs = state.counters, state.counter_specs
    expected = spec.bank + spec.start * len(row) + sum(specs[i].start * len(counters[i]) for i in sharers)
    held = sum(row) + sum(sum(counters[i]) for i in sharers)
    if bank is None or bank < 0 or bank + held != expected:
        raise InvariantViolation(f"bank of {spec.name} not conserved: {bank} + {held} != {expected}")


def check_card_counter(state, cid: int, spec, v: int) -> None:
    if (spec.minimum is not None and v < spec.minimum) or (spec.maximum is not None and v > spec.maximum):
        raise InvariantViolation(f"{spec.name} of card {cid} ({state.card_def[cid].name}) = {v} is outside "
                                 f"{spec.minimum} to {spec.maximum}")
