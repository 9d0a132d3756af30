"""Bots: `picked` names the cards a decision has already picked, so a bot can pick one card at random and
the rest by preference (a bot picks one card at a time)."""
from pathlib import Path

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


def test_first_pick_random_then_by_preference(tmp_path: Path, monkeypatch) -> None:
    (tmp_path / "games" / "pick3").mkdir(parents=True)
    (tmp_path / "cards" / "pick3").mkdir(parents=True)
    (tmp_path / "games" / "pick3" / "game.cl").write_text(GAME, encoding="utf-8")
    (tmp_path / "games" / "pick3" / "bots.cl").write_text(
        'bot "mixed" { on pick_three { random if count(picked) == 0; Ant; Bee; Cat; } }', encoding="utf-8")
    for n in NAMES:
        (tmp_path / "cards" / "pick3" / f"{n.lower()}.card").write_text(f"card {n} {{ types Token; }}")
    monkeypatch.setenv("CARDLANG_HOME", str(tmp_path))
    g = load_game("pick3")
    firsts = set()
    for seed in range(30):
        r = play_game(g, [LanguageBot(g, "mixed", seed), LanguageBot(g, "mixed", 99)], 1, log=True)
        picks = next(e[3] for e in r.state.log if e[0] == "Decided")
        first, rest = picks[0], list(picks[1:])
        firsts.add(first)
        # after the random first pick, the preferences fill in order, skipping the one already taken
        assert rest == [n for n in ["Ant", "Bee", "Cat"] if n != first][:2]
    assert len(firsts) >= 4, "the first pick should vary with the bot's seed"
