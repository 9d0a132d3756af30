"""The server's checks without the protocol (cardlang/lsp/workspace.py): the same errors and warnings as
`cardlang check` at the same positions, a file that is not text, unsaved text over the file on disk, and
cards of a `--with` expansion checked as cards of `--game`."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cardlang.lsp.workspace import Options, Workspace

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def home(tmp_path: Path, monkeypatch) -> Path:
    """A copy of one game to break (CARDLANG_HOME), as the working folder."""
    for folder in ("cards/dominion", "games/dominion"):
        shutil.copytree(ROOT / folder, tmp_path / folder)
    monkeypatch.setenv("CARDLANG_HOME", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_the_same_errors_and_warnings_as_check(home: Path, capsys) -> None:
    from cardlang.cli_check import run_check
    smithy = home / "cards/dominion/smithy.card"
    market = home / "cards/dominion/market.card"
    bots = home / "games/dominion/bots/big_money.cl"
    bots.write_text(bots.read_text().replace("on chapel_trash", "on chapel_trahs"))  # a warning (of a clean load)
    for broken, count in ((True, 2), (False, 1)):
        if broken:
            smithy.write_text(smithy.read_text().replace("draw 3", "drow 3"))
            market.write_text(market.read_text().replace("coins", "coinz"))
        else:
            shutil.copy(ROOT / "cards/dominion/smithy.card", smithy)
            shutil.copy(ROOT / "cards/dominion/market.card", market)
        assert run_check([Path("cards"), Path("games")], None, None) == (1 if broken else 0)
        said = {line for line in capsys.readouterr().err.splitlines() if ": error: " in line or ": warning: " in line}
        found = Workspace(Options()).check(smithy).problems
        got = {str(e) for errs in found.values() for e in errs}
        assert got == said and len(got) == count


def test_unsaved_text_is_checked_instead_of_the_file(home: Path) -> None:
    ws = Workspace(Options())
    smithy = home / "cards/dominion/smithy.card"
    assert not any(ws.check(smithy).problems.values())
    ws.open(smithy, smithy.read_text().replace("draw 3", "draw three"))
    [e] = [e for errs in ws.check(smithy).problems.values() for e in errs]
    assert e.span.path == "cards/dominion/smithy.card"
    ws.close(smithy)
    assert not any(ws.check(smithy).problems.values())


def test_a_card_that_is_not_text(home: Path) -> None:
    (home / "cards/dominion/broken.card").write_bytes(b"card X {\xff\xfe\x00}")
    [e] = [e for errs in Workspace(Options()).check_game("dominion").problems.values() for e in errs]
    assert str(e).startswith("cards/dominion/broken.card:1:9: error: this file is not UTF-8 text")


def test_expansion_cards_are_cards_of_the_game() -> None:
    folder = ROOT / "examples/dominion-expansion"
    ws = Workspace(Options(game="dominion", with_=[folder]))
    checked = ws.check(folder / "granary.card")
    assert checked.owner == "dominion" and not any(checked.problems.values())
    assert "Granary" in {d.name for d in checked.game.defs}
    loose = Workspace(Options()).check(folder / "granary.card")
    [[e]] = [errs for errs in loose.problems.values() if errs]
    assert "start the server with --game GAME" in e.message


def test_a_card_that_cannot_be_read(home: Path, monkeypatch) -> None:
    locked = home / "cards/dominion/locked.card"
    locked.write_text("card Locked { cost 1; types Action; }\n")
    read = Path.read_bytes

    def refuse(self: Path) -> bytes:  # (as root, a file's mode does not stop a read: the read itself fails)
        if self.name == "locked.card":
            raise PermissionError(13, "Permission denied")
        return read(self)
    monkeypatch.setattr(Path, "read_bytes", refuse)
    [e] = [e for errs in Workspace(Options()).check_game("dominion").problems.values() for e in errs]
    assert str(e) == "cards/dominion/locked.card:1:1: error: cannot read this file: Permission denied"
