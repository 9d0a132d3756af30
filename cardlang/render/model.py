"""What a printed sheet shows: plain data built from compiled cards and games. Knows no Jinja and no AST."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Stat:
    """One printed number or value on a card face, e.g. ("HP", "6") or ("Cost", "3")."""

    label: str
    value: str
    reconstructed: bool = False  # not from a public source: designed by us, printed with a mark
    place: str = ""              # "corner" or "badge" where the game says so (`: printed corner`); "" the foot row


@dataclass(frozen=True, slots=True)
class CardFace:
    """Everything a card sheet prints for one card."""

    game: str                     # game id, as `cardlang games` lists it
    name: str
    types: tuple[str, ...]        # types or class/subclass, in printed order
    cost: Stat | None             # None when the card has no cost
    stats: tuple[Stat, ...]       # other printed numbers (VP, coins, strength, HP, upkeep, income...)
    text: tuple[str, ...]         # rules text, one sentence or paragraph per entry, generated from the AST
    text_reconstructed: bool = False  # the ability itself is our design
    copies: int = 1


@dataclass(frozen=True, slots=True)
class Section:
    """A titled block of a rules reference: a heading and its lines."""

    title: str
    lines: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class RulesReference:
    """A game's rules summary: set-up, turn phases, end and scoring, glossary."""

    game: str
    title: str
    sections: tuple[Section, ...]
    glossary: tuple[tuple[str, str], ...] = field(default=())
