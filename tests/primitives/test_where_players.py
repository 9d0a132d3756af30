"""`PLAYERS where COND`: the players for whom COND holds, each named `player` (as `card` is for cards)."""


def test_filters_players_in_order(tiny):
    g = tiny("for p in others where player.marks > 0 { marks += 1; p.marks += 10; }")
    s = g.state(players=4)
    for p, m in ((1, 1), (3, 2)):
        s.counters[g.game.spec.counters["marks"].slot][p] = m
    g.play(s)
    assert [g.marks(s, i) for i in (1, 2, 3, 4)] == [2, 11, 0, 12]


def test_choose_among_the_filtered_players_and_count_them(tiny):
    from cardlang.runtime.decisions import ScriptedAgent
    g = tiny("marks += count(players where player != left); let t = choose 1 from others where player != left "
             "as aim; t.marks += 5;")
    s = g.state(players=3)
    s.agents = [ScriptedAgent(["p3"])] * 3
    g.play(s)
    assert [g.marks(s, i) for i in (1, 2, 3)] == [2, 0, 5]
