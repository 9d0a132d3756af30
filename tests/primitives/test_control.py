"""Changing control needs no verb of its own: a card belongs to the owner of the zone it is in, so `move` or
`place` into another player's zone hands it over, with everything attached to it (a converted unit, a card
bought into an opponent's deck). This pins that rule down for the language."""
from cardlang.runtime.board import attach

from field_game import field


def test_placing_on_another_board_changes_the_owner_and_takes_the_attachments(tmp_path, monkeypatch) -> None:
    g = field(tmp_path, monkeypatch, probe=(
        "let u = card_at(right.board, 2, 1); place u to board column=1 row=1; "
        "if u.owner == you { tally += 1; } tally += 10 * count(attached(u) where card.owner == you);"))
    s = g.state()
    k = g.put(s, "p2.board", "Knight", (2, 1))
    attach(s, g.put(s, "p2.board", "Blade"), k)
    g.run(s)
    assert g.at(s, "p1.board") == {(1, 1): "Knight"} and g.names(s, "p1.board") == ["Knight", "Blade"]
    assert s.counters[g.game.spec.counters["tally"].slot][0] == 11


def test_a_card_put_into_an_opponents_discard_is_theirs_from_then_on(tmp_path, monkeypatch) -> None:
    g = field(tmp_path, monkeypatch, probe="move hand to right.discard; right.tally += count(right.discard);")
    s = g.state()
    c = g.put(s, "p1.hand", "Coin")
    g.run(s)
    assert s.loc[c].owner == 1
    assert s.counters[g.game.spec.counters["tally"].slot] == [0, 1]
