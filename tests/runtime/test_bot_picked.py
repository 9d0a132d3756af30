"""Bots: `picked` names the cards a decision has already picked, so a bot can pick one card at random and
the rest by preference (a bot picks one card at a time)."""
from pathlib import Path

import pytest

from cardlang.compile.bots import LanguageBot
from cardlang.compile.game import load_game
from cardlang.runtime.engine import play_game

GAME = """
game pick3 {
  players 2 to 2;
  types Token;
  zone hand: per player, owner;
  zone table: per player, public;
  setup { for p in players { for c in cards { create 1 c to p.hand; } } }
  turn {
    let c = choose 3 from hand as pick_three;
    move c to table;
    win you;
  }
}
"""
NAMES = ["Ant", "Bee", "Cat", "Dog", "Elk", "Fox"]


def _load(tmp_path: Path, monkeypatch, gid: str, game: str, bots: str, names=NAMES):
    """Game GID of the text GAME, with the bots BOTS and a Token card of each of NAMES."""
    (tmp_path / "games" / gid).mkdir(parents=True)
    (tmp_path / "cards" / gid).mkdir(parents=True)
    (tmp_path / "games" / gid / "game.cl").write_text(game, encoding="utf-8")
    (tmp_path / "games" / gid / "bots.cl").write_text(bots, encoding="utf-8")
    for n in names:
        (tmp_path / "cards" / gid / f"{n.lower()}.card").write_text(f"card {n} {{ types Token; }}")
    monkeypatch.setenv("CARDLANG_HOME", str(tmp_path))
    return load_game(gid)


def test_first_pick_random_then_by_preference(tmp_path: Path, monkeypatch) -> None:
    g = _load(tmp_path, monkeypatch, "pick3", GAME,
              'bot "mixed" { on pick_three { random if count(picked) == 0; Ant; Bee; Cat; } }')
    firsts = set()
    for seed in range(30):
        r = play_game(g, [LanguageBot(g, "mixed", seed), LanguageBot(g, "mixed", 99)], 1, log=True)
        picks = next(e.picked for e in r.state.log if e.kind == "Decided")
        first, rest = picks[0], list(picks[1:])
        firsts.add(first)
        # after the random first pick, the preferences fill in order, skipping the one already taken
        assert rest == [n for n in ["Ant", "Bee", "Cat"] if n != first][:2]
    assert len(firsts) >= 4, "the first pick should vary with the bot's seed"


OPTIONS = """
game route {
  players 2 to 2;
  types Token;
  counter score: per player;
  zone hand: per player, owner;
  setup { }
  turn {
    choose as route prompt "Which way?" {
      "Left" if score < 2 { score += 1; }
      "Middle" { score += 10; }
      "Right" if score >= 1 { score += 100; }
    }
    if score > 200 { win you; }
  }
}
"""


def test_a_bot_naming_options_picks_as_the_full_decision_does(tmp_path: Path, monkeypatch) -> None:
    # Unwatched, a bot whose rule names options is asked by name (compile/decisions.py): its first legal
    # preference, else the first legal option, as the Decision put in full (a watched game) gives.
    g = _load(tmp_path, monkeypatch, "route", OPTIONS, 'bot "keen" { on route { Right if score >= 11; Left; Middle; } }\n'
              'bot "lost" { on route { Nowhere; } }\n', names=())
    got = []
    for log in (True, False):
        r = play_game(g, [LanguageBot(g, "keen", 1), LanguageBot(g, "lost", 2)], 1, log=log)
        got.append((r.state.counters[g.spec.counters["score"].slot], r.state.turn_number))
    # keen: Left, Left, Middle, Right, Right (212, a win at turn 9); lost: Left, Left, Middle, Middle (22)
    assert got[0] == got[1] == ([212, 22], 9)


DUMP = GAME.replace("pick3", "dump").replace("choose 3 from hand as pick_three", "choose any from hand as dump")


@pytest.mark.parametrize("rule, picked", [("none;", []), ("Bee if count(hand) > 10; none;", []),
                                          ("Bee if count(hand) > 1; Ant;", ["Bee", "Ant"]), ("Cat; none;", ["Cat"])])
def test_a_bot_picking_none_from_a_choice_of_any(tmp_path: Path, monkeypatch, rule, picked) -> None:
    # Unwatched, a rule that comes to `none` without naming a card answers a choice that needs none at once
    # (compile/decisions.py); one that names a card is put in full: the same picks either way
    g = _load(tmp_path, monkeypatch, "dump", DUMP, f'bot "b" {{ on dump {{ {rule} }} }}')
    table = g.spec.zones["table"].slot
    for log in (True, False):
        r = play_game(g, [LanguageBot(g, "b", 1), LanguageBot(g, "b", 2)], 1, log=log)
        assert [r.state.card_def[c].name for c in r.state.zones[table][0].cards] == picked
