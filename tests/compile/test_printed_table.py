"""The pass `printed-table` (compile/passes.py, compile/printedtable.py): a card's printed property is read as a
subscript of its definition's table of every declared property (CardDef.printed), not as a call of
`props.get(NAME, DEFAULT)`; a hoisted getter used for anything else is left a call. The same games."""
from __future__ import annotations

import ast as py

import pytest

from cardlang.compile.codegen import source_of
from cardlang.compile.game import load_game
from cardlang.compile.ir import nodes as N
from cardlang.compile.ir.emit import MARK
from cardlang.compile.printedtable import with_printed_table

from onoff import assert_same_games, without

OFF = without("printed-table")


@pytest.fixture(scope="module")
def games():
    return load_game("greedy-kingdoms"), load_game("greedy-kingdoms", options=OFF)


def _source(game, label: str) -> str:
    return "\n".join(source_of(m) for m in game.generated if m.label == label)


def test_every_card_holds_every_declared_property_at_its_default(games):
    game = games[0]
    declared = set(game.spec.properties)
    assert declared
    for d in game.defs:
        assert set(d.printed) == declared, d.name
        assert all(d.printed[n] == d.props[n] for n in d.props), d.name
    assert {d.printed["icon"] for d in game.defs if "icon" not in d.props} == {""}
    assert {d.printed["cost_any"] for d in game.defs if "cost_any" not in d.props} == {0}


def test_the_offers_filter_reads_the_table(games):
    on, off = (_source(g, "verb develop: where") for g in games)
    assert "printed" in on and "['cost_gold']" in on and "props.get" not in on
    assert "props.get" in off and "printed" not in off


def _read(target: py.expr, key: str, table: bool = True) -> py.Call:
    """A marked printed read `TARGET('KEY', 0)`, as the emitter and the hoist leave it."""
    call = py.Call(target, [py.Constant(key), py.Constant(0)], [])
    call.__dict__[MARK] = N.Printed(N.Name("card"), key, 0, table)
    return call


def _getter() -> py.Attribute:  # `card_def[_c].props.get`
    return py.Attribute(py.Attribute(py.Subscript(py.Name("card_def", py.Load()), py.Name("_c", py.Load()),
                                                  py.Load()), "props", py.Load()), "get", py.Load())


def _module(*body: py.stmt) -> py.Module:
    return py.fix_missing_locations(py.Module(list(body), []))


def test_a_hoisted_getter_becomes_the_table_only_when_every_use_is_a_read():
    it = lambda: py.Name("_it", py.Load())  # noqa: E731
    tree = _module(py.Assign([py.Name("_it", py.Store())], _getter()),
                   py.Expr(py.Compare(_read(it(), "cost"), [py.Lt()], [_read(it(), "vp")])))
    assert py.unparse(with_printed_table(tree)) == "_it = card_def[_c].printed\n_it['cost'] < _it['vp']"
    other = _module(py.Assign([py.Name("_it", py.Store())], _getter()),
                    py.Expr(_read(it(), "cost")), py.Expr(py.Call(it(), [py.Constant("x"), py.Constant(1)], [])))
    assert py.unparse(with_printed_table(other)).count(".props.get") == 1  # the getter left a call
    direct = _module(py.Expr(_read(_getter(), "cost")), py.Expr(_read(_getter(), "vp", table=False)))
    assert py.unparse(with_printed_table(direct)) == "card_def[_c].printed['cost']\ncard_def[_c].props.get('vp', 0)"


def test_the_same_games_with_it_off(games):
    assert_same_games(*games, bots=("reader", "palace-rusher"), seeds=range(4))
