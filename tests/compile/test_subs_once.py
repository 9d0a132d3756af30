"""The pass `subs-once` (compile/passes.py, compile/botgen.py decide_ir): the locals of a bot rule's calls made by
several conditions (`_s0`...) are unset once before a decision's picks when no condition reads `picked`, so
that a call made at the first pick is not made again at the next; a rule reading `picked` unsets them at every
pick, as before. It fires on Greedy Kingdoms' reader (its defence counts the attacker's kingdom in 9 pairs of
conditions, three Heroes a decision), and the games are the same with it off."""
from __future__ import annotations

from cardlang.compile import generator as G
from cardlang.compile.botgen import BotPref, decide_ir
from cardlang.compile.bots import compile_bot
from cardlang.compile.codegen import source_of
from cardlang.compile.game import load_game
from cardlang.compile.passes import Options, SWITCHABLE
from cardlang.errors import Span

from onoff import assert_same_games, without

OFF = without("subs-once")
_SPAN = Span("bots.cl", 1, 1, 1, 2)


def _unset(nodes) -> list[str]:
    return [n.var.name for n in nodes if type(n).__name__ == "Let"]


def test_unset_once_unless_picked_is_read() -> None:
    gen = G.Gen("probe", Options(SWITCHABLE))
    for reads_picked, before, each in ((False, ["_s0", "_s1"], []), (True, [], ["_s0", "_s1"])):
        prefs = [BotPref("name", "A", None, None, reads_picked, _SPAN, ("_s0", "_s1")),
                 BotPref("name", "B", None, None, False, _SPAN, ("_s1",))]
        ir = decide_ir(gen, prefs)
        assert (_unset(ir.before), _unset(ir.each_pick)) == (before, each)
    off = decide_ir(G.Gen("probe", OFF), [BotPref("name", "A", None, None, False, _SPAN, ("_s0",))])
    assert (_unset(off.before), _unset(off.each_pick)) == ([], ["_s0"])


def test_it_fires_and_the_same_games_with_it_off() -> None:
    on, off = load_game("greedy-kingdoms"), load_game("greedy-kingdoms", options=OFF)
    src = []
    for g in (on, off):
        compile_bot(g, "reader").generate_all()
        src.append("\n".join(source_of(m) for m in g.generated if m.label == "bot reader: on defend_heroes"))
    loop = "    while _f0_len(_picks) < _max and _remaining:\n"
    assert "\n    _s8 = None\n" in src[0] and src[0].index("\n    _s8 = None\n") < src[0].index(loop)
    assert "\n    _s8 = None\n" not in src[1] and loop + "        _s0 = None\n" in src[1]
    assert_same_games(on, off, bots=("reader", "palace-rusher"), seeds=range(4))
