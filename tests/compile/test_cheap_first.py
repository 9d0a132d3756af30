"""The pass `cheap-first` (compile/passes.py, compile/ir/cheap_first.py): of an `and`/`or` of two reads without
effect that cannot fail, the side counting over cards (`count(ZONE where ...)`) is tested second. It fires on a
bot's condition (Greedy Kingdoms' `needs` develops: `count(kingdom where card is Hero) < 2 and tokens >= 4`),
leaves a side that may fail or act where it is, and the games are the same with it off."""
from __future__ import annotations

from cardlang.compile.bots import compile_bot
from cardlang.compile.codegen import source_of
from cardlang.compile.game import load_game
from cardlang.compile.ir import nodes as N
from cardlang.compile.ir import nodes_loops as NL
from cardlang.compile.ir import nodes_ops as NO
from cardlang.compile.ir import nodes_reads as R
from cardlang.compile.ir.cheap_first import cheap_first

from onoff import assert_same_games, without

OFF = without("cheap-first")

# `count(kingdom where card is Hero) < 2` (a comprehension's length, in its caller) and `honor >= 4`
_COUNT = NO.Compare("<", NL.CountWhere(R.ZoneCount(R.ZoneRef(5, N.You())).zone, R.DefIsType(
    R.DefOf(N.Name("card")), "Hero"), "card", None, inline=True), N.Const(2))
_TOKENS = NO.Compare(">=", R.CounterRef(0, N.You()), N.Const(4))


def test_the_count_goes_second() -> None:
    for conj in (True, False):
        got = cheap_first(NO.Both(conj, _COUNT, _TOKENS))
        assert got == NO.Both(conj, _TOKENS, _COUNT)
    kept = NO.Both(True, _TOKENS, _COUNT)
    assert cheap_first(kept) is kept  # already cheap first: the same node


def test_a_side_that_may_fail_or_act_stays() -> None:
    called = NO.Compare(">", NO.Helper(len, (N.Const(()),)), N.Const(0))  # a helper's call: not a plain read
    for node in (NO.Both(True, _COUNT, called), NO.Both(True, NO.Both(True, _COUNT, called), _TOKENS)):
        assert cheap_first(node) == node
    by_call = NO.Compare("<", NL.CountWhere(N.Const(()), N.Const(True), "card", len, inline=False), N.Const(2))
    node = NO.Both(True, by_call, _TOKENS)  # counted by a function (which charges steps): not moved
    assert cheap_first(node) is node


def test_it_fires_and_the_same_games_with_it_off() -> None:
    on, off = load_game("greedy-kingdoms"), load_game("greedy-kingdoms", options=OFF)
    for g in (on, off):
        compile_bot(g, "needs").generate_all()
    src = ["\n".join(source_of(m) for m in g.generated if m.label == "bot needs: on develop") for g in (on, off)]
    tokens = "_st.counters[0][_p] + _st.counters[1][_p] + _st.counters[2][_p] + _st.counters[3][_p] >= 4"
    heroes = "_f0_len([_c2 for _c2 in _st.zones[5][_p].cards if 'Hero' in _st.card_def[_c2].types]) < 2"
    assert f"if {tokens} and {heroes}:" in src[0] and f"if {heroes} and {tokens}:" in src[1]
    assert_same_games(on, off, bots=("needs", "palace-rusher"), seeds=range(4))
