"""Every ability keyword of Warring Kingdom, every variant and the rules the issue names have a scenario of
their own that passes; the command line knows the game (cards with † marks, check, simulate, play with
boards drawn, --variant checked against the player count)."""
from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardlang.cli.commands import app
from cardlang.compile.scenario import load_scenarios, run_scenario

ROOT = Path(__file__).resolve().parents[3]
HERE = ROOT / "tests" / "scenarios" / "warring-kingdom"
SCENARIOS = {d.name: d for f in sorted(HERE.glob("*.scenario")) for d in load_scenarios(f)}

# keyword (R-WK names it, or design section 5 adds it) -> the start of the scenario that shows it working
KEYWORDS = {
    "Join Force": "Join Force: Warriors side by side",
    "Join Force (Master Warrior counts)": "Join Force: a Master Warrior counts",
    "Inspire": "Master Warrior inspires",
    "Headshot": "Master Archer strikes from row 2",
    "Axe critical": "Axe: the wounding hit kills",
    "Poison": "Poison: the Veteran",
    "Betray": "Traitor: bought",
    "Betray (forced deploy)": "Traitor: its owner deploys it",
    "Desert": "Traitor deserts",
    "Search": "Servant Search draws",
    "Shop": "Servant Shop",
    "Convert": "Preacher converts",
    "Regroup": "Captain regroups",
    "Regroup (cumulative)": "Art of War and a Captain",
    "Distract": "Jester distracts",
    "Brawl": "Tavern: Brawl",
    "Enlist": "Barracks: a Beggar in hand",
    "Sabotage": "Spy sabotages",
    "Trade": "Merchant used from hand",
    "Harvest": "Farmer harvests",
    "Lend": "Money Lender returns",
    "Forge": "Blacksmith forges",
    "Ranged": "Archer in row 2",
    "Steadfast": "Veteran: wounded, it cannot be killed",
    "Cleave": "Gladiator cleaves",
    "Charge": "Knight charges",
    "Brace": "Pikeman braces",
    "Reach": "Spear: a Town Guard in row 2",
    "Backstab": "Dagger: +2",
    "Pierce": "Crossbow pierces",
    "Siege": "Catapult: the attacker aims",
    "Block": "Tower Shield:",
    "Ward": "Warding Amulet:",
    "Heal": "Healing Draught:",
    "Variant: Blitz": "Blitz: every castle starts",
    "Variant: Limited War": "Limited War:",
    "Variant: Epic War": "Epic War:",
    "Rule: the castle destroyed wins": "The Castle destroyed",
    "Rule: continuing the siege": "Continuing the siege",
    "Rule: five-card rule": "Spy sabotages",
    "Rule: sample combat, example 1": "Sample Combat, Example 1",
    "Rule: sample combat, example 2": "Sample Combat, Example 2",
    "Rule: critical hits must be used": "Critical hits must be used",
    "Rule: planning steps": "Planning: the defender rearranges",
    "Rule: nearest unit": "Nearest unit",
    "Rule: whole turn": "A whole turn",
    "Rule: attack skips buy": "Attacking skips the Buy phase",
    "Rule: pay or discard": "Pay: a card whose upkeep",
}

_CACHE: dict = {}


@pytest.mark.parametrize("keyword", sorted(KEYWORDS))
def test_each_keyword_has_a_passing_scenario(keyword: str) -> None:
    found = [d for n, d in SCENARIOS.items() if n.startswith(KEYWORDS[keyword])]
    assert found, f"no scenario for {keyword}"
    r = run_scenario(found[0], cache=_CACHE)
    assert r.passed, r.error.render()


def test_every_card_has_a_scenario_file() -> None:
    cards = sorted(f.stem for f in (ROOT / "cards" / "warring-kingdom").glob("*.card"))
    assert len(cards) == 40
    assert [c for c in cards if not (HERE / f"{c}.scenario").is_file()] == []


def test_cards_marks_reconstructed_numbers_and_abilities() -> None:
    r = CliRunner().invoke(app, ["cards", "warring-kingdom"])
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    axe = next(i for i, line in enumerate(lines) if line.startswith("Axe "))
    assert "Offence 1 ·" in lines[axe] and "Cost 6†" in lines[axe]      # +1 is the rulebook's, 6 is ours
    assert not lines[axe + 1].endswith("†")                               # the kill is the rulebook's
    knight = next(i for i, line in enumerate(lines) if line.startswith("Knight "))
    assert lines[knight + 1].endswith("†")                                # Charge is ours
    assert "† reconstructed" in r.output


def test_check_and_variants_on_the_command_line() -> None:
    r = CliRunner().invoke(app, ["check", "games/warring-kingdom", "cards/warring-kingdom"])
    assert r.exit_code == 0 and "40 cards" in r.output, r.output
    r = CliRunner().invoke(app, ["simulate", "warring-kingdom", "--players", "rush,economy,rush,economy",
                                 "--variant", "epic"])
    assert r.exit_code == 2 and "variant 'epic' is for 2 to 3 players, not 4" in r.output
    r = CliRunner().invoke(app, ["simulate", "warring-kingdom", "--players", "rush,economy", "--games", "2",
                                 "--variant", "blitz", "--json"])
    assert r.exit_code == 0 and '"variants": ["blitz"]' in r.output, r.output


def test_play_draws_both_boards_and_prints_dice_and_strikes() -> None:
    r = CliRunner().invoke(app, ["play", "warring-kingdom", "--players", "rush,economy", "--seed", "3"])
    assert r.exit_code == 0, r.output
    out = r.output
    assert "attacks p" in out and " rolls " in out and " strikes " in out
    assert "p2's board (facing)" in out or "p1's board (facing)" in out    # the defender's board, turned round
    assert "        column 5      column 4" in out                          # ... column 5 first, facing column 1
    assert "  row 1 " in out and "0/0/23" in out                            # slots, and the Castle's HP
    assert "Winner: p" in out
