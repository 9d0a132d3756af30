"""The pass `labels-kept` (compile/passes.py, compile/ir/emit_decisions.py `_bot_decide`): a bot's decision of
several picks by name makes its table of the remaining options' labels once and takes each picked label out,
not again at every pick; with a label offered twice it makes the table again, as before. The same picks."""
from __future__ import annotations

import pytest

from cardlang.agents import make_agent
from cardlang.compile.game import load_game
from cardlang.runtime.engine import play_game

from onoff import assert_same_games, bot_source, without

OFF = without("labels-kept")


@pytest.fixture(scope="module")
def games():
    return load_game("greedy-kingdoms"), load_game("greedy-kingdoms", options=OFF)


def test_the_table_is_kept_between_picks(games):
    on, off = (bot_source(g, "reader", "bot reader: on defend_heroes") for g in games)
    assert "del _first[_labels[_choice]" in on and "_first = None" in on
    assert "del _first" not in off and on.count("_first = {}") == off.count("_first = {}") == 1


@pytest.mark.parametrize("labels", [
    ["Thief", "Knight", "Priest", "Cook", "Bishop", "Hunter"],                 # no label twice
    ["Knight", "Knight", "Priest", "Knight", "Bishop", "Priest", "Cook"],      # Knight three times, Priest twice
])
def test_the_same_picks_with_labels_once_or_twice(games, labels):
    """The reader's three defending Heroes, asked directly of each compile's bot on one position."""
    answers = []
    for game in games:
        state = play_game(game, [make_agent(game, "reader", 1), make_agent(game, "needs", 2)], 5).state
        bot = make_agent(game, "reader", 7)
        options = list(range(len(labels)))
        answers.append(bot.decide_on(state, 0, "defend_heroes", "cards", options, 3, 3, labels, None))
    assert len(answers[0]) == 3 and answers[0] == answers[1]


def test_the_same_games_with_it_off(games):
    assert_same_games(*games, bots=("reader", "palace-rusher"), seeds=range(4))
