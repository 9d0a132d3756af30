"""A game you can step, copy and play again: copies of a state, checkpoints at each turn's start, the answers
given since, and `Match`, a game whose external seats answer one decision at a time.

A game runs as ordinary calls (the compiled rules ask their agents in the middle of an effect), so a position
in the middle of a turn cannot be copied as it stands. A position is instead the state as it was when its turn
began (a copy, taken through `state.on_turn`) and the answers given since (`state.tape`, kept by
`decisions.ask`): playing that turn again on a copy, the recorded answers given in order (`Replay`), comes back
to the same decision with the same state, because a game is a function of its seed and its answers. Chance
draws from the state's RNG, which a copy carries, so chance needs no recording.

While answers are recorded or replayed every decision goes through `ask`: a bot's answers by name (taken
without building a decision when nobody listens) are switched off by a listener that does nothing. Knows no
game, no source, no compiler.
"""
from __future__ import annotations

import queue
import random
import threading
from dataclasses import dataclass
from typing import Any, Callable

from cardlang.runtime.decisions import check_answer, recorded
from cardlang.runtime.engine import MAX_TURNS, GameResult, play_out, run_setup, setup_into
from cardlang.runtime.state import CardDef, Decision, GameState, IllegalAction, Zone

# One recorded answer (decisions.recorded): who answered, the decision's tag, the picked option indices, and the
# picked cards' ids for a choice of cards (else None), by which it is given again.
Answer = tuple[int, str, tuple[int, ...], tuple[int, ...] | None]


class Diverged(Exception):
    """A replayed answer does not fit the decision it meets: the copy is not the position it was taken from
    (a sampled world where a hidden card changed what an earlier question offered)."""


class PositionMismatch(ValueError):
    """A position taken in one game, applied to another."""


def _listening(event: Any) -> None:
    """A listener that does nothing: its presence makes every decision go through `ask` (see the docstring)."""


class _Replaying:
    """Every seat's stand-in while a copy replays its turn quietly (`Checkpoint.resume(quiet=True)`): it answers
    nothing by name (it has no `named_picks`), so every decision is built and put to `ask`, which answers it
    from the replay; the seats' agents take their places when the replay is over. It is never asked."""

    name = "replaying"

    def decide(self, view, decision: Decision) -> list[int]:  # pragma: no cover - ask answers from the replay
        raise AssertionError("a quiet replay's stand-in was asked")


_REPLAYING = _Replaying()


# ---- copies

def copy_state(state: GameState, *, log: bool = False, rng_state: tuple | None = None) -> GameState:
    """A copy of everything STATE's game keeps, sharing only what never changes during a game (card definitions,
    zone and counter specs) and plain values. The copy has no listeners, checker, views, recorder or replay, and
    no log unless LOG (then a copy of the log so far); its agents are the same (seat others by replacing
    `agents`). RNG_STATE, when given, is STATE's RNG's `getstate()`, taken once for many copies.

    A search copies a position for every iteration, so this is written out field by field (no table walked,
    no deep copy); tests/runtime/test_stepping.py checks that it names every field a state has."""
    new = GameState.__new__(GameState)
    # the shared and plain fields (SHARED), one by one: a state's fields are slots (runtime/state.py)
    new.defs, new.def_by_name, new.num_players, new.seed = state.defs, state.def_by_name, state.num_players, state.seed
    new.zone_specs, new.zone_slot, new.counter_specs = state.zone_specs, state.zone_slot, state.counter_specs
    new.variants, new.step_budget, new.card_limit = state.variants, state.step_budget, state.card_limit
    new.chance, new.acts, new.current, new.turn_number = state.chance, state.acts, state.current, state.turn_number
    new.phase, new.ended_by, new.steps, new.depth = state.phase, state.ended_by, state.steps, state.depth
    new.immune, new.secret, new.checking = state.immune, state.secret, state.checking
    new.others, new.around = state.others, state.around
    twins: dict[Zone, Zone] = {}
    new_zone = Zone.__new__
    rows = []
    for row in state.zones:
        out = []
        for z in row:
            t = new_zone(Zone)
            t.spec, t.owner, t.pile, t.label, t.cards = z.spec, z.owner, z.pile, z.label, z.cards[:]
            t.cells = None if z.cells is None else z.cells.copy()
            twins[z] = t
            out.append(t)
        rows.append(out)
    new.zones = rows
    piles = {}
    for key, z in state.piles.items():
        t = new_zone(Zone)
        t.spec, t.owner, t.pile, t.label, t.cards = z.spec, z.owner, z.pile, z.label, z.cards[:]
        t.cells = None if z.cells is None else z.cells.copy()
        twins[z] = piles[key] = t
    new.piles = piles
    new.pile_order = {slot: [twins[z] for z in zs] for slot, zs in state.pile_order.items()}
    new.empty_known = None if state.empty_known is None else state.empty_known.copy()
    new.loc = list(map(twins.__getitem__, state.loc))
    rng = random.Random.__new__(random.Random)
    rng.setstate(state.rng.getstate() if rng_state is None else rng_state)
    new.rng = rng
    new.card_def = state.card_def[:]
    new.counters = [r[:] for r in state.counters]
    new.banks = state.banks[:]
    new.card_counters = {k: v.copy() for k, v in state.card_counters.items()}
    new.cell = state.cell.copy()
    new.host = state.host.copy()
    new.attached = {k: v[:] for k, v in state.attached.items()}
    new.fixed_dice = state.fixed_dice[:]
    new.modifying = None if state.modifying is None else list(state.modifying)
    new.ids_of = state.ids_of.copy()
    new.turns = state.turns[:]
    new.out = state.out[:]
    new.winners = None if state.winners is None else state.winners[:]
    new.agents = state.agents[:]
    new.claims = state.claims[:]
    new.peeked = {k: set(v) for k, v in state.peeked.items()} if state.peeked else {}
    new.vars = {k: (x.copy() if type(x) in (list, dict, set) else x) for k, x in state.vars.items()}
    new.last_reveal = state.last_reveal[:]
    new.log = state.log[:] if log and state.log is not None else None
    new.listeners = []
    new.check = new.views = new.tape = new.replay = new.on_turn = None
    return new


# Every field of a GameState, as copy_state treats it (a test compares this with a new state's fields, so that a
# field added to GameState cannot be forgotten here).
SHARED = frozenset({"defs", "def_by_name", "num_players", "seed", "zone_specs", "zone_slot", "counter_specs",
                    "variants", "step_budget", "card_limit", "chance", "acts", "current", "turn_number", "phase",
                    "ended_by", "steps", "depth", "immune", "secret", "checking",
                    "others", "around"})  # (these two are replaced when a player goes out, never changed in place)
COPIED = frozenset({"zones", "piles", "pile_order", "empty_known", "loc", "rng", "card_def", "counters", "banks", "card_counters",
                    "cell", "host", "attached", "fixed_dice", "modifying", "ids_of", "turns", "out", "winners",
                    "agents", "claims", "peeked", "vars", "last_reveal", "log", "listeners", "check", "views",
                    "tape", "replay", "on_turn"})


# ---- replaying recorded answers

class Replay:
    """Answers the decisions of a copy with recorded answers, in order. The first decision met after the last
    one is the position the copy was taken at: DONE(state) is called there (to reseed a sampled world's RNG, so
    that its future is not the true game's), and from then on the agents answer."""

    __slots__ = ("answers", "i", "done", "picks", "setup", "until", "agents")

    def __init__(self, answers, done: Callable[[GameState], None] | None = None, *, setup: bool = False,
                 until: tuple[int, str] | None = None, agents: list | None = None) -> None:
        self.answers = answers
        self.agents = agents  # the seats' agents, seated when the replay is over (a quiet replay's), or None
        # (player, tag) of the decision the copy must come back to, when known: a copy that meets another first
        # has diverged (a question the rules took without asking in the copy)
        self.until = until
        self.setup = setup  # the copy was taken before set-up: play_on runs it first
        self.i = 0
        self.done = done
        self.picks: list[int] = []

    def answer(self, state: GameState, decision: Decision) -> bool:
        """True with `picks` set when this decision is answered from the record; False (the replay over, its
        DONE called) when the agents answer it."""
        if self.i == len(self.answers):
            if self.until is not None and self.until != (decision.player, decision.tag):
                raise Diverged(f"the copy came back to p{decision.player + 1}'s '{decision.tag}', not to "
                               f"p{self.until[0] + 1}'s '{self.until[1]}'")
            state.replay = None
            if self.agents is not None:  # in place: a frame of the running turn may hold the list
                state.agents[:] = self.agents
            if _listening in state.listeners:
                state.listeners.remove(_listening)
            if self.done is not None:
                self.done(state)
            return False
        who, tag, picks, ids = self.answers[self.i]
        self.i += 1
        if who != decision.player or tag != decision.tag:
            raise Diverged(f"answer {self.i} was p{who + 1}'s '{tag}'; the copy asks p{decision.player + 1}'s "
                           f"'{decision.tag}'")
        if ids is not None:  # the same cards, wherever the copy offers them (its hidden cards dealt afresh)
            opts = decision.options
            try:
                picks = tuple(opts.index(c) for c in ids)
            except ValueError:
                raise Diverged(f"answer {self.i} ('{tag}') picked a card the copy does not offer") from None
        try:
            check_answer(decision, picks)
        except IllegalAction as e:
            raise Diverged(str(e)) from None
        self.picks = list(picks)
        return True


# ---- checkpoints

def game_key(game: Any) -> str:
    """Which game a position belongs to: its id and, after a clean load, the key of its compiled code."""
    code = getattr(game, "code_key", None)
    return f"{game.id}:{code.hex() if code else id(game)}"


@dataclass(frozen=True)
class Checkpoint:
    """A position at a decision: the state as its turn began (KIND "turn"), or as set-up was about to run, its
    pools chosen (KIND "setup"), and the answers given since. Never changed: each resume plays a fresh copy."""

    game_key: str
    state: GameState
    answers: tuple[Answer, ...]
    kind: str = "turn"
    # the live game's log (only ever appended to) and its length at the start: a resume with a log starts from
    # its copy (no copy of the log is made at every turn's start)
    history: tuple[list, int] | None = None
    rng_state: tuple | None = None  # STATE's RNG's state, taken once (a copy is cheaper from it)

    @property
    def turn_number(self) -> int:
        return self.state.turn_number

    def then(self, answer: Answer) -> "Checkpoint":
        """The position one answer further on."""
        return Checkpoint(self.game_key, self.state, self.answers + (answer,), self.kind, self.history,
                          self.rng_state)

    def resume(self, game, agents: list, *, relabel: dict[int, CardDef] | None = None,
               done: Callable[[GameState], None] | None = None, log: bool = False,
               record: bool = False, until: tuple[int, str] | None = None, quiet: bool = False) -> GameState:
        """A fresh copy of this position's start with AGENTS seated, RELABEL's card ids given those definitions,
        set to replay the answers and then call DONE at the next decision asked (which must be UNTIL's
        (player, tag) when given, else Diverged); with RECORD, keeping its own positions (a Recorder) as
        it goes on. `play_on(game, state, max_turns)` plays it on from there.

        QUIET: the replay builds no event (no listener: nobody is told, as in a game nobody watches, which
        is the same game), every decision still put to `ask` by stand-ins that answer nothing by name
        (`_Replaying`), AGENTS seated when it is over. For a copy nobody listens to while it replays (a
        search's world known to replay as the truth did: worlds.Dealer); not with LOG or RECORD."""
        if game_key(game) != self.game_key:
            theirs = self.game_key.split(":")[0]
            raise PositionMismatch(f"a position from game {theirs} cannot be applied to game {game.id}"
                                   if theirs != game.id else
                                   f"a position from another load of {game.id} cannot be applied to this one")
        state = copy_state(self.state, rng_state=self.rng_state)
        if log:
            state.log = self.history[0][:self.history[1]] if self.history is not None else []
        if relabel:
            card_def = state.card_def
            for cid, d in relabel.items():
                card_def[cid] = d
            state.ids_of = {}
        if quiet:
            if log or record:
                raise ValueError("a quiet replay keeps no log and no record")
            state.agents = [_REPLAYING] * len(agents)
            state.replay = Replay(self.answers, done, setup=self.kind == "setup", until=until, agents=list(agents))
            return state
        state.agents = list(agents)
        state.replay = Replay(self.answers, done, setup=self.kind == "setup", until=until)
        state.listeners.append(_listening)
        if record:  # its start is this copy's (a relabelled world's own cards, never the position's true ones)
            start = copy_state(state, rng_state=self.rng_state) if relabel else self.state
            Recorder(self.game_key, state, start=start, kind=self.kind, history=self.history)
        return state


def play_on(game, state: GameState, max_turns: int = MAX_TURNS) -> GameResult:
    """Play a resumed copy (Checkpoint.resume) on to the end, or to MAX_TURNS turns in all: its set-up first
    when it was taken before set-up."""
    if state.replay is not None and state.replay.setup:
        state.replay.setup = False
        run_setup(game, state)
    return play_out(game, state, max_turns)


class Recorder:
    """Keeps a live game's current position: a copy at each turn's start and the answers given since."""

    __slots__ = ("key", "start", "kind", "tape", "history", "rng_state")

    def __init__(self, key: str, state: GameState, *, start: GameState | None = None, kind: str = "setup",
                 history: tuple[list, int] | None = None) -> None:
        self.key = key
        self.start = copy_state(state) if start is None else start  # before set-up, until the first turn
        self.kind = kind
        self.rng_state: tuple | None = None
        self.history = history if start is not None else (None if state.log is None else (state.log, len(state.log)))
        self.tape: list[Answer] = []
        state.tape = self.tape
        state.on_turn = self.turn_begins
        if _listening not in state.listeners:
            state.listeners.append(_listening)

    @staticmethod
    def of(state: GameState, game: Any) -> "Recorder":
        """STATE's recorder, installed on the first call (an agent's `attach`, before set-up runs)."""
        rec = getattr(state.on_turn, "__self__", None)
        if isinstance(rec, Recorder):
            return rec
        return Recorder(game_key(game), state)

    def turn_begins(self, state: GameState) -> None:
        self.start = copy_state(state)
        self.kind = "turn"
        self.rng_state = None
        self.history = None if state.log is None else (state.log, len(state.log))
        self.tape.clear()

    def checkpoint(self) -> Checkpoint:
        """The position now: the current turn's start and the answers given since."""
        if self.rng_state is None:
            self.rng_state = self.start.rng.getstate()
        return Checkpoint(self.key, self.start, tuple(self.tape), self.kind, self.history, self.rng_state)


# ---- a game you can step

class _Cancel(BaseException):
    """Unwinds a game whose match was closed while it waited for an answer (a BaseException: no handler an
    effect has for errors may catch it)."""


_CANCEL = object()


class External:
    """The agent of a seat answered from outside the game (`Match`): its question is handed out, and the game
    waits for the answer."""

    name = "external"

    def __init__(self, match: "Match") -> None:
        self.match = match

    def decide(self, view, decision: Decision) -> list[int]:
        m = self.match
        m._out.put(("decision", decision))
        got = m._in.get()
        if got is _CANCEL:
            raise _Cancel()
        return got


class Match:
    """A game you can step: AGENTS in seat order, None for a seat answered from outside. `advance()` plays until
    an external seat must answer (returning that Decision) or the game ends (None; then `result`);
    `answer(picks)` answers the pending decision; `checkpoint()` is the position at the pending decision, which
    `Match.resume` plays on from. `close()` ends a match left unfinished.

    The game runs in a thread of its own that waits while a decision is pending (a game is ordinary calls:
    the question is asked in the middle of an effect), so `state` is the position at the pending decision; only
    one of the two threads runs at a time. The same seed and answers give the same game, and with LOG the same
    log, event for event."""

    def __init__(self, game, agents: list, seed: int, *, pools=None, variants=(), max_turns: int = MAX_TURNS,
                 log: bool = False, record: bool = True) -> None:
        self.game = game
        self.agents = [External(self) if a is None else a for a in agents]
        self.record = record  # keep positions (a copy at each turn's start): False when no checkpoint is wanted
        self.max_turns = max_turns
        self.pending: Decision | None = None
        self.result: GameResult | None = None
        self.state = game.new_state(len(agents), seed, log=log)
        self.state.variants = frozenset(variants)
        self.recorder: Recorder | None = None
        self._pools = pools
        self._from: Checkpoint | None = None
        self._log = log
        self._thread: threading.Thread | None = None
        self._out: queue.SimpleQueue = queue.SimpleQueue()  # the game's questions, its end or its error
        self._in: queue.SimpleQueue = queue.SimpleQueue()   # the answers

    @property
    def seat(self) -> int | None:
        return None if self.pending is None else self.pending.player

    @classmethod
    def resume(cls, game, checkpoint: Checkpoint, agents: list, *, max_turns: int = MAX_TURNS,
               log: bool = False) -> "Match":
        """A match going on from CHECKPOINT, a position of GAME (PositionMismatch for another game's)."""
        if game_key(game) != checkpoint.game_key:
            checkpoint.resume(game, [])  # raises, saying which games
        for seat, agent in enumerate(agents):
            # An agent with `attach` (a search bot) keeps its own record of the game from set-up: its seat's
            # observer and its recorder. Joining at a checkpoint it would miss what its seat saw before, or
            # keep a record of another game; it is refused rather than left to play blind.
            if agent is not None and getattr(agent, "attach", None) is not None:
                raise ValueError(f"seat {seat + 1}: {type(agent).__name__} follows a game from its set-up and "
                                 "cannot join one resumed from a checkpoint; seat it in a new Match")
        m = cls(game, agents, checkpoint.state.seed, max_turns=max_turns, log=log)
        m._from = checkpoint
        return m

    def _play(self) -> None:
        try:
            if self._from is None:
                def record(state: GameState) -> None:
                    self.recorder = Recorder.of(state, self.game)
                setup_into(self.game, self.state, self.agents, pools=self._pools,
                           ready=record if self.record else None)
                result = play_out(self.game, self.state, self.max_turns)
            else:
                self.state = self._from.resume(self.game, self.agents, log=self._log, record=True)
                self.recorder = Recorder.of(self.state, self.game)
                result = play_on(self.game, self.state, self.max_turns)
            self._out.put(("end", result))
        except _Cancel:
            pass
        except BaseException as e:  # noqa: BLE001 - handed to the caller's thread, raised there
            self._out.put(("error", e))

    def advance(self) -> Decision | None:
        if self.result is not None:
            return None
        if self.pending is not None:
            return self.pending
        if self._thread is None:
            self._thread = threading.Thread(target=self._play, name="cardlang match", daemon=True)
            self._thread.start()
        kind, what = self._out.get()
        if kind == "decision":
            self.pending = what
            return what
        self._thread.join()
        if kind == "error":
            raise what
        self.result = what
        return None

    def answer(self, picks: list[int]) -> None:
        """Answer the pending decision (IllegalAction when PICKS is not a legal answer to it)."""
        d = self.pending
        if d is None:
            raise IllegalAction("no decision is waiting for an answer")
        picks = list(picks)
        check_answer(d, picks)
        self.pending = None
        self._in.put(picks)

    def checkpoint(self) -> Checkpoint:
        """The position now: at the pending decision (before any answer to it)."""
        if self.recorder is None:
            raise IllegalAction("the match has not begun: advance() first" if self.record else
                                "this match keeps no positions (Match(record=False))")
        return self.recorder.checkpoint()

    def close(self) -> None:
        """Stop a match left waiting for an answer (its thread ends)."""
        if self.pending is not None and self._thread is not None:
            self.pending = None
            self._in.put(_CANCEL)
            self._thread.join()

    def __enter__(self) -> "Match":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
