"""`claim`: a player says they hold a card (to use its ability, or to block), truthfully or not; any other
player may call it. The verb says the claim out loud, opens the challenge window, checks the truth in the zone
or cards given with `from`, and runs the game's own outcome blocks:

    claim ROLE [by P] from WHERE [except P] [unless COND] [tag=TAG] {
      honest { ... }   // called, and WHERE holds ROLE: `caller` and `proof` (the card) are set
      caught { ... }   // called, and it was a bluff: `caller` is set, `proof` is nothing
      stands { ... }   // not called, or called and honest: what the claim was for goes ahead
      fails  { ... }   // caught
    }

What a call costs either side is the game's rule, written in those blocks. `block` (a counter-claim) is built
on the same window. Knows no game.
"""
from __future__ import annotations

import ast as py

from cardlang.primitives.challenge import open_window
from cardlang.primitives.claim_inline import InlineCases, lower_inline
from cardlang.primitives.lowering import CTX, call, const, name, state, store
from cardlang.primitives.registry import BOOL, CARDNAME, CARDS, NAME, PLAYER, Bound, Param, Verb, primitive
from cardlang.runtime.events import Claimed, Settled
from cardlang.runtime.state import Ctx

OUTCOMES = ("honest", "caught", "stands", "fails")
BINDS = (("caller", PLAYER), ("proof", CARDS))
_MISSING = object()


def outcome_text(a: dict) -> str:
    """The sentences for the outcome blocks a call was given (`case:NAME` in the describe arguments)."""
    out = []
    for case, lead in (("honest", "If it is called and true"), ("caught", "If it is called and false"),
                       ("stands", "If it stands"), ("fails", "If it fails")):
        body = a.get(f"case:{case}", "")
        if body:
            out.append(f"{lead}: {body[0].lower() + body[1:]}")
    return " ".join(out)


def _d_claim(a: dict) -> str:
    who = a.get("by") or "you"
    head = f"{'You claim' if who == 'you' else who + ' claims'} {a['role']}; any other player may call it."
    rest = outcome_text(a)
    return f"{head} {rest}" if rest else head


def settle(ctx: Ctx, cases: dict, claimant: int, role, source, silent: int | None, uncallable: bool,
           tag: str) -> None:
    """Say the claim, ask for a call, then run the outcome blocks with `caller` and `proof` set (SOURCE, a
    function of the context, read once the call is made or not)."""
    caller = call_claim(ctx.state, claimant, role, silent, uncallable, tag)
    settle_claim(ctx, cases, claimant, role, caller, source(ctx))


def call_claim(state, claimant: int, role, silent: int | None, uncallable, tag: str) -> int | None:
    """Say the claim out loud and ask the others whether they call it (nobody is asked when UNCALLABLE holds):
    the player who calls, or None. (challenge.record_claim's two lines, here: a call less at every claim.)"""
    name = role.name
    state.claims.append((claimant, name))
    if state.log is not None or state.listeners:
        state.emit(Claimed(claimant, name))
    return None if uncallable else open_window(state, claimant, name, silent, tag)


def settle_claim(ctx: Ctx, cases: dict, claimant: int, role, caller: int | None, cards: list[int]) -> None:
    """Run the outcome blocks of CLAIMANT's claim of ROLE, called by CALLER (None: nobody), its truth in CARDS
    (the first card of ROLE there: `proof`), with `caller` and `proof` set for them (and put back after).
    Spelt out, with no helper called and no comprehension made: a claim is settled at almost every action."""
    state = ctx.state
    defs = state.card_def
    proof: list[int] = []
    for c in cards:
        if defs[c] is role:
            proof = [c]
            break
    vars_ = ctx.vars
    old_caller = vars_.get("caller", _MISSING)
    old_proof = vars_.get("proof", _MISSING)
    vars_["proof"] = proof
    vars_["caller"] = caller
    if state.log is not None or state.listeners:  # the outcome is said out loud: a bluff caught, or not
        outcome = "stands" if caller is None else "honest" if proof else "caught"
        state.emit(Settled(claimant, role.name, caller, outcome))
    get = cases.get
    try:
        if caller is None:
            body = get("stands")
            if body is not None:
                body(ctx)
        elif proof:
            for case in ("honest", "stands"):
                body = get(case)
                if body is not None:
                    body(ctx)
        else:
            vars_["proof"] = []
            for case in ("caught", "fails"):
                body = get(case)
                if body is not None:
                    body(ctx)
    finally:
        if old_caller is _MISSING:
            vars_.pop("caller", None)
        else:
            vars_["caller"] = old_caller
        if old_proof is _MISSING:
            vars_.pop("proof", None)
        else:
            vars_["proof"] = old_proof


def lower_settle(gen, cases: py.expr, claimant: py.expr, role: py.expr, silent: py.expr, unless: py.expr,
                 tag: str, cards: py.expr) -> list[py.stmt]:
    """`_c = call_claim(ctx.state, CLAIMANT, ROLE, SILENT, UNLESS, TAG); settle_claim(ctx, CASES, CLAIMANT,
    ROLE, _c, CARDS)` (CLAIMANT and ROLE read without effect: locals or constants): the claim's truth, CARDS,
    worked out in the code itself once the call is made or not, as settle reads its source."""
    c = gen.fresh("c")
    return [py.Assign([store(c)], call(gen.const(call_claim), state(gen), claimant, role, silent, unless,
                                       const(tag))),
            py.Expr(call(gen.const(settle_claim), name(CTX), cases, claimant, role, name(c), cards))]


def claimant_of(gen, by: py.expr, first: list[py.stmt]) -> py.expr:
    """The player who claims, in a local FIRST sets: BY (the code of a player), or, where it is None (left
    out), the player whose effect runs, as run reads `by if by is not None else ctx.you`."""
    you = gen.emit_expr(gen.ir.You())
    if isinstance(by, py.Constant):  # (known now: None where the argument is left out)
        return local(gen, you if by.value is None else by, "who", first)
    if type(gen.ir_mark(by)) is gen.ir.You:  # (a player read as `you` is never None)
        return local(gen, by, "who", first)
    b = local(gen, by, "b", first)
    return local(gen, py.IfExp(py.Compare(b, [py.IsNot()], [const(None)]), b, you), "who", first)


def local(gen, code: py.expr, hint: str, first: list[py.stmt]) -> py.expr:
    """CODE itself when it reads nothing (a local, a constant), else a new local FIRST sets to it."""
    if isinstance(code, (py.Name, py.Constant)):
        return code
    n = gen.fresh(hint)
    first.append(py.Assign([store(n)], code))
    return name(n)


@primitive
class Claim(Verb):
    """Claim to hold ROLE (the truth is in the `from` zone or cards); the others may call it, in seat order
    from the claimant's left (never the `except` player; nobody `unless` COND holds); then run the outcome blocks.
    Example: claim Assessor from hand { caught { lose_card; } stands { morale += 1; } }"""

    verb = "claim"
    params = (Param("role", CARDNAME), Param("by", PLAYER, None, required=False, aliases=("by",)),
              Param("from", CARDS, aliases=("from",)), Param("except", PLAYER, None, required=False, aliases=("except",)),
              Param("unless", BOOL, None, required=False, aliases=("unless",)),
              Param("tag", NAME, "challenge", required=False))
    cases = OUTCOMES
    binds = BINDS
    compiled = ("cases",)  # the compiled outcome blocks, by name
    lazy = frozenset({"from"})  # the truth is looked up once the claim is called (or not)
    lowers_lazy = True
    inline_cases = True  # its lowering may run the outcome blocks in place (claim_inline.py)

    def describe(self, a: dict) -> str:
        return _d_claim(a)

    def prepare(self, b: Bound, info) -> dict:
        return {"cases": b.cases}

    @staticmethod
    def run(ctx: Ctx, cases, tag, by, role, except_, unless, from_) -> None:
        settle(ctx, cases, by if by is not None else ctx.you, role, from_, except_,
               bool(unless) if unless is not None else False, tag or "challenge")

    def lower(self, gen, args: list, site) -> list:
        """The claimant (BY, or the player whose effect runs) and ROLE in locals, then `lower_settle`'s code,
        which works out the `from` cards itself once the call is made or not (no function of the context made
        for them); or, where the compiler gave the outcome blocks as statements, those inlined
        (claim_inline.py)."""
        cases, tag, by, role, except_, unless, from_ = args
        first: list[py.stmt] = []
        claimant = claimant_of(gen, by, first)
        role = local(gen, role, "r", first)
        if isinstance(site.known[0], InlineCases):  # (the pass claim-inline: compile/calls.py _cases)
            return first + lower_inline(gen, site.known[0], call_claim, claimant, role, except_, unless,
                                        site.known[1] or "challenge", from_)
        return first + lower_settle(gen, cases, claimant, role, except_, unless, site.known[1] or "challenge",
                                    from_)
