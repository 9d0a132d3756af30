"""Every statement and expression class of the syntax tree has a rule in every phase that walks the tree, and a
node of a class without one raises NoRule (an internal error naming the class and the phase), never a silent
default: a statement added to the grammar without its rules text would otherwise print nothing on its card.

The classes come from the modules that define them (syntax/ast_stmts.py, ast_exprs.py), not from a list here,
so a new class fails this test until each phase has a rule for it or the allow-list below says, with a reason,
why that phase never meets it.

So a statement added end to end touches its phase files: its grammar rule (syntax/grammar.lark), its class
(syntax/ast_stmts.py, joining `ast.Stmt`; tests/syntax/test_ast_modules.py checks syntax/ast.py names it) and
its tree builder (syntax/to_ast_stmts.py); then one rule in each table below: checking and compiling
(compile/scope.py STMT_RULES, its rule beside its kind's in compile/statements.py, calls.py or
decisions.py), the rules text (compile/describe/, STMT_TEXT), the sheet's glossary (render/build.py) and a
modifier's check (primitives/modify.py). A rule that lowers to IR nodes no statement had before adds them
(compile/ir/nodes*.py) with their emitter rules (compile/ir/emit*.py: tests/compile/test_ir.py checks every
IR node class has one, and an unknown one raises). The analyses that know some statements by class leave an
unknown one as it is (compile/lift.py, primitives/modify_targets.py); compile/checks.py flat_verbs asks its
table RUNS_BESIDES_CALLS what a statement runs besides its calls (`attack`: the `on attack` rules), so a new
statement says whether it runs abilities before the pass flat-verbs can call a verb around it flat.
"""
from __future__ import annotations

import typing

import pytest

from cardlang.compile import checks
from cardlang.compile.checks import RUNS_BESIDES_CALLS, flat_verbs
from cardlang.compile.compiler import Compiler
from cardlang.compile.describe import cond_text, describe_block, describe_stmt, expr_text
from cardlang.compile.describe.doc import COND_TEXT, STMT_TEXT
from cardlang.compile.describe.exprs import EXPR_TEXT
from cardlang.compile.scope import EXPR_RULES, STMT_RULES, Scope
from cardlang.errors import Span
from cardlang.primitives.modify import MODIFIER_RULES, modified_properties
from cardlang.render.build import GLOSSARY_RULES
from cardlang.syntax import ast, ast_exprs, ast_stmts
from cardlang.syntax.ast_exprs import span_field
from cardlang.syntax.nodes import node
from cardlang.syntax.rules import NoRule, Rules
from cardlang.syntax.walk import nodes as walk_nodes

# Parts of a construct, read by its parent's rule and never dispatched on their own: a block is walked
# statement by statement (Compiler.block, describe_block), an option or an outcome case by its `choose` or
# call, a keyword argument by its call, a quantity and the options of a decision by their `choose`.
STATEMENT_PARTS = {ast.Block, ast.OptionBlock, ast.Kwarg, ast.Case}
EXPRESSION_PARTS = {ast.Quantity, ast.ChooseOpts}


def _classes(module) -> set[type]:
    return {c for c in ast.node_classes() if c.__module__ == module.__name__}


STATEMENTS = _classes(ast_stmts) - STATEMENT_PARTS
EXPRESSIONS = _classes(ast_exprs) - EXPRESSION_PARTS

# Each phase that walks the tree: its table and the classes it must have a rule for. The bots' compiler
# (compile/botgen.py) has no table of its own: it compiles a rule's conditions with the compiler's expression
# rules (Compiler.expr), so EXPR_RULES covers it. The conditions' words (doc.COND_TEXT) are not listed: that
# table words the conditions only, and every other expression reads as its value through EXPR_TEXT.
PHASES: list[tuple[Rules, set[type]]] = [
    (EXPR_RULES, EXPRESSIONS),
    (STMT_RULES, STATEMENTS),
    (EXPR_TEXT, EXPRESSIONS),
    (STMT_TEXT, STATEMENTS),
    # the glossary walks whole cards, parts and all
    (GLOSSARY_RULES, STATEMENTS | EXPRESSIONS | STATEMENT_PARTS | EXPRESSION_PARTS),
    # a modifier's check reads its statements; their expressions are the compiler's to check
    (MODIFIER_RULES, STATEMENTS),
    # which verbs can never run inside themselves (the pass flat-verbs)
    (RUNS_BESIDES_CALLS, STATEMENTS),
]


def test_the_parts_are_what_the_syntax_calls_neither_statement_nor_expression() -> None:
    """The allow-lists of parts are pinned to the syntax's own unions: a new statement class must join
    `ast.Stmt` (and so every phase), not slip in as a part."""
    assert STATEMENTS == set(typing.get_args(ast.Stmt))
    assert EXPRESSIONS == set(typing.get_args(ast.Expr))


@pytest.mark.parametrize("table, must", PHASES, ids=[t.phase for t, _ in PHASES])
def test_every_node_class_has_a_rule_in_every_phase(table: Rules, must: set[type]) -> None:
    missing = sorted(c.__name__ for c in must if c not in table)
    assert not missing, f"{table.phase} has no rule for {', '.join(missing)}"


def test_conditions_are_worded_by_rules_for_expression_classes() -> None:
    assert set(COND_TEXT) <= EXPRESSIONS


@node
class Unheard:
    """A node class no phase knows, as one added to the syntax without its rules would be."""

    span: Span = span_field()


def _raises_no_rule(table: Rules, call) -> None:
    with pytest.raises(NoRule) as caught:
        call()
    assert caught.value.phase == table.phase and caught.value.node_class is Unheard
    assert "Unheard" in str(caught.value) and table.phase in str(caught.value)


def test_an_unknown_node_raises_in_the_compiler() -> None:
    _raises_no_rule(EXPR_RULES, lambda: Compiler.expr(None, Unheard(), Scope()))

    class Stand:  # the one attribute stmt_item reads before its rule
        stmt_rules = Compiler.stmt_rules
    _raises_no_rule(STMT_RULES, lambda: Compiler.stmt_item(Stand(), Unheard(), Scope()))


def test_an_unknown_node_raises_in_the_rules_text() -> None:
    _raises_no_rule(STMT_TEXT, lambda: describe_stmt(Unheard(), None, "you"))
    _raises_no_rule(STMT_TEXT, lambda: describe_block(ast.Block((Unheard(),)), None, "you"))  # on a card
    _raises_no_rule(EXPR_TEXT, lambda: expr_text(Unheard(), None, "you"))
    _raises_no_rule(EXPR_TEXT, lambda: cond_text(Unheard(), None, "you"))  # read as a value, which it has not


def test_an_unknown_node_raises_in_the_sheets_glossary() -> None:
    def walk() -> None:  # as render/build.py walks a card
        for n in walk_nodes(ast.Block((Unheard(),))):
            GLOSSARY_RULES(n, None)
    _raises_no_rule(GLOSSARY_RULES, walk)


def test_an_unknown_node_raises_in_a_modifiers_check() -> None:
    card = ast.CardDecl("Probe", ("Thing",), (), (), (ast.Trigger("modify", "board", ast.Block((Unheard(),)),
                                                                  False),), None)
    _raises_no_rule(MODIFIER_RULES, lambda: modified_properties([card], []))


def test_an_unknown_statement_raises_in_the_flat_verbs_check(monkeypatch: pytest.MonkeyPatch) -> None:
    # Unheard joins the statements the check asks about, as a class added to `ast.Stmt` would
    monkeypatch.setattr(checks, "_STATEMENTS", (*checks._STATEMENTS, Unheard))
    verb = ast.VerbDecl("probe", (), None, ast.Block((Unheard(),)))
    _raises_no_rule(RUNS_BESIDES_CALLS, lambda: flat_verbs({"probe": verb}, [], [], [], False))


def test_attack_is_a_path_to_the_on_attack_rules() -> None:
    """A verb whose `attack` runs a reaction that calls it back is not flat; without the reaction it is."""
    call = ast.Call("probe", (), ())
    attack = ast.Attack("p", ast.NameRef("opponents"), ast.Block(()))
    verb = ast.VerbDecl("probe", (), None, ast.Block((attack,)))
    reaction = ast.Trigger("attack", "hand", ast.Block((call,)), False)
    assert flat_verbs({"probe": verb}, [], [reaction], [], False) == set()
    assert flat_verbs({"probe": verb}, [], [], [], False) == {"probe"}


def test_a_table_refuses_two_rules_for_one_class() -> None:
    table = Rules("a test phase")
    table.rule(ast.Break)(lambda n: "")
    with pytest.raises(AssertionError, match="two rules for Break"):
        table.rule(ast.Break)(lambda n: "")
