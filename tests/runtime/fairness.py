"""The fairness harness (issue 26, "Fair, proven"): an agent is fair when two true positions its seat cannot tell
apart give it identical choices with the same seed. Generic over any agent factory; used by
tests/runtime/test_fairness.py (a fair agent passes, a cheating one is caught) and by the search bot's tests.

How a pair of positions is made: random-agent games are played with a recorder (runtime/stepping.py) and an
observer for every seat (runtime/observer.py); at some decisions the position is kept (the turn's start and the
answers since) with the seat's knowledge as the turn began and now. The first position is that checkpoint
played again; the second is the same checkpoint with the definitions of cards the seat could not identify at
the turn's start dealt again from its knowledge then (the cards it has identified since kept), played again.
The pair counts only when the seat's observation at the decision is the same in both (the same events as it
knows them, the same knowledge): a second true position it cannot tell apart from the first. The agent, made
afresh with the same seed for each, then answers the decision in both; the answers must be equal.

The agent under test is seated on each copy, which is already past set-up: it finds its seat's knowledge with
`Observer.of(view.rules_state, view.player)` and the position with `Recorder.of(view.rules_state,
game).checkpoint()` (the copy's own, its start relabelled in the second position); `attach(state, seat)`, when
the agent has it, is called once both are in place (so an agent that keeps `Observer.of(state, seat)` from
its `attach` keeps the copy's). The agent must be a function of its seed and what it reads: a budget in
iterations, not seconds.

    positions = collect_positions(game, 260, seed=7)          # any game; a few seconds
    report = check_fair(game, lambda seat, seed: make(game, seat, seed), positions, seed=1)
    assert not report.differences and report.compared >= 200
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable

from cardlang.runtime.decisions import RandomAgent
from cardlang.runtime.engine import play_game
from cardlang.runtime.observer import Observer
from cardlang.runtime.state import CardDef, Decision
from cardlang.runtime.stepping import Checkpoint, Diverged, Recorder, game_key, play_on
from cardlang.runtime.worlds import sample_world

AgentFactory = Callable[[int, int], Any]  # (seat, seed) -> an agent with decide(view, decision)


@dataclass
class Position:
    """A decision of a random-agent game, kept to be played again."""

    checkpoint: Checkpoint
    seat: int
    tag: str
    start: Observer                 # the seat's knowledge as the turn began
    known: dict[int, CardDef]       # the cards it identifies at the decision
    observation: tuple              # its observation at the decision


@dataclass
class FairnessReport:
    game: str
    compared: int = 0               # pairs the seat cannot tell apart, some hidden card differing, answered in both
    skipped: int = 0                # second positions the seat could tell apart (or that did not replay)
    differences: list[str] = field(default_factory=list)


class _Stop(BaseException):
    pass


def collect_positions(game, count: int, *, seed: int = 0, rate: float = 0.25, max_turns: int = 60,
                      players: tuple[int, ...] | None = None) -> list[Position]:
    """COUNT positions of random-agent games of GAME (every player count in turn, or PLAYERS), at about RATE
    of the decisions put to an agent, each game stopped after MAX_TURNS turns."""
    out: list[Position] = []
    counts = players or tuple(range(game.players[0], game.players[1] + 1))
    g = 0
    while len(out) < count:
        n = counts[g % len(counts)]
        g += 1
        if g > 50 * len(counts):
            raise RuntimeError(f"only {len(out)} positions of {game.id} in {g} games")
        observers: list[Observer] = []
        recorder: list[Recorder] = []

        def on_state(state, n=n) -> None:
            recorder.append(Recorder(game_key(game), state))
            observers.extend(Observer(state, s) for s in range(n))

        class Probe(RandomAgent):
            def decide(self, view, decision: Decision) -> list[int]:
                rec = recorder[0]
                if (rec.kind == "turn" and len(out) < count and not decision.nothing_to_pick
                        and self.rng.random() < rate):
                    obs = observers[decision.player]
                    cp = rec.checkpoint()
                    start = obs.at(cp)
                    if start is not None:
                        out.append(Position(cp, decision.player, decision.tag, start, dict(obs.known),
                                            obs.observation()))
                return super().decide(view, decision)

        play_game(game, [Probe(seed * 1000 + g * 10 + i) for i in range(n)], seed=seed * 1000 + g,
                  on_state=on_state, max_turns=max_turns)
    return out


def play_position(game, pos: Position, agent, relabel: dict[int, CardDef] | None) -> tuple[tuple, list[int]]:
    """POS's checkpoint played again (its start relabelled by RELABEL) to its decision, AGENT seated there:
    (the seat's observation at the decision, AGENT's answer). Diverged when the copy does not come back."""
    n = pos.checkpoint.state.num_players
    got: list = []

    class Judge:
        name = "judge"

        def decide(self, view, decision: Decision) -> list[int]:
            got.append(Observer.of(view.rules_state, pos.seat).observation())
            got.append(list(agent.decide(view, decision)))
            raise _Stop()

    agents: list[Any] = [RandomAgent(i) for i in range(n)]
    agents[pos.seat] = Judge()
    state = pos.checkpoint.resume(game, agents, relabel=relabel, until=(pos.seat, pos.tag))
    pos.start.copy_to(state)
    Recorder(pos.checkpoint.game_key, state, start=state, kind="turn")  # its start taken again as the turn begins
    attach = getattr(agent, "attach", None)
    if attach is not None:
        attach(state, pos.seat)
    try:
        play_on(game, state)
    except _Stop:
        return got[0], got[1]
    raise Diverged("the game ended before the decision")


def indistinguishable(pos: Position, rng: random.Random, tries: int = 4) -> dict[int, CardDef] | None:
    """A relabelling of POS's start the seat could not tell from the truth, in which some hidden card differs
    (None when every deal came out as the truth: nothing hidden to change)."""
    truth = pos.checkpoint.state.card_def
    for _ in range(tries):
        relabel = sample_world(pos.checkpoint.state, pos.start, rng, keep=pos.known)
        if any(truth[c] is not d for c, d in relabel.items()):
            return relabel
    return None


def check_fair(game, make_agent: AgentFactory, positions: list[Position], *, seed: int = 0) -> FairnessReport:
    """Play each position and an indistinguishable second one with a fresh agent of MAKE_AGENT(seat, seed) in
    each; report the pairs compared and every one whose answers differ."""
    report = FairnessReport(game.id)
    rng = random.Random(seed)
    for i, pos in enumerate(positions):
        relabel = indistinguishable(pos, rng)
        agent_seed = seed * 100_003 + i
        obs1, pick1 = play_position(game, pos, make_agent(pos.seat, agent_seed), None)
        if obs1 != pos.observation:
            raise AssertionError(f"position {i} of {game.id} did not replay to what the seat saw")
        if relabel is None:
            report.skipped += 1
            continue
        try:
            obs2, pick2 = play_position(game, pos, make_agent(pos.seat, agent_seed), relabel)
        except Diverged:
            report.skipped += 1
            continue
        if obs2 != obs1:
            report.skipped += 1
            continue
        report.compared += 1
        if pick1 != pick2:
            report.differences.append(f"position {i} (p{pos.seat + 1}, '{pos.tag}', turn "
                                      f"{pos.checkpoint.turn_number + 1}): {pick1} then {pick2}")
    return report
