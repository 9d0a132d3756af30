"""At one terminal shared by several people, a secret or private question is handed over (the screen cleared,
Enter pressed by its player) whether or not there is anything to pick: who is handed the screen must not
tell what a hand holds (a reaction window asks every attacked player, Moat or not)."""
from __future__ import annotations

from cardlang.cli.human import HumanAgent
from cardlang.runtime.state import Decision


def test_a_private_question_with_nothing_to_pick_is_handed_over_all_the_same(capsys) -> None:
    agent = HumanAgent(None)
    agent.shared_screen = True
    agent.answers = iter(["", ""])           # Enter to take the screen, Enter to hand it back
    d = Decision(1, "react", "Reveal a Reaction card?", "cards", [], 0, 1, [], private=True)
    assert agent.decide(None, d) == []
    out = capsys.readouterr().out
    assert "Pass to the other player (p2)" in out
    assert "Press Enter to hand the screen back" in out
    assert next(agent.answers, None) is None  # both Enters were read: the same two steps as a real answer


def test_alone_at_the_screen_nothing_is_handed_over(capsys) -> None:
    agent = HumanAgent(None)
    agent.answers = iter([])
    d = Decision(1, "react", "Reveal a Reaction card?", "cards", [], 0, 1, [], private=True)
    assert agent.decide(None, d) == []
    assert "Pass to" not in capsys.readouterr().out
