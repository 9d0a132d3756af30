"""The table's pieces: zone options `quiet` and `table ...` decide what a seat is shown; colour only on a
terminal without NO_COLOR or --plain; a claim's outcome is said; costs are printed from `cost` properties."""
from __future__ import annotations

from pathlib import Path

import pytest

from cardlang.compile.game import load_game
from cardlang.runtime import events as E


def _state(gid: str, players: int = 2, seed: int = 1):
    from cardlang.runtime import engine
    from cardlang.runtime.decisions import RandomAgent
    g = load_game(gid)
    state = g.new_state(players, seed)
    engine.setup_into(g, state, [RandomAgent(i) for i in range(players)])
    return g, state


def test_default_table_shows_your_hand_by_name_and_others_as_counts() -> None:
    from cardlang.table.screen import status
    g, state = _state("dominion")
    lines = status(g, state, 0)
    hand = [state.card_def[c].name for c in state.zones[state.zone_slot["hand"]][0].cards]
    assert lines[0].startswith("p1 (you): VP 3, actions")  # the running score the game names, then counters
    assert f"  hand: {', '.join(hand)}" in lines
    p2 = lines.index(next(x for x in lines if x.startswith("p2:")))
    assert "hand 5 cards" in lines[p2 + 1]
    assert any(x.startswith("  Copper (0) x46") for x in lines)  # the supply, with costs and counts


def test_quiet_zones_and_table_options_change_what_is_shown(tmp_path: Path) -> None:
    from cardlang.compile.spec import _zone_spec
    from cardlang.errors import CardCompileError
    from cardlang.syntax.parser import parse
    src = ('game g { zone a: per player, owner, quiet; zone b: shared, public, table count; '
           'zone c: shared, hidden, table none; zone d: shared, table sideways; }')
    decl = parse(src, "g.cl").decls[0]
    a, b, c, d = decl.zones
    assert _zone_spec(a).quiet and _zone_spec(b).table == "count" and _zone_spec(c).table == "none"
    g, state = _state("greedy-kingdoms")
    from cardlang.table.screen import zone_text
    market = state.zones[state.zone_slot["market"]][0]
    assert g.spec.zones["market"].table == "prices"
    first = state.card_def[market.cards[0]]
    assert zone_text(state, market, True).startswith(f"Upgrade Market: {first.name} (")
    with pytest.raises(CardCompileError, match="unknown zone option 'table sideways'"):
        _zone_spec(d)


def test_a_quiet_zone_is_never_drawn_nor_told() -> None:
    from cardlang.table.screen import status
    g, state = _state("warring-kingdom")
    assert g.spec.zones["reverse"].quiet
    text = "\n".join(status(g, state, 0))
    assert "Aged Castle" not in text and "reverse" not in text
    assert "p2's board (facing)" in text and "p1's board" in text  # both boards, facing each other


def test_colour_only_on_a_terminal_without_no_color(monkeypatch) -> None:
    from cardlang.table.style import Style, wants_colour

    class Tty:
        def isatty(self) -> bool:
            return True
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert wants_colour(False, Tty()) and not wants_colour(True, Tty())
    monkeypatch.setenv("NO_COLOR", "1")
    assert not wants_colour(False, Tty())
    g = load_game("dominion")
    assert "\x1b[" in Style(g, True).line("p1 plays Copper")
    assert Style(g, False).line("p1 plays Copper") == "p1 plays Copper"


def test_a_caught_bluff_is_said_in_one_line() -> None:
    from cardlang.table.words import Narrator
    g, state = _state("fall-of-kingdoms", 3)
    n = Narrator(g, state, 0)
    n.out_turn(2, 1)
    for e in (E.Claimed(2, "Assassin"), E.Challenged(0, 2, "Assassin"), E.Settled(2, "Assassin", 0, "caught")):
        n.feed(e)
    lines = n.flush()
    assert "p3 claims Assassin; p1 calls it; p3 was bluffing" in lines
    n.feed(E.Claimed(1, "Saint"))
    n.feed(E.Settled(1, "Saint", None, "stands"))
    assert "p2 claims Saint; nobody calls it" in n.flush()


def test_prices_come_from_cost_properties() -> None:
    from cardlang.table.screen import price
    g, state = _state("greedy-kingdoms")
    assert price(state, state.def_by_name["Bandit"]) == "1 Honor"    # cost_honor 1, named by `called "Honor"`
    g, state = _state("dominion")
    assert price(state, state.def_by_name["Smithy"]) == "4"


def test_a_quiet_verb_is_rules_text_only() -> None:
    """`verb pay() quiet "collect ..."`: its template is the rules reference's sentence, but the table does
    not tell it (phase and bookkeeping verbs would otherwise narrate every turn twice)."""
    from cardlang.render.build import rules_reference
    from cardlang.table.words import Narrator
    g, state = _state("warring-kingdom")
    assert g.spec.verbs["pay"].quiet and not g.spec.verbs["buy"].quiet
    n = Narrator(g, state, 0)
    assert n.they_template("pay") is None and n.they_template("buy") == "buys {c}"
    pay = {s.title: s.lines for s in rules_reference(g).sections}["Pay phase"]
    assert pay[0].startswith("Collect the Worth of your Castle")


def test_an_ability_is_one_event_for_the_log_the_lab_and_the_table() -> None:
    """The engine's `Triggered` starts an ability for everyone (log, statistics, table); a listener that asks
    for the game's acts (the table) gets the `AbilityDone` that closes it too, one for each, properly nested;
    a modifier being read has neither, and a listener that does not ask gets no AbilityDone."""
    from cardlang.runtime import engine
    from cardlang.runtime.decisions import RandomAgent
    g = load_game("warring-kingdom")  # abilities, watchers and continuous modifiers
    state = g.new_state(2, 3)
    seen: list[tuple] = []
    state.listen(seen.append, acts=True)
    engine.setup_into(g, state, [RandomAgent(1), RandomAgent(2)])
    engine.play_out(g, state, max_turns=30)
    kinds = [e.kind for e in seen]
    assert "Ability" not in kinds and kinds.count("Triggered") > 0
    open_ = 0
    for k in kinds:
        open_ += (k == "Triggered") - (k == "AbilityDone")
        assert open_ >= 0, "an AbilityDone with no Triggered before it"
    assert open_ == 0 and kinds.count("Triggered") == kinds.count("AbilityDone")
    plain = g.new_state(2, 3)  # the same game, watched by a listener that does not ask for the acts
    heard: list = []
    plain.listen(heard.append)
    engine.setup_into(g, plain, [RandomAgent(1), RandomAgent(2)])
    engine.play_out(g, plain, max_turns=30)
    assert [e for e in heard if e.kind in ("AbilityDone", "Acted", "Done")] == []
    assert [e for e in heard if e.kind == "Triggered"] == [e for e in seen if e.kind == "Triggered"]
