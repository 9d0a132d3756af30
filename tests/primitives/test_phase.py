"""`phase NAME { ... }` in a turn: its body runs inside the turn's own generated function when nobody watches
(and through the phase's function, which tells the phase, when someone does); either way the same moves,
the same names, `break` ending its loop, and a run-time error at the phase's own line."""
import pytest

from cardlang.compile.codegen import source_of
from cardlang.errors import RuleViolation
from cardlang.runtime.engine import run_turn

TURN = """\
    phase one { let n = 2; marks += n; }
    phase two { let n = 3; while marks < 20 { marks += n; if marks > 6 { break; } } }
    phase three { if marks > 7 { marks -= 100; } }"""


@pytest.mark.parametrize("log", [False, True])
def test_phases_run_in_order_with_names_of_their_own(tiny, log) -> None:
    g = tiny(turn=TURN)
    s = g.state(log=log)
    with pytest.raises(RuleViolation) as e:
        run_turn(g.game, s)
    assert g.marks(s) == 8  # 2, then 5 and 8 (the loop broken), then the refused change
    with open("games/tiny/game.cl", encoding="utf-8") as f:  # (the working folder is the tiny game's home)
        lines = f.read().splitlines()
    line = next(i for i, text in enumerate(lines, 1) if "marks -= 100" in text)
    assert (e.value.span.path, e.value.span.line, e.value.span.column) == (
        "games/tiny/game.cl", line, lines[line - 1].index("marks -= 100") + 1)
    assert "marks cannot go below 0" in e.value.message
    assert s.phase == "three"
    if log:
        assert [ev.phase for ev in g.events(s, "Phase")] == ["one", "two", "three"]


def test_the_turn_holds_the_phases_bodies(tiny) -> None:
    g = tiny(turn=TURN)
    turn = [source_of(m) for m in g.game.generated if m.label == "turn" and "phase = 'one'" in source_of(m)]
    assert len(turn) == 1
    assert "_run_block" not in turn[0] and "while " in turn[0] and "break" in turn[0]
