"""Look-alike options fold into one line at a prompt ("Copper x3  [cost 0]"): the numbers a person sees are the
numbers they answer with (keyboard or --input file), a folded line may be named up to its count times and
picks the next of its cards each time, `?N` reads line N, and cards one visible thing apart stay apart."""
from __future__ import annotations

from cardlang.cli.human import HumanAgent, folded_options, option_texts
from cardlang.compile.game import load_game
from cardlang.runtime.decisions import View
from cardlang.runtime.state import Decision


def _state(gid: str):
    from cardlang.runtime import engine
    from cardlang.runtime.decisions import RandomAgent
    g = load_game(gid)
    state = g.new_state(2, 1)
    engine.setup_into(g, state, [RandomAgent(i) for i in range(2)])
    return g, state


def _choice(state, zone: str, most: int) -> Decision:
    cards = list(state.zones[state.zone_slot[zone]][0].cards)
    return Decision(0, "pick", "Discard any number of cards", "cards", cards, 0, most,
                    [state.card_def[c].name for c in cards])


def _ask(g, state, d: Decision, *answers: str) -> tuple[list[int], str]:
    import io
    from contextlib import redirect_stdout
    agent = HumanAgent(g)
    agent.answers = iter(answers)
    out = io.StringIO()
    with redirect_stdout(out):
        picks = agent.decide(View(state, 0), d)
    return picks, out.getvalue()


def test_look_alike_cards_are_one_line_and_the_numbers_shown_are_the_answers() -> None:
    g, state = _state("dominion")
    d = _choice(state, "deck", 5)
    coppers = [i for i, c in enumerate(d.options) if state.card_def[c].name == "Copper"]
    estates = [i for i, c in enumerate(d.options) if state.card_def[c].name == "Estate"]
    lines = folded_options(state, d, g)
    assert len(coppers) > 1 and len(estates) > 1  # seed 1: the deck holds both, several of each
    assert sorted(text for text, _ in lines) == [f"Copper x{len(coppers)}  [cost 0]",
                                                 f"Estate x{len(estates)}  [cost 2]"]
    assert sorted(i for _, members in lines for i in members) == list(range(len(d.options)))
    copper_line = 1 + next(n for n, (t, _) in enumerate(lines) if t.startswith("Copper"))
    # "N N" picks two of line N's cards, in order; naming a line more often than it has cards is asked again
    picks, out = _ask(g, state, d, " ".join([str(copper_line)] * 9), f"{copper_line} {copper_line}")
    assert picks == coppers[:2]
    assert f"line {copper_line} has {len(coppers)} cards: name it at most {len(coppers)} times" in out
    assert '"1 1" picks two of line 1' in out
    assert f"Copper x{len(coppers)}" in out and "1st in" not in out
    # unfolded (what `replay` lists, whose answers name the options themselves) every option keeps its place
    assert option_texts(state, d, g)[coppers[1]].startswith("Copper  [2nd in")


def test_the_card_reader_reads_the_line_shown() -> None:
    g, state = _state("dominion")
    d = _choice(state, "deck", 1)
    lines = folded_options(state, d, g)
    last = len(lines)
    _, out = _ask(g, state, d, f"?{last}", "1")
    assert lines[-1][0].split(" x")[0] in out.split("?N reads card N): ")[1]
    _, out = _ask(g, state, d, f"?{last + 1}", "1")
    assert "?N: the text of option N" in out  # a number past the lines shown reads nothing


def test_cards_a_counter_apart_are_not_folded() -> None:
    g, state = _state("warring-kingdom")
    zone = next(z for row in state.zones for z in row
                if len({state.card_def[c].name for c in z.cards}) < len(z.cards) and z.cells is None)
    d = Decision(0, "pick", "Pick one", "cards", list(zone.cards), 1, 1,
                 [state.card_def[c].name for c in zone.cards])
    before = len(folded_options(state, d, g))
    assert before < len(d.options)
    twin = next(c for c in zone.cards if sum(state.card_def[x].name == state.card_def[c].name
                                               for x in zone.cards) > 1)
    spec = next(c for c in state.counter_specs if c.per_card)
    state.card_counters[spec.name][twin] = spec.start + 1
    lines = folded_options(state, d, g)
    assert len(lines) == before + 1
    name = state.card_def[twin].name
    apart = [t for t, members in lines if t.startswith(name)]
    assert any("1st in" in t for t in apart) and any("2nd in" in t for t in apart)
    # the answer still names one card: the line of the changed card picks exactly it
    n = next(i for i, (_, members) in enumerate(lines, 1) if d.options.index(twin) in members
             and len(members) == 1)
    picks, _ = _ask(g, state, d, str(n))
    assert picks == [d.options.index(twin)]
