"""Card properties against their game's declarations: a value of the declared type (number or text) within the
declared bounds, and properties computed from the state that never read each other in a cycle (a vp computed
from itself, two costs from each other), found before any game runs. Works on the syntax tree; knows no game.
"""
from __future__ import annotations

from typing import Iterable

from cardlang.errors import CardCompileError
from cardlang.syntax import ast
from cardlang.syntax.walk import nodes

ANY = "*"  # a property of whichever card an expression reads (`card.vp` inside a `sum`): any card's


def wrong_type(p: ast.Prop, kind: str, bounds: tuple[int, int] | None) -> CardCompileError | None:
    """What is wrong with a card's value P of a property of type KIND (number or text) within BOUNDS, if anything."""
    v = p.value
    value = -v.value.value if isinstance(v, ast.Neg) and isinstance(v.value, ast.IntLit) else \
        v.value if isinstance(v, (ast.IntLit, ast.StrLit)) else None
    if kind == "number" and isinstance(value, str):
        return CardCompileError(f"'{p.name}' is a number in this game, not text", v.span,
                                hint=f"write a whole number: {p.name} 3;")
    if kind == "text" and not isinstance(value, str):
        return CardCompileError(f"'{p.name}' is text in this game, not a number", v.span,
                                hint=f"write it in quotes: {p.name} \"...\";")
    if bounds is not None and isinstance(value, int) and not bounds[0] <= value <= bounds[1]:
        return CardCompileError(f"'{p.name}' is {bounds[0]:,} to {bounds[1]:,} in this game, not {value:,}", v.span,
                                hint=f"the game declares it: property {p.name}: number {bounds[0]} to {bounds[1]};")
    return None


def property_cycles(cards: Iterable[ast.CardDecl], properties: Iterable[str]) -> list[CardCompileError]:
    """Properties computed from the state that read each other round a cycle: each is an error at the first
    property of the cycle, naming every step (`Hoard's vp reads Hoard's vp`). A read through `this` or a card's
    name reads that card's property; any other (`card.vp` in a `sum`) may read any card's."""
    declared = set(properties)
    cards = list(cards)
    names = {d.name for d in cards}
    derived: dict[tuple[str, str], ast.Prop] = {
        (d.name, p.name): p for d in cards for p in d.props
        if p.name in declared and not isinstance(p.value, (ast.IntLit, ast.StrLit))
        and not (isinstance(p.value, ast.Neg) and isinstance(p.value.value, ast.IntLit))}
    by_prop: dict[str, list[tuple[str, str]]] = {}
    for key in derived:
        by_prop.setdefault(key[1], []).append(key)
    edges: dict[tuple[str, str], list[tuple[str, str]]] = {}
    for (card, prop), p in derived.items():
        out = edges.setdefault((card, prop), [])
        for n in nodes(p.value):
            if not isinstance(n, ast.Attr) or n.name not in by_prop:
                continue
            owner = _card_read(n.obj, card, names)
            out.extend([(k, True) for k in by_prop[n.name]] if owner == ANY else
                       [((owner, n.name), False)] if (owner, n.name) in derived else [])
    errors, reported = [], set()
    for start in derived:
        cycle = _cycle(start, edges)
        if cycle is None or {k for k, _ in cycle} & reported:
            continue
        reported |= {k for k, _ in cycle}
        steps = ", ".join(f"{a}'s {pa} reads " + (f"every card's {pb}, {b}'s included" if anyone else f"{b}'s {pb}")
                          for ((a, pa), _), ((b, pb), anyone) in zip(cycle, cycle[1:] + cycle[:1]))
        errors.append(CardCompileError(f"properties computed from each other never end: {steps}",
                                       derived[start].span, hint="compute one of them from something else"))
    return errors


def _card_read(obj: ast.Expr, card: str, names: set[str]) -> str:
    """Whose property `OBJ.NAME` reads, in a property of CARD: CARD's (`this`), a named card's, or ANY."""
    if isinstance(obj, ast.NameRef) and obj.name == "this":
        return card
    if isinstance(obj, (ast.NameRef, ast.StrLit)):
        name = obj.name if isinstance(obj, ast.NameRef) else obj.value
        if name in names:
            return name
    return ANY


def _cycle(start, edges) -> list | None:
    """A path of EDGES from START back to it, as (property, read through ANY), START first, the read that closes
    the cycle on START; or None."""
    stack = [(start, [])]
    seen = set()
    while stack:
        at, path = stack.pop()
        for nxt, anyone in edges.get(at, ()):
            if nxt == start:
                return [(start, anyone)] + path
            if nxt not in seen:
                seen.add(nxt)
                stack.append((nxt, path + [(nxt, anyone)]))
    return None
