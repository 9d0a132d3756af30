"""Fake card faces for the sheet tests: short and worst-case long texts, names, stats and marks."""
from __future__ import annotations

import math

from cardlang.render.model import CardFace, RulesReference, Section, Stat

_WORDS = (
    "each other player discards down to three cards in hand then reveals the top card of "
    "their deck and trashes it if it costs between two and six coins otherwise they discard "
    "it and gain a Curse; you may play an Action card from your hand twice, and whenever "
    "another player gains a Treasure you gain a Silver"
).split()


def words(n: int, offset: int = 0) -> str:
    """n words of rulebook-like text, capitalised and ending in a full stop."""
    picked = [_WORDS[(offset + i) % len(_WORDS)] for i in range(n)]
    text = " ".join(picked)
    return text[0].upper() + text[1:] + "."


def fake_faces(n: int) -> list[CardFace]:
    """n faces cycling through the shapes a real game produces, worst cases included."""
    shapes = [
        lambda i: CardFace(
            "dominion", f"Village {i}", ("Action",), Stat("Cost", "3"), (),
            ("+1 Card.", "+2 Actions."),
        ),
        lambda i: CardFace(
            "dominion", f"Council Room of the Elders {i}", ("Action", "Attack"), Stat("Cost", "5"), (),
            (words(60, i),), text_reconstructed=True,
        ),
        lambda i: CardFace(
            "warband", f"Ironclad Sentinel {i}", ("Unit", "Knight", "Veteran"), Stat("Gold", "4", True),
            (Stat("Strength", "3"), Stat("HP", "6", True), Stat("Upkeep", "1"), Stat("Income", "2"),
             Stat("VP", "1")),
            (words(22, i), words(18, i + 7), "Kills any unit it wounds."),
        ),
        lambda i: CardFace("dominion", f"Gold {i}", ("Treasure",), Stat("Cost", "6"), (Stat("Coins", "3"),), ()),
        lambda i: CardFace(
            "dominion", f"Transmogrificationalist Supreme {i}", ("Action", "Reaction", "Duration"), None,
            (Stat("VP", "2", True),), (words(75, i),), copies=3,
        ),
        lambda i: CardFace(
            "tiles", f"Estate {i}", ("Victory",), Stat("Cost", "2"), (Stat("VP", "1"),), ("1 VP.",),
        ),
    ]
    return [shapes[i % len(shapes)](i) for i in range(n)]


def fake_reference() -> RulesReference:
    return RulesReference(
        game="dominion",
        title="Dominion: rules reference",
        sections=(
            Section("Set-up", ("2 players: 8 Victory cards of each kind.", "3-4 players: 12 of each.")),
            Section("A turn", ("Action phase: play one Action.", "Buy phase: play Treasures, buy one card.",
                               "Clean-up: discard everything, draw 5.")),
            Section("End and scoring", ("The game ends when the Provinces or any 3 piles run out.",)),
        ),
        glossary=(("+N Cards", "Draw N cards."), ("Trash", "Put the card in the trash, out of the game.")),
    )


def expected_pages(n: int) -> int:
    return math.ceil(n / 9)
