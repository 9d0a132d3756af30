"""The only mutator of counters: bounds are enforced and finite banks conserved."""
from __future__ import annotations

from cardlang.runtime.events import CardCounter, Counter
from cardlang.runtime.state import NUMBER_LIMIT, GameState, IllegalAction


def _too_big(name: str, value: int) -> IllegalAction:
    """NAME would pass NUMBER_LIMIT (said without printing VALUE: it may be too long to print)."""
    return IllegalAction(f"{name} would hold a number of more than 18 digits; numbers in a game have at most 18 "
                         "digits (under 10^18)")


def set_counter(state: GameState, slot: int, player: int | None, value: int, *, clamp: bool = False) -> int:
    """Set a counter to VALUE (within its bounds; through its bank if it has one). Returns the change."""
    spec = state.counter_specs[slot]
    row = state.counters[slot]
    i = player if spec.per_player else 0
    old = row[i]
    if spec.minimum is not None and value < spec.minimum:
        if not clamp:
            raise IllegalAction(f"{spec.name} cannot go below {spec.minimum} (it is {old})")
        value = spec.minimum
    if spec.maximum is not None and value > spec.maximum:
        value = spec.maximum  # a track stops at its end: gains beyond it are lost, never an error
    if not -NUMBER_LIMIT < value < NUMBER_LIMIT:
        raise _too_big(spec.name, value)
    delta = value - old
    bslot = slot if spec.bank_slot is None else spec.bank_slot  # `bank OTHER`: tokens held out of OTHER's bank
    bank = state.banks[bslot]
    if bank is not None and delta > bank:
        if not clamp:
            raise IllegalAction(f"the bank holds only {bank} {spec.name}")
        delta = bank
        value = old + delta
    if delta == 0:
        return 0
    if bank is not None:
        state.banks[bslot] = bank - delta
    row[i] = value
    if (state.log is not None or state.listeners) and not spec.quiet:
        state.emit(Counter(spec.name, player, old, value))
    if state.check is not None:
        state.check.counted(state, slot, i)
    return delta


def card_counter(state: GameState, cid: int, spec) -> int:
    """The value of a per-card counter on one card (its start value until first set)."""
    return state.card_counters[spec.name].get(cid, spec.start)


def set_card_counter(state: GameState, cid: int, spec, value: int, *, clamp: bool = False) -> int:
    """Set a per-card counter of one card within its bounds; logged. Returns the change."""
    table = state.card_counters[spec.name]
    old = table.get(cid, spec.start)
    if spec.minimum is not None and value < spec.minimum:
        if not clamp:
            raise IllegalAction(f"{spec.name} of {state.card_def[cid].name} cannot go below {spec.minimum} "
                                f"(it is {old})")
        value = spec.minimum
    if spec.maximum is not None and value > spec.maximum:
        value = spec.maximum
    if not -NUMBER_LIMIT < value < NUMBER_LIMIT:
        raise _too_big(f"{spec.name} of {state.card_def[cid].name}", value)
    if value == old:
        return 0
    if value == spec.start:
        del table[cid]  # a card at its start value costs nothing to keep
    else:
        table[cid] = value
    if (state.log is not None or state.listeners) and not spec.quiet:
        state.emit(CardCounter(cid, state.card_def[cid].name, spec.name, old, value))
    if state.check is not None:
        state.check.card_counted(state, cid, spec)
    return value - old


def reset_card_counter(state: GameState, spec) -> None:
    """Put a per-card counter back to its start value on every card (logged per card that changes)."""
    table = state.card_counters[spec.name]
    if state.log is None and not state.listeners and state.check is None and \
            (spec.minimum is None or spec.start >= spec.minimum) and (spec.maximum is None or spec.start <= spec.maximum):
        table.clear()  # nobody watches: what set_card_counter does, as no stored value is the start value
        return
    for cid in list(table):  # in the order the cards were set, as the log has always listed them
        set_card_counter(state, cid, spec, spec.start)


def set_numbers(state: GameState, slot: int, player: int | None, values) -> None:
    """Set a counter that holds a list of numbers (dice); logged like any counter."""
    spec = state.counter_specs[slot]
    row = state.counters[slot]
    i = player if spec.per_player else 0
    old = row[i]
    new = tuple(values)
    if new == old:
        return
    row[i] = new  # type: ignore[call-overload]
    if (state.log is not None or state.listeners) and not spec.quiet:
        state.emit(Counter(spec.name, player, old, new))
    if state.check is not None:
        state.check.counted(state, slot, i)


def change_numbers(state: GameState, slot: int, player: int | None, values, add: bool) -> None:
    """`+=` (ADD) or `-=` on a counter that holds numbers: the VALUES put after its numbers, or one of each
    taken out (taking a number that is not there is a rule violation)."""
    old = state.counter_value(slot, player)
    given = tuple(values)
    if add:
        new = tuple(old) + given
    else:
        rest = list(old)
        for v in given:
            if v not in rest:
                raise IllegalAction(f"{state.counter_specs[slot].name} holds no {v} to take out "
                                    f"(it holds {list(old)})")
            rest.remove(v)
        new = tuple(rest)
    set_numbers(state, slot, player, new)
