"""Generated rules text, rule by rule, on a made-up game (so the rules stay generic: no real game is needed).

Each case is a card body and the sentence it must print; then the rules reference of the same game: numbers
per player count, branches on the player count, zone names from `called`, end and scoring, glossary.
"""
from __future__ import annotations

import pytest

from cardlang.compile.game import load_game
from cardlang.render.build import rules_reference

GAME = """\
game parlour {
  title "Parlour";
  players 2 to 4;
  types Thing, Charm, Hex;
  tags Loud, MagicItem;
  tags Shelved: quiet;
  property cost = 0;
  property pts = 0;
  zone bank: shared, public, piles;
  zone stack: per player, hidden, refill spent;
  zone hand: per player, owner;
  zone spent: per player, top public, called "spent pile";
  zone table: per player, public, called "play area";
  zone void: shared, public;
  counter marks: per player, min 0;
  counter moves: per player, min 0;
  counter tally: per player, quiet;
  counter rested: per player, max 1, quiet, flag "have rested" "have not rested";
  counter dusk: shared, max 1, quiet, flag "dusk has fallen" "it is not dusk yet";
  counter hour: shared, quiet;
  property price_marks = 0;
  pool shelf 2 from cards where card is Charm;
  variant quick "Quick: fewer Gems" players 2 to 3;
  setup {
    let big = 12;
    if count(players) == 2 { big = 8; }
    if quick { big = 4; }
    create 30 - 5 * count(players) Pebble to bank;
    create big Gem to bank;
    if count(players) == 2 { create 2 Gem to void; } else { create 1 Gem to void; }
    for k in shelf { create 10 k to bank; }
    for p in players { create 5 Pebble to p.stack; shuffle p.stack; fetch 3 for p; }
  }
  turn {
    moves = 1;
    marks = 0;
    phase act {
      while moves > 0 {
        let c = choose up to 1 from hand where card is Charm as act prompt "Use a Charm";
        if not c { break; }
        moves -= 1;
        use c;
      }
    }
    phase tidy { move table to spent; move hand to spent; fetch 3; }
  }
  end when count(Gem in bank) == 0 or empty_piles(bank) >= 2;
  score sum(owned, card.pts);
  tiebreak fewest turns;
}
verb fetch(n: int) "+{n} Card{s}|fetches {n} card{s}" { move top n of stack to hand; }
verb use(c: cards) "use {c}" { for x in c { move x to table; trigger play x; } }
verb take(c: card, dest: zone = spent) "take {c}|takes {c}" { let got = top 1 of (c in bank); move got to dest; }
verb burn(c: cards) "burn {c}|burns {c}" { move c to void; }
verb drop(c: cards) "drop {c}|drops {c}" { move c to spent; }
"""

CARDS = {
    "Pebble": "card Pebble { cost 0; types Thing; }",
    "Gem": "card Gem { cost 3; pts 1; types Thing; }",
    "Hoard": "card Hoard { cost 4; types Thing; pts count(owned) / 5; }",
}


@pytest.fixture
def parlour(tmp_path, monkeypatch):
    """Load the game with extra Charm cards: {name: on-play body}."""
    def load(cards: dict[str, str] | None = None, extra: dict[str, str] | None = None):
        home = tmp_path / "home"
        (home / "games" / "parlour").mkdir(parents=True, exist_ok=True)
        (home / "cards" / "parlour").mkdir(parents=True, exist_ok=True)
        (home / "games" / "parlour" / "game.cl").write_text(GAME, encoding="utf-8")
        sources = dict(CARDS)
        for i, (name, body) in enumerate((cards or {}).items()):
            sources[name] = f'card "{name}" {{ cost {2 + i}; types Charm; on play {{ {body} }} }}'
        sources.update(extra or {})
        for name, src in sources.items():
            (home / "cards" / "parlour" / f"{name.lower().replace(' ', '_')}.card").write_text(src, encoding="utf-8")
        monkeypatch.setenv("CARDLANG_HOME", str(home))
        monkeypatch.chdir(home)
        return load_game("parlour")
    return load


@pytest.mark.parametrize("body, text", [
    ("moves += 1; marks += 2; fetch 1;", "+1 Move, +2 Marks, +1 Card."),
    ("let c = choose 1 from bank where card.cost <= 3 as t prompt \"x\"; take c;", "Take a card costing up to 3."),
    ("take Gem to stack;", "Take a Gem, putting it onto your stack."),
    ("let t = choose 1 from hand as t prompt \"x\"; if t { let limit = t.cost + 2; burn t; "
     "let c = choose 1 from bank where card.cost <= limit as u prompt \"y\"; take c; }",
     "Burn a card from your hand. If you do, take a card costing up to 2 more than the burned card."),
    ("let c = top 1 of (Pebble in hand); if c { burn c; marks += 3; }",
     "Burn a Pebble from your hand. If you do, +3 Marks."),
    ("let gone = choose any from hand as g prompt \"x\"; drop gone; fetch count(gone);",
     "Drop any number of cards from your hand. +1 Card per card dropped."),
    ("attack p in others { let gone = choose count(p.hand) - 3 from p.hand by p as d prompt \"x\"; drop gone for p; }",
     "Each other player drops down to 3 cards in hand."),
    ("for p in others { fetch 1 for p; }", "Each other player fetches a card."),
    ("attack p in others { take Gem for p; }", "Each other player takes a Gem."),
    ("attack p in others { let v = choose 1 from p.hand where card is Thing by p as v prompt \"x\"; "
     "if v { reveal v for p; move v to p.stack; } else { reveal p.hand for p; } }",
     "Each other player reveals a Thing card from their hand. If they do, they put it onto their stack. "
     "If they cannot, they reveal the cards in their hand."),
    ("let c = choose 1 from hand where card is Charm as t prompt \"x\"; use c; trigger use c;",
     "Use a Charm card from your hand. Use it again."),
    ("let c = choose 1 from hand where card is Charm as t prompt \"x\"; use c; trigger play c;",
     "Use a Charm card from your hand. Resolve its play ability."),
    ("if this in table { burn this; }", "Burn this card."),
    ("let t = top 1 of stack; reveal t; if t { may \"x?\" as m { drop t; } }",
     "Reveal the top card of your stack. You may drop it."),
    ("may \"x?\" as m { move stack to spent; }", "You may put the cards in your stack into your spent pile."),
    # issue 9, section 4: rulebook wording
    ("choose as pick prompt \"x\" { \"Dig\" { fetch 2; } \"Rest\" { } }",
     "Choose one: Dig \u2014 +2 Cards; or Rest \u2014 do nothing."),
    ("if count(Pebble in hand) > 0 { marks += 1; }", "If there is a Pebble card in your hand, +1 Mark."),
    ("if count(stack) + count(spent) > 0 { marks += 1; }",
     "If there is a card in your stack or your spent pile, +1 Mark."),
    ("if count(others where player.marks > 0) == 0 { marks += 1; }", "If no other player has any marks, +1 Mark."),
    ("if count(players) == 2 { marks += 1; }", "If there are exactly 2 players, +1 Mark."),
    ("left.marks += 1;", "Your left-hand neighbour gets 1 Mark."),
    ("let far = left.left; far.marks -= 1;", "The player two seats to your left loses 1 Mark."),
    ("tally = 1; marks += 1; tally += 2;", "+1 Mark."),
    ("let gone = choose any from hand where not card is Hex as g prompt \"x\"; drop gone;",
     "Drop any number of cards that are not Hex cards from your hand."),
    ("if marks > 0 { if moves > 0 { fetch 1; } }", "If you have any marks and you have any moves, +1 Card."),
    ("if count(bank where card is MagicItem) > 0 { marks += 1; }",
     "If there is a Magic Item card in the bank, +1 Mark."),
    # yes/no counters declared with `flag`, and shared counters, read as sentences
    ("if rested == 0 { marks += 1; }", "If you have not rested, +1 Mark."),
    ("if rested { marks += 1; }", "If you have rested, +1 Mark."),
    ("if not rested { marks += 1; }", "If you have not rested, +1 Mark."),
    ("if left.rested > 0 { marks += 1; }", "If your left-hand neighbour has rested, +1 Mark."),
    ("if dusk == 1 { marks += 1; }", "If dusk has fallen, +1 Mark."),
    ("if dusk == 0 { marks += 1; }", "If it is not dusk yet, +1 Mark."),
    ("if hour == 2 { marks += 1; }", "If the hour is 2, +1 Mark."),
    ("if hour > 0 { marks += 1; }", "If the hour is more than 0, +1 Mark."),
    # issue 22: the subject follows who acts (Brawl, Tax) and a sentence is not said twice (Guild Master)
    ("let p = choose 1 from [left, right] as b prompt \"x\"; take Gem for p;",
     "Choose your left-hand or right-hand neighbour. That player takes a Gem."),
    ("take Gem for left;", "Your left-hand neighbour takes a Gem."),
    ("for v in others { if v.marks > 0 { v.marks -= 1; marks += 1; } }",
     "Each other player: If they have any marks, they take 1 from their marks. You get 1 Mark."),
    ("take Gem; take Gem;", "Take a Gem, twice."),
])
def test_card_text(parlour, body, text):
    game = parlour({"Probe": body})
    assert game.defs_by_name["Probe"].text == [text]


def test_type_line_main_type_first_in_words(parlour):
    """Types in the game's declared order, then tags in theirs, each in words: never `MagicItem`."""
    from cardlang.render.build import card_faces, type_line
    game = parlour(extra={"Lamp": "card Lamp { cost 1; tags MagicItem, Loud; types Hex, Thing; }"})
    assert type_line(game, "Lamp") == ("Thing", "Hex", "Loud", "Magic Item")
    assert card_faces(game, ["Lamp"])[0].types == ("Thing", "Hex", "Loud", "Magic Item")
    glossary = dict(rules_reference(game).glossary)
    assert "Magic Item" in glossary and "MagicItem" not in glossary


def test_a_quiet_tag_is_not_printed_on_the_type_line(parlour):
    """`tags Shelved: quiet;` marks cards for set-up: the type line leaves it out; the glossary says so."""
    from cardlang.render.build import type_line
    game = parlour(extra={"Jar": "card Jar { cost 1; types Thing; tags Shelved, Loud; }"})
    assert type_line(game, "Jar") == ("Thing", "Loud")
    # no printed text names Shelved: a player never meets the word, so the glossary has no entry for it
    assert "Shelved" not in dict(rules_reference(game).glossary)
    # a set-up that names it ("the Shelved cards") explains it
    named = parlour(extra={"Jar": "card Jar { cost 1; types Thing; tags Shelved, Loud; }",
                           "Pot": 'card Pot { cost 2; types Charm; on play { let c = choose 1 from hand where card is '
                                  'Shelved as x prompt "x"; burn c; } }'})
    assert dict(rules_reference(named).glossary)["Shelved"].startswith("A card tag, not printed on the cards (Jar)")


def test_quiet_on_a_card_is_refused(parlour):
    with pytest.raises(Exception) as e:
        parlour(extra={"Jar": "card Jar { cost 1; types Thing: quiet; }"})
    from cardlang.errors import ErrorList
    assert isinstance(e.value, ErrorList) and "a card's types take no options" in str(e.value.errors[0])


def test_a_flag_counter_must_be_yes_or_no(parlour, monkeypatch):
    import sys
    unbounded = GAME.replace("rested: per player, max 1,", "rested: per player,")
    monkeypatch.setattr(sys.modules[__name__], "GAME", unbounded)
    with pytest.raises(Exception) as e:
        parlour()
    from cardlang.errors import ErrorList
    assert isinstance(e.value, ErrorList)
    assert "reads as yes or no (flag) but can hold other numbers" in str(e.value.errors[0])


def test_a_price_in_a_counter_reads_in_the_games_words(parlour):
    """`price_marks 2` is a price counted in marks: "Price 2 Marks"; neighbours with one label are one."""
    from cardlang.render.build import card_faces
    game = parlour(extra={"Urn": "card Urn { cost 1; types Thing; price_marks 2; pts 1; }"})
    assert [(s.label, s.value) for s in card_faces(game, ["Urn"])[0].stats] == [("Price", "2 Marks"), ("PTS", "1")]
    assert "Price in Marks" in dict(rules_reference(game).glossary)


def test_a_yes_no_property_prints_no_star(parlour):
    """A property computed as a yes/no is no number: its sentence, but no "*" among the card's numbers."""
    from cardlang.render.build import card_faces
    game = parlour(extra={"Bell": "card Bell { cost 1; types Thing; pts count(Pebble in hand) > 0; }",
                          "Drum": "card Drum { cost 1; types Thing; pts count(hand); }"})
    bell, drum = card_faces(game, ["Bell", "Drum"])
    assert [s.label for s in bell.stats] == [] and [s.label for s in drum.stats] == ["PTS"]


def test_turn_of_phases_only_does_not_open_with_then(parlour, tmp_path):
    game = parlour()
    from cardlang.render.build import _turn_sections
    turn = game.spec.decl.turn
    phases_only = type(turn)(tuple(st for st in turn.stmts if type(st).__name__ == "Phase"))
    from cardlang.compile.describe.doc import writing
    with writing("rules"):
        lines = _turn_sections(phases_only, game)[0].lines
    assert lines == ("A turn has 2 phases, played in order: act and tidy.",)


def test_variants_are_listed_and_the_setup_numbers_are_the_base_games(parlour):
    ref = rules_reference(parlour())
    sections = {s.title: s.lines for s in ref.sections}
    assert sections["Variants"] == ("Quick: fewer Gems (2 to 3 players).",)
    assert "Put 8 / 12 / 12 Gem into the bank." in sections["Set-up"]  # `if quick { big = 4; }` not applied


def test_a_variant_in_a_condition_is_named(parlour):
    game = parlour({"Probe": "if quick { marks += 1; }"})
    assert game.defs_by_name["Probe"].text == ["If the game is played with the Quick variant, +1 Mark."]


def test_a_property_the_score_adds_up(parlour):
    assert parlour().defs_by_name["Hoard"].text == ["Worth 1 PTS per 5 cards you own (round down)."]


def test_rules_reference(parlour):
    ref = rules_reference(parlour({"Probe": "marks += 1;"}))
    sections = {s.title: s.lines for s in ref.sections}
    assert sections["Players"][0] == "2 to 4 players."
    assert "Spent pile: one per player, face up, but only the top card can be seen." in sections["Zones"]
    assert ("Stack: one per player, face down; when a card is needed from an empty stack, shuffle your spent pile "
            "to form a new one.") in sections["Zones"]
    setup = sections["Set-up"]
    assert setup[0] == "A number written like 20 / 15 / 10 is for 2 / 3 / 4 players."
    assert "Choose 2 shelf cards from the Charm cards." in setup
    assert "Put 20 / 15 / 10 Pebble into the bank." in setup
    assert "Put 8 / 12 / 12 Gem into the bank." in setup
    assert "With 2 players, put 2 Gem into the void. With 3 or 4 players, put 1 Gem into the void." in setup
    assert "For each shelf card: put 10 copies of it into the bank." in setup
    assert "Each player puts 5 Pebble onto their stack, shuffles their stack and fetches 3 cards." in setup
    assert sections["Your turn"] == ("At the start of your turn: set your moves to 1 and your marks to 0.",
                                     "Then play the phases in order: act and tidy.")
    assert sections["Act phase"] == ("Repeat while you have any moves: you may choose a Charm card from your "
                                     "hand; if you do, your moves go down by 1, then use it.",)
    assert sections["Tidy phase"] == ("Put the cards in your play area into your spent pile.",
                                      "Put the cards in your hand into your spent pile.", "Fetch 3 cards.")
    assert sections["End and scoring"] == (
        "The game ends at the end of a turn when there are no Gem cards in the bank or there are at least 2 "
        "empty piles in the bank.",
        "Each player scores the total PTS of the cards they own. The highest score wins.",
        "On a tie, the tied player with the fewest turns wins; players still tied share the win.")
    glossary = dict(ref.glossary)
    assert glossary["Charm"] == "A card type (Probe). The rules refer to it in: set-up and the act phase."
    assert glossary["Marks"] == ("A number each player has, never below 0. It is set to 0 at the start of each "
                                 "turn.")
    assert "Fetch" not in glossary  # the probe card does not use it


def test_a_property_is_printed_where_the_game_says(parlour, monkeypatch):
    """`property pts = 0 "..." : printed corner;`: the glossary says what it means and the face puts it in the
    corner; an unknown place is an error at the declaration."""
    from cardlang.errors import ErrorList
    from cardlang.render.build import card_faces
    global GAME
    plain = GAME
    try:
        GAME = plain.replace("property pts = 0;", 'property pts = 0 "the points the card scores": printed corner;')
        game = parlour()
        assert dict(rules_reference(game).glossary)["PTS"].startswith("The points the card scores.")
        gem = next(f for f in card_faces(game) if f.name == "Gem")
        assert [(st.label, st.place) for st in gem.stats] == [("PTS", "corner")]
        GAME = plain.replace("property pts = 0;", "property pts = 0: printed sideways;")
        with pytest.raises(ErrorList) as caught:
            parlour()
        assert "unknown property option 'printed sideways'" in str(caught.value.errors[0])
    finally:
        GAME = plain
