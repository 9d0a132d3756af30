"""AST -> rules text. Sentences come from each primitive's describe() and each verb's text template, so the
text printed on a card is generated from the very source that runs. Knows no game."""
from __future__ import annotations

import re
from typing import Any

from cardlang.syntax import ast


def describe_card(card: ast.CardDecl, comp) -> list[str]:
    """The rules text of a card: its `text` override, or one paragraph per ability."""
    if card.text is not None:
        return [card.text]
    out = []
    phrases = {e.name: e.text for e in getattr(comp.spec.decl, "events", ())}  # `event NAME "phrase";`
    for t in card.triggers:
        body = describe_block(t.body, comp, "you")
        if not body:
            continue
        if t.event in phrases and not t.zone:
            out.append(f"{phrases[t.event].rstrip(':')}: {body}" if phrases[t.event] else body)
        elif t.event == "play":
            out.append(body)
        elif t.zone:
            out.append(f"When {_event_phrase(t.event)}, if this is in your {t.zone}: {body}")
        else:
            out.append(f"When you {t.event} this: {body}")
    return out


def _event_phrase(event: str) -> str:
    return {"attack": "another player plays an Attack"}.get(event, event.replace("_", " "))


def describe_block(block: ast.Block, comp, who: str) -> str:
    parts = []
    stmts = list(block.stmts)
    i = 0
    while i < len(stmts):
        st = stmts[i]
        nxt = stmts[i + 1] if i + 1 < len(stmts) else None
        merged = _merge_choose(st, nxt, comp, who)
        if merged:
            parts.append(merged)
            i += 2
            continue
        parts.append(describe_stmt(st, comp, who))
        i += 1
    return _join([p for p in parts if p])


def _merge_choose(st: ast.Stmt, nxt: ast.Stmt | None, comp, who: str) -> str | None:
    """`let c = choose 1 from supply where ...; gain c;` reads "Gain a card costing up to 4." """
    if not (isinstance(st, ast.Let) and isinstance(st.value, ast.Choose) and isinstance(nxt, ast.Call)):
        return None
    if not (nxt.args and isinstance(nxt.args[0], ast.NameRef) and nxt.args[0].name == st.name):
        return None
    phrase = describe_choose(st.value, comp, who)
    rest = phrase.split(" ", 1)[1] if " " in phrase else phrase
    rest = rest.replace(" from the supply", "")
    verb = nxt.verb
    if who != "you":
        verb = verb + ("es" if verb.endswith(("sh", "ch", "s")) else "s")
    extra = ""
    for kw in nxt.kwargs:
        if kw.key in ("to", "into") and isinstance(kw.value, ast.NameRef):
            extra = f", putting it into {expr_text(kw.value, comp, who)}"
    return f"{verb.capitalize() if who == 'you' else verb} {rest}{extra}."


def _join(parts: list[str]) -> str:
    # "+1 Card." "+2 Actions." -> "+1 Card, +2 Actions." (the way printed cards list vanilla bonuses)
    out: list[str] = []
    parts = [p[0].upper() + p[1:] if p and p[0].islower() else p for p in parts]
    for p in parts:
        if out and p.startswith("+") and out[-1].startswith("+") and out[-1].endswith("."):
            out[-1] = out[-1][:-1] + ", " + p
        else:
            out.append(p)
    return " ".join(out)


def _plural(word: str, n: Any) -> str:
    return word if str(n) == "1" else (word + "s" if not word.endswith("s") else word)


def describe_stmt(st: ast.Stmt, comp, who: str) -> str:
    if isinstance(st, ast.Call):
        return describe_call(st, comp, who)
    if isinstance(st, ast.Assign):
        name = st.target[-1]
        amount = expr_text(st.value, comp, who)
        label = name[:-1] if name.endswith("s") else name
        label = label.capitalize()
        if st.op == "+=":
            return f"+{amount} {_plural(label, amount)}."
        if st.op == "-=":
            return f"-{amount} {_plural(label, amount)}."
        return ""
    if isinstance(st, ast.Let):
        if isinstance(st.value, ast.Choose):
            return describe_choose(st.value, comp, who) + "."
        return ""
    if isinstance(st, ast.If):
        cond = cond_text(st.cond, comp, who)
        then = describe_block(st.then, comp, who)
        if not then:
            return ""
        s = f"If {cond}, {_lower_first(then)}"
        if isinstance(st.else_, ast.Block):
            other = describe_block(st.else_, comp, who)
            if other:
                s += f" Otherwise, {_lower_first(other)}"
        return s
    if isinstance(st, ast.Attack):
        body = describe_block(st.body, comp, "they")
        return f"Each other player {_lower_first(body)}" if body else ""
    if isinstance(st, ast.For):
        body = describe_block(st.body, comp, "they" if st.var else who)
        return f"For each of {expr_text(st.iterable, comp, who)}: {_lower_first(body)}" if body else ""
    if isinstance(st, ast.Repeat):
        body = describe_block(st.body, comp, who)
        return f"{expr_text(st.count, comp, who)} times: {_lower_first(body)}" if body else ""
    if isinstance(st, ast.While):
        body = describe_block(st.body, comp, who)
        return f"Until not {cond_text(st.cond, comp, who)}: {_lower_first(body)}" if body else ""
    if isinstance(st, ast.May):
        body = describe_block(st.body, comp, who)
        subject = "You" if who == "you" else "They"
        return f"{subject} may {_lower_first(body)}" if body else ""
    if isinstance(st, ast.ChooseOption):
        opts = "; or ".join(f"{o.label}: {describe_block(o.body, comp, who)}" for o in st.options)
        return f"Choose one: {opts}"
    if isinstance(st, ast.Phase):
        return describe_block(st.body, comp, who)
    if isinstance(st, ast.Simultaneous):
        prim = comp.registry.get("simultaneous")
        return prim.describe({"body": describe_block(st.body, comp, who)}) if prim is not None else ""
    return ""


def _lower_first(s: str) -> str:
    if s.startswith("+") or not s:
        return s
    if s[:2] in ("If",) or s.startswith("Each") or s.startswith("You ") or s.startswith("Choose"):
        return s[0].lower() + s[1:]
    return s[0].lower() + s[1:]


def describe_call(st: ast.Call, comp, who: str) -> str:
    args: dict[str, str] = {}
    verb = st.verb
    if verb in comp.spec.verbs:
        decl = comp.spec.verbs[verb]
        names = [p.name for p in decl.params]
        for name, a in zip(names, st.args):
            args[name] = expr_text(a, comp, who)
        for kw in st.kwargs:
            args[kw.key] = expr_text(kw.value, comp, who)
        for p in decl.params:
            if p.name not in args and p.default is not None:
                args[p.name] = expr_text(p.default, comp, who)
        template = decl.text
        if template is None:
            return ""
        if "|" in template:
            own, theirs = template.split("|", 1)
            template = own if who == "you" else theirs
        return _fill(template.strip(), args)
    prim = comp.registry.get(verb)
    if prim is None:
        return ""
    names = [p.name for p in prim.params]
    for name, a in zip(names, st.args):
        args[name] = a.name if isinstance(a, ast.NameRef) and prim.params[names.index(name)].type == "name" \
            else expr_text(a, comp, who)
    for kw in st.kwargs:
        for p in prim.params:
            if p.accepts(kw.key):
                args[p.name] = expr_text(kw.value, comp, who)
    for p in prim.params:
        args.setdefault(p.name, "" if p.default is None else str(p.default))
    for case in st.cases:  # outcome blocks: `claim X from hand { honest { ... } }`
        args[f"case:{case.name}"] = describe_block(case.body, comp, who)
    try:
        return prim.describe(args)
    except (KeyError, IndexError):
        return ""


def _fill(template: str, args: dict[str, str]) -> str:
    last_number: list[str] = ["1"]

    def sub(m: re.Match) -> str:
        key = m.group(1)
        if key == "s":
            return "" if last_number[0] == "1" else "s"
        value = args.get(key, key)
        last_number[0] = value
        return value
    out = re.sub(r"\{([A-Za-z_]+)\}", sub, template)
    return out if out.endswith((".", "!", "?", ":")) else out + "."


def describe_choose(ch: ast.Choose, comp, who: str) -> str:
    q = ch.quantity
    if q.kind == "exactly":
        n = expr_text(q.count, comp, who)
        amount = "a" if n == "1" else n
    elif q.kind == "up_to":
        n = expr_text(q.count, comp, who)
        amount = f"up to {n}"
    else:
        amount, n = "any number of", "2"
    src = ch.source
    base = src.source if isinstance(src, ast.Where) else src
    if isinstance(base, ast.NameRef) and base.name in ("others", "players"):  # a choice of players
        return f"{'Choose' if who == 'you' else 'chooses'} {'another player' if base.name == 'others' else 'a player'}"
    what = "card"
    cond = ""
    if isinstance(src, ast.Where):
        what, cond = _card_filter(src.cond, comp, who)
        src = src.source
    noun = _plural(what, n)
    place = expr_text(src, comp, who)
    if isinstance(ch.opts.by, ast.NameRef) and ch.opts.by.name == "chance":
        place += " at random"
    if "supply" in place:
        return f"Choose {amount} {noun}{cond} from the supply"
    verb = "Choose" if who == "you" else "chooses"
    return f"{verb} {amount} {noun}{cond} from {place}"


def _card_filter(cond: ast.Expr, comp, who: str) -> tuple[str, str]:
    """(`Treasure`, ` costing up to 5`) from `card is Treasure and card.cost <= 5`."""
    what = "card"
    extra: list[str] = []
    parts = []

    def flat(e: ast.Expr) -> None:
        if isinstance(e, ast.And):
            flat(e.left)
            flat(e.right)
        else:
            parts.append(e)
    flat(cond)
    for p in parts:
        if isinstance(p, ast.Is) and isinstance(p.value, ast.NameRef) and p.value.name == "card" and not p.negated:
            what = f"{p.type_name} card" if p.type_name in comp.spec.types else p.type_name
        elif isinstance(p, ast.Compare) and isinstance(p.left, ast.Attr) and p.left.name == "cost":
            bound = expr_text(p.right, comp, who)
            word = {"<=": "up to", "<": "less than", ">=": "at least", "==": "exactly"}.get(p.op, p.op)
            extra.append(f" costing {word} {bound}")
        else:
            extra.append(f" where {cond_text(p, comp, who)}")
    return what, "".join(extra)


def cond_text(e: ast.Expr, comp, who: str) -> str:
    if isinstance(e, ast.Is):
        return f"{expr_text(e.value, comp, who)} is {'not ' if e.negated else ''}{_a(e.type_name)}"
    if isinstance(e, ast.Compare):
        op = {"==": "is", "!=": "is not", "<": "is less than", "<=": "is at most", ">": "is more than",
              ">=": "is at least"}[e.op]
        return f"{expr_text(e.left, comp, who)} {op} {expr_text(e.right, comp, who)}"
    if isinstance(e, ast.And):
        return f"{cond_text(e.left, comp, who)} and {cond_text(e.right, comp, who)}"
    if isinstance(e, ast.Or):
        return f"{cond_text(e.left, comp, who)} or {cond_text(e.right, comp, who)}"
    if isinstance(e, ast.Not):
        return f"not {cond_text(e.value, comp, who)}"
    if isinstance(e, ast.NameRef):
        return f"you did" if e.name not in comp.spec.counters else f"you have {e.name}"
    return expr_text(e, comp, who)


def _a(word: str) -> str:
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word


def expr_text(e: ast.Expr | None, comp, who: str) -> str:
    poss = "your" if who == "you" else "their"
    if e is None:
        return ""
    if isinstance(e, ast.IntLit):
        return str(e.value)
    if isinstance(e, ast.StrLit):
        return e.value
    if isinstance(e, ast.NameRef):
        n = e.name
        if n == "this":
            return "this card"
        if n in comp.spec.zones:
            zs = comp.spec.zones[n]
            return f"{poss} {n}" if zs.per_player else f"the {n}"
        if n in ("you",):
            return "you"
        if n in comp.spec.counters:
            return f"{poss} {n}"
        if n in ("c", "card", "it"):
            return "it"
        return n
    if isinstance(e, ast.Attr):
        if isinstance(e.obj, ast.NameRef) and e.name in comp.spec.zones:
            return f"their {e.name}" if e.obj.name != "you" else f"your {e.name}"
        return f"its {e.name}" if e.name != "cost" else "its cost"
    if isinstance(e, ast.TopOf):
        n = expr_text(e.count, comp, who)
        zone = expr_text(e.zone, comp, who)
        return f"the {e.end} card of {zone}" if n == "1" else f"the {e.end} {n} cards of {zone}"
    if isinstance(e, ast.Where):
        what, cond = _card_filter(e.cond, comp, who)
        return f"every {what}{cond} in {expr_text(e.source, comp, who)}"
    if isinstance(e, ast.BinOp):
        return f"{expr_text(e.left, comp, who)} {e.op} {expr_text(e.right, comp, who)}"
    if isinstance(e, ast.Func):
        if e.name == "count" and e.args:
            return f"the number of cards in {expr_text(e.args[0], comp, who)}"
        return f"{e.name}({', '.join(expr_text(a, comp, who) for a in e.args)})"
    if isinstance(e, ast.In):
        return f"{expr_text(e.item, comp, who)} in {expr_text(e.container, comp, who)}"
    if isinstance(e, ast.Choose):
        return describe_choose(e, comp, who)
    if isinstance(e, ast.ListLit):
        return ", ".join(expr_text(i, comp, who) for i in e.items)
    if isinstance(e, ast.Neg):
        return f"-{expr_text(e.value, comp, who)}"
    return "it"
