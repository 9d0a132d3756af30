"""The node classes live in three modules (ast_exprs, ast_stmts, ast_decls) and are used through one
(cardlang.syntax.ast): every class must be reachable there and pickle by its fields (syntax/cached.py)."""
from __future__ import annotations

import pickle

from cardlang.syntax import ast
from cardlang.syntax.parser import parse


def test_every_node_class_is_named_by_the_ast_module_and_pickled_by_its_fields() -> None:
    classes = ast.node_classes()
    assert len(classes) == len({c.__name__ for c in classes}) > 50
    for cls in classes:
        assert getattr(ast, cls.__name__) is cls, cls
        assert cls.__reduce__ is ast._reduce, cls
    # and the unions, and what the syntax says once about its classes: which bind a name, which are tests
    assert set(ast.__all__) == {c.__name__ for c in classes} | {"Expr", "Stmt", "Decl"} \
        | {"BINDERS", "bound_name", "written_name", "TESTS"}


def test_a_tree_round_trips_through_pickle() -> None:
    text = 'card A { cost 1; types Action; on play { let n = 2; if n > 1 { draw n; } } }\n'
    tree = parse(text, "a.card")
    again = pickle.loads(pickle.dumps(tree, protocol=pickle.HIGHEST_PROTOCOL))
    assert again == tree and again.decls[0].triggers[0].body.span == tree.decls[0].triggers[0].body.span


def test_a_tree_round_trips_through_the_caches_data_with_every_span_whole() -> None:
    from dataclasses import fields

    from cardlang.errors import Span
    from cardlang.syntax.cached import tree_data, tree_from_data
    from cardlang.syntax.walk import nodes
    text = 'card A { cost 1; types Action; on play { let n = 2; if n > 1 { draw n; } } }\n'
    tree = parse(text, "a.card")
    again = tree_from_data(tree_data(tree), "a.card")
    assert again == tree
    # (spans are made field by field, without Span's __init__: a field added to Span must be decoded too)
    field_names = [f.name for f in fields(Span)]
    assert field_names == ["path", "line", "column", "end_line", "end_column"]
    pairs = [(a, b) for a, b in zip(nodes(tree), nodes(again)) if hasattr(a, "span")]
    assert len(pairs) > 10
    for a, b in pairs:
        assert type(b.span) is Span and b.span == a.span
        assert [getattr(b.span, f) for f in field_names] == [getattr(a.span, f) for f in field_names]
