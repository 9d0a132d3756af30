"""Issue 10: bad input never reaches "internal error". One test per case found; each asserts the exit code
(2 bad usage, 1 errors found), the `error:` line, the file and line where there is one, and that no
traceback or internal error is printed. (Mutated sources and runaway cards: tests/test_mutations.py.)
"""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardlang.cli.commands import app
from cardlang.errors import visible

ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner()


def run(*args: str, code: int, input: str | None = None) -> str:
    r = runner.invoke(app, [str(a) for a in args], input=input)
    out = r.output
    assert r.exception is None or isinstance(r.exception, SystemExit), repr(r.exception)
    assert "internal error" not in out and "Traceback" not in out, out
    assert r.exit_code == code, (args, r.exit_code, out)
    return out


@pytest.fixture
def home(tmp_path: Path, monkeypatch) -> Path:
    """A copy of the project's games and cards to break (CARDLANG_HOME)."""
    for folder in ("cards", "games"):
        shutil.copytree(ROOT / folder, tmp_path / folder)
    monkeypatch.setenv("CARDLANG_HOME", str(tmp_path))
    return tmp_path


SMOKE = 'scenario "loads" {\n  game %s;\n  expect 1 == 1;\n}\n'


# ---- `test` reports sources that do not load, once, with file and line -----------------------------------

def test_test_reports_a_broken_card_once(home: Path, tmp_path: Path) -> None:
    (home / "cards/dominion/smithy.card").write_text("card Smithy {\n  types Action; cost 4\n}\n")
    sc = tmp_path / "a.scenario"
    sc.write_text(SMOKE % "dominion" + SMOKE.replace("loads", "again") % "dominion")
    out = run("test", sc, code=1)
    assert out.count("smithy.card:3:1: error: unexpected '}'") == 1, out
    assert "0 passed, 2 failed" in out


def test_test_reports_a_broken_game_file(home: Path, tmp_path: Path) -> None:
    (home / "games/greedy-kingdoms/game.cl").write_text('game "G" {\n  players 2 to ;\n}\n')
    sc = tmp_path / "a.scenario"
    sc.write_text(SMOKE % "greedy_kingdoms")
    out = run("test", sc, code=1)
    assert "games/greedy-kingdoms/game.cl:2:16: error: unexpected ';'" in out


def test_test_with_a_broken_folder(tmp_path: Path) -> None:
    bad = tmp_path / "exp"
    bad.mkdir()
    (bad / "x.card").write_text("card X { types Actoin; cost 1; }\n")
    sc = tmp_path / "a.scenario"
    sc.write_text(SMOKE % "dominion")
    out = run("test", sc, "--with", bad, code=1)
    assert "x.card:1:10: error: 'Actoin' is not a card type of this game" in out


def test_test_unknown_variant_is_one_usage_error() -> None:
    out = run("test", ROOT / "tests/scenarios/dominion", "--variant", "nope", code=2)
    assert out.count("error:") == 1 and "no variant 'nope'" in out


def test_test_with_a_missing_folder_is_a_usage_error() -> None:
    out = run("test", ROOT / "tests/scenarios/dominion", "--with", "/nope", code=2)
    assert "error: --with /nope: no such file or folder" in out


def test_test_quiet_prints_only_failures_and_the_count(tmp_path: Path) -> None:
    sc = tmp_path / "a.scenario"
    sc.write_text(SMOKE % "dominion" + 'scenario "fails" {\n  game dominion;\n  expect 1 == 2;\n}\n')
    out = run("test", "-q", sc, code=1)
    assert "PASS" not in out and "FAIL" in out and "1 passed, 1 failed" in out
    assert "a.scenario:7:3: error: expected 1 == 2" in out


# ---- output paths are checked before any game runs --------------------------------------------------------

@pytest.mark.parametrize("command", [["play", "dominion", "--players", "random,random", "--quiet", "--log"],
                                     ["simulate", "dominion", "--players", "random,random", "--games", "1",
                                      "--per-game"]])
def test_output_files_are_checked_first(command: list[str], tmp_path: Path) -> None:
    option = command[-1]
    a_file = tmp_path / "f.txt"
    a_file.write_text("x")
    for path, words in ((tmp_path, "is a folder"), (tmp_path / "no/such/x.jsonl", "does not exist"),
                        (a_file / "x.jsonl", "is a file, not a folder")):
        out = run(*command, path, code=2)
        assert out.startswith(f"error: {option} {path}: ") and words in out, out
        assert "Turns:" not in out and "games/second" not in out
    run(*command, "/dev/null", code=0)  # a device is a fine place to throw a log away


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write anywhere")
def test_unwritable_output_is_refused(tmp_path: Path) -> None:
    locked = tmp_path / "locked"
    locked.mkdir(mode=0o500)
    run("play", "dominion", "--players", "random,random", "--log", locked / "x.jsonl", code=2)
    run("sheets", "dominion", "-o", locked / "sheets", code=2)


def test_sheets_output_folder_is_checked_first(tmp_path: Path) -> None:
    a_file = tmp_path / "f.txt"
    a_file.write_text("x")
    for path in (a_file, Path("/dev/null"), a_file / "sub"):
        out = run("sheets", "dominion", "--format", "md", "-o", path, code=2)
        assert f"error: --out {path}:" in out
    assert a_file.read_text() == "x"


# ---- runaway cards, verbs and `this` ------------------------------------------------------------------------

def test_verbs_that_always_call_each_other_fail_check(tmp_path: Path) -> None:
    (tmp_path / "verbs.cl").write_text("verb ping() {\n  pong;\n}\nverb pong() {\n  draw 1;\n  ping;\n}\n")
    out = run("check", "--game", "dominion", "--with", tmp_path, tmp_path / "verbs.cl", code=1)
    assert "verbs.cl:2:3: error: verbs 'ping', 'pong' always call each other" in out
    assert "'pong' calls 'ping' at line 6" in out


def test_a_conditional_cycle_is_not_reported_at_check_time(tmp_path: Path) -> None:
    (tmp_path / "verbs.cl").write_text("verb ping() {\n  if coins > 0 { pong; }\n}\nverb pong() {\n  ping;\n}\n")
    run("check", "--game", "dominion", "--with", tmp_path, tmp_path / "verbs.cl", code=0)


def test_this_in_an_ability_run_by_name_is_a_compile_error(tmp_path: Path) -> None:
    (tmp_path / "looper.card").write_text("card Looper {\n  types Character;\n  on use { trigger use this; }\n}\n")
    out = run("check", "--game", "fall-of-kingdoms", tmp_path / "looper.card", code=1)
    assert "looper.card:3:24: error: 'this' is nothing here: 'Looper' runs 'on use' for its name" in out


def test_a_bot_may_not_read_a_neighbours_zones(tmp_path: Path) -> None:
    for zone in ("left.hand", "left.deck", "right.discard"):
        (tmp_path / "peek.cl").write_text(
            f'bot "peeker" extends "big-money" {{\n  on buy {{ Gold if count({zone} where card is Treasure) > 2; }}\n}}\n')
        out = run("check", "--game", "dominion", "--with", tmp_path, tmp_path / "peek.cl", code=1)
        assert f"peek.cl:2:26: error: a bot may not look into '{zone}': its player cannot see it" in out


# ---- parsing: size, nesting, control characters -------------------------------------------------------------

def test_an_oversized_file_is_refused_with_its_size_and_the_limit(tmp_path: Path) -> None:
    big = tmp_path / "big.card"
    big.write_text("card Big {\n  types Action; cost 1;\n" + "  // filler\n" * 60_000 + "}\n")
    out = run("check", big, "--game", "dominion", code=1)
    assert "big.card:1:1: error: this file is 720," in out and "bytes; a source file may hold at most 524,288" in out


def test_a_long_sum_is_too_long_not_too_deep(tmp_path: Path) -> None:
    f = tmp_path / "sum.card"
    f.write_text("card Sum {\n  types Action; cost " + " + ".join(["1"] * 5000) + ";\n}\n")
    out = run("check", f, "--game", "dominion", code=1)
    assert "sum.card:2:22: error: this expression is too long" in out and "nested" not in out


def test_nesting_just_under_the_limit_compiles_and_runs(tmp_path: Path) -> None:
    from cardlang.syntax.parser import MAX_NESTING
    f = tmp_path / "deep.card"
    depth = (MAX_NESTING - 12) // 2
    f.write_text("card Deep {\n  types Action; tags Kingdom; cost 1;\n  on play { " + "if true { " * depth
                 + "draw 1;" + " }" * depth + " }\n}\n")
    run("check", f, "--game", "dominion", code=0)
    f.write_text("card Deep {\n  types Action; tags Kingdom; cost 1;\n  on play { " + "if true { " * (depth + 10)
                 + "draw 1;" + " }" * (depth + 10) + " }\n}\n")
    assert "nested more than" in run("check", f, "--game", "dominion", code=1)


def test_a_loose_cards_syntax_error_is_reported_once(tmp_path: Path) -> None:
    f = tmp_path / "x.card"
    f.write_text("card X {\n  cost 2\n}\n")
    out = run("check", f, "--game", "dominion", code=1)
    assert out.count("x.card:3:1: error:") == 1 and "1 error(s)" in out


def test_control_characters_never_reach_the_terminal(tmp_path: Path) -> None:
    f = tmp_path / "osc.card"
    f.write_text('card "Evil\x1b]0;owned\x07" {\n  types Action; cost 1;\n  text "\x1b[2J";\n}\n')
    out = run("check", f, "--game", "dominion", code=1)
    assert "\x1b" not in out and "\x07" not in out
    assert "osc.card:1:11: error: this string holds the control character U+001B" in out
    assert "\\x1b" in out or "\ufffd" in out
    assert visible("a\x1b[31mb\u202ec\td") == "a\\x1b[31mb\\u202ec\td"


# ---- accepted in silence before -------------------------------------------------------------------------------

def test_a_kingdom_naming_a_card_twice() -> None:
    out = run("play", "dominion", "--players", "random,random", "--kingdom", ",".join(["Smithy"] * 10), code=2)
    assert "error: --kingdom: 'Smithy' is named twice" in out


def test_sheets_cards_twice_and_misspelt(tmp_path: Path) -> None:
    out = run("sheets", "dominion", "--cards", "Smithy,smithy", "-o", tmp_path, code=2)
    assert "'Smithy' is named twice" in out
    out = run("sheets", "dominion", "--cards", "SMITHEE", "-o", tmp_path, code=2)
    assert "error: --cards: 'SMITHEE' is not a card of dominion; did you mean 'Smithy'?" in out
    assert not list(tmp_path.iterdir())


def test_check_with_nothing_to_check(tmp_path: Path) -> None:
    assert "nothing to check" in run("check", "/dev/null", code=2)
    assert "nothing to check" in run("check", tmp_path, code=2)


def test_with_a_folder_without_sources() -> None:
    assert "error: --with /etc: no .card or .cl files" in run("cards", "dominion", "--with", "/etc", code=2)


def test_primitives_for_an_unknown_game_prints_only_the_error() -> None:
    out = run("primitives", "--game", "nope", code=2)
    assert out.startswith("error: unknown game 'nope'") and "move" not in out


def test_a_bot_naming_a_card_the_kingdom_lacks_is_warned_about() -> None:
    kingdom = "Cellar,Chapel,Moat,Village,Smithy,Market,Mine,Library,Festival,Laboratory"
    out = run("play", "dominion", "--players", "witch-bm,big-money", "--quiet", "--kingdom", kingdom, code=0)
    assert "warning: bot 'witch-bm' picks Witch by name, but this game does not have it" in out
    assert "big-money' picks" not in out  # shared habits (a helper bot) are not held against it


def test_helper_bots_are_not_players() -> None:
    from cardlang.agents import agent_names
    from cardlang.compile.game import load_game
    for gid, helper in (("dominion", "basics"), ("greedy-kingdoms", "basics"), ("fall-of-kingdoms", "basics"),
                        ("warring-kingdom", "habits")):
        g = load_game(gid)
        assert g.bots[helper].helper and helper not in agent_names(g)
    out = run("play", "greedy-kingdoms", "--players", "basics,random", code=2)
    assert "unknown player 'basics'" in out
    out = run("play", "fall-of-kingdoms", "--seed", "2", input="", code=1)  # human vs the default bot
    assert "basics" not in out.split("Input closed")[0].split("\n")[0]


def test_default_opponent_is_not_a_helper() -> None:
    from cardlang.compile.game import load_game
    from cardlang.agents import bot_names
    for gid in ("greedy-kingdoms", "fall-of-kingdoms"):
        assert bot_names(load_game(gid))[0] != "basics"


def test_unknown_kingdom_card_keeps_its_case_and_gets_a_hint() -> None:
    out = run("play", "dominion", "--players", "random,random", "--kingdom", "Smithee" + ",Village" * 9, code=2)
    assert "'Smithee' is not a kingdom card; did you mean 'Smithy'?" in out


# ---- what a command-line tool is expected to have ---------------------------------------------------------------

def test_version() -> None:
    assert run("--version", code=0).startswith("cardlang ")


def test_shell_completion_is_offered() -> None:
    assert "--install-completion" in run("--help", code=0)


def test_json_listings() -> None:
    import json
    games = json.loads(run("games", "--json", code=0))
    assert {g["id"] for g in games} == {"dominion", "fall-of-kingdoms", "greedy-kingdoms", "warring-kingdom"}
    assert "basics" not in next(g for g in games if g["id"] == "dominion")["bots"]
    cards = json.loads(run("cards", "dominion", "--json", code=0))
    smithy = next(c for c in cards if c["name"] == "Smithy")
    assert smithy["properties"]["cost"] == 4 and smithy["text"] == "+3 Cards."
    prims = json.loads(run("primitives", "--game", "dominion", "--json", code=0))
    assert any(p["name"] == "move" for p in prims["primitives"]) and prims["game_verbs"]


@pytest.mark.parametrize("command", ["games", "cards", "check", "test", "play", "simulate", "primitives",
                                     "sheets"])
def test_help_has_no_type_metavars(command: str) -> None:
    out = run(command, "--help", code=0)
    assert "<bool>" not in out and "--with <" not in out


@pytest.mark.parametrize("play", ["ping;", "enter;"])  # (enter: a verb that never runs inside itself)
def test_verbs_calling_each_other_at_run_time_stop_with_their_names_and_lines(tmp_path: Path, play: str) -> None:
    exp = tmp_path / "exp"
    exp.mkdir()
    (exp / "verbs.cl").write_text("verb ping() {\n  if true { pong; }\n}\nverb pong() {\n  ping;\n}\n"
                                  "verb enter() {\n  ping;\n}\n")
    (exp / "forge.card").write_text("card Forge {\n  types Action; tags Kingdom; cost 2;\n  on play { " + play
                                    + " }\n}\n")
    sc = tmp_path / "a.scenario"
    sc.write_text('scenario "forge" {\n  game dominion;\n  p1.hand = [Forge];\n  play Forge in hand;\n}\n')
    out = run("test", sc, "--with", exp, code=1)
    assert "verbs.cl:2:13: error: verbs called inside each other past the nesting limit of 150: 'ping' (" in out
    assert "calls 'pong' at line 2" in out and "calls 'ping' at line 5" in out


def test_a_grid_too_big_to_list_is_a_compile_error(home: Path) -> None:
    rules = home / "games/warring-kingdom/game.cl"
    text = rules.read_text()
    line = text[:text.index("grid 5 x 3")].count("\n") + 1  # wherever the game declares it
    rules.write_text(text.replace("grid 5 x 3", "grid 100000 x 100000"))
    out = run("check", home / "games/warring-kingdom", code=1)
    assert f"game.cl:{line}:35: error: a grid of 100,000 x 100,000 slots is too big (at most 10,000 slots)" in out
