"""The emitter: IR -> Python `ast`, one rule per node class, and the only compile module that spells the
runtime's layout, through the names runtime/layout.py owns. Each rule builds exactly the code the compile
rules built by hand before the IR (the results, and the bytecodes a game runs, are the same).

Marks: the Python node of a zone's or a counter's read carries the IR node it computes (`mark`), the
`rows[SLOT]` inside it the same node (`row_mark`); so do the state (`State`), the player read or set
(`You`), the rules' names table (`Names`), a card's definition (`DefOf`, its `card_def` table row-marked), a
printed property's read (`Printed`, `DefPrinted`, a `FirstOr` of one: compile/samereads.py), a
copy of a zone's cards (`ZoneCards`) and a quiet or watched test (`Quiet` / `Watched`). The rewrites of the
emitted Python (compile/fnlocals.py, compile/hoist.py, compile/reacting.py) and the primitives' lowerings
(through `gen.ir_mark`) ask what a node is instead of recognising the shape of its code. Code the compile
rules still build as Python asks here for those pieces (ctx_state, ctx_you, set_you, ctx_names, def_of,
counter_row, card_counter_table, quiet_test, watched_test; codegen's G.ctx_attr / G.state_attr / G.you are
these), and ask what a node is by is_names / is_you. The fields the compile rules still build code around (the
step budget, the nesting depth, a pile's lookup, ...) are named accessors at the end of this module. A mark is an attribute of the node: a copy of the tree (pytree.copy_listed) keeps it; Python's
`compile` ignores it.

Statements are emitted by ir/emit_stmts.py, the emitter's other half (over these helpers); the loops' and
the operators' nodes by ir/emit_loops.py and ir/emit_ops.py (`Not` too). Knows Python's
`ast` and the runtime's layout; no game, no source construct, no pass (the passes run on the IR before it is
emitted: `emit`).
"""
from __future__ import annotations

import ast as py
from typing import TYPE_CHECKING, Any, Callable

from cardlang.compile.ir import known_types as KT
from cardlang.compile.ir import nodes as N
from cardlang.compile.ir import nodes_loops as NL
from cardlang.compile.ir.passes import run_passes
from cardlang.compile.pyast import CTX, attr, const, fresh_list, name, store
from cardlang.runtime import layout as L

if TYPE_CHECKING:
    from cardlang.compile.codegen import Gen

MARK, ROW_MARK = "cardlang_ir", "cardlang_ir_row"


def mark(code: py.AST) -> N.Node | None:
    """The IR node CODE computes, when the emitter marked it (a zone's or a counter's read, a quiet test)."""
    return code.__dict__.get(MARK)


def is_names(code: py.AST) -> bool:
    """Is CODE the emitter's `ctx.vars`, the rules' names table (marked Names: ctx_names)?"""
    return type(code.__dict__.get(MARK)) is N.Names


def is_you(code: py.AST) -> bool:
    """Is CODE the emitter's `ctx.you`, read or set (marked You: ctx_you, set_you)?"""
    return type(code.__dict__.get(MARK)) is N.You


def row_mark(code: py.AST) -> N.Node | None:
    """The read (a ZoneRef, a CounterRef) whose `rows[SLOT]` CODE is, when the emitter marked it (a row read
    for a change, counter_row, has a CounterRef of no seat)."""
    return code.__dict__.get(ROW_MARK)


def new_list(code: py.expr) -> bool:
    """Is CODE a new list that nothing else holds: a list display or comprehension, `list(X)`, the code of a
    `where` (marked `Where` by ir/emit_loops.py: a call of its generated function or its loop in the caller,
    with or without its guard before it), or a choice between such? A `for` loops over such a list uncopied
    (ir/emit_ops.py Listed), and so does a verb run in place over its parameter (names.in_place)."""
    if type(code.__dict__.get(MARK)) is NL.Where:
        return True
    if type(code) is py.IfExp:
        return new_list(code.body) and new_list(code.orelse)
    return fresh_list(code)


def zone_read(code: py.AST) -> N.ZoneRef | None:
    """The zone CODE reads, when it is a zone's read the emitter made."""
    m = code.__dict__.get(MARK)
    return m if type(m) is N.ZoneRef else None


def emit(gen: "Gen", node: N.Node) -> py.expr:
    """The Python expression of NODE, after the IR passes that GEN's options switch on."""
    return Emitter(gen).expr(run_passes(node, gen.options))


def code_of(node: N.Node) -> Callable[["Gen"], py.expr]:
    """NODE's code as a CE's `code` (gen -> its Python expression)."""
    return lambda gen: emit(gen, node)


class Emitter:
    """One emission: the Gen it emits into and the names given to the IR's locals (Var) so far."""

    __slots__ = ("gen", "vars")

    def __init__(self, gen: "Gen") -> None:
        self.gen = gen
        self.vars: dict[int, str] = {}

    def expr(self, node: N.Node) -> py.expr:
        rule = EXPR_RULES.get(type(node))
        if rule is None:  # a node class without its rule: a bug of the compiler's, never code made up
            raise TypeError(f"the emitter has no rule for the IR node {type(node).__name__}")
        return rule(self, node)

    def var(self, v: N.Var) -> str:
        if v.name is not None:  # a name the compiler fixed
            return v.name
        got = self.vars.get(id(v))
        if got is None:
            got = self.vars[id(v)] = self.gen.fresh(v.hint)
        return got


# ---- the layout, spelt here only
def _ctx(field: str) -> py.Attribute:
    return attr(name(CTX), field)


def _marked(code: py.AST, node: N.Node) -> py.AST:
    code.__dict__[MARK] = node
    return code


def ctx_state() -> py.Attribute:
    """`ctx.state`, marked `State` (fnlocals keeps it in a local: a context's state never changes)."""
    return _marked(_ctx(L.STATE), N.State())


def ctx_you() -> py.Attribute:
    """`ctx.you`, marked `You` (fnlocals reads it once before a loop where the function never sets it)."""
    return _marked(_ctx(L.YOU), N.You())


def ctx_names(store: bool = False) -> py.Attribute:
    """`ctx.vars`, the rules' names in scope, marked Names (STORE: to replace the table, for a verb's own
    names)."""
    return _marked(py.Attribute(name(CTX), L.NAMES, py.Store() if store else py.Load()), N.Names())


def quiet_local(local: str) -> py.Name:
    """A read of LOCAL, where a function keeps its quiet test (compile/fnlocals.py), marked Quiet: a test nested
    in one of its branches is known (compile/quietfold.py)."""
    return _marked(name(local), N.Quiet(False))


def set_you() -> py.Attribute:
    """`ctx.you` to store into (a call run as another player switches it), marked `You`: fnlocals keeps no
    local of the player in a function that sets it."""
    return _marked(py.Attribute(name(CTX), L.YOU, py.Store()), N.You())


def def_of(card: py.expr, state: py.expr | None = None) -> py.Subscript:
    """`ctx.state.card_def[CARD]`, the definition of the card CARD's code computes, marked `DefOf`, and its
    `ctx.state.card_def` row-marked with the same node (STATE: the code of the state where a local holds it)."""
    node = N.DefOf(N.Py(card))
    table = _state(L.CARD_DEF) if state is None else attr(state, L.CARD_DEF)
    table.__dict__[ROW_MARK] = node  # (the table, as long as no rewrite put a local in its place)
    return _marked(_sub(table, card), node)


def _state(field: str) -> py.Attribute:
    return attr(ctx_state(), field)


def _sub(base: py.expr, key: py.expr) -> py.Subscript:
    return py.Subscript(base, key, py.Load())


def _call(fn: py.expr, *args: py.expr) -> py.Call:
    return py.Call(fn, list(args), [])


def _row(e: Emitter, table: str, node: N.ZoneRef | N.CounterRef) -> py.Subscript:
    """`ctx.state.TABLE[SLOT][WHO]`, both subscripts marked with NODE."""
    rows = _sub(_state(table), const(node.slot))
    rows.__dict__[ROW_MARK] = node
    out = _sub(rows, e.expr(node.whose))
    out.__dict__[MARK] = node
    return out


def counter_row(state: py.expr, slot: int) -> py.Subscript:
    """`STATE.counters[SLOT]`, the row of a counter by seat (STATE: the code of the state, a local of it),
    marked as a counter's row."""
    out = _sub(attr(state, L.COUNTERS), const(slot))
    out.__dict__[ROW_MARK] = N.CounterRef(slot, N.Const(None))
    return out


def card_counter_table(state: py.expr, key: str) -> py.Subscript:
    """`STATE.card_counters[KEY]`, the table of the per-card counter KEY (STATE: the code of the state), marked
    as the table (a loop may read it once before it: compile/fnlocals.py with_tables_local)."""
    out = _sub(attr(state, L.CARD_COUNTERS), const(key))
    out.__dict__[ROW_MARK] = N.CardCounterTable(key)
    return out


def _get(table: py.expr, key: py.expr, default: py.expr) -> py.Call:
    return _call(attr(table, "get"), key, default)


def _const(e: Emitter, v: Any) -> py.expr:
    return const(v) if v is None or isinstance(v, (str, int, bool)) else e.gen.const(v)


def quiet_test(state: py.expr | None = None, also: list[py.expr] = (), checked: bool = False) -> py.BoolOp:
    """`STATE.log is None and not STATE.listeners [and STATE.check is None] [and ALSO...]`: nobody is told
    (STATE: the code of the state where a local holds it, else `ctx.state`), marked `Quiet`. For the
    statements that still build Python (and, through `Gen.quiet`, the primitives' lowerings)."""
    def on(field: str) -> py.Attribute:
        return attr(state, field) if state is not None else _state(field)
    terms = [py.Compare(on(L.LOG), [py.Is()], [const(None)]), py.UnaryOp(py.Not(), on(L.LISTENERS))]
    if checked:
        terms.append(py.Compare(on(L.CHECK), [py.Is()], [const(None)]))
    out = py.BoolOp(py.And(), terms + list(also))
    out.__dict__[MARK] = N.Quiet(checked)
    return out


def watched_test(state: py.expr | None = None, also: list[py.expr] = ()) -> py.BoolOp:
    """`STATE.log is not None or STATE.listeners [or ALSO...]`: someone is told (the negation of the quiet
    test, where the watched case comes first), marked `Watched`."""
    def on(field: str) -> py.Attribute:
        return attr(state, field) if state is not None else _state(field)
    out = py.BoolOp(py.Or(), [py.Compare(on(L.LOG), [py.IsNot()], [const(None)]), on(L.LISTENERS), *also])
    out.__dict__[MARK] = N.Watched()
    return out


def is_split_test(code: py.AST) -> bool:
    """Is CODE a quiet or a watched test the emitter made (its first two terms the log's and the listeners')?"""
    return type(code.__dict__.get(MARK)) in (N.Quiet, N.Watched)


def _call_rule(e: Emitter, n: N.Call) -> py.expr:
    first = {"state": [ctx_state()], "ctx": [name(CTX)], None: []}[n.first]
    return _call(e.gen.const(n.fn), *first, *[e.expr(a) for a in n.args], *[_const(e, c) for c in n.consts])


def _is_type(e: Emitter, n: N.IsType) -> py.expr:
    """`TYPE in ctx.state.card_def[CARD].types` (`not in`: negated), or its answer where the code knows it
    (the pass known-types)."""
    if type(n.type) is N.Const and isinstance(n.type.value, str) and KT.known(e.gen, n.card, n.type.value):
        return const(not n.negated)
    return py.Compare(e.expr(n.type), [py.NotIn() if n.negated else py.In()], [attr(def_of(e.expr(n.card)), L.TYPES)])


def _def_is_type(e: Emitter, n: N.DefIsType) -> py.expr:
    """`TYPE in DEF.types`, or True where the code knows DEF's card has it (the pass known-types)."""
    if type(n.definition) is N.DefOf and KT.known(e.gen, n.definition.card, n.type):
        return const(True)
    return py.Compare(const(n.type), [py.In()], [attr(e.expr(n.definition), L.TYPES)])


def _printed(definition: py.expr, n: N.Printed | N.DefPrinted) -> py.expr:
    """`DEF.printed['NAME']` (TABLE: the pass printed-table), else `DEF.props.get('NAME', DEFAULT)`; marked N."""
    if n.table:
        return _marked(_sub(attr(definition, L.PRINTED), const(n.name)), n)
    return _marked(_get(attr(definition, L.PROPS), const(n.name), const(n.default)), n)


def _computed(e: Emitter, n: N.Computed) -> py.expr:
    """`RUN(ctx, C, NAME, DEFAULT) if card_def[C].dynamic else card_def[C].props.get(NAME, DEFAULT)` for a card
    C in a local (each read of its definition marked, which a loop over cards reads once: fnlocals.py); the
    call alone for a card of other code (computed twice, it would cost more than the call)."""
    card = e.expr(n.card)
    call = _call(e.gen.const(n.run), name(CTX), card, const(n.name), _const(e, n.default))
    if not isinstance(card, py.Name):
        return call
    printed = _get(attr(def_of(name(card.id)), L.PROPS), const(n.name), _const(e, n.default))
    return py.IfExp(attr(def_of(name(card.id)), L.DYNAMIC), call, printed)


def _zone_cards(zone: py.expr) -> py.expr:
    """`list(ZONE.cards)`, marked ZoneCards of ZONE's code (a move of all of them asks: core_lowering.py)."""
    return _marked(_call(name("list"), attr(zone, L.CARDS)), N.ZoneCards(N.Py(zone)))


def _cards_at(e: Emitter, n: N.CardsAt) -> py.expr:
    """`[_x] if (_x := (ZONE.cells or {}).get((COLUMN, ROW))) is not None else []` (a zone with no grid has no
    cells)."""
    cells = py.BoolOp(py.Or(), [attr(e.expr(n.zone), L.CELLS), py.Dict([], [])])
    key = py.Tuple([e.expr(n.column), e.expr(n.row)], py.Load())
    x = e.gen.fresh("at")
    test = py.Compare(py.NamedExpr(store(x), _call(attr(cells, "get"), key)), [py.IsNot()], [const(None)])
    return py.IfExp(test, py.List([name(x)], py.Load()), py.List([], py.Load()))


def _zone_count(e: Emitter, n: N.ZoneCount) -> py.expr:
    """`len(_z.cards) if not (_z := ZONE).spec.piles or _z.pile is not None else
    sum([len(_p.cards) for _p in ctx.state.pile_order.get(_z.spec.slot, ())])` (a zone of piles: all its piles
    together, as the reference counts them; the list's iterable read here, so that no name of the function is
    a cell of the comprehension's)."""
    length = e.gen.const(len)
    if n.plain:  # `len(ZONE.cards)`
        return _call(length, attr(e.expr(n.zone), L.CARDS))
    z, p = e.gen.fresh("z"), e.gen.fresh("p")
    plain = py.BoolOp(py.Or(), [
        py.UnaryOp(py.Not(), attr(attr(py.NamedExpr(store(z), e.expr(n.zone)), L.SPEC), L.PILES)),
        py.Compare(attr(name(z), L.PILE), [py.IsNot()], [const(None)])])
    piles = _call(attr(_state(L.PILE_ORDER), "get"), attr(attr(name(z), L.SPEC), L.SLOT), py.Tuple([], py.Load()))
    each = py.ListComp(_call(length, attr(name(p), L.CARDS)), [py.comprehension(store(p), piles, [], 0)])
    return py.IfExp(plain, _call(length, attr(name(z), L.CARDS)), _call(e.gen.const(sum), each))


def _empty_piles(e: Emitter, n: N.EmptyPiles) -> py.expr:
    """`_n if (_k := ctx.state.empty_known) is not None and (_n := _k.get(SLOT)) is not None else RUN(ctx.state,
    ZONE)` (ZONE's code only where it is read: the reference's call)."""
    k, got = e.gen.fresh("k"), e.gen.fresh("n")
    known = py.BoolOp(py.And(), [
        py.Compare(py.NamedExpr(store(k), _state(L.EMPTY_KNOWN)), [py.IsNot()], [const(None)]),
        py.Compare(py.NamedExpr(store(got), _call(attr(name(k), "get"), const(n.slot))), [py.IsNot()], [const(None)])])
    return py.IfExp(known, name(got), _call(e.gen.const(n.run), ctx_state(), e.expr(n.zone)))


def _first_or(e: Emitter, n: N.FirstOr) -> py.expr:
    """`READ if (_f := CARDS) else FALLBACK` (READ and FALLBACK reading `_f`)."""
    cards = e.expr(n.cards)
    f = e.var(n.var)  # (named after CARDS's code and before FALLBACK's: the order the rules had)
    fallback = e.expr(n.fallback)
    return _marked(py.IfExp(py.NamedExpr(store(f), cards), e.expr(n.read), fallback), n)


def zones_cards(code: py.AST) -> bool:
    """Is CODE the cards of whole zones, `list(ZONE.cards)` or `[*ZONE.cards, ...]` (not a card or two, which
    a look card by card answers sooner than a set operation)?"""
    if type(mark(code)) is N.ZoneCards:
        return True
    return isinstance(code, py.List) and bool(code.elts) and all(
        isinstance(x, py.Starred) and isinstance(x.value, py.Attribute) and x.value.attr == L.CARDS
        and type(mark(x.value.value)) is N.ZoneRef for x in code.elts)


def _may_react(e: Emitter, n: N.MayReact) -> py.expr:
    """`not (_r if (_r := ctx.state.ids_of.get(("on", EVENT))) is not None else FILL(ctx.state, EVENT))
    .isdisjoint(CARDS)`: the cards with an `on EVENT` ability, kept by the state until a card is made."""
    r = e.gen.fresh("r")
    got = py.Compare(py.NamedExpr(store(r), _call(attr(attr(ctx_state(), L.IDS_OF), "get"), py.Tuple([const("on"), const(n.event)], py.Load()))),
                     [py.IsNot()], [const(None)])
    ids = py.IfExp(got, name(r), _call(e.gen.const(n.fill), ctx_state(), const(n.event)))
    return py.UnaryOp(py.Not(), _call(attr(ids, "isdisjoint"), e.expr(n.cards)))


def _for_this(e: Emitter, n: N.ForThis) -> py.expr:
    """`(_m := ctx.state.modifying) is None or _m[0] == ctx.card` (primitives/modify.py for_this)."""
    m = e.gen.fresh("m")
    return py.BoolOp(py.Or(), [
        py.Compare(py.NamedExpr(store(m), _state(L.MODIFYING)), [py.Is()], [const(None)]),
        py.Compare(_sub(name(m), const(L.MODIFYING_CARD)), [py.Eq()], [_ctx(L.CARD)])])


EXPR_RULES: dict[type, Callable[[Emitter, Any], py.expr]] = {
    N.Const: lambda e, n: const(n.value),
    N.Value: lambda e, n: e.gen.const(n.obj, n.hint),
    N.State: lambda e, n: ctx_state(),
    N.Names: lambda e, n: ctx_names(),
    N.You: lambda e, n: ctx_you(),
    N.ThisCard: lambda e, n: _ctx(L.CARD),
    N.Current: lambda e, n: _state(L.CURRENT),
    N.Seats: lambda e, n: py.List([py.Starred(_sub(_state(L.AROUND if n.all else L.OTHERS), e.expr(n.whose)),
                                              py.Load())], py.Load()),
    N.Name: lambda e, n: e.gen.var(n.name),
    N.Var: lambda e, n: name(e.var(n)),
    N.Of: lambda e, n: e.gen.expr(n.ce),
    N.Py: lambda e, n: n.code,
    N.ZoneRef: lambda e, n: _row(e, L.ZONES, n),
    N.CounterRef: lambda e, n: _row(e, L.COUNTERS, n),
    N.CardCounterTable: lambda e, n: card_counter_table(ctx_state(), n.key),
    N.BankLeft: lambda e, n: _sub(banks(ctx_state()), const(n.slot)),
    N.ZoneCards: lambda e, n: _zone_cards(e.expr(n.zone)),
    N.OwnCards: lambda e, n: attr(e.expr(n.zone), L.CARDS),
    N.CellTable: lambda e, n: _state(L.CELL),
    N.AttachedTable: lambda e, n: _state(L.ATTACHED),
    N.ClaimsMade: lambda e, n: _state(L.CLAIMS),
    N.DefsByName: lambda e, n: _state(L.DEF_BY_NAME),
    N.CardsAt: _cards_at,
    N.ZoneCount: _zone_count,
    N.EmptyPiles: _empty_piles,
    N.CardCounter: lambda e, n: _get(card_counter_table(ctx_state(), n.key) if n.table is None
                                     else e.expr(n.table), e.expr(n.card), const(n.start)),
    N.Printed: lambda e, n: _printed(def_of(e.expr(n.card)), n),
    N.Computed: lambda e, n: _computed(e, n),
    N.DefPrinted: lambda e, n: _printed(e.expr(n.definition), n),
    N.IsType: lambda e, n: _is_type(e, n),
    N.DefIsType: lambda e, n: _def_is_type(e, n),
    N.DefNamed: lambda e, n: py.Compare(attr(e.expr(n.definition), L.NAME), [py.Eq()], [const(n.name)]),
    N.NameOf: lambda e, n: attr(e.expr(n.definition), L.NAME),
    N.Variant: lambda e, n: py.Compare(const(n.name), [py.In()], [_state(L.VARIANTS)]),
    N.DefOf: lambda e, n: def_of(e.expr(n.card)),
    N.HolderOf: lambda e, n: attr(_sub(_state(L.LOC), e.expr(n.card)), L.OWNER),
    N.Turns: lambda e, n: _sub(_state(L.TURNS), e.expr(n.whose)),
    N.Pool: lambda e, n: _sub(_state(L.POOLS), const(n.name)),
    N.Quiet: lambda e, n: quiet_test(checked=n.checked),
    N.Watched: lambda e, n: watched_test(),
    N.ForThis: _for_this,
    N.Call: _call_rule,
    N.Cards: lambda e, n: py.List([e.expr(x) for x in n.items], py.Load()),
    N.Item: lambda e, n: _sub(e.expr(n.list), const(n.index)),
    N.FirstOr: _first_or,
    N.Single: lambda e, n: py.Compare(_call(e.gen.const(len), e.expr(n.list)), [py.Eq()], [const(1)]),
    N.HasTrigger: lambda e, n: py.Compare(const(n.event), [py.In()], [attr(def_of(e.expr(n.card)), L.TRIGGERS)]),
    N.MayReact: _may_react,
}


# ---- fields the compile rules still build Python around, each through its layout name (issue 25): the
# step budget, the nesting depth, the acts switch, the phase, the banks, the checker, a zone's and a
# declaration's fields and a definition's name. Unmarked: no rewrite asks what they are.
def charge_steps(st: str, amount: py.expr, over: list[py.stmt]) -> list[py.stmt]:
    """`ST = ctx.state; ST.steps += AMOUNT; if ST.steps > ST.step_budget: OVER`."""
    return [py.Assign([store(st)], ctx_state()),
            py.AugAssign(py.Attribute(name(st), L.STEPS, py.Store()), py.Add(), amount),
            py.If(py.Compare(attr(name(st), L.STEPS), [py.Gt()], [attr(name(st), L.STEP_BUDGET)]), over, [])]


def depth(state: py.expr | None = None, store_: bool = False) -> py.Attribute:
    """`ctx.state.depth` (STATE: the code of the state where a local holds it; STORE_: to change it)."""
    return py.Attribute(ctx_state() if state is None else state, L.DEPTH, py.Store() if store_ else py.Load())


def acts() -> py.Attribute:
    """`ctx.state.acts`: does a listener ask for the game's acts?"""
    return _state(L.ACTS)


def set_phase(state: py.expr) -> py.Attribute:
    """`STATE.phase` to store into."""
    return py.Attribute(state, L.PHASE, py.Store())


def secret(store_: bool = False) -> py.Attribute:
    """`ctx.state.secret`: is a decision asked now secret from the other seats (`simultaneous`)? (STORE_: to set
    it)"""
    return py.Attribute(ctx_state(), L.SECRET, py.Store() if store_ else py.Load())


def banks(state: py.expr) -> py.Attribute:
    return attr(state, L.BANKS)


def checker(state: py.expr) -> py.Attribute:
    """`STATE.check`: the invariant checker, or None."""
    return attr(state, L.CHECK)


def agent_nones(e: Emitter, by: py.expr) -> py.Call:
    """`getattr(ctx.state.agents[BY], "nones", ())`: the tags seat BY's agent answers `none` by name whatever
    the state (compile/bots.py answers_none; an agent of another kind has none)."""
    return _call(e.gen.const(getattr), _sub(attr(ctx_state(), L.AGENTS), by), const(L.NONES), py.Tuple([], py.Load()))


def agent_never_none(e: Emitter, by: py.expr) -> py.Call:
    """`getattr(ctx.state.agents[BY], "never_none", ())`: the tags seat BY's agent never answers `none` by name
    before naming a card (compile/bots.py never_none; an agent of another kind is asked by name as before)."""
    return _call(e.gen.const(getattr), _sub(attr(ctx_state(), L.AGENTS), by), const(L.NEVER_NONE),
                 py.Tuple([], py.Load()))


def piles_by_key() -> py.Attribute:
    """`ctx.state.piles`: (zone slot, pile key) -> the pile's Zone."""
    return _state(L.PILES_BY_KEY)


def card_defs() -> py.Attribute:
    """`ctx.state.card_def`, unmarked (a table kept in a local of the caller's own)."""
    return _state(L.CARD_DEF)


def cards_of(zone: py.expr) -> py.Attribute:
    """`ZONE.cards`."""
    return attr(zone, L.CARDS)


def spec_of(zone: py.expr) -> py.Attribute:
    return attr(zone, L.SPEC)


def pile_of(zone: py.expr) -> py.Attribute:
    """`ZONE.pile`: the pile's key, None for a zone itself."""
    return attr(zone, L.PILE)


def has_piles(spec: py.expr) -> py.Attribute:
    return attr(spec, L.PILES)


def slot_of(spec: py.expr) -> py.Attribute:
    return attr(spec, L.SLOT)


def name_of(definition: py.expr) -> py.Attribute:
    """`DEFINITION.name`: a card's name."""
    return attr(definition, L.NAME)
