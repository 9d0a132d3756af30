"""Grid zones and `place`: one card a slot, the first open slot for `move`, a chosen slot for `place`, swaps
on the same grid, and the grid functions card_at, column, row, adjacent, nearest, open_slots, slots."""
import pytest

from cardlang.errors import RuleViolation
from cardlang.primitives import CORE
from cardlang.runtime.decisions import ScriptedAgent

from field_game import field, field_errors


def test_move_into_a_grid_takes_the_first_open_slot_in_reading_order(tmp_path, monkeypatch) -> None:
    g = field(tmp_path, monkeypatch, probe="move hand to board;")
    s = g.state()
    for _ in range(4):
        g.put(s, "p1.hand", "Squire")
    g.run(s)
    assert set(g.at(s, "p1.board")) == {(1, 1), (2, 1), (3, 1), (1, 2)}


def test_place_at_column_and_row_and_the_log_names_the_slot(tmp_path, monkeypatch) -> None:
    g = field(tmp_path, monkeypatch, probe="place hand to board column=3 row=2;")
    s = g.state()
    g.put(s, "p1.hand", "Knight")
    g.run(s)
    assert g.at(s, "p1.board") == {(3, 2): "Knight"}
    assert (g.events(s, "Moved")[-1].src, g.events(s, "Moved")[-1].dst) == ("p1.hand", "p1.board@3,2")


def test_place_without_a_slot_asks_the_owner_of_the_board(tmp_path, monkeypatch) -> None:
    g = field(tmp_path, monkeypatch, probe="place hand to right.board;")
    s = g.state()
    g.put(s, "p1.hand", "Knight")
    g.put(s, "p2.board", "Squire", (1, 1))
    script = ["column 2, row 2"]
    s.agents = [ScriptedAgent(script), ScriptedAgent(script)]
    g.run(s)
    assert g.at(s, "p2.board") == {(1, 1): "Squire", (2, 2): "Knight"}
    decided = g.events(s, "Decided")[-1]
    assert decided.player == 1 and decided.tag == "place"      # p2 owns the board, so p2 picks


def test_a_chosen_slot_from_open_slots(tmp_path, monkeypatch) -> None:
    g = field(tmp_path, monkeypatch, probe=(
        "let s = choose 1 from open_slots(board) where slot.row == 2 and slot.column > 1 as spot; "
        "place hand to board slot=s;"))
    s = g.state()
    g.put(s, "p1.hand", "Knight")
    script = ["column 3, row 2"]
    s.agents = [ScriptedAgent(script), ScriptedAgent(script)]
    g.run(s)
    assert g.at(s, "p1.board") == {(3, 2): "Knight"}


def test_placing_onto_a_taken_slot_of_the_same_grid_swaps(tmp_path, monkeypatch) -> None:
    g = field(tmp_path, monkeypatch, probe="place card_at(board, 1, 1) to board column=2 row=1;")
    s = g.state()
    g.put(s, "p1.board", "Knight", (1, 1))
    g.put(s, "p1.board", "Squire", (2, 1))
    g.run(s)
    assert g.at(s, "p1.board") == {(2, 1): "Knight", (1, 1): "Squire"}


def test_a_taken_slot_of_another_zone_or_a_full_grid_is_a_rule_violation(tmp_path, monkeypatch) -> None:
    g = field(tmp_path, monkeypatch, probe="place hand to board column=1 row=1;")
    s = g.state()
    g.put(s, "p1.hand", "Knight")
    g.put(s, "p1.board", "Squire", (1, 1))
    with pytest.raises(RuleViolation, match="p1.board@1,1 is taken by Squire"):
        g.run(s)
    g = field(tmp_path, monkeypatch, probe="move hand to board;")
    s = g.state()
    g.put(s, "p1.hand", "Knight")
    for c in range(1, 4):
        for r in (1, 2):
            g.put(s, "p1.board", "Squire", (c, r))
    with pytest.raises(RuleViolation, match="no empty slot"):
        g.run(s)


def test_a_slot_outside_the_grid_is_a_rule_violation(tmp_path, monkeypatch) -> None:
    g = field(tmp_path, monkeypatch, probe="place hand to board column=4 row=1;")
    s = g.state()
    g.put(s, "p1.hand", "Knight")
    with pytest.raises(RuleViolation, match="no slot at column 4, row 1 \\(it is 3 x 2\\)"):
        g.run(s)


def test_leaving_the_grid_frees_the_slot(tmp_path, monkeypatch) -> None:
    g = field(tmp_path, monkeypatch, probe="move card_at(board, 2, 1) to discard; place hand to board column=2 row=1;")
    s = g.state()
    g.put(s, "p1.board", "Knight", (2, 1))
    g.put(s, "p1.hand", "Squire")
    g.run(s)
    assert g.at(s, "p1.board") == {(2, 1): "Squire"}
    assert g.names(s, "p1.discard") == ["Knight"]


def test_a_private_look_ends_when_the_card_goes_onto_or_off_the_grid(tmp_path, monkeypatch) -> None:
    # (board.move_linked ends it itself: `place` hands it a move into a slot without zones.move)
    g = field(tmp_path, monkeypatch, probe="place hand to board column=2 row=1; move card_at(board, 1, 1) to discard;")
    s = g.state()
    placed, off = g.put(s, "p1.hand", "Knight"), g.put(s, "p1.board", "Squire", (1, 1))
    stays = g.put(s, "p1.discard", "Squire")
    s.peeked.update({placed: {1}, off: {1}, stays: {1}})
    g.run(s)
    assert g.at(s, "p1.board") == {(2, 1): "Knight"} and g.names(s, "p1.discard") == ["Squire", "Squire"]
    assert s.peeked == {stays: {1}}


@pytest.mark.parametrize("probe, expected", [
    ("tally += column(card_at(board, 2, 2)) * 100 + row(card_at(board, 2, 2)) * 10; "
     "tally += count(adjacent(card_at(board, 2, 1))) + column(hand);",
     220 + 2),                             # (2,2) gives 220; (2,1) has (2,2) and (3,1) next to it
    # `card` and `this` are one card each: generated code computes these in place (compile/inline.py); a
    # zone with no grid has no card at any slot, and the probe itself is on no grid (row and column 0)
    ("tally += sum(board, count(adjacent(card))) * 10000 + count(board where row(card) == 2) * 1000 "
     "+ sum(board where column(card) == 3, column(card)) * 100 + count(card_at(hand, 1, 1)) * 10 "
     "+ count(card_at(board, 9, 9)) + row(this) + column(this);",
     80000 + 2000 + 600),
])
def test_grid_functions(tmp_path, monkeypatch, probe, expected) -> None:
    g = field(tmp_path, monkeypatch, probe=probe)
    s = g.state()
    g.put(s, "p1.board", "Knight", (2, 1))
    g.put(s, "p1.board", "Squire", (2, 2))
    g.put(s, "p1.board", "Squire", (3, 1))
    g.put(s, "p1.board", "Squire", (3, 2))  # diagonal: not adjacent
    g.put(s, "p1.hand", "Knight")          # not on a grid: column 0
    g.run(s)
    tally = g.game.spec.counters["tally"].slot
    assert s.counters[tally][0] == expected


@pytest.mark.parametrize("aim, row, expected", [
    (2, 1, ["Knight"]),                 # the slot aimed at holds a card
    (3, 1, ["Knight"]),                 # else the nearest column
    (1, 2, ["Squire"]),
    (2, 2, ["Squire", "Blade"]),        # two equally near: both, left first
])
def test_nearest(tmp_path, monkeypatch, aim, row, expected) -> None:
    g = field(tmp_path, monkeypatch, probe=f"move nearest(board, {aim}, {row}) to table;")
    s = g.state()
    g.put(s, "p1.board", "Knight", (2, 1))
    g.put(s, "p1.board", "Squire", (1, 2))
    g.put(s, "p1.board", "Blade", (3, 2))
    g.run(s)
    assert g.names(s, "table")[-len(expected):] == expected


def test_nearest_in_an_empty_row_is_nothing(tmp_path, monkeypatch) -> None:
    g = field(tmp_path, monkeypatch, probe="tally += count(nearest(board, 2, 1)) + 10 * count(open_slots(board)) "
                                            "+ 100 * count(slots(board));")
    s = g.state()
    g.put(s, "p1.board", "Squire", (1, 2))
    g.run(s)
    assert s.counters[g.game.spec.counters["tally"].slot][0] == 0 + 50 + 600


def test_zone_option_errors(tmp_path, monkeypatch) -> None:
    errs = field_errors(tmp_path, monkeypatch, extra="  zone bad: shared, grid 3 by 2;")
    assert "unknown zone option 'grid 3 by 2'" in errs[0].message
    assert "grid C x R" in errs[0].hint


def test_rules_text() -> None:
    assert CORE.get("place").describe({"what": "it", "to": "your board", "column": "3", "row": "1",
                                       "slot": ""}) == "Put it into your board at column 3, row 1."
    assert CORE.get("place").describe({"what": "it", "to": "your board", "column": "", "row": "",
                                       "slot": ""}) == "Put it into an empty slot of your board."


def test_a_filter_of_the_card_at_a_slot(tmp_path, monkeypatch) -> None:
    # `card_at(...) where COND` is computed in place (no call of the filter's function): the card, if COND
    # holds of it; nothing for an empty slot or a card that fails COND, or COND reading what may fail
    g = field(tmp_path, monkeypatch, probe="let a = card_at(board, 1, 1) where card is Unit; "
                                            "let b = card_at(board, 2, 1) where card is Unit; "
                                            "let c = card_at(board, 3, 1) where card is Unit and card.power > 2; "
                                            "let d = card_at(board, 1, 2) where card is Unit; "
                                            "tally = count(a) + 10 * count(b) + 100 * count(c) + 1000 * count(d);")
    s = g.state()
    g.put(s, "p1.board", "Knight", (1, 1))
    g.put(s, "p1.board", "Blade", (2, 1))
    g.put(s, "p1.board", "Knight", (3, 1))
    g.run(s)
    assert s.counters[g.game.spec.counters["tally"].slot][0] == 1 + 0 + 100 + 0
