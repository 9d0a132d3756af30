"""The pass `count-before` (compile/countbefore.py): a counted `where` (`len([...])`, marked CountWhere) that a
statement always works out, past only reads that cannot fail or act, is counted by a loop before the statement,
with the same total; a count after something that might act or fail, or one the statement may skip (after an
`and`), is left as it was. In Warring Kingdom (a round's units lost, the siege's two income cards) the games
are the same with the pass on and off."""
from __future__ import annotations

import ast as py

from onoff import assert_same_games, without

from cardlang.compile.codegen import source_of
from cardlang.compile.countbefore import with_counts_before
from cardlang.compile.game import load_game
from cardlang.compile.ir import nodes as N
from cardlang.compile.ir import nodes_loops as NL
from cardlang.compile.ir.emit import MARK
from cardlang.compile.passes import OPTIMISED


def _rewritten(src: str):
    """SRC's function with each `len` marked as the emitter marks a counted `where`, after count-before: (its
    source, the function)."""
    tree = py.parse(src)
    for n in py.walk(tree):
        if isinstance(n, py.Call) and isinstance(n.func, py.Name) and n.func.id == "len":
            n.__dict__[MARK] = NL.CountWhere(N.Name("xs"), N.Const(True), "card", None)
    tree = py.fix_missing_locations(with_counts_before(tree))
    space: dict = {"act": lambda xs: xs.append(9) or 0}
    exec(compile(tree, "<test>", "exec"), space)
    return py.unparse(tree), space["g"]


def test_counts_in_a_sum_are_counted_first_with_the_same_total() -> None:
    text, g = _rewritten("def g(xs, k):\n    n = k + (len([c for c in xs if c > 1]) + len([d for d in xs if d < 3]))\n"
                         "    return n\n")
    assert "len(" not in text and "_cnt0 = 0" in text and "_cnt1 = 0" in text, text
    assert g([1, 2, 3], 10) == 10 + 2 + 2


def test_an_ifs_test_is_counted_first() -> None:
    text, g = _rewritten("def g(xs):\n    if len([c for c in xs if c == 1]) >= 2:\n        return 'two'\n"
                         "    return 'fewer'\n")
    assert "len(" not in text, text
    assert (g([1, 1, 3]), g([1, 2])) == ("two", "fewer")


def test_a_count_after_a_call_or_an_and_stays() -> None:
    after_call, g = _rewritten("def g(xs):\n    return act(xs) + len([c for c in xs if c > 1])\n")
    assert "len(" in after_call
    text, g = _rewritten("def g(xs):\n    n = act(xs) + len([c for c in xs if c > 1])\n    return n\n")
    assert "len(" in text and g([1, 2]) == 2  # (the 9 `act` appends is counted, as before)
    text, _ = _rewritten("def g(xs, k):\n    if k and len([c for c in xs if c > 1]) > 2:\n        return 1\n")
    assert "len(" in text


def test_the_pass_fires_in_a_round_of_combat() -> None:
    def code(options) -> str:
        game = load_game("warring-kingdom", options=options)
        return "".join(source_of(g) for g in game.facts.generated if g.label == "verb cleanup")
    on, off = code(OPTIMISED), code(without("count-before"))
    assert "_cnt0 = 0" in on and "_cnt0" not in off
    assert on.count("len([") < off.count("len([")


def test_games_are_the_same_with_the_pass_on_and_off() -> None:
    assert_same_games(load_game("warring-kingdom"), load_game("warring-kingdom", options=without("count-before")),
                      bots=("economy", "rush"), seeds=range(4))
