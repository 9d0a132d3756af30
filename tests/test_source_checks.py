"""Issue 24: sources that passed `check` and failed in play, or were accepted in silence. Each is now an error
at its line in `check` (exit 1, `path:line:col: error:`), never an internal error: card data of the wrong type
(a cost written as text), out of a declared range (copies), properties computed from each other in a cycle,
and a game with no possible player count, a zone declared twice or refilling from itself."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardlang.cli.commands import app

ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner()


def check(*args, code: int = 1) -> str:
    r = runner.invoke(app, ["check", *map(str, args)])
    out = r.output
    assert r.exception is None or isinstance(r.exception, SystemExit), repr(r.exception)
    assert "internal error" not in out and "Traceback" not in out, out
    assert r.exit_code == code, (args, r.exit_code, out)
    return out


@pytest.fixture
def home(tmp_path: Path, monkeypatch) -> Path:
    """A copy of two games to break (CARDLANG_HOME)."""
    for game in ("dominion", "fall-of-kingdoms"):
        for folder in ("cards", "games"):
            shutil.copytree(ROOT / folder / game, tmp_path / folder / game)
    monkeypatch.setenv("CARDLANG_HOME", str(tmp_path))
    return tmp_path


CARD = "card Odd {{\n  types Action; tags Kingdom;\n  {}\n  on play {{ draw 1; }}\n}}\n"


@pytest.mark.parametrize("line, game, expect", [
    ('cost "x";', "dominion", "odd.card:3:8: error: 'cost' is a number in this game, not text"),
    ("vp 3; worth \"two\";", "dominion", "odd.card:3:15: error: 'worth' is a number in this game, not text"),
    ("cost 2; copies -1;", "fall-of-kingdoms", "odd.card:3:18: error: 'copies' is 1 to 20 in this game, not -1"),
    ("cost 2; copies 999999999999999999;", "fall-of-kingdoms",
     "odd.card:3:18: error: 'copies' is 1 to 20 in this game, not 999,999,999,999,999,999"),
    ("cost 2; blocks 3;", "fall-of-kingdoms", "odd.card:3:18: error: 'blocks' is text in this game, not a number"),
    ("cost 2; blocks count(hand);", "fall-of-kingdoms", "odd.card:3:18: error: 'blocks' is text in this game"),
    ("cost 2; vp this.vp + 1;", "dominion",
     "odd.card:3:11: error: properties computed from each other never end: Odd's vp reads Odd's vp"),
    ("cost 2; vp sum(owned, card.vp);", "dominion",
     "odd.card:3:11: error: properties computed from each other never end: Odd's vp reads every card's vp, "
     "Odd's included"),
])
def test_card_data_of_the_wrong_type_fails_check_at_its_line(tmp_path: Path, line: str, game: str,
                                                             expect: str) -> None:
    card = tmp_path / "odd.card"
    card.write_text(CARD.format(line.replace("Kingdom", "")))
    if game == "fall-of-kingdoms":
        card.write_text(CARD.replace("types Action; tags Kingdom;", "types Character;").format(line)
                        .replace("on play { draw 1; }", ""))
    out = check(card, "--game", game)
    assert expect in out, out
    assert "= hint:" in out


def test_two_costs_computed_from_each_other(tmp_path: Path) -> None:
    (tmp_path / "a.card").write_text("card A {\n  types Action; cost B.cost + 1;\n}\n")
    (tmp_path / "b.card").write_text("card B {\n  types Action; cost A.cost;\n}\n")
    out = check(tmp_path / "a.card", tmp_path / "b.card", "--game", "dominion")
    assert out.count("never end") == 1, out
    assert "a.card:2:17: error: properties computed from each other never end: A's cost reads B's cost, B's cost " \
           "reads A's cost" in out


def test_derived_properties_that_do_not_loop_still_check(tmp_path: Path) -> None:
    (tmp_path / "a.card").write_text("card A {\n  types Victory; cost 4; vp count(owned) / 10 + B.vp;\n}\n")
    (tmp_path / "b.card").write_text("card B {\n  types Victory; cost 2; vp 1;\n}\n")
    check(tmp_path / "a.card", tmp_path / "b.card", "--game", "dominion", code=0)


def _break(home: Path, old: str, new: str) -> Path:
    rules = home / "games/dominion/game.cl"
    text = rules.read_text()
    assert old in text
    rules.write_text(text.replace(old, new, 1))
    return rules


@pytest.mark.parametrize("old, new, expect", [
    ("players 2 to 4;", "players 0 to 0;", "game.cl:4:3: error: 'players 0 to 0' allows no game"),
    ("players 2 to 4;", "players 4 to 2;", "game.cl:4:3: error: 'players 4 to 2' allows no game"),
    ("  zone trash: shared, public;", "  zone trash: shared, public; zone trash: shared;",
     "game.cl:15:31: error: zone 'trash' is declared twice"),
    ("zone deck: per player, hidden, owner knows, refill discard;",
     "zone deck: per player, hidden, owner knows, refill deck;",
     "game.cl:16:3: error: zone 'deck' refills from itself"),
    ("property cost: number = 0 ", "property cost: numbr = 0 ", "game.cl:10:3: error: 'numbr' is not a property type"),
    ("property cost: number = 0 ", "property cost: text = 0 ",
     "game.cl:10:25: error: property 'cost' is text, but its default is the number 0"),
    ("property vp: number = 0 ", "property vp: number = 1; property vp: number = 0 ",
     "error: property 'vp' is declared twice"),
])
def test_a_game_declaration_accepted_in_silence_before(home: Path, old: str, new: str, expect: str) -> None:
    _break(home, old, new)
    out = check(home / "games/dominion")
    assert expect in out, out


def test_types_and_tags_swapped(tmp_path: Path) -> None:
    (tmp_path / "odd.card").write_text("card Odd {\n  types Kingdom; tags Action; cost 1;\n}\n")
    out = check(tmp_path / "odd.card", "--game", "dominion")
    assert "odd.card:2:3: error: 'Kingdom' is a tag of this game, not a type" in out
    assert "odd.card:2:18: error: 'Action' is a type of this game, not a tag" in out


@pytest.mark.parametrize("name", ['""', '"   "'])
def test_a_card_without_a_name(tmp_path: Path, name: str) -> None:
    (tmp_path / "odd.card").write_text(f"card {name} {{\n  types Action; cost 1;\n}}\n")
    assert "odd.card:1:1: error: a card needs a name" in check(tmp_path / "odd.card", "--game", "dominion")


def test_bots_that_cannot_be_players_or_extend_themselves(tmp_path: Path) -> None:
    (tmp_path / "bots.cl").write_text('bot "loop" extends "loop" { }\nbot "a" extends "b" { }\nbot "b" extends "a" { }\n'
                                      'bot "human" { }\nbot "random" { }\nbot "" { }\nbot "x,y" { }\n')
    out = check("--game", "dominion", "--with", tmp_path, tmp_path / "bots.cl")
    for expect in ("bots.cl:1:1: error: bot 'loop' extends itself: 'loop' extends 'loop'",
                   "bots.cl:2:1: error: bot 'a' extends itself: 'a' extends 'b', 'b' extends 'a'",
                   "bots.cl:3:1: error: bot 'b' extends itself",
                   "bots.cl:4:1: error: bot name 'human' is a kind of player already",
                   "bots.cl:5:1: error: bot name 'random' is a kind of player already",
                   "bots.cl:6:1: error: bot name '' is empty",
                   "bots.cl:7:1: error: bot name 'x,y' holds a comma"):
        assert expect in out, out


def test_a_card_in_a_rules_file_is_an_error_not_dropped(tmp_path: Path, home: Path) -> None:
    extra = tmp_path / "extra"  # beside the copied games (CARDLANG_HOME), whose game.cl --with may not add
    extra.mkdir()
    (extra / "more.cl").write_text("verb twice() { draw 2; }\ncard Stray {\n  types Action; cost 1;\n}\n")
    out = check("--game", "dominion", "--with", extra, extra / "more.cl")
    assert "more.cl:2:1: error: a .cl file holds a game, verbs and bots, not a card" in out
    bots = home / "games/dominion/bots/stray.cl"
    bots.write_text("card Stray {\n  types Action; cost 1;\n}\n")
    assert "stray.cl:1:1: error: a .cl file holds a game, verbs and bots, not a card" in check(home / "games/dominion")
