"""The Markdown sheet: same content as the HTML one, readable as plain text."""
from __future__ import annotations

import pytest

from cardlang.render.model import CardFace, RulesReference, Section, Stat
from cardlang.render.sheets import md_escape, render_markdown

from .fakes import fake_faces, fake_reference

FACES = [
    CardFace("dominion", "Village", ("Action",), Stat("Cost", "3"), (), ("+1 Card.", "+2 Actions.")),
    CardFace(
        "warband", "Ironclad Sentinel", ("Unit", "Knight"), Stat("Gold", "4", True),
        (Stat("Strength", "3"), Stat("HP", "6", True)), ("Kills any unit it wounds.",),
        text_reconstructed=True,
    ),
    CardFace("dominion", "Copper", ("Treasure",), None, (Stat("Coins", "1"),), (), copies=7),
]
REFERENCE = RulesReference(
    "dominion", "Dominion: rules reference",
    (Section("Set-up", ("2 players: 8 Victory cards each.",)),),
    (("Trash", "Put the card in the trash."),),
)

GOLDEN = """\
# Demo

† reconstructed: designed for cardlang, not taken from a published source.

## Cards

### Village (Cost 3)

*Action*

+1 Card.

+2 Actions.

### Ironclad Sentinel (Gold 4†)

*Unit · Knight*

Kills any unit it wounds.†

Strength **3** · HP **6†**

### Copper

*Treasure* · ×7

Coins **1**

## Dominion: rules reference

### Set-up

- 2 players: 8 Victory cards each.

### Glossary

- **Trash**: Put the card in the trash.
"""


def test_golden():
    assert render_markdown(FACES, REFERENCE, title="Demo") == GOLDEN


def test_no_marks_no_legend_no_reference():
    md = render_markdown(FACES[:1], None, title="Demo")
    assert md == "# Demo\n\n## Cards\n\n### Village (Cost 3)\n\n*Action*\n\n+1 Card.\n\n+2 Actions.\n"
    assert render_markdown([], None, title="Demo") == "# Demo\n"


def test_every_card_and_every_line_present():
    faces = fake_faces(18)
    md = render_markdown(faces, fake_reference(), title="Fake")
    assert md.count("\n### ") == 18 + 4  # cards, then 3 reference sections and the glossary
    for face in faces:
        assert f"### {face.name}" in md
        for paragraph in face.text:
            assert paragraph in md
    assert "\n\n\n" not in md and md.endswith("\n") and not md.endswith("\n\n")


@pytest.mark.parametrize(
    ("text", "escaped"),
    [
        ("+1 Card.", "+1 Card."),  # not a list item: left alone
        ("- discard", "\\- discard"),
        ("3. Buy", "3\\. Buy"),
        ("# Kingdom", "\\# Kingdom"),
        ("a*b_c [x] <b> | ~", "a\\*b\\_c \\[x\\] \\<b\\> \\| \\~"),
        ("Fish & Chips", "Fish & Chips"),
    ],
)
def test_escaping(text, escaped):
    assert md_escape(text) == escaped


def test_card_text_cannot_inject_markup():
    face = CardFace("g", "*Bold* <script>", (), None, (), ("- not a list", "[link](x)"))
    md = render_markdown([face], None, title="t")
    assert "### \\*Bold\\* \\<script\\>" in md
    assert "\n\\- not a list\n" in md and "\\[link\\](x)" in md
