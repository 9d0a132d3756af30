"""compile/pytree.py: the fast walk, copy and rewrites the code rewrites use must do what the `ast` module's
own helpers do (the generated code is byte-identical with either: `cardlang compile` shows it)."""
from __future__ import annotations

import ast as py

import pytest

from cardlang.compile import pytree
from cardlang.compile.codegen import source_of
from cardlang.compile.game import load_game

# Python of the shapes generated code holds: nested blocks, an except, a comprehension, a lambda, slices
SAMPLE = '''
def run_block(ctx, _a0):
    _st = ctx.state
    for _c in _st.zones[3][ctx.you]:
        if _st.card_def[_c].cost > 2 and not _st.listeners:
            ctx.vars["n"] = [x + 1 for x in _a0 if x]
        else:
            pass
    try:
        f = lambda y: y * ctx.state.turn
    except KeyError as e:
        raise ValueError(e) from None
    while _a0[1:2]:
        break
    return {k: v for k, v in ctx.vars.items()}
'''


@pytest.fixture(scope="module")
def trees() -> list[py.AST]:
    """The sample and every generated module of one real game."""
    game = load_game("greedy-kingdoms")
    made = [g.tree for g in game.generated][:60]
    assert made, "the game generated no code"
    return [py.parse(SAMPLE)] + made


def test_walk_yields_what_ast_walk_yields_in_its_order(trees):
    for tree in trees:
        assert [id(n) for n in pytree.walk(tree)] == [id(n) for n in py.walk(tree)]


def test_walk_all_walks_each_tree_in_turn(trees):
    a, b = trees[0].body[0].body[:2]
    assert [id(n) for n in pytree.walk_all([a, b])] == [id(n) for n in py.walk(a)] + [id(n) for n in py.walk(b)]


def test_copy_listed_is_equal_shares_no_node_and_lists_every_node(trees):
    for tree in trees:
        new, nodes = pytree.copy_listed(tree)
        assert py.dump(new, include_attributes=True) == py.dump(tree, include_attributes=True)
        old_ids = {id(n) for n in py.walk(tree)}
        assert not old_ids & {id(n) for n in py.walk(new)}
        assert sorted(map(id, nodes)) == sorted(map(id, py.walk(new)))
        assert nodes[0] is new


def test_copy_listed_unshares_a_subtree_reached_twice():
    shared = py.Name("x", py.Load())
    tree = py.Module([py.Expr(py.BinOp(shared, py.Add(), shared))], [])
    new, _ = pytree.copy_listed(tree)
    op = new.body[0].value
    assert op.left is not op.right and py.dump(op.left) == py.dump(shared)


def _state_reads(n: py.AST) -> py.AST | None:
    if isinstance(n, py.Attribute) and n.attr == "state" and isinstance(n.value, py.Name) and n.value.id == "ctx":
        return py.Name("_state", py.Load())
    return None


class _Transformer(py.NodeTransformer):
    def visit_Attribute(self, node):
        return _state_reads(node) or self.generic_visit(node)


def test_replace_and_replace_children_rewrite_as_a_node_transformer_does():
    want = py.dump(_Transformer().visit(py.parse(SAMPLE)))
    tree = py.parse(SAMPLE)
    pytree.replace(tree, _state_reads)
    assert py.dump(tree) == want
    new, nodes = pytree.copy_listed(py.parse(SAMPLE))
    pytree.replace_children(nodes, _state_reads)
    assert py.dump(new) == want
    assert "ctx.state" not in py.unparse(new) and py.unparse(new).count("_state") == 2


def test_replace_does_not_look_into_what_it_put_in():
    tree = py.parse("a + b")
    seen = []

    def new_for(n):
        seen.append(type(n).__name__)
        return py.Name("c", py.Load()) if isinstance(n, py.BinOp) else None
    pytree.replace(tree, new_for)
    assert py.unparse(tree) == "c" and "Name" not in seen


def test_the_listing_of_a_game_shows_the_rewritten_functions():
    """The rewrites (fnlocals.py) run on the copies: the kept tree still reads ctx.state, the listing not."""
    game = load_game("greedy-kingdoms")
    g = next(g for g in game.generated if "_state = ctx.state" in source_of(g))
    assert not [n for n in py.walk(g.tree) if isinstance(n, py.Name) and n.id == "_state"]


def test_count_stops_at_enough():
    tree = py.parse(SAMPLE)
    names = [n for n in py.walk(tree) if isinstance(n, py.Name)]
    assert pytree.count([tree], lambda n: isinstance(n, py.Name), 10 ** 6) == len(names)
    assert pytree.count([tree], lambda n: isinstance(n, py.Name), 3) == 3
    assert pytree.count(tree.body[0].body[:1], _state_reads_seen, 5) == 1


def _state_reads_seen(n: py.AST) -> bool:
    return _state_reads(n) is not None


def test_copy_listed_swaps_the_nodes_it_is_given_and_lists_them():
    want = py.dump(_Transformer().visit(py.parse(SAMPLE)))
    new, nodes = pytree.copy_listed(py.parse(SAMPLE), {py.Attribute: _state_reads})
    assert py.dump(new) == want
    swapped = [n for n in nodes if isinstance(n, py.Name) and n.id == "_state"]
    inside = {id(c) for n in swapped for c in py.walk(n) if c is not n}  # (a swap is listed, not looked into)
    assert len(swapped) == 2 and sorted(map(id, nodes)) == sorted(id(n) for n in py.walk(new) if id(n) not in inside)


def test_replace_asks_of_an_opaque_node_but_does_not_look_into_it():
    """OPAQUE (samereads.py: a comprehension or a lambda is a function of its own): `x` is replaced outside the
    comprehension only, and the comprehension itself is still offered."""
    tree = py.parse("x + sum([x for y in z]) + (lambda: x)()", mode="eval")
    offered = []

    def new_for(n):
        offered.append(type(n))
        return py.Name("k", py.Load()) if isinstance(n, py.Name) and n.id == "x" else None
    pytree.replace(tree, new_for, opaque=(py.ListComp, py.Lambda))
    assert py.unparse(tree) == "k + sum([x for y in z]) + (lambda: x)()"
    assert py.ListComp in offered and py.Lambda in offered
    pytree.replace(tree, new_for)
    assert py.unparse(tree) == "k + sum([k for y in z]) + (lambda: k)()"


def test_with_functions_copies_only_the_functions_it_rewrites():
    tree = py.parse("def f():\n    a = 1\ndef g():\n    b = 2\nx = 3")
    before = py.dump(tree)
    out = pytree.with_functions(tree, lambda fn: [py.Pass()] if fn.name == "g" else None)
    assert py.dump(tree) == before  # the rules' tree is never changed
    assert py.unparse(out) == "def f():\n    a = 1\n\ndef g():\n    pass\nx = 3"
    assert out.body[0] is tree.body[0] and out.body[1] is not tree.body[1] and out.body[2] is tree.body[2]


def test_fresh_names_skip_the_names_taken():
    names = pytree.fresh_names(py.parse("_any0 = _any2 = _anything = 1"), "_any")
    assert [next(names) for _ in range(3)] == ["_any1", "_any3", "_any4"]
