"""Golden sheet text: tests/sheets/<game>.txt holds every card of every game (name, cost, types, stats with
their † marks, rules text) and the game's rules reference, exactly as the sheets print them. A change in
generated text (a describe() rule, a verb template, a card) shows up here as a diff to review.

Regenerate, then review the diff like code:

    python tools/regen_goldens.py sheets [GAME ...]

Every game under games/ is picked up by itself. A game that does not load at the moment (its engineer is
mid-work) is skipped with the first error as the reason; `cardlang check` and the other suites fail on it.
"""
from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

from cardlang.compile.game import game_ids
from cardlang.errors import ErrorList

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("regen_goldens", ROOT / "tools" / "regen_goldens.py")
goldens = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(goldens)

GAMES = game_ids()


def _render(gid: str) -> str:
    try:
        return goldens.render_sheet_text(gid)
    except ErrorList as e:
        pytest.skip(f"{gid} does not load right now, so its sheet cannot be generated "
                    f"({len(e.errors)} error(s); first: {e.errors[0]})")


def test_every_game_is_covered():
    assert "dominion" in GAMES
    assert len(GAMES) >= 1


@pytest.mark.parametrize("gid", GAMES)
def test_sheet_text_matches_golden(gid):
    golden = goldens.sheet_golden_path(gid)
    out = _render(gid)
    assert golden.exists(), (f"{golden.relative_to(ROOT)} is missing: run `python tools/regen_goldens.py sheets "
                             f"{gid}` and review what it wrote")
    expected = golden.read_text(encoding="utf-8")
    if out != expected:
        import difflib
        diff = "".join(difflib.unified_diff(expected.splitlines(True), out.splitlines(True),
                                            f"{golden.name} (golden)", f"{golden.name} (generated)", n=1))
        pytest.fail(f"the generated sheet text of {gid} changed; if the change is right, run "
                    f"`python tools/regen_goldens.py sheets {gid}` and commit the diff:\n{diff}")


@pytest.mark.parametrize("gid", GAMES)
def test_golden_holds_every_card_and_the_reference(gid):
    """The golden is not a stub: it names each card once, as a heading line, and has the reference."""
    from cardlang.compile.game import load_game
    try:
        game = load_game(gid)
    except ErrorList as e:
        pytest.skip(f"{gid} does not load right now ({e.errors[0]})")
    golden = goldens.sheet_golden_path(gid)
    if not golden.exists():
        pytest.skip("no golden yet (test_sheet_text_matches_golden fails for it)")
    lines = golden.read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith(goldens.SHEET_MARK)
    heads = [ln.split(" | ")[0] for ln in lines if ln and not ln.startswith((" ", "#"))]
    for d in game.defs:
        assert heads.count(d.name) == 1, d.name
    for section in ("Players", "Set-up", "End and scoring", "Glossary"):
        assert section in lines, section
    assert f"Rules reference: {game.title}" in lines



# Phrases that once read badly in generated text (issue 9, section 4), and the rule each breaks. The goldens
# pin the good wording; this guards every game, present and future, against the bad shapes coming back.
_CLUMSY = {
    ".;": "a choose-one option ends its sentence inside the list",
    "copies copies": "a card's own number of copies doubled the word",
    " 1 copies": "one copy is 'a copy'",
    "Set your in ": "a bookkeeping (quiet) counter printed as a rule",
    "you loses": "a 'they' verb form after 'you'",
    "cards where their": "a filter over players read as cards",
    "Carry out act": "a phase verb with no template named instead of said (Warring Kingdom phases)",
    "carry out to supply": "a bookkeeping verb named instead of said",
    "carry out turn up": "a bookkeeping verb named instead of said",
    "you have no attacked": "a yes/no counter read as an amount (give it `flag`)",
    "fallen is 0": "a yes/no counter read as a number (give it `flag`)",
    "spent is 0": "a yes/no counter read as a number (give it `flag`)",
    "defending is 1": "a yes/no counter read as a number (give it `flag`)",
    "you have exactly 1 played": "a shared yes/no counter read as something you have",
    "you have exactly 1 round": "a shared counter read as something you have",
    "the card's card": "a player parameter read as a card",
    "is not the card and": "a player parameter read as a card",
    "carry out guard": "a bookkeeping verb named instead of said (give it a quiet template)",
    "Cost honor up to your honor with Cost gold": "a big verb explained step by step instead of by its template",
}


@pytest.mark.parametrize("gid", GAMES)
def test_golden_has_no_clumsy_phrases(gid):
    golden = goldens.sheet_golden_path(gid)
    if not golden.exists():
        pytest.skip("no golden yet (test_sheet_text_matches_golden fails for it)")
    text = golden.read_text(encoding="utf-8")
    for phrase, why in _CLUMSY.items():
        assert phrase not in text, f"{gid}: {phrase!r} in the generated text: {why}"
    lines = text.splitlines()
    heads = [ln.split(" | ") for ln in lines if " | " in ln and not ln.startswith((" ", "#"))]
    for head in heads:  # the type line: words with spaces ("Magic Item", "Against Accuse"), never MagicItem
        for part in head[1:]:
            for t in part.split(" \u00b7 "):
                assert not re.search(r"[a-z][A-Z]", t), f"{gid} {head[0]}: type {t!r} is not in words"
    kingdom = [h[0] for h in heads if any("Kingdom" in part.split(" \u00b7 ") for part in h[1:])]
    assert not (gid == "dominion" and kingdom), f"the quiet set-up tag Kingdom printed on type lines: {kingdom}"
    numbers = [ln for ln in lines if ln.startswith("  ") and not ln.startswith("  - ")]
    counted = [ln for ln in numbers if re.search(r"\bCost (honor|gold|food|land) \d", ln)]
    assert not counted, f"a cost counted in a counter printed by its source name: {counted[:2]}"
    stats = [ln for ln in lines if ln.startswith("  ") and " *" in ln and "|" in ln]
    assert not any(re.search(r"\bReady \*", ln) for ln in stats), "a yes/no property printed as a * number"
    turn = lines.index("Your turn") + 1 if "Your turn" in lines else None
    if turn is not None:
        assert not lines[turn].startswith("  - Then "), "the turn section opens with 'Then'"
