"""Decisions and the agents that answer them: one request shape for people, bots, scripts and chance."""
from __future__ import annotations

import random
from typing import Protocol, Sequence

from cardlang.runtime.state import Decision, GameState, IllegalAction


class Agent(Protocol):
    name: str

    def decide(self, view: "View", decision: Decision) -> list[int]:
        """Return the indices of the picked options."""


class View:
    """What one player may see: own hidden zones, public zones, counts of everything else."""

    __slots__ = ("_state", "player")

    def __init__(self, state: GameState, player: int) -> None:
        self._state = state
        self.player = player

    def can_see(self, zone) -> bool:
        vis = zone.spec.visibility
        return vis == "public" or (vis == "owner" and zone.owner == self.player)

    def zone_cards(self, zone) -> list[str] | None:
        """Card names of a zone, or None when this player may not see them."""
        if self.can_see(zone):
            return [self._state.card_def[c].name for c in zone.cards]
        if zone.spec.visibility == "top public" and zone.cards:
            return [self._state.card_def[zone.cards[-1]].name]
        return None

    def zones(self) -> list:
        return self._state.all_zones()

    def counters(self) -> dict[str, list[int]]:
        return {spec.name: list(self._state.counters[spec.slot]) for spec in self._state.counter_specs}

    @property
    def num_players(self) -> int:
        return self._state.num_players

    @property
    def current(self) -> int:
        return self._state.current

    @property
    def rules_state(self) -> GameState:
        """The full state, for the compiled expressions of a bot (which the compiler only lets read what
        the bot's player may see). Never hand this to an agent written in Python."""
        return self._state


CHANCE = -1  # who decides `choose ... by chance`: the game's RNG (a script, in a scenario)


def ask(state: GameState, decision: Decision) -> list[int]:
    """Put DECISION to its player's agent, check the answer, log it, return the picked indices."""
    if decision.max == 0 or (not decision.options and decision.min == 0):  # nothing to decide
        return []
    if decision.player == CHANCE:
        return ask_chance(state, decision)
    agent = state.agents[decision.player]
    if state.secret:
        decision.secret = True
    picks = agent.decide(View(state, decision.player), decision)
    check_answer(decision, picks)
    if state.log is not None or state.listeners:
        state.emit(("Decided", decision.player, decision.tag, tuple(decision.labels[i] for i in picks)))
    return picks


def ask_chance(state: GameState, decision: Decision) -> list[int]:
    """Answer a `by chance` decision: as many options as allowed, uniformly, from the game's one RNG (or from
    `state.chance`, a scripted agent, in scenarios). A pick with no choice left uses no randomness. Logged."""
    n = len(decision.options)
    if n <= decision.min:
        picks = list(range(n))
    elif state.chance is not None:
        picks = state.chance.decide(View(state, CHANCE), decision)
        check_answer(decision, picks)
    else:
        picks = sorted(state.rng.sample(range(n), min(decision.max, n)))
    if state.log is not None or state.listeners:
        state.emit(("Decided", CHANCE, decision.tag, tuple(decision.labels[i] for i in picks)))
    return picks


def check_answer(decision: Decision, picks: Sequence[int]) -> None:
    n = len(decision.options)
    if len(set(picks)) != len(picks) or any(not (0 <= i < n) for i in picks):
        raise IllegalAction(f"answer {list(picks)} to '{decision.tag}' picks options that are not offered")
    if not (decision.min <= len(picks) <= decision.max):
        raise IllegalAction(f"'{decision.tag}' needs {decision.min}..{decision.max} picks, got {len(picks)}")


class RandomAgent:
    """A uniformly random legal answer to every decision, from its own seeded stream."""

    def __init__(self, seed: int, name: str = "random") -> None:
        self.rng = random.Random(seed)
        self.name = name

    def decide(self, view: View, decision: Decision) -> list[int]:
        n = len(decision.options)
        hi = min(decision.max, n)
        k = self.rng.randint(min(decision.min, hi), hi)
        return sorted(self.rng.sample(range(n), k))


class UnscriptedDecision(IllegalAction):
    """A scripted game or test met a decision its script does not answer."""


class ScriptedAgent:
    """Answers from a shared script, in order; a decision with no scripted answer fails loudly."""

    def __init__(self, script: list, name: str = "script") -> None:
        self.script = script  # shared between all seats: answers are consumed in game order
        self.name = name

    def decide(self, view: View, decision: Decision) -> list[int]:
        if not self.script:
            raise UnscriptedDecision(
                f"unscripted decision '{decision.tag}' for p{decision.player + 1}: {decision.prompt} "
                f"(options: {', '.join(decision.labels) or 'none'})")
        answer = self.script.pop(0)
        return resolve_answer(decision, answer)


def resolve_answer(decision: Decision, answer) -> list[int]:
    """Turn a scripted answer (names, 'none', 'yes'/'no', or a list of names) into option indices."""
    if decision.kind == "yesno":
        if answer in ("yes", "no"):
            return [0] if answer == "yes" else []
        raise UnscriptedDecision(f"'{decision.tag}' is a yes/no question; the script says {answer!r}")
    names = [] if answer == "none" else (answer if isinstance(answer, list) else [answer])
    picks: list[int] = []
    for name in names:
        for i, label in enumerate(decision.labels):
            if label == name and i not in picks:
                picks.append(i)
                break
        else:
            raise UnscriptedDecision(
                f"'{decision.tag}' has no option {name!r} (options: {', '.join(decision.labels) or 'none'})")
    return picks
