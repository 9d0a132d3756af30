"""The only mutator of counters: bounds are enforced and finite banks conserved."""
from __future__ import annotations

from cardlang.runtime.state import GameState, IllegalAction


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
    delta = value - old
    bank = state.banks[slot]
    if bank is not None and delta > bank:
        if not clamp:
            raise IllegalAction(f"the bank holds only {bank} {spec.name}")
        delta = bank
        value = old + delta
    if delta == 0:
        return 0
    if bank is not None:
        state.banks[slot] = bank - delta
    row[i] = value
    if state.log is not None or state.listeners:
        state.emit(("Counter", spec.name, player, old, value))
    if state.check is not None:
        state.check(state)
    return delta
