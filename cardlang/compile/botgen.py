"""Generate Python for a bot's rules: each decision tag's rule becomes straight-line code, one module per rule.

For a tag, `_decide(ctx, _decision, _rng)` answers a decision the way the rule reads: preferences in order, each
condition tested at most once per pick (preferences under the same condition share one `if`; a condition met
again later, or at the next pick of a multi-pick decision, is read back from a local), names looked up in
one table of the remaining options' labels, `lowest`/`highest` weighed in one loop. For a rule of names and
`none` only, `_by_name(_bot, _st, _p, _find, _where)` tries just those names against the decision's filter
(FIND), on the bot's context for that state and seat, so the decision's options need not be built at all.

The rule is built as IR (compile/ir/nodes_decisions.py: `BotDecide` and its preferences, `TryName`, ...) and
emitted by compile/ir/emit_decisions.py, which alone knows a decision's fields; this module decides what the code
does (which conditions are kept in locals, where a rule ends). Every name in the code is the compiler's own
(`_choice`, `_c3`); every card name or label a preference names is an `ast.Constant`; the conditions are the bot's
compiled expressions, inlined or called. The ctx is the bot's own (its player, `picked`), and the expressions were
compiled with the bot flag, so they read only what that player may see. Knows no game.
"""
from __future__ import annotations

import ast as py
from dataclasses import dataclass
from typing import Any, Callable

from cardlang.compile import codegen as G
from cardlang.compile import pytree
from cardlang.compile.ir import nodes as N
from cardlang.compile.ir import nodes_decisions as D
from cardlang.compile.ir.emit import mark
from cardlang.compile.ir.emit_decisions import BY_NAME_IN_PARAMS, BY_NAME_PARAMS, DECIDE_PARAMS
from cardlang.compile.pyast import CTX, name
from cardlang.errors import Span
from cardlang.primitives import CORE
from cardlang.primitives.types import CARDNAME, CE, INT, PLAYER
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


# The types of the calls a rule's conditions may share in a local: values that are never None (a number; with
# the pass `bot-shared-reads` also a player, a seat number, and a card name, a definition: `claimant()`,
# `claimed()`), so that None can stand for "not computed yet".
_SHARED_TYPES = (INT,)
_SHARED_READS = (INT, PLAYER, CARDNAME)


def compile_condition(comp, node: Any, scope: Any, shared: dict) -> tuple[CE, tuple[str, ...]]:
    """Compile a rule's condition; a function call in SHARED, outside any `where`/`sum` binding, reads its
    local when set and sets it otherwise (`_s0 if _s0 is not None else (_s0 := CALL)`), so a rule that
    writes `sum(board where card is Unit, card.offence)` in four places computes it once per pick (and, with
    the pass `bot-shared-reads`, one that reads `claimant()` seven times reads the latest claim once)."""
    if not shared:
        return comp.expr(node, scope), ()
    compile_rule = type(comp).expr
    used: list[str] = []
    types = _SHARED_READS if comp.options.on("bot-shared-reads") else _SHARED_TYPES

    def expr(n: Any, sc: Any) -> CE:
        ce = compile_rule(comp, n, sc)
        if isinstance(n, ast.Func) and ce.type in types and set(sc.names) <= {"picked"}:
            local = shared.get(shape(n))
            if local is not None:
                if local not in used:
                    used.append(local)
                return CE(ce.type, code=lambda g: py.IfExp(
                    py.Compare(G.name(local), [py.IsNot()], [G.const(None)]), G.name(local),
                    py.NamedExpr(G.store(local), g.expr(ce))))
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


def generate(comp, label: str, span: Span, prefs: list[BotPref]) -> tuple[Callable, Callable | None, Callable | None]:
    """One module for a bot's rule of one decision tag: its decide function, its by_name function when the rule
    names cards (and `none`) only, else None, and its by_name for a decision that hands the zone it picks from
    (by_name_in: by_name itself, but for a rule of many names, the pass `names-first`)."""
    defs = [("_decide", DECIDE_PARAMS, _decide_body(prefs))]
    if all(p.kind in NAMES_ONLY for p in prefs) and comp.options.on("bot-by-name"):  # (compile/passes.py)
        defs.append(("_by_name", BY_NAME_PARAMS, _by_name_body(prefs)))
        if comp.options.on("names-first") and sum(p.kind == "name" for p in prefs) >= _NAMES_FIRST_AT:
            defs.append(("_by_name_in", BY_NAME_IN_PARAMS, _by_name_in_body(prefs)))
    module, fns = G.build_functions(label, span, defs, log=comp.code_log, options=comp.options)
    comp.add_generated(module)
    module.card = None  # a bot's, whatever the compiler compiled last
    by_name = fns.get("_by_name")
    return fns["_decide"], by_name, fns.get("_by_name_in", by_name)


# ---- the rule as IR (compile/ir/nodes_decisions.py), emitted by compile/ir/emit_decisions.py -------------

def _groups(prefs: list[BotPref]) -> list[tuple[BotPref, list[BotPref]]]:
    """Consecutive preferences under the same condition (the first of them stands for the test)."""
    out: list[tuple[BotPref, list[BotPref]]] = []
    for p in prefs:
        if out and p.cond is not None and out[-1][0].cond is not None and out[-1][0].shape == p.shape:
            out[-1][1].append(p)
        else:
            out.append((p, [p]))
    return out


def _cond(p: BotPref) -> D.Node | None:
    return N.Of(p.cond) if p.cond is not None else None


# ---- by_name: a rule of names and `none`, tried against the decision's filter ----------------------------

# A rule naming this many cards or more has a by_name_in, which tests each name against the names of the zone's
# cards first (the pass `names-first`): gathering the names costs about what two calls of the filter for names
# not there do, and a rule of a few names mostly finds its first (a rule like `on play_action { CARD; none; }`).
_NAMES_FIRST_AT = 6


def _by_name_body(prefs: list[BotPref]) -> Callable[[G.Gen], list[py.stmt]]:
    def body(gen: G.Gen) -> list[py.stmt]:
        return _by_name_stmts(gen, by_name_ir(prefs))
    return body


def _by_name_in_body(prefs: list[BotPref]) -> Callable[[G.Gen], list[py.stmt]]:
    def body(gen: G.Gen) -> list[py.stmt]:  # the zone's names gathered, then each name tested against them
        return gen.emit_ir((D.ZoneNames(),)) + _by_name_stmts(gen, by_name_ir(prefs, tested=True))
    return body


def _by_name_stmts(gen: G.Gen, ir: tuple[D.Node, ...]) -> list[py.stmt]:
    if not ir or type(ir[0]) is not D.BotContext or not gen.options.on("bot-reads-state"):
        return gen.emit_ir(ir)
    rest = gen.emit_ir(ir[1:])  # (the context's statements make no constant: emitted after, the same module)
    direct = _on_params(gen, rest)
    return direct if direct is not None else gen.emit_ir(ir[:1]) + rest


def _on_params(gen: G.Gen, stmts: list[py.stmt]) -> list[py.stmt] | None:
    """STMTS (by_name's, after the bot's context is found) reading its parameters `_st` and `_p` where they read
    that context's state and player (the emitter's marked `ctx.state`, `ctx.you`), which are the same: the
    context is the one for that state and seat. None when they read ctx for anything else (a call handed ctx,
    its names, `picked`): the context is then needed. A copy (the conditions' code may be shared with
    `_decide`'s), placed on the lines the statements had."""
    direct = {N.State: name(BY_NAME_PARAMS[1]), N.You: name(BY_NAME_PARAMS[2])}
    copies = [pytree.copy_listed(st) for st in stmts]

    def new_for(n: py.AST) -> py.AST | None:
        if type(n.value) is py.Name and n.value.id == CTX and type(n.ctx) is py.Load:
            to = direct.get(type(mark(n)))
            if to is not None:
                return py.copy_location(py.Name(to.id, py.Load()), n)
        return None
    for _, listed in copies:
        pytree.replace_children(listed, new_for, (py.Attribute,))
    out = [top for top, _ in copies]
    if any(type(n) is py.Name and n.id == CTX for n in pytree.walk_all(out)):
        return None
    new_of = {id(st): top for st, top in zip(stmts, out)}
    gen.placing[:] = [(new_of.get(id(st), st), ln) for st, ln in gen.placing]
    return out


def by_name_ir(prefs: list[BotPref], tested: bool = False) -> tuple[D.Node, ...]:
    """The body of by_name: the bot's context (only a rule with a condition reads it: `NAME; none;` tries
    the name at once), `picked` empty (one pick is made at a time), then each name in turn under its
    condition, a condition tested by more than one group kept in a local (TESTED: each name tried only when a
    card of the zone has it, TryName)."""
    out: list[D.Node] = [D.BotContext()] if any(p.cond is not None or p.reads_picked for p in prefs) else []
    if any(p.reads_picked for p in prefs):
        out.append(N.Let(N.Name("picked"), N.Cards(())))
    out += _subs(prefs)
    groups = _groups(prefs)
    seen = _repeated(groups)
    done: set = set()
    for head, members in groups:
        tries: list[D.Node] = []
        for p in members:
            if p.kind == "none":
                tries.append(N.Return(N.Const(None)))
                break
            tries.append(D.TryName(p.value, tested))
        if head.cond is None:
            out.append(D.Prefer(head.span, tuple(tries)))
            if p.kind == "none":
                return tuple(out)
            continue
        if head.shape in seen:  # met again later: kept in a local, tested once
            local = N.Var(name=seen[head.shape])
            first = head.shape not in done
            done.add(head.shape)
            out.append(D.Prefer(head.span, tuple(tries), _cond(head) if first else None, local))
        else:
            out.append(D.Prefer(head.span, tuple(tries), _cond(head)))
    out.append(N.Return(N.Const(None)))
    return tuple(out)


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
        return gen.emit_ir((decide_ir(gen, prefs),))
    return body


def decide_ir(gen: G.Gen, prefs: list[BotPref]) -> D.BotDecide:
    """decide's body: the yes/no answer, then the picks (ir/nodes_decisions.py BotDecide)."""
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
    weighs = any(p.kind in ("lowest", "highest") for p in picks)
    tries, ended = _prefs(groups, kept, gen.options.on("offered-first"))

    def unset(names: list[str]) -> tuple[D.Node, ...]:
        return tuple(N.Let(N.Var(name=n), N.Const(None)) for n in names)
    return D.BotDecide(_yesno(prefs), unset(across), unset(per_pick) + _subs(picks), tries, ended,
                       names=any(p.kind == "name" for p in picks), picked=any(p.reads_picked for p in picks),
                       weighed=WEIGHED if weighs else None)


def _subs(prefs: list[BotPref]) -> tuple[D.Node, ...]:
    """`_s0 = None`...: the shared calls' values, not computed yet for this pick."""
    names = sorted({s for p in prefs for s in p.subs})
    return tuple(N.Let(N.Var(name=n), N.Const(None)) for n in names)


def _yesno(prefs: list[BotPref]) -> tuple[D.Node, ...]:
    """A yes/no question: the first preference whose condition holds answers, yes only if it is `yes`."""
    last_yes = max((i for i, p in enumerate(prefs) if p.kind == "yes"), default=-1)
    out: list[D.Node] = list(_subs(prefs[:last_yes + 1])) if last_yes >= 0 else []
    for p in prefs[:last_yes + 1]:  # after the last `yes` every answer is no, as is the default
        answer = N.Return(N.Cards((N.Const(0),) if p.kind == "yes" else ()))
        out.append(D.Prefer(p.span, (answer,), _cond(p)))
        if p.cond is None:
            return tuple(out)
    out.append(N.Return(N.Cards(())))
    return tuple(out)


def _prefs(groups, kept: dict, offered_first: bool = False) -> tuple[tuple[D.Node, ...], bool]:
    """The preferences of one pick, in order (each group under its condition, kept in a local when KEPT says);
    and whether they end with one after which nothing is tried. OFFERED_FIRST (the pass `offered-first`): a
    group of names only under a condition that draws nothing tests first whether one of its names is offered,
    and its condition only then (kept conditions are computed when first needed, so none is missed later)."""
    out: list[D.Node] = []
    for head, members in groups:
        tries: list[D.Node] = []
        final = False  # a preference after which nothing is tried
        for p in members:
            if p.kind == "none":
                tries.append(D.PickNone())
                final = True
            elif p.kind == "name":
                tries.append(D.PickName(p.value))
            elif p.kind == "random":
                tries.append(D.PickRandom())
                final = True
            elif p.kind in ("lowest", "highest"):
                tries.append(D.PickWeighed(p.kind, N.Of(p.value)))
            if final:
                break
        if not tries:
            continue
        if head.cond is None:
            out.append(D.Prefer(head.span, tuple(tries)))
            if final:
                return tuple(out), True
            continue
        local = kept.get(head.shape)
        prefer = D.Prefer(head.span, tuple(tries), _cond(head), N.Var(name=local) if local else None,
                          lazy=local is not None)
        if offered_first and all(type(t) is D.PickName for t in tries) and not may_draw(head.shape):
            prefer = D.Prefer(head.span, (prefer,), D.NamesOffered(tuple(t.name for t in tries)))
        out.append(prefer)
    return tuple(out), False


def may_draw(cond_shape: Any) -> bool:
    """Might the condition of this shape (botgen.shape) draw from the game's randomness (a function that
    draws, `roll`, or one not known)? Such a condition is tested whenever it is reached, as written."""
    if isinstance(cond_shape, tuple):
        if len(cond_shape) > 1 and cond_shape[0] == "Func":
            prim = CORE.get(cond_shape[1])
            if prim is None or prim.kind != "function" or prim.draws:
                return True
        return any(may_draw(x) for x in cond_shape)
    return False
