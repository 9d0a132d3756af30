"""`bank(COUNTER)`: how many tokens the finite bank behind a counter (`counter NAME: ..., bank N;`) still
holds. Knows no game."""
from __future__ import annotations

from cardlang.errors import did_you_mean
from cardlang.primitives.registry import INT, NAME, Param, primitive


@primitive("bank", Param("counter", NAME), kind="function", returns=INT,
           describe=lambda a: f"the {a.get('counter', '')} left in the bank")
def build_bank(comp, ces, spans):
    """How many tokens the bank behind a counter still holds (a bank is public: everyone may count it).
    Example: bank(coins)"""
    from cardlang.primitives.types import CE
    name = ces[0].fn(None)
    cs = comp.spec.counters.get(name)
    if cs is None:
        raise comp.error(f"'{name}' is not a counter", spans[0], hint=did_you_mean(name, comp.spec.counters))
    if cs.bank is None:
        raise comp.error(f"counter '{name}' has no bank", spans[0], hint=f"declare it with `bank N`: counter {name}: "
                                                                         "per player, bank 12;")
    slot = cs.slot
    return CE(lambda ctx: ctx.state.banks[slot], "int")
