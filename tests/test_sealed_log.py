"""`play --log`: the file holds the bot's draws and every shuffle's order, so it is owner-only (0600) and holds
nothing while the game runs (issue 24: it was 0644 and written as the game went, so a person at the table
could read the bot's hand and everyone's next draws). Replay still works, byte-identical for the same seed."""
from __future__ import annotations

import os
import stat
from pathlib import Path

from typer.testing import CliRunner

from cardlang.cli.commands import app
from cardlang.compile.bots import LanguageBot
from cardlang.compile.game import load_game
from cardlang.cli.outfile import OutputFile
from cardlang.table.session import run
from cardlang.table.style import Style


def _mode(p: Path) -> int:
    return stat.S_IMODE(os.stat(p).st_mode)


class Watcher:
    """A bot seat that, at every decision, looks at the folder the log goes to, as a person at the table
    could."""

    def __init__(self, bot, folder: Path, target: Path) -> None:
        self.bot, self.folder, self.target, self.name = bot, folder, target, bot.name
        self.looks = 0

    def decide(self, view, decision):
        self.looks += 1
        assert self.target.read_text() == "old\n"          # the target is untouched while the game runs
        for f in self.folder.iterdir():                      # and what is written is the owner's alone
            assert f == self.target or _mode(f) == 0o600, f
        return self.bot.decide(view, decision)


def test_the_log_is_owner_only_and_sealed_until_the_game_is_over(tmp_path: Path) -> None:
    g = load_game("dominion")
    target = tmp_path / "game.jsonl"
    target.write_text("old\n")
    os.chmod(target, 0o644)
    seats = [Watcher(LanguageBot(g, "big-money", 1), tmp_path, target), LanguageBot(g, "smithy-bm", 2)]
    out = OutputFile(target, "--log", sealed=True)
    run(g, ["big-money", "smithy-bm"], seats, 3, viewer=None, spectator=True, echo=lambda s: None,
        style=Style(g, False), log_file=out, quiet=True)
    assert seats[0].looks > 10
    out.commit()
    assert _mode(target) == 0o600
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.jsonl"]  # no part left behind
    assert b'"Shuffled"' in target.read_bytes()


def test_play_log_is_0600_byte_identical_and_replays(tmp_path: Path) -> None:
    runner = CliRunner()
    logs = []
    for name in ("a", "b"):
        path = tmp_path / f"{name}.jsonl"
        r = runner.invoke(app, ["play", "dominion", "--players", "big-money,smithy-bm", "--seed", "5", "--log",
                                str(path), "--quiet"])
        assert r.exit_code == 0, r.output
        assert _mode(path) == 0o600
        logs.append(path.read_bytes())
    assert logs[0] == logs[1]
    r = runner.invoke(app, ["replay", str(tmp_path / "a.jsonl"), "--seat", "1"])
    assert r.exit_code == 0, r.output


def test_a_log_to_a_device_is_written_when_the_game_is_over() -> None:
    out = OutputFile(Path("/dev/null"), "--log", sealed=True)
    out.write("secret\n")
    out.commit()
