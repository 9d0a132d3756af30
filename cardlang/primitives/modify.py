"""Continuous modifiers: numbers that change while a card sits somewhere (an aura, a bonus for a neighbour).

    on modify in board {                        // a card's ability that computes, never acts
      if count(adjacent(this) where card is Guard) > 0 { modify power this by 2; }
    }

Whenever a rule or card reads PROPERTY of a card, the value is its printed value plus every `modify` for
that card and property, from the `on modify in ZONE` abilities of all cards now in their ZONE. A modifier
therefore lasts exactly as long as its card stays there. Inside a modifier, properties read their printed
values (a modifier never sees another's), so the order of modifiers does not matter and none can loop.
A modifier block holds only `let`, `if`, `for` and `modify`. The totals are summed at play time by
runtime/abilities.py (Abilities.modifier_total), from the index made here. Knows no game.
"""
from __future__ import annotations

import ast as py

from cardlang.errors import CardCompileError
from cardlang.primitives.lowering import CTX, call, name, one_card, state, store, subscript
from cardlang.primitives.modify_targets import modify_targets
from cardlang.primitives.registry import CARDS, INT, NAME, Param, Verb, primitive
from cardlang.primitives.types import leaves_names
from cardlang.primitives.values import prop_of_card
from cardlang.runtime.abilities import MODIFY
from cardlang.runtime.invariants import InvariantViolation
from cardlang.runtime.state import Ctx, IllegalAction
from cardlang.syntax import ast
from cardlang.syntax.rules import Rules
from cardlang.syntax.walk import nodes as walk_nodes

EVENT = MODIFY


@primitive
class Modify(Verb):
    """Inside `on modify in ZONE`: while this card is in ZONE, PROPERTY of the cards is raised by N.
    Example: modify offence this by 2;"""

    verb = "modify"
    params = (Param("property", NAME), Param("what", CARDS), Param("by", INT, aliases=("by",)))
    # read only for a sum of this property (the call itself runs only while a property is summed: the modifier
    # ability runs on every read), N once for each card that matches: no function of the context is needed,
    # since the call runs when the reading does, so the lowering places their code where run reads them
    lazy = frozenset({"what", "by"})
    lowers_lazy = True

    def describe(self, a: dict) -> str:
        return f"{a['what']} has +{a['by']} {a['property']}."

    @staticmethod
    def run(ctx: Ctx, property: str, what, by) -> None:
        acc = summing(ctx.state, property)
        if acc is None:
            return
        target = acc[_CARD]
        for cid in what(ctx):
            if cid == target:
                acc[_TOTAL] += by(ctx)

    def lower(self, gen, args: list, site) -> list:
        """`_a = summing(ctx.state, PROPERTY); if _a is not None: for _c in WHAT: if _c == _a[0]: _a[2] += BY`
        (WHAT the code of one card: `if CARD == _a[0]: ...`, no loop): WHAT and BY worked out in the code itself
        where run calls them, BY once for each card that matches."""
        prop, what, by = args
        a = gen.fresh("a")
        add = py.AugAssign(py.Subscript(name(a), py.Constant(_TOTAL), py.Store()), py.Add(), by)

        def hit(card: py.expr) -> py.expr:
            return py.Compare(card, [py.Eq()], [subscript(name(a), py.Constant(_CARD))])
        card = one_card(what)
        if card is not None:
            body: list[py.stmt] = [py.If(hit(card), [add], [])]
        else:
            c = gen.fresh("c")
            body = [py.For(store(c), what, [py.If(hit(name(c)), [add], [])], [])]
        return [py.Assign([store(a)], call(gen.const(summing), state(gen), prop)),
                py.If(py.Compare(name(a), [py.IsNot()], [py.Constant(None)]), body, [])]


# (the running sum of a modifier read, runtime/abilities.py: [card, property, total])
_CARD, _TOTAL = 0, 2


def summing(state, property: str) -> list | None:
    """The running sum of the property being read while a modifier runs ([card, property, total]), None when
    the read is of another property; outside a modifier, a rule violation."""
    acc = state.modifying
    if acc is None:
        raise IllegalAction("modify works only inside an `on modify in ZONE` ability")
    return acc if acc[1] == property else None


def modifier_index(watched: list[tuple[str, set[int]]], decls: list[ast.CardDecl], verbs: dict,
                   slots: dict[str, int], targets: bool = True) -> dict[str, list[tuple]]:
    """For each property some modifier changes: (the zone's slot, cards whose modifiers there change only
    their own card, the other cards with modifiers there, the definitions those others can change or None
    for any), from WATCHED (the game's `on modify in ZONE` index: zone -> indexes of the cards with one),
    the cards' declarations, DECLS, by index, and the zones' SLOTS by name. With TARGETS false (the pass
    `modify-targets` off) the others may change any card."""
    reach = {}
    for _, defs in watched:
        for i in defs:
            props: set[str] = set()
            own = all(_reach(t.body, props, verbs, set()) for t in decls[i].triggers if t.event == EVENT)
            reach[i] = (props, own, modify_targets(decls, i, EVENT, verbs) if targets else {None: None})
    out: dict[str, list] = {}
    for zone_name, defs in watched:
        for prop in sorted({p for i in defs for p in reach[i][0]}):
            of = [i for i in defs if prop in reach[i][0]]
            others = frozenset(i for i in of if not reach[i][1])
            touch: frozenset[int] | None = frozenset()
            for i in others:
                can = reach[i][2]
                t = None if None in can else can.get(prop, frozenset())
                touch = None if t is None or touch is None else touch | t
            out.setdefault(prop, []).append((slots[zone_name], frozenset(i for i in of if reach[i][1]), others,
                                             touch))
    return out


def touchable(index: dict[str, list[tuple]]) -> dict[str, frozenset[int]]:
    """For each property of INDEX (modifier_index's) whose modifiers can change only cards of known
    definitions: those definitions (a card of another reads its printed value)."""
    out = {}
    for prop, entries in index.items():
        defs: set[int] = set()
        for _, own, _others, touch in entries:
            if touch is None:
                break
            defs |= own | touch
        else:
            out[prop] = frozenset(defs)
    return out


def _reach(node, props: set[str], verbs: dict, seen: set) -> bool:
    """Add to PROPS the properties the `modify`s under NODE change (the verbs it calls included); true when
    each of them names `this`, so that they change only the modifier's own card."""
    own = True
    if isinstance(node, ast.Call) and node.verb == EVENT:
        if node.args and isinstance(node.args[0], ast.NameRef):
            props.add(node.args[0].name)
        return len(node.args) > 1 and isinstance(node.args[1], ast.NameRef) and node.args[1].name == "this"
    if ast.bound_name(node) == "this":
        own = False  # `this` bound to something else: it may not be the card
    if isinstance(node, ast.Call) and node.verb in verbs and node.verb not in seen:
        seen.add(node.verb)
        v = verbs[node.verb]
        own = _reach(v.body, props, verbs, seen) and all(p.name != "this" for p in v.params) and own
    if hasattr(node, "__node_fields__"):
        for f in node.__node_fields__:
            if f != "span":
                own = _reach(getattr(node, f), props, verbs, seen) and own
    elif isinstance(node, tuple):
        for x in node:
            own = _reach(x, props, verbs, seen) and own
    return own


def modified_property(comp, cards, n: str, default):
    """A compiled read of property N of the first of CARDS (a CE), printed value plus modifiers: one call of
    read_modified, with the cards' code inlined (the totals come from the game's runtime/abilities.py); of one
    card [E], read_modified_card of E (no list made for it)."""
    from cardlang.primitives.types import INT, applied
    return applied(read_modified, [cards], INT, state="ctx", consts=(comp.abilities, n, default), lower=_read_one)


def _read_one(gen, args: list) -> py.expr | None:
    card = one_card(args[0])
    return None if card is None else call(gen.const(read_modified_card), name(CTX), card, *args[1:])


@leaves_names  # (the modifiers run in a context of their own: abilities.modifier_total)
def read_modified(ctx: Ctx, cs: list[int], abilities, n: str, default) -> int:
    """Property N of the first card of CS, printed value plus modifiers: read_modified_card's code, not a call
    of it (a call more for each read of a card passed as a list: a verb's parameter)."""
    if not cs:
        raise IllegalAction(f"no card to read '{n}' from")
    cid = cs[0]
    state = ctx.state
    d = state.card_def[cid]
    base = d.props.get(n, default) if n not in d.dynamic else prop_of_card(ctx, cid, n, default)
    if state.modifying is not None:  # inside a modifier: printed values only
        return base
    can = abilities.touchable.get(n)
    if can is not None and d.index not in can:
        if state.check is not None and abilities.modifier_total(state, cid, n, every=True):
            raise InvariantViolation(f"a modifier changed {d.name}'s {n}, which modify_targets said none can")
        return base
    return base + abilities.modifier_total(state, cid, n)


@leaves_names
def read_modified_card(ctx: Ctx, cid: int, abilities, n: str, default) -> int:
    """Property N of card CID, printed value plus modifiers."""
    state = ctx.state
    d = state.card_def[cid]
    base = d.props.get(n, default) if n not in d.dynamic else prop_of_card(ctx, cid, n, default)
    if state.modifying is not None:  # inside a modifier: printed values only
        return base
    can = abilities.touchable.get(n)  # (modify_targets.py: the cards some modifier can change, when known)
    if can is not None and d.index not in can:
        if state.check is not None and abilities.modifier_total(state, cid, n, every=True):
            # (a game played with the invariant checker asks every modifier: none may change this card)
            raise InvariantViolation(f"a modifier changed {d.name}'s {n}, which modify_targets said none can")
        return base
    return base + abilities.modifier_total(state, cid, n)


def modified_properties(cards: list[ast.CardDecl], errors: list, verbs: dict | None = None) -> set[str]:
    """The properties some `on modify in ZONE` ability changes; checks what those abilities may hold. A
    modifier may call the game's verbs, which are held to the same rules (`join_force;`)."""
    out: set[str] = set()
    verbs = verbs or {}
    for card in cards:
        for t in card.triggers:
            if t.event != EVENT:
                _no_modify_outside(t.body, errors, verbs)
                continue
            if t.zone is None:
                errors.append(CardCompileError("a modifier names the zone it works from: `on modify in ZONE`",
                                               t.span, hint="on modify in board { ... }"))
            _check_block(t.body, out, errors, verbs, set())
    return out


def _check_block(block: ast.Block, out: set[str], errors: list, verbs: dict, seen: set) -> None:
    for st in block.stmts:
        MODIFIER_RULES(st, out, errors, verbs, seen)


# What a modifier block may hold, by statement class (syntax/rules.py; every statement class has a rule, see
# tests/test_completeness.py): a modifier only computes, so `let` (not a choice), `if`, `for`, `modify` and
# the game's verbs, which are held to the same rules.
MODIFIER_RULES = Rules("the check of a modifier's statements")


@MODIFIER_RULES.rule(ast.Call)
def _call_held(st: ast.Call, out: set[str], errors: list, verbs: dict, seen: set) -> None:
    if st.verb == EVENT:
        if st.args and isinstance(st.args[0], ast.NameRef):
            out.add(st.args[0].name)
    elif st.verb in verbs:
        if st.verb not in seen:
            seen.add(st.verb)
            _check_block(verbs[st.verb].body, out, errors, verbs, seen)
    else:
        _refused(st, out, errors, verbs, seen)


@MODIFIER_RULES.rule(ast.If)
def _if_held(st: ast.If, out: set[str], errors: list, verbs: dict, seen: set) -> None:
    _check_block(st.then, out, errors, verbs, seen)
    other = st.else_
    while isinstance(other, ast.If):
        _check_block(other.then, out, errors, verbs, seen)
        other = other.else_
    if isinstance(other, ast.Block):
        _check_block(other, out, errors, verbs, seen)


@MODIFIER_RULES.rule(ast.For)
def _for_held(st: ast.For, out: set[str], errors: list, verbs: dict, seen: set) -> None:
    _check_block(st.body, out, errors, verbs, seen)


@MODIFIER_RULES.rule(ast.Let)
def _let_held(st: ast.Let, out: set[str], errors: list, verbs: dict, seen: set) -> None:
    if isinstance(st.value, ast.Choose):  # a choice asks a player: a modifier runs on every read
        _refused(st, out, errors, verbs, seen)


@MODIFIER_RULES.rule(ast.Assign, ast.Repeat, ast.While, ast.Attack, ast.Phase, ast.ChooseOption, ast.May, ast.Break,
             ast.Simultaneous)
def _refused(st, out: set[str], errors: list, verbs: dict, seen: set) -> None:
    errors.append(CardCompileError("a modifier only computes: it may hold let, if, for and modify",
                                   st.span, hint="act in another ability; `on modify` runs on every read"))


def _no_modify_outside(node, errors: list, verbs: dict) -> None:
    for n in walk_nodes(node):
        if isinstance(n, ast.Call) and n.verb == EVENT:
            errors.append(CardCompileError("modify works only inside an `on modify in ZONE` ability", n.span))
