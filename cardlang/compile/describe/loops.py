"""Loops as sentences: `attack` ("Each other player discards ..."), `for` over players, cards or numbers,
`repeat` and `while`. Their rules fill the statement table (doc.STMT_TEXT) beside statements.py's, and their
bodies are written through doc.nested_block / nested_parts, so imports point one way. Knows no game."""
from __future__ import annotations

import re

from cardlang.syntax import ast
from cardlang.syntax.walk import nodes as walk_nodes
from cardlang.compile.describe.doc import STMT_TEXT, current_doc, nested_block, nested_parts
from cardlang.compile.describe.words import _each, lower_first
from cardlang.compile.describe.exprs import card_filter, find_node, cond_text, expr_text


@STMT_TEXT.rule(ast.Attack)
def _attack_text(st: ast.Attack, comp, who: str) -> str:
    parts = nested_parts(st.body.stmts, comp, "they")
    return _each("Each other player", parts) if parts else ""


@STMT_TEXT.rule(ast.Repeat)
def _repeat_text(st: ast.Repeat, comp, who: str) -> str:
    body = nested_block(st.body, comp, who)
    return f"{expr_text(st.count, comp, who)} times: {body}" if body else ""


@STMT_TEXT.rule(ast.While)
def _while_text(st: ast.While, comp, who: str) -> str:
    body = nested_block(st.body, comp, who)
    if isinstance(st.cond, ast.NameRef) and _goes_on_by_choice(st.body, st.cond.name):
        # `while going { ...; going = false; may { ...; going = true; } }`: the loop goes on while a
        # player says yes, which is what the reader must be told (never "Repeat while you did")
        return f"Repeat while you choose to go on: {lower_first(body)}" if body else ""
    return f"Repeat while {cond_text(st.cond, comp, who)}: {lower_first(body)}" if body else ""


def _goes_on_by_choice(body: ast.Block, name: str) -> bool:
    """NAME (a local) is set true only inside a `may` block of BODY."""
    sets = [n for n in walk_nodes(body) if isinstance(n, ast.Assign) and n.target == (name,)
            and isinstance(n.value, ast.BoolLit) and n.value.value]
    in_may = [n for m in walk_nodes(body) if isinstance(m, ast.May) for n in walk_nodes(m.body)
              if isinstance(n, ast.Assign) and n.target == (name,)
              and isinstance(n.value, ast.BoolLit) and n.value.value]
    return bool(sets) and len(sets) == len(in_may)


@STMT_TEXT.rule(ast.For)
def _for_text(st: ast.For, comp, who: str) -> str:
    doc = current_doc()
    it = st.iterable
    if isinstance(it, ast.NameRef) and it.name in ("others", "players") and st.var \
            and find_node(st.body, lambda n: isinstance(n, ast.Call)
                      and any(isinstance(a, ast.NameRef) and a.name == st.var for a in n.args)):
        # `for d in others { battle d; }`: you act on each of them ("For each other player: battle them.")
        doc.names[st.var] = "them"
        body = nested_block(st.body, comp, who)
        subject = "each other player" if it.name == "others" else "each player"
        return f"For {subject}: {lower_first(body)}" if body else ""
    if isinstance(it, ast.NameRef) and it.name in ("others", "players") and st.var:
        doc.names[st.var] = "they"
        parts = nested_parts(st.body.stmts, comp, "they")
        subject = "Each other player" if it.name == "others" else "Each player"
        return _each(subject, parts) if parts else ""
    doc.names[st.var] = "it"
    body = nested_block(st.body, comp, who)
    if isinstance(it, ast.ListLit) and it.items and all(isinstance(i, ast.IntLit) for i in it.items) \
            and not re.search(r"\bit\b", body):
        # `for f in [1, 2, 3, 4, 5] { advance p f; }` whose sentence already says "in each front": the loop
        # over numbers is how the rule is carried out, not a step of its own
        return body
    return f"For {_each_phrase(it, comp, who)}: {lower_first(body)}" if body else ""


def _each_phrase(e: ast.Expr, comp, who: str) -> str:
    if isinstance(e, ast.NameRef) and e.name in comp.spec.pools:
        return f"each {e.name.replace('_', ' ')} card"
    if isinstance(e, ast.NameRef) and e.name in comp.spec.zones:
        return f"each card in {expr_text(e, comp, who)}"
    if isinstance(e, ast.Where):
        what, cond = card_filter(e.cond, comp, who)
        src = expr_text(e.source, comp, who)
        return f"each {what}{cond}" + ("" if src == "the cards of the game" else f" in {src}")
    if isinstance(e, ast.NameRef) and e.name == "cards":
        return "each card of the game"
    text = expr_text(e, comp, who)
    return "each of " + ("the cards" if text == "it" else text)
