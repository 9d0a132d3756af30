"""Rules that a scenario cannot show, because they are about what is *not* offered: illegal actions and targets,
the Puppeteer's silent owner, one-round effects, the Destiny timing rules."""
from __future__ import annotations

from fall_helpers import offered, put, scripted_setup, set_counter


def actions(game, state, player: int = 0) -> list[str]:
    return offered(game, state, "action", [], player=player).labels


def test_swap_needs_two_cards_in_the_house(game) -> None:
    state, _ = scripted_setup(game, 3)
    set_counter(state, "coins", 0, 10)
    assert "Swap" in actions(game, state)
    put(state, "house", None, ["Saint"])
    assert "Swap" not in actions(game, state)


def test_costs_gate_the_actions(game) -> None:
    state, _ = scripted_setup(game, 3)
    put(state, "destiny", 0, [])
    set_counter(state, "coins", 0, 1)
    assert actions(game, state) == ["Interest", "Prophet", "Informant"]
    set_counter(state, "coins", 0, 5)
    assert set(actions(game, state)) == {"Interest", "Accuse", "Draw a Destiny card", "Kingdom Attack", "Build",
                                         "Swap", "Saint", "Prophet", "Assassin", "General", "Informant", "Puppeteer"}


def test_defense_only_and_new_destiny_cards_cannot_be_used_as_an_action(game) -> None:
    state, _ = scripted_setup(game, 3)
    put(state, "destiny", 0, ["Decoy", "The Betrayal"])
    assert "Use a Destiny card" not in actions(game, state)
    put(state, "destiny", 0, ["Rally"])
    assert "Use a Destiny card" in actions(game, state)


def test_an_extra_action_cannot_use_an_extra_action_card(game) -> None:
    state, _ = scripted_setup(game, 3)
    put(state, "destiny", 0, ["Forced March", "War Council", "Rally"])
    d = offered(game, state, "destiny_use", ["Use a Destiny card", "Forced March", "Use a Destiny card"], skip=1)
    assert d.labels == ["Rally"]                                   # in the extra action: no Forced March, no War Council


def test_informant_and_its_targets_skip_kingdoms_at_morale_1(game) -> None:
    state, _ = scripted_setup(game, 3)
    set_counter(state, "morale", 1, 1)
    d = offered(game, state, "target", ["Informant"])
    assert d.labels == ["p3"]
    set_counter(state, "morale", 2, 1)
    assert "Informant" not in actions(game, state)


def test_fog_of_war_hides_you_from_accusations_looks_and_puppeteers(game) -> None:
    state, _ = scripted_setup(game, 3)
    set_counter(state, "fog", 0, 1)
    set_counter(state, "coins", 1, 10)
    assert offered(game, state, "accuse_target", ["Accuse"], player=1).labels == ["p3"]
    assert offered(game, state, "target", ["Prophet"], player=1).labels == ["p3"]
    assert offered(game, state, "target", ["Puppeteer"], player=1).labels == ["p3"]
    assert offered(game, state, "target", ["Assassin"], player=1).labels == ["p3", "p1"]


def test_ceasefire_forbids_every_kingdom_attack(game) -> None:
    state, _ = scripted_setup(game, 3)
    set_counter(state, "ceasefire", 2, 1)
    set_counter(state, "coins", 0, 10)
    put(state, "destiny", 0, ["Siege Engines", "Blitzkrieg", "Rally"])
    labels = actions(game, state)
    assert "Kingdom Attack" not in labels and "General" not in labels
    assert offered(game, state, "destiny_use", ["Use a Destiny card"]).labels == ["Rally"]


def test_inflation_raises_the_other_players_costs(game) -> None:
    state, _ = scripted_setup(game, 3)
    set_counter(state, "inflation", 1, 1)
    set_counter(state, "coins", 0, 2)
    labels = actions(game, state)
    assert "Saint" not in labels and "General" not in labels      # 2 + 1
    assert "Prophet" in labels                                     # free stays free
    set_counter(state, "coins", 1, 2)
    assert "Saint" in actions(game, state, player=1)               # not for the Inflation player


def test_the_puppeteers_victim_is_never_asked_to_call(game) -> None:
    from cardlang.runtime.decisions import ScriptedAgent
    state, _ = scripted_setup(game, 4)
    put(state, "active", 1, ["Saint", "General"])
    put(state, "destiny", 1, [])
    state.chance = ScriptedAgent(["Saint"])
    asked = []

    class Spy(ScriptedAgent):
        def decide(self, view, decision):
            if decision.tag == "challenge":
                asked.append(decision.player + 1)
            return super().decide(view, decision)
    script = ["Puppeteer", "p2", "no", "no", "no", "none", "Saint", "no", "no"]   # A says the truth: "Saint"
    from cardlang.runtime.state import Ctx
    state.agents = [Spy(script) for _ in range(4)]
    game.phases["action"](Ctx(state, 0, None, {}, "turn"))
    assert script == []
    assert asked == [2, 3, 4, 3, 4]                                # the Saint claim: p2 (B) is skipped
