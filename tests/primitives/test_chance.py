"""`choose ... by chance`: the game's one RNG picks (no agent is asked); the pick is logged and replays from the
seed; a scenario scripts it like any answer; a pick with nothing left to choose uses no randomness."""
from cardlang.runtime.decisions import CHANCE, ScriptedAgent
from cardlang.runtime.events import render_event, render_event_for

PICK = "let c = choose 1 from left.hand by chance as pick; move c to table;"


class NoAgent:
    def decide(self, view, decision):  # pragma: no cover - must never be called
        raise AssertionError(f"an agent was asked {decision.tag}")


def run(g, seed: int, hand: list[str]) -> list[str]:
    s = g.state(players=2, seed=seed)
    s.agents = [NoAgent(), NoAgent()]
    g.put(s, "p2.hand", hand)
    g.play(s)
    return g.names(s, "table")[:1] + [str(e) for e in g.events(s, "Decided")]


def test_the_rng_picks_and_the_same_seed_picks_the_same(tiny):
    g = tiny(PICK)
    hand = ["Coin", "Gem", "Land", "Coin", "Gem", "Land"]
    picks = {run(g, seed, hand)[0] for seed in range(30)}
    assert picks == {"Coin", "Gem", "Land"}                       # every card can come up
    assert run(g, 7, hand) == run(g, 7, hand)


def test_the_pick_is_logged_as_chance_and_hidden_from_players(tiny):
    g = tiny(PICK)
    s = g.state(players=2)
    s.agents = [NoAgent(), NoAgent()]
    g.put(s, "p2.hand", ["Gem", "Coin"])
    g.play(s)
    (e,) = g.events(s, "Decided")
    assert (e.kind, e.player, e.tag) == ("Decided", CHANCE, "pick")
    assert render_event(s, e).startswith("chance chose ")
    assert render_event_for(s, e, 0) == "chance decided (pick)"


def test_a_script_answers_chance_in_scenarios(tiny):
    g = tiny(PICK)
    s = g.state(players=2)
    s.agents = [NoAgent(), NoAgent()]
    s.chance = ScriptedAgent(["Land"])
    g.put(s, "p2.hand", ["Gem", "Coin", "Land"])
    g.play(s)
    assert g.names(s, "table")[0] == "Land"


def test_a_forced_pick_uses_no_randomness(tiny):
    g = tiny(PICK)
    s = g.state(players=2)
    s.agents = [NoAgent(), NoAgent()]
    s.chance = ScriptedAgent([])                                   # would fail if asked
    before = s.rng.getstate()
    g.put(s, "p2.hand", ["Gem"])
    g.play(s)
    assert g.names(s, "table")[0] == "Gem" and s.rng.getstate() == before


def test_chance_can_be_a_local_name_too(tiny):
    g = tiny("let chance = left; let c = choose 1 from hand by chance as pick; move c to table;")
    s = g.state(players=2)
    s.agents = [NoAgent(), ScriptedAgent(["Gem"])]
    g.put(s, "p1.hand", ["Coin", "Gem"])
    g.play(s)
    assert g.names(s, "table")[0] == "Gem"                          # p2 (the local `chance`) chose
