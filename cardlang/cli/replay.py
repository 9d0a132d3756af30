"""`cardlang replay LOG --at STEP`: the table of a logged game at one step, as one seat (or a spectator) saw it.

A step is a decision of the log: step N is the moment the (N+1)th question is put, after N answers (step 0:
the first question; the last step: the game's end). `--at p2:3` is the start of the turn the table heads
`== p2, turn 3 ==`. The game is played again from its seed with the log's answers, as `replay` does, and
stopped there (at a turn: where its first phase begins); what is shown is what the chosen seat may see (screen.status with that viewer): its own hidden
zones, others' as counts, and the question only when it is that seat's (or the spectator's) to see. Knows no game.
"""
from __future__ import annotations

import re
from typing import Callable

from cardlang.cli.inputs import BadUsage


class _Stop(Exception):
    """The replay reached the step asked for; DECISION is the question then put (None at a turn's start)."""

    def __init__(self, decision=None) -> None:
        super().__init__("stop")
        self.decision = decision


class _Stopping:
    """The log's answers, stopping the game before the answer numbered STOP is used."""

    name = "replay"

    def __init__(self, inner, stop: int | None) -> None:
        self.inner, self.stop = inner, stop

    def decide(self, view, decision) -> list[int]:
        if self.inner.next == self.stop:
            raise _Stop(decision)
        return self.inner.decide(view, decision)


def parse_step(text: str, steps: int, players: int) -> tuple[int | None, tuple[int, int] | None]:
    """`--at N` (0 to STEPS) or `--at pS:T`: (N, None) or (None, (seat index, turn)); BadUsage otherwise."""
    t = text.strip()
    if re.fullmatch(r"[0-9]+", t):
        n = int(t)
        if n > steps:
            raise BadUsage(f"--at {t}: this log has steps 0 to {steps} (one a decision; {steps}: the end)")
        return n, None
    m = re.fullmatch(r"p([0-9]+):([0-9]+)", t)
    if m:
        seat, turn = int(m.group(1)), int(m.group(2))
        if not 1 <= seat <= players:
            raise BadUsage(f"--at {t}: this game has players p1 to p{players}")
        if turn < 1:
            raise BadUsage(f"--at {t}: turns are counted from 1")
        return None, (seat - 1, turn)
    raise BadUsage(f"--at {t!r}: give a step, 0 to {steps} (one a decision), or a turn such as p1:3 (the turn "
                   "headed `== p1, turn 3 ==`)")


def show_at(game, names: list[str], answers: list, seed: int, *, pools, variants, viewer: int | None,
            at: str, echo: Callable[[str], None]) -> None:
    """Play the logged game again up to step AT and print the table there for VIEWER (None: a spectator).
    Raises BadUsage for a step the log does not have; BadLog when the log no longer fits the rules."""
    from cardlang.runtime import engine
    from cardlang.runtime.events import Event, Phase, Turn
    from cardlang.runtime.state import Ctx, GameOver
    from cardlang.table import screen
    from cardlang.table.session import ReplayAgent

    stop, turn = parse_step(at, len(answers), len(names))
    state = game.new_state(len(names), seed, log=False)
    state.variants = frozenset(variants)
    inner = ReplayAgent(answers)
    agent = _Stopping(inner, stop)
    state.agents = [agent] * len(names)
    if turn is not None:
        armed = []

        def at_turn(e: Event) -> None:
            # at the turn's first phase, once the turn's own set-up (actions = 1; ...) is done; in a game
            # without phases, at the turn's first event
            if armed and (type(e) is Phase or not game.phases):
                raise _Stop()
            if type(e) is Turn and (e.player, e.turn) == turn:
                armed.append(True)
        state.listeners.append(at_turn)
    engine.choose_pools(game, state, pools)
    spectator = viewer is None
    result = None
    asked = None
    try:
        try:
            game.setup(Ctx(state, 0, None, {}, "setup"))
        except GameOver:
            pass
        result = engine.play_out(game, state)
    except _Stop as s:
        asked = s.decision
    if turn is not None and result is not None:
        p, t = turn
        raise BadUsage(f"--at p{p + 1}:{t}: p{p + 1} took {state.turns[p]} turn(s) in this game")
    for line in screen.header(game, state, names, seed, viewer, variants):
        echo(line)
    where = f"p{state.current + 1}'s turn {state.turns[state.current]}" if state.turn_number else "set-up"
    step = inner.next
    if result is not None:
        echo(f"Step {step} of {len(answers)}: the end of the game")
    else:
        phase = f" ({state.phase.replace('_', ' ')} phase)" if state.phase else ""
        echo(f"Step {step} of {len(answers)}, in {where}{phase}")
    echo("")
    for line in screen.status(game, state, viewer, spectator):
        echo(line)
    if asked is not None:
        for line in _question(state, asked, answers[step], viewer):
            echo(line)
    if result is not None:
        for line in screen.summary(result, names):
            echo(line)


def _question(state, decision, answer: tuple[int, list[int]], viewer: int | None) -> list[str]:
    """The question put at this step, and its answer, as VIEWER may see them: all of it when it is VIEWER's
    (or VIEWER is a spectator); another seat's only as being asked when the rules make it public."""
    from cardlang.cli.human import option_texts
    from cardlang.table.screen import wrap
    who = f"p{decision.player + 1}"
    if viewer is not None and decision.player != viewer:
        return [] if decision.private or decision.secret else ["", f"Next: {who} decides."]
    out = [""] + wrap(f"Next: {who} is asked: {decision.prompt}")
    if decision.kind != "yesno":
        for i, text in enumerate(option_texts(state, decision), 1):
            out += wrap(f"  {i:>2}. {text}", "       ")
    picks = answer[1]
    if decision.kind == "yesno":
        said = "yes" if picks else "no"
    else:
        said = ", ".join(f"{i + 1}. {decision.labels[i]}" for i in picks) or "none"
    out += wrap(f"Answered: {said}")
    return out
