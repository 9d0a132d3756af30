"""`eliminate PLAYER`: behaviour, rules text, and the errors a card author can trigger."""
import pytest

from cardlang.primitives import CORE
from cardlang.runtime.decisions import RandomAgent
from cardlang.runtime.engine import play_out, setup_game
from cardlang.runtime.state import GameOver

from tiny_game import probe_span
from cardlang.runtime import events as E

# A player holding a card takes out the player to their left, then discards it; three turns each at most.
RULES = dict(turn="marks += 1; if count(hand) > 0 { eliminate left; move hand to discard; }",
             extra="end when turns >= 3; score marks;")


def agents(n: int) -> list:
    return [RandomAgent(i) for i in range(n)]


def test_an_eliminated_players_turns_are_skipped(tiny):
    g = tiny(**RULES)
    s = setup_game(g.game, agents(3), seed=1, log=True)
    g.put(s, "p1.hand", ["Coin"])
    result = play_out(g.game, s)
    assert s.out == [False, True, False]
    assert [(e.player, e.turn) for e in g.events(s, "Turn")] == [(0, 1), (2, 1), (0, 2), (2, 2), (0, 3)]
    assert result.turns == [3, 0, 2]
    assert result.winners == [0]


def test_an_eliminated_player_is_no_longer_among_players_or_others(tiny):
    g = tiny("eliminate left; marks += count(players) * 10 + count(others);")
    s = g.state(players=4)
    g.play(s)
    assert s.out == [False, True, False, False]
    assert g.marks(s) == 32


def test_an_eliminated_player_does_not_win_on_score(tiny):
    g = tiny(**RULES)
    s = setup_game(g.game, agents(3), seed=1, log=True)
    g.put(s, "p1.hand", ["Coin"])
    s.counters[g.game.spec.counters["marks"].slot][1] = 99  # p2 leads on score, but is out
    assert play_out(g.game, s).winners == [0]


def test_the_last_player_in_wins_at_once(tiny):
    g = tiny(**RULES)
    s = setup_game(g.game, agents(2), seed=1, log=True)
    g.put(s, "p1.hand", ["Coin"])
    result = play_out(g.game, s)
    assert result.winners == [0]
    assert result.turns == [1, 0]
    assert g.names(s, "p1.hand") == ["Coin"]  # the rest of the turn did not run


def test_the_last_player_in_wins_from_a_card_too(tiny):
    g = tiny("eliminate left; eliminate left; marks += 1;")
    s = g.state(players=3)
    with pytest.raises(GameOver):
        g.play(s)
    assert s.winners == [0] and s.out == [False, True, True] and g.marks(s) == 0


def test_the_log_names_the_player_who_is_out(tiny):
    g = tiny("eliminate left;")
    s = g.state(players=3)
    g.play(s)
    assert s.out == [False, True, False]
    assert g.events(s, "Eliminated") == [E.Eliminated(1)]


def test_a_player_eliminated_in_set_up_never_takes_a_turn(tiny):
    g = tiny(setup="eliminate you;", **RULES)
    result = play_out(g.game, setup_game(g.game, agents(3), seed=1, log=True))
    assert all(e.player != 0 for e in g.events(result.state, "Turn"))
    assert result.turns[0] == 0


def test_rules_text() -> None:
    eliminate = CORE.get("eliminate")
    assert eliminate.describe({"who": "you"}) == "You are out of the game."
    assert eliminate.describe({"who": "the attacker"}) == "the attacker is out of the game."


def test_rules_text_on_a_card(tiny):
    assert tiny("eliminate you;").text() == ["You are out of the game."]


def test_wrong_type(tiny):
    body = "eliminate hand;"
    e = tiny.error(body)
    assert (e.message, e.span, e.hint) == ("expected a player, found a zone", probe_span(body, "hand"), None)


def test_missing_argument(tiny):
    body = "eliminate;"
    e = tiny.error(body)
    assert (e.message, e.span, e.hint) == ("'eliminate' needs its 'who' argument (player)", probe_span(body, body),
                                           "for example: eliminate p;")


def test_too_many_arguments(tiny):
    body = "eliminate you you;"
    e = tiny.error(body)
    assert (e.message, e.span, e.hint) == ("'eliminate' takes at most 1 argument(s), got 2",
                                           probe_span(body, "you", nth=1), "for example: eliminate p;")
