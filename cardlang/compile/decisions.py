"""Compile rules for the player decisions: `choose` (cards, card names, players, numbers, slots), `choose one
of` options, `may`, and the texts they show (prompts with `{name}` filled in). Mixed into the `Compiler`.
"""
from __future__ import annotations

import ast as py
from typing import Any, Callable

from cardlang.compile import codegen as G
from cardlang.compile.ir import nodes as N
from cardlang.compile.ir import nodes_decisions as D
from cardlang.compile.ir import nodes_ops as NO
from cardlang.compile.ir.ce import ir_ce, ir_of
from cardlang.compile import hoist as H
from cardlang.compile import visibility as V
from cardlang.compile.scope import Scope, expr_rule, stmt_rule
from cardlang.compile.spec import GameSpec
from cardlang.errors import Span
from cardlang.primitives.types import CARD, CARDNAMES, CARDS, CE, INT, ZONE, NUMBERS, PLAYER, PLAYERS, SLOTS, TEXT, Effect
from cardlang.primitives.values import choice_bounds, noop, slot_labels, text_of
from cardlang.runtime.decisions import CHANCE, ask
from cardlang.runtime.state import Ctx, Decision, IllegalAction
from cardlang.syntax import ast


class Decisions:
    @expr_rule
    def _(self, node: ast.Choose, scope: Scope) -> CE:
        src = self.expr(node.source, scope)
        by, tag, prompt = self._opts(node.opts, scope, node.span, default_tag="choose")
        private = node.opts.private
        # options picked by what they are from a zone some seat cannot see (`hand where card is Spell`):
        # whether it is asked would tell the others whether one is there, so it is asked always, even with
        # nothing to pick (docs/language.md section 11, "Asked always")
        always = not private and V.held_state(self.spec, node.source, scope.held, scope.names) == V.PICKED
        q = node.quantity
        count = self.coerce(self.expr(q.count, scope), INT, q.count.span) if q.count is not None else None
        kind = q.kind
        if src.type in (PLAYERS, PLAYER):
            players = self.coerce(src, PLAYERS, node.source.span)

            def run_choose_player(ctx: Ctx) -> int:
                options = players(ctx)
                if not options:
                    raise IllegalAction("there is no player to choose")
                d = Decision(by(ctx), tag, prompt(ctx), "players", options, 1, 1, [f"p{p + 1}" for p in options],
                             private=private)
                return options[ask(ctx.state, d)[0]]
            return ir_ce(PLAYER, N.Call(run_choose_player, (), first="ctx"))
        if src.type == CARDNAMES:
            names_fn = src.fn

            def run_choose_name(ctx: Ctx) -> list:
                options = names_fn(ctx)
                lo, hi = choice_bounds(kind, count(ctx) if count else None, len(options))
                d = Decision(by(ctx), tag, prompt(ctx), "cards", options, lo, hi, [o.name for o in options],
                             private=private)
                return [options[i] for i in ask(ctx.state, d)]
            return ir_ce(CARDNAMES, N.Call(run_choose_name, (), first="ctx"))
        if src.type in (NUMBERS, SLOTS):  # a die to reroll; a slot of a grid to put a card in
            values_fn, vkind = src.fn, src.type
            label_of = _number_labels if vkind == NUMBERS else slot_labels

            def run_choose_value(ctx: Ctx) -> list:
                options = list(values_fn(ctx))
                lo, hi = choice_bounds(kind, count(ctx) if count else None, len(options))
                d = Decision(by(ctx), tag, prompt(ctx), vkind, options, lo, hi, None, private=private,
                             names=label_of)  # labels made if read
                picked = [options[i] for i in ask(ctx.state, d)]
                return tuple(picked) if vkind == NUMBERS else picked
            return ir_ce(src.type, N.Call(run_choose_value, (), first="ctx"))
        cards = self.coerce(src, CARDS, node.source.span)
        # (a private question too: its named pick is taken only when nobody reads the game, when asking a rule
        # bot a question with nothing to pick and not asking it look the same)
        find = self._named_option(node.source, scope) if kind == "up_to" and count is not None else None
        one = isinstance(q.count, ast.IntLit) and q.count.value == 1  # `up to 1`: no need to compute it
        by_you = node.opts.by is None
        # what needs no computing per decision: a count written as a number, a prompt with no {name} in it
        written = max(q.count.value, 0) if isinstance(q.count, ast.IntLit) else None
        text = getattr(prompt, "text", None)
        up_to, exactly = kind == "up_to", kind == "exactly"

        def ask_cards(ctx: Ctx, state) -> list[int]:  # the decision in full: every option, put to the player
            options = cards(ctx)
            n = len(options)
            if up_to or exactly:  # values.choice_bounds, inline
                c = written if written is not None else max(count(ctx) or 0, 0) if count else 0
                hi = c if c < n else n
                lo = hi if exactly else 0
            else:
                lo, hi = 0, n
            if hi == 0:  # nothing may be picked: not asked (as `ask` does), nothing to build; but a question
                # asked always is logged when someone reads the game, and a private one put to its player
                if private:
                    if _unread_by_rule(ctx, state, by_you, by):
                        return []
                elif not always or (state.log is None and not state.listeners):
                    return []
            d = Decision(ctx.you if by_you else by(ctx), tag, text if text is not None else prompt(ctx), "cards",
                         options, lo, hi, None, private=private, names=state.card_def,  # names read if asked
                         always=always)
            picks = ask(state, d)  # most answers pick one: no comprehension (a call of its own) for those
            if len(picks) == 1:
                return [options[picks[0]]]
            return [options[i] for i in picks] if picks else []

        # A bot that answers by naming cards tries just the names it prefers against the filter, instead of
        # building every option, when nobody reads the decision (no log, no listener): its `named_picks`
        # (compile/bots.py) give TAG's by_name(bot, state, player, find, where), or None when it answers TAG
        # from the full list.
        def named_pick(ctx: Ctx, state, p: int) -> list[int] | None:  # the bot's pick by name, if it has one
            agent = state.agents[p]
            named = getattr(agent, "named_picks", None)
            pick = named[tag] if named is not None else None
            if pick is None:
                return None
            if state.check is not None:  # a decision, answered by name: as runtime's `ask` does
                state.check.checkpoint(state, "before a decision")
            cid = pick(agent, state, p, find, ctx)
            return [] if cid is None else [cid]

        if find is None and kind in ("any", "up_to"):
            def run_choose(ctx: Ctx) -> list[int]:
                state = ctx.state
                if state.log is None and not state.listeners:  # (named_pick, for a pick of none)
                    p = ctx.you if by_you else by(ctx)
                    agent = state.agents[p] if p != CHANCE else None
                    named = getattr(agent, "named_picks", None)
                    pick = named[tag] if named is not None else None
                    if pick is not None and _picks_none(pick, agent, state, p, ctx):
                        if state.check is not None:  # a decision, answered by name: as runtime's `ask` does
                            state.check.checkpoint(state, "before a decision")
                        return []
                return ask_cards(ctx, state)
        elif find is None:
            def run_choose(ctx: Ctx) -> list[int]:
                return ask_cards(ctx, ctx.state)
        elif one and by_you:  # `choose up to 1 ...` by the effect's own player: the usual one, tested least
            def run_choose(ctx: Ctx) -> list[int]:
                state = ctx.state
                if state.log is None and not state.listeners:
                    p = ctx.you  # named_pick, inlined: no call of its own for most decisions of a game
                    agent = state.agents[p]
                    named = getattr(agent, "named_picks", None)
                    pick = named[tag] if named is not None else None
                    if pick is not None:
                        if state.check is not None:  # as in named_pick
                            state.check.checkpoint(state, "before a decision")
                        cid = pick(agent, state, p, find, ctx)
                        return [] if cid is None else [cid]
                return ask_cards(ctx, state)
        else:
            def run_choose(ctx: Ctx) -> list[int]:
                state = ctx.state
                if state.log is None and not state.listeners and (one or count(ctx) == 1):
                    p = ctx.you if by_you else by(ctx)
                    got = named_pick(ctx, state, p) if p != CHANCE else None
                    if got is not None:
                        return got
                return ask_cards(ctx, state)
        return ir_ce(CARDS, N.Call(run_choose, (), first="ctx"))

    def _named_option(self, source: ast.Expr, scope: Scope) -> Callable | None:
        """For `choose up to 1 from ZONE where COND` (or from `[ZONE, ZONE, ...] where COND`): find(ctx, NAME)
        gives the option of that name (the first card of a zone with it, a pile's top card, the zones in
        order) if COND lets it through, else None; None when the source has another shape. Which option a
        name gives is the one a full list of options would have (its earliest of that name)."""
        if not isinstance(source, ast.Where):
            return None
        several = isinstance(source.source, ast.ListLit)
        items = source.source.items if several else (source.source,)
        # From several zones, only when one holds piles (known by its declaration): a zone of piles lists its
        # options by walking every pile, where a name is one lookup; through zones of no piles each name tried
        # is a scan of them all, costlier than listing the options once (measured with tools/benchmark.py
        # --instructions: eight names tried through three zones of no piles cost more than the full question)
        if several and not any(isinstance(i, ast.NameRef) and i.name in self.spec.zones
                               and self.spec.zones[i.name].piles and i.name not in scope.names for i in items):
            return None
        zces = [self.expr(i, scope) for i in items]
        if not zces or any(z.type != ZONE for z in zces):
            return None
        zfs = [z.fn for z in zces]
        cond_ce = self.expr(source.cond, scope.with_(card=CARD))
        if all(z.code is not None for z in zces) and cond_ce.code is not None:
            return self._find_fn(zces, cond_ce, source.span)
        cond = cond_ce.fn

        def find(ctx: Ctx, name: str) -> int | None:
            state = ctx.state
            vars_ = ctx.vars
            saved = vars_.get("card")
            try:
                for zf in zfs:
                    zone = zf(ctx)
                    if zone.spec.piles and zone.pile is None:  # a pile zone offers the top card of each pile
                        pile = state.piles.get((zone.spec.slot, name))
                        found = [pile.cards[-1]] if pile is not None and pile.cards else []
                    else:
                        defs = state.card_def
                        found = [c for c in zone.cards if defs[c].name == name]
                    for c in found:
                        vars_["card"] = c
                        if cond(ctx):
                            return c
                return None
            finally:
                vars_["card"] = saved
        return find

    def _find_fn(self, zces: list[CE], cond_ce: CE, span: Span) -> Callable:
        """`find` as one generated function, the filter inlined, reading `card` as a local (and in ctx.vars too
        only when COND hands ctx to a compiled function): the IR's `NamedOption` (compile/ir/emit_decisions.py
        shows its code)."""
        def body(gen: G.Gen) -> list[py.stmt]:
            zones = tuple(N.Py(gen.expr(z)) for z in zces)  # (the zones' code made before COND's: the order the
            # generated names follow)
            card = D.Local("_c")
            gen.bind_local("card", card.name)  # COND reads `card` as the local; ctx.vars gets it only when
            # COND hands ctx to a compiled function (which reads it there); only shapes the code, so not asked
            # when only the namespace is wanted (nor without the pass: compile/passes.py)
            kept = H.escapes(gen.expr(cond_ce), gen) if not gen.replay and gen.options.on("unread-stores") else True
            return gen.emit_ir((D.NamedOption(zones, N.Of(cond_ce), D.Local("_name"), card, kept),))
        g, fns = G.build_functions(f"{self.gen_label}: the option of a name", span, [("run_find", (G.CTX, "_name"),
                                                                                      body)],
                                   log=self.code_log, options=self.options)
        self.add_generated(g)
        return fns["run_find"]

    def _opts(self, opts: ast.ChooseOpts, scope: Scope, span: Span, default_tag: str):
        if _is_chance(opts.by, scope, self.spec):
            by = _by_chance  # `by chance`: the game's RNG picks (a scenario scripts it like any answer)
        else:
            by = (self.coerce(self.expr(opts.by, scope), PLAYER, opts.by.span) if opts.by is not None
                  else (lambda ctx: ctx.you))
        tag = opts.tag or default_tag
        if opts.prompt is None or "{" not in opts.prompt:
            text = tag.replace("_", " ") if opts.prompt is None else opts.prompt
            prompt = lambda ctx: text  # noqa: E731
            prompt.text = text  # type: ignore[attr-defined]  # the same every time: a caller may take it as it is
        else:
            prompt = self._interpolate(opts.prompt, scope, span)
        return by, tag, prompt

    def _interpolate(self, text: str, scope: Scope, span: Span) -> Callable[[Ctx], str]:
        """`"Set aside {c}?"`: names in braces are looked up when the text is shown."""
        return self.text(text, scope, span).fn

    def text(self, text: str, scope: Scope, span: Span) -> CE:
        """The text TEXT written with names in braces (`"Set aside {c}?"`), each shown as its value is."""
        import re
        parts: list[Any] = []
        pos = 0
        for m in re.finditer(r"\{([A-Za-z_][A-Za-z0-9_]*)\}", text):
            parts.append(text[pos:m.start()])
            parts.append(self.name(m.group(1), scope, span))
            pos = m.end()
        parts.append(text[pos:])
        node = NO.Text(tuple(p if isinstance(p, str) else (ir_of(p), p.type) for p in parts), text_of)
        return ir_ce(TEXT, node)

    @stmt_rule
    def _(self, node: ast.ChooseOption, scope: Scope) -> Effect:
        by, tag, prompt = self._opts(node.opts, scope, node.span, default_tag="choose")
        private = node.opts.private
        labels = [o.label for o in node.options]
        # each condition one call (a generated function, even for one comparison: `honor > 0` as closures is
        # three calls, and a choice tests every option's condition each time it is made)
        ces = [self.expr(o.cond, scope) if o.cond is not None else None for o in node.options]
        legal_of = self._legal_fn(ces, node.span) if self.options.on("options-at-once") else None
        conds = [self.as_fn(ce, least=1) if ce is not None else None for ce in ces] if legal_of is None else []
        # every option may be ruled out by cards some seat cannot see: then it is asked always (as for cards)
        always = not private and all(o.cond is not None for o in node.options) and any(
            V.reads_hidden(self.spec, o.cond, scope.held, scope.names) for o in node.options)
        bodies = [self.block(o.body, scope) for o in node.options]
        by_you, text = node.opts.by is None, getattr(prompt, "text", None)

        def label_of(legal: list[int]) -> list[str]:  # the legal options' labels, when someone reads them
            return [labels[i] for i in legal]

        def find(legal: list[int], name: str) -> int | None:  # the legal option of that label, for a bot
            for i in legal:
                if labels[i] == name:
                    return i
            return None

        def run_choose_option(ctx: Ctx) -> None:
            if legal_of is not None:
                legal = legal_of(ctx)
            else:
                legal = []
                for i, c in enumerate(conds):  # a loop, not a comprehension: one call fewer per decision
                    if c is None or c(ctx):
                        legal.append(i)
            state = ctx.state
            if not legal:
                if always and (state.log is not None or state.listeners):
                    ask(state, Decision(ctx.you if by_you else by(ctx), tag, "", "options", [], 0, 1, [], always=True))
                return
            p = ctx.you if by_you else by(ctx)
            if not private and p != CHANCE and state.log is None and not state.listeners:
                # a bot that answers by naming options tries just those against the legal ones, as for cards
                # (run_choose): its pick, else the first legal option, is what `decide` gives (one is needed)
                agent = state.agents[p]
                named = getattr(agent, "named_picks", None)
                pick = named[tag] if named is not None else None
                if pick is not None:
                    if state.check is not None:  # a decision, answered by name: as runtime's `ask` does
                        state.check.checkpoint(state, "before a decision")
                    i = pick(agent, state, p, find, legal)
                    bodies[legal[0] if i is None else i](ctx)
                    return
            d = Decision(p, tag, text if text is not None else prompt(ctx), "options", legal, 1, 1, None,
                         private=private, names=label_of)
            bodies[legal[ask(state, d)[0]]](ctx)
        return run_choose_option

    def _legal_fn(self, ces: list[CE | None], span: Span) -> Callable | None:
        """The legal options of a `choose one of` (indices, in order) as one generated function testing every
        condition in turn (CES: each option's, None for an option always offered), instead of a call per
        condition: `_legal = []; if COND0: _legal.append(0); ...; return _legal`. None when a condition has no
        code to inline, or none is written."""
        if all(ce is None for ce in ces) or any(ce is not None and ce.code is None for ce in ces):
            return None

        def body(gen: G.Gen) -> list[py.stmt]:
            return gen.emit_ir((D.ReturnLegal(tuple(N.Of(ce) if ce is not None else None for ce in ces)),))
        g = G.build_function(f"{self.gen_label}: the legal options", span, body, "run_legal", log=self.code_log,
                             options=self.options)
        self.add_generated(g)
        return g.fn

    @stmt_rule
    def _(self, node: ast.May, scope: Scope) -> Effect:
        by, tag, prompt = self._opts(node.opts, scope, node.span, default_tag="may")
        private = node.opts.private
        if node.prompt is not None:
            prompt = self._interpolate(node.prompt, scope, node.span)
        body = self.block(node.body, scope)
        other = self.block(node.else_, scope) if node.else_ is not None else noop
        by_you, text = node.opts.by is None, getattr(prompt, "text", None)

        def run_may(ctx: Ctx) -> None:
            d = Decision(ctx.you if by_you else by(ctx), tag, text if text is not None else prompt(ctx), "yesno",
                         ["yes"], 0, 1, ["yes"], private=private)
            if ask(ctx.state, d):
                body(ctx)
            else:
                other(ctx)
        return run_may


_NAMED = object()  # what _no_find gives: not None, so a pick by name returns it at the first name it tries


def _no_find(where, name: str) -> object:
    return _NAMED


def _picks_none(pick: Callable, agent, state, p: int, ctx: Ctx) -> bool:
    """Does the bot's pick by name, PICK, come to `none` (or to the end of its rule) without naming a card?
    Then its `decide` picks nothing first, and so nothing at all, from a choice that needs no card (any or up
    to N): the answer is known without building the options. False when it names one (put in full): the
    first name it tries is "found" (_no_find), and a pick returns what it finds at once (an exception there
    cost more than the rest of the test)."""
    return pick(agent, state, p, _no_find, ctx) is None


def _is_chance(by: ast.Expr | None, scope: Scope, spec: GameSpec) -> bool:
    return (isinstance(by, ast.NameRef) and by.name == "chance" and "chance" not in scope.names
            and "chance" not in spec.zones and "chance" not in spec.counters)


def _number_labels(numbers) -> list[str]:
    return [str(o) for o in numbers]


def _by_chance(ctx: Ctx) -> int:
    return CHANCE


def _unread_by_rule(ctx: Ctx, state, by_you: bool, by) -> bool:
    """A private question with nothing to pick, which nobody reads (no log, no listener), put to a bot that
    answers by rule: its answer is none, and asking it would build what nobody reads."""
    if state.log is not None or state.listeners:
        return False
    p = ctx.you if by_you else by(ctx)
    return p != CHANCE and hasattr(state.agents[p], "named_picks")
