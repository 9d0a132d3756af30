"""The emitter's rules for decisions and bots (ir/nodes_decisions.py): the legal options of a `choose one of`,
the option a name gives, and a bot's rule (its answer to a decision put in full, its pick by name), one rule
per node class, over ir/emit.py's helpers. A decision's fields (runtime/layout.py OF_DECISION) are spelt here
only. Each rule builds exactly the code compile/decisions.py and compile/botgen.py built by hand before (the
option of a name from several zones is new with the IR).

Its rules join the emitter's table of statements (emit_stmts.STMT_RULES) when it is imported, which the
package compile/ir does: a decision's nodes may sit in any statement (an `If`) and any statement in theirs.
The parameters and locals of a bot's functions are fixed names, shared by these rules (DECIDE_PARAMS,
BY_NAME_PARAMS); a local the compiled conditions read is a `Var` with a name, set by a `Let` (ir/nodes.py). Knows Python's `ast` and the runtime's layout; no game, no source construct, no pass.
"""
from __future__ import annotations

import ast as py
from typing import Any, Callable

from cardlang.compile.ir import nodes_decisions as D
from cardlang.compile.hoist import escapes
from cardlang.compile.ir.emit import (EXPR_RULES, Emitter, _call, _sub, card_defs, cards_of, ctx_names, ctx_state,
                                      ctx_you, has_piles, is_names, name_of, pile_of, piles_by_key, slot_of, spec_of)
from cardlang.compile.ir.emit_loops import naming
from cardlang.compile.ir.emit_stmts import STMT_RULES, stmts
from cardlang.compile.pyast import CTX, attr, const, name, store
from cardlang.runtime import layout as L
from cardlang.runtime.state import option_labels

# The parameters of a bot's generated functions: decide(ctx, kind, options, min, max, labels, names, rng), the
# fields of the decision it answers (LABELS a list, or None and NAMES what makes them: state.option_labels), so
# that a decision nobody reads need not be built to be put to a bot (runtime/decisions.py ask_rules);
# by_name(bot, state, seat, find, where) and by_name_in(bot, state, seat, find, where, zone) (compile/bots.py
# calls them so; compile/asking.py
# calls by_name, and by_name_in where the decision hands ZONE, the zone of no piles it picks from: the pass
# `names-first`). A by_name takes a zone too, and leaves it (`*_zone`): it stands for by_name_in where the rule has
# none of its own.
DECIDE_PARAMS = (CTX, "_kind", "_opts", "_min", "_max", "_lab", "_names", "_rng")
BY_NAME_PARAMS = ("_bot", "_st", "_p", "_find", "_where", "*_zone")
BY_NAME_IN_PARAMS = ("_bot", "_st", "_p", "_find", "_where", "_zone")
_HAVE = "_have"  # the names of ZONE's cards (ZoneNames)
# What a bot (compile/bots.py LanguageBot) keeps for its pick by name: its context, and the method making one.
_BOT_CTX, _BOT_CTX_FOR = "_ctx", "_ctx_for"


def _assign(n: str, value: py.expr) -> py.Assign:
    return py.Assign([store(n)], value)


def _is_none(x: py.expr, negate: bool = False) -> py.Compare:
    return py.Compare(x, [py.IsNot() if negate else py.Is()], [const(None)])


_FIELD_PARAM = {L.KIND: "_kind", L.OPTIONS: "_opts", L.MIN: "_min", L.MAX: "_max"}


def _decision(f: str) -> py.Name:
    """The parameter holding field F of the decision a bot answers (F a runtime/layout.py name; its labels are
    made by `_labels`)."""
    return name(_FIELD_PARAM[f])


def _labels(gen) -> py.IfExp:
    """`_lab if _lab is not None else option_labels(_opts, _names)`: the options' labels, made here when the
    decision came without them."""
    return py.IfExp(_is_none(name("_lab"), True), name("_lab"),
                    _call(gen.const(option_labels, "f"), name("_opts"), name("_names")))


# ---- a decision's generated code (compile/decisions.py)
def _return_legal(e: Emitter, n: D.ReturnLegal) -> list[py.stmt]:
    """`_legal = []; if COND0: _legal.append(0); ...; return _legal`."""
    out = e.gen.fresh("legal")
    body: list[py.stmt] = [_assign(out, py.List([], py.Load()))]
    for i, cond in enumerate(n.conds):
        add = py.Expr(_call(attr(name(out), "append"), const(i)))
        body.append(add if cond is None else py.If(e.expr(cond), [add], []))
    return body + [py.Return(name(out))]


def _named_option(e: Emitter, n: D.NamedOption) -> list[py.stmt]:
    """One zone (the lines marked * only when KEPT; a shared zone of piles known, PILE_SLOT: the lines of
    piles alone, the slot written, no test of the zone):
        _zone = ZONE; _vars = ctx.vars; _saved = _vars.get("card")                                  *
        if _zone.spec.piles and _zone.pile is None:      # a pile zone offers the top card of each pile
            _pile = ctx.state.piles.get((_zone.spec.slot, NAME))
            if _pile is not None and _pile.cards:
                CARD = _pile.cards[-1]; _vars["card"] = CARD                                       *
                if COND: _vars["card"] = _saved; return CARD                                    (*)
        else:
            _defs = ctx.state.card_def
            for CARD in _zone.cards:                       # a card of that name at all?
                if _defs[CARD].name == NAME: break
            else: _vars["card"] = _saved; return None                                           (*)
            for CARD in _zone.cards:
                if _defs[CARD].name == NAME:
                    _vars["card"] = CARD                                                          *
                    if COND: _vars["card"] = _saved; return CARD                                (*)
        _vars["card"] = _saved; return None                                                        (*)
    Several zones: `_defs = ...` first, then each zone's test in turn, none returning before the last (a zone
    of no piles: its loop testing COND inside the plain scan's `if`, followed by a `break`)."""
    z, vs, saved, pile, defs, c = "_zone", "_vars", "_saved", "_pile", "_defs", e.var(n.card)
    zones = [e.expr(x) for x in n.zones]

    def card_is(value: str) -> list[py.stmt]:
        return [py.Assign([py.Subscript(name(vs), const("card"), py.Store())], name(value))] if n.kept else []

    def found() -> list[py.stmt]:  # COND is emitted once a use: each use gets its own nodes
        return card_is(c) + [py.If(e.expr(n.cond), card_is(saved) + [py.Return(name(c))], [])]

    def in_piles(spec: py.expr) -> list[py.stmt]:
        cards = cards_of(name(pile))
        slot = const(n.pile_slot) if n.pile_slot is not None else slot_of(spec)
        return [_assign(pile, _call(attr(piles_by_key(), "get"), py.Tuple([slot, e.expr(n.name)], py.Load()))),
                py.If(py.BoolOp(py.And(), [_is_none(name(pile), True), cards]),
                      [_assign(c, _sub(cards, const(-1)))] + found(), [])]

    def of_piles(spec: py.expr) -> py.expr:
        return py.BoolOp(py.And(), [has_piles(spec), _is_none(pile_of(name(z)))])

    def named() -> py.Compare:
        return py.Compare(name_of(_sub(name(defs), name(c))), [py.Eq()], [e.expr(n.name)])
    save = [_assign(vs, ctx_names()), _assign(saved, _call(attr(name(vs), "get"), const("card")))] if n.kept else []
    if n.pile_slot is not None:  # a shared zone of piles the compiler knows: its pile, found by its key alone
        return [*save, *in_piles(None), *card_is(saved), py.Return(const(None))]
    if len(zones) == 1:
        spec = spec_of(name(z))
        ps = in_piles(spec)
        # most names a bot tries are not there: a plain scan says so first, before the loop that tests COND
        # (whose reads are taken out of it, once per call: compile/fnlocals.py)
        in_zone = [
            _assign(defs, card_defs()),
            py.For(store(c), cards_of(name(z)), [py.If(named(), [py.Break()], [])],
                   [*card_is(saved), py.Return(const(None))], None),
            py.For(store(c), cards_of(name(z)), [py.If(named(), found(), [])], [], None)]
        return [_assign(z, zones[0]), *save, py.If(of_piles(spec), ps, in_zone), *card_is(saved),
                py.Return(const(None))]
    out: list[py.stmt] = [_assign(defs, card_defs()), *save]
    for zone in zones:
        ps = in_piles(spec_of(name(z)))
        scan = py.For(store(c), cards_of(name(z)), [py.If(named(), found(), [])], [], None)
        out += [_assign(z, zone),
                py.If(of_piles(spec_of(name(z))), ps,
                      [py.For(store(c), cards_of(name(z)), [py.If(named(), [scan, py.Break()], [])], [], None)])]
    return out + [*card_is(saved), py.Return(const(None))]


# ---- a bot's rule (compile/botgen.py)
def _prefer(e: Emitter, n: D.Prefer) -> list[py.stmt]:
    """`if COND: BODY` (no COND: BODY); kept, LAZY: `if KEEP is None: KEEP = not not COND` then `if KEEP: BODY`;
    kept, not LAZY: `KEEP = COND` then `if KEEP: BODY`; kept and no COND: `if KEEP: BODY`."""
    gen = e.gen
    body = stmts(e, n.body) if n.body else []
    test = e.expr(n.cond) if n.cond is not None else None
    if n.keep is None:
        out = body if test is None else [py.If(test, body, [])]
    elif test is None:  # tested already: its value read back
        out = [py.If(name(e.var(n.keep)), body, [])]
    elif n.lazy:
        k = e.var(n.keep)
        out = [py.If(_is_none(name(k)), [_assign(k, py.UnaryOp(py.Not(), py.UnaryOp(py.Not(), test)))], []),
               py.If(name(k), body, [])]
    else:  # kept when first tested: its own line, then the test's
        k = e.var(n.keep)
        return _placed(gen, n.span, [_assign(k, test)]) + _placed(gen, n.span, [py.If(name(k), body, [])])
    return _placed(gen, n.span, out)


def _placed(gen, span: Any, out: list[py.stmt]) -> list[py.stmt]:
    """OUT, its code on a new line of the module's line table, for SPAN (placed there when the module is
    compiled, as a block's items are: generator.Gen.placing)."""
    ln = gen.line(span)
    gen.placing.extend((st, ln) for st in out)
    return out


def _bot_context(e: Emitter, n: D.BotContext) -> list[py.stmt]:
    """`ctx = _bot._ctx; if ctx is None or ctx.state is not _st or ctx.you != _p: ctx = _bot._ctx_for(_st, _p)`."""
    bot, st, p = (name(x) for x in BY_NAME_PARAMS[:3])
    stale = py.BoolOp(py.Or(), [_is_none(name(CTX)), py.Compare(ctx_state(), [py.IsNot()], [st]),
                                py.Compare(ctx_you(), [py.NotEq()], [p])])
    return [_assign(CTX, attr(bot, _BOT_CTX)),
            py.If(stale, [_assign(CTX, _call(attr(name(BY_NAME_PARAMS[0]), _BOT_CTX_FOR), name(BY_NAME_PARAMS[1]),
                                             name(BY_NAME_PARAMS[2])))], [])]


def _try_name(e: Emitter, n: D.TryName) -> list[py.stmt]:
    """`_got = _find(_where, NAME); if _got is not None: return _got`; TESTED: under `if NAME in _have:`."""
    find, where = BY_NAME_PARAMS[3:5]
    out: list[py.stmt] = [_assign("_got", _call(name(find), name(where), const(n.name))),
                          py.If(_is_none(name("_got"), True), [py.Return(name("_got"))], [])]
    return [py.If(py.Compare(const(n.name), [py.In()], [name(_HAVE)]), out, [])] if n.tested else out


def _zone_names(e: Emitter, n: D.ZoneNames) -> list[py.stmt]:
    """`_defs = _st.card_def; _have = {_defs[_c].name for _c in _zone.cards}`."""
    defs, c = "_defs", "_c"
    zone = name(BY_NAME_IN_PARAMS[5])
    names = py.SetComp(name_of(_sub(name(defs), name(c))),
                       [py.comprehension(store(c), cards_of(zone), [], 0)])
    return [_assign(defs, attr(name(BY_NAME_PARAMS[1]), L.CARD_DEF)), _assign(_HAVE, names)]


def _bot_decide(e: Emitter, n: D.BotDecide) -> list[py.stmt]:
    """    (the decision's fields are parameters: DECIDE_PARAMS)
           if _kind == "yesno": YESNO
           [_labels = _lab if _lab is not None else option_labels(_opts, _names)]      (NAMES)
           _remaining = list(range(len(_opts))); _picks = []
           [_picked = []; ctx.vars["picked"] = _picked]                  (PICKED)
           [_wvar = WEIGHED.get(_kind)]                         (WEIGHED)
           BEFORE
           while len(_picks) < _max and _remaining:
               EACH_PICK
               [_first = {}; for _i in _remaining[::-1]: _first[_labels[_i]] = _i]     (NAMES: label -> earliest)
               _choice = None
               while True: TRIES [break]                                 (the break unless ENDED)
               if _choice is None: break
               _picks.append(_choice); _remaining.remove(_choice)
               [if _kind == "cards" and isinstance(_opts[_choice], int): _picked.append(_opts[_choice])]
           _need = _min - len(_picks)
           if _need > 0: _picks.extend(_remaining[:_need])       # a forced pick: the options in offer order
           return _picks
    With the pass `labels-kept` (and NAMES), `_first = None` before the first pick, and the table is made
    `else` of `if _first is not None and len(_first) == len(_remaining) + 1: del _first[_labels[_choice]]`:
    while no two remaining options share a label, the last pick's table less its label is this pick's, so a
    decision of three picks from nine options makes it once, not three times (one of one pick pays the test).
    With the pass `labels-of-defs`, a choice of cards put with the game's definitions (no labels) makes the
    table from them (`_defs[_opts[_i]].name`) and no list of labels (_of_defs)."""
    gen = e.gen
    out: list[py.stmt] = [py.If(py.Compare(_decision(L.KIND), [py.Eq()], [const("yesno")]), stmts(e, n.yesno), [])]
    length = gen.const(len, "f")
    by_defs = n.names and gen.options.on("labels-of-defs")  # (compile/passes.py)
    if by_defs:  # a choice of cards offered with their definitions: no list of labels made (_of_defs)
        out.append(_of_defs(gen))
    elif n.names:
        out.append(_assign("_labels", _labels(gen)))
    out += [_assign("_remaining", _call(name("list"), _call(name("range"), _call(length, name("_opts"))))),
            _assign("_picks", py.List([], py.Load()))]
    if n.picked:
        out += [_assign("_picked", py.List([], py.Load())),
                py.Assign([py.Subscript(ctx_names(), const("picked"), py.Store())], name("_picked"))]
    if n.weighed is not None:
        out.append(_assign("_wvar", _call(attr(gen.const(n.weighed, "weighed"), "get"), _decision(L.KIND))))
    out += stmts(e, n.before) if n.before else []
    pick: list[py.stmt] = stmts(e, n.each_pick) if n.each_pick else []
    kept = n.names and gen.options.on("labels-kept")
    if n.names:
        def table(label: Callable[[str], py.expr]) -> py.For:
            return py.For(store("_i"), py.Subscript(name("_remaining"), py.Slice(None, None, const(-1)), py.Load()),
                          [py.Assign([py.Subscript(name("_first"), label("_i"), py.Store())], name("_i"))], [], None)
        build: list[py.stmt] = [_assign("_first", py.Dict([], []))]
        if by_defs:
            build.append(py.If(_is_none(name("_defs")), [table(_label_at)], [table(_name_at)]))
        else:
            build.append(table(_label_at))
        if kept:  # the table less the label of the last pick, while no label is there twice; else made again
            out.append(_assign("_first", const(None)))
            unique = py.BoolOp(py.And(), [_is_none(name("_first"), True), py.Compare(
                _call(length, name("_first")), [py.Eq()], [py.BinOp(_call(length, name("_remaining")), py.Add(),
                                                                     const(1))])])
            label = (py.IfExp(_is_none(name("_defs")), _label_at("_choice"), _name_at("_choice")) if by_defs
                     else _label_at("_choice"))
            taken = py.Delete([py.Subscript(name("_first"), label, py.Del())])
            build = [py.If(unique, [taken], build)]
        pick += build
    pick.append(_assign("_choice", const(None)))
    tries = stmts(e, n.tries) if n.tries else []
    pick.append(py.While(const(True), tries if n.ended else tries + [py.Break()], []))
    pick.append(py.If(_is_none(name("_choice")), [py.Break()], []))
    pick += [py.Expr(_call(attr(name("_picks"), "append"), name("_choice"))),
             py.Expr(_call(attr(name("_remaining"), "remove"), name("_choice")))]
    if n.picked:  # `picked`: the cards picked so far
        chosen = _sub(name("_opts"), name("_choice"))
        pick.append(py.If(py.BoolOp(py.And(), [
            py.Compare(_decision(L.KIND), [py.Eq()], [const("cards")]),
            _call(gen.const(isinstance, "f"), chosen, gen.const(int, "t"))]),
            [py.Expr(_call(attr(name("_picked"), "append"), chosen))], []))
    more = py.BoolOp(py.And(), [py.Compare(_call(length, name("_picks")), [py.Lt()], [_decision(L.MAX)]),
                                name("_remaining")])
    out.append(py.While(more, pick, []))
    out += [_assign("_need", py.BinOp(_decision(L.MIN), py.Sub(), _call(length, name("_picks")))),
            py.If(py.Compare(name("_need"), [py.Gt()], [const(0)]),
                  [py.Expr(_call(attr(name("_picks"), "extend"),
                                 py.Subscript(name("_remaining"), py.Slice(None, name("_need"), None), py.Load())))],
                  []),
            py.Return(name("_picks"))]
    return out


def _of_defs(gen) -> py.If:
    """With the pass `labels-of-defs`: `if _lab is None and type(_names) is list: _defs = _names; _labels = None`
    `else: _defs = None; _labels = <_labels>`: a choice of cards put with the game's card definitions (a decision
    nobody reads, or one whose labels nobody read yet) has its table of the remaining options' names made from
    the definitions (`_defs[_opts[_i]].name`, _name_at) in the loop that makes it, not from a list of every
    option's label made first by a call (state.option_labels, and its comprehension's)."""
    cards = py.BoolOp(py.And(), [_is_none(name("_lab")), py.Compare(
        _call(gen.const(type, "t"), name("_names")), [py.Is()], [gen.const(list, "t")])])
    return py.If(cards, [_assign("_defs", name("_names")), _assign("_labels", const(None))],
                 [_assign("_defs", const(None)), _assign("_labels", _labels(gen))])


def _label_at(i: str) -> py.expr:
    """`_labels[I]`: the label of option I."""
    return _sub(name("_labels"), name(i))


def _name_at(i: str) -> py.expr:
    """`_defs[_opts[I]].name`: the name of option I, a card, from the definitions (_of_defs)."""
    return name_of(_sub(name("_defs"), _sub(name("_opts"), name(i))))


def _pick_name(e: Emitter, n: D.PickName) -> list[py.stmt]:
    """`if NAME in _first: _choice = _first[NAME]; break`."""
    v = const(n.name)
    return [py.If(py.Compare(v, [py.In()], [name("_first")]),
                  [_assign("_choice", _sub(name("_first"), v)), py.Break()], [])]


def _pick_weighed(e: Emitter, n: D.PickWeighed) -> list[py.stmt]:
    """if _wvar is not None:
           _best = None; _bv = None
           for _i in _remaining:
               ctx.vars[_wvar] = _opts[_i]; _v = VALUE
               if _best is None or _v < _bv: _best = _i; _bv = _v          (`>` for highest)
           _choice = _best; break
    With the pass `weigh-local`, when VALUE reads one name of the option, X, in its own code alone (it hands
    ctx to nothing that might read names): `if _wvar == X:` the loop reads the option from a local, `_w =
    _opts[_i]`, VALUE reading `_w`, and ctx.vars[X] is set once after it, to the last option weighed, as the
    plain loop leaves it; `else:` the plain loop (a decision of another kind, whose options VALUE does not
    name)."""
    better = py.Lt() if n.kind == "lowest" else py.Gt()

    def loop(value: py.expr, item: py.stmt) -> py.For:
        return py.For(store("_i"), name("_remaining"), [
            item, _assign("_v", value),
            py.If(py.BoolOp(py.Or(), [_is_none(name("_best")), py.Compare(name("_v"), [better], [name("_bv")])]),
                  [_assign("_best", name("_i")), _assign("_bv", name("_v"))], [])], [], None)
    plain_value = e.expr(n.value)
    plain = loop(plain_value, py.Assign([py.Subscript(ctx_names(), name("_wvar"), py.Store())],
                                        _sub(name("_opts"), name("_i"))))
    weighing = [plain]
    one = _one_name(plain_value) if e.gen.options.on("weigh-local") else None  # (compile/passes.py)
    if one is not None and not escapes(plain_value, e.gen):
        value = naming(e, one, "_w", n.value)
        if _one_name(value, none=True):
            last = py.Subscript(name("_remaining"), const(-1), py.Load())
            fast = [loop(value, _assign("_w", _sub(name("_opts"), name("_i")))),
                    py.If(name("_remaining"), [py.Assign([py.Subscript(ctx_names(), const(one), py.Store())],
                                                         _sub(name("_opts"), last))], [])]
            weighing = [py.If(py.Compare(name("_wvar"), [py.Eq()], [const(one)]), fast, [plain])]
    return [py.If(_is_none(name("_wvar"), True),
                  [_assign("_best", const(None)), _assign("_bv", const(None)), *weighing,
                   _assign("_choice", name("_best")), py.Break()], [])]


def _one_name(code: py.expr, none: bool = False) -> str | bool | None:
    """The one rules name CODE reads from ctx.vars (`ctx.vars['slot']`, however often), or None (NONE: whether
    it reads none)."""
    keys = set()
    nodes = list(py.walk(code))
    keyed = {id(x.value) for x in nodes if type(x) is py.Subscript and is_names(x.value)}
    for x in nodes:
        if is_names(x) and id(x) not in keyed:
            keys.add(None)  # the table itself, handed on
        elif type(x) is py.Subscript and is_names(x.value):
            keys.add(x.slice.value if type(x.slice) is py.Constant and type(x.slice.value) is str else None)
    if none:
        return not keys
    return next(iter(keys)) if len(keys) == 1 and None not in keys else None


def _names_offered(e: Emitter, n: D.NamesOffered) -> py.expr:
    """`NAME in _first or ...`: the pick's table of the remaining options' labels (BotDecide) holds one."""
    tests = [py.Compare(const(v), [py.In()], [name("_first")]) for v in n.names]
    return tests[0] if len(tests) == 1 else py.BoolOp(py.Or(), tests)


def _pick_random(e: Emitter, n: D.PickRandom) -> list[py.stmt]:
    """`_choice = _rng.choice(_remaining); break`; with the pass `random-inline`, `random.Random.choice`'s own
    code: `_remaining[_rng._randbelow(len(_remaining))]` (_remaining is never empty here: the pick's loop runs
    while it holds an option), the same number drawn without choice's frame."""
    rng, left = name(DECIDE_PARAMS[-1]), name("_remaining")
    if e.gen.options.on("random-inline"):
        pick = _sub(left, _call(attr(rng, "_randbelow"), _call(e.gen.const(len, "f"), name("_remaining"))))
    else:
        pick = _call(attr(rng, "choice"), left)
    return [_assign("_choice", pick), py.Break()]


DECISION_STMT_RULES: dict[type, Callable[[Emitter, Any], list[py.stmt]]] = {
    D.Prefer: _prefer,
    D.ReturnLegal: _return_legal,
    D.NamedOption: _named_option,
    D.BotContext: _bot_context,
    D.TryName: _try_name,
    D.ZoneNames: _zone_names,
    D.BotDecide: _bot_decide,
    D.PickName: _pick_name,
    D.PickRandom: _pick_random,
    D.PickNone: lambda e, n: [py.Break()],
    D.PickWeighed: _pick_weighed,
}

# The emitter's tables hold every node class's rule (this module is imported with the package compile/ir).
STMT_RULES.update(DECISION_STMT_RULES)
EXPR_RULES[D.NamesOffered] = _names_offered
