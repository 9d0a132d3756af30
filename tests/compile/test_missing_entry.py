"""The pass `missing-entry` (compile/ir/missing_entry.py, ir/emit_loops.py _sum_in): a `sum` in its caller over one
card's entry of a table (`sum(attached(t), card.hp)`) tests the entry first, and sums a missing one as 0 with no
comprehension called; the same totals, and the same games with the pass on and off."""
from __future__ import annotations

import ast as py

import pytest
from onoff import assert_same_games, without

from cardlang.compile.codegen import source_of
from cardlang.compile.game import load_game
from cardlang.compile.ir.missing_entry import entry_sum
from cardlang.compile.passes import OPTIMISED

ONE = "[*t.get(k, ())]"
EITHER = "[*t.get(k[0], ())] if len(k) == 1 else [x for c in k for x in t.get(c, ())]"


def _rewritten(items: str) -> py.expr | None:
    names = iter(range(100))
    return entry_sum(py.parse(items, mode="eval").body,
                     lambda it: py.Call(py.Name("sum", py.Load()), [py.ListComp(
                         py.BinOp(py.Name("c", py.Load()), py.Mult(), py.Constant(10)),
                         [py.comprehension(py.Name("c", py.Store()), it, [], 0)])], []),
                     lambda hint: f"_{hint}{next(names)}")


def _total(code: py.expr, t: dict, k) -> int:
    tree = py.fix_missing_locations(py.Expression(code))
    return eval(compile(tree, "<test>", "eval"), {"t": t, "k": k})  # noqa: S307 (a tree this test built)


@pytest.mark.parametrize("items, key", [(ONE, 1), (EITHER, [1]), (EITHER, [1, 2])], ids=["one", "either-1", "either-2"])
@pytest.mark.parametrize("table", [{}, {1: [3]}, {1: [3, 4], 2: [5]}, {1: []}], ids=["none", "one", "several", "empty"])
def test_the_same_total_as_the_comprehension(items: str, key, table: dict) -> None:
    code = _rewritten(items)
    assert code is not None and "if (_e0 := t.get(" in py.unparse(code)
    plain = py.parse(f"sum([c * 10 for c in ({items})])", mode="eval").body
    assert _total(code, table, key) == _total(plain, table, key)


def test_other_lists_are_left_as_they_are() -> None:
    for items in ("[*t.get(k)]", "[*t.get(k, ()), 1]", "list(t.get(k, ()))", "z.cards", "[*t.get(k, (1,))]"):
        assert _rewritten(items) is None, items


def test_the_pass_fires_in_a_game_that_sums_attached_cards() -> None:
    def code(options) -> str:
        game = load_game("warring-kingdom", options=options)
        return "".join(source_of(g) for g in game.facts.generated if g.label == "verb toughness")
    assert ".attached.get(_a0[0])) else 0" in code(OPTIMISED)
    assert ".attached.get(_a0[0])) else 0" not in code(without("missing-entry"))


def test_games_are_the_same_with_the_pass_on_and_off() -> None:
    assert_same_games(load_game("warring-kingdom"), load_game("warring-kingdom", options=without("missing-entry")),
                      bots=("economy", "rush"), seeds=range(4))
