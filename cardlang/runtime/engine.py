"""The game loop: set-up, turns in seat order, end check, scores and winners. Game-agnostic: every rule
comes in as a compiled closure."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from cardlang.runtime.events import Ended, GameEnded, Pool, Turn
from cardlang.runtime.checker import as_checker
from cardlang.runtime.state import Ctx, GameOver, GameState

MAX_TURNS = 1000  # a game still going after this many turns is stopped as a draw (e.g. two passive bots)


@dataclass
class GameResult:
    winners: list[int]
    scores: list[int]
    turns: list[int]
    state: GameState
    stopped: bool = False  # ended by the turn limit, not by the rules


def choose_pools(game, state: GameState, pools: dict[str, list] | None) -> None:
    """Fill each pool: as given, else its default, else a random pick from the game RNG (logged)."""
    pools = pools or {}
    for name, pool in game.pools.items():
        given = pools.get(name)
        if given == "random" or (given is None and not pool.default):
            chosen = state.rng.sample(pool.candidates, min(pool.size, len(pool.candidates)))
            chosen.sort(key=lambda d: (d.props.get("cost", 0), d.name))
        elif given is not None:
            chosen = list(given)
        else:
            chosen = list(pool.default)
        state.vars[name] = chosen
        if state.log is not None or state.listeners:
            state.emit(Pool(name, tuple(d.name for d in chosen)))


def setup_game(game, agents: list, seed: int, *, pools=None, log: bool = False,
               check: Callable | None = None, variants=(), on_state: Callable | None = None) -> GameState:
    state = game.new_state(len(agents), seed, log=log)
    state.variants = frozenset(variants)
    state.check = as_checker(check)
    if on_state is not None:  # e.g. a statistics observer adding its listener before set-up's first event
        on_state(state)
    setup_into(game, state, agents, pools=pools)
    return state


def setup_into(game, state: GameState, agents: list, *, pools=None, ready: Callable | None = None) -> None:
    """Seat the agents, fill the pools and run the game's set-up on a fresh state. An agent that keeps track of
    the game itself (a search bot's observer: runtime/stepping.py) is told its seat once the pools are chosen
    (they are public: the table shows them), by `attach`, before set-up."""
    state.agents = agents
    choose_pools(game, state, pools)
    for seat, agent in enumerate(agents):
        attach = getattr(agent, "attach", None)  # (an agent object's own method, never a name from a source)
        if attach is not None:
            attach(state, seat)
    if ready is not None:  # e.g. a stepped game's recorder, whose first checkpoint is this moment
        ready(state)
    run_setup(game, state)


def run_setup(game, state: GameState) -> None:
    """Run the game's set-up (its pools chosen)."""
    try:
        game.setup(Ctx(state, 0, None, {}, "setup"))
    except GameOver:
        pass


def run_turn(game, state: GameState, ctx: Ctx | None = None) -> None:
    """Play the current player's turn (on CTX, a context play_out keeps for every turn of the game, made
    afresh for this turn: its player, no card, no names)."""
    if state.on_turn is not None:  # a checkpoint of the turn's start, before anything changes (stepping.py)
        state.on_turn(state)
    p = state.current
    state.turns[p] += 1
    state.turn_number += 1
    state.steps = 0
    if state.log is not None or state.listeners:
        state.emit(Turn(p, state.turns[p]))
    if ctx is None:
        ctx = Ctx(state, p, None, {}, "turn")
    else:
        ctx.you, ctx.card, ctx.vars, ctx.source = p, None, {}, "turn"
    game.turn(ctx)
    if state.check is not None:  # a change that no mutation reported is found within the turn
        state.check.checkpoint(state, "at the end of the turn")


def play_out(game, state: GameState, max_turns: int = MAX_TURNS) -> GameResult:
    stopped = False
    # One context for the turns and one for the end check, each set afresh before use: nothing keeps a
    # context past the effect it runs (game state lives in the state), and a new one per turn was a tenth
    # of the calls of a turn of a simple game.
    turn_ctx = Ctx(state, 0, None, {}, "turn")
    end_ctx = Ctx(state, 0, None, {}, "end")
    turn, end, out, n = game.turn, game.end, state.out, state.num_players
    try:
        while state.winners is None:
            p = state.current
            while out[p]:  # a seat knocked out before its turn (even in set-up) is skipped
                p = state.current = (p + 1) % n
            if (state.on_turn is not None or state.log is not None or state.listeners
                    or state.check is not None):
                run_turn(game, state, turn_ctx)
            else:  # nobody watches: run_turn's own steps, without the call (a turn of a simple game is short)
                state.turns[p] += 1
                state.turn_number += 1
                state.steps = 0
                turn_ctx.you, turn_ctx.card, turn_ctx.vars, turn_ctx.source = p, None, {}, "turn"
                turn(turn_ctx)
            if state.winners is not None:
                break
            if end is not None:
                end_ctx.you, end_ctx.card, end_ctx.vars = state.current, None, {}
                if end(end_ctx):
                    state.ended_by = end_reason(game, state)
                    break
            q = (state.current + 1) % n
            while out[q]:
                q = (q + 1) % n
            state.current = q
            if state.turn_number >= max_turns:
                stopped = True
                state.ended_by = "stopped at the turn limit"
                break
    except GameOver:
        pass
    return finish(game, state, stopped)


def finish(game, state: GameState, stopped: bool = False) -> GameResult:
    n = state.num_players
    scores = [game.score(Ctx(state, p, None, {}, "score")) if game.score else 0 for p in range(n)]
    if state.winners is None:
        if stopped:
            state.winners = []
        else:
            alive = [p for p in range(n) if not state.out[p]]
            best = max(scores[p] for p in alive)
            tied = [p for p in alive if scores[p] == best]
            if len(tied) > 1 and game.tiebreak is not None:
                kind, fn = game.tiebreak
                keys = {p: fn(Ctx(state, p, None, {}, "tiebreak")) for p in tied}
                pick = min(keys.values()) if kind == "fewest" else max(keys.values())
                tied = [p for p in tied if keys[p] == pick]
            state.winners = tied
    if state.log is not None or state.listeners:
        state.emit(Ended(state.ended_by or "scored"))  # which end condition: for statistics and readers
        state.emit(GameEnded(tuple(state.winners), tuple(scores)))
    return GameResult(list(state.winners), scores, list(state.turns), state, stopped)


def end_reason(game, state: GameState) -> str:
    """The first part of the game's `end when A or B` that holds, in the rules' words (only when someone
    listens: the reason is read from the event log)."""
    if state.log is None and not state.listeners:
        return "end condition"
    for text, holds in getattr(game, "end_parts", ()):
        if holds(Ctx(state, state.current, None, {}, "end")):
            return text
    return "end condition"


def play_game(game, agents: list, seed: int, *, pools=None, log: bool = False, check: Callable | None = None,
              max_turns: int = MAX_TURNS, variants=(), on_state: Callable | None = None) -> GameResult:
    """Play one whole game with these agents in seat order (and these of the game's variants).

    ON_STATE, if given, is called with the fresh state before set-up (to add listeners)."""
    state = setup_game(game, agents, seed, pools=pools, log=log, check=check, variants=variants,
                       on_state=on_state)
    return play_out(game, state, max_turns)
