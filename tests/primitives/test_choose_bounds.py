"""`choose N from`, `choose up to N from`, `choose exactly`: how many cards a decision asks for, whatever N is
(written, computed, negative, more than there are), and the prompt it shows."""
from cardlang.runtime.decisions import ScriptedAgent


def asked(tiny, body: str, marks: int = 0) -> list[tuple]:
    """(min, max, prompt) of each decision the probe puts to p1, whose hand holds three cards."""
    g = tiny(body)
    s = g.state()
    g.put(s, "p1.hand", ["Coin", "Gem", "Land"])
    s.counters[g.game.spec.counters["marks"].slot][0] = marks
    seen: list[tuple] = []
    script: list = []
    for _ in range(body.count("choose")):
        script += [lambda d: seen.append((d.min, d.max, d.prompt)), "none" if "up to" in body else "Coin"]
    s.agents = [ScriptedAgent(script), ScriptedAgent([])]
    g.play(s)
    return seen


def test_written_and_computed_counts_are_bounded_by_the_options(tiny) -> None:
    assert asked(tiny, 'let a = choose up to 2 from hand as pick prompt "Pick";') == [(0, 2, "Pick")]
    assert asked(tiny, "let a = choose up to 9 from hand;") == [(0, 3, "choose")]
    assert asked(tiny, "let a = choose up to marks from hand as grab;", marks=2) == [(0, 2, "grab")]
    assert asked(tiny, "let a = choose up to marks - 5 from hand;", marks=2) == []   # up to 0: not asked


def test_a_pick_of_exactly_n_asks_for_n(tiny) -> None:
    assert asked(tiny, "let a = choose 1 from hand;") == [(1, 1, "choose")]
    assert asked(tiny, 'let a = choose marks from hand as take prompt "Take {marks}";', marks=1) == \
        [(1, 1, "Take 1")]
