"""The pass `printed-table` (compile/passes.py, compile/ir/printed_table.py): a card's printed property that every
card of the load holds is read as a subscript of its definition's table of every declared property
(CardDef.printed), not as a call of `props.get(NAME, DEFAULT)`; IR -> IR, and the loops' hoist takes out the same
locals with it as without. The same games."""
from __future__ import annotations

import ast as py

import pytest

from cardlang.compile import codegen as G
from cardlang.compile import hoist as H
from cardlang.compile import pytree
from cardlang.compile.codegen import source_of
from cardlang.compile.game import load_game
from cardlang.compile.ir import nodes as N
from cardlang.compile.ir.emit import emit
from cardlang.compile.ir.printed_table import printed_table
from cardlang.compile.passes import PLAIN
from cardlang.syntax.nodes import replace

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


CARD = N.Var("c", "_c")


def test_the_pass_reads_the_table_only_where_every_card_holds_it():
    held = N.Printed(CARD, "cost", 0, in_table=True)
    assert printed_table(held) == replace(held, table=True)
    assert printed_table(N.Printed(CARD, "vp", 0)) == N.Printed(CARD, "vp", 0)  # some card lacks it: a `get`
    deep = N.Not(N.DefPrinted(N.DefOf(CARD), "cost", 0, in_table=True))
    assert printed_table(deep).value.table


def test_the_emitter_spells_a_table_read_as_a_subscript():
    held = N.Printed(CARD, "cost", 0, in_table=True)
    assert py.unparse(emit(G.Gen("t"), held)) == "ctx.state.card_def[_c].printed['cost']"
    assert py.unparse(emit(G.Gen("t", PLAIN), held)) == "ctx.state.card_def[_c].props.get('cost', 0)"


def _hoisted(gen: G.Gen) -> tuple[list[str], str]:
    """The locals the loops' hoist takes out of `_out += COST + VP + COST` over `_c`, and the body after."""
    reads = {"COST": N.Printed(CARD, "cost", 0, in_table=True), "VP": N.Printed(CARD, "vp", 0, in_table=True)}
    body = py.parse("_out += COST + VP + COST").body[0]
    pytree.replace(body, lambda n: emit(gen, reads[n.id]) if isinstance(n, py.Name) and n.id in reads else None)
    taken = H.share_item_reads(gen, body, "_c", {"_out"})
    return [py.unparse(py.fix_missing_locations(t)) for t in taken], py.unparse(body)


def test_a_loop_takes_out_the_table_not_a_read_as_it_takes_out_the_getter_without_the_pass():
    assert _hoisted(G.Gen("t")) == (["_it0 = ctx.state.card_def[_c].printed"],
                                    "_out += _it0['cost'] + _it0['vp'] + _it0['cost']")
    assert _hoisted(G.Gen("t", PLAIN)) == (["_it0 = ctx.state.card_def[_c].props.get"],
                                          "_out += _it0('cost', 0) + _it0('vp', 0) + _it0('cost', 0)")


def test_the_same_games_with_it_off(games):
    assert_same_games(*games, bots=("reader", "palace-rusher"), seeds=range(4))
