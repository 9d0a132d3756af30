"""`bank(COUNTER)`: how many tokens the finite bank behind a counter (`counter NAME: ..., bank N;`) still
holds. Knows no game."""
from __future__ import annotations

import ast as py

from cardlang.errors import did_you_mean
from cardlang.primitives.registry import INT, NAME, Function, Param, primitive


@primitive
class Bank(Function):
    """How many tokens the bank behind a counter still holds (a bank is public: everyone may count it).
    Example: bank(coins)"""

    verb = "bank"
    params = (Param("counter", NAME),)
    returns = INT

    def describe(self, a: dict) -> str:
        return f"the {a.get('counter', '')} left in the bank"

    def compile(self, comp, ces, spans):
        """The counter is named now, and must have a bank: its slot is the call's constant."""
        return _compile_bank(comp, ces, spans, self.lower)

    lowers = ("int",)  # (lowered over the counter's slot, the call's constant: _compile_bank)

    @staticmethod
    def run(state, slot: int) -> int:
        return state.banks[slot]

    def lower(self, gen, args: list) -> py.expr | None:
        """`ctx.state.banks[SLOT]` (the IR's BankLeft) for the slot known now, read in the code itself."""
        slot = args[0]
        if not (isinstance(slot, py.Constant) and type(slot.value) is int):
            return None
        return gen.emit_expr(gen.ir.BankLeft(slot.value))


def _compile_bank(comp, ces, spans, lower):
    from cardlang.primitives.types import applied
    name = ces[0].ir.value  # (a plain word: its IR is the constant)
    cs = comp.spec.counters.get(name)
    if cs is None:
        raise comp.error(f"'{name}' is not a counter", spans[0], hint=did_you_mean(name, comp.spec.counters))
    if cs.bank is None:
        raise comp.error(f"counter '{name}' has no bank", spans[0], hint=f"declare it with `bank N`: counter {name}: "
                                                                         "per player, bank 12;")
    return applied(Bank.run, [], "int", consts=(cs.slot,), lower=lower)
