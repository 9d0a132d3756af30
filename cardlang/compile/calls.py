"""Compile rules for calls: core verbs bound against their parameters (with outcome blocks), the game's own
verbs (with the nesting limit), `trigger` with named values. Abilities and zone watchers are resolved at play
time by runtime/abilities.py, which the compiled calls name. Mixed into the `Compiler`.
"""
from __future__ import annotations

import ast as py
import functools
from typing import Any, Callable

from cardlang.compile import codegen as G
from cardlang.compile.ir import emit as E
from cardlang.compile import reacting as R_
from cardlang.compile.codegen import Code
from cardlang.compile.lift import lifted
from cardlang.compile.ir import nodes as N
from cardlang.compile.ir import nodes_calls as C
from cardlang.compile.ir.ce import ir_ce, ir_of
from cardlang.compile.primitive_code import PrimitiveCall
from cardlang.compile import visibility as V
from cardlang.compile.codecache import fact
from cardlang.compile.scope import Scope, stmt_rule
from cardlang.compile.statements import _unwritten, kept_in_locals
from cardlang.errors import did_you_mean
from cardlang.primitives import registry as R
from cardlang.primitives.claim_inline import InlineCases
from cardlang.primitives.registry import Bound
from cardlang.primitives.types import (ANY, BOOL, CARD, CARDNAME, CARDNAMES, CARDS, CE, INT, PLAYER, PLAYERS, TEXT, ZONE, Effect,
                                       LeavesNames, leaves_names,
                                       article as _article)
from cardlang.primitives.values import NothingChosen, NothingToActOn
from cardlang.runtime.abilities import Abilities
from cardlang.runtime.acts import told_verb
from cardlang.syntax import ast
from cardlang.syntax.walk import nodes as walk_nodes

# The largest verb that may run inside itself whose statements a call runs in place (pass nested-in-place), in
# nodes of its source and of the verbs it runs in place (the source: a cached load generates no code to measure):
# a card game's `play` of a few lines has 18; with no limit, a fresh compile of the shipped games took up to 23%
# more calls, their longer such verbs copied into every caller.
_NESTED_IN_PLACE_NODES = 18


def _refuse_you_after_switch(compiler, node: ast.Call, player: ast.Expr) -> None:
    """`VERB ... X=you for P;`: the arguments are worked out after the switch, so that `you` is P, not the
    caller, and the call silently acts on the wrong side (a defending card turned on its own player). Only
    `for you` leaves `you` as it was; anywhere else, refuse it and say how to keep the caller."""
    if isinstance(player, ast.NameRef) and player.name == "you":
        return
    for arg in list(node.args) + [kw.value for kw in node.kwargs if kw.key != "for"]:
        for n in walk_nodes(arg):
            if isinstance(n, ast.NameRef) and n.name == "you":
                raise compiler.error(
                    "'you' in an argument of a call made 'for' another player is that player, not the caller "
                    "(the arguments are worked out after the switch)", n.span,
                    hint="keep the caller in a 'let' first: 'let me = you;' and pass 'me'")


# An ability runs in a context of its own (its card, the values it is handed as its names): it reads no names of
# the code that triggers it (compile/names.py).
leaves_names(Abilities.run_ability)


class Calls:
    @stmt_rule
    def _(self, node: ast.Call, scope: Scope) -> Effect:
        if node.verb == "reveal":  # what is revealed is public: a question offering it tells nothing more
            for a in node.args:
                if isinstance(a, ast.NameRef) and a.name in scope.held:
                    scope.held[a.name] = V.NONE
        as_player = None
        kwargs = list(node.kwargs)
        for kw in kwargs:
            if kw.key == "for":
                as_player = self.coerce_ce(self.expr(kw.value, scope), PLAYER, kw.value.span)
                kwargs.remove(kw)
                _refuse_you_after_switch(self, node, kw.value)
                break
        if node.verb in self.spec.verbs:
            if node.cases:
                raise self.error(f"'{node.verb}' is a verb of this game; only core verbs with outcomes take "
                                 "outcome blocks", node.cases[0].span, hint="end the call with ';'")
            run = self._call_user_verb(node, kwargs, scope)
        else:
            prim = self.registry.get(node.verb)
            if prim is None or prim.kind == "function":
                if prim is not None:
                    raise self.error(f"'{node.verb}' is a function; use it inside an expression", node.span)
                names = [p.verb for p in self.registry.all() if p.kind == "verb"] + list(self.spec.verbs)
                raise self.error(f"unknown verb '{node.verb}'", node.span, hint=did_you_mean(node.verb, names))
            if prim.verb in SCENARIO_ONLY and not scope.scenario:
                raise self.error(f"'{prim.verb}' is for scenario files only", node.span)
            if node.verb == "trigger" and (len(kwargs) > 0 or len(node.args) == 2) and \
                    self._trigger_special(node, kwargs, scope):
                run = self._trigger(node, kwargs, scope)
            else:
                if node.verb == "trigger" and node.args and isinstance(node.args[0], ast.NameRef):
                    self.trigger_sites.setdefault(node.args[0].name, {}).setdefault("cards", []).append(node.span)
                bound = self.bind(prim.params, node, kwargs, scope)
                bound.cases = self._cases(prim, node, scope)
                # run(ctx, ARG...) with the arguments' code inlined, or the verb's lowered code
                run = PrimitiveCall(prim, bound, self, tuple(self.spec.zones.values()))
        # The block's line table reports a run-time error at this call's span (codegen.py); a card argument
        # from an empty pick makes the call do nothing (`Skip`); `... for p;` runs it as that player, on this
        # same context (`AsPlayer`: the call sees the caller's names, card and source, as a player's own)
        inner = run.node if isinstance(run, (PrimitiveCall, IrCall)) else N.Do(N.Call(run, first="ctx"))
        if as_player is None:
            return G.of_ir(C.Skip((inner,)))
        # a call that acts only for cards reacting to an event, made for a player read without effect of no
        # `you`, looks for a card that reacts before it switches players: most find none (the pass react-first)
        within = None
        if getattr(run, "within", None) is not None:
            def within(gen: G.Gen, player: py.expr, switched: Callable, inner_within=run.within):
                if R_.free_read(player) and gen.options.on("react-first"):
                    return inner_within(gen, switched)
                return None
        switched = C.Skip((C.AsPlayer(ir_of(as_player), (inner,), within),))
        return G.of_ir(switched)

    def _trigger_special(self, node: ast.Call, kwargs: list[ast.Kwarg], scope: Scope) -> bool:
        """Does this `trigger` pass named values, or name a card definition rather than cards in play?"""
        if any(kw.key not in ("event", "what") for kw in kwargs):
            return True
        return len(node.args) == 2 and self.expr(node.args[1], scope).type == CARDNAME

    def _trigger(self, node: ast.Call, kwargs: list[ast.Kwarg], scope: Scope) -> "IrCall":
        """`trigger EVENT WHAT NAME=VALUE...`: run each card's `on EVENT` with NAME bound to VALUE in it.
        WHAT may be a card name: that definition's ability runs with no card in play (`this` is nothing)."""
        if len(node.args) != 2 or not isinstance(node.args[0], ast.NameRef):
            raise self.error("trigger takes an event and the cards: trigger use c target=t;", node.span)
        event = node.args[0].name
        what = self.expr(node.args[1], scope)
        known = self.event_args.setdefault(event, {})
        value_ces: list[tuple[str, CE]] = []
        for kw in kwargs:
            if kw.key in ("event", "what"):
                raise self.error(f"'{kw.key}' is given twice", kw.span)
            ce = self.expr(kw.value, scope)
            t = CARDS if ce.type == CARD else ce.type
            if known.get(kw.key, t) != t:
                raise self.error(f"'{kw.key}' is passed to '{event}' as {_article(t)} here and as "
                                 f"{_article(known[kw.key])} elsewhere", kw.span)
            known[kw.key] = t
            value_ces.append((kw.key, self.coerce_ce(ce, t, kw.value.span)))
        run_ability = self.run_ability
        self.trigger_sites.setdefault(event, {}).setdefault("name" if what.type == CARDNAME else "cards",
                                                            []).append(node.span)
        names, values = tuple(k for k, _ in value_ces), tuple(ir_of(v) for _, v in value_ces)
        if what.type == CARDNAME:
            return IrCall(C.Trigger(event, None, names, values, run_ability, ir_of(what)))
        cards_ce = self.coerce_ce(what, CARDS, node.args[1].span)
        events = self.spec.card_events
        dead = not names and events is not None and event not in events and self.options.on("dead-triggers")
        node = C.Trigger(event, ir_of(cards_ce), names, values, run_ability, dead=dead)
        return IrCall(node, R_.trigger_within(run_ability, event, cards_ce, value_ces))

    def _inlines_cases(self, body: ast.Block) -> bool:
        """Does BODY hold a call whose outcome blocks its verb may run in place (the pass claim-inline)?"""
        if not self.options.on("claim-inline"):
            return False
        for n in walk_nodes(body):
            if type(n) is ast.Call and n.cases:
                prim = self.registry.get(n.verb)
                if prim is not None and prim.inline_cases:
                    return True
        return False

    def _cases(self, prim: R.Primitive, node: ast.Call, scope: Scope) -> dict[str, Effect] | InlineCases:
        """Compile a call's outcome blocks (`honest { ... }`), with the names the verb binds for them: each a
        function, or all as statements to inline (InlineCases)."""
        if not node.cases:
            return {}
        if not prim.cases:
            raise self.error(f"'{node.verb}' has no outcomes to write blocks for", node.cases[0].span,
                             hint="end the call with ';'")
        inner = scope.with_(**{n: _param_type(t) for n, t in prim.binds})
        # the pass claim-inline: the blocks as statements the verb's lowering runs in place, where no enclosing
        # block has a name the verb binds (which the reference puts back after the blocks)
        inline = prim.inline_cases and self.options.on("claim-inline") and \
            self.options.on("lower") and not any(n in scope.names for n, _ in prim.binds)
        out: dict[str, Any] = {}
        for case in node.cases:
            if case.name not in prim.cases:
                raise self.error(f"'{node.verb}' has no outcome '{case.name}'", case.span,
                                 hint=did_you_mean(case.name, prim.cases) or f"outcomes: {', '.join(prim.cases)}")
            out[case.name] = self.block_items(case.body, inner) if inline else self.block(case.body, inner)
        return InlineCases(out, tuple(n for n, _ in prim.binds)) if inline else out

    def bind(self, params: tuple[R.Param, ...], node: ast.Call, kwargs: list[ast.Kwarg], scope: Scope) -> Bound:
        """Bind a call's arguments to parameters: positional in order, then by name or preposition."""
        b = Bound()
        given: dict[str, ast.Expr] = {}
        positional = [p for p in params]
        if len(node.args) > len(params):
            raise self.error(f"'{node.verb}' takes at most {len(params)} argument(s), got {len(node.args)}",
                             node.args[len(params)].span, hint=self._usage(node.verb))
        for p, a in zip(positional, node.args):
            given[p.name] = a
        for kw in kwargs:
            match = [p for p in params if p.accepts(kw.key)]
            if not match:
                raise self.error(f"'{node.verb}' has no '{kw.key}' argument", kw.span, hint=self._usage(node.verb))
            p = match[0]
            if p.name in given:
                raise self.error(f"'{p.name}' is given twice", kw.span)
            given[p.name] = kw.value
        for p in params:
            if p.name not in given:
                if p.required:
                    raise self.error(f"'{node.verb}' needs its '{p.name}' argument ({p.type})", node.span,
                                     hint=self._usage(node.verb))
                b.consts[p.name] = p.default
                b.values[p.name] = None
                continue
            a = given[p.name]
            if p.type == R.NAME:
                if not isinstance(a, ast.NameRef) or lifted(a):  # (a choice is no plain word, lifted or not)
                    raise self.error(f"'{p.name}' must be a plain word", a.span)
                b.consts[p.name] = a.name
                b.values[p.name] = a.name
                continue
            ce = self.expr(a, scope)
            bound = self.coerce_ce(ce, _param_type(p.type), a.span)
            if _param_type(p.type) == CARDNAME and ce.type in (CARDS, ZONE, CARDNAMES):
                bound = _card_argument(self, ce, bound, a.span)  # an empty pick: the call does nothing
            b.values[p.name] = bound  # (its function made only if a caller asks: fn_of)
            b.exprs[p.name] = bound
            if isinstance(a, ast.IntLit):
                b.consts[p.name] = a.value
        return b

    def _usage(self, verb: str) -> str | None:
        prim = self.registry.get(verb)
        if prim is not None and prim.example:
            return f"for example: {prim.example}"
        if verb in self.spec.verbs:
            v = self.spec.verbs[verb]
            return "usage: " + verb + " " + " ".join(p.name if p.default is None else f"[{p.name}=...]"
                                                     for p in v.params)
        return None

    def _call_user_verb(self, node: ast.Call, kwargs: list[ast.Kwarg], scope: Scope) -> Effect:
        decl = self.spec.verbs[node.verb]
        # A zone parameter may also be given with `to`/`into`, as with the core verbs: `gain X to hand`.
        params = tuple(R.Param(p.name, _user_type(p.type), p.default, p.default is None,
                               aliases=(p.name,) + (("to", "into") if p.type == "zone" else ()))
                       for p in decl.params)
        b = self.bind(params, node, kwargs, scope)
        defaults: dict[str, CE] = {}  # (with their code: a default zone is `ctx.state.zones[SLOT][ctx.you]`)
        for p in decl.params:
            if b.values[p.name] is None and p.default is not None:
                ce = self.expr(p.default, Scope())
                defaults[p.name] = self.coerce_ce(ce, _user_type(p.type), p.default.span)
        exprs = {k: b.exprs[k] if b.values[k] is not None else defaults[k] for k in b.values}
        verb_fns, told_fns = self.verb_fns, self.told_fns
        name = node.verb
        verb_span, call_span = decl.span, node.span
        flat = self.flat_verbs
        # (the verbs are recorded as they are compiled: a call compiled before its verb calls it, however
        # often its code is generated again, as when `cardlang compile` prints a cached load's)
        inline = self.verb_inline.get(name)
        if inline is not None and inline[3] and getattr(self, "verb_params", ()):
            # a verb of no parameters whose code uses names, run in place in a verb that has parameters, would
            # make that verb build a table of its names for every call (codegen.build): called instead
            inline = None

        node = C.CallVerb(name, tuple(ir_of(e) for e in exprs.values()), verb_fns, told_fns, name in flat,
                          (verb_span, call_span), inline)  # (emitted by ir/emit_calls.py)
        return IrCall(node)

    def compile_verbs(self) -> None:
        """Compile the bodies of the game's own verbs (after all signatures are known: verbs may recurse), each
        after the verbs it calls where no cycle forbids it (callees_first): a call may then run its verb's
        statements in place (verb_inline), which it can only where the verb was compiled before it."""
        sizes: dict[str, int] = {}

        def size(verb: str) -> int:
            """VERB's source nodes, with those of the verbs its calls run in place (those compiled before it)."""
            if verb not in sizes:
                sizes[verb] = sum(1 + (size(n.verb) if type(n) is ast.Call and n.verb in self.verb_inline else 0)
                                  for n in walk_nodes(self.spec.verbs[verb].body))
            return sizes[verb]
        # (the order is the sources' alone: a fact the load's artifact keeps, compile/codecache.py; one that is
        # not an order of these verbs is found again, and a wrong order makes the artifact stale at its modules)
        order = fact(self.code_log, "verb order", lambda: callees_first(self.spec.verbs))
        if type(order) is not list or sorted(order) != sorted(self.spec.verbs):
            order = callees_first(self.spec.verbs)
        for name in order:
            decl = self.spec.verbs[name]
            names = {p.name: _user_type(p.type) for p in decl.params}
            self.gen_label = f"verb {name}"
            params = tuple(names)
            self.verb_params = params  # (the calls in its body ask: a verb's in place, above)
            try:
                fn, items, g = self.block_built(decl.body, Scope(names, in_card=True), params)
            finally:
                self.verb_params = ()
            self.verb_fns[name] = fn
            self.told_fns[name] = told_verb(name, tuple((p.name, p.type) for p in decl.params), fn)
            # (one that may run inside itself only when its code is short: each call gets a copy, and the long
            # ones are called from many places, where a copy costs more compiling than its call costs running)
            # (nor one whose claims run their outcome blocks in place, pass claim-inline: those blocks are much of
            # a game's rules, and a copy at each call made a function of thousands of locals, which every call
            # of it sets up and clears: a shipped game's turn ran 1.5 times slower so)
            def in_place(name=name, decl=decl, params=params) -> bool:
                runs_nested = name not in self.flat_verbs and self.options.on("nested-in-place") and \
                    size(name) <= _NESTED_IN_PLACE_NODES
                return (name in self.flat_verbs or runs_nested) and _unwritten(decl.body, params) == params \
                    and not self._inlines_cases(decl.body)
            # (two walks of the verb's body, found from the sources alone: a fact the load's artifact keeps)
            if fact(self.code_log, f"verb {name} in place", in_place) is True and g is not None and \
                    (not g.uses_names or not params):
                # its code needs no names in ctx.vars, or it has no parameters and so no table of its own (it
                # runs on its caller's, in place as when called): a call may run the same statements in place
                # (a verb that may run inside itself with the nesting counted around them: nested_in_place.py)
                # (the names it keeps in locals: found only when a call is emitted in place, never in a cached
                # load, which emits nothing: an analysis of the verb's whole body, a tenth of such a load)
                kept = functools.cache(functools.partial(kept_in_locals, decl.body, self.options.on("decide-inline"),
                                                         self.eager_call))
                self.verb_inline[name] = (items, kept, params, g.uses_names)


def callees_first(verbs: dict[str, ast.VerbDecl]) -> list[str]:
    """The game's VERBS in the order to compile them: each after those it calls (depth first, in the order they
    are declared and called), a cycle of calls broken where it closes."""
    out: list[str] = []
    state: dict[str, bool] = {}  # name -> done (False: on the path being followed)

    def visit(name: str) -> None:
        state[name] = False
        for n in walk_nodes(verbs[name].body):
            if isinstance(n, ast.Call) and n.verb in verbs and n.verb not in state:
                visit(n.verb)
        state[name] = True
        out.append(name)
    for name in verbs:
        if name not in state:
            visit(name)
    return out


class IrCall(Code):
    """A call built as IR (NODE, emitted through gen.emit_ir); WITHIN, for a call that acts only for cards
    reacting to an event: its code with the switch of a `for P` around only what runs for such a card
    (reacting.Reacting), or None."""

    __slots__ = ("within",)

    def __init__(self, node: N.Node, within: Callable | None = None) -> None:
        super().__init__(lambda gen: gen.emit_ir((node,)), node)
        self.within = within


class VerbTable(dict, LeavesNames):
    """The game's verb bodies by name. Generated code calls an entry with ctx.vars set to that call's own
    arguments (put back after), so a verb never reads its caller's names (names.hands_names)."""


SCENARIO_ONLY = {"given", "expect", "answer", "run", "expect_log", "as_player"}


def _card_argument(comp, ce: CE, bound: CE, span) -> CE:
    """A card-name argument taken from a pick (`buy c`, c a choice of cards): its first card's definition;
    none, and the call does nothing (`NothingToActOn`). As code when the cards are read without a call (a
    name): `first_card_def(ctx.state, CARDS)`, inline for a local (the call only for none); else the checked
    function."""
    fn = _card_argument_fn(comp, bound)
    if ce.type != CARDS:
        return ir_ce(bound.type, N.Call(fn, (), first="ctx"))
    cards = comp.coerce_ce(ce, CARDS, span)

    def code(g: G.Gen) -> py.expr:
        items = g.expr(cards)
        if any(isinstance(n, py.Call) for n in py.walk(items)):  # something inside might find nothing chosen
            return g.call_fn(fn)
        if isinstance(items, py.Name):  # a local, read again for free: ctx.state.card_def[C[0]] if C else (call)
            first = G.subscript(E.card_defs(), G.subscript(G.name(items.id), G.const(0)))
            return py.IfExp(items, first, g.apply(first_card_def, [G.name(items.id)]))
        return g.apply(first_card_def, [items])
    return CE(bound.type, code=code)


def _card_argument_fn(comp, bound: CE) -> Callable:
    """`def run_card_argument(ctx): try: return BOUND except NothingChosen: raise NothingToActOn() from None`:
    the card-name argument BOUND, whose pick found nothing, makes the call it belongs to do nothing. Generated
    (not a closure around BOUND's function), so that a cached module calling it links (compile/codecache.py)."""
    def body(gen: G.Gen) -> list[py.stmt]:
        nothing = py.Raise(py.Call(gen.const(NothingToActOn), [], []), py.Constant(None))
        return [py.Try([py.Return(gen.expr(bound))], [py.ExceptHandler(gen.const(NothingChosen), None, [nothing])],
                       [], [])]
    return G.build_function("a card argument", None, body, "run_card_argument", log=comp.code_log,
                            options=comp.options).fn


def first_card_def(state, cards: list[int]):
    """The definition of the first of CARDS, the card a call names; none, and the call does nothing."""
    if not cards:
        raise NothingToActOn()
    return state.card_def[cards[0]]


def _param_type(t: str) -> str:
    return {R.INT: INT, R.BOOL: BOOL, R.STR: TEXT, R.CARDS: CARDS, R.CARDNAME: CARDNAME, R.ZONE: ZONE,
            R.PLAYER: PLAYER, R.PLAYERS: PLAYERS, R.ANY: ANY, R.CARDNAMES: CARDNAMES}.get(t, ANY)


def _user_type(t: str | None) -> str:
    return {"int": INT, "cards": CARDS, "card": CARDNAME, "zone": ZONE, "player": PLAYER, "players": PLAYERS,
            "text": TEXT, None: ANY}.get(t, ANY)
