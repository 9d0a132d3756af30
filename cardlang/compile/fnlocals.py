"""Rewrites of a generated function that keep what it reads again and again in Python locals: the state
(`_state`), "nobody watches" (`_quiet`), a card's definition in a loop over cards, and what a loop's body
reads that stays the same all through the function (a zone, a counter's row, the player). Each rewrite is
on the compiler's own AST, made once per function before it is compiled (codegen.build_functions), and
knows no game and no source construct: only the shapes of code the compile rules emit.
"""
from __future__ import annotations

import ast as py
from typing import Callable

from cardlang.compile.codegen import CTX, _place, attr, ctx_attr, name, store

STATE = "_state"  # the local a generated function keeps `ctx.state` in


class _StateReads(py.NodeTransformer):
    def visit_Attribute(self, node: py.Attribute) -> py.AST:
        if _reads_state(node):
            return py.copy_location(name(STATE), node)
        return self.generic_visit(node)


def _reads_state(node: py.AST) -> bool:
    return (isinstance(node, py.Attribute) and node.attr == "state" and isinstance(node.value, py.Name)
            and node.value.id == CTX and isinstance(node.ctx, py.Load))


def with_state_local(tree: py.Module) -> py.Module:
    """A copy of TREE whose functions of `ctx` that read `ctx.state` more than once read it from a local set
    once on entry: a context's state is set when the context is made and never changes, and an attribute
    read is the dearest part of most generated lines (a card played may read it eight times). A copy: the
    compile rules may share nodes between functions, and the tree kept is what they built (source_of shows
    this same copy)."""
    import copy
    out = copy.deepcopy(tree)
    for fn in out.body:
        if not isinstance(fn, py.FunctionDef) or CTX not in [a.arg for a in fn.args.args]:
            continue
        if sum(1 for st in fn.body for n in py.walk(st) if _reads_state(n)) < 2:
            continue
        tr = _StateReads()
        first = py.Assign([store(STATE)], ctx_attr("state"))
        _place(first, 1)
        fn.body = [first] + [tr.visit(st) for st in fn.body]
        _drop_aliases(fn)
        _quiet_local(fn)
        _def_locals(fn)
        _loop_locals(fn)
    return out


def _def_locals(fn: py.FunctionDef) -> None:
    """In a loop over cards (`for _x in ...`, `_x` set nowhere else) whose body reads the definition of its
    card more than once (`_state.card_def[_x]`: its types, a property, its triggers), read it once at
    the top of the body into a local. A card's definition never changes, and a loop that reads
    `card_def[_x]` loops over card ids."""
    stores: dict[str, int] = {}
    for n in py.walk(fn):
        if isinstance(n, py.Name) and isinstance(n.ctx, py.Store):
            stores[n.id] = stores.get(n.id, 0) + 1

    def reads_def(e: py.AST, x: str) -> bool:
        return (isinstance(e, py.Subscript) and isinstance(e.ctx, py.Load) and isinstance(e.slice, py.Name)
                and e.slice.id == x and isinstance(e.value, py.Attribute) and e.value.attr == "card_def"
                and isinstance(e.value.value, py.Name) and e.value.value.id == STATE)

    for loop in [n for n in py.walk(fn) if isinstance(n, py.For) and isinstance(n.target, py.Name)]:
        x = loop.target.id
        if stores.get(x) != 1 or sum(1 for st in loop.body for n in py.walk(st) if reads_def(n, x)) < 2:
            continue
        d = f"_def{x}"

        class Defs(py.NodeTransformer):
            def visit_Subscript(self, node: py.Subscript) -> py.AST:
                if reads_def(node, x):
                    return py.copy_location(name(d), node)
                return self.generic_visit(node)
        loop.body = [Defs().visit(st) for st in loop.body]
        first = py.Assign([store(d)], py.Subscript(attr(name(STATE), "card_def"), name(x), py.Load()))
        if getattr(loop, "lineno", None) is not None:  # (a tree whose code came from the cache has no lines)
            _place(first, loop.lineno)
        loop.body.insert(0, first)


def _loop_locals(fn: py.FunctionDef) -> None:
    """What a loop's body reads that stays the same all through FN, read once into a local set just before
    the loop: a zone (`_state.zones[SLOT][ctx.you]`, a shared zone's `[0]`) or a counter's row
    (`_state.counters[SLOT]`), which the state makes once and never replaces, and the player, `ctx.you`,
    when FN never sets it (only a call `for p` does, and puts it back). None of these reads can fail (a
    player is always one of the game's), so none fails where the loop would not have run."""
    if any(isinstance(n, py.Attribute) and n.attr == "you" and isinstance(n.ctx, py.Store) for n in py.walk(fn)):
        return

    def you(e: py.AST) -> bool:
        return (isinstance(e, py.Attribute) and e.attr == "you" and isinstance(e.ctx, py.Load)
                and isinstance(e.value, py.Name) and e.value.id == CTX)

    def key(e: py.AST) -> tuple | None:
        if you(e):
            return ("you",)
        if not isinstance(e, py.Subscript) or not isinstance(e.ctx, py.Load):
            return None
        if (isinstance(e.slice, py.Constant) and isinstance(e.value, py.Attribute) and e.value.attr == "counters"
                and isinstance(e.value.value, py.Name) and e.value.value.id == STATE):
            return ("counters", e.slice.value)
        row, who = e.value, e.slice
        if (isinstance(row, py.Subscript) and isinstance(row.slice, py.Constant) and isinstance(row.value, py.Attribute)
                and row.value.attr == "zones" and isinstance(row.value.value, py.Name) and row.value.value.id == STATE
                and (you(who) or (isinstance(who, py.Constant) and who.value == 0))):
            return ("zones", row.slice.value, "you" if you(who) else 0)
        return None

    names: dict[tuple, str] = {}

    def in_block(stmts: list[py.stmt]) -> list[py.stmt]:
        out: list[py.stmt] = []
        for st in stmts:
            if isinstance(st, (py.For, py.While)):
                inner = [n for part in (st.body, st.orelse) for s in part for n in py.walk(s)]
                if isinstance(st, py.While):
                    inner += list(py.walk(st.test))
                found = {}
                for n in inner:
                    k = key(n)
                    if k is not None and k not in found:
                        found[k] = n
                for k, n in found.items():
                    first = py.Assign([store(names.setdefault(k, f"_once{len(names)}"))], n)
                    if getattr(st, "lineno", None) is not None:
                        _place(first, st.lineno)
                    out.append(first)
                if found:
                    _Replace(key, names).visit(st)
                out.append(st)
                continue
            for field in ("body", "orelse", "finalbody"):
                if isinstance(getattr(st, field, None), list):
                    setattr(st, field, in_block(getattr(st, field)))
            for h in getattr(st, "handlers", ()):
                h.body = in_block(h.body)
            out.append(st)
        return out
    fn.body = in_block(fn.body)
    if names:
        _drop_copies(fn, set(names.values()))


def _drop_copies(fn: py.FunctionDef, sources: set[str]) -> None:
    """`_d3 = _once0`, the compile rules' own name for a value now in a local, set once: read the local."""
    stores: dict[str, int] = {}
    for n in py.walk(fn):
        if isinstance(n, py.Name) and isinstance(n.ctx, py.Store):
            stores[n.id] = stores.get(n.id, 0) + 1
    copies = {n.targets[0].id: n.value.id for n in py.walk(fn)
              if isinstance(n, py.Assign) and len(n.targets) == 1 and isinstance(n.targets[0], py.Name)
              and isinstance(n.value, py.Name) and n.value.id in sources and stores.get(n.targets[0].id) == 1}
    _read_through(fn, {k: v for k, v in copies.items()
                       if k not in sources and k not in {a.arg for a in fn.args.args}})


class _Replace(py.NodeTransformer):
    """Reads that KEY knows replaced by their locals."""

    def __init__(self, key: Callable, names: dict[tuple, str]) -> None:
        self.key, self.names = key, names

    def visit(self, node: py.AST) -> py.AST:
        k = self.key(node)
        if k is not None and k in self.names:
            return py.copy_location(name(self.names[k]), node)
        return self.generic_visit(node)


QUIET = "_quiet"  # the local a generated function keeps "nobody watches" in


def _unwatched(values: list[py.expr]) -> bool:
    """Do VALUES (the terms of an `and`) start `_state.log is None and not _state.listeners`, the test of a
    quiet case (nobody reads events)? An invariant checker does not make a case loud: the quiet paths tell it
    what they did (runtime/invariants.py), so checked games run the code unchecked ones do."""
    def on_state(e: py.expr, a: str) -> bool:
        return isinstance(e, py.Attribute) and e.attr == a and isinstance(e.value, py.Name) and e.value.id == STATE

    def is_none(e: py.expr, a: str) -> bool:
        return (isinstance(e, py.Compare) and len(e.ops) == 1 and isinstance(e.ops[0], py.Is)
                and on_state(e.left, a) and isinstance(e.comparators[0], py.Constant)
                and e.comparators[0].value is None)
    return (len(values) >= 2 and is_none(values[0], "log") and isinstance(values[1], py.UnaryOp)
            and isinstance(values[1].op, py.Not) and on_state(values[1].operand, "listeners"))


def _watched(values: list[py.expr]) -> bool:
    """Do VALUES (the terms of an `or`) start `_state.log is not None or _state.listeners`, the negation of
    a quiet case's test (a phase told to readers, or run plainly)?"""
    v = values
    return (len(v) >= 2 and isinstance(v[0], py.Compare) and len(v[0].ops) == 1 and isinstance(v[0].ops[0], py.IsNot)
            and isinstance(v[0].left, py.Attribute) and v[0].left.attr == "log"
            and isinstance(v[0].left.value, py.Name) and v[0].left.value.id == STATE
            and isinstance(v[0].comparators[0], py.Constant) and v[0].comparators[0].value is None
            and isinstance(v[1], py.Attribute) and v[1].attr == "listeners"
            and isinstance(v[1].value, py.Name) and v[1].value.id == STATE)


def _quiet_local(fn: py.FunctionDef) -> None:
    """The quiet cases' test, when FN makes it more than once (each move, each counter change of a loop),
    read from a local set once on entry. Whether the game keeps a log or has listeners
    is settled before its rules run (engine.setup_game, a statistics observer, a table's narrator) and never
    changes while an effect runs; what a move may meet inside one (an attachment, a private look, a grid) is
    still tested where it is."""
    tests = [n for n in py.walk(fn) if isinstance(n, py.BoolOp) and (
        (isinstance(n.op, py.And) and _unwatched(n.values)) or (isinstance(n.op, py.Or) and _watched(n.values)))]
    if len(tests) < 2:
        return

    class Quiet(py.NodeTransformer):
        def visit_BoolOp(self, node: py.BoolOp) -> py.AST:
            self.generic_visit(node)
            if isinstance(node.op, py.Or) and _watched(node.values):
                loud = py.copy_location(py.UnaryOp(py.Not(), py.copy_location(name(QUIET), node.values[0])),
                                        node.values[0])
                if len(node.values) == 2:
                    return loud
                node.values[:2] = [loud]
                return node
            if not (isinstance(node.op, py.And) and _unwatched(node.values)):
                return node
            quiet = py.copy_location(name(QUIET), node.values[0])
            if len(node.values) == 2:
                return quiet
            node.values[:2] = [quiet]
            return node
    Quiet().visit(fn)
    st = fn.body[0]  # `_state = ctx.state`
    first = py.Assign([store(QUIET)], py.BoolOp(py.And(), [
        py.Compare(attr(name(STATE), "log"), [py.Is()], [py.Constant(None)]),
        py.UnaryOp(py.Not(), attr(name(STATE), "listeners"))]))
    _place(first, st.lineno)
    fn.body.insert(1, first)


def _drop_aliases(fn: py.FunctionDef) -> None:
    """`_st3 = _state` (the compile rules' own name for the state, where they had no local for it), each set
    once: read `_state` itself instead."""
    stores: dict[str, int] = {}
    aliases = set()
    for n in py.walk(fn):
        if isinstance(n, py.Name) and isinstance(n.ctx, py.Store):
            stores[n.id] = stores.get(n.id, 0) + 1
        if isinstance(n, py.Assign) and len(n.targets) == 1 and isinstance(n.targets[0], py.Name) \
                and isinstance(n.value, py.Name) and n.value.id == STATE and n.targets[0].id != STATE:
            aliases.add(n.targets[0].id)
    aliases = {a for a in aliases if stores.get(a) == 1} - {a.arg for a in fn.args.args}
    _read_through(fn, {a: STATE for a in aliases})


def _read_through(fn: py.FunctionDef, copies: dict[str, str]) -> None:
    """Drop FN's assignments `COPY = ORIGINAL` (each COPY set there only) and read ORIGINAL wherever COPY
    was read."""
    if not copies:
        return

    class Copies(py.NodeTransformer):
        def visit_Assign(self, node: py.Assign) -> py.AST | None:
            if isinstance(node.targets[0], py.Name) and node.targets[0].id in copies:
                return None
            return self.generic_visit(node)

        def visit_Name(self, node: py.Name) -> py.AST:
            if node.id in copies:
                return py.copy_location(name(copies[node.id]), node)
            return node
    Copies().visit(fn)
    for n in py.walk(fn):  # a block left with no statement gets a `pass`
        body = getattr(n, "body", None)
        if isinstance(body, list) and not body and not isinstance(n, py.Module):
            n.body = [py.copy_location(py.Pass(), n)]
