"""`cardlang check` warnings (issue 24, "accepted in silence"): what is allowed but most likely a mistake is
shown as `path:line:col: warning: ...` with the line, a caret and a hint, and the check still passes (exit 0):
a pool larger than the cards it is drawn from (set-up fills it with what there is), and a bot rule for a
decision nothing in the game asks (a misspelt tag, most often). A check with warnings is never stored as
clean, so the next check shows them again."""
from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardlang.cli.commands import app

runner = CliRunner()  # (click 8.2 on keeps stderr apart: result.stderr)

GAME = """\
game tiny {
  title "Tiny";
  players 2 to 2;
  types Thing;
  zone supply: shared, public, piles;
  zone hand: per player, owner;
  zone table: shared, public;
  pool shelf %(size)s from cards where card is Thing;
  setup { for k in shelf { create 2 k to supply; } }
  turn {
    let c = choose up to 1 from supply as take_one;
    may as keep_going { move c to hand; }
  }
  end when count(supply) == 0;
}

bot "picky" {
%(rules)s
}
"""

CARDS = ("Coin", "Gem", "Land")


@pytest.fixture
def home(tmp_path: Path, monkeypatch) -> Path:
    monkeypatch.setenv("CARDLANG_HOME", str(tmp_path))
    monkeypatch.setenv("CARDLANG_CACHE", str(tmp_path / "cache"))
    monkeypatch.chdir(tmp_path)
    (tmp_path / "cards/tiny").mkdir(parents=True)
    for name in CARDS:
        (tmp_path / f"cards/tiny/{name.lower()}.card").write_text(f"card {name} {{ types Thing; }}\n")
    return tmp_path


def check(home: Path, size: int = 3, rules: str = "  on take_one { Gem; }\n  on keep_going { yes; }"
          ) -> tuple[str, str]:
    """(stdout, stderr) of `cardlang check games cards` of the tiny game with a pool of SIZE and bot RULES."""
    (home / "games/tiny").mkdir(parents=True, exist_ok=True)
    (home / "games/tiny/game.cl").write_text(GAME % {"size": size, "rules": rules}, encoding="utf-8")
    r = runner.invoke(app, ["check", "games", "cards"])
    assert r.exit_code == 0, r.output
    return r.stdout, r.stderr


def test_a_check_of_pools_and_rules_that_fit_warns_nothing(home: Path) -> None:
    out, err = check(home)
    assert "ok: 3 cards in 1 game(s)" in out and "warning" not in out + err


def test_a_pool_larger_than_its_cards_is_a_warning_at_the_pool(home: Path) -> None:
    for _ in range(2):  # never stored as clean: the second check shows it again
        out, err = check(home, size=10)
        assert "games/tiny/game.cl:8:3: warning: pool shelf of 10 is drawn from 3 card(s): it will hold 3\n" in err
        assert "   8 |   pool shelf 10 from cards where card is Thing;\n" in err and "^^^^" in err
        assert "= hint: say `pool shelf 3 from ...`, or add cards" in err
        assert "ok: 3 cards in 1 game(s), 0 other file(s), 1 warning(s)" in out


def test_a_bot_rule_for_a_decision_nothing_asks_is_a_warning_with_the_games_tags(home: Path) -> None:
    out, err = check(home, rules="  on take_on { Gem; }\n  on keep_going { yes; }\n  on discard { none; }")
    assert "games/tiny/game.cl:18:3: warning: bot 'picky' has a rule for decision 'take_on', which nothing in " \
           "this game asks\n" in err
    assert "= hint: did you mean 'take_one'?" in err
    assert "games/tiny/game.cl:20:3: warning: bot 'picky' has a rule for decision 'discard'" in err
    assert "= hint: the decisions asked: keep_going, take_one" in err
    assert "keep_going'" not in err.replace("'keep_going'?", "")  # the rule for an asked tag is fine
    assert "2 warning(s)" in out
