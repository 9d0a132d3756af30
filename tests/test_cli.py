"""The CLI: exit codes, messages, determinism, and no tracebacks on bad input."""
import json
import re
from pathlib import Path

from typer.testing import CliRunner

from cardlang.cli.commands import app

ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner()


def run(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input)


def test_games_lists_dominion() -> None:
    r = run("games")
    assert r.exit_code == 0
    assert "dominion" in r.output and "2-4 players" in r.output


def test_games_lists_each_games_bots() -> None:
    """A new user learns from `cardlang games` which names `--players` takes (issue 22, section 5)."""
    from cardlang.agents import bot_names
    from cardlang.compile.game import game_ids, load_game
    out = run("games").output
    for gid in game_ids():
        line = out.split(gid, 1)[1].split("\n")[1]
        assert line.strip() == "bots: " + ", ".join(bot_names(load_game(gid))), (gid, line)


def test_cards_shows_generated_text() -> None:
    r = run("cards", "dominion")
    assert r.exit_code == 0
    assert "Village [Action] Cost 3\n    +1 Card, +2 Actions." in r.output


def test_check_reports_every_error_with_caret(tmp_path: Path) -> None:
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "a.card").write_text("card A {\n  cost 2; types Action;\n  on play { drwa 1; }\n}\n")
    (bad / "b.card").write_text("card B {\n  cost 2; types Acton;\n}\n")
    r = run("check", str(bad), "--game", "dominion")
    assert r.exit_code == 1
    assert "a.card:3:13: error: unknown verb 'drwa'" in r.output
    assert "did you mean 'draw'?" in r.output
    assert "b.card:2:11: error: 'Acton' is not a card type of this game" in r.output
    assert "Traceback" not in r.output


def test_check_shipped_sources_is_clean() -> None:
    r = run("check", str(ROOT / "cards"), str(ROOT / "games"))
    assert r.exit_code == 0, r.output


def test_bad_usage_exits_2_without_traceback() -> None:
    for args in (["play", "nogame"], ["simulate", "dominion", "--players", "big-money,nobot"],
                 ["simulate", "dominion", "--players", "big-money"],
                 ["play", "dominion", "--players", "random,random", "--kingdom", "Smithy"],
                 ["check", "/no/such/path"]):
        r = run(*args)
        assert r.exit_code == 2, (args, r.output)
        assert "Traceback" not in r.output


def test_simulate_json_is_deterministic() -> None:
    args = ("simulate", "dominion", "--players", "smithy-bm,big-money", "--games", "20", "--seed", "5", "--json")
    a, b = run(*args), run(*args)
    assert a.exit_code == 0
    ja, jb = json.loads(a.stdout.strip().splitlines()[-1]), json.loads(b.stdout.strip().splitlines()[-1])
    for j in (ja, jb):
        j.pop("games_per_second")
    assert ja == jb
    assert ja["game"] == "dominion" and ja["games"] == 20 and ja["players"] == ["smithy-bm", "big-money"]
    assert sum(ja["wins"]) == 20


def test_simulate_per_game_file(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    r = run("simulate", "dominion", "--players", "big-money,random", "--games", "4", "--per-game", str(out))
    assert r.exit_code == 0
    lines = [json.loads(x) for x in out.read_text().splitlines()]
    assert len(lines) == 4
    assert {"seed", "seats", "scores", "turns", "winners"} <= set(lines[0])
    assert lines[0]["seats"] != lines[1]["seats"]  # seats rotate


def test_play_bots_writes_a_replayable_log(tmp_path: Path) -> None:
    logs = []
    for name in ("a", "b"):
        path = tmp_path / f"{name}.jsonl"
        r = run("play", "dominion", "--players", "big-money,smithy-bm", "--seed", "3", "--log", str(path),
                "--quiet")
        assert r.exit_code == 0, r.output
        logs.append(path.read_bytes())
    assert logs[0] == logs[1]
    assert b'"Shuffled"' in logs[0]


def test_human_junk_input_reprompts_and_end_of_input_exits_cleanly() -> None:
    r = run("play", "dominion", "--players", "human,big-money", "--seed", "1", input="junk\n99\n\n")
    assert "numbers only" in r.output
    assert "pick from 1 to" in r.output
    assert "error: the input ended before the game did" in r.output
    assert r.exit_code == 1
    assert "Traceback" not in r.output


def test_test_command_reports_pass_and_fail(tmp_path: Path) -> None:
    (tmp_path / "x.scenario").write_text(
        'scenario "ok" { game dominion; p1.hand = [Village]; p1.deck = [Gold]; play Village in hand;'
        ' expect p1.actions == 2; }\n'
        'scenario "bad" { game dominion; p1.hand = [Village]; play Village in hand; expect p1.actions == 3; }\n')
    r = run("test", str(tmp_path))
    assert r.exit_code == 1
    assert "PASS" in r.output and "FAIL" in r.output
    assert "expected p1.actions == 3, but p1.actions is 2" in r.output


def test_a_person_sees_only_what_their_seat_may_see() -> None:
    r = run("play", "dominion", "--players", "human,big-money", "--seed", "2", input="\n")
    assert "p1 draws 5 cards: " in r.output   # p1's own draw names the cards
    assert "p2 draws 5 cards\n" in r.output   # p2's does not
    assert "p2 draws 5 cards:" not in r.output
    assert "p2: VP 3, actions" in r.output and "hand 5 cards" in r.output


def test_help_names_what_each_option_takes() -> None:
    # Typer labels an option without a metavar by its Python type (`--games <int range>`); a user should read
    # what to write instead (`--games N`, `--per-game FILE`).
    commands = [c.name or c.callback.__name__ for c in app.registered_commands]
    assert "simulate" in commands and "sheets" in commands
    for name in commands:
        r = run(name, "--help")
        assert r.exit_code == 0, (name, r.output)
        # the first column of an option's row: its names and what it takes, up to the gap before its help
        columns = [re.split(r"\s{2,}", line.strip())[0] for line in r.output.splitlines()
                   if line.lstrip().startswith("-")]
        assert columns, name
        assert not [c for c in columns if "<" in c], (name, columns)
