"""Choices in expression position, lifted: `move (choose 1 from hand) to discard;` compiles as
`let <choice> = choose 1 from hand; move <choice> to discard;`, so that the choice is asked in the generated
function itself (a `let`'s whole value: ir/emit_ask.py) instead of through its reference (compile/decisions.py).
Used by compile/statements.py's block_items when the pass decide-inline is on; with it off every choice is its
reference, and the two play alike (tests/primitives/test_choose_lifted.py).

A choice is lifted only where its statement evaluates it once and unconditionally before anything else it does,
in the order the reference evaluates it: a `let`'s or an assignment's value, an `if`'s test, the count of a
`repeat`, what a `for` runs over, the arguments of a call; inside those, through arithmetic, comparisons,
`not`, `is`, a list, an attribute, a function's arguments (but `sum`'s), the source of a `where` and the left
side of `and` / `or`. Everywhere else it stays its reference, which is correct there and asked only when reached: the right
side of `and` / `or` (asked only when the left does not decide), a `where`'s filter (once per card), a
`while`'s test (once per pass), an `elif`'s test, inside another choice (its count, who is asked: the
reference works them out only when the decision is put), `top N of`, `in` (their order is the primitive's),
a call run `for` another player (its arguments are worked out after the switch), a call of a verb with a
lazy argument (read later or only when needed: `modify`, `refill`, ...), `trigger` (its first word is
an event), a call with outcome blocks, `sum` (its amount is worked out per card), and a call with choices in two arguments (the reference evaluates them
in its parameters' order, not the text's).

The name a lifted choice gets, `choice@LINE:COL`, is no name a designer can write (it is no NAME of the
grammar), so it shadows nothing; `lifted(ref)` tells it apart where a plain word is wanted (a `name`
parameter refuses it as it refused the choice). Knows the syntax tree only: no scope, no IR, no game.
"""
from __future__ import annotations

from typing import Callable

from cardlang.syntax import ast

_PREFIX = "choice@"

# per expression class, the fields it evaluates once and unconditionally, in order (others are not entered)
_ENTERED: dict[type, tuple[str, ...]] = {
    ast.BinOp: ("left", "right"), ast.Compare: ("left", "right"), ast.Not: ("value",), ast.Neg: ("value",),
    ast.Is: ("value",), ast.ListLit: ("items",), ast.Attr: ("obj",), ast.Func: ("args",),
    ast.Where: ("source",), ast.And: ("left",), ast.Or: ("left",),
}
# per statement class, its expression fields evaluated before anything else it does
_STMT_FIELDS: dict[type, str] = {ast.Let: "value", ast.Assign: "value", ast.If: "cond", ast.Repeat: "count",
                                 ast.For: "iterable"}


def lifted(ref: object) -> bool:
    """Is REF a read of a lifted choice's name (not a plain word)?"""
    return type(ref) is ast.NameRef and ref.name.startswith(_PREFIX)


def lift_choices(stmts: tuple, eager: Callable[[str], bool]) -> tuple:
    """STMTS with every choice in expression position that can be lifted (see the module) asked first by a
    `let` of its own name; STMTS itself when there is none (the usual case: nothing is copied). EAGER(verb):
    does a call of VERB evaluate all its arguments when it runs, before it acts (no lazy argument, read later
    or only when needed: primitives/registry.py `lazy`)?"""
    out: list | None = None
    for i, st in enumerate(stmts):
        lets: list[ast.Let] = []
        new = _stmt(st, lets, eager)
        if new is not st:
            if out is None:
                out = list(stmts[:i])
            out += lets
            out.append(new)
        elif out is not None:
            out.append(st)
    return stmts if out is None else tuple(out)


def _stmt(st, lets: list, eager: Callable[[str], bool]):
    f = _STMT_FIELDS.get(type(st))
    if f is not None:
        value = getattr(st, f)
        if type(value) is ast.Choose and type(st) in (ast.Let, ast.Assign):
            return st  # a let's whole value: asked in place already
        return _with(st, f, _expr(value, lets))
    if type(st) is ast.Call:
        if st.cases or st.verb == "trigger" or any(kw.key == "for" for kw in st.kwargs) or not eager(st.verb):
            return st
        values = list(st.args) + [kw.value for kw in st.kwargs]
        if sum(1 for v in values if _has_choice(v)) != 1:
            return st
        args = tuple(_expr(a, lets) for a in st.args)
        kwargs = tuple(_with(kw, "value", _expr(kw.value, lets)) for kw in st.kwargs)
        if all(a is b for a, b in zip(args, st.args)) and all(a is b for a, b in zip(kwargs, st.kwargs)):
            return st
        return _with(_with(st, "args", args), "kwargs", kwargs)
    return st


def _entered(e) -> tuple[str, ...]:
    """The fields of expression E evaluated once and unconditionally (`sum(ITEMS, EACH)`: ITEMS only, EACH is
    worked out for each card)."""
    if type(e) is ast.Func and e.name == "sum":
        return ()
    return _ENTERED.get(type(e), ())


def _has_choice(e) -> bool:
    """Does expression E hold a choice it evaluates unconditionally (one `_expr` lifts)?"""
    if type(e) is ast.Choose:
        return True
    if type(e) is tuple:
        return any(_has_choice(x) for x in e)
    return any(_has_choice(getattr(e, f)) for f in _entered(e))


def _expr(e, lets: list):
    """E with its liftable choices replaced by reads of their names, their `let`s appended to LETS in the order
    E evaluates them."""
    if type(e) is ast.Choose:
        name = f"{_PREFIX}{e.span.line}:{e.span.column}"
        lets.append(ast.Let(name, e, e.span))
        return ast.NameRef(name, e.span)
    if type(e) is tuple:
        items = tuple(_expr(x, lets) for x in e)
        return e if all(a is b for a, b in zip(items, e)) else items
    out = e
    for f in _entered(e):
        out = _with(out, f, _expr(getattr(e, f), lets))
    return out


def _with(node, field: str, value):
    """NODE with FIELD set to VALUE (NODE itself when VALUE is already its field)."""
    if getattr(node, field) is value:
        return node
    return type(node)(*[value if f == field else getattr(node, f) for f in node.__node_fields__])
