"""No line a player or designer reads shows the engine (issue 22, "Done when"): for every game, each line of its
card sheet and rules reference, of `cardlang cards` and of every card's text holds no snake_case name, no
internal tag (a name in CamelCase, an event's source name in quotes, a tag the game keeps quiet on a type line),
no doubled word or phrase, no "None" and never "a number printed on the card".
"""
from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from cardlang.cli.commands import app
from cardlang.compile.game import game_ids, load_game
from cardlang.render.build import card_faces, rules_reference
from cardlang.render.sheets import render_text

_BAD = {
    "a snake_case name": re.compile(r"\b[a-z]+_[a-z_]+\b"),
    "a name in CamelCase": re.compile(r"\b[A-Z][a-z]+[A-Z][A-Za-z]*\b"),
    "an event's source name": re.compile(r"'\w+' ability"),
    # a word said twice in a row ("the the"), or a phrase of two words or more, with or without a comma
    # between ("If you did, if you did"); a word and its repeat across a comma is a list ("Aged Castle, Castle")
    "a doubled word": re.compile(r"\b(\w+) \1\b|\b(\w+(?: \w+){1,5}),? \2\b", re.I),
    "None": re.compile(r"\bNone\b"),
    "a property named, not said": re.compile(r"\bCost any\b"),
    "a number printed on the card": re.compile(r"a number printed on the card", re.I),
}


def _lines(gid: str) -> list[tuple[str, str]]:
    game = load_game(gid)
    out = []
    sheet = render_text(card_faces(game), rules_reference(game), title=game.title)
    out += [("sheet", ln) for ln in sheet.splitlines()]
    listing = CliRunner().invoke(app, ["cards", gid])
    assert listing.exit_code == 0, listing.output
    out += [("cards", ln) for ln in listing.output.splitlines()]
    out += [(f"text of {d.name}", ln) for d in game.defs for ln in d.text]
    return out


@pytest.mark.parametrize("gid", game_ids())
def test_no_line_shows_the_engine(gid):
    found = []
    for where, line in _lines(gid):
        for what, pattern in _BAD.items():
            m = pattern.search(line)
            if m:
                found.append(f"{where}: {what} ({m.group(0)!r}): {line.strip()[:140]}")
    assert not found, f"{gid}: {len(found)} line(s) show the engine:\n" + "\n".join(found[:20])


@pytest.mark.parametrize("gid", game_ids())
def test_quiet_tags_are_not_card_types(gid):
    game = load_game(gid)
    quiet = set(game.spec.decl.quiet_tags)
    for face in card_faces(game):
        assert not quiet & set(face.types), f"{gid} {face.name}: an engine-only tag printed as a type: {face.types}"


def test_warring_kingdom_reference_has_its_combat_procedure():
    """Issue 22: the reference had no combat procedure; the `steps` verbs give it, from the rules that run."""
    sections = {s.title: s.lines for s in rules_reference(load_game("warring-kingdom")).sections}
    combat, rounds = " ".join(sections["Combat"]), " ".join(sections["Each round of combat"])
    assert "The defender may move their units" in combat and "Repeat while you choose to go on" in combat
    for step in ("Roll five dice.", "The defender rolls five dice.", "Place your dice", "Your units strike",
                 "The defender's units strike", "Clean up"):
        assert step in rounds, step


@pytest.mark.parametrize("gid", game_ids())
def test_a_yes_no_mark_prints_as_a_keyword_not_a_number(gid):
    """A property declared `number 0 to 1` is a mark a card has or not: "Forced.", never "Forced 1"."""
    from cardlang.render.build import yes_no_properties
    game = load_game(gid)
    marks = yes_no_properties(game)
    for face in card_faces(game):
        assert not {st.label for st in face.stats} & {f.replace("_", " ").capitalize() for f in marks}, face
    if gid == "warring-kingdom":
        traitor = card_faces(game, ["Traitor"])[0]
        assert "Forced." in traitor.text and not any(st.value == "1" and st.label == "Forced" for st in traitor.stats)
