"""Greedy Kingdoms rules that scenario files cannot state: secrecy of the battle picks, answers the rules must
refuse (an unaffordable palace or Hero), the reconstructed marks, and the commands working for the game.
Card-by-card behaviour is in tests/scenarios/greedy-kingdoms/ (one file per card, plus the rulebook's Full
Round Example)."""
from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardlang.cli.commands import app
from cardlang.compile.bots import LanguageBot
from cardlang.compile.game import load_game
from cardlang.compile.scenario import load_scenarios, run_scenario
from cardlang.errors import ErrorList
from cardlang.runtime.decisions import RandomAgent
from cardlang.runtime.engine import play_game, run_turn, setup_game

ROOT = Path(__file__).resolve().parents[3]
GAME = load_game("greedy-kingdoms")


# ---- secrecy ----------------------------------------------------------------------------------------------

class Spy:
    """Answers like a random agent; records what its player's view shows at each decision."""

    def __init__(self, seed: int) -> None:
        self.inner = RandomAgent(seed)
        self.seen: list[tuple] = []
        self.name = "spy"

    def decide(self, view, decision):
        zones = tuple((z.label, tuple(view.zone_cards(z) or ()), len(z.cards)) for z in view.zones())
        self.seen.append((decision.tag, decision.secret, zones, tuple(sorted(view.counters().items()))))
        return self.inner.decide(view, decision)


class Fixed:
    """The attacker: takes Food at set-up, passes, and attacks with the given Heroes."""

    name = "fixed"

    def __init__(self, heroes: list[str]) -> None:
        self.heroes = heroes

    def decide(self, view, decision):
        if decision.tag == "attack_heroes":
            return [decision.labels.index(h) for h in self.heroes]
        if decision.tag == "develop":
            return [decision.labels.index("Pass")]
        if decision.tag in ("first_tokens",):
            return [decision.labels.index("Food")]
        return []


@pytest.mark.parametrize("attack", [["Knight", "Priest", "Hunter"], ["Thief", "Cook", "Baron"],
                                    ["Bandit", "Merchant", "Traveler"]])
def test_the_defenders_view_while_it_picks_does_not_depend_on_the_attackers_pending_pick(attack) -> None:
    def defender_view(heroes):
        spy = Spy(7)
        state = setup_game(GAME, [Fixed(heroes), spy], seed=12)
        assert state.current == 0                           # seed 12 draws p1 as the first attacker
        run_turn(GAME, state)
        return [s for s in spy.seen if s[0] == "defend_heroes"]
    baseline = defender_view(["Priest", "Hunter", "Knight"])
    seen = defender_view(attack)
    assert len(seen) == 1 and seen[0][1] is True            # asked once, marked secret
    assert seen == baseline                                 # the same view, whatever the attacker chose
    for label, names, _ in seen[0][2]:
        if label.startswith("p1."):
            assert not set(attack) & set(names), f"{label} shows the attacker's pick"


def test_battle_picks_are_secret_decisions_and_nothing_else_is() -> None:
    log = []

    class Recorder(RandomAgent):
        def decide(self, view, decision):
            log.append((decision.tag, decision.secret))
            return super().decide(view, decision)
    play_game(GAME, [Recorder(1), Recorder(2)], seed=4)
    secret = {tag for tag, s in log if s}
    assert secret == {"attack_heroes", "defend_heroes"}
    assert any(tag == "develop" and not s for tag, s in log)


@pytest.mark.parametrize("peek", ["current.facedown", "left.facedown", "left.hand", "current.hand"])
def test_a_bot_cannot_read_hidden_picks_or_decks(tmp_path: Path, peek: str) -> None:
    (tmp_path / "peek.cl").write_text(f'bot "peeker" {{ on defend_heroes {{ Knight if count(Knight in {peek}) > 0; random; }} }}',
                                      encoding="utf-8")
    with pytest.raises(ErrorList) as e:
        load_game("greedy-kingdoms", [tmp_path])
    assert any("a bot may not look into" in err.message for err in e.value.errors)


def test_a_bot_may_read_public_zones_and_counts() -> None:
    bot = LanguageBot(GAME, "reader", 1)
    assert "defend_heroes" in bot.rules
    r = play_game(GAME, [LanguageBot(GAME, "reader", 1), LanguageBot(GAME, "reader", 2)], seed=3)
    assert len(r.winners) == 1


# ---- answers the rules refuse ------------------------------------------------------------------------------

def _scenario(tmp_path: Path, body: str):
    f = tmp_path / "probe.scenario"
    f.write_text('scenario "probe" {\n  game greedy_kingdoms; players 2;\n  answer p1 "Food";\n' + body + "\n}\n",
                 encoding="utf-8")
    (decl,) = load_scenarios(f)
    return run_scenario(decl)


def test_a_royal_palace_cannot_be_obtained_without_its_cost(tmp_path: Path) -> None:
    """Full Round Example step 4: with 1 Honor, 1 Gold and 1 Land Ludwig cannot build a palace."""
    r = _scenario(tmp_path, """
  p1.food = 0; p1.honor = 1; p1.gold = 1; p1.land = 1;
  market = [Scholar, Port, Temple, Barracks, Monk];
  answer "Obtain an Upgrade" "Royal Palace";
  run phase develop_again;""")
    assert not r.passed and "has no option 'Royal Palace'" in r.error.message
    assert "Scholar" in r.error.message and "Port" in r.error.message


def test_a_hero_its_owner_cannot_pay_for_cannot_be_used(tmp_path: Path) -> None:
    r = _scenario(tmp_path, """
  run phase income;
  answer [Bandit, Priest, Hunter] [Knight, Baron, Cook];
  answer Bandit;
  run phase battle;""")
    assert not r.passed and "has no option 'Bandit'" in r.error.message


def test_a_blocked_hero_cannot_be_used(tmp_path: Path) -> None:
    r = _scenario(tmp_path, """
  run phase income;
  answer [Knight, Priest, Hunter] [Knight, Baron, Cook];
  answer Knight;
  run phase battle;""")
    assert not r.passed and "has no option 'Knight'" in r.error.message


def test_two_players_never_bet() -> None:
    tags = []

    class Recorder(RandomAgent):
        def decide(self, view, decision):
            tags.append(decision.tag)
            return super().decide(view, decision)
    for seed in range(5):
        play_game(GAME, [Recorder(seed), Recorder(seed + 9)], seed)
    assert "bet" not in tags and "attack_heroes" in tags


# ---- the card set -----------------------------------------------------------------------------------------

def test_the_card_set_has_the_rulebooks_counts() -> None:
    defs = GAME.defs
    kinds = {t: [d.name for d in defs if t in d.types] for t in ("Hero", "Building", "Citizen", "MagicItem")}
    assert len([d for d in defs if "Starting" in d.types]) == 9
    assert len([d for d in defs if "Advanced" in d.types]) == 9
    assert len([n for n in kinds["Building"] if n != "Royal Palace"]) == 17
    assert len(kinds["Citizen"]) == 17 and len(kinds["MagicItem"]) == 8
    icons = [d.props["icon"] for d in defs if "Starting" in d.types]
    assert len(set(icons)) == 9
    for d in defs:
        if "Advanced" in d.types:
            assert sum(1 for s in defs if "Starting" in s.types and s.props["icon"] == d.props["icon"]) == 1


KNOWN = {  # facts the rulebook states: these carry no reconstruction mark
    "Traveler": {"on income"},
    "Scholar": {"cost_honor", "on income", "on instant"},
    "Port": {"cost_gold"},
    "Farm": {"on turn_start"},
    "Temple": {"on turn_start"},
    "Mysterious Watch": {"on reveal_window"},
    "Cook": {"on use"}, "Court Cook": {"on use"}, "Thief": {"on use"}, "Burglar": {"on use"},
}


def test_every_reconstructed_number_and_ability_is_marked_and_the_known_ones_are_not() -> None:
    for d in GAME.defs:
        marked = d.meta["reconstructed"]
        decl = d.meta["decl"]
        facts = KNOWN.get(d.name, set())
        for p in decl.props:
            if p.name in facts:
                assert p.name not in marked, f"{d.name}.{p.name} is known from the rulebook"
            else:
                assert p.name in marked, f"{d.name}.{p.name} is reconstructed but not marked with ?"
        for t in decl.triggers:
            key = f"on {t.event}"
            assert (key in marked) == (key not in facts), f"{d.name}: {key}"


def test_cards_command_shows_the_marks() -> None:
    r = CliRunner().invoke(app, ["cards", "greedy-kingdoms"])
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    i = next(i for i, line in enumerate(lines) if line.startswith("Traveler "))
    assert "Cost 1 Food†" in lines[i]                        # the cost is reconstructed ...
    assert lines[i + 1].strip() == "Income: +1 Honor, +1 Land."  # ... the income is the rulebook's
    i = next(i for i, line in enumerate(lines) if line.startswith("Knight "))
    assert lines[i + 1].rstrip().endswith("†")
    i = next(i for i, line in enumerate(lines) if line.startswith("Scholar "))
    assert "†" not in lines[i] + lines[i + 1]
    assert "† reconstructed" in r.output
    # (a cost in several Resources is one printed number with one mark, "Cost 1 Gold, 2 Land†", as on the sheet)
    assert r.output.count("†") > 140


def test_check_command_passes_on_the_game() -> None:
    r = CliRunner().invoke(app, ["check", str(ROOT / "games" / "greedy-kingdoms"),
                                 str(ROOT / "cards" / "greedy-kingdoms")])
    assert r.exit_code == 0, r.output
    assert "61 cards" in r.output


def test_simulate_command(tmp_path: Path) -> None:
    r = CliRunner().invoke(app, ["simulate", "greedy-kingdoms", "--players", "reader,palace-rusher,random",
                                 "--games", "6", "--json"])
    assert r.exit_code == 0, r.output
    assert '"games": 6' in r.output and '"stopped": 0' in r.output


def test_play_command_with_bots() -> None:
    r = CliRunner().invoke(app, ["play", "greedy-kingdoms", "--players", "reader,needs", "--seed", "2"])
    assert r.exit_code == 0, r.output
    assert "Winner: p" in r.output


def test_play_two_people_at_one_terminal_pass_it_between_the_secret_picks() -> None:
    # seed 6 draws p1 as the first attacker. p1: take Food (the Development step then offers nothing to
    # choose and is not asked); the battle: p1 picks in secret, p2 picks in secret (input then ends)
    r = CliRunner().invoke(app, ["play", "greedy-kingdoms", "--players", "human,human", "--seed", "6"],
                           input="1\n\n1 2 3\n\n4 5 6\n")
    out = r.output
    clear = "\x1b[2J\x1b[H"
    p1 = out.index("Pass to the other player (p1)")
    p2 = out.index("Pass to the other player (p2)")
    assert out.rindex(clear, 0, p1) > out.index("p1 chooses Food")   # cleared before p1's pick
    between = out[p1:p2]
    assert "p1: Choose your attacking Heroes" in between
    assert between.rindex(clear) > between.index("p1: Choose your attacking Heroes")  # hidden before p2
    assert "p1 has chosen in secret" in between
    assert "Bandit" not in out[out.index("p1 has chosen in secret"):p2]   # p2 is not shown p1's pick
    assert "p2: Choose your defending Heroes" in out[p2:]
    assert "error: the input ended" in out and r.exit_code == 1


def test_play_with_bot_and_human_does_not_interrupt() -> None:
    r = CliRunner().invoke(app, ["play", "greedy-kingdoms", "--players", "human,reader", "--seed", "6"],
                           input="1\n1\n1 2 3\n")
    assert "Pass to the other player" not in r.output


def test_every_card_has_its_scenario_file() -> None:
    scenarios = ROOT / "tests" / "scenarios" / "greedy-kingdoms"
    missing = [f.name for f in sorted((ROOT / "cards" / "greedy-kingdoms").glob("*.card"))
               if not (scenarios / f"{f.stem}.scenario").is_file()]
    assert not missing, f"cards without a scenario file: {missing}"
    assert (scenarios / "full_round_example.scenario").is_file()
