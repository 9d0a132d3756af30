"""The pass `printed-consts` (compile/passes.py, compile/ir/printed_consts.py): a printed property of a card named
in the source (The Fall of Kingdoms' `coins >= Saint.cost + tax`) is the constant the card prints, not a lookup
in its definition's table at each read; a property a card does not print is its default. The same games."""
from __future__ import annotations

import pytest

from cardlang.compile.codegen import source_of
from cardlang.compile.game import load_game
from cardlang.compile.ir import nodes as N
from cardlang.compile.ir.printed_consts import printed_consts
from cardlang.runtime.state import CardDef

from onoff import assert_same_games, without

OFF = without("printed-consts")


@pytest.fixture(scope="module")
def games():
    return load_game("fall-of-kingdoms"), load_game("fall-of-kingdoms", options=OFF)


def test_a_named_cards_printed_property_is_its_constant():
    saint = CardDef(0, "Saint", frozenset({"Character"}))
    saint.props["cost"] = 3
    read = N.DefPrinted(N.Value(saint, "card"), "cost", 0)
    assert printed_consts(N.Return(read)) == N.Return(N.Const(3))
    assert printed_consts(N.DefPrinted(N.Value(saint, "card"), "blocks", "")) == N.Const("")  # the default
    unknown = N.DefPrinted(N.Name("role"), "cost", 0)  # a card known only in play: read as it is
    assert printed_consts(unknown) is unknown


def test_the_turns_code_reads_no_named_cards_table(games):
    on, off = ("\n".join(source_of(m) for m in g.generated if m.label.startswith("turn")) for g in games)
    reads = (".props.get('cost', 0)", ".printed['cost']")  # (the second with the pass printed-table)
    assert not any(r in on for r in reads) and any(r in off for r in reads)


def test_the_same_games_with_it_off(games):
    assert_same_games(*games, bots=("honest", "bluffer"))
