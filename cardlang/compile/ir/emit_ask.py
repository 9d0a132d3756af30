"""The emitter's rules for asking (ir/nodes_ask.py): a text shown to a seat, and the decisions, each built and
asked in the generated function itself (its prompt made only when the decision is put in full), one rule per
node class, over ir/emit.py's helpers. Each rule does what the closure compile/decisions.py built before did
(the same `Decision`, asked the same way: the same log, the same view for every seat), in generated code; with
the pass `ask-rules`, a decision nobody reads goes first to runtime/decisions.py ask_rules (ask_private), which
puts its fields to a bot answering by compiled rules, and is built only for any other seat.

A choice of cards, names, players, numbers or slots is an expression whose asking is statements: its
statements are emitted where it is a `let`'s whole value (emit_stmts.VALUE_RULES: each result stored by the
let's own store where it is known), and anywhere else it is a call of its reference. The bot's answer by name taken before a decision is
put, and the labels of players, are compile/asking.py's functions, called by name.

Its rules join the emitter's tables (emit.EXPR_RULES, emit_stmts.STMT_RULES, emit_stmts.VALUE_RULES) when it
is imported, which the package compile/ir does. Knows Python's `ast`, the runtime's decisions and the emitter's
accessors (no runtime field of its own); no game, no source construct; of the passes, only whether
`ask-rules`, `none-rules`, `none-first-inline` and `written-bounds` are on.
"""
from __future__ import annotations

import ast as py
from typing import Any, Callable

from cardlang.compile import asking
from cardlang.compile.ir import nodes as N
from cardlang.compile.ir import nodes_ask as A
from cardlang.compile.ir.emit import (EXPR_RULES, Emitter, _call, _sub, agent_never_none, agent_nones, card_defs,
                                      checker, ctx_state, ctx_you, name_of, quiet_test, secret, watched_test)
from cardlang.compile.ir.emit_stmts import STMT_RULES, VALUE_RULES, stmts
from cardlang.compile.pyast import CTX, attr, const, name, store
from cardlang.primitives.values import choice_bounds
from cardlang.runtime.decisions import CHANCE, ask, ask_private, ask_rules
from cardlang.runtime.state import Decision

def _assign(n: str, value: py.expr) -> py.Assign:
    return py.Assign([store(n)], value)


def _list(*items: py.expr) -> py.List:
    return py.List(list(items), py.Load())


def _is(x: py.expr, op: py.cmpop, y: py.expr) -> py.Compare:
    return py.Compare(x, [op], [y])


def _picked(options: str, index: str, picks: py.expr) -> py.ListComp:
    """`[OPTIONS[INDEX] for INDEX in PICKS]`."""
    return py.ListComp(_sub(name(options), name(index)), [py.comprehension(store(index), picks, [], 0)])


def _by(e: Emitter, n: Any) -> py.expr:
    """Who is asked: `ctx.you`, or BY's value (a node of its own at each use)."""
    return ctx_you() if n.by is None else e.expr(n.by)


def _decision(e: Emitter, n: Any, player: py.expr, kind: str, options: py.expr, lo: py.expr, hi: py.expr,
              labels: py.expr, names: py.expr | None = None, always: bool = False) -> py.Call:
    """`Decision(PLAYER, TAG, PROMPT, KIND, OPTIONS, LO, HI, LABELS[, private=True][, names=NAMES][, always=True])`
    (the prompt made here, after the player: the order the closures had)."""
    kw = [py.keyword("private", const(True))] if n.private else []
    if names is not None:
        kw.append(py.keyword("names", names))
    if always:
        kw.append(py.keyword("always", const(True)))
    return py.Call(e.gen.const(Decision), [player, const(n.tag), e.expr(n.prompt), const(kind), options, lo, hi,
                                           labels], kw)


def _ask(e: Emitter, decision: py.expr) -> py.Call:
    return _call(e.gen.const(ask), ctx_state(), decision)


def _asked(e: Emitter, n: Any, pk: str, player: py.expr, kind: str, options: py.expr, lo: py.expr, hi: py.expr,
           labels: py.expr, names: py.expr | None, decision: Callable[[], py.expr]) -> list[py.stmt]:
    """`PK = ask(ctx.state, DECISION)`; with the pass `ask-rules`, first
        if <quiet>: PK = ask_rules(ctx.state, PLAYER, TAG, KIND, OPTIONS, LO, HI, LABELS, NAMES)
        else: PK = None
        if PK is None: PK = ask(ctx.state, DECISION)
    (a bot answering by rule is put the decision's fields, its Decision and prompt not built: runtime/decisions.py
    ask_rules; ask_private for a private one, asked of its bot whatever its options; a statement, not an `if`
    expression: in code that runs only when nobody watches, the test goes, compile/quietfold.py). DECISION makes
    the Decision's node (PLAYER's code emitted again there). A decision written `by chance` is asked as before."""
    full = [_assign(pk, _ask(e, decision()))]
    if not e.gen.options.on("ask-rules") or _by_chance(n):  # (compile/passes.py)
        return full
    by_rules = _call(e.gen.const(ask_private if n.private else ask_rules), ctx_state(), player, const(n.tag),
                     const(kind), options, lo, hi, labels, names if names is not None else const(None))
    return [py.If(quiet_test(), [_assign(pk, by_rules)], [_assign(pk, const(None))]),
            py.If(_is(name(pk), py.Is(), const(None)), full, [])]


def _by_chance(n: Any) -> bool:
    """Is N asked `by chance` (written so: no seat's bot to put it to)?"""
    return type(n.by) is N.Const and n.by.value == CHANCE


def _reference(e: Emitter, n: Any) -> py.expr:
    """A decision that is no `let`'s whole value: the call of its reference run (the functions it passes read the
    names in the table)."""
    if n.fn is None:
        raise TypeError(f"the IR node {type(n).__name__} has no reference to call where it is not a let's value")
    return e.expr(n.fn())


# ---- choices whose answer is a value: statements, each result stored by PUT (VALUE_RULES)
def _not_chance(e: Emitter, n: Any) -> list[py.expr]:
    """`BY != CHANCE` where another seat than the effect's own is asked (it may be chance), else nothing."""
    return [] if n.by is None else [_is(e.expr(n.by), py.NotEq(), const(CHANCE))]


def _cards(e: Emitter, n: A.AskCards, put: Callable, read: Callable) -> list[py.stmt]:
    """A bot's answer first, when nobody reads the game (FIRST "none" / "named"), then the decision in full:
        if <quiet> [and BY != CHANCE] and picks_none(ctx, BY, TAG): X = []                     ("none")
        else: FULL
    or  if <quiet> [and BY != CHANCE] [and COUNT == 1]: X = named_cards(ctx, BY, TAG, FIND) else: X = None
        if X is None: FULL                                                                       ("named")
    (named_cards_by_card, the same function marked to read no names, where FIND reads none; with the pass
    `names-first`, named_cards_in[_by_card](ctx, ctx.state, BY, TAG, FIND, ZONE), ZONE NAMES_OF's zone.)
    X the let's own store (PUT), read back by READ."""
    gen = e.gen
    if n.first == "none":
        asked: list[py.expr] = [_call(gen.const(asking.picks_none), name(CTX), _by(e, n), const(n.tag))]
        if gen.options.on("none-first-inline"):
            # [TAG not in getattr(AGENT, "never_none", ()) and] ([TAG in getattr(AGENT, "nones", ()) and
            # ctx.state.check is None or] picks_none(...)): a bot that never answers TAG none by name before
            # naming a card is put it in full, one whose rule is `none` first answers none, each with no call
            # (compile/bots.py never_none, answers_none); the invariant checker still gets its checkpoint
            if n.nones:
                asked = [py.BoolOp(py.Or(), [py.BoolOp(py.And(), [
                    py.Compare(const(n.tag), [py.In()], [agent_nones(e, _by(e, n))]),
                    py.Compare(checker(ctx_state()), [py.Is()], [const(None)])]), asked[0]])]
            if n.never_none:
                asked.insert(0, py.Compare(const(n.tag), [py.NotIn()], [agent_never_none(e, _by(e, n))]))
        test = quiet_test(also=[*_not_chance(e, n), *asked])
        return [py.If(test, [put(_list())], _cards_in_full(e, n, put))]
    if n.first == "named":
        also = _not_chance(e, n) + ([] if n.one else [_is(e.expr(n.count), py.Eq(), const(1))])
        if n.names_of is None:
            by_name = asking.named_cards_by_card if n.find_reads_card else asking.named_cards
            got = _call(gen.const(by_name), name(CTX), _by(e, n), const(n.tag), gen.const(n.find))
        else:
            by_name = asking.named_cards_in_by_card if n.find_reads_card else asking.named_cards_in
            got = _call(gen.const(by_name), name(CTX), ctx_state(), _by(e, n), const(n.tag), gen.const(n.find),
                        e.expr(n.names_of))
        if n.nones and gen.options.on("none-rules"):
            # [] if TAG in getattr(ctx.state.agents[BY], "nones", ()) and ctx.state.check is None else GOT: a bot
            # whose rule is `none` first answers none by name (compile/bots.py answers_none), with no call; the
            # invariant checker still gets its checkpoint from the call
            test = py.BoolOp(py.And(), [py.Compare(const(n.tag), [py.In()], [agent_nones(e, _by(e, n))]),
                                        py.Compare(checker(ctx_state()), [py.Is()], [const(None)])])
            got = py.IfExp(test, _list(), got)
        # (a statement, not `X = ... if <quiet> else None`: in code that runs only when nobody watches, the test
        # goes, compile/quietfold.py)
        first = py.If(quiet_test(also=also), [put(got)], [put(const(None))])
        return [first, py.If(_is(read(), py.Is(), const(None)), _cards_in_full(e, n, put), [])]
    return _cards_in_full(e, n, put)


def _cards_in_full(e: Emitter, n: A.AskCards, put: Callable) -> list[py.stmt]:
    """    _o = CARDS; _n = len(_o)
           _hi = C if C < _n else _n            (C: WRITTEN, or `max(COUNT or 0, 0)`; "any": _hi is _n)
           if _hi == 0 [and SKIP]: X = []       (nothing to pick: not asked; SKIP: see below)
           else:
               _pk = ask(ctx.state, Decision(BY, TAG, PROMPT, "cards", _o, LO, _hi, None, [private=True,]
                                             names=ctx.state.card_def[, always=True]))
               X = [_o[_pk[0]]] if len(_pk) == 1 else [_o[_i] for _i in _pk] if _pk else []
    LO: _hi for "exactly", else 0. SKIP: a private question is put to its player unless nobody reads the game
    and a bot answers it by rule; one asked always is skipped only when nobody reads the game."""
    gen = e.gen
    o, count = gen.fresh("o"), gen.fresh("n")
    length = gen.const(len)
    out: list[py.stmt] = [_assign(o, e.expr(n.cards)), _assign(count, _call(length, name(o)))]
    if n.kind in ("up_to", "exactly"):
        hi = gen.fresh("hi")
        if n.written is not None:
            c: Callable[[], py.expr] = lambda: const(n.written)  # noqa: E731
        elif n.count is not None:
            c_ = gen.fresh("c")
            out.append(_assign(c_, _call(gen.const(max), py.BoolOp(py.Or(), [e.expr(n.count), const(0)]), const(0))))
            c = lambda: name(c_)  # noqa: E731
        else:
            c = lambda: const(0)  # noqa: E731
        out.append(_assign(hi, py.IfExp(_is(c(), py.Lt(), name(count)), c(), name(count))))
        top, low = hi, (hi if n.kind == "exactly" else None)
    else:
        top, low = count, None
    skip: py.expr = _is(name(top), py.Eq(), const(0))
    if n.private:
        unread = _call(gen.const(asking.unread_by_rule), ctx_state(), _by(e, n))
        skip = py.BoolOp(py.And(), [skip, quiet_test(also=[unread])])
    elif n.always:
        skip = py.BoolOp(py.And(), [skip, quiet_test()])
    pk, i = gen.fresh("pk"), gen.fresh("i")
    lo_ = (lambda: name(low)) if low else (lambda: const(0))  # noqa: E731
    decision = lambda: _decision(e, n, _by(e, n), "cards", name(o), lo_(), name(top), const(None),  # noqa: E731
                                 names=card_defs(), always=n.always)
    one = _is(_call(length, name(pk)), py.Eq(), const(1))
    several = py.IfExp(name(pk), _picked(o, i, name(pk)), _list())
    asked = [*_asked(e, n, pk, _by(e, n), "cards", name(o), lo_(), name(top), const(None), card_defs(), decision),
             put(py.IfExp(one, _list(_sub(name(o), _sub(name(pk), const(0)))), several))]
    return out + [py.If(skip, [put(_list())], asked)]


def _player(e: Emitter, n: A.AskPlayer, put: Callable, read: Callable) -> list[py.stmt]:
    """    _o = PLAYERS
           if not _o: raise IllegalAction("there is no player to choose")
           X = _o[ask(ctx.state, Decision(BY, TAG, PROMPT, "players", _o, 1, 1, player_labels(_o)))[0]]"""
    gen = e.gen
    o, pk = gen.fresh("o"), gen.fresh("pk")
    refuse = py.Raise(_call(name("_IllegalAction"), const("there is no player to choose")), None)
    decision = lambda: _decision(e, n, _by(e, n), "players", name(o), const(1), const(1),  # noqa: E731
                                 _call(gen.const(asking.player_labels), name(o)))
    asked = _asked(e, n, pk, _by(e, n), "players", name(o), const(1), const(1), const(None),
                   gen.const(asking.player_labels), decision)
    return [_assign(o, e.expr(n.players)), py.If(py.UnaryOp(py.Not(), name(o)), [refuse], []), *asked,
            put(_sub(name(o), _sub(name(pk), const(0))))]


def _values(e: Emitter, n: A.AskValues, put: Callable, read: Callable) -> list[py.stmt]:
    """    _o = VALUES                     (numbers, slots: `list(VALUES)`)
           _lo, _hi = choice_bounds(KIND, COUNT, len(_o))       (COUNT written: in the code, _bounds_written)
           X = [_o[_i] for _i in ask(ctx.state, Decision(BY, TAG, PROMPT, VKIND, _o, _lo, _hi, LABELS...))]
    LABELS: the names' own, `[_x.name for _x in _o]`, or None and `names=LABELS` for numbers and slots; numbers
    are picked as a tuple."""
    gen = e.gen
    o, lo, hi, i, pk = (gen.fresh(h) for h in ("o", "lo", "hi", "i", "pk"))
    values = e.expr(n.values)
    if n.vkind != "cards":
        values = _call(name("list"), values)
    count = e.expr(n.count) if n.count is not None else const(None)
    bounds: list[py.stmt] = [py.Assign([py.Tuple([store(lo), store(hi)], py.Store())], _call(
        gen.const(choice_bounds), const(n.kind), count, _call(gen.const(len), name(o))))]
    written = n.count is None or (type(n.count) is N.Const and type(n.count.value) is int)
    if written and gen.options.on("written-bounds"):  # (compile/passes.py)
        bounds = _bounds_written(gen, n.kind, None if n.count is None else n.count.value, o, lo, hi)
    if n.vkind == "cards":
        x = gen.fresh("x")

        def decision() -> py.Call:
            labels: py.expr = py.ListComp(name_of(name(x)), [py.comprehension(store(x), name(o), [], 0)])
            return _decision(e, n, _by(e, n), n.vkind, name(o), name(lo), name(hi), labels)
        names: py.expr = gen.const(asking.def_names)
    else:
        decision = lambda: _decision(e, n, _by(e, n), n.vkind, name(o), name(lo), name(hi),  # noqa: E731
                                     const(None), names=gen.const(n.labels))
        names = gen.const(n.labels)
    asked = _asked(e, n, pk, _by(e, n), n.vkind, name(o), name(lo), name(hi), const(None), names, decision)
    picked: py.expr = _picked(o, i, name(pk))
    if n.vkind == "numbers":
        picked = _call(gen.const(tuple), picked)
    return [_assign(o, values), *bounds, *asked, put(picked)]


def _bounds_written(gen, kind: str, count: int | None, o: str, lo: str, hi: str) -> list[py.stmt]:
    """choice_bounds(KIND, COUNT, len(O)) in the code, for a COUNT written as a number (or none): at most C of
    the options, C = max(COUNT or 0, 0), for `exactly` (at least as many) and `up to`; all of them for `any`:
        HI = len(O)
        if C < HI: HI = C          (exactly, up to)
        LO = HI                    (exactly; else LO = 0)"""
    out: list[py.stmt] = [_assign(hi, _call(gen.const(len), name(o)))]
    if kind in ("exactly", "up_to"):
        c = const(max(count or 0, 0))
        out.append(py.If(_is(c, py.Lt(), name(hi)), [_assign(hi, const(max(count or 0, 0)))], []))
    out.append(_assign(lo, name(hi) if kind == "exactly" else const(0)))
    return out


# ---- decisions that run blocks: statements
def _option(e: Emitter, n: A.AskOption) -> list[py.stmt]:
    """    _legal = []; if COND0: _legal.append(0); ...            (no condition at all: _legal = [0, 1, ...])
           if _legal:
               _p = BY
               _i = named_option(ctx.state, _p, TAG, _legal, FIND) if <quiet> and _p != CHANCE else None
               if _i is None:                                       (PRIVATE: no pick by name, just this)
                   _i = _legal[ask(ctx.state, Decision(_p, TAG, PROMPT, "options", _legal, 1, 1, None,
                                                       names=LABEL_OF))[0]]
               if _i == 0: BODY0 elif _i == 1: BODY1 ... else: BODYn
           elif <someone reads the game>: ask(ctx.state, Decision(BY, TAG, "", "options", [], 0, 1, [], always=True))
                                                                    (ALWAYS only)"""
    gen = e.gen
    legal, p, i = gen.fresh("legal"), gen.fresh("p"), gen.fresh("i")
    out: list[py.stmt] = stmts(e, n.pre) if n.pre else []  # (the pass shared-conds' locals)
    if all(c is None for c in n.conds):
        out.append(_assign(legal, _list(*(const(k) for k in range(len(n.conds))))))
    else:
        out.append(_assign(legal, _list()))
        for k, cond in enumerate(n.conds):
            add = py.Expr(_call(attr(name(legal), "append"), const(k)))
            out.append(add if cond is None else py.If(e.expr(cond), [add], []))
    decision = _decision(e, n, name(p), "options", name(legal), const(1), const(1), const(None),
                         names=gen.const(n.label_of))
    put = _assign(i, _sub(name(legal), _sub(_ask(e, decision), const(0))))
    some: list[py.stmt] = [_assign(p, _by(e, n))]
    if n.private:
        some.append(put)
    else:
        by_name = _call(gen.const(asking.named_option), ctx_state(), name(p), const(n.tag), name(legal),
                        gen.const(n.find))
        quiet = quiet_test(also=[_is(name(p), py.NotEq(), const(CHANCE))])
        some += [_assign(i, py.IfExp(quiet, by_name, const(None))), py.If(_is(name(i), py.Is(), const(None)), [put], [])]
    bodies = [stmts(e, (b,)) for b in n.bodies]  # (in order: their lines and names follow the source's)
    run = bodies[-1]
    for k in range(len(bodies) - 2, -1, -1):
        run = [py.If(_is(name(i), py.Eq(), const(k)), bodies[k], run)]
    none: list[py.stmt] = []
    if n.always:
        empty = py.Call(gen.const(Decision), [_by(e, n), const(n.tag), const(""), const("options"), _list(), const(0),
                                              const(1), _list()], [py.keyword("always", const(True))])
        none = [py.If(watched_test(), [py.Expr(_ask(e, empty))], [])]
    return out + [py.If(name(legal), some + run, none)]


def _may(e: Emitter, n: A.AskMay) -> list[py.stmt]:
    """`if ask(ctx.state, Decision(BY, TAG, PROMPT, "yesno", ["yes"], 0, 1, ["yes"])): BODY else: ORELSE`; with
    the pass `ask-rules` its answer first put in `_pk` (_asked), then `if _pk: BODY else: ORELSE`."""
    decision = lambda: _decision(e, n, _by(e, n), "yesno", _list(const("yes")), const(0), const(1),  # noqa: E731
                                 _list(const("yes")))
    if not e.gen.options.on("ask-rules") or _by_chance(n):
        return [py.If(_ask(e, decision()), stmts(e, n.body), stmts(e, n.orelse) if n.orelse else [])]
    pk = e.gen.fresh("pk")
    asked = _asked(e, n, pk, _by(e, n), "yesno", _list(const("yes")), const(0), const(1), _list(const("yes")), None,
                   decision)
    return [*asked, py.If(name(pk), stmts(e, n.body), stmts(e, n.orelse) if n.orelse else [])]


def _secretly(e: Emitter, n: A.Secretly) -> list[py.stmt]:
    """_w = ctx.state.secret; ctx.state.secret = True
    try: BODY
    finally: ctx.state.secret = _w"""
    w = e.gen.fresh("w")
    return [py.Assign([store(w)], secret()), py.Assign([secret(True)], const(True)),
            py.Try(stmts(e, n.body), [], [], [py.Assign([secret(True)], name(w))])]


ASK_EXPR_RULES: dict[type, Callable[[Emitter, Any], py.expr]] = {
    A.AskCards: _reference,
    A.AskPlayer: _reference,
    A.AskValues: _reference,
}
ASK_VALUE_RULES: dict[type, Callable[..., list[py.stmt]]] = {
    A.AskCards: _cards,
    A.AskPlayer: _player,
    A.AskValues: _values,
}
ASK_STMT_RULES: dict[type, Callable[[Emitter, Any], list[py.stmt]]] = {
    A.AskOption: _option,
    A.AskMay: _may,
    A.Secretly: _secretly,
}

# The emitter's tables hold every node class's rule (this module is imported with the package compile/ir).
EXPR_RULES.update(ASK_EXPR_RULES)
VALUE_RULES.update(ASK_VALUE_RULES)
STMT_RULES.update(ASK_STMT_RULES)
