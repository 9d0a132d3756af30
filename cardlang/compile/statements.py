"""Compile rules for statements: blocks (with their run-time positions), `let`, assignments to counters and
variables, if/repeat/while/for, `attack`, phases, `break`. Mixed into the `Compiler`.
"""
from __future__ import annotations

from typing import Callable

from cardlang.compile.scope import Scope, stmt_rule
from cardlang.errors import CardCompileError, RuleViolation, Span, did_you_mean
from cardlang.primitives.counting import compile_assign
from cardlang.primitives.types import ANY, CARD, CARDNAME, CARDNAMES, CARDS, INT, NUMBERS, PLAYER, PLAYERS, SLOT, SLOTS, Effect
from cardlang.primitives.values import _guard, _noop, _step
from cardlang.runtime import counters as C
from cardlang.runtime.state import BreakLoop, Ctx, IllegalAction
from cardlang.syntax import ast


class Statements:
    # ---- statements --------------------------------------------------------------------------------
    def block(self, node: ast.Block, scope: Scope) -> Effect:
        """Compile a block; compile errors are collected so that one run reports all of them.

        A runtime `IllegalAction` from any statement becomes a `RuleViolation` at that statement (calls
        wrap their own, more precisely); the index costs one addition per statement, not a frame.
        """
        fns: list[Effect] = []
        spans: list[Span] = []
        scope = scope.with_()
        for st in node.stmts:
            try:
                fns.append(self.stmt(st, scope))
                spans.append(st.span)
            except CardCompileError as e:
                self.errors.append(e)
                if isinstance(st, ast.Let):
                    scope.names.setdefault(st.name, ANY)  # one error, not one per later use
        if not fns:
            return _noop
        tup = tuple(fns)
        sp = tuple(spans)
        if len(fns) == 1:
            f1 = fns[0]

            def run_one(ctx: Ctx) -> None:
                try:
                    f1(ctx)
                except IllegalAction as e:
                    raise RuleViolation(f"{ctx.source or 'rules'}: {e}", sp[0]) from None
            return run_one

        def run_block(ctx: Ctx) -> None:
            i = 0
            try:
                for f in tup:
                    f(ctx)
                    i += 1
            except IllegalAction as e:
                raise RuleViolation(f"{ctx.source or 'rules'}: {e}", sp[i]) from None
        return run_block


    @stmt_rule
    def _(self, node: ast.Let, scope: Scope) -> Effect:
        ce = self.expr(node.value, scope)
        scope.names[node.name] = ce.type
        f, n = ce.fn, node.name

        def run_let(ctx: Ctx) -> None:
            ctx.vars[n] = f(ctx)
        return run_let

    @stmt_rule
    def _(self, node: ast.Assign, scope: Scope) -> Effect:
        target, op = node.target, node.op
        special = self.spec.counters.get(target[-1])
        if special is not None and (special.per_card or special.numbers) and not (
                len(target) == 1 and target[0] in scope.names):
            # `c.damage += 2;`, `dice -= picked;`: per-card and number-list counters
            return compile_assign(self, node, scope, special)
        value = self.coerce(self.expr(node.value, scope), INT, node.value.span) if op != "=" or \
            target[-1] in self.spec.counters else self.expr(node.value, scope).fn
        if len(target) == 1 and target[0] in scope.names:
            n = target[0]
            if op == "=":
                return _set_var(n, value)
            sign = 1 if op == "+=" else -1

            def run_add_var(ctx: Ctx) -> None:
                ctx.vars[n] = ctx.vars[n] + sign * value(ctx)
            return run_add_var
        cname = target[-1]
        cs = self.spec.counters.get(cname)
        if cs is None:
            hint = did_you_mean(cname, list(self.spec.counters) + list(scope.names))
            raise self.error(f"'{cname}' is not a counter or a variable", node.span,
                             hint=hint or "declare variables with `let NAME = ...;`")
        slot = cs.slot
        if len(target) == 2:
            pf = self.name(target[0], scope, node.span)
            if pf.type != PLAYER:
                raise self.error(f"'{target[0]}' is not a player", node.span)
            who = pf.fn
        else:
            who = (lambda ctx: ctx.you) if cs.per_player else (lambda ctx: None)
        span = node.span
        if op == "=":
            def run_set(ctx: Ctx) -> None:
                _guard(ctx, span, C.set_counter, ctx.state, slot, who(ctx), value(ctx), clamp=True)
            return run_set
        if op == "+=":
            def run_add(ctx: Ctx) -> None:
                p = who(ctx)
                state = ctx.state
                _guard(ctx, span, C.set_counter, state, slot, p, state.counter_value(slot, p) + value(ctx),
                       clamp=True)
            return run_add

        def run_sub(ctx: Ctx) -> None:
            p = who(ctx)
            state = ctx.state
            _guard(ctx, span, C.set_counter, state, slot, p, state.counter_value(slot, p) - value(ctx))
        return run_sub

    @stmt_rule
    def _(self, node: ast.If, scope: Scope) -> Effect:
        cond = self.expr(node.cond, scope).fn
        then = self.block(node.then, scope)
        if node.else_ is None:
            def run_if(ctx: Ctx) -> None:
                if cond(ctx):
                    then(ctx)
            return run_if
        other = self.block(node.else_, scope) if isinstance(node.else_, ast.Block) else self.stmt(node.else_, scope)

        def run_if_else(ctx: Ctx) -> None:
            if cond(ctx):
                then(ctx)
            else:
                other(ctx)
        return run_if_else

    @stmt_rule
    def _(self, node: ast.Repeat, scope: Scope) -> Effect:
        count = self.coerce(self.expr(node.count, scope), INT, node.count.span)
        body = self.block(node.body, scope.loop())
        span = node.span

        def run_repeat(ctx: Ctx) -> None:
            try:
                for _ in range(count(ctx)):
                    _step(ctx, span)
                    body(ctx)
            except BreakLoop:
                pass
        return run_repeat

    @stmt_rule
    def _(self, node: ast.While, scope: Scope) -> Effect:
        cond = self.expr(node.cond, scope).fn
        body = self.block(node.body, scope.loop())
        span = node.span

        def run_while(ctx: Ctx) -> None:
            try:
                while cond(ctx):
                    _step(ctx, span)
                    body(ctx)
            except BreakLoop:
                pass
        return run_while

    def _iterable(self, node: ast.Expr, scope: Scope) -> tuple[Callable, str]:
        ce = self.expr(node, scope)
        if ce.type in (PLAYERS, CARDNAMES):
            return ce.fn, (PLAYER if ce.type == PLAYERS else CARDNAME)
        if ce.type == PLAYER:
            return self.coerce(ce, PLAYERS, node.span), PLAYER
        if ce.type in (NUMBERS, SLOTS):
            f = ce.fn
            return (lambda ctx: list(f(ctx))), (INT if ce.type == NUMBERS else SLOT)
        cards = self.coerce(ce, CARDS, node.span)
        return (lambda ctx: list(cards(ctx))), CARD

    @stmt_rule
    def _(self, node: ast.For, scope: Scope) -> Effect:
        items, elem = self._iterable(node.iterable, scope)
        body = self.block(node.body, scope.loop().with_(**{node.var: elem}))
        var, span = node.var, node.span

        def run_for(ctx: Ctx) -> None:
            try:
                for x in items(ctx):
                    _step(ctx, span)
                    ctx.vars[var] = x
                    body(ctx)
            except BreakLoop:
                pass
        return run_for

    @stmt_rule
    def _(self, node: ast.Attack, scope: Scope) -> Effect:
        items, elem = self._iterable(node.iterable, scope)
        if elem != PLAYER:
            raise self.error("attack needs players to attack", node.iterable.span, hint="attack p in others { ... }")
        body = self.block(node.body, scope.with_(**{node.var: PLAYER}))
        var, span = node.var, node.span
        fire = self.fire_watchers

        def run_attack(ctx: Ctx) -> None:
            state = ctx.state
            for target in items(ctx):
                _step(ctx, span)
                saved = state.immune
                state.immune = False
                fire(ctx, "attack", target, {"attacker": ctx.you})
                hit = not state.immune
                state.immune = saved
                if hit:
                    ctx.vars[var] = target
                    body(ctx)
        return run_attack

    @stmt_rule
    def _(self, node: ast.Phase, scope: Scope) -> Effect:
        body = self.block(node.body, scope)
        name = node.name

        def run_phase(ctx: Ctx) -> None:
            state = ctx.state
            state.phase = name
            if state.log is not None or state.listeners:
                state.emit(("Phase", state.current, name))
            body(ctx)
        self.phases[name] = run_phase
        return run_phase

    @stmt_rule
    def _(self, node: ast.Simultaneous, scope: Scope) -> Effect:
        return self.registry.get("simultaneous").build(self, node, scope)

    @stmt_rule
    def _(self, node: ast.Break, scope: Scope) -> Effect:
        if not scope.in_loop:
            raise self.error("'break' outside a loop", node.span)

        def run_break(ctx: Ctx) -> None:
            raise BreakLoop()
        return run_break


def _set_var(n: str, value: Callable) -> Effect:
    def run_set_var(ctx: Ctx) -> None:
        ctx.vars[n] = value(ctx)
    return run_set_var

