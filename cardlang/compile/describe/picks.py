"""Picks, the leaves of the block writer: a `let` that picks cards (`let x = choose ...;`, `let x = top N of
...;`) is read with the statement that acts on it ("Trash a card from your hand"); these tell a pick and its
parts apart (which statement acts on the pick, whether a verb takes its card from the pick's source by itself),
word the pick's phrase, and record what was done to it. statements.py writes the sentences; this module writes
no block and knows no game."""
from __future__ import annotations

from cardlang.syntax import ast
from cardlang.compile.describe.doc import current_doc
from cardlang.compile.describe.words import _a, _is_number, _past
from cardlang.compile.describe.exprs import _choose_words, _uses, expr_text
from cardlang.compile.describe.labels import _card_name, _is_card_name


def _is_again(st: ast.Stmt, prev: ast.Stmt | None) -> bool:
    """`play c; trigger play c;` -> "Play it again." (the ability runs again without another move)."""
    if not (isinstance(st, ast.Call) and st.verb == "trigger" and len(st.args) == 2 and prev is not None):
        return False
    ev, what = st.args
    if not (isinstance(ev, ast.NameRef) and isinstance(what, ast.NameRef)):
        return False
    if isinstance(prev, ast.Let):
        return False
    return isinstance(prev, ast.Call) and prev.verb == ev.name and bool(prev.args) and prev.args[0] == what \
        or (isinstance(prev, ast.Call) and current_doc().done.get(what.name) == _past(ev.name))


def _is_pick(e: ast.Expr) -> bool:
    return isinstance(e, (ast.Choose, ast.TopOf))


def _is_silent(st: ast.Stmt) -> bool:
    return isinstance(st, ast.Let) and not _is_pick(st.value)


def _acts_on(st: ast.Stmt, name: str) -> bool:
    return isinstance(st, ast.Call) and bool(st.args) and isinstance(st.args[0], ast.NameRef) \
        and st.args[0].name == name and st.verb != "trigger"


def _is_break_unless(st: ast.Stmt, name: str) -> bool:
    """`if not x { break; }`"""
    return isinstance(st, ast.If) and isinstance(st.cond, ast.Not) and isinstance(st.cond.value, ast.NameRef) \
        and st.cond.value.name == name and len(st.then.stmts) == 1 and isinstance(st.then.stmts[0], ast.Break) \
        and st.else_ is None


def _pick_source(x: ast.Expr) -> ast.Expr | None:
    if isinstance(x, ast.Choose):
        return x.source.source if isinstance(x.source, ast.Where) else x.source
    return None


def _first_of_if(st: ast.Stmt | None, name: str) -> list[ast.Stmt]:
    if isinstance(st, ast.If) and isinstance(st.cond, ast.NameRef) and st.cond.name == name:
        return [s for s in st.then.stmts if not _is_silent(s)][:1]
    return []


def _implies(st: ast.Call, source: ast.Expr | None, comp) -> bool:
    """True when the game verb itself takes its card from SOURCE, so the sentence need not say where from."""
    decl = comp.spec.verbs.get(st.verb)
    return decl is not None and isinstance(source, ast.NameRef) and source.name in comp.spec.zones \
        and _uses(decl.body, source.name)


def _acted(name: str, verb: str) -> None:
    doc = current_doc()
    doc.names[name] = "it"
    doc.done[name] = _past(verb)


def _pick_phrase(x: ast.Expr, comp, who: str) -> tuple[str, bool]:
    """("a Treasure card from your hand", optional?) for a choose or a top-of."""
    if isinstance(x, ast.TopOf):
        if isinstance(x.zone, ast.In) and _is_card_name(x.zone.item, comp):
            name = _card_name(x.zone.item, comp)
            return f"{_a(name)} from {expr_text(x.zone.container, comp, who)}", False
        if isinstance(x.zone, ast.In) and _is_number(expr_text(x.count, comp, who)):
            n = expr_text(x.count, comp, who)
            what = expr_text(x.zone.item, comp, who)
            return f"{what if n == '1' else n + ' of ' + what} from {expr_text(x.zone.container, comp, who)}", False
        return expr_text(x, comp, who), False
    return _choose_words(x, comp, who)
