"""The passes `counter-bounds`, `bank-tests`, `zero-skip` (compile/expressions.py, compile/statements.py,
compile/ir/emit_stmts.py) and `same-reads` (compile/samereads.py), on Greedy Kingdoms' code, whose tokens are
four banked counters and whose costs are printed properties most cards leave at 0: each changes the code where
it should, and the game plays the same with it off (tests/compile/test_passes.py plays the first table of the
results golden with each alone off, logged and quiet)."""
from __future__ import annotations

import ast as py
import re
from types import SimpleNamespace

import pytest

from cardlang.compile.codegen import source_of
from cardlang.compile.expressions import Expressions
from cardlang.compile.game import load_game
from cardlang.compile.ir import nodes as N
from cardlang.compile.ir.emit import MARK
from cardlang.compile.passes import OPTIMISED, SWITCHABLE, Options
from cardlang.compile.samereads import with_same_reads
from cardlang.runtime.state import CounterSpec

GK = "greedy-kingdoms"


def _source(off: str | tuple[str, ...] | None, head: str) -> str:
    """The generated module headed HEAD (`'verb develop: where'`), compiled with all passes but OFF (a name or
    several). Only that module is listed: listing all of a game's modules (each rewritten and unparsed again)
    took most of these tests' time."""
    off = (off,) if isinstance(off, str) else off
    game = load_game(GK) if off is None else load_game(GK, options=Options(SWITCHABLE - set(off)))
    return source_of(next(m for m in game.generated if m.span is not None and repr(m.label) == head))


def test_counter_bounds_drops_the_limit_test_of_a_sum_of_banked_counters() -> None:
    """`honor + gold + food + land` of four `bank 12` counters cannot reach the 18-digit limit."""
    head = "'verb develop: where'"
    assert "too_big" not in _source(None, head)
    assert "too_big" in _source("counter-bounds", head)


def _range(counters: list[CounterSpec], name: str, on: bool = True):
    fake = SimpleNamespace(options=OPTIMISED if on else Options(SWITCHABLE - {"counter-bounds"}),
                           spec=SimpleNamespace(counters={c.name: c for c in counters}))
    return Expressions._counter_range(fake, fake.spec.counters[name])


def test_a_counter_is_known_within_its_bounds_and_its_bank() -> None:
    gold = CounterSpec("gold", True, bank=12)
    stake = CounterSpec("stake", True, maximum=1, bank_of="gold")
    assert _range([gold, stake], "gold") == (12, 0)
    assert _range([gold, stake], "stake") == (1, 0)  # its own bound, and the bank's
    assert _range([gold, stake], "gold", on=False) == (None, None)
    assert _range([CounterSpec("vp", True)], "vp") == (None, 0)  # no bound of its own, no bank: not known
    assert _range([CounterSpec("track", True, minimum=-3, maximum=2)], "track") == (3, -3)
    # a holder that starts with tokens (once per player, a number not known here) or may go below 0: not known
    assert _range([gold, CounterSpec("loan", True, minimum=None, bank_of="gold")], "gold") == (None, 0)
    assert _range([CounterSpec("gold", True, bank=12, start=1)], "gold") == (None, 0)


def test_bank_tests_drop_the_none_test_and_the_cover_test_of_a_payment() -> None:
    """`honor -= c.cost_honor` (a cost, never below 0): the bank is a number and covers any return to it."""
    head = "'verb take_upgrade'"
    on, off = _source(None, head), _source("bank-tests", head)
    assert not re.search(r"_b\d+ is not None", on) and re.search(r"_b\d+ is not None", off)
    assert not re.search(r"_v\d+ - _o\d+ <= _b\d+", on) and re.search(r"_v\d+ - _o\d+ <= _b\d+", off)


def test_zero_skip_tests_a_cost_for_0_before_the_change() -> None:
    head = "'verb take_upgrade'"
    on, off = _source(None, head), _source("zero-skip", head)
    assert re.search(r"_x\d+ = .*cost_gold", on) and re.search(r"if _x\d+:", on)
    assert not re.search(r"if _x\d+:", off)


def test_same_reads_reads_a_cost_once_in_a_condition() -> None:
    head = "'verb develop: where'"
    on, off = _source(None, head), _source("same-reads", head)
    assert on.count("'cost_honor'") == 1 and "_same0 :=" in on
    assert off.count("'cost_honor'") == 2 and "_same" not in off


def _shared(text: str) -> str:
    """TEXT (an expression of `r(...)` reads, marked as the emitter marks a printed property) after same-reads."""
    tree = py.parse(text)
    for n in py.walk(tree):
        if isinstance(n, py.Call) and isinstance(n.func, py.Name) and n.func.id == "r":
            n.__dict__[MARK] = N.DefPrinted(N.Name("d"), "cost", 0)
    return py.unparse(with_same_reads(tree))


@pytest.mark.parametrize("text,shared", [
    ("r('a') <= x and r('a') + r('b') > y", "(_same0 := r('a')) <= x and _same0 + r('b') > y"),
    ("(r('a') < 1 and r('b') < 2) and r('a') + r('b') < 3",
     "((_same0 := r('a')) < 1 and (_same1 := r('b')) < 2) and _same0 + _same1 < 3"),
    ("r('a') if r('a') else r('b')", "_same0 if (_same0 := r('a')) else r('b')"),
    ("(r('a') or r('b')) or r('b')", "(r('a') or (_same0 := r('b'))) or _same0"),
    ("r('a') < 1 < r('a')", "(_same0 := r('a')) < 1 < _same0"),
])
def test_a_later_read_reads_the_first_when_the_first_has_run_for_certain(text: str, shared: str) -> None:
    assert py.dump(py.parse(_shared(text))) == py.dump(py.parse(shared))


@pytest.mark.parametrize("text", [
    "c and r('a') > 0 or r('a') < 2",         # the first may not have run (c false)
    "(r('a') and r('b')) or r('b')",          # (r('a') false: r('b') did not run)
    "c if r('a') == 1 else (d if c else r('b')) + r('b')",   # a branch: the first in another branch
    "[r('a') for _ in y] and r('a')",         # a comprehension is a function of its own
    "x < 1 < r('a') or r('a')",               # a chained comparison's later link: only if the one before held
])
def test_a_read_that_may_not_have_run_is_not_shared(text: str) -> None:
    got = _shared(text)
    assert "_same" not in got, got


def test_react_copy_late_asks_the_zone_before_it_copies_it() -> None:
    """`trigger develop_step kingdom` (Philosopher's Stone): the set question of the kingdom's own list; its
    copy, to look through, only inside the branch of a card that may react."""
    head = "'verb develop'"
    on, off = _source(None, head), _source("react-copy-late", head)
    asked = r"\('on', 'develop_step'\).*\.isdisjoint\((_state\.zones\[\d+\]\[\w+\]\.cards)\):\n\s+_t\d+ = list\(\1\)"
    assert re.search(asked, on) and not re.search(asked, off)
    assert re.search(r"_t\d+ = list\(_state\.zones\[\d+\]\[\w+\]\.cards\)\n.*\('on', 'develop_step'\).*\.isdisjoint\(_t\d+\)",
                     off)


def test_static_where_works_out_a_filter_of_the_definitions_once() -> None:
    """`for h in cards where card is Starting { create 1 h to p.hand; }` (a set-up): the Starting Heroes are a
    constant list; with the pass off, a look through every definition at each run."""
    on, off = _source(None, "'setup'"), _source("static-where", "'setup'")
    assert "'Starting' in" not in on and "'Starting' in" in off
    assert "'TwoPlayersOnly' in" in on  # (a test of each card in the loop's body is not the filter's)


def test_static_where_answers_only_what_a_definition_is() -> None:
    from cardlang.compile.ir import nodes_loops as NL
    from cardlang.compile.ir import nodes_ops as NO
    from cardlang.compile.ir.static_where import static_where
    a, b, c = (SimpleNamespace(name=n, types=t) for n, t in (("A", ["X"]), ("B", ["X", "Y"]), ("C", ["Y"])))
    defs = N.Value([a, b, c], "defs")
    card = N.Name("card")
    x_not_y = NO.Both(True, N.DefIsType(card, "X"), N.Not(N.DefIsType(card, "Y")))
    got = static_where(NL.Where(defs, NO.Both(False, x_not_y, N.DefNamed(card, "C")), "card", None))
    assert type(got) is N.Value and got.obj == [a, c]
    assert static_where(NL.CountWhere(defs, N.DefIsType(card, "Y"), "card", None)) == N.Const(2)
    printed = N.DefPrinted(card, "cost", 0)  # a property (may be modified in play): left to run
    left = NL.Where(defs, printed, "card", None)
    assert static_where(left) is left


def test_a_create_into_a_plain_zone_adds_the_cards_in_the_code() -> None:
    """Create.lower (primitives/core_lowering.py lower_create, the IR's CreateCards): the quiet case in the code,
    run only when someone watches or a limit is met (`create-all`, which makes a loop of such creates one, off
    on both sides: it extends the definitions too)."""
    on, off = _source("create-all", "'setup'"), _source(("lower", "create-all"), "'setup'")
    assert "_state.card_def.extend(" in on and "run_create(ctx, " in on
    assert "_state.card_def.extend(" not in off


def test_exists_loops_asks_whether_any_card_blocks_with_a_loop_that_stops() -> None:
    """`if count(d.shown where card.icon == h.icon) > 0` (mark_blocks): a loop that stops at the first."""
    head = "'verb mark_blocks'"
    # (count-before off too: it would count the `if`'s count first, in a loop that does not stop)
    on, off = _source(None, "'verb mark_blocks'"), _source(("exists-loops", "count-before"), head)
    assert re.search(r"_any0 = False\n\s+for _c\d+ in .*\n\s+if .*'icon'.*:\n\s+_any0 = True\n\s+break", on)
    assert "len([" not in on and "len([" in off


def _exists(cond: str, test: str = "> 0"):
    """`def g(xs)` asking `if len([c for c in xs if COND]) TEST`, its `len` marked as the emitter marks a
    counted `where`; (the rewritten source, the function) after exists-loops."""
    from cardlang.compile.existsloops import with_exists_loops
    from cardlang.compile.ir import nodes_loops as NL
    tree = py.parse(f"def g(xs):\n    if len([c for c in xs if {cond}]) {test}:\n        return 'yes'\n"
                    "    return 'no'\n")
    for n in py.walk(tree):
        if isinstance(n, py.Call) and isinstance(n.func, py.Name) and n.func.id == "len":
            n.__dict__[MARK] = NL.CountWhere(N.Name("xs"), N.Const(True), "card", None)
    tree = py.fix_missing_locations(with_exists_loops(tree))
    space: dict = {}
    exec(compile(tree, "<test>", "exec"), space)
    return py.unparse(tree), space["g"]


@pytest.mark.parametrize("test,want", [("> 0", ("yes", "no")), ("== 0", ("no", "yes")), (">= 1", ("yes", "no"))])
def test_an_exists_loop_answers_as_the_count_did(test: str, want: tuple) -> None:
    text, g = _exists("c == 2", test)
    assert "_any0 = False" in text and "len(" not in text, text
    assert (g([1, 2, 3]), g([1, 3])) == want


def test_a_condition_that_may_fail_is_counted_over_every_item() -> None:
    """Stopping at the first item that holds would not look at the next, whose condition might raise."""
    text, g = _exists("10 // c > 1")
    assert "len(" in text and "_any" not in text
    with pytest.raises(ZeroDivisionError):
        g([1, 0])


def test_plain_count_counts_a_zone_of_no_piles_by_its_own_list() -> None:
    """`while count(shown) > 0` (use_heroes): `shown` is declared with no piles."""
    on, off = _source(None, "'verb use_heroes'"), _source("plain-count", "'verb use_heroes'")
    assert re.search(r"while _k\d+_len\(_state\.zones\[\d+\]\[ctx\.you\]\.cards\) > 0", on)
    assert ".spec.piles" not in on.split("while", 1)[1].split("\n")[0]
    assert ".spec.piles" in off.split("while", 1)[1].split("\n")[0]
