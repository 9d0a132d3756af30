"""The invariants every game state keeps, whatever the game (brief, principle 6): each card is in exactly
one zone, grid slots and attachments agree with the zones, counters keep their bounds, and a finite bank
plus what the players hold of it never changes. Knows no game; used by the soak (tools/soak.py,
`simulate --check`) and the random-playout tests, which set an `InvariantChecker` as `state.check` so the
engine calls it after every card move and counter change.

Violations raise `InvariantViolation` (never `assert`, which `python -O` strips).
"""
from __future__ import annotations

from collections import Counter
from itertools import chain, repeat


class InvariantViolation(Exception):
    """A state that breaks an invariant: the message says which and where."""


def check_state(state) -> None:
    """Raise InvariantViolation unless every invariant holds in STATE."""
    n = len(state.card_def)
    loc = state.loc
    if len(loc) != n:
        raise InvariantViolation(f"{n} cards but {len(loc)} locations")
    zones = state.all_zones()
    # This runs after every mutation of every soak game, so the common case is a few whole-state scans at C
    # speed: every listed card, the zone it is listed in, and what its location says. Only a state that fails
    # them is searched again, card by card, to say what is wrong.
    listed = list(chain.from_iterable([z.cards for z in zones]))
    if (len(listed) != n or list(map(loc.__getitem__, listed)) != list(chain.from_iterable(
            [repeat(z, len(z.cards)) for z in zones])) or len(set(listed)) != n or len(set(zones)) != len(zones)):
        _explain_cards(state, zones)
    for zone in zones:
        if zone.cells is not None:  # a grid: each slot's card is here and knows its slot; each card has one
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
    _check_counters(state)


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
    for slot, (spec, row) in enumerate(zip(state.counter_specs, state.counters)):
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
        bank = state.banks[slot]
        if spec.bank is None:
            if bank is not None:
                raise InvariantViolation(f"{spec.name} has no bank but holds {bank} in one")
            continue
        # what the bank and the players held at the start; `bank OTHER` counters (a bet's stake) hold this
        # bank's tokens too, so they count with it
        sharers = [i for i, o in enumerate(state.counter_specs) if o.bank_slot == slot]
        expected = spec.bank + spec.start * len(row) + sum(state.counter_specs[i].start * len(state.counters[i])
                                                           for i in sharers)
        held = sum(row) + sum(sum(state.counters[i]) for i in sharers)
        if bank is None or bank < 0 or bank + held != expected:
            raise InvariantViolation(f"bank of {spec.name} not conserved: {bank} + {held} != {expected}")
    if state.card_counters:
        by_name = {s.name: s for s in state.counter_specs}
        for (cid, name), v in state.card_counters.items():
            spec = by_name[name]
            if (spec.minimum is not None and v < spec.minimum) or (spec.maximum is not None and v > spec.maximum):
                raise InvariantViolation(f"{name} of card {cid} ({state.card_def[cid].name}) = {v} is outside "
                                         f"{spec.minimum} to {spec.maximum}")


class InvariantChecker:
    """A `state.check` callable: checks every invariant after each mutation and counts the steps, so a
    violation can say at which step of the game it happened."""

    __slots__ = ("steps",)

    def __init__(self) -> None:
        self.steps = 0

    def __call__(self, state) -> None:
        self.steps += 1
        try:
            check_state(state)
        except InvariantViolation as e:
            raise InvariantViolation(f"step {self.steps}, turn {state.turn_number}: {e}") from None

    def final(self, state) -> None:
        """Check the finished game once more (the last step may not have been a mutation, or the game was
        checked only at its end)."""
        try:
            check_state(state)
        except InvariantViolation as e:
            when = f"after step {self.steps}" if self.steps else "checked only at the end; replay to find the step"
            raise InvariantViolation(f"at the end of the game ({when}): {e}") from None
