"""`win PLAYER`: behaviour, rules text, and the errors a card author can trigger."""
import pytest

from cardlang.primitives import CORE
from cardlang.runtime.decisions import RandomAgent
from cardlang.runtime.engine import play_game
from cardlang.runtime.state import GameOver

from tiny_game import probe_span
from cardlang.runtime import events as E


def agents(n: int) -> list:
    return [RandomAgent(i) for i in range(n)]


def test_ends_the_game_at_once_with_that_winner(tiny):
    g = tiny("win left; marks += 1;")
    s = g.state(players=3)
    with pytest.raises(GameOver):
        g.play(s)
    assert s.winners == [1]
    assert g.marks(s) == 0  # nothing after `win` runs


def test_in_the_turn_rules_the_engine_stops_and_ignores_scores(tiny):
    g = tiny(turn="if turns == 2 and you == current { win you; } marks += 1;",
             extra="score 10 - marks;")
    result = play_game(g.game, agents(3), seed=1, log=True)
    assert result.winners == [0]
    assert result.turns == [2, 1, 1]  # p1 won at the start of its second turn
    assert result.scores == [9, 9, 9]
    assert result.state.log[-1] == E.GameEnded((0,), (9, 9, 9))


def test_rules_text() -> None:
    win = CORE.get("win")
    assert win.describe({"who": "you"}) == "You win the game."
    assert win.describe({"who": "the attacker"}) == "the attacker wins the game."


def test_rules_text_on_a_card(tiny):
    assert tiny("win you;").text() == ["You win the game."]


def test_wrong_type(tiny):
    body = "win 3;"
    e = tiny.error(body)
    assert (e.message, e.span, e.hint) == ("expected a player, found a number", probe_span(body, "3"), None)


def test_missing_argument(tiny):
    body = "win;"
    e = tiny.error(body)
    assert (e.message, e.span, e.hint) == ("'win' needs its 'who' argument (player)", probe_span(body, body),
                                           "for example: win you;")


def test_too_many_arguments(tiny):
    body = "win you you;"
    e = tiny.error(body)
    assert (e.message, e.span, e.hint) == ("'win' takes at most 1 argument(s), got 2", probe_span(body, "you", nth=1),
                                           "for example: win you;")
