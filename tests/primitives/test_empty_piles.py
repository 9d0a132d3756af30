"""`empty_piles(ZONE)`: behaviour, rules text, and the errors a card author can trigger."""
import pytest

from cardlang.errors import ErrorList, RuleViolation
from cardlang.primitives import CORE

from tiny_game import Tiny, probe_span


def test_counts_the_piles_that_ran_out(tiny):
    g = tiny("marks += empty_piles(supply) * 10; move Gem in supply to table; marks += empty_piles(supply);")
    s = g.state()
    g.put(s, "supply[Coin]", ["Coin", "Coin"])
    g.put(s, "supply[Gem]", ["Gem"])
    g.put(s, "supply[Land]", [])
    g.play(s)
    assert g.marks(s) == 12  # Land was empty from the start; then Gem ran out too


@pytest.mark.parametrize("in_code", [True, False], ids=["in-code", "called"])
def test_the_count_kept_is_read_in_the_code_and_counted_again_once_a_pile_ran_out(tiny, in_code):
    """With the pass `piles-in-code`, `empty_piles` of a zone the code reads by its slot reads the count the state
    keeps (state.empty_known) in the code and calls the reference only when there is none; the same counts
    either way, logged or not: a move that empties a pile makes it count again."""
    from cardlang.compile.codegen import source_of
    from cardlang.compile.game import load_game
    from cardlang.compile.passes import OPTIMISED, SWITCHABLE, Options
    tiny("marks += empty_piles(supply) * 10; move Gem in supply to table; marks += empty_piles(supply) * 100;"
         " marks += empty_piles(supply);")
    g = Tiny(load_game("tiny", options=OPTIMISED if in_code else Options(SWITCHABLE - {"piles-in-code"})))
    code = "\n".join(source_of(m) for m in g.game.generated if m.card == "Probe")
    assert ("empty_known" in code) == in_code
    for log in (True, False):
        s = g.state(log=log)
        g.put(s, "supply[Coin]", ["Coin", "Coin"])
        g.put(s, "supply[Gem]", ["Gem"])
        g.put(s, "supply[Land]", [])
        g.play(s)
        assert g.marks(s) == 10 + 200 + 2  # Land empty from the start; then Gem too (counted again), kept


def test_a_pile_never_made_is_not_counted(tiny):
    g = tiny("marks += empty_piles(supply) + 1;")
    s = g.state()
    g.put(s, "supply[Coin]", ["Coin"])
    g.play(s)
    assert g.marks(s) == 1


def test_a_zone_without_piles_is_an_error(tiny):
    with pytest.raises((ErrorList, RuleViolation)):
        g = tiny("marks += empty_piles(hand);")
        g.play(g.state())


def test_rules_text() -> None:
    # A function's describe() is the noun that card text builds on ("there are 3 empty piles in the supply").
    assert CORE.get("empty_piles").describe({}) == "empty piles"


@pytest.mark.parametrize("cond, text", [
    ("empty_piles(supply) > 2", "If there are more than 2 empty piles in the supply, +1 Mark."),
    ("empty_piles(supply) >= 3", "If there are at least 3 empty piles in the supply, +1 Mark."),
])
def test_rules_text_on_a_card(tiny, cond, text):
    assert tiny(f"if {cond} {{ marks += 1; }}").text() == [text]


def test_wrong_type(tiny):
    body = "marks += empty_piles(3);"
    e = tiny.error(body)
    assert (e.message, e.span, e.hint) == ("expected a zone, found a number", probe_span(body, "3"), None)


def test_missing_argument(tiny):
    body = "marks += empty_piles();"
    e = tiny.error(body)
    assert (e.message, e.span, e.hint) == ("empty_piles() takes 1 argument(s), got 0",
                                           probe_span(body, "empty_piles()"), "use empty_piles(supply)")


def test_too_many_arguments(tiny):
    body = "marks += empty_piles(supply, supply);"
    e = tiny.error(body)
    assert (e.message, e.span, e.hint) == ("empty_piles() takes 1 argument(s), got 2",
                                           probe_span(body, "empty_piles(supply, supply)"), "use empty_piles(supply)")
