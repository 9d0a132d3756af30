"""`claim ROLE from WHERE { honest caught stands fails }`: the call window, the truth check, the outcome blocks,
the rules text, and the errors a card author can make."""
import pytest

from cardlang.compile.describe import describe_block
from cardlang.primitives import CORE
from cardlang.runtime.decisions import ScriptedAgent
from cardlang.syntax.parser import parse
from cardlang.runtime import events as E

OUTCOMES = ("claim Gem from hand { honest { marks += 10; caller.marks += 5; move proof to table; } "
            "caught { marks += 100; caller.marks += 7; } stands { marks += 1; } fails { marks += 1000; } }")


class Recorder:
    """Answers yes/no from a shared script and records who was asked what, in order."""

    def __init__(self, script: list, asked: list) -> None:
        self.script, self.asked = script, asked

    def decide(self, view, decision):
        self.asked.append((decision.player + 1, decision.tag, decision.prompt))
        return ScriptedAgent(self.script).decide(view, decision)


def seat(state, answers: list) -> list:
    asked: list = []
    state.agents = [Recorder(answers, asked) for _ in range(state.num_players)]
    return asked


def test_not_called_the_claim_stands(tiny):
    g = tiny(OUTCOMES)
    s = g.state(players=3)
    asked = seat(s, ["no", "no"])
    g.play(s)
    assert g.marks(s, 1) == 1
    assert [a[0] for a in asked] == [2, 3]                       # from the claimant's left, in seat order
    assert asked[0][1:] == ("challenge", "Call p1's claim of Gem?")
    assert s.claims == [(0, "Gem")] and g.events(s, "Claimed") == [E.Claimed(0, "Gem")]
    assert g.events(s, "Challenged") == []


def test_called_and_true_the_proof_is_shown_and_it_stands(tiny):
    g = tiny(OUTCOMES)
    s = g.state(players=3)
    g.put(s, "p1.hand", ["Coin", "Gem"])
    seat(s, ["no", "yes"])                                         # p2 lets it pass, p3 calls
    g.play(s)
    assert (g.marks(s, 1), g.marks(s, 2), g.marks(s, 3)) == (11, 0, 5)   # honest, then stands
    assert g.names(s, "table") == ["Gem", "Probe"]
    assert g.events(s, "Challenged") == [E.Challenged(2, 0, "Gem")]


def test_called_and_a_bluff_it_fails_and_nobody_else_is_asked(tiny):
    g = tiny(OUTCOMES)
    s = g.state(players=3)
    g.put(s, "p1.hand", ["Coin"])
    asked = seat(s, ["yes"])                                       # p2 calls at once: p3 is not asked
    g.play(s)
    assert (g.marks(s, 1), g.marks(s, 2), g.marks(s, 3)) == (1100, 7, 0)
    assert [a[0] for a in asked] == [2]


def test_the_window_starts_at_the_claimants_left_and_wraps(tiny):
    g = tiny(OUTCOMES)
    s = g.state(players=4)
    asked = seat(s, ["no", "no", "no"])
    g.play(s, player=3)
    assert [a[0] for a in asked] == [4, 1, 2]


def test_except_and_eliminated_players_are_not_asked(tiny):
    g = tiny("claim Gem from hand except left { stands { marks += 1; } }")
    s = g.state(players=4)
    s.out[3] = True
    asked = seat(s, ["no"])
    g.play(s)
    assert [a[0] for a in asked] == [3] and g.marks(s) == 1


def test_unless_nobody_may_call(tiny):
    g = tiny("claim Gem from hand unless marks == 0 { stands { marks += 1; } fails { marks += 9; } }")
    s = g.state(players=2)
    asked = seat(s, [])
    g.play(s)
    assert asked == [] and g.marks(s) == 1 and s.claims == [(0, "Gem")]


def test_by_another_player_and_the_truth_in_given_cards(tiny):
    # p1 says p2's top card is a Gem: the truth is in those cards, p2 must stay silent, p3 calls.
    g = tiny("let c = top 1 of left.hand; claim Gem by you from c except left "
             "{ honest { marks += 1; } caught { marks += 2; } }")
    s = g.state(players=3)
    g.put(s, "p2.hand", ["Coin", "Gem"])
    asked = seat(s, ["yes"])
    g.play(s)
    assert [a[0] for a in asked] == [3] and g.marks(s) == 2       # the top card is a Coin


def test_a_nested_claim_leaves_the_outer_names_alone(tiny):
    g = tiny("claim Gem from hand { honest { claim Coin by left from left.hand { caught { marks += 1; } } "
             "caller.marks += 10; } }")
    s = g.state(players=2)
    g.put(s, "p1.hand", ["Gem"])
    seat(s, ["yes", "yes"])                                        # p2 calls p1 (true); p1 calls p2 (a bluff)
    g.play(s)
    assert (g.marks(s, 1), g.marks(s, 2)) == (1, 10)


def test_rules_text(tiny):
    g = tiny(OUTCOMES)
    text = " ".join(g.text())
    assert text.startswith("You claim Gem; any other player may call it. If it is called and true: ")
    assert "If it is called and false: " in text and "If it stands: +1 Mark." in text
    assert CORE.get("claim").describe({"role": "Gem", "by": ""}) == "You claim Gem; any other player may call it."


def test_signature_lists_the_outcomes() -> None:
    assert CORE.get("claim").signature.endswith("{ honest {} caught {} stands {} fails {} }")


def test_an_unknown_outcome_is_an_error_with_a_hint(tiny):
    e = tiny.error("claim Gem from hand { honst { marks += 1; } }")
    assert "'claim' has no outcome 'honst'" in e.message and "honest" in e.hint


def test_outcome_blocks_on_a_verb_without_outcomes(tiny):
    e = tiny.error("move hand to table { stands { } }")
    assert "'move' has no outcomes" in e.message


def test_a_game_verb_takes_no_outcome_blocks(tiny):
    e = tiny.error("use hand { stands { } }")
    assert "only core verbs with outcomes" in e.message


def test_the_proof_zone_is_required(tiny):
    e = tiny.error("claim Gem { stands { } }")
    assert "needs its 'from' argument" in e.message


def test_an_outcome_given_twice_is_a_syntax_error() -> None:
    from cardlang.errors import CardSyntaxError
    with pytest.raises(CardSyntaxError, match="'stands' is given twice"):
        parse("verb v() { claim Gem from hand { stands { } stands { } } }")


def test_settle_claim_runs_the_outcomes_with_the_first_proof_and_puts_the_names_back() -> None:
    """settle_claim (spelt out, no helper called): `proof` the first card of the role in the cards, the blocks
    of the outcome in order, and `caller` and `proof` put back as they were (set, or absent) after."""
    from types import SimpleNamespace

    from cardlang.primitives.claim import settle_claim
    gem, rock = object(), object()
    state = SimpleNamespace(card_def=[rock, gem, gem], log=None, listeners=[])
    ran: list = []
    cases = {k: (lambda ctx, k=k: ran.append((k, ctx.vars["caller"], ctx.vars["proof"])))
             for k in ("honest", "caught", "stands", "fails")}
    ctx = SimpleNamespace(state=state, vars={"caller": "outer"})
    settle_claim(ctx, cases, 0, gem, 1, [0, 2, 1])
    assert ran == [("honest", 1, [2]), ("stands", 1, [2])] and ctx.vars == {"caller": "outer"}
    ran.clear()
    settle_claim(ctx, cases, 0, gem, 1, [0])
    assert ran == [("caught", 1, []), ("fails", 1, [])] and ctx.vars == {"caller": "outer"}
    ran.clear()
    ctx.vars = {"proof": [9]}
    settle_claim(ctx, {"stands": cases["stands"]}, 0, gem, None, [1])
    assert ran == [("stands", None, [1])] and ctx.vars == {"proof": [9]}
