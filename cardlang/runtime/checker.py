"""The invariant checker a game runs with (`state.check`): the engine and the generated code tell it about every
card move and counter change, and it checks only what each one touched (`InvariantChecker`), comparing the
whole state at each decision and turn end; or it calls a plain callable after each (`as_checker`). What an
invariant is, and the whole state's check, are runtime/invariants.py's. Knows no game.
"""
from __future__ import annotations

from itertools import repeat
from operator import attrgetter

from cardlang.runtime.invariants import (InvariantViolation, bank_sharers, check_bank, check_card_counter,
                                         check_counter, check_kept, check_state)


class InvariantChecker:
    """A `state.check`: checks the invariants after every mutation, looking only at what the mutation
    touched, and counts the steps, so that a violation says at which step of the game it happened.

    It keeps a copy (the shadow) of every zone's cards, every card's location, the counters, banks, slots
    and attachments, taken when `check_state` last passed on the whole state. A mutation site says what it
    did (`moved`, `refilled`, `counted`, ...); the checker does the same to the shadow and compares only the
    touched zones or counter with it: a card move must have taken exactly that card from its zone and put it
    on top (or at the bottom) of the other, a counter must keep its bounds and its bank add up. So the shadow
    is always a state that keeps every invariant. At every `checkpoint` (each decision put to an agent, each
    end of turn) the whole state is compared with the shadow at C speed: a change that no mutation site
    reported (a primitive that writes zones or counters itself) shows as a difference there, within one
    decision, and `check_state` then judges it. Moves on grids and with attachments (`linked`) are checked
    over the zones they touched plus the slots and attachments that changed. Anything the checker cannot follow (a new
    pile, cards created, a plain call) is judged by `check_state` on the whole state, which also renews the
    shadow.
    """

    __slots__ = ("steps", "_of", "_zones", "_lists", "_loc", "_counters", "_banks", "_card_counters", "_cell",
                 "_host", "_attached", "_grids", "_cells", "_piles", "_sharers", "_limits")

    def __init__(self) -> None:
        self.steps = 0
        self._of: dict = {}  # zone -> the shadow of its cards (one list object, changed in place); empty until
        # the first whole check

    def __call__(self, state) -> None:
        """A mutation that does not say what it touched: check everything."""
        self.steps += 1
        self._whole(state)

    def _whole(self, state, where: str = "") -> None:
        try:
            check_state(state)
        except InvariantViolation as e:
            raise InvariantViolation(f"step {self.steps}, turn {state.turn_number}: {where}{e}") from None
        self._copy(state)

    def _copy(self, state) -> None:
        zones = state.all_zones()
        self._zones = zones
        self._lists = [list(z.cards) for z in zones]
        self._of = dict(zip(zones, self._lists))
        self._loc = list(state.loc)
        self._counters = [list(r) for r in state.counters]
        self._banks = list(state.banks)
        self._card_counters = {name: dict(t) for name, t in state.card_counters.items()}
        self._cell, self._host = dict(state.cell), dict(state.host)
        self._attached = {k: list(v) for k, v in state.attached.items()}
        self._grids = [z for z in zones if z.cells is not None]
        self._cells = [dict(z.cells) for z in self._grids]
        self._piles = len(state.piles)
        self._sharers = bank_sharers(state)
        # per counter slot, what `counted` checks inline: (lowest, highest, bank slot, bank + held at the
        # start), or None when the slow path must (lists of numbers, banks shared by other counters)
        limits = []
        for slot, spec in enumerate(state.counter_specs):
            bslot = slot if spec.bank_slot is None else spec.bank_slot
            bspec = state.counter_specs[bslot]
            if spec.numbers or (bspec.bank is not None and self._sharers[bslot]) or state.banks[bslot] is not None \
                    and bspec.bank is None:
                limits.append(None)
                continue
            lo = -_BIG if spec.minimum is None else spec.minimum
            hi = _BIG if spec.maximum is None else spec.maximum
            total = None if bspec.bank is None else bspec.bank + bspec.start * len(state.counters[bslot])
            limits.append((lo, hi, bslot, total))
        self._limits = limits

    def moved(self, state, cid: int, src, dest) -> None:
        """Card CID went from the top or inside of SRC to the top or bottom of DEST (no slot, no attachment)."""
        self.steps += 1
        of = self._of
        old, new = of.get(src), of.get(dest)
        if old is None or new is None or state.loc[cid] is not dest:
            return self._whole(state)
        if old and old[-1] == cid:  # as Zone.take does; the shadow lists each card once
            old.pop()
        elif cid in old:
            old.remove(cid)
        else:
            return self._whole(state)
        cards = dest.cards
        if cards and cards[-1] == cid:
            new.append(cid)
        else:
            new.insert(0, cid)
        if src.cards != old or cards != new:
            return self._whole(state)
        self._loc[cid] = dest

    def linked(self, state, cards: list[int]) -> None:
        """CARDS moved on or off a grid or with their attachments (or were attached, detached, swapped): the
        zones they left and joined hold the same cards as before between them, each once, each where its
        location says; and every slot and attachment that changed since the shadow agrees with the zones."""
        self.steps += 1
        of, loc, shadow = self._of, state.loc, self._loc
        if not of or max(cards) >= len(shadow):
            return self._whole(state)
        zones = []
        for c in cards:
            was, now = shadow[c], loc[c]
            if was not in zones:
                zones.append(was)
            if now is not was and now not in zones:
                zones.append(now)
        # The zones hold, between them, the cards they held before, each once (set sizes at C speed); the
        # cards new to a zone are where their location says, and so are the cards said to have moved.
        total, here, before, came = 0, set(), set(), []
        for z in zones:
            old = of.get(z)
            if old is None:
                return self._whole(state)
            held = z.cards
            total += len(held)
            here.update(held)
            before.update(old)
            if held != old:
                for c in set(held).difference(old):
                    if loc[c] is not z:
                        return self._whole(state)
                    came.append(c)
        if len(here) != total or here != before:
            return self._whole(state)
        for c in cards:
            if c not in loc[c].cards:
                return self._whole(state)
        try:
            self._links_near(state, cards, came)
        except InvariantViolation as e:
            raise InvariantViolation(f"step {self.steps}, turn {state.turn_number}: {e}") from None
        for z in zones:
            of[z][:] = z.cards
        for c in came:
            shadow[c] = loc[c]

    def _links_near(self, state, cards: list[int], came: list[int]) -> None:
        """Check the slots and attachments a linked move can have touched, and take them into the shadow.

        The shadow kept every invariant, so a broken one must involve an entry that changed since: a slot,
        a card's slot, host or attachments, or a card's zone (CAME). The changed entries are found by
        comparing each table with its shadow at C speed (a grid has a few dozen slots at most); the cards
        they name, with their attachments and the slots they left, are the cards checked. A change outside
        these tables that no step reported shows at the next checkpoint, as before."""
        cell, host, attached, loc = state.cell, state.host, state.attached, state.loc
        s_cell, s_host, s_att, s_loc = self._cell, self._host, self._attached, self._loc
        near = set(cards)
        near.update(came)
        spots = []  # (grid, its shadow slots, slot): every slot whose card changed
        for z, old in zip(self._grids, self._cells):
            if z.cells != old:
                for k, c in z.cells.items() ^ old.items():
                    spots.append((z, old, k))
                    near.add(c)
        placed = ()
        if cell != s_cell:
            placed = {c for c, _ in cell.items() ^ s_cell.items()}
            near |= placed
        hosted = ()
        if host != s_host:
            hosted = {a for a, _ in host.items() ^ s_host.items()}
            for a in hosted:
                near.add(a)
                h = host.get(a)
                near.add(s_host[a] if h is None else h)
        hosts = ()
        if attached != s_att:
            hosts = [h for h in attached.keys() | s_att.keys() if attached.get(h) != s_att.get(h)]
            for h in hosts:
                near.add(h)
                near.update(attached.get(h, ()))
                near.update(s_att.get(h, ()))
        for h in list(near):  # a host that moved carries its attachments: check them too
            if h in attached:
                near.update(attached[h])
        for c in near:  # the slot a card left, even if that slot still names it
            k = s_cell.get(c)
            if k is not None and s_loc[c].cells is not None:
                spots.append((s_loc[c], None, k))
        for z, _, k in spots:
            cid = z.cells.get(k)
            if cid is not None and (loc[cid] is not z or cell.get(cid) != k):
                raise InvariantViolation(f"slot {k} of {z.label} names card {cid}, which is not there")
        for c in near:
            z, k = loc[c], cell.get(c)
            if k is not None:
                if z.cells is None or z.cells.get(k) != c:
                    raise InvariantViolation(f"card {c} ({state.card_def[c].name}) thinks it is in slot {k} of "
                                             f"{z.label}")
            elif z.cells is not None and c not in host:
                raise InvariantViolation(f"card {c} ({state.card_def[c].name}) is in {z.label} but in no slot "
                                         "and attached to nothing")
            h = host.get(c)
            if h is not None and (z is not loc[h] or not z.spec.keeps_attachments or c not in attached.get(h, ())):
                raise InvariantViolation(f"card {c} ({state.card_def[c].name}) is attached to card {h} "
                                         f"({state.card_def[h].name}) but is not with it")
        # All is well: the shadow takes the changes.
        for z, old, k in spots:
            if old is not None:
                cid = z.cells.get(k)
                if cid is None:
                    old.pop(k, None)
                else:
                    old[k] = cid
        for live, kept, changed in ((cell, s_cell, placed), (host, s_host, hosted)):
            for c in changed:
                v = live.get(c)
                if v is None:
                    del kept[c]
                else:
                    kept[c] = v
        for h in hosts:
            v = attached.get(h)
            if v is None:
                del s_att[h]
            else:
                s_att[h] = list(v)

    def refilled(self, state, zone, src, order: list[int]) -> None:
        """SRC's cards (ORDER, as shuffled) went under ZONE's and SRC is empty."""
        self.steps += 1
        of = self._of
        old, into = of.get(src), of.get(zone)
        if old is None or into is None or src.cards or order != old or zone.cards != order + into \
                or list(map(state.loc.__getitem__, order)) != [zone] * len(order):
            return self._whole(state)
        old.clear()
        into[:0] = order
        loc = self._loc
        for c in order:
            loc[c] = zone

    def shuffled(self, state, zone) -> None:
        """ZONE's cards were put in another order (not a step: no card changed place)."""
        old = self._of.get(zone)
        if old is None or sorted(zone.cards) != sorted(old):
            return self._whole(state)
        old[:] = zone.cards

    def counted(self, state, slot: int, i: int) -> None:
        """Value I of counter SLOT changed (and its bank, if it has one): it keeps its bounds, the bank adds up.
        (Only value I joins the shadow: a change to another one that nobody reported shows at the next
        checkpoint.)"""
        self.steps += 1
        if not self._of:
            return self._whole(state)
        row = state.counters[slot]
        limit = self._limits[slot]
        if limit is not None:
            lo, hi, bslot, total = limit
            v = row[i]
            if v.__class__ is int and lo <= v <= hi:
                if total is None:
                    self._counters[slot][i] = v
                    return
                bank = state.banks[bslot]
                if bank is not None and bank >= 0 and bank + sum(row) == total:
                    self._counters[slot][i] = v
                    self._banks[bslot] = bank
                    return
        spec = state.counter_specs[slot]
        bslot = slot if spec.bank_slot is None else spec.bank_slot
        try:
            check_counter(state, slot)
            if state.banks[bslot] is not None or state.counter_specs[bslot].bank is not None:
                check_bank(state, bslot, self._sharers[bslot])
        except InvariantViolation as e:
            raise InvariantViolation(f"step {self.steps}, turn {state.turn_number}: {e}") from None
        self._counters[slot][:] = row
        self._banks[bslot] = state.banks[bslot]

    def card_counted(self, state, cid: int, spec) -> None:
        """The per-card counter SPEC of card CID changed."""
        self.steps += 1
        if not self._of:
            return self._whole(state)
        v = state.card_counters[spec.name].get(cid)
        if v is None:
            self._card_counters[spec.name].pop(cid, None)
            return
        try:
            check_card_counter(state, cid, spec, v)
        except InvariantViolation as e:
            raise InvariantViolation(f"step {self.steps}, turn {state.turn_number}: {e}") from None
        self._card_counters[spec.name][cid] = v

    def checkpoint(self, state, where: str) -> None:
        """Before a decision, at the end of a turn: the whole state must be the shadow, or pass check_state."""
        if (not self._of or len(state.piles) != self._piles or state.loc != self._loc
                or [z.cards for z in self._zones] != self._lists or state.counters != self._counters
                or state.banks != self._banks or state.card_counters != self._card_counters
                or state.cell != self._cell or state.host != self._host or state.attached != self._attached
                or [z.cells for z in self._grids] != self._cells):
            self._whole(state, f"{where}, after a change no step reported: " if self._of else "")
        check_kept(state, f"{where}: ")

    def final(self, state) -> None:
        """Check the finished game once more (the last step may not have been a mutation, or the game was
        checked only at its end)."""
        try:
            check_state(state)
        except InvariantViolation as e:
            when = f"after step {self.steps}" if self.steps else "checked only at the end; replay to find the step"
            raise InvariantViolation(f"at the end of the game ({when}): {e}") from None


_cards = attrgetter("cards")
_INTS, _BIG = repeat(int), float("inf")


class EveryMutation:
    """`state.check` for a plain callable CHECK(state) (a test's own checker): called after every mutation,
    whatever it touched; shuffles and checkpoints are not mutations."""

    __slots__ = ("fn",)

    def __init__(self, fn) -> None:
        self.fn = fn

    def __call__(self, state) -> None:
        self.fn(state)

    def moved(self, state, cid, src, dest) -> None:
        self.fn(state)

    def refilled(self, state, zone, src, order) -> None:
        self.fn(state)

    def linked(self, state, cards) -> None:
        self.fn(state)

    def counted(self, state, slot, i) -> None:
        self.fn(state)

    def card_counted(self, state, cid, spec) -> None:
        self.fn(state)

    def shuffled(self, state, zone) -> None:
        pass

    def checkpoint(self, state, where) -> None:
        pass


def as_checker(check):
    """What `state.check` holds for CHECK: None, a checker that is told what each mutation touched, or a
    plain callable wrapped to be called after every mutation."""
    if check is None or hasattr(check, "checkpoint"):
        return check
    return EveryMutation(check)
