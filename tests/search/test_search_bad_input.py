"""The search bot's options through the command line: every problem is one `error:` line and exit 2 before any
game runs (no traceback), in each command that seats players."""
from __future__ import annotations

import pytest
from typer.testing import CliRunner

from cardlang.cli.commands import app

runner = CliRunner()


def run(*args: str, code: int) -> str:
    r = runner.invoke(app, [str(a) for a in args])
    out = r.output
    assert r.exception is None or isinstance(r.exception, SystemExit), repr(r.exception)
    assert "internal error" not in out and "Traceback" not in out, out
    assert r.exit_code == code, (args, r.exit_code, out)
    return out


@pytest.mark.parametrize("spec, says", [
    ("search:iteratons=5", "unknown search bot option 'iteratons'; did you mean 'iterations'?"),
    ("search:depth=3", "unknown search bot option 'depth'"),
    ("search:iterations=0", "search bot option iterations=0: a whole number of iterations per decision, at least 1"),
    ("search:iterations=-5", "search bot option iterations=-5"),
    ("search:iterations=2.5", "search bot option iterations=2.5"),
    ("search:seconds=0", "search bot option seconds=0: seconds per decision, more than 0"),
    ("search:seconds=-0.5", "search bot option seconds=-0.5"),
    ("search:seconds=nan", "search bot option seconds=nan"),
    ("search:cap=0", "search bot option cap=0"),
    ("search:c=-1", "search bot option c=-1"),
    ("search:duel=1", "search bot option duel=1: the share of the budget spent trying the rollout bot's answer"),
    ("search:duel=-0.1", "search bot option duel=-0.1"),
    ("search:paired=yes", "paired=yes pairs the duel's worlds: give duel=F too"),
    ("search:duel=0.25,paired=maybe", "search bot option paired=maybe: yes to play the duel's two actions"),
    ("search:turns=0", "search bot option turns=0: a budget of turns per decision"),
    ("search:turns=5,iterations=6", "one budget: iterations=N, seconds=S or turns=T, not two"),
    ("search:margin=1.5", "search bot option margin=1.5: the share of a finished rollout's value given by the final"),
    ("search:margin=-0.1", "search bot option margin=-0.1"),
    ("search:overrule=-1", "search bot option overrule=-1: standard errors of the difference"),
    ("search:duel=0.25,challenger=best", "search bot option challenger=best: which other action the duel measures"),
    ("search:challenger=mean", "challenger=mean chooses the duel's challenger: give duel=F too"),
    ("search:rollout=nope", "the search bot's rollout bot 'nope' is not a bot of this game (choose from: big-money"),
    ("search:iterations=5,seconds=1", "one budget: iterations=N or seconds=S, not both"),
    ("search:iterations=5,iterations=6", "option 'iterations' is given twice"),
    ("search:iterations", "search bot option 'iterations' is not KEY=VALUE"),
])
def test_simulate_refuses_bad_search_options(spec: str, says: str) -> None:
    out = run("simulate", "dominion", "--players", f"{spec},big-money", "--games", "1", code=2)
    assert out.count("error:") == 1 and says in out, out
    assert "wins" not in out  # no game was played


def test_a_rollout_bot_of_another_game_is_refused() -> None:
    out = run("simulate", "greedy-kingdoms", "--players", "search:rollout=big-money,needs", "--games", "1", code=2)
    assert "rollout bot 'big-money' is not a bot of this game (choose from: needs" in out


@pytest.mark.parametrize("command", [
    ("play", "dominion", "--players"),
    ("compare", "dominion", "--games", "2", "--players"),
    ("tournament", "dominion", "--games", "2", "--bots"),
])
def test_every_command_that_seats_players_checks_the_options(command) -> None:
    if command[0] == "compare":
        pytest.importorskip("scipy")
    if command[0] == "tournament":
        pytest.importorskip("openskill")
    out = run(*command, "search:seconds=-1,big-money", code=2)
    assert out.count("error:") == 1 and "search bot option seconds=-1: seconds per decision, more than 0" in out


def test_games_names_the_search_bot() -> None:
    out = run("games", code=0)
    assert "search (a search bot for any game" in out and "rollout=BOT" in out


def test_player_lists_keep_the_options_together() -> None:
    from cardlang.agents import split_players
    assert split_players("search:iterations=800,rollout=big-money,random") == [
        "search:iterations=800,rollout=big-money", "random"]
    assert split_players("search,big-money") == ["search", "big-money"]
    assert split_players("search:seconds=0.5,search:iterations=9,cap=3") == [
        "search:seconds=0.5", "search:iterations=9,cap=3"]
