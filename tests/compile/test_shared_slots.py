"""The pass `shared-slots` (compile/sharedslots.py): the compiler's temporaries whose stretches of code do not
overlap share one local name, so a generated function's frame has fewer slots to set and clear at each call;
a temporary that a later run of its code, or code outside its stretch, might read as it was left keeps its
own. In Greedy Kingdoms (the battle phase: hundreds of temporaries) the pass fires and the games are the same
with it on and off."""
from __future__ import annotations

import ast as py

from onoff import assert_same_games, turn_source, without

from cardlang.compile.game import load_game
from cardlang.compile.passes import OPTIMISED
from cardlang.compile.sharedslots import with_shared_slots

_FILLER = "".join(f"    _f{i} = k + {i}\n    out.append(_f{i})\n" for i in range(10))  # (enough to share)


def _shared(src: str):
    """SRC's function `g` after shared-slots: (its source, the function, the names it stores)."""
    tree = py.fix_missing_locations(with_shared_slots(py.parse(src), fewest=8))
    space: dict = {}
    exec(compile(tree, "<test>", "exec"), space)
    stored = {n.id for n in py.walk(tree) if isinstance(n, py.Name) and isinstance(n.ctx, py.Store)}
    return py.unparse(tree), space["g"], stored


def test_temporaries_one_after_another_share_a_name_with_the_same_result() -> None:
    src = "def g(k):\n    out = []\n" + _FILLER + "    return out\n"
    text, g, stored = _shared(src)
    assert stored == {"out", "_f0"}, text
    assert g(5) == [5 + i for i in range(10)]


def test_only_temporaries_of_the_same_letters_share() -> None:
    # `_a1` and `_b2` never overlap, but a name says what it holds (a hand's list, a count): they keep theirs
    src = ("def g(k):\n    out = []\n    _a1 = k\n    out.append(_a1)\n    _b2 = k * 2\n    out.append(_b2)\n"
           + _FILLER + "    return out\n")
    text, g, stored = _shared(src)
    assert stored == {"out", "_a1", "_b2", "_f0"}, text
    assert g(3) == [3, 6] + [3 + i for i in range(10)]


def test_a_value_left_for_a_later_pass_of_a_loop_keeps_its_name() -> None:
    # _a1 is read in the loop's second pass as the first pass left it: the code after it must not reuse it
    src = ("def g(k):\n    out = []\n    for i in range(3):\n        if i == 0:\n            _a1 = k\n"
           "        out.append(_a1)\n        _b2 = i * 10\n        out.append(_b2)\n" + _FILLER + "    return out\n")
    text, g, stored = _shared(src)
    assert "_a1" in stored, text
    assert g(7) == [7, 0, 7, 10, 7, 20] + [7 + i for i in range(10)]


def test_walrus_loops_and_branches() -> None:
    src = ("def g(k, d):\n    out = []\n"
           "    if (_r1 if (_r1 := d.get(k)) is not None else 0) > 1:\n        out.append(1)\n"
           "    for _f10 in range(k):\n        out.append(_f10)\n"
           "    _y3 = (d.get(0) if (_z4 := k) else 0) or _z4\n    out.append(_y3)\n"  # _z4 read on a branch only
           "    if k > 2:\n        _w5 = 1\n    else:\n        _w5 = 2\n    out.append(_w5)\n"  # stored in branches
           "    out.append([_c6 for _c6 in range(2)])\n" + _FILLER + "    return out\n")
    text, g, stored = _shared(src)
    # the loop's name is free once the loop is over: the filler's temporaries take it, and `_f0` is stored nowhere
    assert "_r1" in stored and "_f10" in stored and "_f0" not in stored and "_w5" in stored and "_c6" in stored, text
    assert g(3, {3: 5, 0: 0}) == [1, 0, 1, 2, 3, 1, [0, 1]] + [3 + i for i in range(10)]
    assert g(0, {}) == [0, 2, [0, 1]] + [i for i in range(10)]


def test_a_parameter_or_an_exception_name_is_never_shared() -> None:
    src = ("def g(_a0):\n    out = []\n    try:\n        _t1 = 1 // _a0\n    except ZeroDivisionError as _e2:\n"
           "        _t1 = str(_e2)[:4]\n    out.append(_t1)\n" + _FILLER.replace("k", "_a0") + "    return out\n")
    text, g, stored = _shared(src)
    assert "_a0" not in stored and "_e2" in text, text
    assert g(0) == ["inte"] + [i for i in range(10)]


def test_the_pass_fires_in_the_turn() -> None:
    def slots(options) -> tuple[int, int]:  # (the names the turn's functions store, the most one of them stores)
        tree = py.parse(turn_source(load_game("greedy-kingdoms", options=options)))
        each = [len({n.id for n in py.walk(f) if isinstance(n, py.Name) and isinstance(n.ctx, py.Store)})
                for f in py.walk(tree) if isinstance(f, py.FunctionDef)]
        return sum(each), max(each)
    on, off = slots(OPTIMISED), slots(without("shared-slots"))
    assert off[1] > 300 and on[1] < 80 and on[0] < off[0] // 3, (on, off)  # the battle phase: 378 -> 70 locals


def test_games_are_the_same_with_the_pass_on_and_off() -> None:
    assert_same_games(load_game("greedy-kingdoms"), load_game("greedy-kingdoms", options=without("shared-slots")),
                      bots=("reader", "palace-rusher"), seeds=range(4))
