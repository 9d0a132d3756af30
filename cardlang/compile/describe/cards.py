"""A card's rules text: one paragraph per computed property and per ability, each ability opened by its
event's phrase (`event NAME "phrase";`) or a watcher's "When ..., if this is in ...". Knows no game."""
from __future__ import annotations

from typing import Any

from cardlang.syntax import ast
from cardlang.compile.describe.doc import writing
from cardlang.compile.describe.words import join_sentences, lower_first
from cardlang.compile.describe.numbers import _is_literal
from cardlang.compile.describe.exprs import find_node, _cards_phrase, cond_text, expr_text
from cardlang.compile.describe.labels import prop_label, _zone_text
from cardlang.compile.describe.statements import sentence_parts


def describe_card(card: ast.CardDecl, comp) -> list[str]:
    """The rules text of a card: its `text` override, or one paragraph per computed property and ability."""
    if card.text is not None:
        return [card.text]
    out = []
    for p in card.props:
        if _is_literal(p.value):
            continue
        with writing():
            out.append(_prop_text(p, comp))
    phrases = {e.name: e.text for e in getattr(comp.spec.decl, "events", ())}  # `event NAME "phrase";`
    for t in card.triggers:
        with writing():
            parts = sentence_parts(t.body.stmts, comp, "you")
            body = join_sentences(parts, "you")
            if not body:
                continue
            if t.event in phrases and not t.zone:
                phrase = phrases[t.event]
                if phrase.endswith(","):  # "... If you do," runs on into the ability: "If you do, you are ..."
                    out.append(f"{phrase} {body[:1].lower()}{body[1:]}")
                else:
                    out.append(f"{phrase.rstrip(':')}: {body}" if phrase else body)
            elif t.event == "play":
                out.append(body)
            elif t.zone:
                out.append(_watcher_text(t, body, comp))
            else:
                out.append(f"When you {t.event} this: {body}")
    return out


def _prop_text(p: ast.Prop, comp) -> str:
    """A property computed during play: "Worth 1 VP per 10 cards you own (round down)." for one the score
    adds up, "Ready: ..." for any other."""
    label = prop_label(p.name)
    score = comp.spec.decl.score
    if score is not None and _uses_attr(score, p.name):
        return f"Worth {_worth(p.value, label, comp)}."
    if isinstance(p.value, ast.TESTS):
        return f"{label} when {cond_text(p.value, comp, 'you')}."
    return f"{label}: {expr_text(p.value, comp, 'you')}."


def _uses_attr(node: Any, name: str) -> bool:
    return find_node(node, lambda n: isinstance(n, ast.Attr) and n.name == name)


def _worth(e: ast.Expr, label: str, comp) -> str:
    """`count(owned) / 10` -> "1 VP per 10 cards you own (round down)"."""
    if isinstance(e, ast.BinOp) and e.op == "/" and isinstance(e.right, ast.IntLit) \
            and isinstance(e.left, ast.Func) and e.left.name == "count" and e.left.args:
        what = _cards_phrase(e.left.args[0], comp, "you", bare=True)
        return f"1 {label} per {e.right.value} {what} (round down)"
    if isinstance(e, ast.Func) and e.name == "count" and e.args:
        return f"1 {label} per {_cards_phrase(e.args[0], comp, 'you', bare=True, one=True)}"
    return f"{label} equal to {expr_text(e, comp, 'you')}"


def _event_phrase(event: str, comp=None) -> str:
    if event == "attack":
        types = comp.spec.types if comp is not None else []
        return "another player plays an Attack card" if "Attack" in types else "another player attacks you"
    return event.replace("_", " ")


def _watcher_text(t: ast.Trigger, body: str, comp) -> str:
    """`on attack in hand { may { reveal this; immune; } }` -> "When another player plays an Attack card,
    you may reveal this from your hand. If you do, you are unaffected by the attack." """
    zone = _zone_text(t.zone, comp, "you")
    if t.event == "modify":  # a continuous modifier (primitives/modify.py)
        return f"While this is in {zone}: {body}"
    head = f"When {_event_phrase(t.event, comp)}"
    first = body.split(". ", 1)[0]
    if "this card" in first:  # the card is named where the zone matters
        return f"{head}, {lower_first(body.replace('this card', f'this from {zone}', 1))}"
    return f"{head}, if this is in {zone}: {body}"
