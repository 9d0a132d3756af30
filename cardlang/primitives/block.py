"""`block`: a counter-claim. A player (usually the target of an action) may claim one of the cards that
counter it; the block is itself a claim, so any other player may call it, and the same outcome blocks run:

    block ROLES by P from WHERE [except P] [unless COND] [tag=TAG] {
      honest { ... }  caught { ... }  stands { ... }  fails { ... }     // as for `claim`
    }

`stands` is where the countered action is stopped; after `fails` (a bluffing blocker caught) it goes on. If P
does not block, no block runs. Knows no game.
"""
from __future__ import annotations

from cardlang.primitives.claim import BINDS, OUTCOMES, outcome_text, settle
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
    # the blocker is read first; the roles only for a blocker still in, the rest once a block is taken. No
    # lowering yet: the roles are most often `cards where card.P == X`, whose generated function reads a table
    # of the definitions by P, where the same filter inlined in the caller scans every definition (measured on
    # a shipped game: +5,800 bytecodes a game with the roles as code in the caller, issue 25)
    lazy = frozenset({"roles", "from", "except", "unless"})

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
        options = list(roles(ctx))
        if not options:
            return
        names = [d.name for d in options]
        # nobody reads it: a bot answering by rule is asked without the Decision and its prompt (ask_rules)
        picks = ask_rules(state, blocker, tag or "block", "cards", options, 0, 1, names) \
            if state.log is None and not state.listeners else None
        if picks is None:
            picks = ask(state, Decision(blocker, tag or "block", f"Block with {' or '.join(names)}?", "cards", options,
                                        0, 1, names))
        if not picks:
            return
        settle(ctx, cases, blocker, options[picks[0]], from_, except_(ctx) if except_ is not None else None,
               bool(unless(ctx)) if unless is not None else False, "challenge")
