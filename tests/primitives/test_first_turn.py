"""`first_turn PLAYER`: behaviour, rules text, and the errors a card author can trigger."""
import pytest

from cardlang.errors import RuleViolation
from cardlang.primitives import CORE
from cardlang.runtime.decisions import RandomAgent
from cardlang.runtime.engine import play_game, play_out, setup_game
from cardlang.runtime.events import event_dict, render_event
from cardlang.runtime import events as E

END = "end when turns >= 2; score marks;"


def agents(n: int) -> list:
    return [RandomAgent(i) for i in range(n)]


def test_the_turns_start_at_the_chosen_seat_and_go_on_in_seat_order(tiny):
    g = tiny(setup="first_turn left.left;", turn="marks += 1;", extra=END)
    s = setup_game(g.game, agents(3), seed=1, log=True)
    assert s.current == 2
    play_out(g.game, s)
    assert [e.player for e in g.events(s, "Turn")] == [2, 0, 1, 2]   # p3 first; p3 reaches 2 turns first
    (ev,) = g.events(s, "FirstTurn")
    assert render_event(s, ev) == "p3 takes the first turn"
    assert event_dict(ev) == {"event": "FirstTurn", "player": 2}


def test_a_random_first_player_comes_from_the_games_seeded_rng_and_is_logged(tiny):
    g = tiny(setup="first_turn choose 1 from players by chance as first_player;", turn="marks += 1;", extra=END)
    firsts = set()
    for seed in range(1, 13):
        one = play_game(g.game, agents(4), seed, log=True)
        two = play_game(g.game, agents(4), seed, log=True)
        assert one.state.log == two.state.log                 # the same seed, the same first player
        (ev,) = [e for e in one.state.log if e.kind == "FirstTurn"]
        firsts.add(ev.player)
        assert [e for e in one.state.log if e.kind == "Turn"][0].player == ev.player
        assert E.Decided(-1, "first_player", (f"p{ev.player + 1}",), "asked") in one.state.log
    assert firsts == {0, 1, 2, 3}                              # every seat can start


def test_after_set_up_it_is_a_rule_violation(tiny):
    g = tiny(turn="first_turn left;", extra=END)
    s = setup_game(g.game, agents(2), seed=1)
    with pytest.raises(RuleViolation, match="the first turn is chosen in set-up"):
        play_out(g.game, s)


def test_rules_text() -> None:
    d = CORE.get("first_turn").describe
    assert d({"who": "you"}) == "You take the first turn."
    assert d({"who": "the chosen player"}) == "the chosen player takes the first turn."
