"""`display ZONE [with ZONE]`: a grid zone drawn into the log, the second one turned round to face it; the
cells show cards, attachments, the zone's `shows` properties and per-card counters off their start."""
from cardlang.runtime.board import attach
from cardlang.runtime.events import render_event

from field_game import field


def test_two_boards_facing_each_other(tmp_path, monkeypatch) -> None:
    g = field(tmp_path, monkeypatch, probe="let k = card_at(board, 1, 1); k.hurt += 2; display board with right.board;")
    s = g.state()
    k = g.put(s, "p1.board", "Knight", (1, 1))
    attach(s, g.put(s, "p1.board", "Blade"), k)
    g.put(s, "p2.board", "Squire", (1, 1))
    g.put(s, "p2.board", "Knight", (3, 2))
    g.run(s)
    (e,) = g.events(s, "Displayed")
    text = render_event(s, e).splitlines()
    assert text[0].split() == ["p2.board:", "column", "3", "column", "2", "column", "1"]
    assert text[1].split() == ["row", "2:", "Knight", ".", "."]           # turned round: its row 2 on top
    assert text[3].split() == ["row", "1:", ".", ".", "Squire"]           # its column 1 faces our column 3
    assert "-----" in text[5]
    assert text[6].split()[:3] == ["p1.board:", "column", "1"]
    assert text[7].split() == ["row", "1:", "Knight", ".", "."]
    assert text[8].split() == ["+Blade"]
    assert text[9].split() == ["power", "3,", "hurt", "2/5"]               # hurt is `of hp`


def test_nothing_is_drawn_when_no_one_reads_the_log(tmp_path, monkeypatch) -> None:
    g = field(tmp_path, monkeypatch, probe="display board;")
    s = g.game.new_state(2, 1, log=False)
    g.run(s)   # no error, no work
