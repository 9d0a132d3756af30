from cardlang.agents import make_agent
from cardlang.compile.game import load_game
from cardlang.runtime.actions import apply_action, legal_actions
from cardlang.runtime.stepping import Match

game = load_game("dominion")
with Match(game, [None, make_agent(game, "big-money", 2)], seed=7) as m:
    d = m.advance()                                  # p1's first question
    print(d.tag, d.prompt, "->", [a.label for a in legal_actions(m.state, d)])
    point = m.checkpoint()                           # this position, to play again later
    picked, done = apply_action(d, (), legal_actions(m.state, d)[0])
    m.answer(list(picked))
    while (d := m.advance()) is not None:            # then always the first legal action
        picked, done = (), False
        while not done:
            picked, done = apply_action(d, picked, legal_actions(m.state, d, picked)[0])
        m.answer(list(picked))
    print("winners", m.result.winners, "scores", m.result.scores, "turns", m.result.turns)
again = Match.resume(game, point, [None, make_agent(game, "big-money", 2)])
print("resumed at", again.advance().tag, "after", point.turn_number, "turns")
again.close()
