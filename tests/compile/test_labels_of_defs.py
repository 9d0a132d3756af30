"""The pass `labels-of-defs` (compile/passes.py, compile/ir/emit_decisions.py `_of_defs`): a bot's decision of
cards put with the game's card definitions, its labels unmade, makes its table of the remaining options' names
from the definitions in the table's own loop, with no list of labels made first (state.option_labels); a
decision put with labels, or with a function making them, reads them as before. The same picks and games."""
from __future__ import annotations

import pytest

from cardlang.agents import make_agent
from cardlang.compile.game import load_game
from cardlang.runtime.engine import play_game

from onoff import assert_same_games, bot_source, without

OFF = without("labels-of-defs")


@pytest.fixture(scope="module")
def games():
    return load_game("greedy-kingdoms"), load_game("greedy-kingdoms", options=OFF)


def test_the_table_is_made_from_the_definitions(games):
    on, off = (bot_source(g, "reader", "bot reader: on defend_heroes") for g in games)
    assert "_first[_defs[_opts[_i]].name] = _i" in on and "del _first[_labels[_choice] if _defs is None" in on
    assert "_defs" not in off and "_first[_labels[_i]] = _i" in off


@pytest.mark.parametrize("names", [
    ["Thief", "Knight", "Priest", "Cook", "Bishop", "Hunter"],                 # no name twice
    ["Knight", "Knight", "Priest", "Knight", "Bishop", "Priest", "Cook"],      # Knight three times, Priest twice
])
def test_the_same_picks_from_definitions_labels_or_a_function(games, names):
    """The reader's three defending Heroes, asked directly of each compile's bot on one position: the options
    as cards with the definitions, as labels, and as labels made by a function; every answer the same."""
    answers = []
    for game in games:
        state = play_game(game, [make_agent(game, "reader", 1), make_agent(game, "needs", 2)], 5).state
        by_name = {d.name: d for d in state.card_def}
        defs = [by_name[n] for n in names]  # a list of definitions by card id: the options are its indices
        options = list(range(len(names)))
        for labels, made in ((None, defs), (names, None), (None, lambda opts: [names[i] for i in opts])):
            bot = make_agent(game, "reader", 7)
            answers.append(bot.decide_on(state, 0, "defend_heroes", "cards", options, 3, 3, labels, made))
    assert len(answers[0]) == 3 and all(a == answers[0] for a in answers)


def test_the_same_games_with_it_off(games):
    assert_same_games(*games, bots=("reader", "palace-rusher"), seeds=range(4))
