"""The emitter's rules for ir/nodes_ops.py (the operators and the coercions) and for ir/nodes.py's `Not`: IR ->
Python `ast`, one rule per node class, each building exactly the code the compile rules built by hand before
(compile/operators.py, compile/statements.py). Registered with the others by ir/emit_stmts.py.

A truth value is written without a call of `bool` where its code's shape says it is one already (a
comparison, a `not`, `and` / `or` of such), and a list is copied only where its code's shape says it is not a
new one; those tests read the Python emitted for the operands (which may be a bridge's), so they are here.

Knows Python's `ast` and, through ir/emit.py's helpers, the runtime's layout; no game, no source construct, no
pass.
"""
from __future__ import annotations

import ast as py
from typing import Any, Callable

from cardlang.compile.ir import nodes as N
from cardlang.compile.ir import nodes_ops as O
from cardlang.compile.ir.emit import (Emitter, _call, _zone_cards, cards_of, ctx_state, name_of, new_list, piles_by_key,
                                      zone_read)
from cardlang.compile.pyast import CTX, attr, const, fresh_list, name, store
from cardlang.primitives.lowering import first_or_call
from cardlang.runtime.state import CardDef

_ARITH = {"+": py.Add, "-": py.Sub, "*": py.Mult}
_CMP = {"==": py.Eq, "!=": py.NotEq, "<": py.Lt, "<=": py.LtE, ">": py.Gt, ">=": py.GtE}


def _tested(x: py.expr) -> py.expr:
    """T for `[C] if T else []` when T is a bool (one card or none, as card_at's code is): the same truth, no
    list built."""
    if isinstance(x, py.IfExp) and isinstance(x.body, py.List) and len(x.body.elts) == 1 \
            and not isinstance(x.body.elts[0], py.Starred) and isinstance(x.orelse, py.List) \
            and not x.orelse.elts and _is_bool(x.test):
        return x.test
    return x


def _is_bool(x: py.expr) -> bool:
    """Is X's value a bool: a comparison (of numbers, names, cards), a `not`, or and/or of such?"""
    if isinstance(x, (py.Compare, py.Constant)):
        return isinstance(x, py.Compare) or isinstance(x.value, bool)
    if isinstance(x, py.UnaryOp):
        return isinstance(x.op, py.Not)
    return isinstance(x, py.BoolOp) and all(_is_bool(v) for v in x.values)


def _truth(x: py.expr) -> py.expr:
    """`not not X`: X's truth as a bool, as `bool(X)` gives, without a call (X itself when it is a bool already;
    T when X is `[C] if T else []`)."""
    x = _tested(x)
    if _is_bool(x):
        return x
    return py.UnaryOp(py.Not(), py.UnaryOp(py.Not(), x))


def _uncopied(code: py.expr) -> py.expr:
    """What a list display unpacks CODE as (`[*X]`): `X.cards`, not `list(X.cards)`; `E` not `[*E]`, in either
    arm of an `if` too (`[*(... if len(s) == 1 else ...)]`): the display copies already."""
    if fresh_list(code) and isinstance(code, py.Call):
        return code.args[0]
    if isinstance(code, py.List) and len(code.elts) == 1 and isinstance(code.elts[0], py.Starred):
        return code.elts[0].value
    if isinstance(code, py.IfExp):
        return py.IfExp(code.test, _uncopied(code.body), _uncopied(code.orelse))
    return code


def _all_are(e: Emitter, n: O.AllAre) -> py.expr:
    """`FN(ctx.state, CARDS, VALUE, NEGATED)`; of a type, where the pass `lower` is on, for the code `[E]` of one
    card `T in E's types` (`not in`), and for cards in a local (or a name) `... if len(_n) == 1 else` the call
    (primitives/lowering.py first_or_call)."""
    gen = e.gen
    cards = e.expr(n.cards)
    value, negated = const(n.value), const(n.negated)
    call = _call(gen.const(n.fn), ctx_state(), cards, value, negated)
    if n.kind != "type" or not gen.options.on("lower"):
        return call

    def one(card: py.expr) -> py.expr:
        return e.expr(N.IsType(N.Py(card), N.Py(value), n.negated))
    got = first_or_call(gen, cards, one, call)
    return call if got is None else got


def _helper(e: Emitter, n: O.Helper) -> py.expr:
    """`FN(ctx.state, *ARGS)`, the arguments' code made before FN's constant (as Gen.apply makes a call's)."""
    args = [e.expr(a) for a in n.args]
    return _call(e.gen.const(n.fn), *([ctx_state()] if n.state else []), *args)


def _pile(e: Emitter, slot: int, card: N.Node, read: Callable[[py.expr], py.expr], none: py.expr) -> py.expr:
    """`READ(_pl) if (_pl := ctx.state.piles.get((SLOT, NAME))) is not None else NONE`, NAME the card name's
    (a constant for a card the source names)."""
    known = type(card) is N.Value and isinstance(card.obj, CardDef)
    key = py.Tuple([const(slot), const(card.obj.name) if known else name_of(e.expr(card))], py.Load())
    pl = e.gen.fresh("pl")
    found = py.NamedExpr(store(pl), _call(attr(piles_by_key(), "get"), key))
    return py.IfExp(py.Compare(found, [py.IsNot()], [const(None)]), read(name(pl)), none)


def _pile_count(e: Emitter, n: O.PileCount) -> py.expr:
    """`len(_pl.cards) if (_pl := ...) is not None else 0`."""
    return _pile(e, n.slot, n.card, lambda pl: _call(e.gen.const(len), cards_of(pl)), const(0))


def _pile_top(e: Emitter, n: O.PileTop) -> py.expr:
    """`_pl.cards[:-N - 1:-1] if (_pl := ...) is not None else []`."""
    def top(pl: py.expr) -> py.expr:
        return py.Subscript(cards_of(pl), py.Slice(None, const(-n.n - 1), const(-1)), py.Load())
    return _pile(e, n.slot, n.card, top, py.List([], py.Load()))


def _divide(e: Emitter, n: O.Divide) -> py.expr:
    """`LEFT // RIGHT` (`%`) by a number written in the source other than 0 (nothing to check), else the
    reference's call `FN(LEFT, RIGHT)`, which stops the game on a division by zero."""
    left, right = e.expr(n.left), e.expr(n.right)
    if type(n.right) is N.Const and type(n.right.value) is int and n.right.value != 0:
        return py.BinOp(left, py.FloorDiv() if n.op == "/" else py.Mod(), right)
    return _call(e.gen.const(n.fn), left, right)


def _same_cards(e: Emitter, n: O.SameCards) -> py.expr:
    """`FN(ctx.state, LEFT, LEFT_KIND, RIGHT, RIGHT_KIND)`, under `not` for `!=`."""
    left, right = e.expr(n.left), e.expr(n.right)
    call = _call(e.gen.const(n.fn), ctx_state(), left, const(n.left_kind), right, const(n.right_kind))
    return call if n.equal else py.UnaryOp(py.Not(), call)


def _text(e: Emitter, n: O.Text) -> py.expr:
    """`f"PIECE{VALUE}..."`: a number or a text shown as it is, any other value through the reference
    TEXT(ctx, VALUE, KIND) (a card by its name, a player as `p1`, ...)."""
    values: list[py.expr] = []
    for part in n.parts:
        if isinstance(part, str):
            if part:
                values.append(const(part))
            continue
        node, kind = part
        code = e.expr(node)
        if kind not in ("int", "text", "bool"):
            code = _call(e.gen.const(n.text_of), name(CTX), code, const(kind))
        values.append(py.FormattedValue(code, -1, None))
    return py.JoinedStr(values)


def _joined(e: Emitter, n: O.Joined) -> py.expr:
    """`(*A, *B)` of numbers; `[*A, *B]` of cards, each part not copied first (the display makes the list)."""
    if n.kind == "numbers":
        return py.Tuple([py.Starred(e.expr(p), py.Load()) for p in n.parts], py.Load())
    return py.List([py.Starred(_uncopied(e.expr(p)), py.Load()) for p in n.parts], py.Load())


def _cards_of_zone(e: Emitter, n: O.CardsOfZone) -> py.expr:
    """`list(ZONE.cards)` (marked ZoneCards) for a declared zone of no piles, else `READ(ctx.state, ZONE)`."""
    zone = e.expr(n.zone)
    read = zone_read(zone)
    if read is not None and read.slot in n.plain:
        return _zone_cards(zone)
    return _call(e.gen.const(n.read), ctx_state(), zone)


def _listed(e: Emitter, n: O.Listed) -> py.expr:
    """`list(ITEMS)`, or ITEMS itself when it is a new list or a tuple of constants (`for f in [1, 2, 3]`)."""
    items = e.expr(n.items)
    if isinstance(items, py.Tuple) and all(isinstance(x, py.Constant) for x in items.elts):
        return items
    return items if new_list(items) else _call(name("list"), items)


OPS_EXPR_RULES: dict[type, Callable[[Emitter, Any], py.expr]] = {
    O.Arith: lambda e, n: py.BinOp(e.expr(n.left), _ARITH[n.op](), e.expr(n.right)),
    O.Neg: lambda e, n: py.UnaryOp(py.USub(), e.expr(n.value)),
    O.Divide: _divide,
    O.SameCards: _same_cards,
    O.Bottom: lambda e, n: py.Subscript(e.expr(n.cards), py.Slice(None, e.expr(n.count), None), py.Load()),
    O.Text: _text,
    O.Compare: lambda e, n: py.Compare(e.expr(n.left), [_CMP[n.op]()], [e.expr(n.right)]),
    O.AllAre: _all_are,
    O.Helper: _helper,
    O.PileCount: _pile_count,
    O.PileTop: _pile_top,
    O.Both: lambda e, n: py.BoolOp(py.And() if n.conj else py.Or(), [_truth(e.expr(n.left)), _truth(e.expr(n.right))]),
    N.Not: lambda e, n: py.UnaryOp(py.Not(), _tested(e.expr(n.value))),
    O.ListOf: lambda e, n: py.List([e.expr(x) for x in n.items], py.Load()),
    O.Numbers: lambda e, n: py.Tuple([e.expr(x) for x in n.items], py.Load()),
    O.Joined: _joined,
    O.CardsOfZone: _cards_of_zone,
    O.Listed: _listed,
}
