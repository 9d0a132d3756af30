"""`cardlang check` remembers a clean check (cardlang/cli/check.py): the same check of the same bytes prints
the same line without Typer or any load; any changed byte, new file, other argument or a check with errors
runs in full. The entry point (cli/main.py) runs a plain check without the Typer app: the same output and
exit codes as the app's."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardlang.cli.commands import app
from cardlang.cli.check import answer_from_cache, parse_args
from copied_game import private_home

ROOT = Path(__file__).resolve().parents[2]
GAME = "dominion"
runner = CliRunner()


@pytest.fixture
def home(tmp_path: Path, monkeypatch) -> Path:
    """A copy of one game's sources as the project, the working folder, with a cache of its own."""
    return private_home(tmp_path, monkeypatch, (GAME,), cwd_in_home=True)


def cached(args: list[str]) -> str | None:
    """What the entry point would print from the cache for `cardlang check ARGS` (None: the check runs)."""
    parsed = parse_args(args)
    return None if parsed is None else answer_from_cache(*parsed)[0]


def check(*args: str, code: int = 0) -> str:
    r = runner.invoke(app, ["check", *args])
    assert r.exit_code == code, r.output
    return r.output


def test_a_clean_check_is_answered_from_the_cache_until_a_byte_changes(home: Path) -> None:
    assert cached(["cards", "games"]) is None
    out = check("cards", "games")
    line = out.strip()
    assert line.startswith("ok: ") and "1 game(s)" in line
    assert cached(["cards", "games"]) == line
    assert cached(["games", "cards"]) is None  # another argument list: its own check
    card = sorted((home / "cards" / GAME).glob("*.card"))[0]
    original = card.read_bytes()
    card.write_bytes(original + b"\n")
    assert cached(["cards", "games"]) is None
    check("cards", "games")
    assert cached(["cards", "games"]) == line
    card.write_bytes(original)  # the bytes checked first: their answer still stands
    assert cached(["cards", "games"]) == line


def test_a_check_with_errors_is_never_stored(home: Path) -> None:
    rules = home / "games" / GAME / "game.cl"
    rules.write_text(rules.read_text(encoding="utf-8") + "\nbot broken extends nobody { }\n", encoding="utf-8")
    first = check("cards", "games", code=1)
    assert "error" in first
    assert cached(["cards", "games"]) is None
    assert check("cards", "games", code=1) == first


def test_new_files_options_and_usage_errors_run_the_check(home: Path) -> None:
    line = check("cards", "games").strip()
    (home / "cards" / GAME / "zz_new.card").write_text("card Zz New { types Action; cost 2; }\n", encoding="utf-8")
    assert cached(["cards", "games"]) is None
    (home / "cards" / GAME / "zz_new.card").unlink()
    assert cached(["cards", "games"]) == line
    for args in (["cards", "games", "--with", "cards"], ["--help"], ["cards", "--game"], ["cards", "/no/such"],
                 ["cards", "--game", "nogame"], []):
        assert cached(args) is None, args
    loose = home / "loose.card"
    loose.write_text("card Loose { types Action; cost 2; }\n", encoding="utf-8")
    line = check(str(loose), "--game", GAME).strip()
    assert cached([str(loose), "--game", GAME]) == line
    assert cached([str(loose), f"--game={GAME}"]) == line
    assert cached([str(loose)]) is None  # not the same check: a loose file, not a card of the game


def test_the_command_answers_without_typer(home: Path) -> None:
    code = ("import sys; sys.argv = ['cardlang', 'check', 'cards', 'games']\n"
            "from cardlang.cli.main import main\n"
            "try:\n    main()\nexcept SystemExit as e:\n    print('typer' in sys.modules, e.code)\n")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    first = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    second = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    assert first.stdout.splitlines()[0] == second.stdout.splitlines()[0]
    assert first.stdout.splitlines()[1] == "True 0"
    assert second.stdout.splitlines()[1] == "False 0"


def _both(args: list[str], env: dict) -> tuple:
    """(exit code, stdout, stderr) of `python -m cardlang check ARGS` (the entry point) and of the Typer
    app's check (cli.main), in fresh processes."""
    app_main = ("import sys; sys.argv = ['cardlang'] + sys.argv[1:]\n"
                "from cardlang.cli.commands import main\nmain()\n")
    out = []
    for cmd in ([sys.executable, "-m", "cardlang", "check", *args], [sys.executable, "-c", app_main, "check", *args]):
        r = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=300)
        out.append((r.returncode, r.stdout, r.stderr))
    return tuple(out)


def test_the_entry_point_checks_as_the_app_does(home: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    bad = home / "bad"
    bad.mkdir()
    (bad / "a.card").write_text("card A {\n  cost 2; types Action;\n  on play { drwa 1; }\n}\n", encoding="utf-8")
    (bad / "b.scenario").write_text("scenario {\n", encoding="utf-8")
    (home / "empty").mkdir()
    cases = [["cards", "games"], ["bad", "--game", GAME], ["bad"], ["--game=nogame", "cards"], ["/no/such/path"],
             ["empty"], ["cards", "--with", "empty"], ["bad/a.card", "--with", "bad", "--game", GAME]]
    for args in cases:
        entry, app_run = _both(args, env)
        assert entry == app_run, args
        assert "Traceback" not in entry[2] and "internal error" not in entry[2], args
    assert [_both(a, env)[0][0] for a in cases] == [0, 1, 2, 2, 2, 2, 2, 1]  # `bad` without --game: its loose card needs one


def test_a_check_after_an_edit_loads_only_the_game_edited(tmp_path: Path, monkeypatch) -> None:
    """Each game that loaded clean is remembered under its load's key (compile/sources.load_key): the next
    check loads only the games whose bytes changed, and prints what loading them all would."""
    from cardlang.compile import game as G
    private_home(tmp_path, monkeypatch, (GAME, "fall-of-kingdoms"), cwd_in_home=True)
    loaded: list[str] = []
    real = G.load_game

    def load_game(gid, *args, **kw):
        loaded.append(gid)
        return real(gid, *args, **kw)
    monkeypatch.setattr(G, "load_game", load_game)
    first = check("cards", "games")
    assert sorted(loaded) == [GAME, "fall-of-kingdoms"]
    for gid in (GAME, "fall-of-kingdoms"):
        assert G.load_key(gid) == real(gid).code_key
    card = sorted((tmp_path / "home" / "cards" / "fall-of-kingdoms").rglob("*.card"))[0]
    card.write_bytes(card.read_bytes() + b"\n")
    loaded.clear()
    assert check("cards", "games") == first
    assert loaded == ["fall-of-kingdoms"]
    loaded.clear()
    assert check("games", "cards") == first  # another check of the same bytes: no game to load
    assert loaded == []


def test_resolved_is_path_resolve_with_each_folder_resolved_once(tmp_path: Path, monkeypatch) -> None:
    from cardlang.compile.sources import resolved, source_files
    real = tmp_path / "real"
    real.mkdir()
    (real / "a.card").write_text("card A { cost 1; }\n", encoding="utf-8")
    (tmp_path / "linked").symlink_to(real)
    (real / "b.card").symlink_to(real / "a.card")
    (real / "c.card").symlink_to("../real/a.card")
    monkeypatch.chdir(tmp_path)
    paths = [Path("real/a.card"), Path("linked/a.card"), Path("real/b.card"), Path("linked/c.card"),
             Path("./real/../linked/c.card"), tmp_path / "linked" / "b.card"]
    paths += sorted((ROOT / "cards").rglob("*.card"))[:20]
    folders: dict[str, str] = {}
    assert [resolved(p, folders) for p in paths] == [p.resolve() for p in paths]
    assert source_files([tmp_path], (".card",)) == [real / "a.card"]  # one file, however it is reached
