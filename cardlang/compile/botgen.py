"""Generate Python for a bot's rules: each decision tag's rule becomes straight-line code, one module per rule.

For a tag, `_decide(ctx, _decision, _rng)` answers a decision the way the rule reads: preferences in order, each
condition tested at most once per pick (preferences under the same condition share one `if`; a condition met
again later, or at the next pick of a multi-pick decision, is read back from a local), names looked up in
one table of the remaining options' labels, `lowest`/`highest` weighed in one loop. For a rule of names and
`none` only, `_by_name(_bot, _st, _p, _find, _where)` tries just those names against the decision's filter
(FIND), on the bot's context for that state and seat, so the decision's options need not be built at all.

Every name in the code is the compiler's own (`_choice`, `_c3`); every card name or label a preference names is
an `ast.Constant`; the conditions are the bot's compiled expressions, inlined or called. The ctx is the bot's
own (its player, `picked`), and the expressions were compiled with the bot flag, so they read only what that
player may see. Knows no game.
"""
from __future__ import annotations

import ast as py
from dataclasses import dataclass
from typing import Any, Callable

from cardlang.compile import codegen as G
from cardlang.errors import Span
from cardlang.primitives.types import CE
from cardlang.syntax import ast
from cardlang.syntax.walk import field_names, nodes

# Decisions a bot may answer with `lowest EXPR` / `highest EXPR`, and the name each option has in EXPR.
WEIGHED = {"cards": "card", "slots": "slot", "numbers": "number", "players": "player"}
NAMES_ONLY = ("name", "none")  # the kinds of a rule that `by_name` can answer


@dataclass(frozen=True, slots=True)
class BotPref:
    """One compiled preference: KIND, its VALUE (a name, or the CE weighed), its condition and where it is."""

    kind: str
    value: Any
    cond: CE | None
    shape: Any  # the condition's syntax without positions: equal shapes are the same test
    reads_picked: bool
    span: Span
    subs: tuple[str, ...] = ()  # locals of the values of function calls the rule makes more than once


def repeated_calls(conds: list) -> dict:
    """Shapes of the function calls (`sum(...)`, `count(...)`) that the conditions of one rule make more than
    once, each with the local that keeps its value while one pick is made."""
    counts: dict = {}
    for c in conds:
        for node in nodes(c):
            if isinstance(node, ast.Func):
                k = shape(node)
                counts[k] = counts.get(k, 0) + 1
    return {k: f"_s{i}" for i, k in enumerate(k for k, n in counts.items() if n > 1)}


def compile_condition(comp, node: Any, scope: Any, shared: dict) -> tuple[CE, tuple[str, ...]]:
    """Compile a rule's condition; a function call in SHARED, outside any `where`/`sum` binding, reads its
    local when set and sets it otherwise (`_s0 if _s0 is not None else (_s0 := CALL)`), so a rule that
    writes `sum(board where card is Unit, card.offence)` in four places computes it once per pick."""
    if not shared:
        return comp.expr(node, scope), ()
    compile_rule = type(comp).expr
    used: list[str] = []

    def expr(n: Any, sc: Any) -> CE:
        ce = compile_rule(comp, n, sc)
        if isinstance(n, ast.Func) and ce.type == "int" and set(sc.names) <= {"picked"}:
            local = shared.get(shape(n))
            if local is not None:
                if local not in used:
                    used.append(local)
                return CE(ce.fn, ce.type, code=lambda g: py.IfExp(
                    _is_none(_n(local), True), _n(local), py.NamedExpr(G.store(local), g.expr(ce))))
        return ce
    comp.expr = expr  # this instance's rules call self.expr for sub-expressions: they pass here
    try:
        return compile_rule(comp, node, scope), tuple(used)
    finally:
        del comp.expr


def shape(node: Any) -> Any:
    """NODE's syntax tree as nested tuples, positions left out (two `honor < 2` anywhere are equal)."""
    if isinstance(node, (tuple, list)):
        return tuple(shape(x) for x in node)
    own = field_names(type(node))
    if own is False:
        return node
    return (type(node).__name__,) + tuple(shape(getattr(node, f)) for f in own)


def reads(node_shape: Any, name: str) -> bool:
    if isinstance(node_shape, tuple):
        if node_shape[:2] == ("NameRef", name):
            return True
        return any(reads(x, name) for x in node_shape)
    return False


def generate(comp, label: str, span: Span, prefs: list[BotPref]) -> tuple[Callable, Callable | None]:
    """One module for a bot's rule of one decision tag: its decide function, and its by_name function when
    the rule names cards (and `none`) only, else None."""
    defs = [("_decide", (G.CTX, "_decision", "_rng"), _decide_body(prefs))]
    if all(p.kind in NAMES_ONLY for p in prefs) and comp.options.on("bot-by-name"):  # (compile/passes.py)
        defs.append(("_by_name", ("_bot", "_st", "_p", "_find", "_where"), _by_name_body(prefs)))
    module, fns = G.build_functions(label, span, defs, log=comp.code_log, options=comp.options)
    comp.add_generated(module)
    module.card = None  # a bot's, whatever the compiler compiled last
    return fns["_decide"], fns.get("_by_name")


# ---- small node builders ---------------------------------------------------------------------------------

def _n(name: str) -> py.Name:
    return G.name(name)


def _assign(name: str, value: py.expr) -> py.Assign:
    return py.Assign([G.store(name)], value)


def _is_none(x: py.expr, negate: bool = False) -> py.Compare:
    return py.Compare(x, [py.IsNot() if negate else py.Is()], [G.const(None)])


def _groups(prefs: list[BotPref]) -> list[tuple[BotPref, list[BotPref]]]:
    """Consecutive preferences under the same condition (the first of them stands for the test)."""
    out: list[tuple[BotPref, list[BotPref]]] = []
    for p in prefs:
        if out and p.cond is not None and out[-1][0].cond is not None and out[-1][0].shape == p.shape:
            out[-1][1].append(p)
        else:
            out.append((p, [p]))
    return out


def _placed(gen: G.Gen, span: Span, stmts: list[py.stmt]) -> list[py.stmt]:
    ln = gen.line(span)  # the preference's line in the module's table
    if not gen.replay:  # (a tree generated for its namespace only is thrown away: codegen.Gen.replay)
        for st in stmts:
            G._place(st, ln)
    return stmts


# ---- by_name: a rule of names and `none`, tried against the decision's filter ----------------------------

def _by_name_body(prefs: list[BotPref]) -> Callable[[G.Gen], list[py.stmt]]:
    def body(gen: G.Gen) -> list[py.stmt]:
        # called by the decision itself (compile/decisions.py) with the bot, the state and the seat: the bot's
        # context for this game and seat, kept by the bot (LanguageBot._ctx_for makes one for another)
        #   ctx = _bot._ctx
        #   if ctx is None or ctx.state is not _st or ctx.you != _p: ctx = _bot._ctx_for(_st, _p)
        # (only a rule with a condition reads it: `NAME; none;` tries the name at once)
        kept = G.attr(_n("_bot"), "_ctx")
        stale = py.BoolOp(py.Or(), [_is_none(_n(G.CTX)),
                                    py.Compare(G.ctx_state(), [py.IsNot()], [_n("_st")]),
                                    py.Compare(G.you(), [py.NotEq()], [_n("_p")])])
        out: list[py.stmt] = [
            py.Assign([G.store(G.CTX)], kept),
            py.If(stale, [py.Assign([G.store(G.CTX)], G.call(G.attr(_n("_bot"), "_ctx_for"), _n("_st"), _n("_p")))],
                  [])] if any(p.cond is not None or p.reads_picked for p in prefs) else []
        if any(p.reads_picked for p in prefs):  # one pick is made at a time: nothing is picked yet
            out.append(G.set_var("picked", py.List([], py.Load())))
        out += _subs(prefs)
        groups = _groups(prefs)
        seen = _repeated(groups)
        done: set = set()
        for head, members in groups:
            stmts: list[py.stmt] = []
            for p in members:
                if p.kind == "none":
                    stmts.append(py.Return(G.const(None)))
                    break
                stmts += [_assign("_got", G.call(_n("_find"), _n("_where"), G.const(p.value))),
                          py.If(_is_none(_n("_got"), True), [py.Return(_n("_got"))], [])]
            if head.cond is None:
                out += _placed(gen, head.span, stmts)
                if stmts and isinstance(stmts[-1], py.Return):
                    return out
                continue
            test = gen.expr(head.cond)
            if head.shape in seen:  # met again later: kept in a local, tested once
                local = seen[head.shape]
                if head.shape in done:
                    test = _n(local)
                else:
                    done.add(head.shape)
                    out += _placed(gen, head.span, [_assign(local, test)])
                    test = _n(local)
            out += _placed(gen, head.span, [py.If(test, stmts, [])])
        out.append(py.Return(G.const(None)))
        return out
    return body


def _repeated(groups) -> dict:
    """Condition shapes tested by more than one group, each with the local that keeps its value."""
    count: dict = {}
    for head, _ in groups:
        if head.cond is not None:
            count[head.shape] = count.get(head.shape, 0) + 1
    return {s: f"_c{i}" for i, s in enumerate(s for s, n in count.items() if n > 1)}


# ---- decide: any decision ----------------------------------------------------------------------------------

def _costly(gen: G.Gen, ce: CE) -> bool:
    """Whether a condition is worth keeping across the picks of one decision (it calls something)."""
    if ce.code is None:
        return True
    return any(isinstance(n, py.Call) for n in py.walk(ce.code(G.Gen("probe"))))


def _decide_body(prefs: list[BotPref]) -> Callable[[G.Gen], list[py.stmt]]:
    def body(gen: G.Gen) -> list[py.stmt]:
        dec = _n("_decision")
        out: list[py.stmt] = [py.If(py.Compare(G.attr(dec, "kind"), [py.Eq()], [G.const("yesno")]),
                                    _yesno(gen, prefs), [])]
        picks = [p for p in prefs if p.kind not in ("yes", "no")]
        groups = _groups(picks)
        counts: dict = {}
        for head, _ in groups:
            if head.cond is not None:
                counts[head.shape] = counts.get(head.shape, 0) + 1
        # Conditions kept in locals, computed when first reached: those tested again later, and costly ones
        # (kept across the picks of a multi-pick decision unless they read `picked`).
        kept: dict = {}
        per_pick: list[str] = []
        across: list[str] = []
        for head, _ in groups:
            if head.cond is None or head.shape in kept:
                continue
            if counts[head.shape] > 1 or (_costly(gen, head.cond) and not head.reads_picked):
                kept[head.shape] = local = f"_c{len(kept)}"
                (per_pick if head.reads_picked else across).append(local)
        reads_picked = any(p.reads_picked for p in picks)
        names = any(p.kind == "name" for p in picks)
        weighs = any(p.kind in ("lowest", "highest") for p in picks)
        length = gen.const(len, "f")
        # the labels only for a rule of names (a decision of cards looks its names up when first read)
        out += [_assign("_labels", G.attr(dec, "labels"))] if names else []
        out += [_assign("_opts", G.attr(dec, "options")),
                _assign("_remaining", G.call(_n("list"), G.call(_n("range"), G.call(length, _n("_opts"))))),
                _assign("_picks", py.List([], py.Load()))]
        if reads_picked:
            out += [_assign("_picked", py.List([], py.Load())), G.set_var("picked", _n("_picked"))]
        if weighs:
            out.append(_assign("_wvar", G.call(G.attr(gen.const(WEIGHED, "weighed"), "get"), G.attr(dec, "kind"))))
        out += [_assign(local, G.const(None)) for local in across]
        pick: list[py.stmt] = [_assign(local, G.const(None)) for local in per_pick] + _subs(picks)
        if names:  # label -> its earliest remaining option
            pick += [_assign("_first", py.Dict([], [])),
                     py.For(G.store("_i"), py.Subscript(_n("_remaining"), py.Slice(None, None, G.const(-1)),
                                                        py.Load()),
                            [py.Assign([py.Subscript(_n("_first"), G.subscript(_n("_labels"), _n("_i")),
                                                     py.Store())], _n("_i"))], [], None)]
        pick.append(_assign("_choice", G.const(None)))
        tries, ended = _prefs(gen, groups, kept)
        pick.append(py.While(G.const(True), tries if ended else tries + [py.Break()], []))
        pick.append(py.If(_is_none(_n("_choice")), [py.Break()], []))
        pick += [py.Expr(G.call(G.attr(_n("_picks"), "append"), _n("_choice"))),
                 py.Expr(G.call(G.attr(_n("_remaining"), "remove"), _n("_choice")))]
        if reads_picked:  # `picked`: the cards picked so far
            chosen = G.subscript(_n("_opts"), _n("_choice"))
            pick.append(py.If(py.BoolOp(py.And(), [
                py.Compare(G.attr(dec, "kind"), [py.Eq()], [G.const("cards")]),
                G.call(gen.const(isinstance, "f"), chosen, gen.const(int, "t"))]),
                [py.Expr(G.call(G.attr(_n("_picked"), "append"), chosen))], []))
        more = py.BoolOp(py.And(), [py.Compare(G.call(length, _n("_picks")), [py.Lt()], [G.attr(dec, "max")]),
                                    _n("_remaining")])
        out.append(py.While(more, pick, []))
        # No preference applies to a forced pick: take the options in offer order.
        out += [_assign("_need", py.BinOp(G.attr(dec, "min"), py.Sub(), G.call(length, _n("_picks")))),
                py.If(py.Compare(_n("_need"), [py.Gt()], [G.const(0)]),
                      [py.Expr(G.call(G.attr(_n("_picks"), "extend"),
                                      py.Subscript(_n("_remaining"), py.Slice(None, _n("_need"), None),
                                                   py.Load())))], []),
                py.Return(_n("_picks"))]
        return out
    return body


def _subs(prefs: list[BotPref]) -> list[py.stmt]:
    """`_s0 = None`...: the shared calls' values, not computed yet for this pick."""
    names = sorted({s for p in prefs for s in p.subs})
    return [_assign(n, G.const(None)) for n in names]


def _yesno(gen: G.Gen, prefs: list[BotPref]) -> list[py.stmt]:
    """A yes/no question: the first preference whose condition holds answers, yes only if it is `yes`."""
    last_yes = max((i for i, p in enumerate(prefs) if p.kind == "yes"), default=-1)
    out: list[py.stmt] = _subs(prefs[:last_yes + 1]) if last_yes >= 0 else []
    for p in prefs[:last_yes + 1]:  # after the last `yes` every answer is no, as is the default
        answer = py.Return(py.List([G.const(0)] if p.kind == "yes" else [], py.Load()))
        if p.cond is None:
            out += _placed(gen, p.span, [answer])
            return out
        out += _placed(gen, p.span, [py.If(gen.expr(p.cond), [answer], [])])
    out.append(py.Return(py.List([], py.Load())))
    return out


def _prefs(gen: G.Gen, groups, kept: dict) -> tuple[list[py.stmt], bool]:
    """The preferences of one pick, in order, inside a `while True` that a found pick breaks out of; and
    whether they end with an unconditional `break`."""
    out: list[py.stmt] = []
    for head, members in groups:
        stmts: list[py.stmt] = []
        final = False  # a preference after which nothing is tried
        for p in members:
            if p.kind == "none":
                stmts.append(py.Break())
                final = True
            elif p.kind == "name":
                v = G.const(p.value)
                stmts.append(py.If(py.Compare(v, [py.In()], [_n("_first")]),
                                   [_assign("_choice", G.subscript(_n("_first"), v)), py.Break()], []))
            elif p.kind == "random":
                stmts += [_assign("_choice", G.call(G.attr(_n("_rng"), "choice"), _n("_remaining"))), py.Break()]
                final = True
            elif p.kind in ("lowest", "highest"):
                stmts.append(_weigh(gen, p))
            if final:
                break
        if not stmts:
            continue
        if head.cond is None:
            out += _placed(gen, head.span, stmts)
            if final:
                return out, True
            continue
        if head.shape in kept:
            local = kept[head.shape]
            test = _n(local)
            out += _placed(gen, head.span, [
                py.If(_is_none(test), [_assign(local, py.UnaryOp(py.Not(), py.UnaryOp(py.Not(),
                                                                                      gen.expr(head.cond))))], []),
                py.If(_n(local), stmts, [])])
        else:
            out += _placed(gen, head.span, [py.If(gen.expr(head.cond), stmts, [])])
    return out, False


def _weigh(gen: G.Gen, p: BotPref) -> py.stmt:
    """`lowest EXPR` / `highest EXPR`: the first remaining option with the least (most) EXPR, when the
    decision is one whose options can be weighed."""
    better = py.Lt() if p.kind == "lowest" else py.Gt()
    loop = py.For(G.store("_i"), _n("_remaining"), [
        py.Assign([py.Subscript(G.ctx_names(), _n("_wvar"), py.Store())],
                  G.subscript(_n("_opts"), _n("_i"))),
        _assign("_v", gen.expr(p.value)),
        py.If(py.BoolOp(py.Or(), [_is_none(_n("_best")), py.Compare(_n("_v"), [better], [_n("_bv")])]),
              [_assign("_best", _n("_i")), _assign("_bv", _n("_v"))], [])], [], None)
    return py.If(_is_none(_n("_wvar"), True),
                 [_assign("_best", G.const(None)), _assign("_bv", G.const(None)), loop,
                  _assign("_choice", _n("_best")), py.Break()], [])
