"""`others` and `players` read from the state's tables of the seats still in (state.others, state.around: the pass
`seats-kept`): the tables are what `others_of` works out for every seat and every set of players out, they are
made again when a player goes out, a copy of the state goes its own way, and the invariant checker finds a
table that `out` no longer gives."""
import itertools

import pytest

from cardlang.compile import codegen as G
from cardlang.compile.game import load_game
from cardlang.compile.passes import SWITCHABLE, Options
from cardlang.primitives.values import others_of
from cardlang.runtime.checker import InvariantChecker
from cardlang.runtime.invariants import InvariantViolation
from cardlang.runtime.state import seat_tables
from cardlang.runtime.stepping import copy_state

from tiny_game import Tiny

PROBE = "eliminate left; for p in others { p.marks += 1; } marks += count(players) * 10;"


class _Out:
    def __init__(self, out: list[bool]) -> None:
        self.out, self.num_players = out, len(out)


def test_the_tables_are_what_others_of_works_out():
    for n in range(1, 6):
        for out in itertools.product((False, True), repeat=n):
            others, around = seat_tables(list(out))
            for p in range(n):
                assert list(others[p]) == others_of(_Out(list(out)), p, False)
                assert list(around[p]) == others_of(_Out(list(out)), p, True)


@pytest.mark.parametrize("on", [True, False])
def test_a_player_out_is_among_neither_with_the_pass_or_without(tiny, on):
    tiny(PROBE)
    g = Tiny(load_game("tiny", options=Options(SWITCHABLE if on else SWITCHABLE - {"seats-kept"})))
    s = g.state(players=4)
    s.check = InvariantChecker()
    twin = copy_state(s)
    g.play(s)  # p1 takes out p2: others are p3 and p4, players p1, p3, p4
    assert s.out == [False, True, False, False] and twin.out == [False] * 4
    assert [g.marks(s, p) for p in (1, 2, 3, 4)] == [30, 0, 1, 1]
    assert s.around[0] == (0, 2, 3) and twin.around[0] == (0, 1, 2, 3)  # the copy keeps its own tables
    s.check.checkpoint(s, "after the probe")


def test_only_the_pass_reads_the_tables(tiny):
    tiny(PROBE)
    on, off = (load_game("tiny", options=o) for o in (Options(), Options(SWITCHABLE - {"seats-kept"})))
    code = ["\n".join(G.source_of(m) for m in g.generated) for g in (on, off)]
    assert ".others[" in code[0] and ".around[" in code[0]
    assert ".others[" not in code[1] and ".around[" not in code[1]


def test_the_checker_finds_a_table_out_of_date(tiny):
    g = tiny(PROBE)
    s = g.state(players=3)
    s.out[1] = True  # a player put out without a word
    with pytest.raises(InvariantViolation, match="seats still in"):
        InvariantChecker().checkpoint(s, "at the end of the turn")
