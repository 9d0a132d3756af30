"""The pass `claim-inline` (compile/passes.py, primitives/claim_inline.py, compile/calls.py `_cases`): a
`claim`'s outcome blocks run in place in the code that makes the claim (The Fall of Kingdoms' `ability` and
`borrow`; a `block` taken, in `offer_block`), not as functions called by `settle_claim` around which the `caller` and `proof` names are kept and put
back; a claim inside another's outcome block (whose names it would have to put back) keeps the reference. The
same games. (tests/primitives/test_claim.py plays every outcome, and a nested claim, with the pass on.)"""
from __future__ import annotations

import pytest

from cardlang.compile.codegen import source_of
from cardlang.compile.game import load_game
from cardlang.primitives.claim_inline import proof_in

from onoff import assert_same_games, without

OFF = without("claim-inline")


@pytest.fixture(scope="module")
def games():
    return load_game("fall-of-kingdoms"), load_game("fall-of-kingdoms", options=OFF)


def _sources(game, verb: str) -> str:
    return "\n".join(source_of(m) for m in game.generated if m.label.startswith(f"verb {verb}"))


def test_the_outcome_blocks_run_in_the_claims_code(games):
    on, off = _sources(games[0], "ability"), _sources(games[1], "ability")
    assert "settle_claim" in off and "proof_in" not in off
    assert "settle_claim" not in on and "proof_in" in on
    # the blocks' names are the function's own: `caller` and `proof` read from locals, not ctx.vars
    assert "ctx.vars['caller']" in off and "ctx.vars['caller']" not in on
    assert "ctx.vars['proof']" not in on


def test_a_block_taken_runs_its_outcome_blocks_in_place(games):
    on, off = _sources(games[0], "offer_block"), _sources(games[1], "offer_block")
    assert "Block.run" in off and "offer_block" not in off.split("def ")[-1]
    assert "Block.run" not in on and "'offer_block'" in on and "proof_in" in on


def test_a_verb_whose_claim_runs_in_place_is_called_not_copied(games):
    # (a copy of `ability` at each of `act`'s six calls made a turn function of over 2,000 locals: slower)
    turn = "\n".join(source_of(m) for m in games[0].generated if m.label == "turn")
    assert "['ability']" in turn and "proof_in" not in turn


def test_the_proof_is_the_first_card_of_the_role():
    class S:
        card_def = ["a", "b", "a"]
    assert proof_in(S, [1, 2, 0], "a") == [2] and proof_in(S, [1], "a") == []


def test_the_same_games_with_it_off(games):
    assert_same_games(*games, bots=("honest", "bluffer"), seeds=range(4))
