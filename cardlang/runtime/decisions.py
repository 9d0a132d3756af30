"""Decisions and the agents that answer them: one request shape for people, bots, scripts and chance."""
from __future__ import annotations

import random
from typing import Protocol, Sequence

from cardlang.runtime.events import Decided
from cardlang.runtime.state import Decision, GameState, IllegalAction


class Agent(Protocol):
    name: str

    def decide(self, view: "View", decision: Decision) -> list[int]:
        """Return the indices of the picked options."""


class View:
    """What one player may see: own hidden zones, public zones, counts of everything else."""

    __slots__ = ("_state", "player", "rules_state")

    def __init__(self, state: GameState, player: int) -> None:
        self._state = state
        self.player = player
        # The full state, for the compiled expressions of a bot (which the compiler only lets read what the
        # bot's player may see). Never hand this to an agent written in Python. (A slot, not a property: a
        # bot reads it at every decision.)
        self.rules_state = state

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

    def events(self) -> list[tuple]:
        """The game's log so far as this player knows it (see events.seat_event); empty when the game keeps
        no log."""
        from cardlang.runtime.events import seat_event
        out = []
        for e in self._state.log or ():
            known = seat_event(self._state, e, self.player)
            if known is not None:
                out.append(known)
        return out

    def log_lines(self) -> list[str]:
        """The same, as the lines this player's terminal prints."""
        from cardlang.runtime.events import render_event
        return [render_event(self._state, e) for e in self.events()]

    @property
    def num_players(self) -> int:
        return self._state.num_players

    @property
    def current(self) -> int:
        return self._state.current



# What an agent's `pick_by_name` returns when it does not answer that decision by names (it is then built
# in full and put to the agent's `decide`).
NOT_NAMED = object()

CHANCE = -1  # who decides `choose ... by chance`: the game's RNG (a script, in a scenario)

# How a decision was made, the last item of its "Decided" event: put to its player; taken without asking
# because the rules left nothing to choose; put to its player in private (the other seats see no line).
ASKED, FORCED, PRIVATE = "asked", "forced", "private"


def ask(state: GameState, decision: Decision) -> list[int]:
    """Put DECISION to its player's agent, check the answer, log it, return the picked indices.

    A decision with nothing to decide is not asked: none when no option may be picked, and all of them
    (logged as taken, "forced") when the rules must take every option offered, as with exactly one legal
    option. A private decision is always asked, so that whether it was asked reveals nothing; a decision
    asked `always` is logged as asked with nothing to pick, its answer (none) known without its agent.
    """
    n = len(decision.options)
    lo, p = decision.min, decision.player
    if decision.private:
        decision.secret = True  # at a shared screen, passed to its player alone like a simultaneous pick
    elif decision.max == 0 or (n == 0 and lo == 0):
        if decision.always and (state.log is not None or state.listeners):  # asked, and answered: none
            state.emit(Decided(p, decision.tag, (), ASKED))
        return []
    elif n == lo and p != CHANCE:
        picks = list(range(n))
        if state.log is not None or state.listeners:
            state.emit(Decided(p, decision.tag, tuple(decision.labels), FORCED))
        return picks
    if state.check is not None:  # a change that no mutation reported is found before the next answer
        state.check.checkpoint(state, "before a decision")
    if p == CHANCE:
        return ask_chance(state, decision)
    if state.secret:
        decision.secret = True
    if state.replay is not None and state.replay.answer(state, decision):  # a copied position, played again
        picks = state.replay.picks
    else:
        views = state.views  # a View reads the state as it is: one per seat serves the whole game
        if views is None:
            views = state.views = [View(state, i) for i in range(state.num_players)]
        picks = state.agents[p].decide(views[p], decision)
        if len(picks) == 1:  # the usual answers, one offered option or none allowed, are checked here
            if not (0 <= picks[0] < n and lo <= 1 <= decision.max):
                check_answer(decision, picks)
        elif picks or lo:
            check_answer(decision, picks)
    if state.tape is not None:  # someone keeps this turn's answers, to copy the position (stepping.py)
        state.tape.append(recorded(decision, picks))
    if state.log is not None or state.listeners:
        state.emit(Decided(decision.player, decision.tag, decision.labels_of(picks),
                    PRIVATE if decision.private else ASKED))
    return picks


def ask_rules(state: GameState, p: int, tag: str, kind: str, options: list, lo: int, hi: int,
              labels: list[str] | None = None, names=None) -> list[int] | None:
    """A decision nobody reads (no log, no listener: the caller tested it, as a recorded or replayed game
    always has one: runtime/stepping.py) put to seat P without building its `Decision` when P's agent answers by
    compiled rules (it has `decide_on`, taking the decision's fields: compile/bots.py LanguageBot): its picks,
    as `ask` gives them, with nothing to pick or every option to take answered here, for any seat but chance.
    None when P is chance or its agent answers a `Decision` only (a person, a search, random play, an external
    seat: they see exactly the Decision they saw before): the caller builds it and asks. The fields are a
    Decision's (LABELS a list, or None and NAMES what makes them, state.option_labels); a private decision is
    put by ask_private. A rule's answer picks offered options only, at most HI, and at least LO while any are
    left (compile/ir/emit_decisions.py BotDecide): it is not checked again."""
    if p == CHANCE:
        return None
    n = len(options)
    if hi == 0 or (n == 0 and lo == 0):
        return []
    if n == lo:
        return list(range(n))
    on = getattr(state.agents[p], "decide_on", None)
    if on is None:
        return None
    if state.check is not None:  # a change that no mutation reported is found before the next answer
        state.check.checkpoint(state, "before a decision")
    return on(state, p, tag, kind, options, lo, hi, labels, names)


def ask_private(state: GameState, p: int, tag: str, kind: str, options: list, lo: int, hi: int,
                labels: list[str] | None = None, names=None) -> list[int] | None:
    """ask_rules for a private decision: put to its bot whatever its options (`ask` asks a private decision
    always, so that being asked reveals nothing; nobody reads this one, and the bot answers it as it answers the
    Decision: the same picks, in the same order, drawing the same numbers); None as for ask_rules."""
    if p == CHANCE:
        return None
    on = getattr(state.agents[p], "decide_on", None)
    if on is None:
        return None
    if state.check is not None:  # a change that no mutation reported is found before the next answer
        state.check.checkpoint(state, "before a decision")
    return on(state, p, tag, kind, options, lo, hi, labels, names)


def recorded(decision: Decision, picks: list[int]) -> tuple:
    """An answer as a copy of the position plays it again (runtime/stepping.py): who, the tag, the picked
    option indices and, for a choice of cards, the picked cards themselves (a copy whose hidden cards were
    dealt afresh may offer the same cards in another order, or others beside them)."""
    opts = decision.options
    ids = tuple(opts[i] for i in picks) if decision.kind == "cards" and opts and type(opts[0]) is int else None
    return decision.player, decision.tag, tuple(picks), ids


def ask_chance(state: GameState, decision: Decision) -> list[int]:
    """Answer a `by chance` decision: as many options as allowed, uniformly, from the game's one RNG (or from
    `state.chance`, a scripted agent, in scenarios). A pick with no choice left uses no randomness. Logged."""
    n = len(decision.options)
    how = ASKED
    if n <= decision.min:
        picks = list(range(n))
        how = FORCED
    elif state.chance is not None:
        picks = state.chance.decide(View(state, CHANCE), decision)
        check_answer(decision, picks)
    else:
        picks = sorted(state.rng.sample(range(n), min(decision.max, n)))
    if state.log is not None or state.listeners:
        state.emit(Decided(CHANCE, decision.tag, decision.labels_of(picks), how))
    return picks


def check_answer(decision: Decision, picks: Sequence[int]) -> None:
    n = len(decision.options)
    if len(picks) == 1 and 0 <= picks[0] < n and decision.min <= 1 <= decision.max:
        return  # the usual answer, one offered option: the checks below, for one pick
    if picks and (len(set(picks)) != len(picks) or min(picks) < 0 or max(picks) >= n):  # (C loops: no generator)
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
    """Answers from a shared script, in order; a decision with no scripted answer fails loudly. A callable in the
    script is a check put to the next decision (it raises to fail) before that decision takes its answer."""

    def __init__(self, script: list, name: str = "script") -> None:
        self.script = script  # shared between all seats: answers are consumed in game order
        self.name = name

    def decide(self, view: View, decision: Decision) -> list[int]:
        if not decision.options and decision.min == 0:  # a private question with nothing to pick: no answer needed
            return []
        while self.script and callable(self.script[0]):  # a test's check on this decision (e.g. what it offers)
            self.script.pop(0)(decision)
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
