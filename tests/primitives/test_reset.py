"""Per-card counters (`counter NAME: per card`): read and written as `c.NAME`, bounded, logged, kept by the
card wherever it goes; `reset NAME;` puts the counter back to its start on every card."""
import pytest

from cardlang.errors import RuleViolation
from cardlang.primitives import CORE

from field_game import field, field_errors
from cardlang.runtime import events as E


def test_a_card_counter_is_read_written_and_logged(tmp_path, monkeypatch) -> None:
    g = field(tmp_path, monkeypatch, probe="let k = card_at(board, 1, 1); k.hurt += 4; k.hurt -= 1; "
                                            "if k.hurt >= k.hp - 2 { tally += k.hurt; }")
    s = g.state()
    k = g.put(s, "p1.board", "Knight", (1, 1))
    g.run(s)
    assert s.card_counters == {"hurt": {k: 3}, "marks": {}}  # one table per counter
    assert s.counters[g.game.spec.counters["tally"].slot][0] == 3
    assert g.events(s, "CardCounter") == [E.CardCounter(k, "Knight", "hurt", 0, 4),
                                          E.CardCounter(k, "Knight", "hurt", 4, 3)]


def test_the_value_stays_with_the_card_when_it_moves(tmp_path, monkeypatch) -> None:
    g = field(tmp_path, monkeypatch, probe="let k = card_at(board, 1, 1); k.hurt += 2; move k to discard; "
                                            "tally += count(discard where card.hurt == 2);")
    s = g.state()
    g.put(s, "p1.board", "Knight", (1, 1))
    g.run(s)
    assert s.counters[g.game.spec.counters["tally"].slot][0] == 1


def test_bounds(tmp_path, monkeypatch) -> None:
    g = field(tmp_path, monkeypatch, probe="let k = card_at(board, 1, 1); k.marks += 9;")
    s = g.state()
    k = g.put(s, "p1.board", "Knight", (1, 1))
    g.run(s)
    assert s.card_counters["marks"][k] == 3          # max 3: the rest is lost
    g = field(tmp_path, monkeypatch, probe="let k = card_at(board, 1, 1); k.hurt -= 1;")
    s = g.state()
    g.put(s, "p1.board", "Knight", (1, 1))
    with pytest.raises(RuleViolation, match="hurt of Knight cannot go below 0"):
        g.run(s)


def test_reset_clears_every_card(tmp_path, monkeypatch) -> None:
    g = field(tmp_path, monkeypatch, probe="for u in board { u.hurt += 2; u.marks += 1; } reset hurt;")
    s = g.state()
    a = g.put(s, "p1.board", "Knight", (1, 1))
    b = g.put(s, "p1.board", "Squire", (2, 1))
    g.run(s)
    assert s.card_counters == {"hurt": {}, "marks": {a: 1, b: 1}}


def test_a_bare_card_counter_name_is_an_error(tmp_path, monkeypatch) -> None:
    errs = field_errors(tmp_path, monkeypatch, probe="tally += hurt;")
    assert errs[0].message == "'hurt' is a counter of each card"
    assert errs[0].hint == "write CARD.hurt, e.g. this.hurt"
    errs = field_errors(tmp_path, monkeypatch, probe="hurt += 1;")
    assert errs[0].message == "'hurt' is a counter of each card"


def test_rules_text() -> None:
    assert CORE.get("reset").describe({"counter": "damage"}) == "Every card's damage goes back to 0."


@pytest.mark.parametrize("log", [True, False])
def test_changes_and_reset_are_the_same_whether_watched_or_not(tmp_path, monkeypatch, log) -> None:
    # Nobody watching, a change within the bounds and `reset` skip set_card_counter: the same values result.
    g, s, k, j = _two_on_the_board(tmp_path, monkeypatch, log, "Knight",
                                   "let k = card_at(board, 1, 1); k.marks += 2; k.marks += 9; "
                                   "k.hurt = 2; k.hurt -= 2; let j = card_at(board, 2, 1); j.hurt += 1; "
                                   "reset marks; tally = k.marks + 10 * j.hurt;")
    assert s.card_counters == {"hurt": {j: 1}, "marks": {}}  # marks back to 0, hurt 0 on k: nothing kept
    assert s.counters[g.game.spec.counters["tally"].slot][0] == 10
    assert k != j


def _two_on_the_board(tmp_path, monkeypatch, log: bool, second: str, probe: str):
    """The probe run by p1 with a Knight at (1, 1) and SECOND at (2, 1) on its board, watched (LOG) or not."""
    g = field(tmp_path, monkeypatch, probe=probe)
    s = g.game.new_state(2, 1, log=log)
    k = g.put(s, "p1.board", "Knight", (1, 1))
    j = g.put(s, "p1.board", second, (2, 1))
    g.run(s)
    return g, s, k, j


def test_a_counter_or_property_of_a_name_holding_cards_is_its_first_cards(tmp_path, monkeypatch) -> None:
    # `k.hurt` / `k.hp` of a name holding cards read the first card in place; holding none, they are an error
    g = field(tmp_path, monkeypatch, probe="let k = board where card is Unit; k.hurt += 2; "
                                            "tally = k.hurt * 100 + k.hp + count(k);")
    s = g.state()
    g.put(s, "p1.board", "Knight", (2, 1))
    g.put(s, "p1.board", "Squire", (1, 1))
    g.run(s)
    assert s.counters[g.game.spec.counters["tally"].slot][0] == 200 + 5 + 2   # the Knight, first on the board
    g = field(tmp_path, monkeypatch, probe="let k = board where card is Unit; tally = k.hp;")
    s = g.state()
    with pytest.raises(RuleViolation, match="no card to read 'hp' from"):
        g.run(s)
    g = field(tmp_path, monkeypatch, probe="let k = board where card is Unit; tally = k.hurt;")
    s = g.state()
    with pytest.raises(RuleViolation, match="no card to read 'hurt' from"):
        g.run(s)


def test_a_filter_by_a_card_counter_equal_to_a_value(tmp_path, monkeypatch) -> None:
    # `where card.C == X` first asks whether any card holds X (compile/shortcuts.py): none, and no card passes;
    # X at the start value (cards with no entry) and `and`s go through the loop as before
    probe = ("for u in board where card is Unit { u.marks += 1; } let n = 2; "
             "tally += count(board where card.marks == n) + 10 * count(board where card.marks == 1) "
             "+ 100 * count(board where card is Unit and card.marks == 0) + 1000 * count(board where card.marks == n - 2) "
             "+ 10000 * count(board where card.marks == 1 and card is Unit); "
             "for u in board where card.marks == 3 { tally += 1; }")
    g = field(tmp_path, monkeypatch, probe=probe)
    s = g.state()
    g.put(s, "p1.board", "Knight", (1, 1))
    g.put(s, "p1.board", "Squire", (2, 1))
    g.put(s, "p1.board", "Blade", (3, 1))
    g.run(s)
    assert s.counters[g.game.spec.counters["tally"].slot][0] == 20 + 1000 + 20000


@pytest.mark.parametrize("log", [True, False])
def test_a_change_of_one_card_in_place_and_of_several(tmp_path, monkeypatch, log) -> None:
    # One card, nobody watching: the change is made in the generated code itself (compile/statements.py);
    # several cards, a value out of the bounds or a watched game: the change's own function. The same values.
    g, s, k, j = _two_on_the_board(tmp_path, monkeypatch, log, "Squire",
                                   "let us = board where card is Unit; us.marks = 2; let k = card_at(board, 1, 1); "
                                   "k.marks = 5; k.hurt = 3; k.hurt -= 1; us.hurt += 1; k.hurt += 0; "
                                   "let j = card_at(board, 2, 1); j.marks = 0; j.hurt -= 1; "
                                   "tally = k.marks * 100 + k.hurt * 10 + j.marks + count(us);")
    assert s.card_counters == {"hurt": {k: 3}, "marks": {k: 3}}  # marks clamped at 3; j back at 0: no entry
    assert s.counters[g.game.spec.counters["tally"].slot][0] == 300 + 30 + 0 + 2


def test_a_loop_over_a_filter_by_a_card_counter(tmp_path, monkeypatch) -> None:
    # `for u in ZONE where card.C == X`: the caller asks first whether a card holds X (no call when none does);
    # the loop goes over the filter's own list, so moving its cards out of the zone skips none of them
    probe = ("for u in board where card is Unit { u.marks += 1; } for u in board where card.marks == 2 { tally += 100; } "
             "for u in board where card.marks == 1 { move u to discard; tally += 1; } tally += 10 * count(board);")
    g = field(tmp_path, monkeypatch, probe=probe)
    s = g.state()
    for i, name in enumerate(("Knight", "Squire", "Knight")):
        g.put(s, "p1.board", name, (i + 1, 1))
    g.run(s)
    assert s.counters[g.game.spec.counters["tally"].slot][0] == 3
    assert g.names(s, "p1.discard") == ["Knight", "Squire", "Knight"]
