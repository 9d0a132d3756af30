"""`refill ZONE to N from SOURCE`: a face-up row topped up from a stack, one logged move per card."""
import pytest

from cardlang.primitives import CORE
from cardlang.primitives.registry import Bound
from cardlang.runtime.state import CardDef, Ctx, GameState, ZoneSpec

ROW, STACK = ZoneSpec("row", False, slot=0), ZoneSpec("stack", False, visibility="hidden", slot=1)


def make(row: list[str], stack: list[str]):
    """A state with a row and a stack (top of the stack last)."""
    names = sorted(set(row + stack))
    defs = [CardDef(i, n, frozenset()) for i, n in enumerate(names)]
    by = {d.name: d for d in defs}
    state = GameState(defs=defs, zone_specs=[ROW, STACK], counter_specs=[], num_players=2, seed=1, log=True)
    for n in row:
        state.new_card(by[n], state.zones[0][0])
    for n in stack:
        state.new_card(by[n], state.zones[1][0])
    return state


def refill(state, size: int) -> None:
    b = Bound(values={"zone": lambda ctx: ctx.state.zones[0][0], "size": lambda ctx: size,
                      "from_": lambda ctx: ctx.state.zones[1][0]})
    CORE.get("refill").build(b, None)(Ctx(state, 0))


def names(state, slot: int) -> list[str]:
    return [state.card_def[c].name for c in state.zones[slot][0].cards]


def test_tops_up_from_the_top_of_the_stack_in_order() -> None:
    s = make(["A", "B"], ["Z", "Y", "X", "W"])   # W is on top
    refill(s, 5)
    assert names(s, 0) == ["A", "B", "W", "X", "Y"]
    assert names(s, 1) == ["Z"]
    assert [e.card for e in s.log if e.kind == "Moved"] == ["W", "X", "Y"]


def test_a_full_row_takes_nothing() -> None:
    s = make(["A", "B", "C"], ["Z"])
    refill(s, 3)
    refill(s, 2)
    assert names(s, 0) == ["A", "B", "C"] and names(s, 1) == ["Z"]
    assert not [e for e in s.log if e.kind == "Moved"]


def test_a_short_stack_gives_what_it_has_and_nothing_is_lost() -> None:
    s = make(["A"], ["Y", "X"])
    refill(s, 5)
    assert names(s, 0) == ["A", "X", "Y"] and names(s, 1) == []
    refill(s, 5)  # an empty stack: no error, nothing moves
    assert len(s.card_def) == 3 and sum(len(z.cards) for z in s.all_zones()) == 3


def test_rules_text() -> None:
    assert CORE.get("refill").describe({"zone": "the market", "size": "5", "from_": "the stack"}) == \
        "Refill the market to 5 cards from the stack."


@pytest.mark.parametrize("src", ["refill row to 5 from stack;"])
def test_example_parses_and_binds(src) -> None:
    from cardlang.syntax.parser import parse
    call = parse(f"verb v() {{ {src} }}").decls[0].body.stmts[0]
    assert call.verb == "refill" and {k.key for k in call.kwargs} == {"to", "from"}
    assert CORE.get("refill").example == src
