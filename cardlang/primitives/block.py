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

from cardlang.primitives.claim import BINDS, OUTCOMES, claimant_of, lower_settle, outcome_text, settle
from cardlang.primitives.lowering import call, const, name, state, store
from cardlang.primitives.registry import BOOL, CARDNAMES, CARDS, NAME, PLAYER, Bound, Param, Verb, primitive
from cardlang.runtime.decisions import ask
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
    # the blocker is read first; the roles only for a blocker still in, the rest once a block is taken
    lazy = frozenset({"roles", "from", "except", "unless"})
    lowers_lazy = True

    def describe(self, a: dict) -> str:
        return _d_block(a)

    def prepare(self, b: Bound, info) -> dict:
        return {"cases": b.cases}

    @staticmethod
    def run(ctx: Ctx, cases, tag, by, roles, from_, except_, unless) -> None:
        state = ctx.state
        blocker = by if by is not None else ctx.you
        if state.out[blocker]:
            return
        role = offer_block(state, blocker, roles(ctx), tag)
        if role is None:
            return
        settle(ctx, cases, blocker, role, from_, except_(ctx) if except_ is not None else None,
               bool(unless(ctx)) if unless is not None else False, "challenge")

    def lower(self, gen, args: list, site) -> list:
        """`_k = BY; if in_game(ctx.state, _k): _r = offer_block(ctx.state, _k, ROLES, TAG); if _r is not None:
        <lower_settle's code>`: the roles, the `except` player, the `unless` condition and the `from` cards
        worked out in the code itself where run reads them (no function of the context made for them)."""
        cases, tag, by, roles, from_, except_, unless = args
        first: list[py.stmt] = []
        blocker = claimant_of(gen, by, first)
        r = gen.fresh("r")
        offer = py.Assign([store(r)], call(gen.const(offer_block), state(gen), blocker, roles,
                                           const(site.known[1] or "block")))
        taken = py.If(py.Compare(name(r), [py.IsNot()], [const(None)]),
                      lower_settle(gen, cases, blocker, name(r), except_, unless, "challenge", from_), [])
        return first + [py.If(call(gen.const(in_game), state(gen), blocker), [offer, taken], [])]


def in_game(state, player: int) -> bool:
    """Is PLAYER still in the game (one who is out is offered no block)?"""
    return not state.out[player]


def offer_block(state, blocker: int, roles, tag: str) -> object | None:
    """Ask BLOCKER whether to block with one of ROLES (decision tag TAG, or `block`): the card claimed, or None
    (no roles, or the block declined)."""
    options = list(roles)
    if not options:
        return None
    names = [d.name for d in options]
    d = Decision(blocker, tag or "block", f"Block with {' or '.join(names)}?", "cards", options, 0, 1, names)
    picks = ask(state, d)
    return options[picks[0]] if picks else None
