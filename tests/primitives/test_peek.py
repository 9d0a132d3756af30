"""`peek CARDS` and `seen(ZONE)`: a private look. The agent's view and a bot's conditions see a peeked card,
and only the player who peeked, and only until it moves; no bot may look into a hidden zone directly."""
import pytest

from cardlang.errors import ErrorList
from cardlang.primitives import CORE
from cardlang.primitives.peek import sees
from cardlang.runtime.decisions import View


def test_only_the_peeker_sees_the_card_until_it_moves(tiny):
    g = tiny("peek top 1 of left.hand;")
    s = g.state(players=3)
    gem, coin = g.put(s, "p2.hand", ["Gem", "Coin"])
    g.play(s)
    hand = g.zone(s, "p2.hand")
    assert View(s, 0).zone_cards(hand) is None                   # still a hidden hand as a whole
    assert [s.card_def[c].name for c in sees(s, 0, hand)] == ["Gem"]
    assert sees(s, 2, hand) == []                                 # p3 did not look
    assert sees(s, 1, hand) == [coin, gem] or set(sees(s, 1, hand)) == {gem, coin}   # the owner sees all
    from cardlang.runtime import zones as Z
    Z.move(s, gem, g.zone(s, "p2.discard"))
    Z.move(s, gem, hand)
    assert sees(s, 0, hand) == []                                 # it moved: the look is over


def test_the_log_tells_others_only_that_a_card_was_looked_at(tiny):
    from cardlang.runtime.events import render_event_for
    g = tiny("peek top 1 of left.hand;")
    s = g.state(players=3)
    g.put(s, "p2.hand", ["Gem"])
    g.play(s)
    (e,) = g.events(s, "Peeked")
    assert render_event_for(s, e, 0) == "p1 looked at Gem (p2.hand)"
    assert render_event_for(s, e, 2) == "p1 looked at 1 card (p2.hand)"
    assert render_event_for(s, e, None) == "p1 looked at 1 card (p2.hand)"


def test_a_bot_uses_seen_but_may_not_look_into_a_hidden_hand(tiny):
    tiny()
    bots = tiny.home / "games" / "tiny" / "bots.cl"
    bots.write_text('bot "nosy" { on pick { yes if count(Gem in left.hand) > 0; no; } }', encoding="utf-8")
    (err,) = tiny.errors()
    assert "a bot may not look into 'left.hand'" in err.message
    bots.write_text('bot "nosy" { on pick { yes if count(Gem in seen(left.hand)) > 0; no; } }', encoding="utf-8")
    g = tiny("peek top 1 of left.hand; may \"pick?\" as pick { marks += 1; }")
    from cardlang.compile.bots import LanguageBot
    s = g.state(players=2)
    s.agents = [LanguageBot(g.game, "nosy"), LanguageBot(g.game, "nosy")]
    g.put(s, "p2.hand", ["Gem"])
    g.play(s)
    assert g.marks(s) == 1
    s2 = g.state(players=2)
    s2.agents = list(s.agents)
    g.put(s2, "p2.hand", ["Coin", "Gem"])                          # the peek shows the Coin on top
    g.play(s2)
    assert g.marks(s2) == 0


def test_rules_text() -> None:
    assert CORE.get("peek").describe({"what": "the top card of their hand"}) == "Look at the top card of their hand."
