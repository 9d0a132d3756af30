"""The card reader (`?N`, `?NAME` at a terminal prompt): a card as its face prints it, in the sheet's words (no
tag, no property name, no "(no rules text)"), wrapped once to 80 columns with no word left alone on a line.

Regenerate the golden with `python tools/regen_goldens.py reader` and review the diff.
"""
from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("card_reader", ROOT / "tools" / "card_reader.py")
R = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(R)  # type: ignore[union-attr]


def test_the_reader_matches_its_golden() -> None:
    assert R.GOLDEN.is_file(), "run: python tools/regen_goldens.py reader"
    assert R.render() == R.GOLDEN.read_text(encoding="utf-8"), \
        "card-reader.txt is out of date: python tools/regen_goldens.py reader, then review the diff"


@pytest.mark.parametrize("gid", sorted(R.CARDS))
def test_every_card_reads_in_printed_words(gid: str) -> None:
    from cardlang.compile.game import load_game
    from cardlang.render.build import card_faces
    game = load_game(gid)
    names = sorted(d.name for d in game.defs)
    shown = R.read(game, names)  # through the person's agent: what the terminal prints
    faces = {f.name: f for f in card_faces(game)}
    at = 0
    for name in names:
        assert shown[at] == f"> ?{name}"
        end = next((i for i in range(at + 1, len(shown)) if shown[i].startswith("> ?")), len(shown))
        lines, at = shown[at + 1:end], end
        text = " ".join(line.strip() for line in lines)
        face = faces[name]
        assert lines[0].startswith(f"  {name}") and all(t in lines[0] for t in face.types), lines
        for line in lines:
            assert len(line) <= 80, line                                  # wrapped once, to the screen
            assert "(no rules text)" not in line and "_" not in line, line
            for word in re.findall(r"\b[A-Z][a-z]+[A-Z]\w*", line):       # a tag as the source spells it
                assert word in name, f"{name}: {line}"
        for st in face.stats:                                              # numbers by their printed labels
            assert f"{st.label} {st.value}" in text
        for para in face.text:
            assert " ".join(para.split()) in text
        continued = [i for i, line in enumerate(lines) if line.startswith("    ")]
        for i in continued:                                                # no word alone on a last line
            last = i + 1 == len(lines) or not lines[i + 1].startswith("    ")
            assert not (last and len(lines[i].split()) == 1), f"{name}: {lines}"


def test_an_unknown_name_gets_a_did_you_mean() -> None:
    from cardlang.compile.game import load_game
    lines = R.read(load_game("dominion"), ["Thorne room", "1"])
    assert "  no card of this game is called 'Thorne room'; did you mean 'Throne Room'?" in lines
    assert "  ?N: the text of option N (a card); ?NAME: the text of any card of the game" in lines
