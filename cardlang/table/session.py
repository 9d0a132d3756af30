"""`cardlang play` and `cardlang replay`: one game at the terminal, told from one seat.

A game's log (`--log FILE.jsonl`) starts with a `Header` line (game, seed, players, pools, variants, expansions)
and holds every event plus an `Answer` line (the option indices picked) before each decision's `Decided`
event; `replay` plays the same seed with those answers again, so any seat's view of a logged game can be shown
(principle 7: seed + decisions rebuild any position). Knows no game.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Callable, Iterator

from cardlang.runtime.events import Event, Turn
from cardlang.table import screen
from cardlang.table.style import Style
from cardlang.table.words import Narrator


class BadLog(Exception):
    """A replayed log that cannot be played again (not a cardlang log, or one the rules no longer match)."""


class Seat:
    """Wraps a seat's agent: tells the narrator what kind of decision was answered, and records the answer."""

    def __init__(self, agent, narrator: Narrator, record: Callable[[int, list[int]], None] | None) -> None:
        self.agent = agent
        self.name = getattr(agent, "name", "agent")
        self.narrator = narrator
        self.record = record

    def decide(self, view, decision) -> list[int]:
        picks = self.agent.decide(view, decision)
        self.narrator.last_decision = (decision, list(picks))
        if self.record is not None:
            self.record(decision.player, list(picks))
        return picks


class ReplayAgent:
    """Answers from a log's recorded answers, in order, checking each is for the seat being asked."""

    name = "replay"

    def __init__(self, answers: list[tuple[int, list[int]]]) -> None:
        self.answers = answers
        self.next = 0

    def decide(self, view, decision) -> list[int]:
        if self.next >= len(self.answers):
            raise BadLog("the log ends before the game does")
        player, picks = self.answers[self.next]
        self.next += 1
        if player != decision.player or any(not 0 <= i < len(decision.options) for i in picks):
            raise BadLog(f"answer {self.next} of the log does not fit this game's decision (were the rules "
                         "changed since it was written?)")
        return picks


def run(game, names: list[str], agents: list, seed: int, *, pools=None, variants=frozenset(),
        viewer: int | None, spectator: bool, echo: Callable[[str], None], style: Style,
        log_file=None, quiet: bool = False, with_: list[Path] | None = None,
        after_turn: Callable[[], None] | None = None):
    """Play one game and tell it to ECHO from VIEWER's seat; return the engine's result."""
    from cardlang.runtime import engine
    from cardlang.runtime.state import Ctx, GameOver
    state = game.new_state(len(agents), seed, log=False)
    state.variants = frozenset(variants)
    narrator = Narrator(game, state, viewer, spectator)
    if spectator:
        narrator.on_turn = lambda p: screen.player_lines(state, p, None, True, game=game)

    def say(lines: list[str]) -> None:
        if quiet:
            return
        for line in lines:
            for part in screen.wrap(line):
                echo(style.line(part))

    def record(player: int, picks: list[int]) -> None:
        if log_file is not None:
            log_file.write(json.dumps({"event": "Answer", "player": player, "picks": picks}) + "\n")

    state.agents = [Seat(a, narrator, record) for a in agents]
    for a in agents:
        if hasattr(a, "attach_table"):
            a.attach_table(lambda: say(narrator.flush()), style)

    def listen(e: Event) -> None:
        if log_file is not None:
            log_file.write(json.dumps(e.as_dict()) + "\n")
        if type(e) is Turn and after_turn is not None and narrator.started:
            say(narrator.flush())
            after_turn()
        narrator.feed(e)
        say(narrator.take())
    state.listen(listen, acts=True)  # the game's acts too: a verb called and done, an ability done
    engine.choose_pools(game, state, pools)
    if log_file is not None:
        log_file.write(json.dumps({
            "event": "Header", "game": game.id, "seed": seed, "players": names,
            "variants": sorted(variants), "with": [str(p) for p in with_ or []],
            # as asked for (a random pick is made again from the same seed), and as it came out
            "asked": {k: v if v == "random" else [d.name for d in v] for k, v in (pools or {}).items()},
            "pools": {k: [d.name for d in v] for k, v in state.vars.items() if k in game.pools}}) + "\n")
    say(screen.header(game, state, names, seed, viewer, variants))
    try:
        game.setup(Ctx(state, 0, None, {}, "setup"))
    except GameOver:
        pass
    result = engine.play_out(game, state)
    say(narrator.flush())
    for line in screen.summary(result, names, game.spec.decl.score is not None):  # even --quiet prints the result
        echo(style.line(line))
    return result


def read_log(path: Path) -> tuple[dict, list[tuple[int, list[int]]]]:
    """The header and the recorded answers of a log written by `play --log`, checked whole first
    (cardlang/table/logcheck.py names the line and field of anything wrong)."""
    from cardlang.table.logcheck import InvalidLog
    from cardlang.table.logcheck import read_log as checked
    try:
        return checked(path)
    except InvalidLog as e:
        raise BadLog(str(e)) from None


def input_answers(path: Path) -> Iterator[str]:
    """The lines of an --input file, one answer a line (a line starting with '#' is a comment)."""
    with open(path, encoding="utf-8") as f:
        lines = [line.rstrip("\n") for line in f]
    return iter([line for line in lines if not line.startswith("#")])
