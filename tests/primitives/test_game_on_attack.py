"""A game's `on attack { ... }` rule: the rules' window for every target of every `attack`, run before the
cards' `on attack in ZONE` watchers whatever the target holds (so a private question in it is put to every
attacked player, and being asked reveals no card), with `you` = the target and `attacker` = the attacker; an
`immune` there (or in an ability it triggers) spares the target. Only `attack` can be watched by a game."""
from __future__ import annotations

from test_choose_privately import seated

WINDOW = """
  on attack {
    let shown = choose up to 1 from hand where card is Shield as react privately prompt "Reveal a Shield?";
    if count(shown) > 0 { trigger guard shown; }
    marks += 1;
  }
"""
SHIELD = {"Ward": "card Ward { types Shield; on guard { immune; } }"}
ATTACK = "attack p in others { move top 1 of p.deck to p.discard; }"


def test_every_target_is_asked_holding_a_shield_or_not(tiny) -> None:
    g = tiny(probe=ATTACK, cards=SHIELD, extra=WINDOW)
    state, asked = seated(g, ["none"], players=3)   # p3 keeps its Ward hidden; p2 has nothing to pick
    g.put(state, "p2.deck", ["Coin"])
    g.put(state, "p3.deck", ["Gem"])
    g.put(state, "p3.hand", ["Ward"])
    g.play(state)
    assert asked == [("react", []), ("react", ["Ward"])]   # both asked, in turn order
    assert g.marks(state, 2) == g.marks(state, 3) == 1       # `you` is the target
    assert g.marks(state, 1) == 0
    assert g.names(state, "p2.discard") == ["Coin"] and g.names(state, "p3.discard") == ["Gem"]


def test_a_shield_revealed_in_the_window_spares_its_owner_only(tiny) -> None:
    g = tiny(probe=ATTACK, cards=SHIELD, extra=WINDOW)
    state, _ = seated(g, ["Ward"], players=3)
    g.put(state, "p2.deck", ["Coin"])
    g.put(state, "p3.deck", ["Gem"])
    g.put(state, "p3.hand", ["Ward"])
    g.play(state)
    assert g.names(state, "p3.deck") == ["Gem"]              # immune
    assert g.names(state, "p2.discard") == ["Coin"]          # still attacked


def test_the_attacker_is_named_in_the_window(tiny) -> None:
    g = tiny(probe=ATTACK, extra="  on attack { attacker.marks += 1; }\n")
    state, _ = seated(g, [], players=3)
    g.play(state)
    assert g.marks(state, 1) == 2 and g.marks(state, 2) == 0  # once per target, to the attacker


def test_a_game_may_watch_only_attack(tiny) -> None:
    (e,) = tiny.errors(extra="  on play { marks += 1; }\n")
    assert "a game's rules cannot watch 'on play'" in e.render()
    (e,) = tiny.errors(extra="  on attack in hand { marks += 1; }\n")   # watchers belong to cards
    assert "unexpected 'in'" in e.render()
    (e,) = tiny.errors(extra="  on attack { marks += 1; }\n  on attack { marks += 2; }\n")
    assert "'on attack' is given twice" in e.render()
