"""Warring Kingdom's reconstructed strengths agree with the rulebook's tip: "early cards have higher defensive
strength than offensive strength, so the same unit would do more damage on the defending player's side than
on the attacker's" (R-WK "Attack or Buy?"). Early units are the base units and the units costing up to 5
(the cost bands of docs/design/warring-kingdom-cards.md, section 7)."""
from __future__ import annotations

from cardlang.compile.game import load_game

GAME = load_game("warring-kingdom")
EARLY_COST = 5


def early_units() -> list:
    return [d for d in GAME.defs if "Unit" in d.types
            and ("Base" in d.types or d.props.get("cost", 0) <= EARLY_COST)]


def test_early_units_defend_better_than_they_attack() -> None:
    wrong = []
    for d in early_units():
        off, dfn = d.props.get("offence", 0), d.props.get("defence", 0)
        rec = d.meta["reconstructed"]
        if dfn > off:
            continue
        # The one exception the known facts force: the Beggar's defence 0 is printed (Sample Combat 2), and no
        # offence is lower than 0.
        if "defence" not in rec and off == 0:
            continue
        wrong.append(f"{d.name} {off}/{dfn} (reconstructed: {sorted(rec & {'offence', 'defence'})})")
    assert not wrong, "early units that attack at least as well as they defend: " + ", ".join(wrong)


def test_the_known_strengths_are_kept() -> None:
    known = {"Warrior": ("offence", 4), "Town Guard": ("defence", 3), "Beggar": ("defence", 0),
             "Archer": ("defence", 7)}
    for name, (prop, value) in known.items():
        d = GAME.defs_by_name[name]
        assert d.props[prop] == value and prop not in d.meta["reconstructed"], name


def test_the_early_units_are_the_cheap_ones() -> None:
    names = {d.name for d in early_units()}
    assert {"Beggar", "Town Guard", "Warrior", "Merchant", "Preacher", "Jester", "Spy"} <= names
    assert not names & {"Archer", "Knight", "Gladiator", "Veteran", "Master Warrior"}
