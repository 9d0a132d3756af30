"""A claim's outcome blocks inlined in the code that makes the claim (the pass `claim-inline`): the claim is said
and the window opened by `call_claim` as before, and then, in place of `settle_claim` (which runs each outcome
block as a function of its own, after keeping the `caller` and `proof` names that were there and before putting
them back), the blocks' own statements run in the caller's code, with `caller` and `proof` names of its own
(kept in Python locals where the caller keeps names there). The compiler inlines the blocks only where no
enclosing block has a `caller` or `proof` of its own to put back (compile/calls.py `_cases`). Knows no game and
no source construct: the blocks come compiled, as `InlineCases`.
"""
from __future__ import annotations

import ast as py

from cardlang.primitives.lowering import call, const, name, state, store
from cardlang.runtime.events import Settled


class InlineCases:
    """A claim's outcome blocks compiled as statements to inline (by outcome name: compiled block items), with
    the names the claim binds for them, in place of a table of functions."""

    __slots__ = ("items", "names")

    def __init__(self, items: dict, names: tuple[str, ...]) -> None:
        self.items, self.names = items, names

    def __len__(self) -> int:  # (as the table of functions it replaces: a constant of the module, by its size)
        return len(self.items)


def proof_in(state, cards: list[int], role) -> list[int]:
    """The first card of definition ROLE in CARDS, as a list of one, or nothing: the proof of a true claim."""
    defs = state.card_def
    for c in cards:
        if defs[c] is role:
            return [c]
    return []


def tell_settled(state, claimant: int, role, caller: int | None, proof: list[int]) -> None:
    """Say the outcome out loud (someone watches): a bluff caught, or not, as settle_claim says it."""
    outcome = "stands" if caller is None else "honest" if proof else "caught"
    state.emit(Settled(claimant, role.name, caller, outcome))


def lower_inline(gen, cases: InlineCases, call_claim, claimant: py.expr, role: py.expr, silent: py.expr,
                 unless: py.expr, tag: str, cards: py.expr) -> list[py.stmt]:
    """_c = call_claim(ctx.state, CLAIMANT, ROLE, SILENT, UNLESS, TAG)
    _pf = proof_in(ctx.state, CARDS, ROLE)
    caller = _c; proof = _pf                     (names of the rules: locals where the function keeps them)
    if <watched>: tell_settled(ctx.state, CLAIMANT, ROLE, _c, _pf)
    if _c is not None and not _pf: CAUGHT; FAILS
    else: (if _c is not None: HONEST); STANDS
    settle_claim's order and its names, with no call of a block and nothing to put back (no enclosing block
    has these names)."""
    c, pf = gen.fresh("c"), gen.fresh("pf")
    if type(cards) is py.Call and type(cards.func) is py.Name and cards.func.id == "list" and \
            len(cards.args) == 1 and not cards.keywords:
        cards = cards.args[0]  # (a copy of the cards: proof_in only looks through them, once)
    out: list[py.stmt] = []
    if isinstance(unless, py.BoolOp) and isinstance(unless.op, py.Or):
        # `A or B ...` as `if A: _u = True / elif B: ...`: each test the whole test of an `if`, where a count of
        # a `where` compared with 0 becomes a loop that stops at the first item (the pass exists-loops), not a
        # comprehension made and called at every claim
        u = gen.fresh("u")
        tail: list[py.stmt] = [py.Assign([store(u)], const(False))]
        for test in reversed(unless.values):
            tail = [py.If(test, [py.Assign([store(u)], const(True))], tail)]
        out.extend(tail)
        unless = name(u)
    out += [
        py.Assign([store(c)], call(gen.const(call_claim), state(gen), claimant, role, silent, unless, const(tag))),
        py.Assign([store(pf)], call(gen.const(proof_in), state(gen), cards, role))]
    caller_name, proof_name = cases.names
    saved = dict(gen.locals)
    if gen.options.on("name-locals"):  # each is written here only, in this function's own code
        gen.local_ok = gen.local_ok | frozenset(cases.names)
    out.append(gen.set_var(caller_name, name(c), own=True))
    out.append(gen.set_var(proof_name, name(pf), own=True))
    out.append(py.If(gen.watched(), [py.Expr(call(gen.const(tell_settled), state(gen), claimant, role, name(c),
                                                  name(pf)))], []))

    def body(*outcomes: str) -> list[py.stmt]:
        got: list[py.stmt] = []
        for o in outcomes:
            items = cases.items.get(o)
            if items:
                got.extend(gen.emit_ir((gen.ir.OfBlock(items),)))
        return got

    called = py.Compare(name(c), [py.IsNot()], [const(None)])
    bad = body("caught", "fails")
    honest = body("honest")
    good = ([py.If(called, honest, [])] if honest else []) + body("stands")
    if bad or good:
        test = py.BoolOp(py.And(), [called, py.UnaryOp(py.Not(), name(pf))])
        if not good:
            out.append(py.If(test, bad, []))
        elif not bad:
            out.append(py.If(py.UnaryOp(py.Not(), test), good, []))
        else:
            out.append(py.If(test, bad, good))
    gen.locals = saved  # (the names are seen in the outcome blocks only)
    return out
