"""`block ROLES by P from WHERE { ... }`: a counter-claim offered to P; itself a claim the others may call."""
from cardlang.primitives import CORE

from test_claim import seat

# p2 may block the probe with a Gem or a Coin; the probe does its work (+1 mark) unless the block stands.
BLOCKED = ("let blocked = 0; block [Gem, Coin] by left from left.hand "
           "{ honest { caller.marks += 100; } caught { left.marks += 10; } stands { blocked = 1; } } "
           "if blocked == 0 { marks += 1; }")


def test_declined_nothing_runs_and_nobody_is_asked_to_call(tiny):
    g = tiny(BLOCKED)
    s = g.state(players=3)
    asked = seat(s, ["none"])
    g.play(s)
    assert [a[:2] for a in asked] == [(2, "block")] and asked[0][2] == "Block with Gem or Coin?"
    assert g.marks(s, 1) == 1 and s.claims == []


def test_a_block_nobody_calls_stands(tiny):
    g = tiny(BLOCKED)
    s = g.state(players=3)
    asked = seat(s, ["Coin", "no", "no"])
    g.play(s)
    assert [a[0] for a in asked] == [2, 3, 1]        # the call window starts at the blocker's left
    assert g.marks(s, 1) == 0 and s.claims == [(1, "Coin")]


def test_a_true_block_called_stands_and_the_caller_pays(tiny):
    g = tiny(BLOCKED)
    s = g.state(players=3)
    g.put(s, "p2.hand", ["Gem"])
    seat(s, ["Gem", "no", "yes"])                     # p3 lets it pass, p1 calls
    g.play(s)
    assert (g.marks(s, 1), g.marks(s, 2)) == (100, 0)


def test_a_bluffing_blocker_caught_the_action_goes_on(tiny):
    g = tiny(BLOCKED)
    s = g.state(players=3)
    g.put(s, "p2.hand", ["Land"])
    seat(s, ["Gem", "yes"])
    g.play(s)
    assert (g.marks(s, 1), g.marks(s, 2)) == (1, 10)


def test_the_blocker_is_not_asked_to_call_their_own_block(tiny):
    g = tiny(BLOCKED)
    s = g.state(players=2)
    asked = seat(s, ["Gem", "no"])
    g.play(s)
    assert [a[:2] for a in asked] == [(2, "block"), (1, "challenge")]


def test_rules_text() -> None:
    assert CORE.get("block").describe({"roles": "Gem", "by": "they"}) == \
        "they may block by claiming Gem; any other player may call it."
    assert CORE.get("block").signature.startswith("block roles: card names")
