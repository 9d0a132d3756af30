"""Hidden information in decisions (issue 9, section 2): what the other seats see, and which questions are put,
must be the same whatever the hidden hand holds. Structural: the same action run against two hands that differ
only in a hidden card gives the other seats identical views and the decider identical questions. Statistical:
over many games, the questions around a Puppeteer's borrowing do not tell a truth from a lie."""
from __future__ import annotations

from cardlang.agents import make_agent
from cardlang.runtime.decisions import ScriptedAgent, View
from cardlang.runtime.engine import play_game
from cardlang.runtime.state import Ctx

from fall_helpers import put, scripted_setup, set_counter


class Asked(ScriptedAgent):
    """A scripted agent that writes down every question put to it: (seat, tag)."""

    def __init__(self, script: list, asked: list) -> None:
        super().__init__(script)
        self.asked = asked

    def decide(self, view, decision):
        self.asked.append((decision.player, decision.tag))
        return super().decide(view, decision)


def run_action(game, seed: int, setup, script: list, chance: list | None = None):
    """Set up 3 players, apply SETUP(state), run p1's action phase with SCRIPT; the state and questions asked."""
    state, _ = scripted_setup(game, 3, seed)
    setup(state)
    asked: list = []
    state.agents = [Asked(script, asked) for _ in range(3)]
    if chance is not None:
        state.chance = ScriptedAgent(chance)
    start = len(state.log)
    game.phases["action"](Ctx(state, 0, None, {}, "turn"))
    assert script == [], script
    return state, asked, start


def views(state, start: int, seats) -> dict[int, list[str]]:
    """What each of SEATS saw from START on (the lines its terminal and its agent read)."""
    return {p: View(state, p).log_lines()[_seen_before(state, start, p):] for p in seats}


def _seen_before(state, start: int, seat: int) -> int:
    from cardlang.runtime.events import seat_event
    return sum(1 for e in state.log[:start] if seat_event(state, e, seat) is not None)


def test_the_defense_only_window_looks_the_same_whatever_the_defender_holds(game) -> None:
    for seed in (1, 2, 3, 4):
        def holding(card):
            def setup(state):
                put(state, "destiny", 1, [card])
                set_counter(state, "coins", 0, 4)
            return setup
        # p1 attacks p2; p2 does not block; p2 keeps Stone Walls (which fits) or holds a Plague (which does not)
        fits, asked_fits, s1 = run_action(game, seed, holding("Stone Walls"), ["Kingdom Attack", "p2", "none", "none"])
        other, asked_other, s2 = run_action(game, seed, holding("Plague"), ["Kingdom Attack", "p2", "none"])
        assert asked_fits == asked_other                     # the same questions, "defend" among them
        assert (1, "defend") in asked_fits
        assert views(fits, s1, (0, 2)) == views(other, s2, (0, 2))


def test_a_puppeteers_truth_and_lie_look_the_same_to_the_others(game) -> None:
    for seed in (1, 2, 3):
        def b_holds(cards):
            def setup(state):
                put(state, "active", 0, ["Puppeteer", "Prophet"])
                put(state, "active", 1, cards)
                put(state, "destiny", 1, [])
                set_counter(state, "coins", 0, 3)
            return setup
        # p1 borrows p2's card (a Saint, or a General) and says "Saint" both times; nobody calls
        script = ["Puppeteer", "p2", "no", "no", "none", "Saint", "no"]
        truth, asked_truth, s1 = run_action(game, seed, b_holds(["Saint", "General"]), list(script), ["Saint"])
        lie, asked_lie, s2 = run_action(game, seed, b_holds(["General", "General"]), list(script), ["General"])
        assert asked_truth == asked_lie
        assert views(truth, s1, (1, 2)) == views(lie, s2, (1, 2))
        assert any("says the borrowed card is Saint" in line for line in views(lie, s2, (2,))[2])


def test_over_many_games_the_questions_of_a_borrowing_do_not_tell_lies_from_truths(game) -> None:
    """The issue's measure, over random-agent games (they borrow often and say anything): the questions put to
    the borrower from the random pick up to its claim, and what each other seat sees meanwhile, grouped by
    whether the claim was true. The groups must be alike: one private naming question, no decision line."""
    from cardlang.runtime.events import seat_event
    by_truth: dict[bool, set] = {True: set(), False: set()}
    for seed in range(60):
        r = play_game(game, [make_agent(game, "random", seed + i) for i in range(4)], seed, log=True)
        log = r.state.log
        for i, e in enumerate(log):
            if e.kind != "Decided" or e.tag != "puppeteer_pick":
                continue
            claim = next(j for j in range(i, len(log)) if log[j].kind == "Decided" and log[j].tag == "puppeteer_claim")
            borrower = log[claim].player
            tags = tuple(x.tag for x in log[i + 1:claim + 1] if x.kind == "Decided" and x.player == borrower)
            seen = [seat_event(r.state, x, p) for p in range(4) if p != borrower for x in log[i + 1:claim + 1]]
            decided = tuple(x for x in seen if x is not None and x.kind == "Decided")
            by_truth[log[claim].picked[0] == e.picked[0]].add((tags, decided))
    assert by_truth[True] and by_truth[False], "the games had no truthful or no lying borrowing"
    assert by_truth[True] == by_truth[False] == {(("puppeteer_claim",), ())}
