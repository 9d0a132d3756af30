"""`challenger(CLAIMANT, ROLE[, SILENT])` and the public record of claims (`claimed()`, `claimant()`,
`claims(P, ROLE)`): the call window on its own, for games that settle a claim themselves."""
from cardlang.compile.bots import LanguageBot
from cardlang.primitives import CORE
from cardlang.runtime.decisions import ScriptedAgent
from cardlang.runtime.state import Decision

from test_claim import seat
from cardlang.runtime import events as E


def test_the_first_caller_is_returned_and_the_claim_is_recorded(tiny):
    g = tiny("let c = challenger(you, Gem); for p in c { p.marks += 1; } marks += count(c) * 10;")
    s = g.state(players=3)
    asked = seat(s, ["no", "yes"])
    g.play(s)
    assert [a[0] for a in asked] == [2, 3]
    assert (g.marks(s, 1), g.marks(s, 2), g.marks(s, 3)) == (10, 0, 1)
    assert s.claims == [(0, "Gem")]
    assert g.events(s, "Challenged") == [E.Challenged(2, 0, "Gem")]


def test_nobody_calls(tiny):
    g = tiny("marks += count(challenger(you, Gem)) + 5;")
    s = g.state(players=2)
    seat(s, ["no"])
    g.play(s)
    assert g.marks(s) == 5


def test_the_silent_player_is_not_asked(tiny):
    g = tiny("marks += count(challenger(you, Gem, left));")
    s = g.state(players=3)
    asked = seat(s, ["no"])
    g.play(s)
    assert [a[0] for a in asked] == [3]


def test_claims_counts_each_players_claims(tiny):
    g = tiny("let a = challenger(you, Gem); let b = challenger(you, Gem); let c = challenger(left, Coin); "
             "marks += claims(you, Gem) * 10 + claims(left, Coin) + claims(left, Gem) * 100;")
    s = g.state(players=2)
    seat(s, ["no", "no", "no"])
    g.play(s)
    assert g.marks(s) == 21


def test_a_bot_reads_the_latest_claim(tiny):
    bots = 'bot "caller" { on challenge { yes if claimed() == Gem and claimant() == left; no; } }'
    tiny()  # writes the game's folder; bots live in games/tiny/*.cl beside game.cl
    (tiny.home / "games" / "tiny" / "bots.cl").write_text(bots, encoding="utf-8")
    g = tiny("marks += count(challenger(left, Gem)) + count(challenger(left, Coin)) * 10;")
    s = g.state(players=2)
    s.agents = [LanguageBot(g.game, "caller"), ScriptedAgent([])]
    g.play(s)
    assert g.marks(s) == 1                                         # called the Gem claim, not the Coin one


def test_rules_text_and_signature() -> None:
    prim = CORE.get("challenger")
    assert prim.kind == "function" and prim.signature.startswith("challenger claimant: player role: card name")
    assert prim.describe({}) == "the first player to call the claim of"
