"""Conditions as clauses: "Widget is a Treasure", "there are no Widget cards in the supply", "no other
player has any debt", "the game is played with the Quick variant". Each condition class has its rule in
doc.COND_TEXT, which exprs.cond_text reads (any other expression reads as the value it is); filled here, above
exprs.py, so that imports point one way. Knows no statement and no game."""
from __future__ import annotations

from cardlang.syntax import ast
from cardlang.compile.describe.doc import COND_TEXT, current_doc
from cardlang.compile.describe.words import _a, _or
from cardlang.compile.describe.labels import _have, _type_noun, variant_label
from cardlang.compile.describe.exprs import _cards_phrase, _function_text, cond_text, expr_text


@COND_TEXT.rule(ast.Is)
def _is_text(e: ast.Is, comp, who: str) -> str:
    noun = _type_noun(e.type_name, comp)
    verb = "is" if expr_text(e.value, comp, who) not in ("they", "you") else "are"
    return f"{expr_text(e.value, comp, who)} {verb} {'not ' if e.negated else ''}{_a(noun)}"


@COND_TEXT.rule(ast.Compare)
def _compare_text(e: ast.Compare, comp, who: str) -> str:
    counted = _count_compare(e, comp, who)
    if counted:
        return counted
    have = _have(e, comp, who)
    if have:
        return have
    op = {"==": "is", "!=": "is not", "<": "is less than", "<=": "is at most", ">": "is more than",
          ">=": "is at least"}[e.op]
    return f"{expr_text(e.left, comp, who)} {op} {expr_text(e.right, comp, who)}"


@COND_TEXT.rule(ast.And)
def _and_text(e: ast.And, comp, who: str) -> str:
    return f"{cond_text(e.left, comp, who)} and {cond_text(e.right, comp, who)}"


@COND_TEXT.rule(ast.Or)
def _or_text(e: ast.Or, comp, who: str) -> str:
    return f"{cond_text(e.left, comp, who)} or {cond_text(e.right, comp, who)}"


@COND_TEXT.rule(ast.Not)
def _not_text(e: ast.Not, comp, who: str) -> str:
    doc = current_doc()
    if isinstance(e.value, ast.NameRef) and e.value.name in doc.names:
        return f"there is no {e.value.name}" if doc.names[e.value.name] != "it" else "there is none"
    return f"not {cond_text(e.value, comp, who)}"


@COND_TEXT.rule(ast.In)
def _in_cond_text(e: ast.In, comp, who: str) -> str:
    return f"{expr_text(e.item, comp, who)} is in {expr_text(e.container, comp, who)}"


@COND_TEXT.rule(ast.NameRef)
def _name_cond_text(e: ast.NameRef, comp, who: str) -> str:
    """A counter: "you have any debt"; a variant: "the game is played with the Quick variant"; a local
    (a pick): "you did"."""
    if e.name in comp.spec.counters:
        return f"{'you have' if who == 'you' else 'they have'} any {e.name.replace('_', ' ')}"
    if e.name in comp.spec.variants:  # `if blitz { ... }`
        return f"the game is played with the {variant_label(comp.spec.variants[e.name])} variant"
    return "you did" if who == "you" else "they did"


_SIZES = {"==": ("exactly", "no"), ">=": ("at least", None), "<=": ("at most", "no"), ">": ("more than", None),
          "<": ("fewer than", None), "!=": ("not exactly", None)}


def _count_compare(e: ast.Compare, comp, who: str) -> str | None:
    """`count(Widget in supply) == 0` -> "there are no Widget cards in the supply"."""
    f = e.left
    if isinstance(f, ast.NameRef) and f.name in current_doc().values:  # `let truce = count(...);` read in place
        f = current_doc().values[f.name]
    counts = _summed_counts(f)
    if counts and isinstance(e.right, ast.IntLit) and (e.op, e.right.value) in ((">", 0), (">=", 1)):
        places = _or(_unique([expr_text(a, comp, who) for a in counts]))
        return f"there is a card in {places}"  # `count(a) + count(b) > 0`
    if not (isinstance(f, ast.Func) and f.args and isinstance(e.right, ast.IntLit)):
        return None
    n = e.right.value
    word, zero = _SIZES[e.op]
    amount = zero if n == 0 and zero else f"{word} {n}"
    if f.name == "count":
        players = _players_compare(f.args[0], e.op, n, comp)
        if players:
            return players
        if isinstance(f.args[0], ast.NameRef) and f.args[0].name in ("players", "others"):
            who_n = "player" if n == 1 and amount != "no" else "players"
            other = "other " if f.args[0].name == "others" else ""
            return f"there {'is' if who_n == 'player' else 'are'} {amount} {other}{who_n}"
        if (e.op, n) in ((">", 0), (">=", 1)):  # "there is a Widget card in your hand"
            what = _cards_phrase(f.args[0], comp, who, bare=True, one=True, either=True)
            if not what.startswith(("card you", "card they")):
                return f"there is {_a(what)}"
        what = _cards_phrase(f.args[0], comp, who, bare=True, one=(n == 1 and amount != "no"))
        if what.startswith(("you ", "they ")):  # "cards you own"
            what = "cards " + what
        return f"there {'is' if n == 1 and amount != 'no' else 'are'} {amount} {what}"
    noun = _function_text(f, comp, who, noun_only=True)
    if noun:
        return f"there are {amount} {noun} in {expr_text(f.args[0], comp, who)}"
    return None


def _summed_counts(e: ast.Expr) -> list[ast.Expr]:
    """`count(a) + count(b)` -> [a, b] when each counts a zone; [] otherwise."""
    if isinstance(e, ast.BinOp) and e.op == "+":
        a, b = _summed_counts(e.left), _summed_counts(e.right)
        return a + b if a and b else []
    if isinstance(e, ast.Func) and e.name == "count" and len(e.args) == 1 \
            and isinstance(e.args[0], (ast.NameRef, ast.Attr)):
        return [e.args[0]]
    return []


def _unique(items: list[str]) -> list[str]:
    return list(dict.fromkeys(items))


def _players_compare(arg: ast.Expr, op: str, n: int, comp) -> str | None:
    """`count(others where player.debt > 0) == 0` -> "no other player has any debt"; `> 0` -> "another
    player has ..."; other sizes -> "at least 2 other players have ..."."""
    if not (isinstance(arg, ast.Where) and isinstance(arg.source, ast.NameRef)
            and arg.source.name in ("others", "players")):
        return None
    doc = current_doc()
    saved = dict(doc.names)
    doc.names["player"] = "they"
    try:
        pred = cond_text(arg.cond, comp, "they")
    finally:
        doc.names = saved
    if not pred.startswith("they "):
        return None
    pred = pred[len("they "):]
    other = arg.source.name == "others"
    if (op, n) in (("==", 0), ("<=", 0), ("<", 1)):
        return f"no {'other ' if other else ''}player {_third_person(pred)}"
    if (op, n) in ((">", 0), (">=", 1)):
        return f"{'another' if other else 'a'} player {_third_person(pred)}"
    word, _ = _SIZES[op]
    return f"{word} {n} {'other ' if other else ''}players {pred}"


def _third_person(pred: str) -> str:
    """"have any debt" -> "has any debt"; "are ..." -> "is ..."."""
    word, _, rest = pred.partition(" ")
    word = {"have": "has", "are": "is", "do": "does"}.get(word, word)
    return f"{word} {rest}".strip()
