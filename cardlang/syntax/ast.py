"""The typed syntax tree: one frozen record per construct (syntax/nodes.py), each with the span of its source text. This is
the one module the rest of cardlang imports nodes from (`from cardlang.syntax import ast`, then `ast.Call`);
the node classes live by kind in ast_exprs.py, ast_stmts.py (with BINDERS, `bound_name` and `written_name`:
which statements bind a name) and ast_decls.py. Here too: how a tree is pickled
into the user's cache (syntax/cached.py).

Shape only: nothing here resolves a name or knows a game. Spans do not take part in equality, so two
trees parsed from differently laid-out text compare equal.
"""
from __future__ import annotations

from cardlang.syntax import ast_decls, ast_exprs, ast_stmts
from cardlang.syntax.ast_decls import (BotDecl, BotRule, CardDecl, CounterDecl, Decl, EventDecl, GameDecl, Option,
                                       Param, PoolDecl, Pref, Prop, PropertyDecl, ScenarioDecl, SourceFile, Trigger,
                                       VariantDecl, VerbDecl, ZoneDecl)
from cardlang.syntax.ast_exprs import (And, Attr, BinOp, BoolLit, Choose, ChooseOpts, Compare, Expr, Func, In, IntLit,
                                       Is, ListLit, NameRef, Neg, Not, Or, Quantity, StrLit, TESTS, TopOf, Where)
from cardlang.syntax.ast_stmts import (BINDERS, Assign, Attack, Block, Break, Call, Case, ChooseOption, For, If, Kwarg,
                                       Let, May, OptionBlock, Phase, Repeat, Simultaneous, Stmt, While, bound_name,
                                       written_name)

__all__ = [
    "And", "Attr", "BinOp", "BoolLit", "Choose", "ChooseOpts", "Compare", "Expr", "Func", "In", "IntLit", "Is",
    "ListLit", "NameRef", "Neg", "Not", "Or", "Quantity", "StrLit", "TopOf", "Where", "TESTS",
    "Assign", "Attack", "Block", "Break", "Call", "Case", "ChooseOption", "For", "If", "Kwarg", "Let", "May",
    "OptionBlock", "Phase", "Repeat", "Simultaneous", "Stmt", "While", "BINDERS", "bound_name", "written_name",
    "BotDecl", "BotRule", "CardDecl", "CounterDecl", "Decl", "EventDecl", "GameDecl", "Option", "Param", "PoolDecl",
    "Pref", "Prop", "PropertyDecl", "ScenarioDecl", "SourceFile", "Trigger", "VariantDecl", "VerbDecl", "ZoneDecl",
]

NODE_MODULES = (ast_exprs, ast_stmts, ast_decls)


# ---- pickling a tree (syntax/cached.py) -----------------------------------------------------------------
# A node is pickled as its class and its field values, and unpickled by its __init__ (slotted state, looked up
# field by field for every node, made a cached load slower by half).
def _reduce(node):
    return (type(node), tuple([getattr(node, f) for f in type(node).__node_fields__]))


def node_classes() -> list[type]:
    """Every node class, from the modules that define them (not this one's names, which a new class could miss)."""
    return [c for m in NODE_MODULES for c in vars(m).values()
            if isinstance(c, type) and c.__module__ == m.__name__ and hasattr(c, "__node_fields__")]


for _cls in node_classes():
    _cls.__reduce__ = _reduce  # type: ignore[method-assign]
del _cls
