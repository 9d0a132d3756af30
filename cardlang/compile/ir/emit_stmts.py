"""The emitter's statements: IR statements -> Python `ast`, one rule per statement class, over the helpers
and the named accessors of ir/emit.py (the emitter's expressions). With it, the only compile code spelling
the runtime's layout (through runtime/layout.py's names). Each rule builds exactly the code the compile rules
built by hand before the IR.

Knows Python's `ast` and the runtime's layout; no game, no source construct, no pass.
"""
from __future__ import annotations

import ast as py
import copy
from typing import TYPE_CHECKING, Any, Callable

from cardlang.compile.ir import emit_calls, emit_moves
from cardlang.compile.ir import known_types as KT
from cardlang.compile.ir import nodes as N
from cardlang.compile.ir import nodes_loops as NL
from cardlang.compile.ir import nodes_ops as NO
from cardlang.compile.ir.emit import (EXPR_RULES, Emitter, _call, _get, _sub, banks, card_counter_table, charge_steps,
                                      checker, counter_row, ctx_names, ctx_state, quiet_test)
from cardlang.compile.ir.emit_loops import LOOP_EXPR_RULES, LOOP_STMT_RULES, LOOP_VALUE_RULES
from cardlang.compile.ir.emit_ops import OPS_EXPR_RULES
from cardlang.compile.ir.passes import run_passes
from cardlang.compile.pyast import CTX, attr, const, name, store
from cardlang.runtime import layout as L
from cardlang.runtime.state import NUMBER_LIMIT
from cardlang.syntax.nodes import replace

if TYPE_CHECKING:
    from cardlang.compile.codegen import Gen


def stmts(e: Emitter, body: tuple[N.Node, ...]) -> list[py.stmt]:
    """The Python statements of BODY, emitted by E (`pass` for none)."""
    out: list[py.stmt] = []
    for st in body:
        rule = STMT_RULES.get(type(st))
        if rule is None:  # a node class without its rule: a bug of the compiler's, never code made up
            raise TypeError(f"the emitter has no rule for the IR statement {type(st).__name__}")
        out += rule(e, st)
    return out or [py.Pass()]


def _change_card_counter(e: Emitter, n: N.ChangeCardCounter) -> list[py.stmt]:
    """`CARDS.C op V` (C a counter of each card): the change's own plain case in the code, for one card, when
    nobody is told (no log, listener or checker) and the new value keeps the bounds, else the change's call:
        _v = V; _cs = CARDS; _st = ctx.state
        if _st.log is None and not _st.listeners and _st.check is None and len(_cs) == 1:
            _t = _st.card_counters[C]; _c = _cs[0]
            _n = _v                                   (`=`; `+=`, `-=`: _o = _t.get(_c, START); _n = _o + _v)
            if MIN <= _n <= MAX:
                if _n == START: _t.pop(_c, None)      (a card at its start value has no entry)
                else: _t[_c] = _n
            else: CHANGE(_st, _v, _cs)
        else: CHANGE(_st, _v, _cs)"""
    gen = e.gen
    v, cs, st, t, c, nv = (gen.fresh(h) for h in ("v", "cs", "st", "t", "c", "n"))

    def slow() -> list[py.stmt]:
        return [py.Expr(_call(gen.const(n.change), name(st), name(v), name(cs)))]
    watched = slow()  # (the change's constant named before the arguments' code, as the rules had it)
    out = [py.Assign([store(v)], e.expr(n.value)), py.Assign([store(cs)], e.expr(n.cards)),
           py.Assign([store(st)], ctx_state())]
    one_card = py.Compare(_call(gen.const(len), name(cs)), [py.Eq()], [const(1)])
    quiet = quiet_test(name(st), [one_card], checked=True)
    one = [py.Assign([store(t)], card_counter_table(name(st), n.key)),
           py.Assign([store(c)], _sub(name(cs), const(0)))]
    if n.op == "=":
        one.append(py.Assign([store(nv)], name(v)))
    else:
        o = gen.fresh("o")
        one += [py.Assign([store(o)], _get(name(t), name(c), const(n.start))),
                py.Assign([store(nv)], py.BinOp(name(o), py.Add() if n.op == "+=" else py.Sub(), name(v)))]
    # its own bounds, else NUMBER_LIMIT's (past which the change refuses the number)
    bounds = [py.Compare(name(nv), [py.GtE()], [const(n.minimum)]) if n.minimum is not None else
              py.Compare(name(nv), [py.Gt()], [const(-NUMBER_LIMIT)]),
              py.Compare(name(nv), [py.LtE()], [const(n.maximum)]) if n.maximum is not None else
              py.Compare(name(nv), [py.Lt()], [const(NUMBER_LIMIT)])]
    kept = [py.If(py.Compare(name(nv), [py.Eq()], [const(n.start)]),
                  [py.Expr(_call(attr(name(t), "pop"), name(c), const(None)))],
                  [py.Assign([py.Subscript(name(t), name(c), py.Store())], name(nv))])]
    kept = [py.If(py.BoolOp(py.And(), bounds), kept, slow())]
    return out + [py.If(quiet, one + kept, watched)]


def _change_counter(e: Emitter, n: N.ChangeCounter) -> list[py.stmt]:
    """`WHOSE.C op V`, a counter of a seat (or a shared one): set_counter's plain case in the code.
        _p = WHOSE; _st = ctx.state; _row = _st.counters[SLOT]; _v = NEW VALUE
        [_o = _row[_p]; _b = _st.banks[BANK]]                  (with a bank: the value before, after the new one)
        if <nobody watches> and MIN <= _v <= MAX [and _b is not None and _v - _o <= _b]:
            [_st.banks[BANK] = _b - (_v - _o)]; _row[_p] = _v
            if _st.check is not None: _st.check.counted(_st, SLOT, _p)   (an invariant checker is told)
        else: SET(_st, SLOT, _p, _v[, clamp=True])
    A shared counter's row is read at 0 (`_p` is handed to SET only).
    SKIP_ZERO (a `+=` or `-=`): `_x = V; if _x: <the above, of _x>`: a change by 0 changes nothing and tells
    nobody (set_counter returns first), and most cards print 0 for most costs."""
    gen = e.gen
    if n.skip_zero and n.op != "=":
        x = gen.fresh("x")
        inner = _change_counter(e, replace(n, value=N.Py(name(x)), skip_zero=False))
        return [py.Assign([store(x)], e.expr(n.value)), py.If(name(x), inner, [])]
    setter = gen.const(n.set)
    whose = e.expr(n.whose)
    # a seat that is a local or a constant (a shared counter's None) is read where it is used, not copied first:
    # nothing between can change it (the new value's code sets only names of its own)
    p = gen.fresh("p") if not isinstance(whose, (py.Name, py.Constant)) else None
    st, row = gen.fresh("st"), gen.fresh("row")

    def seat() -> py.expr:
        return name(p) if p is not None else copy.copy(whose)  # (a node of its own at each place)
    at = seat() if n.per_player else const(0)
    change = e.expr(n.value)
    if n.op == "=":
        new = change
    else:
        new = py.BinOp(_sub(name(row), at), py.Add() if n.op == "+=" else py.Sub(), change)
    # a new value written as a number is used as it is (no local for it)
    v = gen.fresh("v") if not isinstance(new, py.Constant) else None

    def value() -> py.expr:
        return name(v) if v is not None else copy.copy(new)
    kw = [py.keyword("clamp", const(True))] if n.op != "-=" else []
    slow = [py.Expr(py.Call(setter, [name(st), const(n.slot), seat(), value()], kw))]
    out = ([py.Assign([store(p)], whose)] if p is not None else []) + [
        py.Assign([store(st)], ctx_state()), py.Assign([store(row)], counter_row(name(st), n.slot))]
    if v is not None:
        out.append(py.Assign([store(v)], new))
    banked = n.bank is not None
    if banked:  # the value before, read where set_counter would read it: after the new one
        old, bank = gen.fresh("o"), gen.fresh("b")
        out.append(py.Assign([store(old)], _sub(name(row), at)))
    if not n.inline:
        return out + slow
    quiet: list[py.expr] = []  # besides nobody watching
    known = new.value if isinstance(new, py.Constant) and type(new.value) is int else None
    # A counter is always within its bounds (set_counter keeps it there; runtime/invariants.py checks it), so
    # `-= K` of a K never below 0 (written, or a property every card prints so) cannot pass its upper bound,
    # nor `+= K` its lower one: those tests go.
    written = type(change) is py.Constant and type(change.value) is int
    lowest = change.value if written else n.lowest
    step = n.op != "=" and gen.options.on("bounds") and lowest is not None and lowest >= 0
    up_ok, down_ok = step and n.op == "-=", step and n.op == "+="
    if n.minimum is not None and (known is None or known < n.minimum) and not down_ok:
        quiet.append(py.Compare(value(), [py.GtE()], [const(n.minimum)]))
    if n.maximum is not None and (known is None or known > n.maximum) and not up_ok:
        quiet.append(py.Compare(value(), [py.LtE()], [const(n.maximum)]))
    # no bound of its own: NUMBER_LIMIT's (past it, set_counter refuses the number), which a value of known size
    # set (`=`) cannot reach
    if n.op == "=" and n.size is not None and n.size < NUMBER_LIMIT:
        up_ok = down_ok = n.minimum is None and n.maximum is None
    if n.minimum is None and (known is None or known <= -NUMBER_LIMIT) and not down_ok:
        quiet.append(py.Compare(value(), [py.Gt()], [const(-NUMBER_LIMIT)]))
    if n.maximum is None and (known is None or known >= NUMBER_LIMIT) and not up_ok:
        quiet.append(py.Compare(value(), [py.Lt()], [const(NUMBER_LIMIT)]))
    put = [py.Assign([py.Subscript(name(row), at, py.Store())], value())]
    if banked:
        delta = py.BinOp(value(), py.Sub(), name(old))
        out.append(py.Assign([store(bank)], _sub(banks(name(st)), const(n.bank))))
        # a bank of None (a counter drawing on one that has none) is set_counter's to refuse; a bank never
        # holds less than 0 (runtime/invariants.py check_bank), so it covers any `-=` of a value never below 0
        if not n.bank_known:
            quiet.append(py.Compare(name(bank), [py.IsNot()], [const(None)]))
        if not (n.bank_known and n.op == "-=" and lowest is not None and lowest >= 0):
            quiet.append(py.Compare(delta, [py.LtE()], [name(bank)]))
        put.insert(0, py.Assign([py.Subscript(banks(name(st)), const(n.bank), py.Store())],
                                py.BinOp(name(bank), py.Sub(), delta)))
    # Checked games keep this path too (one test, where `quiet` had it), so the checker sees the games as
    # they run unchecked, at the cost of one call.
    check = checker(name(st))
    put.append(py.If(py.Compare(check, [py.IsNot()], [const(None)]),
                     [py.Expr(_call(attr(check, L.COUNTED), name(st), const(n.slot), at))], []))
    return out + [py.If(quiet_test(name(st), quiet), put, slow)]


def _set_numbers(e: Emitter, n: N.SetNumbers) -> list[py.stmt]:
    """_p = WHOSE; _v = VALUES; _st = ctx.state
    if <quiet> and _st.check is None: _st.counters[SLOT][_p] = tuple(_v)   (a shared counter's row at 0)
    else: SET(_st, SLOT, _p, _v)"""
    gen = e.gen
    p, v, st = gen.fresh("p"), gen.fresh("v"), gen.fresh("st")
    values = e.expr(n.values)
    new = values if type(values) is py.Tuple and not values.elts else _call(gen.const(tuple), name(v))
    at = name(p) if n.per_player else const(0)
    put = py.Assign([py.Subscript(counter_row(name(st), n.slot), at, py.Store())], new)
    slow = py.Expr(_call(gen.const(n.set), name(st), const(n.slot), name(p), name(v)))
    return [py.Assign([store(p)], e.expr(n.whose)), py.Assign([store(v)], values), py.Assign([store(st)], ctx_state()),
            py.If(quiet_test(name(st), checked=True), [put], [slow])]


def _move_one(e: Emitter, n: N.MoveOne) -> list[py.stmt]:
    """`move CARD to DEST` for one card: the reference's quiet case in the code itself, else its call.

        _c = CARD; _d = DEST; _st = ctx.state; _src = _st.loc[_c]
        if <quiet> and not _st.host and not _st.peeked and _src.cells is None
                [and _d.cells is None and not _d.spec.piles]:               (unless DEST_PLAIN)
            if _src is not _d:
                _h = _src.cards
                if _h[-1] == _c: _h.pop()
                else: _h.remove(_c)
                if not _h and _src.pile: _st.empty_known = None         (a pile emptied: a pile's key is a name)
                _d.cards.append(_c); _st.loc[_c] = _d
                if _st.check is not None: _st.check.moved(_st, _c, _src, _d)
        else: MOVE(ctx, _d, [_c])

    CARD's code when it is a local is used as it is (no `_c`). With the pass `grid-moves`, in a game with a grid,
    a card leaving a grid for DEST is moved in the code too (emit_moves.py off_grid) when the checker is off:
        if <quiet> and not _st.host and not _st.peeked [and DEST plain]:
            if _src.cells is None: <the above>
            elif _st.check is None: <off_grid>
            else: MOVE(ctx, _d, [_c])
        else: MOVE(ctx, _d, [_c])"""
    gen = e.gen
    card = e.expr(n.card)
    c = card.id if isinstance(card, py.Name) else gen.fresh("c")
    d, st, src, h = (gen.fresh(x) for x in ("d", "st", "src", "h"))
    def no_cells(zone: str) -> list[py.expr]:  # (none to test in a game with no grid: MoveOne.gridless)
        return [] if n.gridless else [py.Compare(attr(name(zone), L.CELLS), [py.Is()], [const(None)])]
    dest_plain = [] if n.dest_plain else [*no_cells(d), py.UnaryOp(py.Not(), attr(attr(name(d), L.SPEC), L.PILES))]
    # a card leaving a grid moved in the code as well (the pass `grid-moves`): SRC's cells tested inside
    grid = not n.gridless and gen.options.on("grid-moves")
    quiet = quiet_test(name(st), [py.UnaryOp(py.Not(), attr(name(st), L.HOST)),
                                  py.UnaryOp(py.Not(), attr(name(st), L.PEEKED)), *([] if grid else no_cells(src)),
                                  *dest_plain])
    take = py.If(py.Compare(_sub(name(h), py.UnaryOp(py.USub(), const(1))), [py.Eq()], [name(c)]),
                 [py.Expr(_call(attr(name(h), "pop")))], [py.Expr(_call(attr(name(h), "remove"), name(c)))])
    check = attr(name(st), L.CHECK)
    # a pile that loses its last card: empty_piles counts again (runtime/state.py's empty_known)
    emptied = py.If(py.BoolOp(py.And(), [py.UnaryOp(py.Not(), name(h)), attr(name(src), L.PILE)]),
                    [py.Assign([py.Attribute(name(st), L.EMPTY_KNOWN, py.Store())], const(None))], [])
    moved = py.If(py.Compare(name(src), [py.IsNot()], [name(d)]), [
        py.Assign([store(h)], attr(name(src), L.CARDS)), take, emptied,
        py.Expr(_call(attr(attr(name(d), L.CARDS), "append"), name(c))),
        py.Assign([py.Subscript(attr(name(st), L.LOC), name(c), py.Store())], name(d)),
        py.If(py.Compare(check, [py.IsNot()], [const(None)]),
              [py.Expr(_call(attr(attr(name(st), L.CHECK), L.MOVED), name(st), name(c), name(src), name(d)))],
              [])], [])
    slow = py.Expr(_call(gen.const(n.move), name(CTX), name(d), py.List([name(c)], py.Load())))
    first = [] if isinstance(card, py.Name) else [py.Assign([store(c)], card)]
    done = py.If(quiet, [moved], [slow])
    if grid:  # (compile/passes.py)
        off = py.If(py.Compare(check, [py.Is()], [const(None)]),
                    emit_moves.off_grid(name(st), name(c), name(src), name(d), gen.fresh("h"), gen.fresh("cl")),
                    [copy.deepcopy(slow)])
        done = py.If(quiet, [py.If(no_cells(src)[0], [moved], [off])], [slow])
    return [*first, py.Assign([store(d)], e.expr(n.dest)),
            py.Assign([store(st)], ctx_state()),
            py.Assign([store(src)], _sub(attr(name(st), L.LOC), name(c))),
            done]


# An expression computed by statements (a decision: ir/emit_ask.py) when it is a `let`'s whole value: its rule,
# rule(e, node, put, read), gives those statements, each of its results stored by PUT(value) (the let's own store,
# made where the result is known) and read back by READ() (elsewhere its expression rule is used).
VALUE_RULES: dict[type, Callable[..., list[py.stmt]]] = dict(LOOP_VALUE_RULES)


def _let(e: Emitter, n: N.Let) -> list[py.stmt]:
    """`_v = VALUE` for a local; for a rules name, `ctx.vars["n"] = VALUE` (or `_ln = ctx.vars["n"] = VALUE`
    where the function keeps it in a local: codegen's set_var, VALUE emitted first). A VALUE computed by
    statements (VALUE_RULES): those, storing its result where it is known."""
    gen = e.gen
    if type(n.var) is N.Name:
        # an assignment to a name this function declared itself (an own `let` of it came first) is its own too
        rules_name = n.var.name
        own = n.own or (rules_name in gen.local_ok and any(m == rules_name for _, m in gen.own_stores))

        def put(value: py.expr) -> py.stmt:
            return gen.set_var(rules_name, value, own)

        def read() -> py.expr:
            return gen.var(n.var.name)
    else:
        def put(value: py.expr) -> py.stmt:
            return py.Assign([store(e.var(n.var))], value)

        def read() -> py.expr:
            return name(e.var(n.var))
    rule = VALUE_RULES.get(type(n.value))
    if rule is not None:
        return rule(e, n.value, put, read)
    return [put(e.expr(n.value))]


def _loop(e: Emitter, n: N.Loop) -> list[py.stmt]:
    """try:
           for _i in range(OVER): | while OVER: | for _x in OVER:
               _st = ctx.state; _st.steps += 1
               if _st.steps > _st.step_budget: OVER_BUDGET(ctx, SPAN)
               [_lx = ctx.vars["NAME"] = _x]                   (`for`: the item, NAME's local in the body)
               BODY
       except _BreakLoop: pass
    OVER is emitted after BODY (the order the rules had: the generated names follow it). After a `for`, NAME
    is read from the names table again (a loop that ran no pass leaves its local unset). A loop that never
    breaks (Loop.breaks) and whose passes the code counts (_passes), with the pass `charge-once`, charges
    them all before the loop (`_st.steps += N` and its check) and nothing in its body; with `charge-list`, a
    `for` over a list it owns (Listed) of a length the code does not know charges `len` of it so, the list in a
    local, and runs none of it for an empty list."""
    gen = e.gen
    st = gen.fresh("st")
    over = [py.Expr(_call(gen.const(n.over_budget), name(CTX), gen.const(n.span, "span")))]
    unbind = None
    if n.kind == "for":
        x = gen.fresh("x")
        before = gen.locals.get(n.name)
        if n.name in gen.local_ok:  # (written here only: x is the card of the pass all through the body)
            gen.bind_local(n.name, x)
            types = KT.loop_types(gen, n.over) if gen.item_types else frozenset()
            if types:
                gen.item_types[x] = types

        def unbind() -> None:
            gen.item_types.pop(x, None)
            if before is None:
                gen.locals.pop(n.name, None)
            else:
                gen.locals[n.name] = before
    gen.loops += 1  # (a `break` in the body is Python's)
    inner = stmts(e, n.body)
    if unbind is not None and x in gen.item_types and KT.writes(inner, x):
        del gen.item_types[x]  # the body sets the loop's name again: what it holds is not known (known-types)
        inner = stmts(e, n.body)
    gen.loops -= 1
    if unbind is not None:
        unbind()
    over_code = e.expr(n.over)
    passes = _passes(n, over_code) if not n.breaks and gen.options.on("charge-once") else None  # (passes.py)
    bound: list[py.stmt] = []
    if passes is None and type(n.over) is NO.Listed and not n.breaks and gen.options.on("charge-list"):
        # a `for` over a list of cards (numbers, slots) of unknown length that it owns (`play hand where card
        # is Treasure`): the list in a local, its length charged at once (passes.py). Not a loop over players
        # (`others`: often one), where the addition would cost more than the steps it saves
        items = gen.fresh("t")
        bound = [py.Assign([store(items)], over_code)]
        over_code, passes = name(items), _call(gen.const(len), name(items))
    nested = 0
    if type(passes) is int and passes > 0 and gen.options.on("charge-nested"):
        # (passes.py) the body's own first statement a charge of a written amount, made at every pass: all of
        # them charged here, once, with this loop's (the same steps, before the first pass, as charge-once does)
        nested = _first_charge(inner)
        if nested:
            inner = inner[3:] or [py.Pass()]
            passes += passes * nested
    charge = charge_steps(st, const(1) if passes is None else passes if bound else const(passes), over)
    if type(passes) is int and not bound:
        charge[1].__dict__[CHARGE_MARK] = passes  # (a loop around this one may take it into its own charge)
    step = charge if passes is None else []
    if n.kind == "repeat":
        loop: py.stmt = py.For(store(gen.fresh("i")), _call(name("range"), over_code), step + inner, [])
    elif n.kind == "while":
        loop = py.While(over_code, step + inner, [])
    else:  # the step check first, then the loop's name, as the closures did
        named = py.Assign([py.Subscript(ctx_names(), const(n.name), py.Store())], name(x))
        if n.own and n.name in gen.local_ok:  # (read from its local, x, in the body)
            gen.own_stores.append((named, n.name))
        loop = py.For(store(x), over_code, step + [named] + inner, [])
    tried = py.Try([loop], [py.ExceptHandler(name("_BreakLoop"), None, [py.Pass()])], [], [])
    if bound:  # (an empty list: no charge, no loop, as many steps as a loop of no pass)
        return bound + [py.If(name(items), charge + [tried], [])]
    return [tried] if passes is None else charge + [tried]


CHARGE_MARK = "cardlang_charge"  # on the `steps +=` of a loop's charge of a written amount: the amount


def _first_charge(body: list[py.stmt]) -> int:
    """The written amount of BODY's first three statements when they are the charge of a loop of written passes
    (charge_steps: its own state local, `steps +=`, the check; marked by _loop); else 0."""
    if len(body) < 3 or type(body[0]) is not py.Assign or type(body[1]) is not py.AugAssign:
        return 0
    amount = body[1].__dict__.get(CHARGE_MARK)
    return amount if type(amount) is int else 0


def _passes(n: N.Loop, over: py.expr) -> int | None:
    """How many passes a loop that never breaks makes, when its code says so: `repeat N` of a written N, or
    a `for` over a list written out (no `*`); None for any other (charged a step at each pass: an addition
    before a loop over a list of unknown length, often empty or of one card, costs more than it saves)."""
    if n.kind == "repeat" and type(n.over) is N.Const and type(n.over.value) is int:
        return max(n.over.value, 0)
    if n.kind == "for" and type(over) in (py.Tuple, py.List) and not any(type(x) is py.Starred for x in over.elts):
        return len(over.elts)
    return None


def _create_cards(e: Emitter, n: N.CreateCards) -> list[py.stmt]:
    """`create COUNT CARD to DEST` (a zone of no piles): zones.create's quiet case in the code itself.

        _d = CARD; _z = DEST; _n = COUNT              (in the reference's order; a local or constant as it is)
        _st = ctx.state; _i = len(_st.card_def)
        if <quiet> and _n >= 0 and not _st.ids_of and _st.steps + _n <= _st.step_budget
                and _i + _n <= _st.card_limit [and _z.cells is None]:      (unless GRIDLESS)
            _st.steps += _n; _st.card_def.extend([_d] * _n); _st.loc.extend([_z] * _n)
            _z.cards.extend(range(_i, _i + _n))
        else: CREATE(ctx, _d, _z, _n)
    With the pass `create-const`, a COUNT written in the source is not tested for its sign, and for 1 the card is
    appended (`_st.card_def.append(_d)`, `.loc.append(_z)`, `_z.cards.append(_i)`), no list made to extend by."""
    gen = e.gen
    first: list[py.stmt] = []

    def kept(code: py.expr, hint: str) -> Callable[[], py.expr]:  # (a node of its own at each use)
        if not isinstance(code, (py.Name, py.Constant)):
            v = gen.fresh(hint)
            first.append(py.Assign([store(v)], code))
            code = name(v)
        return lambda: copy.copy(code)
    d, z, k = kept(e.expr(n.card), "d"), kept(e.expr(n.dest), "z"), kept(e.expr(n.count), "n")
    st, i = gen.fresh("st"), gen.fresh("i")

    def times(x: py.expr) -> py.expr:
        return py.BinOp(py.List([x], py.Load()), py.Mult(), k())

    def end() -> py.expr:
        return py.BinOp(name(i), py.Add(), k())
    written = k()
    # create-const: a count written in the source is not tested for its sign, and one card is appended
    one = type(written) is py.Constant and type(written.value) is int and gen.options.on("create-const")
    fits = [] if one and written.value >= 0 else [py.Compare(k(), [py.GtE()], [const(0)])]
    fits += _room(st, k(), end())
    if not n.gridless:
        fits.append(py.Compare(attr(z(), L.CELLS), [py.Is()], [const(None)]))
    if one and written.value == 1:
        fast = _add_cards(st, k(), z(), "append", d(), z(), name(i))
    else:
        fast = _add_cards(st, k(), z(), "extend", times(d()), times(z()), _call(name("range"), name(i), end()))
    return [*first, py.Assign([store(st)], ctx_state()),
            py.Assign([store(i)], _call(gen.const(len), attr(name(st), L.CARD_DEF))),
            py.If(quiet_test(name(st), fits), fast, [py.Expr(_call(gen.const(n.create), name(CTX), d(), z(), k()))])]


def _room(st: str, steps: py.expr, end: py.expr) -> list[py.expr]:
    """The tests that the state has room for a quiet create: no card ids kept in a table, STEPS within the
    step budget, the new cards up to END within the card limit."""
    return [py.UnaryOp(py.Not(), attr(name(st), L.IDS_OF)),
            py.Compare(py.BinOp(attr(name(st), L.STEPS), py.Add(), steps), [py.LtE()], [attr(name(st), L.STEP_BUDGET)]),
            py.Compare(end, [py.LtE()], [attr(name(st), L.CARD_LIMIT)])]


def _add_cards(st: str, steps: py.expr, zone: py.expr, how: str, defs: py.expr, locs: py.expr,
               ids: py.expr) -> list[py.stmt]:
    """A quiet create's work: STEPS charged, then DEFS, LOCS and IDS added by HOW (`append` one, `extend`
    several) to the state's definitions, its cards' zones and ZONE's cards."""
    return [py.AugAssign(py.Attribute(name(st), L.STEPS, py.Store()), py.Add(), steps),
            py.Expr(_call(attr(attr(name(st), L.CARD_DEF), how), defs)),
            py.Expr(_call(attr(attr(name(st), L.LOC), how), locs)),
            py.Expr(_call(attr(attr(zone, L.CARDS), how), ids))]


def _create_all(e: Emitter, n: NL.CreateAll) -> list[py.stmt]:
    """A loop of creates as one (the pass `create-all`), as `_create_cards` makes one create:

        _z = DEST; _st = ctx.state; _i = len(_st.card_def)
        if <quiet> and not _st.ids_of and _st.steps + STEPS <= _st.step_budget
                and _i + len(DEFS) <= _st.card_limit and _z.cells is None:
            _st.steps += STEPS; _st.card_def.extend(DEFS); _st.loc.extend([_z] * len(DEFS))
            _z.cards.extend(range(_i, _i + len(DEFS)))
        else: LOOP"""
    gen = e.gen
    z, st, i = gen.fresh("z"), gen.fresh("st"), gen.fresh("i")
    made = len(n.defs.obj)
    end = py.BinOp(name(i), py.Add(), const(made))
    fits = [*_room(st, const(n.steps), end), py.Compare(attr(name(z), L.CELLS), [py.Is()], [const(None)])]
    fast = _add_cards(st, const(n.steps), name(z), "extend", e.expr(n.defs),
                      py.BinOp(py.List([name(z)], py.Load()), py.Mult(), const(made)),
                      _call(name("range"), name(i), copy.copy(end)))
    return [py.Assign([store(z)], e.expr(n.dest)), py.Assign([store(st)], ctx_state()),
            py.Assign([store(i)], _call(gen.const(len), attr(name(st), L.CARD_DEF))),
            py.If(quiet_test(name(st), fits), fast, stmts(e, (n.loop,)))]


STMT_RULES: dict[type, Callable[[Emitter, Any], list[py.stmt]]] = {
    N.Let: lambda e, n: _let(e, n),
    N.OfBlock: lambda e, n: e.gen.items(n.items),
    N.Loop: _loop,
    N.If: lambda e, n: [py.If(e.expr(n.test), stmts(e, n.body), stmts(e, n.orelse) if n.orelse else [])],
    N.Do: lambda e, n: [py.Expr(e.expr(n.value))],
    N.ChangeCardCounter: _change_card_counter,
    N.ChangeCounter: _change_counter,
    N.SetNumbers: _set_numbers,
    N.MoveOne: _move_one,
    N.CreateCards: _create_cards,
    NL.CreateAll: _create_all,
    N.Return: lambda e, n: [py.Return(e.expr(n.value))],
    **LOOP_STMT_RULES,  # (ir/emit_loops.py: loops over a set, a name's +=/-=, attack, phases, break)
    **emit_calls.rules(stmts),  # (ir/nodes_calls.py's: a call's wrappers emit their bodies by `stmts`)
    **emit_moves.rules(stmts),  # (a loop of moves as one, its loop as written emitted by `stmts`)
}
EXPR_RULES.update(LOOP_EXPR_RULES)  # (the emitter's expressions, ir/emit.py, with the loops' over a set)
EXPR_RULES.update(OPS_EXPR_RULES)  # (ir/emit_ops.py: the operators, `Not` and the coercions)


def emit_stmts(gen: "Gen", body: tuple[N.Node, ...]) -> list[py.stmt]:
    """The Python statements of the IR statements BODY, after the passes GEN's options switch on."""
    e = Emitter(gen)
    return stmts(e, tuple(run_passes(st, gen.options) for st in body))
