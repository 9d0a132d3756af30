"""Counter option `called "ONE" ["MANY"]`: the word rules text uses for a counter. One word serves any
number (a mass noun: "+2 Honor", not "+2 Honors"); two give the singular and the plural."""
def test_one_word_is_used_for_any_number(tiny) -> None:
    g = tiny("honor += 2; marks += 1;", extra='  counter honor: per player, called "Honor";')
    assert g.text() == ["+2 Honor, +1 Mark."]


def test_singular_and_plural(tiny) -> None:
    g = tiny("gems += 1;", extra='  counter gems: per player, called "Jewel" "Jewels";',
             cards={"Two": "card Two { types Thing; on play { gems += 2; } }"})
    assert g.text() == ["+1 Jewel."]
    assert g.text("Two") == ["+2 Jewels."]


def test_without_it_the_name_is_pluralised_as_before(tiny) -> None:
    g = tiny("marks += 2;")
    assert g.text() == ["+2 Marks."]


def test_the_counter_still_counts(tiny) -> None:
    g = tiny("honor += 2;", extra='  counter honor: per player, called "Honor";')
    state = g.state()
    g.play(state)
    assert state.counters[g.game.spec.counters["honor"].slot] == [2, 0]


def test_a_called_without_a_word_is_an_error(tiny) -> None:
    err = tiny.errors("marks += 1;", extra="  counter honor: per player, called;")[0]
    assert err.message == "unknown counter option 'called'" and 'called "ONE"' in err.hint
