"""The emitter's calls: the IR's calls (ir/nodes_calls.py) -> Python `ast`, one rule per node class, over the
helpers and named accessors of ir/emit.py. Each rule builds exactly the code compile/calls.py built by hand
before the IR. `rules(stmts)` gives them to ir/emit_stmts.py's table, handed the emitter of a body of
statements (a call's `for P` and its empty pick wrap other statements).

Knows Python's `ast`, the nesting limit and the runtime's layout through ir/emit.py; no game, no source
construct, no pass (they run on the IR before it is emitted).
"""
from __future__ import annotations

import ast as py
from typing import Any, Callable

from cardlang.compile.ir import known_types as KT
from cardlang.compile.ir import nodes as N
from cardlang.compile.ir import nodes_calls as C
from cardlang.compile.ir.emit import Emitter, _call, acts, ctx_state, depth, set_you, zone_read, zones_cards
from cardlang.compile.names import in_place
from cardlang.compile.pyast import CTX, const, fresh_list, name, store
from cardlang.errors import NestingLimit
from cardlang.primitives.core_lowering import copy_if_reacting
from cardlang.primitives.lowering import Site
from cardlang.primitives.values import NothingToActOn
from cardlang.runtime.abilities import MAX_DEPTH

Stmts = Callable[[Emitter, tuple], list[py.stmt]]


def _skip(e: Emitter, n: C.Skip, stmts: Stmts) -> list[py.stmt]:
    """`try: BODY except NothingToActOn: pass`."""
    body = stmts(e, n.body)
    return [py.Try(body, [py.ExceptHandler(e.gen.const(NothingToActOn), None, [py.Pass()])], [], [])]


def _as_player(e: Emitter, n: C.AsPlayer, stmts: Stmts) -> list[py.stmt]:
    """`_p = PLAYER; _you = ctx.you; ctx.you = _p; try: BODY finally: ctx.you = _you`, or the call's own code
    with that switch around only what runs for a card that reacts (WITHIN)."""
    gen = e.gen
    p, was = gen.fresh("p"), gen.fresh("you")
    you = set_you()  # (marked: fnlocals keeps no local of ctx.you here)
    player = e.expr(n.player)

    def switched(body: list[py.stmt]) -> list[py.stmt]:
        return [py.Assign([store(p)], player), py.Assign([store(was)], e.expr(N.You())),
                py.Assign([you], name(p)), py.Try(body, [], [], [py.Assign([you], name(was))])]
    within = n.within(gen, player, switched) if n.within is not None else None
    return within if within is not None else switched(stmts(e, n.body))


def zones_read(zones: tuple) -> Callable[[py.expr], Any]:
    """Site.zone_of for a game's declared ZONES: the one a code reads, as the emitter marked the read."""
    def zone_of(code: py.expr) -> Any:
        read = zone_read(code)
        return next((z for z in zones if z.slot == read.slot), None) if read is not None else None
    return zone_of


def gridless(zones: tuple, options) -> bool:
    """Site.gridless for a game's declared ZONES, with the pass `gridless` on: does none of them have a grid?
    (Every zone of a game, a pile too, has a declared zone's spec; only a grid's has cells.)"""
    return options.on("gridless") and not any(z.grid for z in zones)


def _types_of(gen, code: py.expr) -> frozenset[str]:
    """Site.types_of: the types every card CODE (a Python local) holds has, as the code knows them (the pass
    known-types keeps them on GEN), with the pass typed-triggers on; else none."""
    if type(code) is not py.Name or not gen.options.on("typed-triggers"):
        return frozenset()
    return gen.item_types.get(code.id, frozenset())


def _call_primitive(e: Emitter, n: C.CallPrimitive) -> list[py.stmt]:
    """`RUN(ctx, ARG, ...)`, or the verb's lowered code (pass `lower`)."""
    gen = e.gen
    code = [e.expr(a) for a in n.args]
    if n.verb.lower is not None and gen.options.on("lower"):  # (compile/passes.py)
        lowered = n.verb.lower(gen, code, Site(n.known, zones_read(n.zones), gridless=gridless(n.zones, gen.options),
                                               quiet=gen.quiet_known > 0 and gen.options.on("quiet-moves"),
                                               reacts=n.reacts, types_of=lambda code: _types_of(gen, code)))
        if lowered is not None:
            return lowered
        if n.verb.lowers_lazy:  # (its lazy arguments are code here, which run cannot be handed)
            raise TypeError(f"the lowering of '{n.verb.verb}' gave no code")
    return [py.Expr(_call(gen.const(n.verb.run), name(CTX), *code))]


def _call_verb(e: Emitter, n: C.CallVerb) -> list[py.stmt]:
    """The verb's body runs on this same context, its arguments passed in order after ctx (it gives them names
    of its own only if it needs them in ctx.vars: codegen.build):
        verbs[NAME](ctx, ARG, ...)                                     (a flat verb: checks.flat_verbs)
        if ctx.state.depth > MAX: raise NestingLimit(...)  (before the arguments, as a call is entered)
        _t0 = ARG; ...; _st = ctx.state; _st.depth += 1
        try: verbs[NAME](ctx, _t0, ...) except NestingLimit as e: e.called_from(...); raise
        finally: _st.depth -= 1
    (a verb runs as its caller, for the same card and source; a cycle stops with the verbs' names and lines
    instead of exhausting Python's stack). The table is looked up when
    it runs, since verbs may call verbs compiled after them; a state whose listener asked for the game's acts
    calls the told table instead (runtime/acts.py): `(told if ctx.state.acts else verbs)[NAME](ctx, ...)`."""
    gen = e.gen
    table = py.IfExp(acts(), gen.const(n.told, "told"), gen.const(n.verbs, "verbs"))
    fn = py.Subscript(table, const(n.name), py.Load())
    values = [e.expr(a) for a in n.args]
    if n.flat and gen.options.on("flat-verbs"):  # it never runs inside itself: no nesting to count
        return [py.Expr(_call(fn, name(CTX), *values))]
    # the arguments computed before the depth goes up (a local or a constant is read in the call)
    temps = [None if isinstance(v, (py.Name, py.Constant)) else gen.fresh("t") for v in values]
    run = py.Expr(_call(fn, name(CTX), *[v if t is None else name(t) for t, v in zip(temps, values)]))
    given = [py.Assign([store(t)], v) for t, v in zip(temps, values) if t is not None]
    return _nested(gen, n.name, n.spans, given, [run])


def _nested(gen, verb: str, spans_: tuple, given: list[py.stmt], body: list[py.stmt]) -> list[py.stmt]:
    """BODY (a verb's call, or its statements in place) with the nesting counted around it, GIVEN (its
    arguments) computed first:
        if ctx.state.depth > MAX: raise NestingLimit(...)  (before the arguments, as a call is entered)
        GIVEN; _st = ctx.state; _st.depth += 1
        try: BODY except NestingLimit as e: e.called_from(...); raise
        finally: _st.depth -= 1"""
    verb_span, call_span = spans_
    spans = [const(verb), gen.const(verb_span, "span"), gen.const(call_span, "span")]
    deep = py.If(py.Compare(depth(), [py.Gt()], [const(MAX_DEPTH)]),
                 [py.Raise(_call(gen.const(NestingLimit), const(MAX_DEPTH), *spans), None)], [])
    st, err = gen.fresh("st"), gen.fresh("e")
    level = depth(name(st), store_=True)
    limit = py.ExceptHandler(gen.const(NestingLimit), err, [
        py.Expr(_call(py.Attribute(name(err), "called_from", py.Load()), *spans)), py.Raise(None, None)])
    return [deep, *given, py.Assign([store(st)], ctx_state()), py.AugAssign(level, py.Add(), const(1)),
            py.Try(body, [limit], [], [py.AugAssign(level, py.Sub(), const(1))])]


def _in_place(e: Emitter, n: C.InPlace) -> list[py.stmt]:
    """A verb's statements in place of its call (names.in_place); a verb that may run inside itself (NESTED:
    the call's name and spans, the pass nested-in-place) with its nesting counted around them, its arguments
    given before, as `_call_verb` counts it."""
    values = [e.expr(a) for a in n.args]
    types = [KT.where_types(a) for a in n.args] if e.gen.options.on("known-types") else None
    e.gen.quiet_known += 1  # (an InPlace runs only when nobody watches: ir/verb_in_place.py puts it so)
    try:
        code = in_place(e.gen, n.body, values, types)
    finally:
        e.gen.quiet_known -= 1
    if not n.nested:
        return code
    verb, spans = n.nested
    given = sum(not isinstance(v, py.Name) for v in values)  # (in_place's first statements: its arguments)
    return _nested(e.gen, verb, spans, code[:given], code[given:])


def _trigger(e: Emitter, n: C.Trigger) -> list[py.stmt]:
    """(of a definition: run_ability(ctx, None, EVENT, {NAME: VALUE, ...}, DEFINITION))
    _vals = {NAME: VALUE, ...}
    for _c in list(CARDS):
        if EVENT in ctx.state.card_def[_c].triggers: run_ability(ctx, _c, EVENT, _vals)"""
    gen = e.gen
    if n.cards is None:  # run_ability(ctx, None, EVENT, {NAME: VALUE, ...}, DEFINITION)
        table = py.Dict([const(k) for k in n.names], [e.expr(v) for v in n.values])
        return [py.Expr(_call(gen.const(n.run_ability), name(CTX), const(None), const(n.event), table,
                              e.expr(n.definition)))]
    if n.dead:  # no card can react (dead-triggers): the cards worked out (`top 1 of deck` may shuffle), no look
        items = e.expr(n.cards)
        return [py.Pass()] if isinstance(items, (py.Name, py.Constant)) else [py.Expr(items)]
    vals, c = gen.fresh("vals"), gen.fresh("c")
    items = e.expr(n.cards)
    has = e.expr(N.HasTrigger(N.Py(name(c)), n.event))
    run = py.Expr(_call(gen.const(n.run_ability), name(CTX), name(c), const(n.event), name(vals)))
    table = py.Assign([store(vals)], py.Dict([const(k) for k in n.names], [e.expr(v) for v in n.values]))
    zones = zones_cards(items)
    items = items if fresh_list(items) else _call(name("list"), items)
    if not zones or not gen.options.on("react-skip"):
        return [table, py.For(store(c), items, [py.If(has, [run], [])], [])]
    # _vals = {...}; _t = list(CARDS)
    # if not REACTING(EVENT).isdisjoint(_t): for _c in _t: ...   (the look only when a card of _t reacts)
    t = gen.fresh("t")
    scan = py.For(store(c), name(t), [py.If(has, [run], [])], [])
    return [table, *copy_if_reacting(gen, items, t, n.event, scan)]  # (the copy made late: react-copy-late)


def rules(stmts: Stmts) -> dict[type, Callable[[Emitter, Any], list[py.stmt]]]:
    """The rules of the call statements, STMTS emitting the statements a call wraps."""
    return {
        C.Skip: lambda e, n: _skip(e, n, stmts),
        C.AsPlayer: lambda e, n: _as_player(e, n, stmts),
        C.CallPrimitive: _call_primitive,
        C.CallVerb: _call_verb,
        C.InPlace: _in_place,
        C.Trigger: _trigger,
    }
