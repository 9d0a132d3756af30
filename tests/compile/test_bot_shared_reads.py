"""The pass `bot-shared-reads` (compile/passes.py, compile/botgen.py compile_condition): a call giving a player
or a card name that a bot rule's conditions make more than once (The Fall of Kingdoms' `on challenge`:
`claimant()` seven times, `claimed()` four) is kept in a local when first made, as a call giving a number
already is: where it is first reached (its code stays at each read, behind the test of the local), so a rule
that never reaches it never makes it. The same games."""
from __future__ import annotations

import pytest

from cardlang.compile.bots import compile_bot
from cardlang.compile.codegen import source_of
from cardlang.compile.game import load_game

from onoff import assert_same_games, without

OFF = without("bot-shared-reads")
CLAIMANT = "_state.claims[-1][0] if _state.claims else"  # claimant()'s code, the latest claim read in place


@pytest.fixture(scope="module")
def games():
    return load_game("fall-of-kingdoms"), load_game("fall-of-kingdoms", options=OFF)


def _challenge(game) -> str:
    compile_bot(game, "honest").generate_all()  # (a bot's rules are generated when first asked)
    return "\n".join(source_of(m) for m in game.generated if m.label == "bot honest: on challenge")


def test_claimant_is_read_once_and_kept(games):
    on, off = (_challenge(g) for g in games)
    assert off.count(CLAIMANT) == 7  # rule two's six claims(claimant(), ROLE) and rule three's one
    # each read goes through one local, set where it is first made (`_s1 if _s1 is not None else (_s1 := ...)`)
    assert on.count(f":= ({CLAIMANT}") == 7 and off.count(f":= ({CLAIMANT}") == 0


def test_the_same_games_with_it_off(games):
    assert_same_games(*games, bots=("honest", "bluffer"), seeds=range(4))
