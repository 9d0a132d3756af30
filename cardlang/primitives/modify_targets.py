"""Which cards a modifier can change: the pass `modify-targets` (compile/passes.py).

A modifier (`on modify in ZONE`, primitives/modify.py) runs on every read of a property it may change, of any
card, and most reads are of cards it can never change: `for u in board where card is Operative { modify
offence u by 3; }` adds nothing to a card that is not an Operative, whatever the state. This module works out,
from the syntax tree of each modifier (and the game's verbs it calls), the definitions each `modify` can
target: `this` is the modifier's own card; a name bound by `for NAME in SOURCE where COND` or `let NAME =
...` is a card of SOURCE that passes COND's written type tests (`card is T` joined by `and`). Anything else
may be any card, and then the property is asked of every card as before. A modifier only computes (`let`,
`if`, `for`, `modify` and verbs held to the same rules: modify.MODIFIER_RULES), so a name is bound only by
`let` and `for` and keeps its cards for the rest of its block. runtime/abilities.py reads the answer
(`Abilities.touchable`, `modifier_total`): a card outside it reads its printed value with no modifier run.
Knows the syntax tree; no game.
"""
from __future__ import annotations

from cardlang.syntax import ast

ANY = None  # a target that may be any card
_THIS = "this"


def modify_targets(decls: list[ast.CardDecl], i: int, event: str, verbs: dict) -> dict[str, frozenset[int] | None]:
    """For each property the `on EVENT` modifiers of definition I (of DECLS, by index) change: the indexes of
    the definitions whose cards they can change (ANY: unknown)."""
    out: dict[str, set[int] | None] = {}
    env = {_THIS: frozenset({i})}
    for t in decls[i].triggers:
        if t.event == event:
            _block(t.body, env, decls, verbs, set(), out, event)
    return {p: (frozenset(s) if s is not ANY else ANY) for p, s in out.items()}


def _add(out: dict, prop: str | None, defs) -> None:
    if prop is None:  # a property not written as a name: every property may be changed, on any card
        for p in list(out):
            out[p] = ANY
        out[None] = ANY
        return
    have = out.get(prop, set())
    out[prop] = ANY if defs is ANY or have is ANY else have | defs


def _block(block: ast.Block, env: dict, decls, verbs: dict, seen: set, out: dict, event: str) -> None:
    env = dict(env)
    for st in block.stmts:
        cls = type(st)
        if cls is ast.Call:
            _call(st, env, decls, verbs, seen, out, event)
        elif cls is ast.If:
            other = st
            while isinstance(other, ast.If):
                _block(other.then, env, decls, verbs, seen, out, event)
                other = other.else_
            if isinstance(other, ast.Block):
                _block(other, env, decls, verbs, seen, out, event)
        elif cls is ast.For:
            _block(st.body, {**env, st.var: _defs(st.iterable, env, decls)}, decls, verbs, seen, out, event)
        elif cls is ast.Let:
            env[st.name] = _defs(st.value, env, decls)  # for the rest of this block
        else:  # not a modifier's statement (a compile error already): nothing known
            _add(out, None, ANY)


def _call(st: ast.Call, env: dict, decls, verbs: dict, seen: set, out: dict, event: str) -> None:
    if st.verb == event:
        prop = st.args[0].name if st.args and type(st.args[0]) is ast.NameRef else None
        what = st.args[1] if len(st.args) > 1 else next((k.value for k in st.kwargs if k.key == "what"), None)
        _add(out, prop, _defs(what, env, decls) if what is not None else ANY)
    elif st.verb in verbs:
        # the verb's own names are its parameters (any cards) and its lets; `this` stays what it is here (a
        # verb is walked once for each set of cards `this` may be at its calls)
        this = env.get(_THIS, ANY)
        if (st.verb, this) in seen:
            return
        seen.add((st.verb, this))
        v = verbs[st.verb]
        inner = {_THIS: this}
        inner.update((p.name, ANY) for p in v.params)
        _block(v.body, inner, decls, verbs, seen, out, event)


def _defs(e, env: dict, decls) -> frozenset[int] | None:
    """The definitions the cards of expression E can be of (ANY: unknown)."""
    cls = type(e)
    if cls is ast.NameRef:
        return env.get(e.name, ANY)
    if cls is ast.Where:
        return _meet(_defs(e.source, env, decls), _passing(e.cond, decls))
    if cls is ast.TopOf:
        return _defs(e.zone, env, decls)
    if cls is ast.ListLit:
        parts = [_defs(x, env, decls) for x in e.items]
        return ANY if any(p is ANY for p in parts) else frozenset().union(*parts)
    return ANY


def _passing(cond, decls) -> frozenset[int] | None:
    """The definitions a `where` condition can hold for: its written `card is T` tests joined by `and`."""
    cls = type(cond)
    if cls is ast.And:
        return _meet(_passing(cond.left, decls), _passing(cond.right, decls))
    if cls is ast.Or:
        a, b = _passing(cond.left, decls), _passing(cond.right, decls)
        return ANY if a is ANY or b is ANY else a | b
    if cls is ast.Is and not cond.negated and type(cond.value) is ast.NameRef and cond.value.name == "card":
        t = cond.type_name
        return frozenset(j for j, d in enumerate(decls) if t in d.types or t in d.tags or t == d.name)
    return ANY


def _meet(a, b):
    return b if a is ANY else a if b is ANY else a & b
