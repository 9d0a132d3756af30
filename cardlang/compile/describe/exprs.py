"""Expressions, conditions and card filters as noun phrases and clauses: "the number of cards in your hand",
"there are no Widget cards in the supply", "a Treasure card costing up to 5 from your hand". Knows no
statement and no game; the game's declared names (types, zones, counters, card names) read as labels.py
words them. Each expression class has its rule in EXPR_TEXT (syntax/rules.py: a class without one raises
NoRule); conditions are worded by conds.py's rules."""
from __future__ import annotations

from typing import Any

from cardlang.syntax import ast
from cardlang.syntax.rules import Rules
from cardlang.compile.describe.doc import COND_TEXT, current_doc
from cardlang.compile.describe.words import _a, and_list, _or, plural_of
from cardlang.compile.describe.numbers import _static
from cardlang.compile.describe.flags import flag_text
from cardlang.compile.describe.labels import (_card_name, _is_card_name, _is_zone, prop_label, _type_noun,
                                              _type_word, zone_label, _zone_text)


def find_node(node: Any, match) -> bool:
    """True when NODE, or any AST node inside it, matches MATCH."""
    if match(node):
        return True
    if isinstance(node, tuple):
        return any(find_node(x, match) for x in node)
    if hasattr(node, "__node_fields__"):
        return any(find_node(getattr(node, f), match) for f in node.__node_fields__ if f != "span")
    return False


def _uses(node: Any, name: str) -> bool:
    return find_node(node, lambda n: isinstance(n, ast.NameRef) and n.name == name)


def _static_text(e: ast.Expr, comp, who: str) -> str:
    """How a number reads, without noting it as printed side by side (a look ahead, not the text)."""
    doc = current_doc()
    varied = doc.varied
    try:
        return expr_text(e, comp, who)
    finally:
        doc.varied = varied


def _choose_words(ch: ast.Choose, comp, who: str) -> tuple[str, bool]:
    q = ch.quantity
    src = ch.source
    base = src.source if isinstance(src, ast.Where) else src
    if isinstance(base, ast.NameRef) and base.name in ("others", "players"):  # a choice of players
        chance = " chosen at random" if isinstance(ch.opts.by, ast.NameRef) and ch.opts.by.name == "chance" else ""
        return ("another player" if base.name == "others" else "a player") + chance, False
    seats = _seat_choice(base)
    if seats:  # `choose 1 from [left, right]`: "your left-hand or right-hand neighbour"
        if isinstance(src, ast.Where):  # `where count(player.hand) > 0`: "..., one with a card in their hand"
            doc = current_doc()
            saved = dict(doc.names)
            doc.names["player"] = "they"
            try:
                seats += f" for whom {cond_text(src.cond, comp, 'they')}"
            finally:
                doc.names = saved
        return seats, False
    what, cond = "card", ""
    if isinstance(src, ast.Where):
        many = q.kind == "any" or (q.count is not None and _static_text(q.count, comp, who) != "1")
        what, cond = card_filter(src.cond, comp, who, plural=many)
        src = src.source
    place = expr_text(src, comp, who)
    if isinstance(ch.opts.by, ast.NameRef) and ch.opts.by.name == "chance":
        place += " at random"
    optional = False
    if q.kind == "exactly":
        down = _down_to(q.count, src, comp)
        if down is not None:
            return f"down to {down} {plural_of(what, down)} in {_bare_zone(src, comp)}", False
        n = expr_text(q.count, comp, who)
        amount = _a(what) if n == "1" else f"{n} {plural_of(what, n)}"
    elif q.kind == "up_to":
        n = expr_text(q.count, comp, who)
        if n == "1":
            amount, optional = _a(what), True
        else:
            amount = f"up to {n} {plural_of(what, n)}"
    else:
        amount = f"any number of {plural_of(what, 2)}"
    return f"{amount}{cond} from {place}", optional


def is_player_pick(e: ast.Expr) -> bool:
    """A choice among players: `choose 1 from others`, `choose 1 from [left, right]`."""
    if not isinstance(e, ast.Choose):
        return False
    base = e.source.source if isinstance(e.source, ast.Where) else e.source
    return (isinstance(base, ast.NameRef) and base.name in ("others", "players")) or bool(_seat_choice(base))


def _seat_choice(e: ast.Expr) -> str:
    """`[left, right]` -> "your left-hand or right-hand neighbour"; "" for anything but neighbours."""
    if not isinstance(e, ast.ListLit) or not e.items:
        return ""
    sides = [i.name for i in e.items if isinstance(i, ast.NameRef) and i.name in ("left", "right")
             and i.name not in current_doc().names]
    if len(sides) != len(e.items):
        return ""
    return "your " + " or ".join(f"{s}-hand" for s in dict.fromkeys(sides)) + " neighbour"


def _down_to(count: ast.Expr | None, src: ast.Expr, comp) -> str | None:
    """`choose count(hand) - 3 from hand` -> "3" (down to 3 cards)."""
    if isinstance(count, ast.BinOp) and count.op == "-" and isinstance(count.right, ast.IntLit) \
            and isinstance(count.left, ast.Func) and count.left.name == "count" and count.left.args \
            and count.left.args[0] == src:
        return str(count.right.value)
    return None


def _bare_zone(e: ast.Expr, comp) -> str:
    n = e.name if isinstance(e, (ast.NameRef, ast.Attr)) else None
    return zone_label(n, comp) if n in comp.spec.zones else expr_text(e, comp, "you")


def describe_choose(ch: ast.Choose, comp, who: str) -> str:
    phrase, _ = _choose_words(ch, comp, who)
    return f"{'Choose' if who == 'you' else 'chooses'} {phrase}"


def card_filter(cond: ast.Expr, comp, who: str, plural: bool = False) -> tuple[str, str]:
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
            nots.append(_a(_type_word(p.type_name, comp)))
            continue
        kinds = _either_types(p)
        if isinstance(p, ast.Is) and isinstance(p.value, ast.NameRef) and p.value.name == "card" and not p.negated:
            what = _type_noun(p.type_name, comp)
        elif kinds and all(k in comp.spec.types or k in comp.spec.tags for k in kinds):
            # `card is Building or card is Citizen or card is MagicItem`: "Building, Citizen or Magic Item card"
            what = f"{_or([_type_word(k, comp) for k in kinds])} card"
        elif isinstance(p, ast.Compare) and isinstance(p.left, ast.Attr) and isinstance(p.left.obj, ast.NameRef) \
                and p.left.obj.name == "card":
            prop = p.left.name
            word = {"<=": "up to", "<": "less than", ">=": "at least", ">": "more than", "==": "exactly",
                    "!=": "other than"}.get(p.op, p.op)
            bound = _relative(p.right, prop, comp, who)
            if prop == "cost":
                extra.append(f" costing {word} {bound}")
            elif p.op == "==":  # "with Forced 0"
                extra.append(f" with {prop_label(prop)} {bound}")
            else:
                extra.append(f" with {prop_label(prop)} {word} {bound}")
        else:
            extra.append(f" where {cond_text(p, comp, who)}")
    if nots and plural:  # "cards that are not Base, Income or Relic cards"
        bare = [n.split(" ", 1)[1] for n in nots]
        extra.insert(0, f" that are not {_or(bare)}" + (" cards" if what == "card" else ""))
    elif nots:  # "a card that is not a Base, an Income or a Relic card"
        extra.insert(0, f" that is not {_or(nots)}" + (" card" if what == "card" else ""))
    return what, "".join(extra)


def _either_types(e: ast.Expr) -> list[str]:
    """`card is A or card is B or ...` -> [A, B, ...]; [] for anything else."""
    if isinstance(e, ast.Or):
        a, b = _either_types(e.left), _either_types(e.right)
        return a + b if a and b else []
    if isinstance(e, ast.Is) and isinstance(e.value, ast.NameRef) and e.value.name == "card" and not e.negated:
        return [e.type_name]
    return []


def _relative(e: ast.Expr, prop: str, comp, who: str) -> str:
    """`limit` where `let limit = t.cost + 3;` -> "3 more than the trashed card"."""
    doc = current_doc()
    if isinstance(e, ast.NameRef) and e.name in doc.values:
        e = doc.values[e.name]
    if isinstance(e, ast.BinOp) and e.op in ("+", "-") and isinstance(e.left, ast.Attr) \
            and e.left.name == prop and isinstance(e.left.obj, ast.NameRef):
        ref = e.left.obj.name
        whom = f"the {doc.done[ref]} card" if ref in doc.done else "it"
        return f"{expr_text(e.right, comp, who)} {'more' if e.op == '+' else 'less'} than {whom}"
    return expr_text(e, comp, who)


def cond_text(e: ast.Expr, comp, who: str) -> str:
    """A condition as a clause ("there are no Widget cards in the supply", "you have any debt"): a yes/no
    counter in its own words (flags.py), a condition class by its rule in doc.COND_TEXT (conds.py), and any
    other expression as the value it reads."""
    flag = flag_text(e, comp, who, expr_text)
    if flag is not None:  # a yes/no counter: "you have not fallen"
        return flag
    rule = COND_TEXT.get(type(e))
    return rule(e, comp, who) if rule is not None else expr_text(e, comp, who)


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


def _cards_phrase(e: ast.Expr, comp, who: str, bare: bool = False, one: bool = False, either: bool = False) -> str:
    """The cards an expression names, as a noun phrase: "cards in your hand", "Widget cards in the
    supply", "cards you own". BARE leaves out "the"; ONE is singular; EITHER joins several zones with "or"
    ("there is a Widget in your hand or your board")."""
    noun = "card" if one else "cards"
    if isinstance(e, ast.NameRef) and e.name == "owned":
        return f"{noun} {'you' if who == 'you' else 'they'} own"
    if isinstance(e, ast.Attr) and e.name == "owned":
        return f"{noun} {expr_text(e.obj, comp, who)} owns"
    if isinstance(e, ast.In) and _is_card_name(e.item, comp):
        return f"{_card_name(e.item, comp)} {noun} in {expr_text(e.container, comp, who)}"
    if isinstance(e, ast.Where):
        what, cond = card_filter(e.cond, comp, who)
        src = e.source
        place = _or([expr_text(x, comp, who) for x in src.items]) if either and isinstance(src, ast.ListLit) \
            and src.items else expr_text(src, comp, who)
        return f"{plural_of(what, 1 if one else 2)}{cond} in {place}"
    if _is_zone(e, comp):
        return f"{noun} in {expr_text(e, comp, who)}"
    return f"{noun} in {expr_text(e, comp, who)}"


def expr_text(e: ast.Expr | None, comp, who: str) -> str:
    """An expression as a noun phrase ("the number of cards in your hand"), by the rule for its class in
    EXPR_TEXT; a number known per player count prints side by side ("8 / 12 / 12"). A class without a rule
    raises NoRule (syntax/rules.py)."""
    if e is None:
        return ""
    v = _static(e) if not isinstance(e, ast.IntLit) else None
    if v is not None:
        doc = current_doc()
        values = [v[n] for n in doc.counts]
        if len(set(values)) == 1:
            return str(values[0])
        text = " / ".join(str(x) for x in values)
        doc.varied = doc.varied or text
        return text
    return EXPR_TEXT(e, comp, who)


EXPR_TEXT = Rules("the rules text (expressions)")


@EXPR_TEXT.rule(ast.IntLit, ast.StrLit)
def _literal_text(e: ast.IntLit | ast.StrLit, comp, who: str) -> str:
    return str(e.value)


@EXPR_TEXT.rule(ast.BoolLit)
def _bool_text(e: ast.BoolLit, comp, who: str) -> str:
    return "yes" if e.value else "no"


@EXPR_TEXT.rule(ast.Compare, ast.Is, ast.And, ast.Or, ast.Not)
def _condition_value_text(e: ast.Expr, comp, who: str) -> str:
    """A condition read as a value (`pts count(Pebble in hand) > 0;`, `unless marks == 0`) says the condition."""
    return cond_text(e, comp, who)


@EXPR_TEXT.rule(ast.NameRef)
def _name_text(e: ast.NameRef, comp, who: str) -> str:
    doc = current_doc()
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
        return f"{'your' if who == 'you' else 'their'} {n.replace('_', ' ')}"
    if n in ("c", "card", "it"):
        return "it"
    return n.replace("_", " ")


@EXPR_TEXT.rule(ast.Attr)
def _attr_text(e: ast.Attr, comp, who: str) -> str:
    doc = current_doc()
    if isinstance(e.obj, ast.NameRef) and e.name in comp.spec.zones:
        whose = "your" if e.obj.name == "you" or (who == "you" and doc.names.get(e.obj.name) == "you") \
            else "their"
        if doc.names.get(e.obj.name, "").startswith("the "):  # a procedure's "the defender's board"
            whose = doc.names[e.obj.name] + "'s"
        if e.obj.name in ("left", "right") and e.obj.name not in doc.names:  # the neighbours
            whose = f"your {e.obj.name}-hand neighbour's"
        return f"{whose} {zone_label(e.name, comp)}"
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


@EXPR_TEXT.rule(ast.TopOf)
def _top_text(e: ast.TopOf, comp, who: str) -> str:
    n = expr_text(e.count, comp, who)
    zone = expr_text(e.zone, comp, who)
    if isinstance(e.zone, ast.In):
        zone = _cards_phrase(e.zone, comp, who)
        zone = "the " + zone
    return f"the {e.end} card of {zone}" if n == "1" else f"the {e.end} {n} cards of {zone}"


@EXPR_TEXT.rule(ast.Where)
def _where_text(e: ast.Where, comp, who: str) -> str:
    what, cond = card_filter(e.cond, comp, who)
    return f"every {what}{cond} in {expr_text(e.source, comp, who)}"


@EXPR_TEXT.rule(ast.BinOp)
def _binop_text(e: ast.BinOp, comp, who: str) -> str:
    op = {"*": "×", "/": "÷"}.get(e.op, e.op)
    return f"{expr_text(e.left, comp, who)} {op} {expr_text(e.right, comp, who)}"


@EXPR_TEXT.rule(ast.Func)
def _func_text(e: ast.Func, comp, who: str) -> str:
    if e.name == "count" and e.args:
        return f"the number of {_cards_phrase(e.args[0], comp, who)}"
    if e.name == "sum" and len(e.args) == 2:
        amount = e.args[1]
        label = prop_label(amount.name) if isinstance(amount, ast.Attr) else expr_text(amount, comp, who)
        return f"the total {label} of the {_cards_phrase(e.args[0], comp, who)}"  # "of the Widget cards in ..."
    if e.name in ("max", "min") and len(e.args) == 2:
        word = "larger" if e.name == "max" else "smaller"
        return f"the {word} of {expr_text(e.args[0], comp, who)} and {expr_text(e.args[1], comp, who)}"
    text = _function_text(e, comp, who)
    if text:
        return text
    return f"{e.name}({', '.join(expr_text(a, comp, who) for a in e.args)})"


@EXPR_TEXT.rule(ast.In)
def _in_text(e: ast.In, comp, who: str) -> str:
    if _is_card_name(e.item, comp):
        return f"the {_card_name(e.item, comp)} cards in {expr_text(e.container, comp, who)}"
    return f"{expr_text(e.item, comp, who)} in {expr_text(e.container, comp, who)}"


EXPR_TEXT.rule(ast.Choose)(describe_choose)


@EXPR_TEXT.rule(ast.ListLit)
def _list_text(e: ast.ListLit, comp, who: str) -> str:
    return and_list([expr_text(i, comp, who) for i in e.items]) if e.items else "nothing"


@EXPR_TEXT.rule(ast.Neg)
def _neg_text(e: ast.Neg, comp, who: str) -> str:
    return f"-{expr_text(e.value, comp, who)}"
