"""Continuous modifiers: `on modify in ZONE { modify PROPERTY CARDS by N; }`. A property read adds every
modifier of the cards now in their zone; inside a modifier, properties read their printed values."""
from field_game import field, field_errors

GUARDS = ("card Knight { types Unit; tags Guard; power 3; hp 5;\n"
          "  on modify in board { if count(adjacent(this) where card is Guard and row(card) == row(this)) > 0 "
          "{ modify power this by 2; } } }")
BLADE = "card Blade { types Gear; power 1; on modify in board { modify power carrier(this) by this.power; } }"
BANNER = ("card Banner { types Thing; on modify in board { for u in board where card is Unit "
          "{ modify hp u by 1; } } }")


def read(g, s) -> int:
    """Run the probe (it writes what it read into p1's tally) and give the tally."""
    g.run(s, "Probe")
    return s.counters[g.game.spec.counters["tally"].slot][0]


def test_a_neighbour_bonus_lasts_while_both_stand_together(tmp_path, monkeypatch) -> None:
    g = field(tmp_path, monkeypatch, probe="tally = card_at(board, 1, 1).power;", cards={"Knight": GUARDS})
    s = g.state()
    g.put(s, "p1.board", "Knight", (1, 1))
    assert read(g, s) == 3
    other = g.put(s, "p1.board", "Knight", (2, 1))
    assert read(g, s) == 5
    from cardlang.runtime.zones import move
    move(s, other, g.zone(s, "p1.discard"))
    assert read(g, s) == 3


def test_attached_gear_adds_its_printed_number_to_its_carrier(tmp_path, monkeypatch) -> None:
    probe = "tally = card_at(board, 1, 1).power * 10 + attached(card_at(board, 1, 1)).power;"
    g = field(tmp_path, monkeypatch, probe=probe,
              cards={"Blade": BLADE})
    s = g.state()
    k = g.put(s, "p1.board", "Squire", (1, 1))
    b = g.put(s, "p1.board", "Blade")
    from cardlang.runtime.board import attach
    attach(s, b, k)
    assert read(g, s) == 21          # Squire 1 + Blade 1; the Blade's own power stays printed


def test_modifiers_add_up_and_work_from_any_players_zone(tmp_path, monkeypatch) -> None:
    g = field(tmp_path, monkeypatch, probe="tally = card_at(right.board, 1, 1).hp;", cards={"Banner": BANNER})
    s = g.state()
    g.put(s, "p2.board", "Squire", (1, 1))
    g.put(s, "p2.board", "Banner", (3, 2))
    g.put(s, "p2.board", "Banner", (2, 2))
    g.put(s, "p1.board", "Banner", (2, 2))   # p1's Banner works on p1's board only
    assert read(g, s) == 2 + 2


def test_where_and_sum_see_modified_values(tmp_path, monkeypatch) -> None:
    g = field(tmp_path, monkeypatch, probe="tally = sum(board, card.power) + 100 * count(board where card.power == 5);",
              cards={"Knight": GUARDS})
    s = g.state()
    g.put(s, "p1.board", "Knight", (1, 1))
    g.put(s, "p1.board", "Knight", (2, 1))
    g.put(s, "p1.board", "Knight", (2, 2))   # another row: no bonus for it, none from it
    assert read(g, s) == 5 + 5 + 3 + 200


def test_a_modifier_may_only_compute(tmp_path, monkeypatch) -> None:
    errs = field_errors(tmp_path, monkeypatch, cards={
        "Knight": "card Knight { types Unit; on modify in board { tally += 1; } }"})
    assert errs[0].message == "a modifier only computes: it may hold let, if, for and modify"
    errs = field_errors(tmp_path, monkeypatch, probe="modify power this by 1;")
    assert errs[0].message == "modify works only inside an `on modify in ZONE` ability"
    errs = field_errors(tmp_path, monkeypatch, cards={
        "Knight": "card Knight { types Unit; on modify { modify power this by 1; } }"})
    assert errs[0].message == "a modifier names the zone it works from: `on modify in ZONE`"


def test_a_read_runs_only_the_modifiers_that_can_change_it(tmp_path, monkeypatch) -> None:
    # Knight changes only its own power (`this`, also through a verb), Banner others' hp, Blade its carrier's
    # power: a read of one card's power runs the Knights' modifier only when that card is a Knight.
    own = ("card Knight { types Unit; tags Guard; power 3; hp 5;\n"
           "  on modify in board { rally; if count(adjacent(this)) > 0 { modify power this by 2; } } }")
    g = field(tmp_path, monkeypatch, probe="tally = card_at(board, 1, 1).power + card_at(board, 2, 1).power;",
              cards={"Knight": own, "Banner": BANNER, "Blade": BLADE},
              extra='  verb rally() "rally" { modify power this by 1; }')
    index = {prop: [(slot, sorted(g.game.defs[i].name for i in mine), sorted(g.game.defs[i].name for i in rest),
                     touch if touch is None else sorted(g.game.defs[i].name for i in touch))
                    for slot, mine, rest, touch in entries]
             for prop, entries in g.game.abilities.modifiers.items()}
    board = g.game.spec.zones["board"].slot
    # (the last: the cards the others can change, when known: the Blade's carrier may be any card, the Banner's
    # `board where card is Unit` only Units: primitives/modify_targets.py)
    units = sorted(d.name for d in g.game.defs if "Unit" in d.types)
    assert index == {"power": [(board, ["Knight"], ["Blade"], None)], "hp": [(board, [], ["Banner"], units)]}
    s = g.state()
    g.put(s, "p1.board", "Knight", (1, 1))
    g.put(s, "p1.board", "Squire", (2, 1))
    assert read(g, s) == (3 + 1 + 2) + 1     # the Knight's own bonuses; none for the Squire beside it


def test_a_read_of_one_cards_property_takes_no_list_and_reads_the_same_without_the_lowering(tmp_path, monkeypatch):
    # (modify.py's lowering of modified_property: read_modified_card of a card E, not read_modified of [E])
    import collections
    import sys
    from cardlang.compile.game import load_game
    from cardlang.compile.passes import SWITCHABLE, Options
    from field_game import Field
    g = field(tmp_path, monkeypatch, probe="tally = card_at(board, 1, 1).power * 100 + sum(board, card.power);",
              cards={"Knight": GUARDS})
    plain = Field(load_game("field", options=Options(SWITCHABLE - {"lower"})))
    for game, lists in ((g, 1), (plain, 3)):
        s = game.state()
        game.put(s, "p1.board", "Knight", (1, 1))
        game.put(s, "p1.board", "Knight", (2, 1))
        called = collections.Counter()
        sys.setprofile(lambda frame, event, arg: called.update([frame.f_code.co_name]) if event == "call" else None)
        try:
            assert read(game, s) == 500 + 5 + 5
        finally:
            sys.setprofile(None)
        # lowered, the sum's two cards are read without a list (card_at's list still goes whole); read_modified
        # reads its card itself (read_modified_card's code, no call of it)
        assert called["read_modified"] == lists and called["read_modified_card"] == 3 - lists
