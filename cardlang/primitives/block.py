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
from cardlang.primitives.registry import BOOL, CARDNAMES, CARDS, NAME, PLAYER, Bound, Param, primitive
from cardlang.runtime.decisions import ask
from cardlang.runtime.state import Ctx, Decision


def _d_block(a: dict) -> str:
    who = a.get("by") or "you"
    roles = a["roles"].replace(" and ", " or ")  # one of them
    head = (f"{'You' if who == 'you' else who} may block by claiming {roles}; any other player may "
            "call it.")
    rest = outcome_text(a)
    return f"{head} {rest}" if rest else head


@primitive("block", Param("roles", CARDNAMES), Param("by", PLAYER, None, required=False, aliases=("by",)),
           Param("from", CARDS, aliases=("from",)), Param("except", PLAYER, None, required=False, aliases=("except",)),
           Param("unless", BOOL, None, required=False, aliases=("unless",)),
           Param("tag", NAME, "block", required=False), cases=OUTCOMES, binds=BINDS, describe=_d_block)
def build_block(b: Bound, info) -> object:
    """Offer P a block with one of ROLES (decision tag `block`, or TAG; picking none declines); a block taken
    is a claim of that card, checked in the `from` zone, which the others may call; then the outcome blocks run.
    Example: block [Warden] by t from t.hand { stands { blocked = 1; } }"""
    roles, by, source = b.values["roles"], b.values["by"], b.values["from"]
    silent, unless = b.values["except"], b.values["unless"]
    tag = b.consts.get("tag") or "block"
    cases = b.cases

    def run_block(ctx: Ctx) -> None:
        state = ctx.state
        blocker = by(ctx) if by is not None else ctx.you
        if state.out[blocker]:
            return
        options = list(roles(ctx))
        if not options:
            return
        names = [d.name for d in options]
        d = Decision(blocker, tag, f"Block with {' or '.join(names)}?", "cards", options, 0, 1, names)
        picks = ask(state, d)
        if not picks:
            return
        settle(ctx, cases, blocker, options[picks[0]], source, silent(ctx) if silent is not None else None,
               bool(unless(ctx)) if unless is not None else False, "challenge")
    return run_block
