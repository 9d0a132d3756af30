"""Rewrites of a generated function that keep what it reads again and again in Python locals: the state
(`_state`), "nobody watches" (`_quiet`), a card's definition in a loop over cards, and what a loop's body
reads that stays the same all through the function (a zone, a counter's row, the player). Each rewrite is
on the compiler's own AST, made once per function before it is compiled (codegen.build_functions), and
knows no game and no source construct. What a node reads it asks the emitter's marks (compile/ir/emit.py):
the state (State), the player (You, read or set), a card's definition (DefOf), a zone or a counter's row, the
quiet test; never the shape of the code.
"""
from __future__ import annotations

import ast as py
from typing import Callable

from cardlang.compile import pytree
from cardlang.compile.ir import nodes as N
from cardlang.compile.ir.emit import (MARK, ROW_MARK, ctx_state, def_of, is_split_test, mark, quiet_local,
                                      quiet_test, row_mark, zone_read)
from cardlang.compile.pyast import CTX, _place, name, store

STATE = "_state"  # the local a generated function keeps `ctx.state` in
# the types of node a rewrite below replaces (pytree's walks ask it of no other: a call fewer for each node)
_SUBSCRIPT, _READS, _BOOL_OP, _NAME = (py.Subscript,), (py.Attribute, py.Subscript), (py.BoolOp,), (py.Name,)


def _reads_state(node: py.AST) -> bool:
    """Is NODE the emitter's read of the context's state (marked State: compile/ir/emit.py ctx_state)?"""
    return type(mark(node)) is N.State


class _Fn:
    """A function being rewritten: all its nodes, listed when it was copied (pytree.copy_listed), and what
    one look at them finds. The rewrites keep it true enough for each other: the nodes they add are never
    what a later one looks for here (assignments of names of their own, reads of their own locals), and
    they change no store of a name the function had."""

    def __init__(self, fn: py.FunctionDef, nodes: list[py.AST]) -> None:
        self.fn, self.nodes = fn, nodes
        self.stores: dict[str, int] = {}  # how many times each name is set
        self.loops: list[py.For] = []  # the loops over a name (`for _x in ...`)
        self.sets_you = False  # does it set ctx.you (only a call `for p` does)
        self.bool_ops: list[py.BoolOp] = []
        for n in nodes:
            t = type(n)
            if t is py.Name:
                if type(n.ctx) is py.Store:
                    self.stores[n.id] = self.stores.get(n.id, 0) + 1
            elif t is py.For:
                if type(n.target) is py.Name:
                    self.loops.append(n)
            elif t is py.Attribute:
                if type(n.ctx) is py.Store and type(mark(n)) is N.You:  # (ir/emit.py set_you)
                    self.sets_you = True
            elif t is py.BoolOp:
                self.bool_ops.append(n)


def with_state_local(tree: py.Module) -> py.Module:
    """A copy of TREE whose functions of `ctx` that read `ctx.state` more than once read it from a local set
    once on entry: a context's state is set when the context is made and never changes, and an attribute
    read is the dearest part of most generated lines (a card played may read it eight times). A copy: the
    compile rules may share nodes between functions, and the tree kept is what they built (source_of shows
    this same copy). Only the functions rewritten are copied, each once, and their rewrites find what they
    look for in the copy's list of nodes (_Fn), not by walking the function again."""
    out = py.Module(list(tree.body), tree.type_ignores)
    for i, fn in enumerate(out.body):
        if not isinstance(fn, py.FunctionDef) or CTX not in [a.arg for a in fn.args.args]:
            continue
        if pytree.count(fn.body, _reads_state, 2, py.Attribute) < 2:
            continue  # left as it is, not copied
        # the copy reads the local where the function read ctx.state
        copied, nodes = pytree.copy_listed(fn, {py.Attribute: lambda n: py.copy_location(name(STATE), n)
                                                if _reads_state(n) else None})
        fn = out.body[i] = copied
        f = _Fn(fn, nodes)
        first = py.Assign([store(STATE)], ctx_state())
        _place(first, 1)
        fn.body.insert(0, first)
        _drop_aliases(f)
        _quiet_local(f)
        _def_locals(f)
        _loop_locals(f)
    return out


def _def_locals(f: _Fn) -> None:
    """In a loop over cards (`for _x in ...`, `_x` set nowhere else) whose body reads the definition of its
    card more than once (`_state.card_def[_x]`: its types, a property, its triggers), read it once at
    the top of the body into a local. A card's definition never changes, and a loop that reads
    `card_def[_x]` loops over card ids."""
    def reads_def(e: py.AST, x: str | None = None) -> bool:
        # the emitter's read of the definition of a card in a local (marked DefOf: ir/emit.py def_of), its
        # table still the state's (`_state.card_def`: no rewrite put a local of its own there)
        got = mark(e)
        return (type(got) is N.DefOf and row_mark(e.value) is got and isinstance(e.slice, py.Name)
                and (x is None or e.slice.id == x))

    reads: dict[str, int] = {}  # in the whole function: a loop's body reads its card's no more often
    for n in f.nodes:
        if type(n) is py.Subscript and reads_def(n):
            reads[n.slice.id] = reads.get(n.slice.id, 0) + 1
    for loop in f.loops:
        x = loop.target.id
        if f.stores.get(x) != 1 or reads.get(x, 0) < 2 \
                or sum(1 for n in pytree.walk_all(loop.body) if type(n) is py.Subscript and reads_def(n, x)) < 2:
            continue
        d = f"_def{x}"

        body = py.Module(loop.body, [])  # (the loop's body alone: not its target, nor its else)
        pytree.replace(body, lambda n: py.copy_location(name(d), n) if reads_def(n, x) else None, _SUBSCRIPT)
        first = py.Assign([store(d)], def_of(name(x), name(STATE)))
        if getattr(loop, "lineno", None) is not None:  # (a tree whose code came from the cache has no lines)
            _place(first, loop.lineno)
        loop.body.insert(0, first)


def _loop_locals(f: _Fn) -> None:
    """What a loop's body reads that stays the same all through FN, read once into a local set just before
    the loop: a zone of the player's or a shared one, or a counter's row, as the emitter marked the reads
    (compile/ir/emit.py), which the state makes once and never replaces, and the player, `ctx.you`,
    when FN never sets it (only a call `for p` does, and puts it back). None of these reads can fail (a
    player is always one of the game's), so none fails where the loop would not have run."""
    if f.sets_you:
        return

    def you(e: py.AST) -> bool:  # the emitter's read of the player (marked You: ir/emit.py ctx_you)
        return type(mark(e)) is N.You and type(e.ctx) is py.Load

    def key(e: py.AST) -> tuple | None:
        if you(e):
            return ("you",)
        if type(e) is not py.Subscript:
            return None
        # what the read is, as the emitter marked it (compile/ir/emit.py): a counter's row, a zone of the player
        # or a shared one
        row = row_mark(e)
        if type(row) is N.CounterRef:
            return ("counters", row.slot)
        zone = zone_read(e)
        if zone is not None and zone.whose in _HOISTED_SEATS:
            return ("zones", zone.slot, "you" if type(zone.whose) is N.You else 0)
        return None

    _hoist_reads(f, key, "_once")


def _hoist_reads(f: _Fn, key: Callable[[py.AST], tuple | None], prefix: str,
                 needs: Callable[[tuple], str | None] | None = None, marked_only: bool = False) -> None:
    """Before each outermost loop of F, the reads of its body that KEY knows (the same all through F) read once
    into locals PREFIX0, PREFIX1, ..., and read from them in the loop. NEEDS (a key -> the Python local its read
    reads, or None): such a read is hoisted only before a loop that a plain `LOCAL = ...` earlier in its own
    block or an enclosing one (or F's parameters) has set, the local set nowhere else in F: it holds there
    what it holds all through the loop. MARKED_ONLY: KEY knows only subscripts the emitter marked (asked of no
    other node)."""
    fn = f.fn
    names: dict[tuple, str] = {}
    params = {a.arg for a in fn.args.args}

    def set_once(st: py.stmt) -> str | None:
        if type(st) is py.Assign and len(st.targets) == 1 and type(st.targets[0]) is py.Name \
                and f.stores.get(st.targets[0].id) == 1:
            return st.targets[0].id
        return None

    def in_block(stmts: list[py.stmt], bound: frozenset = frozenset()) -> list[py.stmt]:
        out: list[py.stmt] = []
        for st in stmts:
            if needs is not None and (got := set_once(st)) is not None:
                bound |= {got}
            if isinstance(st, (py.For, py.While)):
                inner = [n for part in (st.body, st.orelse) for s in part for n in pytree.walk(s)]
                if isinstance(st, py.While):
                    inner += list(pytree.walk(st.test))
                found = {}
                if marked_only:
                    inner = [n for n in inner if type(n) is py.Subscript
                             and (MARK in n.__dict__ or ROW_MARK in n.__dict__)]
                for n in inner:
                    if type(n) is py.Attribute or type(n) is py.Subscript:  # (the only reads key knows)
                        k = key(n)
                        if k is not None and k not in found and (needs is None or (local := needs(k)) is None
                                                                 or local in bound
                                                                 or (local in params and local not in f.stores)):
                            found[k] = n
                for k, n in found.items():
                    first = py.Assign([store(names.setdefault(k, f"{prefix}{len(names)}"))], n)
                    if getattr(st, "lineno", None) is not None:
                        _place(first, st.lineno)
                    out.append(first)
                if found:
                    _replace(st, key, {k: names[k] for k in found})
                out.append(st)
                continue
            for field in ("body", "orelse", "finalbody"):
                if isinstance(getattr(st, field, None), list):
                    setattr(st, field, in_block(getattr(st, field), bound))
            for h in getattr(st, "handlers", ()):
                h.body = in_block(h.body, bound)
            out.append(st)
        return out
    fn.body = in_block(fn.body)
    if names:
        _drop_copies(f, set(names.values()))


def with_tables_local(tree: py.Module) -> py.Module:
    """The pass `tables-kept`, after state-locals: in a function that keeps the state in its local, the table of a
    per-card counter (`_state.card_counters['ticket']`, as the emitter marked it: ir/emit.py card_counter_table)
    that a loop reads is read once before the outermost loop around it, as a counter's row is (_loop_locals):
    the state makes each table once and never replaces it (a reset clears it in place), and its read by a
    declared counter's name cannot fail. Only the functions rewritten are copied."""
    out = py.Module(list(tree.body), tree.type_ignores)

    def key(e: py.AST) -> tuple | None:
        got = row_mark(e) if type(e) is py.Subscript else None
        if type(got) is not N.CardCounterTable or type(e.value) is not py.Attribute \
                or type(e.value.value) is not py.Name or e.value.value.id != STATE:
            return None
        return ("tables", got.key)

    for i, fn in enumerate(out.body):
        if not isinstance(fn, py.FunctionDef) or not fn.body or not _sets_state(fn.body[0]):
            continue
        if not any(key(n) is not None for st in fn.body if isinstance(st, (py.For, py.While, py.Try, py.If))
                   for n in pytree.walk(st)):
            continue  # no table read below a statement that may hold a loop: left as it is, not copied
        copied, nodes = pytree.copy_listed(fn)
        out.body[i] = copied
        _hoist_reads(_Fn(copied, nodes), key, "_tab")
    return out


def with_zones_local(tree: py.Module) -> py.Module:
    """The pass `zones-kept`, after state-locals: in a function that keeps the state in its local, a zone of a
    player held in a Python local (a verb's parameter, `_state.zones[3][_a0]`, or a local set once before the
    loop, as the emitter marked the read: ir/emit.py zone_read) that a loop reads is read once before the
    outermost loop around it, as the player's own zone is (_loop_locals): the state makes each zone once and
    never replaces it (a move changes its lists in place), and the local, set before the loop and nowhere else,
    names the same seat all through it. A seat's zone can always be read: no read fails that would not have
    run. In a function that sets the player (a call `for P`), where _loop_locals keeps nothing, a counter's row
    and a shared zone are kept the same way (neither depends on the player). Only the functions rewritten are
    copied."""
    out = py.Module(list(tree.body), tree.type_ignores)

    def key(e: py.AST) -> tuple | None:
        if type(e) is not py.Subscript:
            return None
        row = row_mark(e)
        if type(row) is N.CounterRef and type(e.value) is py.Attribute and type(e.value.value) is py.Name \
                and e.value.value.id == STATE:
            return ("counters", row.slot)  # (a row: what _loop_locals keeps where the function never sets you)
        zone = zone_read(e)
        if zone is None or type(e.value) is not py.Subscript or type(e.value.value) is not py.Attribute \
                or type(e.value.value.value) is not py.Name or e.value.value.value.id != STATE:
            return None
        if type(zone.whose) is N.Const:
            return ("zones", zone.slot, 0) if zone.whose.value == 0 else None  # (a shared zone: the same)
        return ("zones", zone.slot, e.slice.id) if type(e.slice) is py.Name else None

    for i, fn in enumerate(out.body):
        if not isinstance(fn, py.FunctionDef) or not fn.body or not _sets_state(fn.body[0]):
            continue
        # (a walk and list comprehensions, no call a node: this looks at every function of a fresh compile)
        nodes = pytree.walk_all(fn.body)
        loops = [n for n in nodes if type(n) is py.For or type(n) is py.While]
        inner = pytree.walk_all([s for n in loops for s in n.body])
        params, in_loops = {a.arg for a in fn.args.args}, set(inner)  # (nodes hash by identity)
        once = {n.targets[0].id for n in nodes if type(n) is py.Assign and n not in in_loops
                and type(n.targets[0]) is py.Name}  # (_hoist_reads says which are set once, and where)
        for n in [n for n in inner if type(n) is py.Subscript and (MARK in n.__dict__ or ROW_MARK in n.__dict__)]:
            k = key(n)
            if k is not None and (k[0] != "zones" or k[2] == 0 or k[2] in params or k[2] in once):
                break
        else:
            continue  # no such read in a loop: left as it is, not copied
        copied, nodes = pytree.copy_listed(fn)
        out.body[i] = copied
        _hoist_reads(_Fn(copied, nodes), key, "_kept", marked_only=True,
                     needs=lambda k: k[2] if k[0] == "zones" and k[2] != 0 else None)
    return out


def _sets_state(st: py.stmt) -> bool:
    """Is ST `_state = ctx.state`, the first statement state-locals gives a function?"""
    return type(st) is py.Assign and len(st.targets) == 1 and type(st.targets[0]) is py.Name \
        and st.targets[0].id == STATE


def _drop_copies(f: _Fn, sources: set[str]) -> None:
    """`_d3 = _once0`, the compile rules' own name for a value now in a local, set once: read the local."""
    copies = {n.targets[0].id: n.value.id for n in f.nodes
              if type(n) is py.Assign and len(n.targets) == 1 and isinstance(n.targets[0], py.Name)
              and isinstance(n.value, py.Name) and n.value.id in sources and f.stores.get(n.targets[0].id) == 1}
    _read_through(f, {k: v for k, v in copies.items()
                      if k not in sources and k not in {a.arg for a in f.fn.args.args}})


def _replace(st: py.stmt, key: Callable, names: dict[tuple, str]) -> None:
    """Below ST, the reads that KEY knows replaced by their locals."""
    def new_for(node: py.AST) -> py.AST | None:
        k = key(node)
        return py.copy_location(name(names[k]), node) if k is not None and k in names else None
    pytree.replace(st, new_for, _READS)


_HOISTED_SEATS = (N.You(), N.Const(0))  # whose zone a loop may read once: the player's, a shared one's

QUIET = "_quiet"  # the local a generated function keeps "nobody watches" in


def _quiet_local(f: _Fn) -> None:
    """The quiet cases' test, when FN makes it more than once (each move, each counter change of a loop),
    read from a local set once on entry. Whether the game keeps a log or has listeners
    is settled before its rules run (engine.setup_game, a statistics observer, a table's narrator) and never
    changes while an effect runs; what a move may meet inside one (an attachment, a private look, a grid) is
    still tested where it is."""
    fn = f.fn
    # the quiet and watched tests the emitter made (compile/ir/emit.py quiet_test, watched_test): their first
    # two terms are the log's and the listeners'. An invariant checker does not make a case loud: the quiet
    # paths tell it what they did (runtime/checker.py), so checked games run the code unchecked ones do.
    tests = [n for n in f.bool_ops if is_split_test(n)]
    if len(tests) < 2:
        return

    found = {n: True for n in tests}  # (by identity)

    def new_for(node: py.AST) -> py.AST | None:
        # (a test holds another only after its first two terms, which it keeps: each is rewritten on its own)
        if node not in found:
            return None
        if isinstance(node.op, py.Or):
            loud = py.copy_location(py.UnaryOp(py.Not(), py.copy_location(quiet_local(QUIET), node.values[0])),
                                    node.values[0])
            if len(node.values) == 2:
                return loud
            node.values[:2] = [loud]
            return node
        quiet = py.copy_location(quiet_local(QUIET), node.values[0])
        if len(node.values) == 2:
            return quiet
        node.values[:2] = [quiet]
        return node
    pytree.replace_children(f.nodes, new_for, _BOOL_OP)
    st = fn.body[0]  # `_state = ctx.state`
    first = py.Assign([store(QUIET)], quiet_test(name(STATE)))
    _place(first, st.lineno)
    fn.body.insert(1, first)


def _drop_aliases(f: _Fn) -> None:
    """`_st3 = _state` (the compile rules' own name for the state, where they had no local for it), each set
    once: read `_state` itself instead."""
    aliases = {n.targets[0].id for n in f.nodes
               if type(n) is py.Assign and len(n.targets) == 1 and isinstance(n.targets[0], py.Name)
               and isinstance(n.value, py.Name) and n.value.id == STATE and n.targets[0].id != STATE}
    aliases = {a for a in aliases if f.stores.get(a) == 1} - {a.arg for a in f.fn.args.args}
    _read_through(f, {a: STATE for a in aliases})


def _read_through(f: _Fn, copies: dict[str, str]) -> None:
    """Drop the function's assignments `COPY = ORIGINAL` (each COPY set there only) and read ORIGINAL
    wherever COPY was read."""
    if not copies:
        return

    def dropped(st: py.AST) -> bool:
        return isinstance(st, py.Assign) and isinstance(st.targets[0], py.Name) and st.targets[0].id in copies

    blocks = [n for n in f.nodes if "body" in n._fields]  # (a block is a body, an else or a finally)
    for n in blocks:
        for field in ("body", "orelse", "finalbody"):
            block = getattr(n, field, None)
            if isinstance(block, list) and any(dropped(st) for st in block):
                block[:] = [st for st in block if not dropped(st)]
    pytree.replace_children(f.nodes, lambda n: py.copy_location(name(copies[n.id]), n)
                            if n.id in copies else None, _NAME)
    for n in blocks:  # a block left with no statement gets a `pass`
        if not n.body:
            n.body = [py.copy_location(py.Pass(), n)]
