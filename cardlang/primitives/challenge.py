"""The challenge window of a claim: every other player may call it, asked one at a time in seat order from the
claimant's left; the first to call is the only challenger. Also the public record of claims that bots may read:
`claimed()`, `claimant()`, `claims(P, ROLE)`. Knows no game: what a claim is worth, and what a call costs, is
written in the language (see `claim`).
"""
from __future__ import annotations

import ast as py

from cardlang.primitives.lowering import attr, call, const, state, subscript
from cardlang.primitives.registry import CARDNAME, PLAYER, Function, Param, primitive
from cardlang.runtime.decisions import ask
from cardlang.runtime import events as E  # (events by module: Claimed is also a function here)
from cardlang.runtime.state import Ctx, Decision, GameState, IllegalAction


def record_claim(state: GameState, claimant: int, role: str) -> None:
    """Say a claim out loud: everyone hears it, so it joins the public record (and the log)."""
    state.claims.append((claimant, role))
    if state.log is not None or state.listeners:
        state.emit(E.Claimed(claimant, role))


def open_window(state: GameState, claimant: int, role: str, silent: int | None = None,
                tag: str = "challenge") -> int | None:
    """Ask each player still in, from the claimant's left, whether they call the claim; return the first who
    does, or None. SILENT (a player who must say nothing) and the claimant are not asked."""
    quiet = state.log is None and not state.listeners
    out = state.out
    for q in state.others[claimant]:  # (the seats from the claimant's left: the state's seat table)
        if q == silent or out[q]:  # (out: also a seat put out by a test, its table not made again)
            continue
        # nobody reads it: a bot answering by rule is asked without the Decision and its prompt (ask_rules's
        # own steps for a question of one option: a call fewer at each seat asked)
        on = getattr(state.agents[q], "decide_on", None) if quiet else None
        if on is not None:
            if state.check is not None:  # a change that no mutation reported is found before the next answer
                state.check.checkpoint(state, "before a decision")
            picks = on(state, q, tag, "yesno", ["yes"], 0, 1, ["yes"], None)
        else:
            picks = ask(state, Decision(q, tag, f"Call p{claimant + 1}'s claim of {role}?", "yesno", ["yes"], 0, 1,
                                        ["yes"]))
        if picks:
            if state.log is not None or state.listeners:
                state.emit(E.Challenged(q, claimant, role))
            return q
    return None


@primitive
class Challenger(Function):
    """Announce that CLAIMANT claims ROLE, then ask the others in seat order from the claimant's left (never
    SILENT) whether they call it: the first who calls, or nobody. Asks with the tag `challenge`.
    Example: let caller = challenger(you, Assessor);"""

    verb = "challenger"
    params = (Param("claimant", PLAYER), Param("role", CARDNAME), Param("silent", PLAYER, None, required=False))
    returns = "players"

    def describe(self, a: dict) -> str:
        return "the first player to call the claim of"

    @staticmethod
    def run(state: GameState, claimant: int, role, silent: int | None = None) -> list[int]:
        name = role.name
        record_claim(state, claimant, name)
        caller = open_window(state, claimant, name, silent)
        return [] if caller is None else [caller]


@primitive
class Claimed(Function):
    """The card name of the latest claim (public: everyone heard it); for bots deciding whether to call.
    Example: count(claimed() in discard)"""

    verb = "claimed"
    returns = CARDNAME

    def describe(self, a: dict) -> str:
        return "the card last claimed"

    @staticmethod
    def run(state: GameState):
        if not state.claims:
            raise IllegalAction("no claim has been made yet")
        return state.def_by_name[state.claims[-1][1]]

    def lower(self, gen, args: list) -> py.expr:
        """`S.def_by_name[S.claims[-1][1]] if S.claims else run(S)`: read in the code itself (run raises
        when no claim has been made)."""
        return _latest(gen, self.run, lambda last: subscript(gen.emit_expr(gen.ir.DefsByName()),
                                                             subscript(last, const(1))))


@primitive
class Claimant(Function):
    """The player who made the latest claim (public).
    Example: claimant() == left"""

    verb = "claimant"
    returns = PLAYER

    def describe(self, a: dict) -> str:
        return "the player who claimed last"

    @staticmethod
    def run(state: GameState) -> int:
        if not state.claims:
            raise IllegalAction("no claim has been made yet")
        return state.claims[-1][0]

    def lower(self, gen, args: list) -> py.expr:
        """`S.claims[-1][0] if S.claims else run(S)`: read in the code itself (run raises when no claim has
        been made)."""
        return _latest(gen, self.run, lambda last: subscript(last, const(0)))


@primitive
class Claims(Function):
    """How many times PLAYER has claimed ROLE so far this game (public: every claim is said out loud).
    Example: claims(claimant(), Assessor)"""

    verb = "claims"
    params = (Param("player", PLAYER), Param("role", CARDNAME))
    returns = "int"

    def describe(self, a: dict) -> str:
        return "the number of claims by"

    @staticmethod
    def run(state: GameState, player: int, role) -> int:
        name = role.name
        return state.claims.count((player, name))  # claims are (player, role name) pairs: counted in C

    def lower(self, gen, args: list) -> py.expr:
        """`S.claims.count((PLAYER, ROLE.name))` in the code itself (PLAYER before ROLE, as run gets them)."""
        player, role = args
        name = gen.emit_expr(gen.ir.NameOf(gen.ir.Py(role)))
        return call(attr(gen.emit_expr(gen.ir.ClaimsMade()), "count"), py.Tuple([player, name], py.Load()))


def _latest(gen, run, read) -> py.expr:
    """READ(S.claims[-1]) if S.claims else RUN(S): the latest claim read in the code, the reference called
    (to raise its error) only when there is none."""
    claims = gen.emit_expr(gen.ir.ClaimsMade())
    return py.IfExp(claims, read(subscript(gen.emit_expr(gen.ir.ClaimsMade()), const(-1))),
                    call(gen.const(run), state(gen)))
