"""The invariants every game state keeps, whatever the game (brief, principle 6): each card is in exactly
one zone, grid slots and attachments agree with the zones, counters keep their bounds, and a finite bank
plus what the players hold of it never changes. Knows no game; used by the soak (tools/soak.py,
`simulate --check`) and the random-playout tests, which set a checker as `state.check`: the engine tells it
about every card move and counter change (`InvariantChecker`, which looks at what each one touched and
compares the whole state at each decision and turn end), or calls a plain callable after each (`as_checker`).

Violations raise `InvariantViolation` (never `assert`, which `python -O` strips).
"""
from __future__ import annotations

from collections import Counter
from itertools import chain, repeat
from operator import attrgetter

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
    _check_kept(state)


def _check_kept(state, where: str = "") -> None:
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
        _check_counter(state, slot)
        if spec.bank is not None or state.banks[slot] is not None:
            _check_bank(state, slot, sharers[slot])
    by_name = {s.name: s for s in state.counter_specs}
    for name, table in state.card_counters.items():
        for cid, v in table.items():
            _check_card_counter(state, cid, by_name[name], v)


def bank_sharers(state) -> list[list[int]]:
    """For each counter slot, the `bank OTHER` counters (a bet's stake) that hold its bank's tokens too."""
    out: list[list[int]] = [[] for _ in state.counter_specs]
    for i, o in enumerate(state.counter_specs):
        if o.bank_slot is not None:
            out[o.bank_slot].append(i)
    return out


def _check_counter(state, slot: int) -> None:
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


def _check_bank(state, slot: int, sharers: list[int]) -> None:
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


def _check_card_counter(state, cid: int, spec, v: int) -> None:
    if (spec.minimum is not None and v < spec.minimum) or (spec.maximum is not None and v > spec.maximum):
        raise InvariantViolation(f"{spec.name} of card {cid} ({state.card_def[cid].name}) = {v} is outside "
                                 f"{spec.minimum} to {spec.maximum}")


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
            _check_counter(state, slot)
            if state.banks[bslot] is not None or state.counter_specs[bslot].bank is not None:
                _check_bank(state, bslot, self._sharers[bslot])
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
            _check_card_counter(state, cid, spec, v)
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
        _check_kept(state, f"{where}: ")

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
