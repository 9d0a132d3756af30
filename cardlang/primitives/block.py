"""`block`: a counter-claim. A player (usually the target of an action) may claim one of the cards that
counter it; the block is itself a claim, so any other player may call it, and the same outcome blocks run:

    block ROLES by P from WHERE [except P] [unless COND] [tag=TAG] {
      honest { ... }  caught { ... }  stands { ... }  fails { ... }     // as for `claim`
    }

`stands` is where the countered action is stopped; after `fails` (a bluffing blocker caught) it goes on. If P
does not block, no block runs. Knows no game.
"""
from __future__ import annotations

import ast as py

from cardlang.primitives.claim import BINDS, OUTCOMES, call_claim, claimant_of, outcome_text, settle
from cardlang.primitives.claim_inline import InlineCases, lower_inline
from cardlang.primitives.lowering import CTX, call, const, name, store
from cardlang.primitives.registry import BOOL, CARDNAMES, CARDS, NAME, PLAYER, Bound, Param, Verb, primitive
from cardlang.runtime.decisions import ask, ask_rules
from cardlang.runtime.state import Ctx, Decision


def _d_block(a: dict) -> str:
    who = a.get("by") or "you"
    roles = a["roles"].replace(" and ", " or ")  # one of them
    head = (f"{'You' if who == 'you' else who} may block by claiming {roles}; any other player may "
            "call it.")
    rest = outcome_text(a)
    return f"{head} {rest}" if rest else head


@primitive
class Block(Verb):
    """Offer P a block with one of ROLES (decision tag `block`, or TAG; picking none declines); a block taken
    is a claim of that card, checked in the `from` zone, which the others may call; then the outcome blocks run.
    Example: block [Warden] by t from t.hand { stands { blocked = 1; } }"""

    verb = "block"
    params = (Param("roles", CARDNAMES), Param("by", PLAYER, None, required=False, aliases=("by",)),
              Param("from", CARDS, aliases=("from",)), Param("except", PLAYER, None, required=False, aliases=("except",)),
              Param("unless", BOOL, None, required=False, aliases=("unless",)),
              Param("tag", NAME, "block", required=False))
    cases = OUTCOMES
    binds = BINDS
    compiled = ("cases",)  # the compiled outcome blocks, by name
    # the blocker is read first; the roles only for a blocker still in, the rest once a block is taken. The
    # lowering (claim-inline) still calls them as functions: the roles are most often `cards where card.P ==
    # X`, whose generated function reads a table of the definitions by P, where the same filter inlined in the
    # caller scans every definition (measured on a shipped game: +5,800 bytecodes a game with the roles as code
    # in the caller, issue 25)
    lazy = frozenset({"roles", "from", "except", "unless"})
    inline_cases = True  # its lowering runs the outcome blocks in place where the compiler inlines them

    def describe(self, a: dict) -> str:
        return _d_block(a)

    def prepare(self, b: Bound, info) -> dict:
        return {"cases": b.cases}

    @staticmethod
    def run(ctx: Ctx, cases, tag, by, roles, from_, except_, unless) -> None:
        blocker = by if by is not None else ctx.you
        role = offer_block(ctx, tag or "block", blocker, roles)
        if role is None:
            return
        settle(ctx, cases, blocker, role, from_, except_(ctx) if except_ is not None else None,
               bool(unless(ctx)) if unless is not None else False, "challenge")

    def lower(self, gen, args: list, site) -> list | None:
        """Where the compiler gave the outcome blocks as statements (the pass claim-inline), the offer made by
        `offer_block`, then the claim's code with those blocks in place (claim_inline.py); else None: `run`."""
        cases = site.known[0]
        if not isinstance(cases, InlineCases):
            return None
        _, _, by, roles, from_, except_, unless = args
        first: list = []
        blocker = claimant_of(gen, by, first)
        role = gen.fresh("r")
        ctx = name(CTX)
        silent = const(None) if _none(except_) else call(except_, ctx)
        unless_ = const(False) if _none(unless) else call(gen.const(bool), call(unless, ctx))
        claim = lower_inline(gen, cases, call_claim, blocker, name(role), silent, unless_, "challenge",
                             call(from_, ctx))
        offer = call(gen.const(offer_block), ctx, const(site.known[1] or "block"), blocker, roles)
        return first + [py.Assign([store(role)], offer),
                        py.If(py.Compare(name(role), [py.IsNot()], [const(None)]), claim, [])]


def _none(code) -> bool:
    return isinstance(code, py.Constant) and code.value is None


def offer_block(ctx: Ctx, tag: str, blocker: int, roles) -> object | None:
    """Offer BLOCKER, if still in, a block with one of ROLES (a function of the context); the definition they
    block with, or None (nothing to offer, or none taken)."""
    state = ctx.state
    if state.out[blocker]:
        return None
    options = list(roles(ctx))
    if not options:
        return None
    names = [d.name for d in options]
    # nobody reads it: a bot answering by rule is asked without the Decision and its prompt (ask_rules)
    picks = ask_rules(state, blocker, tag, "cards", options, 0, 1, names) \
        if state.log is None and not state.listeners else None
    if picks is None:
        picks = ask(state, Decision(blocker, tag, f"Block with {' or '.join(names)}?", "cards", options, 0, 1, names))
    return options[picks[0]] if picks else None
