"""One seat's observation as a vector of numbers (numpy float32), laid out by rl/layout.py: only what that seat
may know. A card counts by its definition where the seat may see it (a public zone, its own zone of a zone its
owner sees or knows the contents of, the top of a zone whose top is public, a card it was shown that has not
moved since); everywhere else only the number of cards shows. Counters, banks, claims and whose turn it is are
public. Reads a GameState; changes nothing; knows no game.
"""
from __future__ import annotations

import numpy as np

from cardlang.rl.layout import KINDS, Layout
from cardlang.runtime.state import OWNER, PUBLIC, TOP_PUBLIC, CardDef, Decision, GameState, Zone

_ALL, _TOP, _NONE = 0, 1, 2


def _sight(zone: Zone, seat: int) -> int:
    """How much of ZONE's contents SEAT sees: all of it, its top card, or none (cards shown to it aside)."""
    spec = zone.spec
    vis = spec.visibility
    if vis == PUBLIC or zone.owner == seat and (vis == OWNER or spec.owner_knows):
        return _ALL  # (a zone its owner knows the contents of, not their order: counts tell no order)
    return _TOP if vis == TOP_PUBLIC else _NONE


def sees_card(state: GameState, seat: int, cid: int) -> bool:
    """Whether SEAT may see which card CID is, where it lies now."""
    zone = state.loc[cid]
    how = _sight(zone, seat)
    if how == _ALL or how == _TOP and zone.cards and zone.cards[-1] == cid:
        return True
    return seat in state.peeked.get(cid, ())


class Encoder:
    """Makes observation vectors of one layout. Keeps nothing of any state between calls."""

    def __init__(self, lay: Layout) -> None:
        self.lay = lay
        n = lay.players
        # each zone entry (a zone of one seat, or a shared zone) numbered in layout order, with its offset
        self.entry_of: dict[int, int] = {}   # zone slot -> its first entry
        self.entries = 0
        for _, slot, per in lay.zones:
            self.entry_of[slot] = self.entries
            self.entries += n if per else 1
        self.zone_at = {slot: lay.at(f"zone {name}") for name, slot, _ in lay.zones}
        self.cells = lay.grid[0] * lay.grid[1]
        self.tag_at = {t: i for i, t in enumerate(lay.tags)}
        self.phase_at = {p: i for i, p in enumerate(lay.phases)}
        self.counter_at = [(lay.at(f"counter {name}"), slot, per) for name, slot, per in lay.counters]
        self.bank_at = [(lay.at(f"bank {name}"), slot) for name, slot in lay.banks]
        self.dice_at = [(lay.at(f"numbers {name}"), slot, per) for name, slot, per in lay.dice]
        self.card_counter_at = [lay.at(f"card counter {name}") for name in lay.card_counters]
        self.grid_at = [(lay.at(f"grid {name}"), slot) for name, slot in lay.grids]

    def _entry(self, zone: Zone, seat: int, n: int) -> int:
        """The zone's entry, its owner counted from SEAT (shared zones and piles have one entry)."""
        first = self.entry_of[zone.spec.slot]
        return first if zone.owner is None or not zone.spec.per_player else first + (zone.owner - seat) % n

    def observe(self, state: GameState, seat: int, decision: Decision | None = None,
                picked: tuple[int, ...] = (), known: dict[int, CardDef] | None = None) -> np.ndarray:
        """SEAT's observation of STATE; DECISION (with the options PICKED so far) when SEAT is the one asked.
        KNOWN: the cards SEAT identified and still knows (its observer's), counted wherever they lie."""
        # Every number is gathered as (position, amount) into two lists and summed into the vector by one
        # bincount at the end: one numpy call per observation instead of one per number.
        at_: list[int] = []
        amount: list[float] = []
        self._zones(state, seat, at_, amount, known)
        self._counters(state, seat, at_, amount)
        self._per_card(state, seat, at_, amount)
        self._table(state, seat, at_, amount)
        if decision is not None and decision.player == seat:
            self._decision(state, seat, decision, picked, at_, amount)
        lay = self.lay
        if not at_:
            return np.zeros(lay.size, dtype=np.float32)
        return np.bincount(np.asarray(at_, dtype=np.intp), np.asarray(amount, dtype=np.float64),
                           minlength=lay.size).astype(np.float32)

    def _zones(self, state: GameState, seat: int, at_: list[int], amount: list[float],
               known: dict[int, CardDef] | None) -> None:
        """Per zone entry: the cards SEAT may see (or knows) by definition, and how many cards lie there."""
        n, d = self.lay.players, self.lay.defs
        defs = state.card_def
        peeked = state.peeked
        zone_at = self.zone_at
        hits: list[int] = []
        for zone in state.all_zones():
            cards = zone.cards
            if not cards:
                continue
            spec = zone.spec
            at = zone_at[spec.slot]
            if spec.per_player and zone.owner is not None:
                at += ((zone.owner - seat) % n) * (d + 1)
            at_.append(at + d)
            amount.append(len(cards))
            how = _sight(zone, seat)
            if how == _ALL:
                hits.extend([at + defs[c].index for c in cards])
                continue
            top = cards[-1] if how == _TOP else -1
            if how == _TOP:
                hits.append(at + defs[top].index)
            if known:  # what the seat identified and still knows (its observer), or was shown and has not moved
                hits.extend([at + defs[c].index for c in cards
                             if c != top and (c in known or peeked and seat in peeked.get(c, ()))])
            elif peeked:
                hits.extend([at + defs[c].index for c in cards if c != top and seat in peeked.get(c, ())])
        at_.extend(hits)
        amount.extend([1] * len(hits))

    def _counters(self, state: GameState, seat: int, at_: list[int], amount: list[float]) -> None:
        lay, n = self.lay, self.lay.players
        counters = state.counters
        for at, slot, per in self.counter_at:
            row = counters[slot]
            if per:
                for r in range(n):
                    at_.append(at + r)
                    amount.append(row[(seat + r) % n])
            else:
                at_.append(at)
                amount.append(row[0])
        for at, slot in self.bank_at:
            bank = state.banks[slot]
            at_.append(at)
            amount.append(0 if bank is None else bank)
        cap = lay.blocks["option"][1]
        for at, slot, per in self.dice_at:
            row = counters[slot]
            for r in range(n if per else 1):
                values = list(row[(seat + r) % n] if per else row[0])
                base = at + r * (cap + 1)
                shown = values[:cap]
                at_.extend(range(base, base + len(shown)))
                amount.extend(shown)
                at_.append(base + cap)
                amount.append(len(values))

    def _per_card(self, state: GameState, seat: int, at_: list[int], amount: list[float]) -> None:
        """Each per-card counter's total per zone entry, over the cards SEAT may see; and the grids' slots."""
        lay, n, d = self.lay, self.lay.players, self.lay.defs
        loc = state.loc
        for k, name in enumerate(lay.card_counters):
            at = self.card_counter_at[k]
            for cid, value in state.card_counters[name].items():
                if value and sees_card(state, seat, cid):
                    at_.append(at + self._entry(loc[cid], seat, n))
                    amount.append(value)
        cols = lay.grid[0]
        width = d + len(lay.card_counters)
        tables = [state.card_counters[name] for name in lay.card_counters]
        for at, slot in self.grid_at:
            for zone in state.zones[slot]:
                if not zone.cells:
                    continue
                base = at + ((zone.owner or 0) - seat) % n * self.cells * width
                for (c, r), cid in zone.cells.items():
                    if not sees_card(state, seat, cid):
                        continue
                    cell = base + ((r - 1) * cols + (c - 1)) * width
                    at_.append(cell + state.card_def[cid].index)
                    amount.append(1)
                    for k, table in enumerate(tables):
                        value = table.get(cid)
                        if value:
                            at_.append(cell + d + k)
                            amount.append(value)

    def _table(self, state: GameState, seat: int, at_: list[int], amount: list[float]) -> None:
        lay, n, d = self.lay, self.lay.players, self.lay.defs
        at = lay.at("claims")
        latest: dict[int, str] = {}
        for who, role in state.claims:
            latest[who] = role
        for who, role in latest.items():
            card = state.def_by_name.get(role)
            if card is not None:
                at_.append(at + ((who - seat) % n) * d + card.index)
                amount.append(1)
        at = lay.at("turn")
        at_ += [at, at + 1 + (state.current - seat) % n]
        amount += [state.turn_number, 1]
        for r in range(n):
            p = (seat + r) % n
            at_ += [at + 1 + n + r, at + 1 + 2 * n + r]
            amount += [state.out[p], state.turns[p]]
        at_.append(lay.at("phase") + self.phase_at.get(state.phase, len(lay.phases)))
        amount.append(1)

    def _decision(self, state: GameState, seat: int, decision: Decision, picked: tuple[int, ...],
                  at_: list[int], amount: list[float]) -> None:
        lay = self.lay
        at_.append(lay.at("decision tag") + self.tag_at.get(decision.tag, len(lay.tags)))
        amount.append(1)
        if decision.kind in KINDS:
            at_.append(lay.at("decision kind") + KINDS.index(decision.kind))
            amount.append(1)
        at = lay.at("decision")
        at_ += [at, at + 1, at + 2]
        amount += [decision.min, min(decision.max, len(decision.options)), len(picked)]
        at = lay.at("decision picked")
        if decision.kind == "cards":
            for i in picked:
                o = decision.options[i]
                if not isinstance(o, int):  # a card name (its definition)
                    at_.append(at + o.index)
                    amount.append(1)
                elif sees_card(state, seat, o):
                    at_.append(at + state.card_def[o].index)
                    amount.append(1)
