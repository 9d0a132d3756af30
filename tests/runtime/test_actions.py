"""A decision as atomic actions (runtime/actions.py): every legal answer is reachable one action at a time and
nothing else is; identical visible cards are one action; a card its decider cannot see is keyed by position."""
import itertools

import pytest

from cardlang.compile.game import load_game
from cardlang.runtime.actions import STOP, apply_action, apply_key, legal_actions, legal_keys, seen_by
from cardlang.runtime.decisions import RandomAgent, View, check_answer
from cardlang.runtime.state import IllegalAction
from cardlang.runtime.stepping import Match


def answers_by_actions(state, d) -> set[tuple[int, ...]]:
    """Every answer reachable by atomic actions, as sorted option indices."""
    out, todo = set(), [()]
    while todo:
        picked = todo.pop()
        acts = legal_actions(state, d, picked)
        assert legal_keys(state, d, picked) == [a.key for a in acts]  # the search's way, by key alone
        for a in acts:
            now, done = apply_action(d, picked, a)
            assert apply_key(d, picked, a.key) == (now, done)
            if done:
                out.add(tuple(sorted(now)))
            else:
                todo.append(now)
    return out


def decisions(gid: str, n: int = 60):
    game = load_game(gid)
    outside = RandomAgent(2)
    with Match(game, [None, None], 3) as m:
        while (d := m.advance()) is not None and n:
            yield m.state, d
            m.answer(outside.decide(View(m.state, d.player), d))
            n -= 1


@pytest.mark.parametrize("gid", ["dominion", "warring-kingdom", "greedy-kingdoms", "fall-of-kingdoms"])
def test_actions_reach_legal_answers_and_only_those(gid: str) -> None:
    met = 0
    for state, d in decisions(gid):
        got = answers_by_actions(state, d)
        assert got, f"no answer reachable for {d.tag}"
        for picks in got:
            check_answer(d, list(picks))  # each is legal
        n = len(d.options)
        if n <= 8:  # and, up to the choice between identical visible cards, every legal answer is there
            for k in range(d.min, min(d.max, n) + 1):
                for combo in itertools.combinations(range(n), k):
                    assert any(_same(state, d, combo, g) for g in got), (d.tag, combo, got)
        met += 1
    assert met > 10


def _same(state, d, combo, got) -> bool:
    if len(combo) != len(got):
        return False
    if d.kind != "cards":
        return tuple(combo) == got
    def key(i):
        o = d.options[i]
        return ("card", d.labels[i]) if type(o) is not int or seen_by(state, o, d.player) else ("position", i)
    return sorted(map(key, combo)) == sorted(map(key, got))


def test_identical_visible_cards_are_one_action_and_hidden_ones_go_by_position() -> None:
    game = load_game("dominion")
    state = game.new_state(2, 1)
    from cardlang.runtime.state import Decision
    hand = state.zone(state.zone_slot["hand"], 0)
    deck = state.zone(state.zone_slot["deck"], 0)
    copper, estate = state.def_by_name["Copper"], state.def_by_name["Estate"]
    ids = [state.new_card(copper, hand), state.new_card(copper, hand), state.new_card(estate, hand),
           state.new_card(copper, deck)]
    d = Decision(0, "discard", "", "cards", ids, 0, 4, names=state.card_def)
    acts = legal_actions(state, d)
    assert [a.key for a in acts] == [("card", "Copper"), ("card", "Estate"), ("position", 3), ("stop",)]
    picked, done = apply_action(d, (), acts[0])
    assert picked == (0,) and not done
    acts = legal_actions(state, d, picked)
    assert ("card", "Copper") in [a.key for a in acts]  # the other Copper in hand
    picked, _ = apply_action(d, picked, acts[0])
    assert picked == (0, 1)
    assert [a.key for a in legal_actions(state, d, picked)] == [("card", "Estate"), ("position", 3), ("stop",)]
    assert "Copper" not in [a.label for a in legal_actions(state, d, picked) if a.key[0] == "position"]
    other = Decision(1, "look", "", "cards", ids, 1, 1, names=state.card_def)  # p2 sees none of p1's hand
    assert all(a.key[0] == "position" for a in legal_actions(state, other))
    assert STOP not in legal_actions(state, other)
    yesno = Decision(0, "may", "", "yesno", ["yes"], 0, 1, ["yes"])
    assert [apply_action(yesno, (), a) for a in legal_actions(state, yesno)] == [((0,), True), ((), True)]
    with pytest.raises(ValueError):
        apply_action(d, (0, 1), type(acts[0])(("card", "Gold"), "Gold"))
