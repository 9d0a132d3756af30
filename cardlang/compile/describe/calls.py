"""A call's sentence: a game verb's `text` template filled with its arguments, or a primitive's describe().
Knows no other statement (an outcome block's text comes from doc.nested_block) and no game."""
from __future__ import annotations

import re

from cardlang.syntax import ast
from cardlang.compile.describe.doc import current_doc, nested_block
from cardlang.compile.describe.words import _a, _articles, _base, _fill, _full_sentence, lower_first, third_person_phrase
from cardlang.compile.describe.exprs import _cards_phrase, expr_text
from cardlang.compile.describe.labels import _card_name, _is_card_name, _is_local_card, _is_zone, _onto, prop_label


def describe_call(st: ast.Call, comp, who: str) -> str:
    return _call_text(st, comp, who)


def _acting(st: ast.Call, who: str) -> tuple[ast.Call, str]:
    """`VERB ... for P;`: the call without `for P`, and who acts when the sentence must say so ("That player",
    "Your left-hand neighbour"); "" when the subject goes without saying (`for you`, or P is the player the
    sentence is already about: "Each other player draws a card")."""
    player = next((kw.value for kw in st.kwargs if kw.key == "for"), None)
    if player is None:
        return st, ""
    inner = ast.Call(st.verb, st.args, tuple(kw for kw in st.kwargs if kw.key != "for"), st.span, st.cases)
    if isinstance(player, ast.NameRef) and player.name == "you":
        return inner, ""
    named = current_doc().names.get(player.name) if isinstance(player, ast.NameRef) else None
    if named in ("they", "them"):
        return inner, "" if who == "they" else "they"
    if named and named != "it":  # "that player", a procedure's "the defender"
        return inner, named
    return inner, _seat_words(player)


def _seat_words(e: ast.Expr) -> str:
    """`left` -> "your left-hand neighbour" (a neighbour the caller names), "" for anyone else."""
    if isinstance(e, ast.NameRef) and e.name in ("left", "right") and e.name not in current_doc().names:
        return f"your {e.name}-hand neighbour"
    return ""


def _call_text(st: ast.Call, comp, who: str, first: str | None = None) -> str:
    """A call's sentence; FIRST replaces the text of its first argument (the picked cards)."""
    st, subject = _acting(st, who)
    if subject:  # the sentence's subject follows who acts: "That player gains a Widget", never "Gain a Widget"
        text = _call_text(st, comp, "they", first)
        if not text or _full_sentence(text) or text.startswith("+"):
            return text
        if subject == "they":  # "they resolve", not "they resolves"
            text = _base(text)
        text = text.replace(f"{subject}'s ", "their ")  # "The defender resolves ... their kingdom", said once
        return f"{subject[0].upper()}{subject[1:]} {text}"
    doc = current_doc()
    args: dict[str, str] = {}
    verb = st.verb
    if verb in comp.spec.verbs:
        decl = comp.spec.verbs[verb]
        names = [p.name for p in decl.params]
        asts: dict[str, ast.Expr] = {}
        for name, a in zip(names, st.args):
            asts[name] = a
        for kw in st.kwargs:
            if kw.key in names:
                asts[kw.key] = kw.value
            elif kw.key in ("to", "into"):  # a preposition naming the verb's zone parameter
                zp = next((p.name for p in decl.params if p.type == "zone"), None)
                if zp:
                    asts[zp] = kw.value
        suffix = ""
        for name, a in asts.items():
            if name == names[0] and first is not None:
                args[name] = first
            elif _is_card_name(a, comp):
                args[name] = _a(_card_name(a, comp))
            elif isinstance(a, ast.Func) and a.name == "count" and a.args and _number_param(decl, name):
                args[name] = "1"
                suffix = " per " + _per(a.args[0], comp, who)
            else:
                args[name] = expr_text(a, comp, who)
        for p in decl.params:
            if p.name not in args and p.default is not None:
                args[p.name] = expr_text(p.default, comp, who)
        template = decl.text
        if template is None:
            if doc.style == "rules":  # a bookkeeping verb: named, and explained in the glossary
                doc.named_verbs.add(verb)
                return f"{'carry out' if who == 'you' else 'carries out'} {verb.replace('_', ' ')}."
            return ""
        if "|" in template:
            own, theirs = template.split("|", 1)
            if who == "you" and doc.style == "rules" and own.lstrip().startswith("+"):
                template = _base(theirs.strip())  # "draw 5 cards" reads better than "+5 Cards" in rules
            else:
                template = own if who == "you" else theirs
        elif who != "you":  # only a "you" form: drop "you", conjugate, and "your" becomes "their"
            template = re.sub(r"^you ", "", template.strip(), flags=re.I)
            template = re.sub(r"\byour\b", "their", third_person_phrase(template))
        text = _fill(template.strip(), args)
        if text.startswith(("you ", "You ")) and not template.lstrip().lower().startswith("you "):
            text = text[:4] + _base(text[4:])  # "{who} loses 1 Defense" with who = you: "you lose 1 Defense"
        for p in decl.params:  # a zone given explicitly that the template does not print
            if p.type == "zone" and p.name in asts and "{" + p.name + "}" not in template:
                z = asts[p.name]
                text = text[:-1] + f", putting it {_onto(z, comp)} {expr_text(z, comp, who)}."
        if suffix:
            text = text[:-1] + suffix + "."
        return _articles(text) if not text.startswith("+") else text
    prim = comp.registry.get(verb)
    if prim is None:
        return ""
    names = [p.name for p in prim.params]
    for i, (name, a) in enumerate(zip(names, st.args)):
        p = prim.params[i]
        if i == 0 and first is not None:
            args[name] = first
        elif isinstance(a, ast.NameRef) and p.type == "name":
            args[name] = a.name
        elif p.type == "cards" and _is_zone(a, comp):  # "the cards in your play area"
            args[name] = f"the cards in {expr_text(a, comp, who)}"
        elif p.type == "card name" and _is_local_card(a):
            args[name] = f"copies of {expr_text(a, comp, who)}"
        elif isinstance(a, ast.Attr) and a.name in comp.spec.properties and _is_local_card(a.obj):
            args[name] = f"its {prop_label(a.name)}"  # a number printed on the card: "its Copies"
        else:
            args[name] = expr_text(a, comp, who)
    for kw in st.kwargs:
        for p in prim.params:
            if p.accepts(kw.key):
                args[p.name] = expr_text(kw.value, comp, who)
                if p.type == "zone":
                    args[p.name + "_prep"] = _onto(kw.value, comp)
    for p in prim.params:
        args.setdefault(p.name, "" if p.default is None else str(p.default))
    if verb == "trigger" and st.args and isinstance(st.args[0], ast.NameRef):  # the event in the game's words
        words = next((ev.text for ev in getattr(comp.spec.decl, "events", ()) if ev.name == st.args[0].name), "")
        words = (words or "").rstrip(":,")
        # a phrase names the event ("At the end of each combat round"); a whole rule ("When another player
        # plays an Attack card, you may reveal this ... If you do") is too long to quote: the event's name
        args["event_words"] = words if ". " not in words else ""
    for case in st.cases:  # outcome blocks: `claim X from hand { honest { ... } }`
        args[f"case:{case.name}"] = nested_block(case.body, comp, who)
    try:
        text = prim.describe(args)
    except (KeyError, IndexError, TypeError):
        return ""
    if text and "to_prep" in args and args["to_prep"] == "onto" and " into " in text:
        text = text.replace(" into ", " onto ", 1)
    if text and who != "you":
        text = third_person_phrase(lower_first(text)) if not _full_sentence(text) else text
    return text


def _number_param(decl: ast.VerbDecl, name: str) -> bool:
    return any(p.name == name and p.type == "int" for p in decl.params)


def _per(e: ast.Expr, comp, who: str) -> str:
    """What `count(E)` counts, after "per": "card discarded", "card in your hand"."""
    doc = current_doc()
    if isinstance(e, ast.NameRef) and e.name in doc.done:
        return f"card {doc.done[e.name]}"
    return _cards_phrase(e, comp, who, bare=True, one=True)
