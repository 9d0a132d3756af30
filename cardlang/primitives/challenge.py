"""The challenge window of a claim: every other player may call it, asked one at a time in seat order from the
claimant's left; the first to call is the only challenger. Also the public record of claims that bots may read:
`claimed()`, `claimant()`, `claims(P, ROLE)`. Knows no game: what a claim is worth, and what a call costs, is
written in the language (see `claim`).
"""
from __future__ import annotations

from cardlang.primitives.registry import CARDNAME, PLAYER, Param, primitive
from cardlang.runtime.decisions import ask
from cardlang.runtime.events import Challenged, Claimed
from cardlang.runtime.state import Ctx, Decision, GameState


def record_claim(state: GameState, claimant: int, role: str) -> None:
    """Say a claim out loud: everyone hears it, so it joins the public record (and the log)."""
    state.claims.append((claimant, role))
    if state.log is not None or state.listeners:
        state.emit(Claimed(claimant, role))


def open_window(state: GameState, claimant: int, role: str, silent: int | None = None,
                tag: str = "challenge") -> int | None:
    """Ask each player still in, from the claimant's left, whether they call the claim; return the first who
    does, or None. SILENT (a player who must say nothing) and the claimant are not asked."""
    n = state.num_players
    for i in range(1, n):
        q = (claimant + i) % n
        if state.out[q] or q == silent:
            continue
        d = Decision(q, tag, f"Call p{claimant + 1}'s claim of {role}?", "yesno", ["yes"], 0, 1, ["yes"])
        if ask(state, d):
            if state.log is not None or state.listeners:
                state.emit(Challenged(q, claimant, role))
            return q
    return None


@primitive("challenger", Param("claimant", PLAYER), Param("role", CARDNAME),
           Param("silent", PLAYER, None, required=False), kind="function", returns="players",
           describe=lambda a: "the first player to call the claim of")
def build_challenger(comp, ces, spans):
    """Announce that CLAIMANT claims ROLE, then ask the others in seat order from the claimant's left (never
    SILENT) whether they call it: the first who calls, or nobody. Asks with the tag `challenge`.
    Example: let caller = challenger(you, Assessor);"""
    from cardlang.primitives.types import CE, PLAYERS
    who = comp.coerce(ces[0], PLAYER, spans[0])
    role = comp.coerce(ces[1], CARDNAME, spans[1])
    silent = comp.coerce(ces[2], PLAYER, spans[2]) if len(ces) > 2 else None

    def run_challenger(ctx: Ctx) -> list[int]:
        state = ctx.state
        claimant, name = who(ctx), role(ctx).name
        record_claim(state, claimant, name)
        caller = open_window(state, claimant, name, silent(ctx) if silent is not None else None)
        return [] if caller is None else [caller]
    return CE(run_challenger, PLAYERS)


@primitive("claimed", kind="function", returns=CARDNAME, describe=lambda a: "the card last claimed")
def build_claimed(comp, ces, spans):
    """The card name of the latest claim (public: everyone heard it); for bots deciding whether to call.
    Example: count(claimed() in discard)"""
    from cardlang.primitives.types import CE, CARDNAME as T
    from cardlang.runtime.state import IllegalAction

    def run_claimed(ctx: Ctx):
        state = ctx.state
        if not state.claims:
            raise IllegalAction("no claim has been made yet")
        return state.def_by_name[state.claims[-1][1]]
    return CE(run_claimed, T)


@primitive("claimant", kind="function", returns=PLAYER, describe=lambda a: "the player who claimed last")
def build_claimant(comp, ces, spans):
    """The player who made the latest claim (public).
    Example: claimant() == left"""
    from cardlang.primitives.types import CE, PLAYER as T
    from cardlang.runtime.state import IllegalAction

    def run_claimant(ctx: Ctx) -> int:
        state = ctx.state
        if not state.claims:
            raise IllegalAction("no claim has been made yet")
        return state.claims[-1][0]
    return CE(run_claimant, T)


@primitive("claims", Param("player", PLAYER), Param("role", CARDNAME), kind="function", returns="int",
           describe=lambda a: "the number of claims by")
def build_claims(comp, ces, spans):
    """How many times PLAYER has claimed ROLE so far this game (public: every claim is said out loud).
    Example: claims(claimant(), Assessor)"""
    from cardlang.primitives.types import CE, INT
    who = comp.coerce(ces[0], PLAYER, spans[0])
    role = comp.coerce(ces[1], CARDNAME, spans[1])

    def run_claims(ctx: Ctx) -> int:
        p, name = who(ctx), role(ctx).name
        return sum(1 for q, r in ctx.state.claims if q == p and r == name)
    return CE(run_claims, INT)
