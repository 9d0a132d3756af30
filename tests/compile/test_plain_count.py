"""The pass `plain-count` (compile/passes.py): `count(ZONE)` of a zone declared without piles is the length of
the zone's own list in the code, not the test of whether it is a zone of piles at each count (The Fall of
Kingdoms counts its House, Destiny pile and active cards at every action); a zone of piles is still counted
pile by pile (Count.run; the lowering: primitives/functions.py Count.lower). The same games with it off."""
from __future__ import annotations

import pytest

from cardlang.compile.codegen import source_of
from cardlang.compile.game import load_game

from onoff import assert_same_games, without

OFF = without("plain-count")


@pytest.fixture(scope="module")
def games():
    return load_game("fall-of-kingdoms"), load_game("fall-of-kingdoms", options=OFF)


def _code(game) -> str:
    return "\n".join(source_of(m) for m in game.generated)


def test_a_zone_of_no_piles_is_counted_by_its_length(games):
    on, off = (_code(g) for g in games)
    assert "_len(_state.zones[0][0].cards) >= 2" in on and ".spec.piles or" not in on  # count(house) >= 2
    assert ".spec.piles or" in off


def test_the_same_games_with_it_off(games):
    assert_same_games(*games, bots=("honest", "bluffer"))
