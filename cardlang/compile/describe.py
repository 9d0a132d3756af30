"""AST -> rules text. Sentences come from each primitive's describe() and each verb's text template, so the
text printed on a card is generated from the very source that runs. Knows no game.

Two styles: "card" (what a card face prints: "+1 Card, +1 Action.") and "rules" (the rules reference: whole
sentences, "draw 5 cards"). Two voices: "you" (imperative: "Trash a card from your hand.") and "they" (what
each other player does: "discards down to 3 cards in hand"). Inside one ability, a `let` that picks cards is
read together with the statement that acts on them ("Trash a card from your hand. If you do, ..."), and later
mentions of the pick read "it" or "the trashed card". The rules reference prints numbers that depend on the
player count side by side ("8 / 12 / 12").
"""
from __future__ import annotations

import re
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, Iterator

from cardlang.syntax import ast


# ---- what the text being written knows beyond one statement -------------------------------------------

@dataclass
class _Doc:
    style: str = "card"                                        # "card" | "rules"
    names: dict[str, str] = field(default_factory=dict)        # local -> how it reads ("it")
    done: dict[str, str] = field(default_factory=dict)         # picked local -> what was done ("trashed")
    kinds: dict[str, str] = field(default_factory=dict)        # picked local -> "top" | "choose"
    values: dict[str, ast.Expr] = field(default_factory=dict)  # other locals: their expression, read in place
    counts: tuple[int, ...] = ()                               # player counts, for numbers side by side
    env: dict[int, dict[str, int]] = field(default_factory=dict)  # per player count: known local numbers
    varied: str = ""                                           # the first number printed side by side
    named_verbs: set[str] = field(default_factory=set)         # game verbs named without a template


_DOC: ContextVar[_Doc | None] = ContextVar("cardlang_describe_doc", default=None)


@contextmanager
def writing(style: str = "card", counts: tuple[int, ...] = ()) -> Iterator[_Doc]:
    """Describe in STYLE; with COUNTS (the rules reference), numbers that depend on the player count are
    worked out for each count and printed side by side."""
    doc = _Doc(style, counts=tuple(counts), env={n: {} for n in counts})
    token = _DOC.set(doc)
    try:
        yield doc
    finally:
        _DOC.reset(token)


def _cur() -> _Doc:
    return _DOC.get() or _Doc()


# ---- cards ------------------------------------------------------------------------------------------

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
            parts = _parts(t.body.stmts, comp, "you")
            body = _join(parts, "you")
            if not body:
                continue
            if t.event in phrases and not t.zone:
                out.append(f"{phrases[t.event].rstrip(':')}: {body}" if phrases[t.event] else body)
            elif t.event == "play":
                out.append(body)
            elif t.zone:
                out.append(_watcher_text(t, body, comp))
            else:
                out.append(f"When you {t.event} this: {body}")
    return out


def _is_literal(e: ast.Expr) -> bool:
    return isinstance(e, (ast.IntLit, ast.StrLit)) or (isinstance(e, ast.Neg) and isinstance(e.value, ast.IntLit))


def _prop_label(name: str) -> str:
    """How a card property is printed: short names in capitals (VP), others capitalised (Strength)."""
    return name.upper() if len(name) <= 3 else name.replace("_", " ").capitalize()


def _prop_text(p: ast.Prop, comp) -> str:
    """A property computed during play: "Worth 1 VP per 10 cards you own (round down)." for one the score
    adds up, "Ready: ..." for any other."""
    label = _prop_label(p.name)
    score = comp.spec.decl.score
    if score is not None and _uses_attr(score, p.name):
        return f"Worth {_worth(p.value, label, comp)}."
    if isinstance(p.value, (ast.Compare, ast.And, ast.Or, ast.Not, ast.Is, ast.In)):
        return f"{label} when {cond_text(p.value, comp, 'you')}."
    return f"{label}: {expr_text(p.value, comp, 'you')}."


def _uses_attr(node: Any, name: str) -> bool:
    if isinstance(node, ast.Attr) and node.name == name:
        return True
    if isinstance(node, tuple):
        return any(_uses_attr(x, name) for x in node)
    if hasattr(node, "__dataclass_fields__"):
        return any(_uses_attr(getattr(node, f), name) for f in node.__dataclass_fields__ if f != "span")
    return False


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
        return f"{head}, {_lower_first(body.replace('this card', f'this from {zone}', 1))}"
    return f"{head}, if this is in {zone}: {body}"


# ---- blocks: sentences, read together where a pick meets the statement that acts on it -----------------

def describe_block(block: ast.Block, comp, who: str) -> str:
    if _DOC.get() is None:
        with writing():
            return _join(_parts(block.stmts, comp, who), who)
    return _join(_parts(block.stmts, comp, who), who)


def _parts(stmts, comp, who: str) -> list[str]:
    """One entry per sentence. A lower-case entry is a bare predicate ("draws a card."), whose subject is
    added by the caller; an entry starting with "+" is a bonus ("+1 Card.")."""
    doc = _cur()
    stmts = list(stmts)
    out: list[str] = []
    i = 0
    while i < len(stmts):
        st = stmts[i]
        if isinstance(st, ast.Let) and _is_pick(st.value):
            text, used = _pick(st, stmts[i + 1:], comp, who)
            out.extend(text)
            i += 1 + used
            continue
        if isinstance(st, ast.Let) or (isinstance(st, ast.Assign) and _is_local(st, comp)):
            _remember(st, comp)
            i += 1
            continue
        if isinstance(st, ast.If) and _static_branch(st, comp):
            i += 1
            continue
        if isinstance(st, ast.Assign) and st.op == "=":
            group = [st]
            while i + len(group) < len(stmts) and isinstance(stmts[i + len(group)], ast.Assign) \
                    and stmts[i + len(group)].op == "=" and not _is_local(stmts[i + len(group)], comp):
                group.append(stmts[i + len(group)])
            out.append(_set_text(group, comp, who))
            i += len(group)
            continue
        if _is_again(st, stmts[i - 1] if i else None):
            out.append(f"{st.args[0].name} it again.")
            i += 1
            continue
        s = describe_stmt(st, comp, who)
        if s:
            out.append(s)
        i += 1
    return out


def _join(parts: list[str], who: str) -> str:
    """Sentences as printed: capitalised; a bare "they" predicate gets "They"; consecutive bonuses are
    listed the way printed cards list them: "+1 Card, +2 Actions."."""
    out: list[str] = []
    for p in parts:
        if not p:
            continue
        if who != "you" and p[0].islower():
            p = "They " + _base(p)
        p = _upper_first(p)
        if out and p.startswith("+") and out[-1].startswith("+") and out[-1].endswith(".") \
                and " per " not in out[-1]:
            out[-1] = out[-1][:-1] + ", " + p
        else:
            out.append(p)
    return " ".join(out)


def _each(subject: str, parts: list[str]) -> str:
    """"Each other player" + predicates: "Each other player reveals X and puts it onto their deck." """
    lead: list[str] = []
    rest = list(parts)
    while rest and rest[0][:1].islower() and ". " not in rest[0].rstrip("."):
        lead.append(rest.pop(0).rstrip("."))
    lead = _merge_puts(lead)
    if not lead:
        return f"{subject}: {_join(rest, 'they')}" if rest else ""
    first = f"{subject} {_and(lead)}."
    return " ".join([first] + ([_join(rest, "they")] if rest else []))


_PUT = re.compile(r"^(puts?|Put) (.+) (into|onto) (.+)$")


def _merge_puts(items: list[str]) -> list[str]:
    """"puts 7 A onto their deck", "puts 3 B onto their deck" -> "puts 7 A and 3 B onto their deck"."""
    out: list[str] = []
    held: list[str] = []
    key = None
    for it in items + [""]:
        m = _PUT.match(it)
        k = (m.group(1), m.group(3), m.group(4)) if m else None
        if held and (k is None or k != key):
            out.append(f"{key[0]} {_and(held)} {key[1]} {key[2]}")
            held = []
        if k is not None:
            key = k
            held.append(m.group(2))
        elif it:
            out.append(it)
    return out


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _upper_first(s: str) -> str:
    return s[0].upper() + s[1:] if s and s[0].islower() else s


def _lower_first(s: str) -> str:
    if not s or s.startswith("+"):
        return s
    word = s.split(" ", 1)[0]
    if word.isupper() and len(word) > 1:  # an acronym stays as it is
        return s
    return s[0].lower() + s[1:]


# ---- picks: `let x = choose ...;` or `let x = top N of ...;` --------------------------------------------

def _is_pick(e: ast.Expr) -> bool:
    return isinstance(e, (ast.Choose, ast.TopOf))


def _is_silent(st: ast.Stmt) -> bool:
    return isinstance(st, ast.Let) and not _is_pick(st.value)


def _uses(node: Any, name: str) -> bool:
    if isinstance(node, ast.NameRef):
        return node.name == name
    if isinstance(node, tuple):
        return any(_uses(x, name) for x in node)
    if hasattr(node, "__dataclass_fields__"):
        return any(_uses(getattr(node, f), name) for f in node.__dataclass_fields__ if f != "span")
    return False


def _acts_on(st: ast.Stmt, name: str) -> bool:
    return isinstance(st, ast.Call) and bool(st.args) and isinstance(st.args[0], ast.NameRef) \
        and st.args[0].name == name and st.verb != "trigger"


def _is_break_unless(st: ast.Stmt, name: str) -> bool:
    """`if not x { break; }`"""
    return isinstance(st, ast.If) and isinstance(st.cond, ast.Not) and isinstance(st.cond.value, ast.NameRef) \
        and st.cond.value.name == name and len(st.then.stmts) == 1 and isinstance(st.then.stmts[0], ast.Break) \
        and st.else_ is None


def _pick(let: ast.Let, rest: list, comp, who: str) -> tuple[list[str], int]:
    """The sentences for a pick and the statements after it that they cover; returns (sentences, used)."""
    doc = _cur()
    x = let.value
    name = let.name
    chooser_is_you = isinstance(x, ast.Choose) and x.opts.by is None
    phrase, optional = _pick_phrase(x, comp, who)
    doc.kinds[name] = "top" if isinstance(x, ast.TopOf) else "choose"
    j = 0
    skipped_break = False
    while j < len(rest) and (_is_silent(rest[j]) or _is_break_unless(rest[j], name)):
        if _is_break_unless(rest[j], name):
            skipped_break = True
        else:
            _remember(rest[j], comp)
        j += 1
    nxt = rest[j] if j < len(rest) else None
    of_your_choice = " of your choice" if who != "you" and chooser_is_you else ""
    source = _pick_source(x)
    for st in ([nxt] if nxt is not None else []) + _first_of_if(nxt, name):
        if _acts_on(st, name) and _implies(st, source, comp):  # `gain` takes from the supply by itself
            phrase = phrase.replace(f" from {expr_text(source, comp, who)}", "", 1)
    if nxt is not None and _acts_on(nxt, name):
        text = _call_text(nxt, comp, who, first=phrase + of_your_choice)
        _acted(name, nxt.verb)
        return [_may(text, who) if optional else text], j + 1
    if nxt is not None and isinstance(nxt, ast.If) and isinstance(nxt.cond, ast.NameRef) \
            and nxt.cond.name == name:
        body = list(nxt.then.stmts)
        k = 0
        while k < len(body) and _is_silent(body[k]):
            _remember(body[k], comp)
            k += 1
        if k < len(body) and _acts_on(body[k], name):
            out = [_call_text(body[k], comp, who, first=phrase + of_your_choice)]
            if optional:
                out[0] = _may(out[0], who)
            _acted(name, body[k].verb)
            then = _parts(body[k + 1:], comp, who)
            if then:
                out.append(_if_clause("do", then, who))
            if isinstance(nxt.else_, ast.Block):
                other = _parts(nxt.else_.stmts, comp, who)
                if other:
                    exact = isinstance(x, ast.Choose) and x.quantity.kind == "exactly"
                    out.append(_if_clause("cannot" if exact else "do not", other, who))
            return out, j + 1
    doc.names[name] = "it"
    verb = "choose" if who == "you" or not chooser_is_you else "you choose"
    sentence = f"{verb} {phrase}." if isinstance(x, ast.Choose) else f"look at {phrase}."
    if isinstance(x, ast.Choose) and who != "you" and not chooser_is_you:
        sentence = f"chooses {phrase}."
    if skipped_break:  # `if not x { break; }`: everything after it happens only when a card was picked
        then = _parts(rest[j:], comp, who)
        may = _may(sentence, who)
        if then:
            return [may[:-1] + "; " + _lower_first(_if_clause("do", then, who, joiner=", then "))], len(rest)
        return [may], len(rest)
    return [sentence], 0


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
    doc = _cur()
    doc.names[name] = "it"
    doc.done[name] = _past(verb)


def _may(sentence: str, who: str) -> str:
    if who == "you":
        return "you may " + _lower_first(sentence)
    return "may " + _base(sentence)


def _if_clause(word: str, parts: list[str], who: str, joiner: str = " ") -> str:
    subject = "you" if who == "you" else "they"
    items = []
    for i, p in enumerate(parts):
        if who != "you" and p[:1].islower():
            p = "they " + _base(p)
        items.append(_lower_first(p) if i == 0 else (_upper_first(p) if joiner == " " else _lower_first(p).rstrip(".")))
    if joiner != " ":
        items = [items[0].rstrip(".")] + items[1:]
        body = items[0] if len(items) == 1 else ", ".join(items[:-1]) + joiner + items[-1]
        return f"If {subject} {word}, {body}."
    return f"If {subject} {word}, {' '.join(items)}"


def _pick_phrase(x: ast.Expr, comp, who: str) -> tuple[str, bool]:
    """("a Treasure card from your hand", optional?) for a choose or a top-of."""
    if isinstance(x, ast.TopOf):
        if isinstance(x.zone, ast.In) and _is_card_name(x.zone.item, comp):
            name = x.zone.item.name
            return f"{_a(name)} from {expr_text(x.zone.container, comp, who)}", False
        if isinstance(x.zone, ast.In) and _is_number(expr_text(x.count, comp, who)):
            n = expr_text(x.count, comp, who)
            what = expr_text(x.zone.item, comp, who)
            return f"{what if n == '1' else n + ' of ' + what} from {expr_text(x.zone.container, comp, who)}", False
        return expr_text(x, comp, who), False
    return _choose_words(x, comp, who)


def _choose_words(ch: ast.Choose, comp, who: str) -> tuple[str, bool]:
    q = ch.quantity
    src = ch.source
    base = src.source if isinstance(src, ast.Where) else src
    if isinstance(base, ast.NameRef) and base.name in ("others", "players"):  # a choice of players
        return ("another player" if base.name == "others" else "a player"), False
    what, cond = "card", ""
    if isinstance(src, ast.Where):
        what, cond = _card_filter(src.cond, comp, who)
        src = src.source
    place = expr_text(src, comp, who)
    if isinstance(ch.opts.by, ast.NameRef) and ch.opts.by.name == "chance":
        place += " at random"
    optional = False
    if q.kind == "exactly":
        down = _down_to(q.count, src, comp)
        if down is not None:
            return f"down to {down} {_plural(what, down)} in {_bare_zone(src, comp)}", False
        n = expr_text(q.count, comp, who)
        amount = _a(what) if n == "1" else f"{n} {_plural(what, n)}"
    elif q.kind == "up_to":
        n = expr_text(q.count, comp, who)
        if n == "1":
            amount, optional = _a(what), True
        else:
            amount = f"up to {n} {_plural(what, n)}"
    else:
        amount = f"any number of {_plural(what, 2)}"
    return f"{amount}{cond} from {place}", optional


def _down_to(count: ast.Expr | None, src: ast.Expr, comp) -> str | None:
    """`choose count(hand) - 3 from hand` -> "3" (down to 3 cards)."""
    if isinstance(count, ast.BinOp) and count.op == "-" and isinstance(count.right, ast.IntLit) \
            and isinstance(count.left, ast.Func) and count.left.name == "count" and count.left.args \
            and count.left.args[0] == src:
        return str(count.right.value)
    return None


def _bare_zone(e: ast.Expr, comp) -> str:
    n = e.name if isinstance(e, (ast.NameRef, ast.Attr)) else None
    return _zone_label(n, comp) if n in comp.spec.zones else expr_text(e, comp, "you")


def describe_choose(ch: ast.Choose, comp, who: str) -> str:
    phrase, _ = _choose_words(ch, comp, who)
    return f"{'Choose' if who == 'you' else 'chooses'} {phrase}"


# ---- statements -----------------------------------------------------------------------------------------

def _plural(word: str, n: Any) -> str:
    if str(n) == "1":
        return word
    if word.endswith("s"):
        return word
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"


def _counter_word(name: str, n: Any, comp=None) -> str:
    spec = comp.spec.counters.get(name) if comp is not None else None
    if spec is not None and spec.words is not None:   # `called "Honor"`: the game's own word, as given
        return spec.words[0] if str(n) == "1" else spec.words[1]
    label = name[:-1] if name.endswith("s") else name
    return _plural(label.replace("_", " ").capitalize(), n)


def describe_stmt(st: ast.Stmt, comp, who: str) -> str:
    doc = _cur()
    if isinstance(st, ast.Call):
        return describe_call(st, comp, who)
    if isinstance(st, ast.Assign):
        name = st.target[-1]
        amount = expr_text(st.value, comp, who)
        if st.op == "=":
            return _set_text([st], comp, who)
        if doc.style == "card" and _is_number(amount):
            sign = "+" if st.op == "+=" else "-"
            return f"{sign}{amount} {_counter_word(name, amount, comp)}."
        owner = _owner(st, who)
        if who != "you" and st.target[0] != "you":  # a predicate: "Each player adds 3 to their coins."
            verb = "adds" if st.op == "+=" else "takes"
            return f"{verb} {amount} {'to' if st.op == '+=' else 'from'} their {name.replace('_', ' ')}."
        verb = "go up" if st.op == "+=" else "go down"
        return f"{owner} {name.replace('_', ' ')} {verb} by {amount}."
    if isinstance(st, ast.Let):
        if isinstance(st.value, ast.Choose):
            return describe_choose(st.value, comp, who) + "."
        return ""
    if isinstance(st, ast.If):
        return _if_text(st, comp, who)
    if isinstance(st, ast.Attack):
        parts = _parts(st.body.stmts, comp, "they")
        return _each("Each other player", parts) if parts else ""
    if isinstance(st, ast.For):
        return _for_text(st, comp, who)
    if isinstance(st, ast.Repeat):
        body = describe_block(st.body, comp, who)
        return f"{expr_text(st.count, comp, who)} times: {body}" if body else ""
    if isinstance(st, ast.While):
        body = describe_block(st.body, comp, who)
        return f"Repeat while {cond_text(st.cond, comp, who)}: {_lower_first(body)}" if body else ""
    if isinstance(st, ast.May):
        return _may_text(st, comp, who)
    if isinstance(st, ast.ChooseOption):
        opts = "; or ".join(f"{o.label}: {describe_block(o.body, comp, who)}" for o in st.options)
        return f"Choose one: {opts}"
    if isinstance(st, ast.Phase):
        return describe_block(st.body, comp, who)
    if isinstance(st, ast.Simultaneous):
        prim = comp.registry.get("simultaneous")
        return prim.describe({"body": describe_block(st.body, comp, who)}) if prim is not None else ""
    return ""


def _owner(st: ast.Assign, who: str) -> str:
    if len(st.target) == 2:
        return "your" if st.target[0] == "you" else "their"
    return "Your" if who == "you" else "their"


def _is_local(st: ast.Assign, comp) -> bool:
    return len(st.target) == 1 and st.target[0] not in comp.spec.counters


def _set_text(group: list[ast.Assign], comp, who: str) -> str:
    """`actions = 1; buys = 1;` -> "Set your actions to 1 and your buys to 1." """
    items = []
    for st in group:
        owner = _owner(st, who).lower()
        items.append(f"{owner} {st.target[-1].replace('_', ' ')} to {expr_text(st.value, comp, who)}")
    return f"{'set' if who == 'you' else 'sets'} {_and(items)}."


def _if_text(st: ast.If, comp, who: str) -> str:
    doc = _cur()
    c = st.cond
    # `if this in inplay { trash this; }`: a card that has left a zone cannot be moved from it again, which
    # the printed sentence already implies ("Trash this card.").
    if isinstance(c, ast.In) and isinstance(c.item, ast.NameRef) and c.item.name == "this" and st.else_ is None \
            and all(_uses(s, "this") for s in st.then.stmts):
        return describe_block(st.then, comp, who)
    # `if x { ... }` after `x` was acted on: for a top card, "if there is one" goes without saying.
    if isinstance(c, ast.NameRef) and c.name in doc.done and st.else_ is None:
        parts = _parts(st.then.stmts, comp, who)
        if doc.kinds.get(c.name) == "top":
            return _join(parts, who) if who == "you" else " ".join(_they(parts))
        return _if_clause("do", parts, who) if parts else ""
    if doc.counts and _static_cond(c) is not None:
        return _by_count(st, comp, who)
    then = _parts(st.then.stmts, comp, who)
    if not then:
        return ""
    s = f"If {cond_text(c, comp, who)}, {_clause(then, who)}"
    if isinstance(st.else_, ast.Block):
        other = _parts(st.else_.stmts, comp, who)
        if other:
            s += f" Otherwise, {_clause(other, who)}"
    elif isinstance(st.else_, ast.If):
        other = _if_text(st.else_, comp, who)
        if other:
            s += f" Otherwise, {_lower_first(other)}"
    return s


def _by_count(st: ast.If, comp, who: str) -> str:
    """`if count(players) == 2 { A } else if ... { B } else { C }` in the set-up: "With 2 players, A. With 3
    or 4 players, B. ..." (a branch that applies to no player count is left out)."""
    doc = _cur()
    left = list(doc.counts)
    out = []
    node: ast.If | ast.Block | None = st
    while node is not None and left:
        if isinstance(node, ast.If):
            c = _static_cond(node.cond)
            if c is None:  # the rest of the chain depends on play: say it as written
                text = _if_text(node, comp, who)
                out.append(f"Otherwise, {_lower_first(text)}" if out and text else text)
                break
            applies = [n for n in left if c[n]]
            block, node = node.then, node.else_
        else:
            applies, block, node = list(left), node, None
        left = [n for n in left if n not in applies]
        parts = _parts(block.stmts, comp, who) if applies else []
        if parts:
            out.append(f"With {_counts_text(applies)} players, {_clause(parts, who)}")
    return " ".join(x for x in out if x)


def _counts_text(ns: list[int]) -> str:
    if len(ns) > 2 and ns == list(range(ns[0], ns[-1] + 1)):
        return f"{ns[0]} to {ns[-1]}"
    return _or([str(n) for n in ns])


def _they(parts: list[str]) -> list[str]:
    return [("They " + _base(p)) if p[:1].islower() else p for p in parts]


def _clause(parts: list[str], who: str) -> str:
    """Sentences after "If ..., ": the first one continues the sentence."""
    if who != "you":
        parts = ["they " + _base(p) if p[:1].islower() else p for p in parts]
    text = _join(parts, "you")
    return _lower_first(text)


def _may_text(st: ast.May, comp, who: str) -> str:
    """`may { A; B; }` -> "You may A. If you do, B." """
    parts = _parts(st.body.stmts, comp, who)
    if not parts:
        return ""
    first, rest = parts[0], parts[1:]
    if who != "you" and st.opts.by is None:  # inside an attack, the attacker decides
        s = f"You may have them {_base(first) if first[:1].islower() else _lower_first(first)}"
    elif who != "you":
        s = f"may {_base(first)}" if first[:1].islower() else f"They may {_lower_first(first)}"
    else:
        s = f"You may {_lower_first(first)}"
    if rest:
        s += " " + _if_clause("do", rest, who if st.opts.by is not None or who == "you" else "they")
    if isinstance(st.else_, ast.Block):
        other = _parts(st.else_.stmts, comp, who)
        if other:
            s += " " + _if_clause("do not", other, who)
    return s


def _for_text(st: ast.For, comp, who: str) -> str:
    doc = _cur()
    it = st.iterable
    if isinstance(it, ast.NameRef) and it.name in ("others", "players") and st.var:
        doc.names[st.var] = "they"
        parts = _parts(st.body.stmts, comp, "they")
        subject = "Each other player" if it.name == "others" else "Each player"
        return _each(subject, parts) if parts else ""
    doc.names[st.var] = "it"
    body = describe_block(st.body, comp, who)
    return f"For {_each_phrase(it, comp, who)}: {_lower_first(body)}" if body else ""


def _each_phrase(e: ast.Expr, comp, who: str) -> str:
    if isinstance(e, ast.NameRef) and e.name in comp.spec.pools:
        return f"each {e.name.replace('_', ' ')} card"
    if isinstance(e, ast.NameRef) and e.name in comp.spec.zones:
        return f"each card in {expr_text(e, comp, who)}"
    if isinstance(e, ast.Where):
        what, cond = _card_filter(e.cond, comp, who)
        src = expr_text(e.source, comp, who)
        return f"each {what}{cond}" + ("" if src == "the cards of the game" else f" in {src}")
    if isinstance(e, ast.NameRef) and e.name == "cards":
        return "each card of the game"
    text = expr_text(e, comp, who)
    return "each of " + ("the cards" if text == "it" else text)


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
        or (isinstance(prev, ast.Call) and _cur().done.get(what.name) == _past(ev.name))


# ---- calls ------------------------------------------------------------------------------------------

def describe_call(st: ast.Call, comp, who: str) -> str:
    return _call_text(st, comp, who)


def _call_text(st: ast.Call, comp, who: str, first: str | None = None) -> str:
    """A call's sentence; FIRST replaces the text of its first argument (the picked cards)."""
    doc = _cur()
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
                args[name] = _a(a.name)
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
            template = re.sub(r"\byour\b", "their", _third(template))
        text = _fill(template.strip(), args)
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
    for case in st.cases:  # outcome blocks: `claim X from hand { honest { ... } }`
        args[f"case:{case.name}"] = describe_block(case.body, comp, who)
    try:
        text = prim.describe(args)
    except (KeyError, IndexError, TypeError):
        return ""
    if text and "to_prep" in args and args["to_prep"] == "onto" and " into " in text:
        text = text.replace(" into ", " onto ", 1)
    if text and who != "you":
        text = _third(_lower_first(text)) if not _full_sentence(text) else text
    return text


def _number_param(decl: ast.VerbDecl, name: str) -> bool:
    return any(p.name == name and p.type == "int" for p in decl.params)


def _per(e: ast.Expr, comp, who: str) -> str:
    """What `count(E)` counts, after "per": "card discarded", "card in your hand"."""
    doc = _cur()
    if isinstance(e, ast.NameRef) and e.name in doc.done:
        return f"card {doc.done[e.name]}"
    return _cards_phrase(e, comp, who, bare=True, one=True)


def _is_card_name(e: ast.Expr, comp) -> bool:
    doc = _cur()
    return isinstance(e, ast.NameRef) and e.name in comp.spec.card_names and e.name not in doc.names


def _is_local_card(e: ast.Expr) -> bool:
    return isinstance(e, ast.NameRef) and e.name in _cur().names


def _is_zone(e: ast.Expr, comp) -> bool:
    if isinstance(e, ast.NameRef):
        return e.name in comp.spec.zones and e.name not in _cur().names
    return isinstance(e, ast.Attr) and e.name in comp.spec.zones


def _onto(z: ast.Expr, comp) -> str:
    """A face-down pile (a deck) is put onto; anything else into."""
    n = z.name if isinstance(z, (ast.NameRef, ast.Attr)) else None
    zs = comp.spec.zones.get(n) if n else None
    return "onto" if zs is not None and zs.visibility == "hidden" and zs.ordered and not zs.piles else "into"


_FULL = ("You ", "Your ", "They ", "Their ", "If ", "Each ", "When ", "At ", "The ", "A ", "An ", "All ")


def _full_sentence(text: str) -> bool:
    return text.startswith(_FULL)


def _third(phrase: str) -> str:
    """"put it" -> "puts it"; "may x" stays."""
    word, _, rest = phrase.partition(" ")
    lw = word.lower()
    if lw in ("may", "must", "can"):
        conj = word
    elif lw == "have":
        conj = "has"
    elif lw.endswith(("s", "sh", "ch", "x", "z", "o")):
        conj = word + "es"
    elif lw.endswith("y") and lw[-2:-1] not in "aeiou":
        conj = word[:-1] + "ies"
    else:
        conj = word + "s"
    return conj + (" " + rest if rest else "")


def _base(phrase: str) -> str:
    """"puts it" -> "put it"; "trashes" -> "trash"."""
    word, _, rest = phrase.partition(" ")
    lw = word.lower()
    if lw in ("may", "must", "can", "is", "was"):
        base = {"is": "are", "was": "were"}.get(lw, word)
    elif lw == "has":
        base = "have"
    elif lw == "does":
        base = "do"
    elif lw.endswith("ies") and len(lw) > 4:
        base = word[:-3] + "y"
    elif lw.endswith(("sses", "shes", "ches", "xes", "zes", "oes")):
        base = word[:-2]
    elif lw.endswith("s") and not lw.endswith("ss"):
        base = word[:-1]
    else:
        base = word
    return base + (" " + rest if rest else "")


def _past(verb: str) -> str:
    if re.fullmatch(r"[^aeiou]*[aeiou][bdgkmnpt]", verb):  # one syllable ending vowel + consonant: dropped
        return verb + verb[-1] + "ed"
    if verb.endswith("e"):
        return verb + "d"
    if verb.endswith("y") and verb[-2:-1] not in "aeiou":
        return verb[:-1] + "ied"
    return verb + "ed"


def _articles(text: str) -> str:
    """"draws 1 card" -> "draws a card" (printed cards spell out one card)."""
    return re.sub(r"(?<![+\-\d/] )(?<![+\-\d])\b1 ([a-z][a-z]+)\b", lambda m: _a(m.group(1)), text)


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


# ---- card filters, conditions, expressions --------------------------------------------------------------

def _card_filter(cond: ast.Expr, comp, who: str) -> tuple[str, str]:
    """(`Treasure card`, ` costing up to 5`) from `card is Treasure and card.cost <= 5`."""
    what = "card"
    extra: list[str] = []
    parts: list[ast.Expr] = []

    def flat(e: ast.Expr) -> None:
        if isinstance(e, ast.And):
            flat(e.left)
            flat(e.right)
        else:
            parts.append(e)
    flat(cond)
    nots: list[str] = []
    for p in parts:
        if isinstance(p, ast.Not) and isinstance(p.value, ast.Is) and not p.value.negated:
            p = ast.Is(p.value.value, True, p.value.type_name)
        if isinstance(p, ast.Is) and isinstance(p.value, ast.NameRef) and p.value.name == "card" and p.negated:
            nots.append(_a(p.type_name))
            continue
        if isinstance(p, ast.Is) and isinstance(p.value, ast.NameRef) and p.value.name == "card" and not p.negated:
            what = f"{p.type_name} card" if p.type_name in comp.spec.types or p.type_name in comp.spec.tags \
                else p.type_name
        elif isinstance(p, ast.Compare) and isinstance(p.left, ast.Attr) and isinstance(p.left.obj, ast.NameRef) \
                and p.left.obj.name == "card":
            prop = p.left.name
            word = {"<=": "up to", "<": "less than", ">=": "at least", ">": "more than", "==": "exactly",
                    "!=": "other than"}.get(p.op, p.op)
            bound = _relative(p.right, prop, comp, who)
            if prop == "cost":
                extra.append(f" costing {word} {bound}")
            else:
                extra.append(f" with {_prop_label(prop)} {word} {bound}")
        else:
            extra.append(f" where {cond_text(p, comp, who)}")
    if nots:  # "that is not a Base, an Income or a Relic card"
        extra.insert(0, f" that is not {_or(nots)}" + (" card" if what == "card" else ""))
    return what, "".join(extra)


def _or(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def _relative(e: ast.Expr, prop: str, comp, who: str) -> str:
    """`limit` where `let limit = t.cost + 3;` -> "3 more than the trashed card"."""
    doc = _cur()
    if isinstance(e, ast.NameRef) and e.name in doc.values:
        e = doc.values[e.name]
    if isinstance(e, ast.BinOp) and e.op in ("+", "-") and isinstance(e.left, ast.Attr) \
            and e.left.name == prop and isinstance(e.left.obj, ast.NameRef):
        ref = e.left.obj.name
        whom = f"the {doc.done[ref]} card" if ref in doc.done else "it"
        return f"{expr_text(e.right, comp, who)} {'more' if e.op == '+' else 'less'} than {whom}"
    return expr_text(e, comp, who)


def cond_text(e: ast.Expr, comp, who: str) -> str:
    doc = _cur()
    if isinstance(e, ast.Is):
        noun = f"{e.type_name} card" if e.type_name in comp.spec.types or e.type_name in comp.spec.tags \
            else e.type_name
        verb = "is" if expr_text(e.value, comp, who) not in ("they", "you") else "are"
        return f"{expr_text(e.value, comp, who)} {verb} {'not ' if e.negated else ''}{_a(noun)}"
    if isinstance(e, ast.Compare):
        counted = _count_compare(e, comp, who)
        if counted:
            return counted
        have = _have(e, comp, who)
        if have:
            return have
        op = {"==": "is", "!=": "is not", "<": "is less than", "<=": "is at most", ">": "is more than",
              ">=": "is at least"}[e.op]
        return f"{expr_text(e.left, comp, who)} {op} {expr_text(e.right, comp, who)}"
    if isinstance(e, ast.And):
        return f"{cond_text(e.left, comp, who)} and {cond_text(e.right, comp, who)}"
    if isinstance(e, ast.Or):
        return f"{cond_text(e.left, comp, who)} or {cond_text(e.right, comp, who)}"
    if isinstance(e, ast.Not):
        if isinstance(e.value, ast.NameRef) and e.value.name in doc.names:
            return f"there is no {e.value.name}" if doc.names[e.value.name] != "it" else "there is none"
        return f"not {cond_text(e.value, comp, who)}"
    if isinstance(e, ast.In):
        return f"{expr_text(e.item, comp, who)} is in {expr_text(e.container, comp, who)}"
    if isinstance(e, ast.NameRef):
        if e.name in comp.spec.counters:
            return f"{'you have' if who == 'you' else 'they have'} any {e.name.replace('_', ' ')}"
        return "you did" if who == "you" else "they did"
    return expr_text(e, comp, who)


_SIZES = {"==": ("exactly", "no"), ">=": ("at least", None), "<=": ("at most", "no"), ">": ("more than", None),
          "<": ("fewer than", None), "!=": ("not exactly", None)}


def _count_compare(e: ast.Compare, comp, who: str) -> str | None:
    """`count(Widget in supply) == 0` -> "there are no Widget cards in the supply"."""
    f = e.left
    if not (isinstance(f, ast.Func) and f.args and isinstance(e.right, ast.IntLit)):
        return None
    n = e.right.value
    word, zero = _SIZES[e.op]
    amount = zero if n == 0 and zero else f"{word} {n}"
    if f.name == "count":
        what = _cards_phrase(f.args[0], comp, who, bare=True, one=(n == 1 and amount != "no"))
        if what.startswith(("you ", "they ")):  # "cards you own"
            what = "cards " + what
        return f"there {'is' if n == 1 and amount != 'no' else 'are'} {amount} {what}"
    noun = _function_text(f, comp, who, noun_only=True)
    if noun:
        return f"there are {amount} {noun} in {expr_text(f.args[0], comp, who)}"
    return None


def _function_text(f: ast.Func, comp, who: str, noun_only: bool = False) -> str:
    """A registered function's own words: `empty_piles(supply)` -> "the number of empty piles in the supply".
    A describe() that does not print its argument names what is counted; NOUN_ONLY asks for just that noun."""
    prim = comp.registry.get(f.name)
    if prim is None or prim.kind != "function":
        return ""
    args = {p.name: expr_text(a, comp, who) for p, a in zip(prim.params, f.args)}
    try:
        text = prim.describe(args)
    except (KeyError, IndexError, TypeError, ValueError):
        return ""
    if not text:
        return ""
    counts = len(f.args) == 1 and not any(v and v in text for v in args.values())
    if noun_only:
        return text if counts else ""
    return f"the number of {text} in {args[prim.params[0].name]}" if counts else text


def _have(e: ast.Compare, comp, who: str) -> str | None:
    """`actions > 0` -> "you have any actions"; `coins >= 3` -> "you have at least 3 coins"."""
    left = e.left
    if not (isinstance(left, ast.NameRef) and left.name in comp.spec.counters and isinstance(e.right, ast.IntLit)):
        return None
    subject = "you have" if who == "you" else "they have"
    name = left.name.replace("_", " ")
    n = e.right.value
    if e.op == ">" and n == 0:
        return f"{subject} any {name}"
    if e.op in ("==", "<=") and n == 0:
        return f"{subject} no {name}"
    word = {"==": "exactly", ">=": "at least", "<=": "at most", ">": "more than", "<": "fewer than",
            "!=": "other than"}[e.op]
    return f"{subject} {word} {n} {name}"


def _cards_phrase(e: ast.Expr, comp, who: str, bare: bool = False, one: bool = False) -> str:
    """The cards an expression names, as a noun phrase: "cards in your hand", "Widget cards in the
    supply", "cards you own". BARE leaves out "the"; ONE is singular."""
    noun = "card" if one else "cards"
    if isinstance(e, ast.NameRef) and e.name == "owned":
        return f"{noun} {'you' if who == 'you' else 'they'} own"
    if isinstance(e, ast.Attr) and e.name == "owned":
        return f"{noun} {expr_text(e.obj, comp, who)} owns"
    if isinstance(e, ast.In) and _is_card_name(e.item, comp):
        return f"{e.item.name} {noun} in {expr_text(e.container, comp, who)}"
    if isinstance(e, ast.Where):
        what, cond = _card_filter(e.cond, comp, who)
        return f"{_plural(what, 1 if one else 2)}{cond} in {expr_text(e.source, comp, who)}"
    if _is_zone(e, comp):
        return f"{noun} in {expr_text(e, comp, who)}"
    return f"{noun} in {expr_text(e, comp, who)}"


def _a(word: str) -> str:
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word


def _is_number(s: str) -> bool:
    return bool(re.fullmatch(r"-?\d+( / -?\d+)*", s))


def _zone_label(name: str, comp) -> str:
    zs = comp.spec.zones.get(name)
    label = getattr(zs, "description", "") if zs is not None else ""
    return label or name.replace("_", " ")


def _zone_text(name: str, comp, who: str) -> str:
    zs = comp.spec.zones.get(name)
    if zs is None:  # an undeclared zone: the compiler reports it; the text just names it
        return name
    poss = "your" if who == "you" else "their"
    return f"{poss} {_zone_label(name, comp)}" if zs.per_player else f"the {_zone_label(name, comp)}"


# ---- numbers known before play (the rules reference's set-up) -------------------------------------------

def _static(e: ast.Expr | None) -> dict[int, int] | None:
    """The value of E for each player count, when it depends on nothing else."""
    doc = _cur()
    if not doc.counts or e is None:
        return None
    if isinstance(e, ast.IntLit):
        return {n: e.value for n in doc.counts}
    if isinstance(e, ast.Neg):
        v = _static(e.value)
        return {n: -x for n, x in v.items()} if v else None
    if isinstance(e, ast.NameRef) and all(e.name in doc.env[n] for n in doc.counts):
        return {n: doc.env[n][e.name] for n in doc.counts}
    if isinstance(e, ast.Func) and e.name == "count" and len(e.args) == 1 and isinstance(e.args[0], ast.NameRef) \
            and e.args[0].name == "players":
        return {n: n for n in doc.counts}
    if isinstance(e, ast.BinOp):
        a, b = _static(e.left), _static(e.right)
        if a is None or b is None:
            return None
        ops = {"+": lambda x, y: x + y, "-": lambda x, y: x - y, "*": lambda x, y: x * y,
               "/": lambda x, y: x // y if y else 0, "%": lambda x, y: x % y if y else 0}
        return {n: ops[e.op](a[n], b[n]) for n in doc.counts}
    return None


def _static_cond(e: ast.Expr) -> dict[int, bool] | None:
    doc = _cur()
    if isinstance(e, ast.Compare):
        a, b = _static(e.left), _static(e.right)
        if a is None or b is None:
            return None
        ops = {"==": lambda x, y: x == y, "!=": lambda x, y: x != y, "<": lambda x, y: x < y,
               "<=": lambda x, y: x <= y, ">": lambda x, y: x > y, ">=": lambda x, y: x >= y}
        return {n: ops[e.op](a[n], b[n]) for n in doc.counts}
    if isinstance(e, (ast.And, ast.Or)):
        a, b = _static_cond(e.left), _static_cond(e.right)
        if a is None or b is None:
            return None
        return {n: (a[n] and b[n]) if isinstance(e, ast.And) else (a[n] or b[n]) for n in doc.counts}
    if isinstance(e, ast.Not):
        a = _static_cond(e.value)
        return {n: not v for n, v in a.items()} if a is not None else None
    return None


def _remember(st: ast.Stmt, comp) -> None:
    """A `let` or a local assignment: read its expression in place later, and know its number if it has one."""
    doc = _cur()
    name = st.name if isinstance(st, ast.Let) else st.target[0]
    v = _static(st.value)
    if v is not None:
        for n in doc.counts:
            doc.env[n][name] = v[n]
    elif isinstance(st, ast.Let) and not _is_literal(st.value):  # a literal may change: print its name
        doc.values[name] = st.value


def _static_branch(st: ast.If, comp) -> bool:
    """`if count(players) == 2 { victory = 8; }` in the set-up: apply it per player count, print nothing."""
    doc = _cur()
    if not doc.counts:
        return False
    branches = [st.then] + ([st.else_] if isinstance(st.else_, ast.Block) else [])
    if isinstance(st.else_, ast.If):
        return False
    for b in branches:
        for s in b.stmts:
            if not (isinstance(s, ast.Assign) and _is_local(s, comp) and s.op == "=" and _static(s.value)):
                return False
    c = _static_cond(st.cond)
    if c is None:
        return False
    for n in doc.counts:
        block = st.then if c[n] else (st.else_ if isinstance(st.else_, ast.Block) else None)
        if block is None:
            continue
        for s in block.stmts:
            doc.env[n][s.target[0]] = _static(s.value)[n]
    return True


def expr_text(e: ast.Expr | None, comp, who: str) -> str:
    doc = _cur()
    poss = "your" if who == "you" else "their"
    if e is None:
        return ""
    v = _static(e) if not isinstance(e, ast.IntLit) else None
    if v is not None:
        values = [v[n] for n in doc.counts]
        if len(set(values)) == 1:
            return str(values[0])
        text = " / ".join(str(x) for x in values)
        doc.varied = doc.varied or text
        return text
    if isinstance(e, ast.IntLit):
        return str(e.value)
    if isinstance(e, ast.StrLit):
        return e.value
    if isinstance(e, ast.NameRef):
        n = e.name
        if n in doc.names:
            return doc.names[n]
        if n in doc.values:
            return expr_text(doc.values[n], comp, who)
        if n == "this":
            return "this card"
        if n in comp.spec.zones:
            return _zone_text(n, comp, who)
        if n == "you":
            return "you"
        if n == "owned":
            return "the cards you own" if who == "you" else "the cards they own"
        if n == "others":
            return "the other players"
        if n == "players":
            return "the players"
        if n == "cards":
            return "the cards of the game"
        if n in comp.spec.counters:
            return f"{poss} {n.replace('_', ' ')}"
        if n in ("c", "card", "it"):
            return "it"
        return n.replace("_", " ")
    if isinstance(e, ast.Attr):
        if isinstance(e.obj, ast.NameRef) and e.name in comp.spec.zones:
            whose = "your" if e.obj.name == "you" or (who == "you" and doc.names.get(e.obj.name) == "you") \
                else "their"
            return f"{whose} {_zone_label(e.name, comp)}"
        if isinstance(e.obj, ast.NameRef) and e.name in comp.spec.counters:
            return f"{'your' if e.obj.name == 'you' else 'their'} {e.name.replace('_', ' ')}"
        if isinstance(e.obj, ast.NameRef) and e.name == "owned":
            return "the cards they own" if e.obj.name != "you" else "the cards you own"
        label = e.name.upper() if e.name in comp.spec.properties and len(e.name) <= 3 \
            else e.name.replace("_", " ")
        owner = expr_text(e.obj, comp, who)
        if owner in ("it", "this card") or owner.startswith("the "):
            return f"its {label}" if owner == "it" else f"the {label} of {owner}"
        return f"its {label}"
    if isinstance(e, ast.TopOf):
        n = expr_text(e.count, comp, who)
        zone = expr_text(e.zone, comp, who)
        if isinstance(e.zone, ast.In):
            zone = _cards_phrase(e.zone, comp, who)
            zone = "the " + zone
        return f"the {e.end} card of {zone}" if n == "1" else f"the {e.end} {n} cards of {zone}"
    if isinstance(e, ast.Where):
        what, cond = _card_filter(e.cond, comp, who)
        return f"every {what}{cond} in {expr_text(e.source, comp, who)}"
    if isinstance(e, ast.BinOp):
        op = {"*": "×", "/": "÷"}.get(e.op, e.op)
        return f"{expr_text(e.left, comp, who)} {op} {expr_text(e.right, comp, who)}"
    if isinstance(e, ast.Func):
        if e.name == "count" and e.args:
            return f"the number of {_cards_phrase(e.args[0], comp, who)}"
        if e.name == "sum" and len(e.args) == 2:
            amount = e.args[1]
            label = _prop_label(amount.name) if isinstance(amount, ast.Attr) else expr_text(amount, comp, who)
            return f"the total {label} of {_cards_phrase(e.args[0], comp, who).replace('cards in ', 'the cards in ')}" \
                if not _cards_phrase(e.args[0], comp, who).startswith("cards ") \
                else f"the total {label} of the {_cards_phrase(e.args[0], comp, who)}"
        if e.name in ("max", "min") and len(e.args) == 2:
            word = "larger" if e.name == "max" else "smaller"
            return f"the {word} of {expr_text(e.args[0], comp, who)} and {expr_text(e.args[1], comp, who)}"
        text = _function_text(e, comp, who)
        if text:
            return text
        return f"{e.name}({', '.join(expr_text(a, comp, who) for a in e.args)})"
    if isinstance(e, ast.In):
        if _is_card_name(e.item, comp):
            return f"the {e.item.name} cards in {expr_text(e.container, comp, who)}"
        return f"{expr_text(e.item, comp, who)} in {expr_text(e.container, comp, who)}"
    if isinstance(e, ast.Choose):
        return describe_choose(e, comp, who)
    if isinstance(e, ast.ListLit):
        return _and([expr_text(i, comp, who) for i in e.items]) if e.items else "nothing"
    if isinstance(e, ast.Neg):
        return f"-{expr_text(e.value, comp, who)}"
    return "it"
