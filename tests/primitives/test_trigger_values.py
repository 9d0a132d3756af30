"""`trigger EVENT WHAT NAME=VALUE ...`: values passed to the triggered abilities; WHAT may be a card name, whose
ability then runs with no card in play (a claimed ability nobody holds)."""
CARDS = {"Spark": "card Spark { types Thing; on flip { target.marks += amount; } }",
         "Ember": "card Ember { types Thing; on flip { marks += amount * 10; } }"}


def test_named_values_reach_the_ability(tiny):
    g = tiny("trigger flip hand target=left amount=3;", cards=CARDS)
    s = g.state(players=3)
    g.put(s, "p1.hand", ["Spark", "Ember"])
    g.play(s)
    assert (g.marks(s, 1), g.marks(s, 2)) == (30, 3)


def test_a_card_name_runs_its_definition_with_no_card_in_play(tiny):
    g = tiny("trigger flip Spark target=you amount=2; let r = Ember; trigger flip r target=you amount=1;",
             cards=CARDS)
    s = g.state(players=2)
    before = len(s.card_def)
    g.play(s)
    assert g.marks(s) == 12
    assert len(s.card_def) == before + 1                          # only the probe itself was created


def test_a_value_passed_as_two_types_is_an_error(tiny):
    errs = tiny.errors("trigger flip hand target=left amount=1; trigger flip hand target=2 amount=1;",
                       cards=CARDS)
    assert any("'target' is passed to 'flip' as a number here and as a player elsewhere" in e.message
               for e in errs)


def test_values_with_for_are_read_as_that_player(tiny):
    # `amount` reads no player: read only once a card reacts; `target=left ... for left` is read after the
    # switch (the left of the left); the caller's left is kept in a let first (a bare `you` in the arguments of a
    # call made for another player is refused: tests/errors/you_after_for.card)
    g = tiny("let cs = hand; let l = left; trigger flip cs amount=2 target=left for left; trigger flip cs amount=1 "
             "target=l for left;", cards=CARDS)
    s = g.state(players=3)
    g.put(s, "p1.hand", ["Spark", "Ember"])
    g.play(s)
    assert (g.marks(s, 1), g.marks(s, 2), g.marks(s, 3)) == (0, 31, 2)
