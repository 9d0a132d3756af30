"""`refill ZONE to N from SOURCE`: a face-up row topped up from a stack, one logged move per card."""
import pytest

from cardlang.primitives import CORE

ZONES = "  zone row: shared, public;\n  zone stack: shared, hidden;"
LETTERS = {n: f"card {n} {{ types Thing; }}" for n in "ABCWXYZ"}


def refilled(tiny, probe: str, row: list[str], stack: list[str]):
    """The tiny game with a row and a stack (top card first), after the probe ran."""
    g = tiny(probe, cards=LETTERS, extra=ZONES)
    s = g.state()
    g.put(s, "row", row)
    g.put(s, "stack", stack)
    g.play(s)
    return g, s


def moved(g, s) -> list[str]:
    return [e.card for e in g.events(s, "Moved")]


def test_tops_up_from_the_top_of_the_stack_in_order(tiny) -> None:
    g, s = refilled(tiny, "refill row to 5 from stack;", ["B", "A"], ["W", "X", "Y", "Z"])  # W is on top
    assert g.names(s, "row") == ["Y", "X", "W", "B", "A"]
    assert g.names(s, "stack") == ["Z"]
    assert moved(g, s) == ["W", "X", "Y"]


def test_a_full_row_takes_nothing(tiny) -> None:
    g, s = refilled(tiny, "refill row to 3 from stack; refill row to 2 from stack;", ["C", "B", "A"], ["Z"])
    assert g.names(s, "row") == ["C", "B", "A"] and g.names(s, "stack") == ["Z"]
    assert moved(g, s) == []


def test_a_short_stack_gives_what_it_has_and_nothing_is_lost(tiny) -> None:
    # the second refill finds the stack empty: no error, nothing moves
    g, s = refilled(tiny, "refill row to 5 from stack; refill row to 5 from stack;", ["A"], ["X", "Y"])
    assert g.names(s, "row") == ["Y", "X", "A"] and g.names(s, "stack") == []
    assert moved(g, s) == ["X", "Y"]
    assert len(s.card_def) == 4 and sum(len(z.cards) for z in s.all_zones()) == 4  # with the probe


def test_the_size_is_read_when_the_call_runs(tiny) -> None:
    g, s = refilled(tiny, "refill row to count(stack) from stack;", [], ["W", "X", "Y", "Z"])
    assert g.names(s, "row") == ["Z", "Y", "X", "W"] and g.names(s, "stack") == []


def test_rules_text(tiny) -> None:
    assert CORE.get("refill").describe({"zone": "the market", "size": "5", "from_": "the stack"}) == \
        "Refill the market to 5 cards from the stack."
    g = tiny("refill row to 5 from stack;", cards=LETTERS, extra=ZONES)
    assert g.text() == ["Refill the row to 5 cards from the stack."]


@pytest.mark.parametrize("src", ["refill row to 5 from stack;"])
def test_example_parses_and_binds(src) -> None:
    from cardlang.syntax.parser import parse
    call = parse(f"verb v() {{ {src} }}").decls[0].body.stmts[0]
    assert call.verb == "refill" and {k.key for k in call.kwargs} == {"to", "from"}
    assert CORE.get("refill").example == src


def test_its_source_is_worked_out_in_the_code_itself(tiny) -> None:
    """Refill's lowering reads FROM, a lazy argument, where run would call it: in the probe's own function, no
    function of the context made for it (issue 25: a lazy argument was a generated function of its own)."""
    import types

    g = tiny("refill row to 5 from stack;", cards=LETTERS, extra=ZONES)
    probe = [m for m in g.game.generated if m.card == "Probe"]
    consts = [v for m in probe for v in m.consts.values()]
    assert not [v for v in consts if isinstance(v, types.FunctionType) and v.__name__.startswith("run_")]
    assert {getattr(v, "__name__", "") for v in consts} >= {"missing", "fill"}
