"""How the names a game declares read in rules text: card types and tags ("Magic Item"), variants, card
properties (VP, Strength), zones ("your hand", "the supply"; a deck is put onto, anything else into),
counters (a counter's own word, "you have at least 3 coins") and card names. Reads a name, an attribute of
a name, or a number, never a larger expression (that is exprs.py, which builds on this); knows no game: each
word comes from the game's declarations."""
from __future__ import annotations

import re

from typing import Any

from cardlang.syntax import ast
from cardlang.compile.describe.doc import current_doc
from cardlang.compile.describe.words import plural_of


def prop_label(name: str) -> str:
    """How a card property is printed: short names in capitals (VP), others capitalised (Strength)."""
    return name.upper() if len(name) <= 3 else name.replace("_", " ").capitalize()


_WORD_BREAK = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")


def variant_label(v: ast.VariantDecl) -> str:
    """A variant's name as its description gives it: `variant quick "Quick: ..."` -> "Quick"."""
    if v.text and ":" in v.text:
        return v.text.split(":", 1)[0].strip()
    return type_label(v.name).capitalize()


def type_label(name: str) -> str:
    """How a card type or tag is printed: the rulebook's words with spaces. A type written as one name
    (`MagicItem`, `AgainstAccuse`, `defense_only`) prints as its words ("Magic Item", "Against Accuse")."""
    return _WORD_BREAK.sub(" ", name.replace("_", " "))


def _type_word(name: str, comp) -> str:
    """A type or tag as printed; a card name (`card is Widget`) as it is."""
    return type_label(name) if name in comp.spec.types or name in comp.spec.tags else name


def _type_noun(name: str, comp) -> str:
    """`card is Treasure` -> "Treasure card"; `card is Widget` (a card name) -> "Widget"."""
    return f"{type_label(name)} card" if name in comp.spec.types or name in comp.spec.tags else name


def counter_word(name: str, n: Any, comp=None) -> str:
    spec = comp.spec.counters.get(name) if comp is not None else None
    if spec is not None and spec.words is not None:   # `called "Honor"`: the game's own word, as given
        return spec.words[0] if str(n) == "1" else spec.words[1]
    label = name[:-1] if name.endswith("s") else name
    return plural_of(label.replace("_", " ").capitalize(), n)


def _is_card_name(e: ast.Expr, comp) -> bool:
    """A card's name: `Widget`, or a quoted one with spaces (`"Old Widget"`)."""
    return bool(_card_name(e, comp))


def _card_name(e: ast.Expr, comp) -> str:
    doc = current_doc()
    if isinstance(e, ast.NameRef) and e.name in comp.spec.card_names and e.name not in doc.names:
        return e.name
    if isinstance(e, ast.StrLit) and e.value in comp.spec.card_names:
        return e.value
    return ""


def _is_local_card(e: ast.Expr) -> bool:
    return isinstance(e, ast.NameRef) and e.name in current_doc().names


def _is_zone(e: ast.Expr, comp) -> bool:
    if isinstance(e, ast.NameRef):
        return e.name in comp.spec.zones and e.name not in current_doc().names
    return isinstance(e, ast.Attr) and e.name in comp.spec.zones


def _onto(z: ast.Expr, comp) -> str:
    """A face-down pile (a deck) is put onto; anything else into."""
    n = z.name if isinstance(z, (ast.NameRef, ast.Attr)) else None
    zs = comp.spec.zones.get(n) if n else None
    return "onto" if zs is not None and zs.visibility == "hidden" and zs.ordered and not zs.piles else "into"


def _have(e: ast.Compare, comp, who: str) -> str | None:
    """`actions > 0` -> "you have any actions"; `coins >= 3` -> "you have at least 3 coins"."""
    left = e.left
    if isinstance(left, ast.Attr) and isinstance(left.obj, ast.NameRef) and left.name in comp.spec.counters \
            and current_doc().names.get(left.obj.name) == "they" and isinstance(e.right, ast.IntLit):
        left = ast.NameRef(left.name)  # `player.debt` where `player` reads "they": their own counter
        who = "they"
    if not (isinstance(left, ast.NameRef) and left.name in comp.spec.counters and isinstance(e.right, ast.IntLit)):
        return None
    subject = "you have" if who == "you" else "they have"
    name = left.name.replace("_", " ")
    n = e.right.value
    cs = comp.spec.counters[left.name]
    if not (cs.per_player or cs.per_card):  # a shared counter is nobody's: "the round is 1"
        word = {"==": "", ">=": "at least ", "<=": "at most ", ">": "more than ", "<": "less than ",
                "!=": "not "}[e.op]
        return f"the {name} is {word}{n}"
    if e.op == ">" and n == 0:
        return f"{subject} any {name}"
    if e.op in ("==", "<=") and n == 0:
        return f"{subject} no {name}"
    word = {"==": "exactly", ">=": "at least", "<=": "at most", ">": "more than", "<": "fewer than",
            "!=": "other than"}[e.op]
    return f"{subject} {word} {n} {name}"


def zone_label(name: str, comp) -> str:
    zs = comp.spec.zones.get(name)
    label = getattr(zs, "description", "") if zs is not None else ""
    return label or name.replace("_", " ")


def _zone_text(name: str, comp, who: str) -> str:
    zs = comp.spec.zones.get(name)
    if zs is None:  # an undeclared zone: the compiler reports it; the text just names it
        return name
    poss = "your" if who == "you" else "their"
    return f"{poss} {zone_label(name, comp)}" if zs.per_player else f"the {zone_label(name, comp)}"
