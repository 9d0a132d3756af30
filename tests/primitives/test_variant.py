"""`variant NAME ["text"] [players N to M];`: variants chosen before a game (`--variant NAME` on the command
line, `variant NAME;` in a scenario); NAME reads true in the rules while it is chosen."""
import pytest
from typer.testing import CliRunner

from cardlang.cli.commands import app
from cardlang.errors import CardSyntaxError
from cardlang.runtime.decisions import RandomAgent
from cardlang.runtime.engine import play_game
from cardlang.syntax.parser import parse

from field_game import field, field_errors

VARIANTS = '  variant quick "Quick game: one point wins" players 2 to 3;\n  variant long;\n'
TURN = "tally += 1; if quick { win you; } if tally >= 3 { win you; }"


def test_a_variant_reads_true_when_chosen(tmp_path, monkeypatch) -> None:
    g = field(tmp_path, monkeypatch, extra=VARIANTS, turn=TURN)
    quick = play_game(g.game, [RandomAgent(1), RandomAgent(2)], 1, variants=["quick"])
    plain = play_game(g.game, [RandomAgent(1), RandomAgent(2)], 1)
    assert quick.turns == [1, 0] and plain.turns == [3, 2]


def test_player_counts_and_unknown_names(tmp_path, monkeypatch) -> None:
    g = field(tmp_path, monkeypatch, extra=VARIANTS, turn=TURN)
    assert g.game.variant_problem(["quick"], 2) is None
    assert g.game.variant_problem(["quick"], 4) == "variant 'quick' is for 2 to 3 players, not 4"
    assert g.game.variant_problem(["fast"], 2) == "field has no variant 'fast' (variants: quick, long)"


def test_the_command_line_chooses_and_checks_variants(tmp_path, monkeypatch) -> None:
    field(tmp_path, monkeypatch, extra=VARIANTS, turn=TURN)
    r = CliRunner().invoke(app, ["simulate", "field", "--players", "random,random", "--games", "3", "--variant",
                                 "quick", "--json"])
    assert r.exit_code == 0, r.output
    assert '"variants": ["quick"]' in r.output and '"mean_turns": 1.0' in r.output
    r = CliRunner().invoke(app, ["simulate", "field", "--players", "random,random,random,random",
                                 "--variant", "quick"])
    assert r.exit_code == 2 and "for 2 to 3 players, not 4" in r.output


def test_a_scenario_names_its_variant(tmp_path, monkeypatch) -> None:
    field(tmp_path, monkeypatch, extra=VARIANTS, turn=TURN)
    (tmp_path / "v.scenario").write_text(
        'scenario "quick ends at once" { game field; players 2; variant quick; run turn; winner p1; '
        'expect p1.tally == 1; }\n', encoding="utf-8")
    r = CliRunner().invoke(app, ["test", "v.scenario"])
    assert r.exit_code == 0, r.output
    r = CliRunner().invoke(app, ["test", "v.scenario", "--variant", "long"])   # the scenario's own wins
    assert r.exit_code == 0, r.output


def test_a_variant_named_like_a_zone_or_declared_twice_is_an_error(tmp_path, monkeypatch) -> None:
    errs = field_errors(tmp_path, monkeypatch, extra="  variant hand;")
    assert errs[0].message == "variant 'hand' has the name of a zone or counter"
    with pytest.raises(CardSyntaxError, match="variant 'a' is declared twice"):
        parse("game g { variant a; variant a; }")
