"""Compile rules for statements: blocks, `let`, assignments to counters and variables, if/repeat/while/for,
`attack`, phases, `break`. Mixed into the `Compiler`.

A block becomes one generated Python function (codegen.py): its statements, and the blocks nested in its ifs
and loops, are inlined as straight-line code. Every statement compiles to code (`codegen.Code`, most often
one IR statement: `codegen.of_ir`); a caller that needs a statement as a function (`stmt`) gets one function
generated from the code (or, for a decision's reference with the pass decide-inline off, the function it
calls). The statements are built as IR (ir/nodes.py; ir/nodes_loops.py for a
name's `+=`/`-=`, `attack`, phases and `break`), and so are the coercions that have code (coerce_ce: a card as
a list of one, a zone's cards; the list a `for` runs over: ir/nodes_ops.py). A run-time `IllegalAction` becomes
a `RuleViolation` at the statement that was running, found through the generated function's line table.
"""
from __future__ import annotations

import ast as py

from cardlang.compile import codegen as G
from cardlang.compile.ir import nodes as N
from cardlang.compile.ir import nodes_ask as NA
from cardlang.compile.ir import nodes_loops as NL
from cardlang.compile.ir import nodes_ops as NO
from cardlang.compile.ir.ce import ir_ce, ir_of
from cardlang.compile import counter_code as CC
from cardlang.compile import visibility as V
from cardlang.compile.codecache import node_fact
from cardlang.compile.codegen import Code
from cardlang.compile.lift import lift_choices
from cardlang.compile.modifythis import this_first
from cardlang.compile.scope import Scope, stmt_rule
from cardlang.errors import CardCompileError, Span, did_you_mean
from cardlang.primitives.counting import compile_assign
from cardlang.primitives.types import ANY, CARD, CARDNAME, CARDNAMES, CARDS, CE, INT, NUMBERS, PLAYER, PLAYERS, SLOT
from cardlang.primitives.types import BOOL, SLOTS, TEXT, ZONE, Effect, article as _article
from cardlang.primitives.values import (as_cards, count_step, first_def, first_name, noop, over_budget, text_of,
                                        too_big, zone_cards_in)
from cardlang.runtime import counters as C
from cardlang.runtime.events import tell_phase
from cardlang.syntax import ast
from cardlang.syntax.walk import field_names, nodes

Items = list[tuple[Span | None, Code]]


class Statements:
    # ---- blocks ------------------------------------------------------------------------------------
    def block(self, node: ast.Block, scope: Scope, params: tuple[str, ...] = ()) -> Effect:
        """Compile a block to one generated function; compile errors are collected so that one run reports
        all of them. PARAMS: a verb's parameters, which every call passes after ctx, in this order
        (codegen.build)."""
        return self.block_built(node, scope, params)[0]

    def block_built(self, node: ast.Block, scope: Scope, params: tuple[str, ...] = ()
                    ) -> tuple[Effect, Items, G.Generated | None]:
        """`block`, with the compiled items and the generated module (None for an empty block)."""
        items = self.block_items(node, scope)
        if not items:
            return noop, items, None
        inline = self.options.on("decide-inline")
        g = G.build(self.gen_label, node.span, items, local_ok=lambda: kept_in_locals(node, inline, self.eager_call), params=params,
                    given=(lambda: _unwritten(node, params)) if params else (), log=self.code_log,
                    options=self.options)
        self.add_generated(g)
        return g.fn, items, g

    def block_items(self, node: ast.Block, scope: Scope) -> Items:
        """The block's statements, compiled (to code to inline or a function to call), with their spans."""
        items: Items = []
        scope = scope.with_()
        stmts = node.stmts
        if self.options.on("decide-inline"):  # a choice in expression position asked by a `let` of its own
            stmts = lift_choices(stmts, self.eager_call)
        scope.written_once = _written_once(stmts, self.write_counts)
        for st in stmts:
            try:
                items.append((st.span, self.stmt_item(st, scope)))
            except CardCompileError as e:
                self.errors.append(e)
                if isinstance(st, ast.Let):
                    scope.names.setdefault(st.name, ANY)  # one error, not one per later use
        return items

    def eager_call(self, verb: str) -> bool:
        """Does a call of VERB evaluate all its arguments when it runs, before it acts (compile/lift.py)? A game's
        verb does; a core verb unless it takes a lazy argument; an unknown one is left as written."""
        if verb in self.spec.verbs:
            return True
        prim = self.registry.get(verb)
        return prim is not None and prim.kind == "verb" and not getattr(prim, "lazy", ())

    def stmt_item(self, node, scope: Scope) -> Code:
        return self.stmt_rules.find(type(node))(self, node, scope)  # NoRule for a class without one: a bug

    def stmt(self, node, scope: Scope) -> Effect:
        """Compile one statement to a function of ctx (for scenarios and primitives that run statements one by
        one), made from its code as an expression's is (fn_of): the function itself where its code is one
        call of a function of ctx alone (a decision with the pass decide-inline off), else one
        generated function. A call reports its run-time errors at its own span, as in a block; other statements
        pass them on (their nested blocks report at their own statements)."""
        item = self.stmt_item(node, scope)
        fn = _called_fn(item.node)
        if fn is not None:
            return fn
        g = G.build(self.gen_label, node.span, [(node.span if isinstance(node, ast.Call) else None, item)],
                    fn_name="run_statement", log=self.code_log, options=self.options)
        self.add_generated(g)
        return g.fn

    def coerce_ce(self, ce: CE, want: str, span: Span) -> CE:
        """CE as a value of type WANT (one that needs no conversion: itself, its code inlined), or a compile error
        naming both types. Each conversion is IR around the value's."""
        have = ce.type
        x = ir_of(ce)
        if want == CARDS and have == ANY:  # (a value of any type read as cards: as_cards)
            return ir_ce(want, N.Call(as_cards, (x,), first=None))
        if want == have or want == ANY or have == ANY or want == BOOL:
            return ce
        if want == CARDS and have == CARD:
            node: N.Node = N.Cards((x,))
        elif want == CARDS and have == ZONE:  # zone_cards(ZONE): its cards (a pile zone: each pile's top)
            plain = frozenset(z.slot for z in self.spec.zones.values() if not z.piles)
            node = NO.CardsOfZone(x, plain, zone_cards_in)
        elif want == INT and have == BOOL:  # a truth value as a number: 0 or 1
            return ir_ce(want, N.Call(int, (x,), first=None), bound=1, lowest=0)
        elif want == CARDNAME and have == CARDNAMES:  # a choice of one card name, passed on as that name
            first = N.Var("f")
            node = N.FirstOr(x, first, N.Item(first, 0), N.Call(first_name, (first,), first=None))
        elif want == CARDNAME and have in (CARDS, CARD, ZONE):  # the first of cards (of a card: its own, one-card)
            first = N.Var("f")
            cards = self.coerce_ce(ce, CARDS, span)
            node = N.FirstOr(ir_of(cards), first, N.DefOf(N.Item(first, 0)), N.Call(first_def, (first,)))
        elif want == NUMBERS and have == INT:
            node = NO.Numbers((x,))
        elif want == TEXT:
            node = NO.Text(((x, have),), text_of)
        elif (want, have) in ((CARDNAMES, CARDNAME), (PLAYERS, PLAYER), (SLOTS, SLOT)):  # a list of one
            node = NO.ListOf((x,))
        else:
            raise self.error(f"expected {_article(want)}, found {_article(have)}", span)
        return ir_ce(want, node)

    # ---- statements --------------------------------------------------------------------------------
    @stmt_rule
    def _(self, node: ast.Let, scope: Scope) -> Code:
        ce = self.expr(node.value, scope)
        own = node.name not in scope.names  # (a `let` of a name already known writes that one)
        _hold(self, scope, node.name, node.value, own)
        scope.names[node.name] = ce.type
        if own and ce.bound is not None and node.name in scope.written_once:  # (the `bounds` pass: its size known)
            scope.bounds[node.name] = ce.bound
        let = N.Let(N.Name(node.name), ir_of(ce), own)
        return G.of_ir(let)

    @stmt_rule
    def _(self, node: ast.Assign, scope: Scope) -> Code:
        target, op = node.target, node.op
        special = self.spec.counters.get(target[-1])
        if special is not None and (special.per_card or special.numbers) and not (
                len(target) == 1 and target[0] in scope.names):
            # `c.damage += 2;`, `dice -= picked;`: per-card and number-list counters
            # With the pass counter-code, in the code itself: a card's counter set there for one card, a
            # list of numbers one call with its arguments inlined; without it, one call of a function
            # generated from the change's code (made now: a load taken from the cache makes the same)
            assigned = compile_assign(self, node, scope, special)
            inline = self.options.on("counter-code")
            parts = assigned.card
            if parts is not None:
                if inline:
                    return Code(lambda gen: CC.card_counter(gen, special, op, *parts))
                return G.called(self.fn_of(assigned.call))
            change = CC.numbers_change(*assigned.numbers)
            if inline and op == "=" and self.options.on("numbers-code"):  # (compile/passes.py)
                return G.of_ir(CC.numbers_set(change, assigned.numbers[3]))
            return G.of_ir(change) if inline else G.called(self.fn_of(ir_ce(ANY, change.value)))
        value = self.coerce_ce(self.expr(node.value, scope), INT, node.value.span) if op != "=" or \
            target[-1] in self.spec.counters else self.expr(node.value, scope)
        if len(target) == 1 and target[0] in scope.names:
            n = target[0]
            if op == "=":
                _hold(self, scope, n, node.value, False)
                let = N.Let(N.Name(n), ir_of(value))
                return G.of_ir(let)
            # (a sum can grow past NUMBER_LIMIT: checked as `+` and `-` are)
            change = NL.ChangeName(n, op, ir_of(value), node.span, too_big)
            return G.of_ir(change)
        cname = target[-1]
        cs = self.spec.counters.get(cname)
        if cs is None:
            hint = did_you_mean(cname, list(self.spec.counters) + list(scope.names))
            raise self.error(f"'{cname}' is not a counter or a variable", node.span,
                             hint=hint or "declare variables with `let NAME = ...;`")
        slot = cs.slot
        per_player = cs.per_player
        whose: N.Node = N.You() if per_player else N.Const(None)  # (a shared counter: the row's seat None)
        if len(target) == 2:
            pf = self.name(target[0], scope, node.span)
            if pf.type != PLAYER:
                raise self.error(f"'{target[0]}' is not a player", node.span)
            whose = ir_of(pf)

        # A plain counter (no list of numbers): its change is inlined, with its bank (its own or another
        # counter's: `bank OTHER`) and its bounds tested in the code; anything else is set_counter's.
        plain = not cs.numbers and not cs.per_card
        bslot = slot if getattr(cs, "bank_slot", None) is None else cs.bank_slot
        banked = cs.bank is not None or getattr(cs, "bank_slot", None) is not None
        minimum, maximum = cs.minimum, cs.maximum

        # an IR statement (ir/emit_stmts.py: the change's plain case in the code), so that an IR pass sees it
        # (ir/whole_moves.py: `coins += x.worth` in a loop of moves); the passes' choices made now, from the
        # load's options, which every Gen of the load carries too
        opt = self.options.on
        return G.of_ir(N.ChangeCounter(slot, whose, op, ir_of(value), minimum, maximum, bslot if banked else None,
                                       plain and opt("counter-code"), C.set_counter, per_player, value.lowest,
                                       banked and opt("bank-tests"),
                                       op != "=" and opt("zero-skip") and _mostly_zero(ir_of(value)),
                                       value.bound if opt("bounds") else None))

    @stmt_rule
    def _(self, node: ast.If, scope: Scope) -> Code:
        cond = self.expr(node.cond, scope)
        then = self.block_items(node.then, scope)
        other: Items | None = None
        if node.else_ is not None:
            if isinstance(node.else_, ast.Block):
                other = self.block_items(node.else_, scope)
            else:  # `else if`: its condition reports at this `if`, as the enclosing block did
                other = [(node.span, self.stmt_item(node.else_, scope))]

        test = ir_of(cond)
        if self.options.on("modify-this-first"):  # (compile/passes.py)
            test = this_first(node, scope, test)
        if_ = N.If(test, (N.OfBlock(then),), (N.OfBlock(other),) if other is not None else ())
        return G.of_ir(if_)

    @stmt_rule
    def _(self, node: ast.Repeat, scope: Scope) -> Code:
        count = self.coerce_ce(self.expr(node.count, scope), INT, node.count.span)
        body = self.block_items(node.body, scope.loop())
        breaks = node_fact(self.code_log, "breaks", node.span, lambda: _breaks(node.body))
        loop = N.Loop("repeat", ir_of(count), (N.OfBlock(body),), node.span, over_budget, breaks=breaks is True)
        return G.of_ir(loop)

    @stmt_rule
    def _(self, node: ast.While, scope: Scope) -> Code:
        cond = self.expr(node.cond, scope)
        body = self.block_items(node.body, scope.loop())
        loop = N.Loop("while", ir_of(cond), (N.OfBlock(body),), node.span, over_budget)
        return G.of_ir(loop)

    def _iterable_ce(self, node: ast.Expr, scope: Scope) -> tuple[CE, str]:
        """What a loop runs over, and the type of each item; a list of cards or numbers is copied first (the
        body may move the cards)."""
        ce = self.expr(node, scope)
        if ce.type in (PLAYERS, CARDNAMES):
            return ce, (PLAYER if ce.type == PLAYERS else CARDNAME)
        if ce.type == PLAYER:
            return self.coerce_ce(ce, PLAYERS, node.span), PLAYER
        if ce.type in (NUMBERS, SLOTS):
            return ir_ce(ANY, NO.Listed(ir_of(ce))), (INT if ce.type == NUMBERS else SLOT)
        cards_ce = self.coerce_ce(ce, CARDS, node.span)
        return ir_ce(CARDS, NO.Listed(ir_of(cards_ce))), CARD

    @stmt_rule
    def _(self, node: ast.For, scope: Scope) -> Code:
        items, elem = self._iterable_ce(node.iterable, scope)
        own = node.var not in scope.names  # the loop's name is seen in its body only
        if V.held_state(self.spec, node.iterable, scope.held, scope.names) != V.NONE:
            scope.held[node.var] = V.PICKED  # what the body keeps of them is picked by what they are
        inner = scope.loop().with_(**{node.var: elem})
        bound = _written_numbers_bound(node)
        if bound is not None:
            inner = inner.bounded(node.var, bound)
        body = self.block_items(node.body, inner)
        breaks = node_fact(self.code_log, "breaks", node.span, lambda: _breaks(node.body))
        loop = N.Loop("for", ir_of(items), (N.OfBlock(body),), node.span, over_budget, node.var, own,
                      breaks is True)
        return G.of_ir(loop)

    @stmt_rule
    def _(self, node: ast.Attack, scope: Scope) -> Code:
        items, elem = self._iterable_ce(node.iterable, scope)
        if elem != PLAYER:
            raise self.error("attack needs players to attack", node.iterable.span, hint="attack p in others { ... }")
        body = self.block(node.body, scope.with_(**{node.var: PLAYER}))
        return G.of_ir(NL.Attack(node.var, ir_of(items), node.span, count_step, self.abilities.attack_window, body))

    @stmt_rule
    def _(self, node: ast.Phase, scope: Scope) -> Code:
        items = self.block_items(node.body, scope)
        body: Effect | None = None
        once = kept_in_locals(node.body, self.options.on("decide-inline"))
        if items:  # self.block, on the items compiled once: the turn inlines them too (emit, below)
            g = G.build(self.gen_label, node.body.span, items, local_ok=once, log=self.code_log,
                        options=self.options)
            self.add_generated(g)
            body = g.fn
        name = node.name
        # entering the phase as a function of its own: the phases table's, and the turn's where it is watched
        run = NL.RunPhase(name, tell_phase, body)
        g = G.build_function(f"{self.gen_label}: phase {name}", node.span, lambda gen: gen.emit_ir((run,)),
                             "run_phase", log=self.code_log, options=self.options)
        self.add_generated(g)
        run_phase = self.phases[name] = g.fn

        def emit(gen: G.Gen) -> list[py.stmt]:  # run_phase, inlined in the turn (ir/emit_loops.py)
            return gen.emit_ir((NL.EnterPhase(name, (N.OfBlock(items),) if items else (), run_phase, body or noop, once,
                                              gen.options.on("phase-inline")),))  # (compile/passes.py)
        return Code(emit)

    @stmt_rule
    def _(self, node: ast.Simultaneous, scope: Scope) -> Code:
        """`simultaneous { let NAME = choose ...; ... }`: its choices asked in secret (the IR's Secretly), in the
        function of the block around it, each compiled in the enclosing scope (the picks are used after the
        block)."""
        if not node.body.stmts:
            raise self.error("a simultaneous block needs at least one choice", node.span,
                             hint="simultaneous { let a = choose 1 from hand; let b = choose 1 from left.hand by "
                                  "left; }")
        items: Items = []
        for st in node.body.stmts:
            if not (isinstance(st, ast.Let) and isinstance(st.value, ast.Choose)):
                raise self.error("a simultaneous block holds only secret choices: `let NAME = choose ...;`",
                                 st.span, hint="act on the picks after the block, once every player has chosen")
            try:
                items.append((st.span, self.stmt_item(st, scope)))
            except CardCompileError as e:
                self.errors.append(e)
                scope.names.setdefault(st.name, ANY)  # one error, not one per later use of the name
        return G.of_ir(NA.Secretly((N.OfBlock(items),)))

    @stmt_rule
    def _(self, node: ast.Break, scope: Scope) -> Code:
        if not scope.in_loop:
            raise self.error("'break' outside a loop", node.span)
        return G.of_ir(NL.Break())


def _breaks(body: ast.Block) -> bool:
    """May a loop of BODY end early by a `break`? Any `break` in it says yes, one of an inner loop's too (a
    loop that says no runs every pass: ir/nodes.py Loop)."""
    return any(type(n) is ast.Break for n in nodes(body))


def _called_fn(node) -> Effect | None:
    """The function of ctx a statement's IR NODE only calls (`G.called`), else None."""
    if type(node) is N.Do and type(node.value) is N.Call:
        c = node.value
        if c.first == "ctx" and not c.args and not c.consts:
            return c.fn
    return None


def written_once(node: ast.Block) -> frozenset[str]:
    """The names a block (with all blocks inside it) writes in one place only: one `let`, one assignment or
    one loop over it. Its generated function may keep such a name in a Python local (generator.Gen.local_ok):
    no other code running on its context can change the name behind the local's back."""
    counts: dict[str, int] = {}
    for n in nodes(node):  # every block of a load asks this of its whole subtree: the iterative walk
        name = ast.written_name(n)
        if name is not None:
            counts[name] = counts.get(name, 0) + 1
    return frozenset(k for k, v in counts.items() if v == 1)


# The statements whose blocks are inlined into the function of the block around them (the others' blocks are
# functions of their own, run on the same context: `attack`, a phase, a call's outcome blocks);
# `may` and `choose one of` too where their decisions are asked in the generated code (the pass decide-inline).
_INLINED = {ast.If: ("then", "else_"), ast.Repeat: ("body",), ast.While: ("body",), ast.For: ("body",),
            ast.Block: ("stmts",), ast.Simultaneous: ("body",)}
_INLINED_DECISIONS = {ast.May: ("body", "else_"), ast.ChooseOption: ("options",), ast.OptionBlock: ("body",)}


def kept_in_locals(node: ast.Block, decisions_inline: bool, eager=None) -> frozenset[str]:
    """The names the function of block NODE may keep in Python locals (generator.Gen.local_ok): those it writes in
    one place only (written_once), and those written in several, each by a `let` or an assignment (no loop
    binds them) in the function's own code (not in a block that is a function of its own, which would change
    the name in ctx.vars behind the local's back). DECISIONS_INLINE: `may` and `choose one of` blocks are the
    function's own code, and with EAGER (Statements.eager_call) each block's choices in expression position are
    lifted, as block_items lifts them (compile/lift.py)."""
    once = written_once(node)
    inlined = {**_INLINED, **_INLINED_DECISIONS} if decisions_inline else _INLINED
    writes: dict[str, bool] = {}  # name -> every write so far a let or an assignment in the function's own code
    stack: list[tuple[object, bool]] = [(node, True)]
    while stack:
        n, own = stack.pop()
        if isinstance(n, tuple):
            stack.extend((x, own) for x in n)
            continue
        name = ast.written_name(n)
        if name is not None:
            writes[name] = writes.get(name, True) and own and type(n) in (ast.Let, ast.Assign)
        fields = inlined.get(type(n))
        for f in field_names(type(n)) or ():
            value = getattr(n, f)
            if decisions_inline and eager is not None and type(n) is ast.Block:  # (its choices lifted)
                value = lift_choices(value, eager)
            stack.append((value, own and fields is not None and f in fields))
    return once | frozenset(k for k, ok in writes.items() if ok)


def _written_once(stmts, memo: dict | None = None) -> frozenset[str]:
    """The names a `let` of STMTS binds that nothing else in them (or in any block inside them) writes. MEMO:
    the counts of the blocks inside, kept across the calls of one compile (_write_counts)."""
    if not any(isinstance(st, ast.Let) for st in stmts):  # (most blocks: no walk of all they hold)
        return frozenset()
    writes = _write_counts(tuple(stmts), {} if memo is None else memo)
    return frozenset(st.name for st in stmts if isinstance(st, ast.Let) and writes.get(st.name) == 1)


def _write_counts(root, memo: dict[int, tuple[object, dict[str, int]]]) -> dict[str, int]:
    """How many nodes under ROOT (ROOT too) write each name (ast.written_name). The counts of each block
    inside it are found once and kept in MEMO (by identity, with the block, so an identity is never reused):
    every block of a load with a `let` asks this of its whole subtree, and a block nested n deep was walked
    again for each of the n around it (a twentieth of a cached load). Order does not matter: only counts."""
    counts: dict[str, int] = {}
    stack = [root]
    pop, push = stack.pop, stack.extend
    block, written_name = ast.Block, ast.written_name
    known: dict[type, tuple[str, ...] | bool] = {}
    while stack:
        n = pop()
        cls = type(n)
        if cls is tuple:
            push(n)
            continue
        if cls is block and n is not root:
            hit = memo.get(id(n))
            if hit is None or hit[0] is not n:
                hit = memo[id(n)] = (n, _write_counts(n, memo))
            for k, v in hit[1].items():
                counts[k] = counts.get(k, 0) + v
            continue
        fields = known.get(cls)
        if fields is None:
            fields = known[cls] = field_names(cls)
        if fields is False:
            continue
        w = written_name(n)
        if w is not None:
            counts[w] = counts.get(w, 0) + 1
        push([getattr(n, f) for f in fields])
    return counts


def _written_numbers_bound(node: ast.For) -> int | None:
    """The largest size of the numbers a `for` over numbers written in the source (`for f in [1, 2, 3]`) gives
    its name, when nothing in its body writes that name (the name's CE.bound, for the `bounds` pass); else None."""
    it = node.iterable
    if not isinstance(it, ast.ListLit) or not it.items:
        return None
    sizes = []
    for e in it.items:
        if isinstance(e, ast.Neg):
            e = e.value
        if not isinstance(e, ast.IntLit):
            return None
        sizes.append(abs(e.value))
    if any(ast.written_name(n) == node.var for n in nodes(node.body)):
        return None
    return max(sizes)


def _unwritten(node: ast.Block, names: tuple[str, ...]) -> tuple[str, ...]:
    """NAMES that no `let`, assignment or loop of a block (with all blocks inside it) writes."""
    if not names:
        return ()
    from cardlang.syntax.walk import nodes
    written = {ast.written_name(n) for n in nodes(node)}
    return tuple(n for n in names if n not in written)


def _hold(comp, scope: Scope, name: str, value, fresh: bool) -> None:
    """Note whether local NAME may now hold cards some seat cannot see (compile/visibility.py): a question
    offering them must be asked privately. Only ever raised while a body compiles (a loop may assign again)."""
    got = V.held_state(comp.spec, value, scope.held, scope.names)
    if fresh:
        scope.held.pop(name, None)
    if got > scope.held.get(name, V.NONE):
        scope.held[name] = got


def _mostly_zero(value: N.Node) -> bool:
    """Is VALUE a printed property read whose default is 0 (a cost a card leaves out unless it has one), so
    that a change by it is worth a test for 0 first (the pass `zero-skip`)?"""
    if type(value) is N.FirstOr:
        value = value.read
    return type(value) in (N.Printed, N.DefPrinted) and value.default == 0 and type(value.default) is int
