"""Compile rules for the player decisions: `choose` (cards, card names, players, numbers, slots), `choose one
of` options, `may`, and the texts they show (prompts with `{name}` filled in). Mixed into the `Compiler`.

Each decision is built as IR (ir/nodes_ask.py: asked in the generated function itself, the names it reads
from there, its blocks inlined) when the pass `decide-inline` is on; its reference is a call of its reference
run (compile/decision_runs.py, which the code asked in place is checked against) over the options' code, with
the parts it reads only when it asks (who is asked, the prompt, and for a choice a bot may answer first, its
options and count) as generated functions and the blocks of `choose one of` and `may` as the functions of
those blocks: what every decision is with the pass off. No closure is made for a decision. With the pass on,
a choice in expression position is asked by a `let` of its own name (compile/lift.py) wherever its statement
evaluates it unconditionally; only a conditional one (the right of `or`, inside another choice, ...) still
calls its reference, a generated function returning that call, made, with the functions it passes, only when
code calls it (`A.Reference`, when the emitter reaches such a choice). A text with `{name}` in it is IR always.
"""
from __future__ import annotations

import ast as py
from typing import Any, Callable

from cardlang.compile import codegen as G
from cardlang.compile.ir import nodes as N
from cardlang.compile.ir import nodes_ask as A
from cardlang.compile.ir import nodes_decisions as D
from cardlang.compile.ir import nodes_ops as NO
from cardlang.compile.ir.ce import ir_ce, ir_of
from cardlang.compile import hoist as H
from cardlang.compile import visibility as V
from cardlang.compile.scope import Scope, expr_rule, stmt_rule
from cardlang.compile.spec import GameSpec
from cardlang.errors import Span
from cardlang.compile.decision_runs import (ask_may, choose_cards, choose_cards_first, choose_option, choose_player,
                                            choose_values, legal_options)
from cardlang.compile.names import uses_names
from cardlang.primitives.types import (CARD, CARDNAMES, CARDS, CE, INT, TEXT, ZONE, NUMBERS, PLAYER, PLAYERS, SLOTS,
                                       remade)
from cardlang.primitives.values import noop, slot_labels, text_of
from cardlang.runtime.decisions import CHANCE
from cardlang.runtime.state import Ctx
from cardlang.syntax import ast


class Decisions:
    @expr_rule
    def _(self, node: ast.Choose, scope: Scope) -> CE:
        src = self.expr(node.source, scope)
        who, tag, asked = self._opts(node.opts, scope, node.span, default_tag="choose")
        private = node.opts.private
        inline = self.options.on("decide-inline")
        # options picked by what they are from a zone some seat cannot see (`hand where card is Spell`):
        # whether it is asked would tell the others whether one is there, so it is asked always, even with
        # nothing to pick (docs/language.md section 11, "Asked always")
        always = not private and V.held_state(self.spec, node.source, scope.held, scope.names) == V.PICKED
        q = node.quantity
        count_ce = self.coerce_ce(self.expr(q.count, scope), INT, q.count.span) if q.count is not None else None
        count_ir = ir_of(count_ce) if count_ce is not None else None
        kind = q.kind

        def asked_or_called(typ: str, call_of: Callable[[bool], N.Node], node_of: Callable) -> CE:
            """The choice as the IR's node (NODE_OF(its reference, made only if called)), or, the pass off, as
            the call of its reference run (CALL_OF(later): decision_runs.py's run over the options' code, the
            parts it reads only when it asks passed as generated functions, made LATER where the emitter asks
            for the reference: Compiler.fn_of). No closure is made for a choice: the reference of one the
            emitter cannot ask in place is that call too."""
            if not inline:
                return ir_ce(typ, call_of(False))
            return ir_ce(typ, node_of(A.Reference(lambda: call_of(True))))

        def count_arg() -> N.Node:
            return count_ir if count_ir is not None else N.Const(None)
        if src.type in (PLAYERS, PLAYER):
            players_ce = self.coerce_ce(src, PLAYERS, node.source.span)

            def player_call(later: bool) -> N.Node:
                return N.Call(choose_player, (ir_of(players_ce),), first="ctx",
                              consts=(*self._who_parts(who, later), tag, private))
            return asked_or_called(PLAYER, player_call, lambda ref: A.AskPlayer(*asked, ir_of(players_ce), ref))
        if src.type == CARDNAMES:
            def name_call(later: bool) -> N.Node:
                return N.Call(choose_values, (ir_of(src), count_arg()), first="ctx",
                              consts=(kind, "cards", None, *self._who_parts(who, later), tag, private))
            return asked_or_called(CARDNAMES, name_call, lambda ref: A.AskValues(
                *asked, ir_of(src), "cards", kind, count_ir, None, ref))
        if src.type in (NUMBERS, SLOTS):  # a die to reroll; a slot of a grid to put a card in
            vkind = src.type
            label_of = _number_labels if vkind == NUMBERS else slot_labels

            def value_call(later: bool) -> N.Node:
                return N.Call(choose_values, (N.Call(list, (ir_of(src),), first=None), count_arg()), first="ctx",
                              consts=(kind, vkind, label_of, *self._who_parts(who, later), tag, private))
            return asked_or_called(src.type, value_call, lambda ref: A.AskValues(
                *asked, ir_of(src), vkind, kind, count_ir, label_of, ref))
        cards_ce = self.coerce_ce(src, CARDS, node.source.span)
        # (a private question too: its named pick is taken only when nobody reads the game, when asking a rule
        # bot a question with nothing to pick and not asking it look the same)
        find, find_reads_card = self._named_option(node.source, scope) if kind == "up_to" and count_ce is not None \
            else (None, False)
        names_of = self._names_first(node.source, scope) if find is not None and inline else None
        one = isinstance(q.count, ast.IntLit) and q.count.value == 1  # `up to 1`: no need to compute it
        # what needs no computing per decision: a count written as a number, a prompt with no {name} in it
        written = max(q.count.value, 0) if isinstance(q.count, ast.IntLit) else None
        counted = count_ce is not None and written is None and kind in ("up_to", "exactly")
        # A bot that answers by naming cards tries just the names it prefers against the filter, instead of
        # building every option, when nobody reads the decision (no log, no listener): its `named_picks`
        # (compile/bots.py) give TAG's by_name(bot, state, player, find, where), or None when it answers TAG
        # from the full list (compile/asking.py).
        first = "named" if find is not None else "none" if kind in ("any", "up_to") else None

        def cards_call(later: bool) -> N.Node:
            by, prompt = self._who_parts(who, later)
            if first is None:  # the decision in full: every option worked out, put to the player
                return N.Call(choose_cards, (ir_of(cards_ce), count_ir if counted else N.Const(None)), first="ctx",
                              consts=(kind, written, by, prompt, tag, private, always))
            # a bot's answer tried first: the options (and the count) worked out only if it gives none
            options_fn = self.fn_of(cards_ce, later=later)
            count_fn = self.fn_of(count_ce, later=later) if count_ce is not None else None
            return N.Call(choose_cards_first, first="ctx", consts=(
                first, one, find, options_fn, count_fn, counted, kind, written, by, prompt, tag, private, always))
        return asked_or_called(CARDS, cards_call, lambda ref: A.AskCards(
            *asked, ir_of(cards_ce), kind, count_ir, written, always, first, one, find, find_reads_card, ref,
            names_of, tag in self.spec.none_first, tag in self.spec.never_none))

    def _named_option(self, source: ast.Expr, scope: Scope) -> tuple[Callable | None, bool]:
        """For `choose up to 1 from ZONE where COND` (or from `[ZONE, ZONE, ...] where COND`): find(ctx, NAME)
        gives the option of that name (the first card of a zone with it, a pile's top card, the zones in
        order) if COND lets it through, else None; None when the source has another shape. Which option a
        name gives is the one a full list of options would have (its earliest of that name). With it, whether
        it reads no names of the rules but `card` (_find_fn)."""
        if not isinstance(source, ast.Where):
            return None, False
        several = isinstance(source.source, ast.ListLit)
        items = source.source.items if several else (source.source,)
        # From several zones, only when one holds piles (known by its declaration): a zone of piles lists its
        # options by walking every pile, where a name is one lookup; through zones of no piles each name tried
        # is a scan of them all, costlier than listing the options once (measured with tools/benchmark.py
        # --instructions: eight names tried through three zones of no piles cost more than the full question)
        if several and not any(isinstance(i, ast.NameRef) and i.name in self.spec.zones
                               and self.spec.zones[i.name].piles and i.name not in scope.names for i in items):
            return None, False
        zces = [self.expr(i, scope) for i in items]
        if not zces or any(z.type != ZONE for z in zces):
            return None, False
        cond_ce = self.expr(source.cond, scope.with_(card=CARD))
        if all(z.code is not None for z in zces) and cond_ce.code is not None:
            return self._find_fn(zces, cond_ce, source.span)
        zfs = [self.fn_of(z) for z in zces]
        cond = self.fn_of(cond_ce)

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
        return find, False

    def _names_first(self, source: ast.Where, scope: Scope) -> N.Node | None:
        """With the pass `names-first`: the zone of `choose up to 1 from ZONE where COND` (ZONE a declared zone of
        no piles, as the game declares it) as IR, whose card names a bot's pick by name tests each name against
        before it calls FIND (compile/asking.py named_cards_in); else None. Most names a bot tries are not in
        such a zone (a handful of cards), and FIND is a call and a scan of the zone for each."""
        z = source.source
        if not self.options.on("names-first") or not isinstance(z, ast.NameRef) or z.name in scope.names:
            return None
        zspec = self.spec.zones.get(z.name)
        if zspec is None or zspec.piles:
            return None
        zce = self.expr(z, scope)
        return ir_of(zce) if zce.type == ZONE else None

    def _find_fn(self, zces: list[CE], cond_ce: CE, span: Span) -> tuple[Callable, bool]:
        """`find` as one generated function, the filter inlined, reading `card` as a local (and in ctx.vars too
        only when COND hands ctx to a compiled function): the IR's `NamedOption` (compile/ir/emit_decisions.py
        shows its code). With it, whether its code reads no names in ctx.vars and hands ctx to nothing that might
        (a fact of the generating, kept with the module in the cache's artifact)."""
        facts = _FindFacts()

        def body(gen: G.Gen) -> list[py.stmt]:
            zones = tuple(N.Py(gen.expr(z)) for z in zces)  # (the zones' code made before COND's: the order the
            # generated names follow)
            card = N.Var(name="_c")
            gen.bind_local("card", card.name)  # COND reads `card` as the local; ctx.vars gets it only when
            # COND hands ctx to a compiled function (which reads it there); only shapes the code, so not asked
            # when only the namespace is wanted (nor without the pass: compile/passes.py)
            kept = H.escapes(gen.expr(cond_ce), gen) if not gen.replay and gen.options.on("unread-stores") else True
            slot = self._pile_slot(zces[0]) if len(zces) == 1 else None  # (compile/operators.py)
            out = gen.emit_ir((D.NamedOption(zones, N.Of(cond_ce), N.Var(name="_name"), card, kept, slot),))
            if not gen.replay:
                facts.quiet = not kept and not uses_names(gen, out)
            return out
        g, fns = G.build_functions(f"{self.gen_label}: the option of a name", span, [("run_find", (G.CTX, "_name"),
                                                                                      body)],
                                   log=self.code_log, facts=facts, options=self.options)
        self.add_generated(g)
        return fns["run_find"], bool(facts.quiet)

    def _opts(self, opts: ast.ChooseOpts, scope: Scope, span: Span, default_tag: str):
        """Who is asked, the tag and the prompt of a decision, checked: WHO (what `_who_parts` makes the reference's
        functions of), the tag, and the IR's fields (by, tag, prompt, private: ir/nodes_ask.py)."""
        if _is_chance(opts.by, scope, self.spec):
            by: CE | str | None = "chance"  # `by chance`: the game's RNG picks (a scenario scripts it like any answer)
            by_ir: N.Node | None = N.Const(CHANCE)
        elif opts.by is not None:
            by = self.coerce_ce(self.expr(opts.by, scope), PLAYER, opts.by.span)
            by_ir = ir_of(by)
        else:
            by, by_ir = None, None
        tag = opts.tag or default_tag
        if opts.prompt is None or "{" not in opts.prompt:
            prompt: CE | str = tag.replace("_", " ") if opts.prompt is None else opts.prompt
            prompt_ir: N.Node = N.Const(prompt)
        else:
            prompt = self.interpolated(opts.prompt, scope, span)
            prompt_ir = prompt.ir
        return (by, prompt), tag, (by_ir, tag, prompt_ir, opts.private)

    def _who_parts(self, who: tuple, later: bool = False) -> tuple[Callable | None, Callable | str]:
        """Who is asked and the prompt, from `_opts`'s WHO, as a reference run of decision_runs.py takes them
        (read only when it asks): None (the effect's own player), `by chance` or a generated function of the
        context; the text itself when it has no `{name}` in it, else a generated function (LATER:
        Compiler.fn_of)."""
        by, prompt = who
        by_fn = None if by is None else _by_chance if by == "chance" else self.fn_of(by, later=later)
        return by_fn, prompt if isinstance(prompt, str) else self.fn_of(prompt, later=later)

    def interpolated(self, text: str, scope: Scope, span: Span) -> CE:
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
    def _(self, node: ast.ChooseOption, scope: Scope) -> G.Code:
        who, tag, asked = self._opts(node.opts, scope, node.span, default_tag="choose")
        private = node.opts.private
        labels = [o.label for o in node.options]
        ces = [self.expr(o.cond, scope) if o.cond is not None else None for o in node.options]
        # every option may be ruled out by cards some seat cannot see: then it is asked always (as for cards)
        always = not private and all(o.cond is not None for o in node.options) and any(
            V.reads_hidden(self.spec, o.cond, scope.held, scope.names) for o in node.options)
        label_of, find = option_labels(tuple(labels)), option_finder(tuple(labels))  # (named in the cache)

        if self.options.on("decide-inline"):
            # the conditions tested in the caller itself (or one call each, the pass options-at-once off)
            at_once = self.options.on("options-at-once")
            conds = tuple(None if ce is None else ir_of(ce) if at_once else N.Call(self.fn_of(ce, listed=True), first="ctx")
                          for ce in ces)
            bodies = tuple(N.OfBlock(self.block_items(o.body, scope)) for o in node.options)
            choice = A.AskOption(*asked, conds, bodies, always, label_of, find)
            return G.of_ir(choice)
        # the reference run over the legal options (decision_runs.choose_option), called from the code with
        # the parts it reads only when it asks (who, the prompt) and the options' blocks as functions of the
        # context (generated, as a call's outcome blocks are): no closure made for the call. Each condition one
        # call (a generated function, even for one comparison: a choice tests every option's condition each
        # time it is made), or all in one generated function (the pass options-at-once)
        legal_of = self._legal_fn(ces, node.span) if self.options.on("options-at-once") else None
        legal = N.Call(legal_of, first="ctx") if legal_of is not None else N.Call(
            legal_options, first="ctx", consts=tuple(self.fn_of(ce, listed=True) if ce is not None else None
                                                       for ce in ces))
        bodies = tuple(self.block(o.body, scope) for o in node.options)
        by, prompt = self._who_parts(who)
        return G.of_ir(N.Do(N.Call(choose_option, (legal,), first="ctx",
                                   consts=(by, prompt, tag, private, always, label_of, find, *bodies))))

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
    def _(self, node: ast.May, scope: Scope) -> G.Code:
        who, tag, asked = self._opts(node.opts, scope, node.span, default_tag="may")
        private = node.opts.private
        if node.prompt is not None:
            prompt: CE | str = self.interpolated(node.prompt, scope, node.span) if "{" in node.prompt else node.prompt
            who = (who[0], prompt)
            asked = (asked[0], asked[1], prompt.ir if isinstance(prompt, CE) else N.Const(prompt), asked[3])
        if self.options.on("decide-inline"):
            body = N.OfBlock(self.block_items(node.body, scope))
            other = (N.OfBlock(self.block_items(node.else_, scope)),) if node.else_ is not None else ()
            may = A.AskMay(*asked, (body,), other)
            return G.of_ir(may)
        # the reference run (decision_runs.ask_may) called from the code, its blocks functions of the context
        run_body = self.block(node.body, scope)
        run_other = self.block(node.else_, scope) if node.else_ is not None else noop
        by, prompt = self._who_parts(who)
        return G.of_ir(N.Do(N.Call(ask_may, first="ctx", consts=(by, prompt, tag, private, run_body, run_other))))


class _FindFacts:
    """What generating a find decided (_find_fn): does its code read no names? Kept in the cache's artifact."""

    __slots__ = ("quiet",)

    def __init__(self) -> None:
        self.quiet: bool | None = None

    def dump(self) -> tuple:
        return (bool(self.quiet),)

    def load(self, data: tuple) -> bool:
        if not (isinstance(data, tuple) and len(data) == 1 and isinstance(data[0], bool)):
            return False
        self.quiet = data[0]
        return True


def _is_chance(by: ast.Expr | None, scope: Scope, spec: GameSpec) -> bool:
    return (isinstance(by, ast.NameRef) and by.name == "chance" and "chance" not in scope.names
            and "chance" not in spec.zones and "chance" not in spec.counters)


def _number_labels(numbers) -> list[str]:
    return [str(o) for o in numbers]


def _by_chance(ctx: Ctx) -> int:
    return CHANCE


@remade
def option_labels(labels: tuple[str, ...]) -> Callable[[list[int]], list[str]]:
    """The labels of a `choose one of`'s legal options (LABELS: every option's), made when someone reads them."""
    def label_of(legal: list[int]) -> list[str]:
        return [labels[i] for i in legal]
    return label_of


@remade
def option_finder(labels: tuple[str, ...]) -> Callable[[list[int], str], int | None]:
    """The legal option of a label, for a bot that answers a `choose one of` by naming options."""
    of_label: dict[str, list[int]] = {}  # each label's options, in order (a label written twice has two)
    for i, label in enumerate(labels):
        of_label.setdefault(label, []).append(i)

    def find(legal: list[int], name: str) -> int | None:
        # the first legal one (LEGAL is in the options' order); `in` is C's scan of the list
        for i in of_label.get(name, ()):
            if i in legal:
                return i
        return None
    return find
