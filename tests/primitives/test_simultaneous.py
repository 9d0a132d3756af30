"""`simultaneous { ... }`: secret choices asked against one state; no agent can see another's pending pick."""
from pathlib import Path

import pytest

from cardlang.compile.bots import LanguageBot
from cardlang.compile.describe import describe_block
from cardlang.compile.game import load_game
from cardlang.errors import ErrorList
from cardlang.primitives import CORE
from cardlang.runtime.decisions import ScriptedAgent
from cardlang.runtime.engine import play_game

# A made-up duel: both players show one sign at the same time.
GAME = """
game duel {
  players 2 to 2;
  types Sign;
  zone hand: per player, owner;
  zone facedown: per player, owner;
  zone shown: per player, public;
  counter points: per player;
  setup { for p in players { create 1 Rock to p.hand; create 1 Paper to p.hand; create 1 Blade to p.hand; } }
  turn {
    TURN
  }
}
"""
TURN = """
    simultaneous {
      let a = choose 1 from hand as pick_a prompt "Your sign";
      let b = choose 1 from left.hand by left as pick_b prompt "Your sign";
    }
    move a to facedown;
    move b to left.facedown;
    move facedown to shown;
    move left.facedown to left.shown;
    if a == b { points += 1; }
    win you;
"""
CARDS = {"rock": "card Rock { types Sign; }", "paper": "card Paper { types Sign; }",
         "blade": "card Blade { types Sign; }"}


def make_game(tmp_path: Path, monkeypatch, turn: str = TURN, bots: str = ""):
    (tmp_path / "games" / "duel").mkdir(parents=True)
    (tmp_path / "cards" / "duel").mkdir(parents=True)
    (tmp_path / "games" / "duel" / "game.cl").write_text(GAME.replace("TURN", turn), encoding="utf-8")
    if bots:
        (tmp_path / "games" / "duel" / "bots.cl").write_text(bots, encoding="utf-8")
    for name, text in CARDS.items():
        (tmp_path / "cards" / "duel" / f"{name}.card").write_text(text, encoding="utf-8")
    monkeypatch.setenv("CARDLANG_HOME", str(tmp_path))
    return load_game("duel")


class Spy:
    """Answers from a script and records, at each decision, everything its player's view shows."""

    def __init__(self, answers: list) -> None:
        self.script = ScriptedAgent(answers)
        self.seen: list[tuple] = []
        self.name = "spy"

    def decide(self, view, decision):
        zones = tuple((z.label, tuple(view.zone_cards(z) or ()), len(z.cards)) for z in view.zones())
        counters = tuple(sorted((k, tuple(v)) for k, v in view.counters().items()))
        self.seen.append((decision.tag, decision.secret, zones, counters))
        return self.script.decide(view, decision)


def test_picks_are_secret_and_used_after_the_block(tmp_path, monkeypatch) -> None:
    g = make_game(tmp_path, monkeypatch)
    p1, p2 = Spy(["Rock"]), Spy(["Rock"])
    r = play_game(g, [p1, p2], seed=1, log=True)
    assert [s[:2] for s in p1.seen] == [("pick_a", True)]
    assert [s[:2] for s in p2.seen] == [("pick_b", True)]
    assert r.scores == [0, 0] and r.state.counters[0] == [1, 0]  # both showed Rock: p1 scores
    shown = [r.state.card_def[c].name for c in r.state.zones[2][1].cards]
    assert shown == ["Rock"]


@pytest.mark.parametrize("first", ["Rock", "Paper", "Blade"])
def test_the_second_chooser_sees_the_same_whatever_the_first_picked(tmp_path, monkeypatch, first) -> None:
    """p2's whole view while it decides is identical for every pending pick of p1: it cannot depend on it."""
    g = make_game(tmp_path, monkeypatch)
    baseline = Spy(["Paper"])
    play_game(g, [Spy(["Rock"]), baseline], seed=1)
    p2 = Spy(["Paper"])
    play_game(g, [Spy([first]), p2], seed=1)
    assert p2.seen == baseline.seen
    assert all(first not in names for label, names, _ in p2.seen[0][2] if label.startswith("p1."))


def test_a_bot_cannot_read_the_opponents_face_down_or_hand(tmp_path, monkeypatch) -> None:
    bots = 'bot "peek" { on pick_b { Rock if count(Rock in left.facedown) > 0; random; } }'
    with pytest.raises(ErrorList) as e:
        make_game(tmp_path, monkeypatch, bots=bots)
    assert "a bot may not look into 'left.facedown'" in e.value.errors[0].message


def test_a_bots_pick_does_not_change_with_the_opponents_pending_pick(tmp_path, monkeypatch) -> None:
    g = make_game(tmp_path, monkeypatch, bots='bot "plain" { on pick_b { random; } }')
    answers = set()
    for first in ("Rock", "Paper", "Blade"):
        r = play_game(g, [ScriptedAgent([first]), LanguageBot(g, "plain", seed=5)], seed=3, log=True)
        answers.add(next(e.picked for e in r.state.log if e.kind == "Decided" and e.tag == "pick_b"))
    assert len(answers) == 1


def test_only_choices_may_stand_in_the_block(tmp_path, monkeypatch) -> None:
    turn = "simultaneous { let a = choose 1 from hand; move a to shown; } win you;"
    with pytest.raises(ErrorList) as e:
        make_game(tmp_path, monkeypatch, turn=turn)
    msg = e.value.errors[0]
    assert "holds only secret choices" in msg.message
    assert msg.span.line == 11 and msg.span.column == 48  # the `move`


def test_an_empty_block_is_an_error(tmp_path, monkeypatch) -> None:
    with pytest.raises(ErrorList) as e:
        make_game(tmp_path, monkeypatch, turn="simultaneous { } win you;")
    assert "needs at least one choice" in e.value.errors[0].message


def test_decisions_outside_the_block_are_not_secret(tmp_path, monkeypatch) -> None:
    g = make_game(tmp_path, monkeypatch, turn="let a = choose 1 from hand as open_pick; win you;")
    p1 = Spy(["Rock"])
    play_game(g, [p1, Spy([])], seed=1)
    assert [s[:2] for s in p1.seen] == [("open_pick", False)]


def test_rules_text(tmp_path, monkeypatch) -> None:
    g = make_game(tmp_path, monkeypatch)
    text = describe_block(g.spec.decl.turn, g, "you")
    assert text.startswith("At the same time and in secret: Choose a card from your hand.")
    prim = CORE.get("simultaneous")
    assert prim.kind == "statement" and prim.example.startswith("simultaneous {")


def test_two_people_at_one_terminal_pass_it_between_secret_picks(tmp_path, monkeypatch) -> None:
    from typer.testing import CliRunner

    from cardlang.cli.commands import app
    make_game(tmp_path, monkeypatch)
    r = CliRunner().invoke(app, ["play", "duel", "--players", "human,human"], input="\n1\n\n2\n")
    assert r.exit_code == 0, r.output
    out = r.output
    clear = "\x1b[2J\x1b[H"
    first = out.index("Pass to the other player (p1)")
    second = out.index("Pass to the other player (p2)")
    assert first < second
    between = out[first:second]
    assert "p1: Your sign" in between
    # the screen is cleared after p1's pick, before the terminal is handed to p2
    assert between.rindex(clear) > between.index("p1: Your sign")
    assert "p1 has chosen in secret" in out and "p2 has chosen in secret" in out


def test_one_person_against_a_bot_is_not_interrupted(tmp_path, monkeypatch) -> None:
    from typer.testing import CliRunner

    from cardlang.cli.commands import app
    make_game(tmp_path, monkeypatch, bots='bot "plain" { on pick_b { random; } }')
    r = CliRunner().invoke(app, ["play", "duel", "--players", "human,plain"], input="1\n")
    assert r.exit_code == 0, r.output
    assert "Pass to the other player" not in r.output and "\x1b[2J" not in r.output


class Refused(BaseException):
    """An error no game rule catches (a BaseException, as an interrupt is), raised by a refusing agent. Not
    KeyboardInterrupt itself: pytest stops the whole run when one escapes, and one raised here showed up later
    in a garbage collector's callback."""


class Refuses:
    """Records whether each decision is secret, and refuses the one tagged REFUSE (an error inside the block)."""

    def __init__(self, refuse: str | None, answers: list) -> None:
        self.refuse, self.script, self.seen, self.name = refuse, ScriptedAgent(answers), [], "refuses"

    def decide(self, view, decision):
        self.seen.append((decision.tag, decision.secret))
        if decision.tag == self.refuse:
            raise Refused  # (no game rule catches it: it leaves the block as any error would)
        return self.script.decide(view, decision)


@pytest.mark.parametrize("refuse", [None, "pick_a", "pick_b"])
def test_the_generated_code_does_what_the_reference_run_does(tmp_path, monkeypatch, refuse) -> None:
    """The block is generated code (no closure: the IR's Secretly in the turn's function); its reference,
    Simultaneous.run over the block's choices as functions, marks the same decisions secret and leaves the
    state's secrecy as it was, whether the block ends or an error leaves it."""
    from cardlang.compile.compiler import Compiler
    from cardlang.compile.scope import Scope
    from cardlang.runtime.engine import run_turn, setup_game
    from cardlang.runtime.state import Ctx
    g = make_game(tmp_path, monkeypatch)
    assert "run_simultaneous" not in "".join(repr(v) for m in g.generated for v in m.consts.values())
    block = g.spec.decl.turn.stmts[0]
    seen = []
    for reference in (False, True):
        agents = [Refuses(refuse, ["Rock"]), Refuses(refuse, ["Paper"])]
        state = setup_game(g, agents, 1)
        try:
            if reference:
                comp = Compiler.for_game(g)
                scope = Scope(names={"you": "player"})
                steps = [comp.stmt(st, scope) for st in block.body.stmts]
                CORE.get("simultaneous").run(Ctx(state, state.current, None, {}, "turn"), steps)
            else:
                run_turn(g, state)
        except Refused:
            pass
        except Exception as e:  # the turn goes on past the block: `win you` ends the game
            assert type(e).__name__ == "GameOver", e
        seen.append((agents[0].seen, agents[1].seen, state.secret))
    assert seen[0] == seen[1]
    assert seen[0][2] is False and all(secret for a in seen[0][:2] for _, secret in a)
