"""Yes/no counters read as sentences. A counter declared with `flag "have fallen" "have not fallen"` (and
`max 1`) is tested in conditions as `fallen == 0`, `p.fallen > 0` or plainly `if attacked`; instead of "you
have no fallen" or "their fallen is 0", the condition reads "you have not fallen", "they have fallen". The
game gives both sentences in the "you" form (a shared counter's as whole sentences); another subject ("this
card", "the player") gets the verb conjugated. Knows only the shapes of those conditions, no game."""
from __future__ import annotations

from typing import Callable

from cardlang.syntax import ast
from cardlang.compile.describe.doc import current_doc
from cardlang.compile.describe.words import third_person_phrase

_YES = {("==", 1), (">", 0), (">=", 1), ("!=", 0)}
_NO = {("==", 0), ("<=", 0), ("<", 1), ("!=", 1)}


def flag_test(e: ast.Expr, comp) -> tuple[tuple[str, str], ast.Expr | None, bool, bool] | None:
    """((yes, no), the counter's owner expression or None for the reader's own, tested for yes?, shared?)
    when E tests a flag counter; None otherwise."""
    negated = False
    if isinstance(e, ast.Not):
        e, negated = e.value, True
    if isinstance(e, (ast.NameRef, ast.Attr)):
        e = ast.Compare(">", e, ast.IntLit(0))
    if not (isinstance(e, ast.Compare) and isinstance(e.right, ast.IntLit)):
        return None
    left = e.left
    if isinstance(left, ast.NameRef) and left.name in current_doc().values:  # `let back = retaliate;` read in place
        left = current_doc().values[left.name]
    name = left.name if isinstance(left, (ast.NameRef, ast.Attr)) else None
    if isinstance(left, ast.Attr) and not isinstance(left.obj, ast.NameRef):
        return None
    spec = comp.spec.counters.get(name) if name else None
    if spec is None or spec.flag is None:
        return None
    key = (e.op, e.right.value)
    if key not in _YES and key not in _NO:
        return None
    owner = left.obj if isinstance(left, ast.Attr) else None
    return spec.flag, owner, (key in _YES) != negated, not (spec.per_player or spec.per_card)


def flag_sentence(words: tuple[str, str], subject: str | None, yes: bool) -> str:
    """"you" + "have fallen" -> "you have fallen"; "this card" + "have been used" -> "this card has been
    used"; a shared counter's sentence (SUBJECT None) is whole: "the ability was blocked"."""
    phrase = words[0] if yes else words[1]
    if subject is None:
        return phrase
    if subject not in ("you", "they"):
        phrase = third_person_phrase(phrase)
    return f"{subject} {phrase}"


def flag_text(e: ast.Expr, comp, who: str, text_of: Callable[[ast.Expr, object, str], str]) -> str | None:
    """The sentence of condition E when it tests a flag counter, else None; TEXT_OF writes a subject that is
    an expression (exprs.expr_text, passed in so that imports point one way)."""
    flag = flag_test(e, comp)
    if flag is None:
        return None
    words, owner, yes, shared = flag
    subject = None if shared else who if owner is None else _subject(owner, comp, who, text_of)
    return flag_sentence(words, subject, yes)


def _subject(owner: ast.Expr, comp, who: str, text_of) -> str:
    """Who a counter `OWNER.flag` belongs to, as a subject: "you", "they", "your left-hand neighbour"."""
    own = who == "you" and current_doc().names.get(getattr(owner, "name", "")) == "you"
    if isinstance(owner, ast.NameRef) and (owner.name == "you" or own):
        return "you"
    if isinstance(owner, ast.NameRef) and owner.name in ("left", "right") and owner.name not in current_doc().names:
        return f"your {owner.name}-hand neighbour"
    text = text_of(owner, comp, who)
    return "they" if text in ("them", "their") else text
