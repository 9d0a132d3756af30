"""The emitter's rules for ir/nodes_loops.py: the loops over a set (a filter, its count, a sum: in their caller,
or as the body of their generated function, with its step charge and shortcuts), a rules name's `+=` / `-=`,
`attack`, entering a phase and `break`; IR -> Python `ast`, one rule per node class, each building exactly
the code the compile rules built by hand before (compile/loops.py, compile/statements.py). What a loop may
move out or share is compile/hoist.py's to say, on the code emitted here. Registered with the others by
ir/emit_stmts.py; nested statements are emitted through `gen.emit_ir`.

Knows Python's `ast` and, through ir/emit.py's helpers and named accessors, the runtime's layout; no game, no
source construct, no pass.
"""
from __future__ import annotations

import ast as py
import copy
from typing import Any, Callable

from cardlang.compile import hoist as H
from cardlang.compile.ir import nodes as N
from cardlang.compile.ir import nodes_loops as NL
from cardlang.compile.ir import nodes_ops as O
from cardlang.compile.ir.emit import (Emitter, _call, _marked, charge_steps, ctx_names, ctx_state, is_names,
                                      is_you, set_phase, watched_test)
from cardlang.compile.ir.missing_entry import entry_sum
from cardlang.compile.pyast import CTX, attr, const, fresh_list, name, store
from cardlang.runtime.state import NUMBER_LIMIT, CardDef
from cardlang.syntax.nodes import replace


def _bounded(e: Emitter, code: py.expr, span: Any, too_big: Any) -> py.expr:
    """CODE, a number, checked against NUMBER_LIMIT in the code itself (one comparison):
    `_n if -LIMIT < (_n := CODE) < LIMIT else TOO_BIG(ctx, _n, SPAN)`; CODE itself when TOO_BIG is None (a sum
    that cannot reach the limit: the pass sum-bounds)."""
    if too_big is None:
        return code
    gen = e.gen
    n = gen.fresh("n")
    test = py.Compare(const(-NUMBER_LIMIT), [py.Lt(), py.Lt()], [py.NamedExpr(store(n), code), const(NUMBER_LIMIT)])
    return py.IfExp(test, name(n), _call(gen.const(too_big), name(CTX), name(n), gen.const(span, "span")))


def naming(e: Emitter, var: str, local: str, node: N.Node) -> py.expr:
    """NODE's code with the rules name VAR read from the Python local LOCAL (a loop's item), VAR's own local,
    if any, restored after."""
    locals_ = e.gen.locals
    before = locals_.get(var)
    locals_[var] = local
    try:
        return e.expr(node)
    finally:
        if before is None:
            del locals_[var]
        else:
            locals_[var] = before


_SHORT = 16  # nodes of a filter's code too short to gain from FN's hoisting (`card is Treasure`: 15, all Python nodes)


def _reads_names(e: Emitter, code: list[py.expr], item: str, own: tuple[str, ...] = ()) -> bool:
    """Does CODE read a name of the rules other than the item: one of the caller's locals for them (or OWN, the
    caller's locals of the guard's), or `ctx.vars[...]`?"""
    kept = (set(e.gen.locals.values()) | set(own)) - {item}
    for n in (n for c in code for n in py.walk(c)):
        if isinstance(n, py.Name) and n.id in kept:
            return True
        if is_names(n):
            return True
    return False


def _in_caller(e: Emitter, fn: Callable, items_node: N.Node, cond_node: N.Node, var: str,
               own: tuple[str, ...] = ()) -> py.expr:
    """`[_c for _c in ITEMS if COND]` in the caller (the `where-inline` pass): COND reads the caller's own
    locals (a verb's parameters, a loop's names) where it keeps them, so that the caller need not put its
    names in ctx.vars for FN, and FN is not called. Only when COND hands ctx to nothing that might read names
    (hoist.escapes), where FN would not have put the item in ctx.vars either; a COND that only reads goes over
    a zone's own list, as FN does. Else a call of FN. OWN: locals of the caller's COND reads (the guard's).

    FN is a constant of the caller either way, made first: a module generated again only for its namespace
    (generator.Gen.replay, a load from the cache) makes the same constants in the same order without deciding."""
    g = e.gen
    g.const(fn)
    items = e.expr(items_node)
    c = g.fresh("c")
    cond = naming(e, var, c, cond_node)
    if g.replay:  # (its code is not kept: no analysis)
        return g.call_fn(fn)
    # (Python allows no `:=` in a comprehension's iterable.) A long filter that reads none of the rules' names
    # is left a call: nothing is saved in the caller, and FN computes what is the same for every item once
    if H.escapes(cond, g) or any(isinstance(n, py.NamedExpr) for n in py.walk(items)) \
            or (not _reads_names(e, [items, cond], c, own) and sum(1 for _ in py.walk(cond)) > _SHORT):
        return g.call_fn(fn)
    if fresh_list(items) and isinstance(items, py.Call) and H.only_reads(cond, {c}, g.options.on("leaves-names")):
        items = items.args[0]
    return py.ListComp(name(c), [py.comprehension(store(c), items, [cond], 0)])


def _at_most_one(e: Emitter, n: NL.Where, called: Callable[[], py.expr]) -> py.expr:
    """`[_x] if TEST and COND else []` when ITEMS's code is `[_x] if TEST else []` (at most one item: a grid's
    card at a slot) and COND, reading the item as _x, a read without effect that cannot fail; else CALLED()."""
    items = e.expr(n.items)
    if not (isinstance(items, py.IfExp) and isinstance(items.body, py.List) and len(items.body.elts) == 1
            and isinstance(items.body.elts[0], py.Name) and isinstance(items.orelse, py.List)
            and not items.orelse.elts):
        return called()
    x = items.body.elts[0].id
    cond = naming(e, n.var, x, n.cond)
    if not H.safe_read(cond):
        return called()
    return py.IfExp(py.BoolOp(py.And(), [items.test, cond]), items.body, py.List([], py.Load()))


def _table_values(e: Emitter, key: str) -> py.expr:
    """`ctx.state.card_counters[KEY].values()`."""
    return _call(attr(e.expr(N.CardCounterTable(key)), "values"))


def _none_held(e: Emitter, guard: NL.CounterGuard, kept: tuple[str, str] | None = None) -> py.expr | None:
    """`(_x := X) != START and _x not in ctx.state.card_counters[KEY].values()`: GUARD's test as an expression,
    for the filter's caller (None for an X whose reading might fail). KEPT, the names of two locals: X and the
    counter's table kept in them for the loop after, both set whatever the answer (the same two tests, the
    other way round: `(_x := X) not in (_t := TABLE).values() and _x != START`)."""
    code = e.expr(guard.x)
    if not H.safe_read(code):
        return None
    if kept is not None:
        v, t = kept
        table = py.NamedExpr(store(t), e.expr(N.CardCounterTable(guard.key)))
        held = py.Compare(py.NamedExpr(store(v), code), [py.NotIn()], [_call(attr(table, "values"))])
        return py.BoolOp(py.And(), [held, py.Compare(name(v), [py.NotEq()], [const(guard.start)])])
    v = e.gen.fresh("x")
    values = _table_values(e, guard.key)
    return py.BoolOp(py.And(), [py.Compare(py.NamedExpr(store(v), code), [py.NotEq()], [const(guard.start)]),
                                py.Compare(name(v), [py.NotIn()], [values])])


def _guard_reused(cond: N.Node, guard: NL.CounterGuard, x: str, table: str) -> N.Node:
    """COND with the guard's work reused (the pass `guard-reuse`): in each `card.KEY == X` of COND (COND itself,
    or a side of its `and`s), X read from the local X and the counter from the local TABLE. Only there: deeper,
    a name of X might be another's (a loop inside COND naming its item alike)."""
    if type(cond) is O.Both and cond.conj:
        left, right = _guard_reused(cond.left, guard, x, table), _guard_reused(cond.right, guard, x, table)
        return cond if left is cond.left and right is cond.right else replace(cond, left=left, right=right)
    if type(cond) is not O.Compare or cond.op != "==":
        return cond
    for counter, other, flip in ((cond.left, cond.right, False), (cond.right, cond.left, True)):
        if type(counter) is N.CardCounter and counter.key == guard.key and counter.table is None \
                and other == guard.x:
            read = replace(counter, table=N.Py(name(table)))
            sides = (N.Py(name(x)), read) if flip else (read, N.Py(name(x)))
            return replace(cond, left=sides[0], right=sides[1])
    return cond


def _where(e: Emitter, n: NL.Where) -> py.expr:
    """The loop in the caller (INLINE) or a call of FN; before it, the at-most-one test (ONE) or the guard's:
    `[] if <no card holds X> else ...`, no call when none does. With the pass `guard-reuse`, a loop in the caller
    whose condition is the guard's `card.KEY == X` reads X and the counter's table from the guard's locals. (A
    filter in C, `compress` over a `map` of the table's `get`, has fewer bytecodes but took two to four times the
    comprehension's time on lists of 0 to 36 cards on Python 3.11: docs/speed-history.md.) Whichever it is, the
    code is marked `Where`: a new list of its own, which nothing else holds (ir/emit.py new_list)."""
    return _marked(_where_code(e, n), n)


def _where_code(e: Emitter, n: NL.Where) -> py.expr:
    def called(cond: N.Node = n.cond, own: tuple[str, ...] = ()) -> py.expr:
        return _in_caller(e, n.fn, n.items, cond, n.var, own) if n.inline else e.gen.call_fn(n.fn)
    if n.guard is None:
        return _at_most_one(e, n, called) if n.one else called()
    if n.inline and e.gen.options.on("guard-reuse"):
        kept = (e.gen.fresh("x"), e.gen.fresh("t"))
        cond = _guard_reused(n.cond, n.guard, *kept)
        if cond is not n.cond:
            test = _none_held(e, n.guard, kept)
            if test is None:
                return e.gen.call_fn(n.fn)
            return py.IfExp(test, py.List([], py.Load()), called(cond, kept))
    test = _none_held(e, n.guard)
    return e.gen.call_fn(n.fn) if test is None else py.IfExp(test, py.List([], py.Load()), called())


def _printing(e: Emitter, cond: N.Node, var: str, items: N.Node) -> py.expr | None:
    """`list(INDEX.get(X, ()))` for a filter of a list of card definitions known when compiling whose condition
    COND is `card.P == X` alone (P printed: what a definition prints is fixed once the game has loaded, before
    its rules compile), X a name or a constant: INDEX, a table of the module, holds for each value of P the
    definitions printing it, in order (a dict lookup in place of a loop comparing every definition; X, a
    number or a text, is hashed as `==` compares it). Else None. The same code whether or not the module is
    replayed (no decision on the code), so the same constants."""
    if type(cond) is not O.Compare or cond.op != "==" or type(items) is not N.Value or type(items.obj) is not list:
        return None
    item = N.Name(var)
    for printed, x in ((cond.left, cond.right), (cond.right, cond.left)):
        if type(printed) is N.DefPrinted and printed.definition == item and type(x) in (N.Name, N.Const) \
                and x != item and all(type(d) is CardDef for d in items.obj):
            index: dict = {}
            for d in items.obj:
                index.setdefault(d.props.get(printed.name, printed.default), []).append(d)
            table = e.gen.const(index, "index")
            return _call(name("list"), _call(attr(table, "get"), e.expr(x), py.Tuple([], py.Load())))
    return None


def _count_where(e: Emitter, n: NL.CountWhere) -> py.expr:
    """`len([...])` of the loop in the caller (INLINE), or a call of FN. `len` is a constant either way: a
    replayed namespace makes the same constants (_in_caller). (A count by a card's name or type in C, `map` over
    the definitions, has fewer bytecodes but took about twice the comprehension's time: docs/speed-history.md.)"""
    if not n.inline:
        return e.gen.call_fn(n.fn)
    code = _in_caller(e, n.fn, n.items, n.cond, n.var)
    length = e.gen.const(len)  # (marked: compile/existsloops.py asks whether any item holds, stopping early)
    return _marked(_call(length, code), n) if isinstance(code, py.ListComp) else code


def _count_where_value(e: Emitter, n: NL.CountWhere, put: Callable, read: Callable) -> list[py.stmt]:
    """A `let` of a count of a `where` inlined (`let n = count(others where player.c > 0);`), with the
    pass `count-loops`, as a loop counting in a local, not the length of a comprehension (on Python 3.11 a
    comprehension is a function made and called each time it runs; its variable, fresh, is seen nowhere else):

        _n = 0
        for _c in ITEMS:               (a list's own, not `[*LIST]`, when COND only reads: hoist.only_reads)
            if COND: _n += 1
        NAME = _n"""
    code = _count_where(e, n)
    comp = code.args[0] if isinstance(code, py.Call) and len(code.args) == 1 else None
    if not (e.gen.options.on("count-loops") and isinstance(comp, py.ListComp) and len(comp.generators) == 1
            and len(comp.generators[0].ifs) <= 1 and not comp.generators[0].is_async
            and isinstance(comp.generators[0].target, py.Name)):
        return [put(code)]
    gen = comp.generators[0]
    k = e.gen.fresh("n")
    add = py.AugAssign(store(k), py.Add(), const(1))
    body = [py.If(gen.ifs[0], [add], [])] if gen.ifs else [add]
    items = gen.iter
    if isinstance(items, py.List) and len(items.elts) == 1 and isinstance(items.elts[0], py.Starred) \
            and all(H.only_reads(c, set(), e.gen.options.on("leaves-names")) for c in gen.ifs):
        items = items.elts[0].value  # (a copy of a list `[*X]` for nothing: counting moves no card, no seat)
    return [py.Assign([store(k)], const(0)), py.For(gen.target, items, body, []), put(name(k))]


LOOP_VALUE_RULES: dict[type, Callable[..., list[py.stmt]]] = {NL.CountWhere: _count_where_value}


def _list_count(e: Emitter, n: NL.ListCount) -> py.Call:
    return _call(attr(e.expr(n.items), "count"), e.expr(n.x))


def _count_equal(e: Emitter, n: NL.CountEqual) -> py.expr:
    code = _list_count(e, NL.ListCount(n.items, n.x))
    return code if H.safe_read(code.func.value) and H.safe_read(code.args[0]) else e.gen.call_fn(n.fn)


def _sum_in(e: Emitter, n: NL.SumIn) -> py.expr:
    """`sum([EACH for _c in ITEMS])`, bounded, on the terms of _in_caller: EACH reads the caller's locals
    (`sum(attached(u), card.offence)` reads the verb's `u`). Else a call of FN. Every constant is made whichever
    is chosen (a namespace replayed makes the same ones: generator.Gen.replay)."""
    g = e.gen
    g.const(n.fn)
    items = e.expr(n.items)
    c = g.fresh("c")
    each = naming(e, "card", c, n.each)
    total = _call(g.const(sum), py.ListComp(each, [py.comprehension(store(c), items, [], 0)]))
    code = _bounded(e, total, n.span, n.too_big)
    if g.replay:  # (its code is not kept: no analysis)
        return g.call_fn(n.fn)
    if H.escapes(each, g) or any(isinstance(x, py.NamedExpr) for x in py.walk(items)) \
            or not _reads_names(e, [items, each], c):  # (reading none of the caller's names, FN hoists better)
        return g.call_fn(n.fn)
    if fresh_list(items) and isinstance(items, py.Call) and H.only_reads(each, {c}, g.options.on("leaves-names")):
        total.args[0].generators[0].iter = items.args[0]  # a zone's own list, no copy: EACH moves no card
    elif g.options.on("missing-entry"):  # one card's entry of a table, mostly missing: summed only when there
        def summed(it: py.expr) -> py.expr:
            return _call(g.const(sum), py.ListComp(copy.deepcopy(each), [py.comprehension(store(c), it, [], 0)]))
        alt = entry_sum(items, summed, g.fresh)
        if alt is not None:
            return _bounded(e, alt, n.span, n.too_big)
    return code


# ---- statements
def _change_name(e: Emitter, n: NL.ChangeName) -> list[py.stmt]:
    gen = e.gen
    op = py.Add() if n.op == "+=" else py.Sub()
    return [gen.set_var(n.name, _bounded(e, py.BinOp(gen.var(n.name), op, e.expr(n.value)), n.span, n.too_big))]


def _enter_phase(e: Emitter, n: NL.EnterPhase) -> list[py.stmt]:
    """RUN, inlined in the turn (a frame less per phase), and so is BODY when nobody watches:
        _st = ctx.state; _st.phase = NAME
        if _st.log is not None or _st.listeners: RUN(ctx)
        else: BODY                 (BLOCK(ctx) where BODY sets the player: fnlocals._loop_locals)"""
    gen = e.gen
    if not n.inline:
        return [py.Expr(gen.call_fn(n.run))]
    st = gen.fresh("st")
    watched = watched_test(name(st))
    # BODY's names kept in locals as BLOCK keeps them (a `let c` in two phases is two names, each written once)
    outer, gen.local_ok = gen.local_ok, n.once
    inline = gen.emit_ir(n.body) if n.body else [py.Pass()]
    gen.local_ok = outer
    if any(is_you(x) and isinstance(x.ctx, py.Store) for s in inline for x in py.walk(s)):
        inline = [py.Expr(gen.call_fn(n.block))]
    return [py.Assign([store(st)], ctx_state()),
            py.Assign([set_phase(name(st))], const(n.name)),
            py.If(watched, [py.Expr(gen.call_fn(n.run))], inline)]


def _run_phase(e: Emitter, n: NL.RunPhase) -> list[py.stmt]:
    """_st = ctx.state; _st.phase = NAME
    if _st.log is not None or _st.listeners: TELL(_st, NAME)
    BLOCK(ctx)"""
    gen = e.gen
    st = gen.fresh("st")
    out = [py.Assign([store(st)], ctx_state()), py.Assign([set_phase(name(st))], const(n.name)),
           py.If(watched_test(name(st)), [py.Expr(_call(gen.const(n.tell), name(st), const(n.name)))], [])]
    if n.block is not None:
        out.append(py.Expr(gen.call_fn(n.block)))
    return out


def _attack(e: Emitter, n: NL.Attack) -> list[py.stmt]:
    """for _t in TARGETS:
        COUNT_STEP(ctx, SPAN)
        if WINDOW(ctx, _t): ctx.vars[NAME] = _t; BODY(ctx)"""
    gen = e.gen
    t = gen.fresh("t")
    hit = py.If(_call(gen.const(n.window), name(CTX), name(t)),
                [py.Assign([py.Subscript(ctx_names(), const(n.name), py.Store())], name(t)),
                 py.Expr(gen.call_fn(n.body))], [])
    step = py.Expr(_call(gen.const(n.count_step), name(CTX), gen.const(n.span, "span")))
    return [py.For(store(t), e.expr(n.targets), [step, hit], [])]


def _break(e: Emitter, n: NL.Break) -> list[py.stmt]:
    """Python's `break` when the loop is in this same generated function; else the loop's exception."""
    return [py.Break()] if e.gen.loops else [py.Raise(_call(name("_BreakLoop")), None)]


def _charge(e: Emitter, n: NL.Charge) -> list[py.stmt]:
    """`_st = ctx.state; _st.steps += len(ITEMS); if _st.steps > _st.step_budget: OVER_BUDGET(ctx, SPAN)`."""
    gen = e.gen
    st = gen.fresh("st")
    return charge_steps(st, _call(gen.const(len), e.expr(n.items)),
                        [py.Expr(_call(gen.const(n.over_budget), name(CTX), gen.const(n.span, "span")))])


def _counter_guard(e: Emitter, n: NL.CounterGuard) -> list[py.stmt]:
    """`_x = X; if _x != START and _x not in ctx.state.card_counters[KEY].values(): return EMPTY` (X read
    once more, before the loop); nothing for an X whose reading might fail."""
    code = e.expr(n.x)
    if not H.safe_read(code):
        return []
    v = e.gen.fresh("x")
    held = py.Compare(name(v), [py.NotIn()], [_table_values(e, n.key)])
    return [py.Assign([store(v)], code),
            py.If(py.BoolOp(py.And(), [py.Compare(name(v), [py.NotEq()], [const(n.start)]), held]),
                  [py.Return(e.expr(n.empty))], [])]


def _over_items(e: Emitter, n: NL.OverItems) -> list[py.stmt]:
    """    items = ITEMS; [CHARGE]; out = START
           for c in items: STEP                              (STEP reads VAR as the local `c`)
           return out
    and when STEP hands ctx to a compiled function (which reads VAR in ctx.vars):
      vars = ctx.vars; saved = vars.get(VAR); ... for c in items: vars[VAR] = c; ...; vars[VAR] = saved
    STEP: `if EACH: out.append(c)` (where), `if EACH: out += 1` (count), `out += EACH` (sum)."""
    gen = e.gen
    if n.kind == "where" and n.guard is None and not n.charged and gen.options.on("filter-in-c"):
        printing = _printing(e, n.each, n.var, n.items)  # (compile/passes.py)
        if printing is not None:
            return [py.Return(printing)]

    def start() -> py.expr:
        return py.List([], py.Load()) if n.kind == "where" else const(0)
    guard = _counter_guard(e, n.guard) if n.guard is not None else []
    vs, saved, out, c = "_vars", "_saved", "_out", "_c"
    source = e.expr(n.items)
    gen.bind_local(n.var, c)
    if n.kind == "sum":
        each: py.stmt = py.AugAssign(store(out), py.Add(), e.expr(n.each))
    elif n.kind == "count":
        each = py.If(e.expr(n.each), [py.AugAssign(store(out), py.Add(), const(1))], [])
    else:
        each = py.If(e.expr(n.each), [py.Expr(_call(attr(name(out), "append"), name(c)))], [])
    # (made before the replay's return: a replay must make the constants in the same order)
    result = py.Return(_bounded(e, name(out), n.span, n.too_big) if n.kind == "sum" else name(out))
    items = gen.fresh("items")
    charge = _charge(e, NL.Charge(N.Py(name(items)), n.span, n.over_budget)) if n.charged else []
    if gen.replay:  # generated only for its namespace (generator.Gen.replay): what follows shapes code
        return guard + [each]
    if not H.escapes(each, gen):
        # a body that only reads goes over a zone's own list (`ctx.state.zones[3][0].cards`, no copy: nothing
        # it does can move a card), and reads the same for every item are computed once, when there is an
        # item:   items = ITEMS; if items: h = READ; for c in items: STEP
        hoisted, body = [], [each]
        if gen.options.on("hoist"):  # (compile/passes.py)
            reads = H.loop_reads(each, c, {out}, gen.options.on("leaves-names"))
            if fresh_list(source) and isinstance(source, py.Call) and reads.quiet:
                source = source.args[0]
            hoisted = H.hoist_invariants(gen, each, {c, out}, reads)  # first: it takes from the reads
            body = H.share_item_reads(gen, each, c, {out}, reads) + [each]  # made twice per item: once
        loop: list[py.stmt] = [py.For(store(c), name(items), body, [])]
        if hoisted:
            loop = [py.If(name(items), hoisted + loop, [])]
        return guard + [py.Assign([store(items)], source), *charge, py.Assign([store(out)], start()), *loop, result]
    slot = py.Subscript(name(vs), const(n.var), py.Store())
    return guard + [py.Assign([store(items)], source), *charge,
                    py.Assign([store(vs)], ctx_names()),
                    py.Assign([store(saved)], _call(attr(name(vs), "get"), const(n.var))),
                    py.Assign([store(out)], start()),
                    py.For(store(c), name(items), [py.Assign([slot], name(c)), each], []),
                    py.Assign([py.Subscript(name(vs), const(n.var), py.Store())], name(saved)),
                    result]


LOOP_EXPR_RULES: dict[type, Callable[[Emitter, Any], py.expr]] = {
    NL.Bounded: lambda e, n: _bounded(e, e.expr(n.value), n.span, n.too_big),
    NL.Where: _where,
    NL.CountWhere: _count_where,
    NL.ListCount: _list_count,
    NL.CountEqual: _count_equal,
    NL.SumIn: _sum_in,
}

LOOP_STMT_RULES: dict[type, Callable[[Emitter, Any], list[py.stmt]]] = {
    NL.ChangeName: _change_name,
    NL.Attack: _attack,
    NL.EnterPhase: _enter_phase,
    NL.RunPhase: _run_phase,
    NL.Break: _break,
    NL.Charge: _charge,
    NL.CounterGuard: _counter_guard,
    NL.OverItems: _over_items,
}
