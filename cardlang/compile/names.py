"""Names of the rules in generated code: which of a function's stores into ctx.vars nothing could read (so
its locals alone may hold its names), and a flat verb's statements run in place in a caller, its names in
locals of their own. Works on the compiler's own Python AST (generator.Gen) and knows no game and no source
construct: only the shapes of code the compile rules emit, and the names table (`ctx.vars`) by the emitter's
mark (ir/emit.py is_names), not by its spelling.
"""
from __future__ import annotations

import ast as py
from typing import TYPE_CHECKING

from cardlang.compile import pyast as G
from cardlang.compile import pytree
from cardlang.compile.ir.emit import MARK, new_list
from cardlang.compile.ir.nodes import Names
from cardlang.compile.pyast import CTX
from cardlang.primitives.types import reads_no_names

if TYPE_CHECKING:  # (a Gen is handed in: codegen.py, which builds the module around it, imports this module)
    from cardlang.compile.generator import Gen


def _leaves(obj: object) -> bool:
    """Does OBJ read no names: a function (or table) marked leaves_names, or a method of such a function (the
    game's `run_ability`, bound to its abilities: compile/calls.py marks it)."""
    return reads_no_names(obj) or reads_no_names(getattr(obj, "__func__", None))


def name_uses(gen: Gen, code: py.AST) -> tuple[bool, bool, set[str]]:
    """What CODE does with the function's names, in one walk over it:
    - might something it calls read them in ctx.vars? Yes when it hands `ctx` itself to a function not marked
      `leaves_names` (primitives/types.py: move_into, a verb's run, ...) or to an entry of a table so marked
      (the verbs, each run on names of its own), or reads `ctx.vars` whole other than to keep it aside
      (`_vs = ctx.vars`, a verb's own table of names put back after);
    - does it read or write ctx.vars itself;
    - the names it reads there (`ctx.vars['n']`)."""
    # (nodes are keys by identity; tests of a node's type and dict lookups, not calls: a load runs this over
    # every generated function, twice)
    leaves, kept, attrs, ctxs, read = {}, {}, {}, [], set()
    touches = hands = False
    ns = gen.ns
    for n in pytree.walk(code):
        t = type(n)
        if t is py.Call:
            f = n.func.value if type(n.func) is py.Subscript else n.func
            fs = (f.body, f.orelse) if type(f) is py.IfExp else (f,)  # (TOLD if ctx.state.acts else VERBS)[..]
            for f in fs:
                if type(f) is not py.Name or not _leaves(ns.get(f.id)):
                    # (said here, not only by the node's absence from LEAVES below: one `ctx` node may be
                    # an argument of two calls, one of them to a function that reads no names)
                    hands = hands or any(type(a) is py.Name and a.id == CTX for a in n.args)
                    break
            else:
                for a in n.args:
                    if type(a) is py.Name and a.id == CTX:
                        leaves[a] = True
        elif t is py.Subscript:
            if type(n.slice) is py.Constant:
                v = n.value
                kept[v] = True  # ctx.vars['n']: one name, read or written by this code itself
                if type(n.ctx) is py.Load and _is_names(v):
                    read.add(n.slice.value)
        elif t is py.Assign:
            if len(n.targets) == 1 and type(n.targets[0]) is py.Name:
                kept[n.value] = True  # _vs = ctx.vars: kept aside, put back after a call
        elif t is py.Attribute:
            attrs[n.value] = n
            if _is_names(n):
                touches = True
        elif t is py.Name and n.id == CTX:
            ctxs.append(n)
    for n in ctxs:
        if hands:
            break
        if n not in leaves:
            a = attrs[n] if n in attrs else None
            if a is None or (_is_names(a) and type(a.ctx) is py.Load and a not in kept):
                hands = True
                break
    return hands, touches, read


def _is_names(code: py.AST) -> bool:
    """is_names, with no call but this one (a dict's lookup: the walk above asks it of every attribute)."""
    d = code.__dict__
    return MARK in d and type(d[MARK]) is Names


def hands_names(gen: Gen, code: py.AST) -> bool:
    """Might something CODE calls read the function's names in ctx.vars (name_uses)?"""
    return name_uses(gen, code)[0]


def uses_names(gen: Gen, body: list[py.stmt]) -> bool:
    """Does BODY read or write a name in ctx.vars, or hand ctx to something that might (name_uses)?"""
    hands, touches, _ = name_uses(gen, py.Module(body, []))
    return hands or touches


def drop_unread_stores_and_tell(gen: Gen, body: list[py.stmt]) -> bool:
    """Take out of BODY (a whole function) the stores into ctx.vars of its own names (gen.own_stores) when
    nothing could read them there: no call hands it ctx (name_uses) and the function itself reads each
    such name only from its local. Their locals alone hold them (a name declared in a block is not seen
    once the block ends, and the function's names die with its context or its call). Returns whether BODY
    reads or writes names in ctx.vars, or hands ctx to something that might, once that is done (uses_names)."""
    tree = py.Module(body, [])
    hands, touches, read = name_uses(gen, tree)
    if hands or not gen.own_stores:
        return hands or touches
    stores = [a for a, n in gen.own_stores if n not in read]
    if not stores:
        return touches
    drop_stores(body, stores)
    return name_uses(gen, tree)[1]  # (dropping a store hands nothing on: only whether ctx.vars is touched changes)


def drop_stores(body: list[py.stmt], stores: list[py.Assign]) -> None:
    """Take the ctx.vars targets out of STORES, assignments within BODY (a statement left with no target goes;
    a block left with no statement gets a `pass`). In place."""
    drop = {a: True for a in stores}  # (by identity)
    if not drop:
        return
    nodes = pytree.walk(py.Module(body, []))
    gone = {}  # the assignments left with no target
    for n in nodes:
        if n in drop:
            n.targets = [t for t in n.targets if type(t) is not py.Subscript]
            if not n.targets:
                gone[n] = True
    for n in nodes:  # (only a block holds a statement)
        d = n.__dict__
        for field in ("body", "orelse", "finalbody"):
            if field in d and type(d[field]) is list:
                block = d[field]
                for st in block:
                    if st in gone:
                        block[:] = [st for st in block if st not in gone]
                        break
        if "body" in d and d["body"] == []:
            d["body"] += (py.Pass(),)


def in_place(gen: Gen, inline: tuple, values: list[py.expr],
             types: list[frozenset[str]] | None = None) -> list[py.stmt]:
    """A flat verb's statements, its code needing no names in ctx.vars (calls.compile_verbs), run in place of
    a call (ir/verb_in_place.py: when nobody watches): `_p0 = ARG; ...; BODY`, its parameters and names in
    locals. VALUES: the arguments' code (ARG). The body is the verb's own compiled statements, emitted here
    with its names and its lines (a run-time error still points at the verb's statement). TYPES: for each
    argument, the types every card of the list it computes has (ir/known_types.py), kept on GEN for a
    parameter of its own while the body is emitted."""
    items, kept, params, uses = inline
    once = kept()  # (found when first emitted: calls.compile_verbs)
    # a parameter is a local of its own, or the caller's local given to it (neither is written while it runs)
    temps = [v.id if isinstance(v, py.Name) else gen.fresh("p") for v in values]
    known = {t: k for t, k, v in zip(temps, types or (), values) if k and not isinstance(v, py.Name)}
    gen.item_types.update(known)
    outer_locals, outer_ok, mark = gen.locals, gen.local_ok, len(gen.own_stores)
    gen.locals, gen.local_ok = dict(zip(params, temps)), once  # the verb sees its parameters only
    try:
        body = gen.items(items)
    finally:
        gen.locals, gen.local_ok = outer_locals, outer_ok
        for t in known:
            del gen.item_types[t]
    # its own names' stores into ctx.vars, which its function dropped (nothing reads them): dropped here too;
    # kept where its code uses names (a verb of no parameters, on its caller's table)
    if not gen.replay and not uses:  # (generated for its namespace only, the stores do not matter: Gen.replay)
        drop_stores(body, [a for a, _ in gen.own_stores[mark:]])
    del gen.own_stores[mark:]
    given = [py.Assign([G.store(t)], v) for t, v in zip(temps, values) if not isinstance(v, py.Name)]
    if gen.options.on("owned-args"):
        uncopy(body, {t for t, v in zip(temps, values) if new_list(v)})
    return given + body


def uncopy(body: list[py.stmt], temps: set[str]) -> None:
    """The pass `owned-args`: `list(_p)` in BODY, a copy of a parameter's list made before a loop over it or a
    trigger of its cards (ir/emit_ops.py Listed, ir/emit_calls.py Trigger), is `_p` itself where _p (one of
    TEMPS) holds a new list of the verb's own (ir/emit.py new_list): only a zone's own list changes while cards
    move, and no code changes a list of cards in place. In place."""
    if not temps:
        return

    def uncopied(code: py.Call) -> py.expr | None:
        if (type(code.func) is py.Name and code.func.id == "list" and len(code.args) == 1 and not code.keywords
                and type(code.args[0]) is py.Name and code.args[0].id in temps):
            return code.args[0]
        return None
    pytree.replace_children(pytree.walk(py.Module(body, [])), uncopied, (py.Call,))

