"""The search bot as an agent: information-set MCTS from one seat's point of view.

Each iteration deals a fresh world the seat could believe (runtime/worlds.py, from the seat's observer and
the checkpoint of the current turn), plays it from the decision being searched, choosing the seat's own
atomic actions (runtime/actions.py) down the open-loop tree (tree.py) by UCB, then lets the rollout bot play
every seat until the game ends or the turn cap is reached, and scores the result for the seat: a win 1, a
draw or shared win its share, a loss 0 (option margin: partly by the score margin); a game stopped at the
cap by the score margin. The budget is in iterations, seconds or turns played by the worlds. The action
tried most (with the duel, the duel's challenger) is played when it is clearly better than the rollout bot's
answer (_better), else that answer. Only one legal action: no search. Set-up decisions (before the first turn
there is no turn checkpoint to search from) are answered by the rollout bot.

It reads the real game only to ask which actions are legal for its own decision (as any agent sees its
decision) and to take the checkpoint and observer the world sampler needs; every position it plays out is a
sampled world. Knows no game and no card.
"""
from __future__ import annotations

import math
import random
import time
import warnings

from cardlang.runtime.actions import apply_action, apply_key, legal_actions, legal_keys
from cardlang.runtime.state import IllegalAction
from cardlang.runtime.stepping import Diverged, Recorder, play_on
from cardlang.search.options import DEFAULT_OVERRULE, SearchOptions
from cardlang.search.tree import Node


class SearchWarning(UserWarning):
    """Something the search bot did not do as asked (a budget too small to try each action once)."""


_said: set[str] = set()  # what was said in this process: each once, however many decisions and games


def _say(message: str) -> None:
    if message not in _said:
        _said.add(message)
        warnings.warn(SearchWarning(message), stacklevel=3)


def _format(message, category, filename, lineno, line=None, _plain=warnings.formatwarning) -> str:
    """A SearchWarning reads as the command line's warnings do (`warning: ...`), in any process (a worker's
    too); other warnings as Python writes them."""
    if isinstance(category, type) and issubclass(category, SearchWarning):
        return f"warning: {message}\n"
    return _plain(message, category, filename, lineno, line)


warnings.formatwarning = _format


class _Abandon(Exception):
    """The sampled world met the searched decision in a shape the search cannot continue (not expected)."""


class SearchAgent:
    """A seat played by search. ROLLOUT(seed) makes the bot that plays rollouts (and answers set-up)."""

    def __init__(self, game, options: SearchOptions, seed: int, rollout) -> None:
        self.game = game
        self.options = options
        self.name = options.spec()
        self.rng = random.Random(seed)
        self._make_rollout = rollout
        self.rollout = rollout(seed)          # answers set-up and too-small budgets, in the real game
        self._models: list | None = None      # the rollout bot of each seat in the worlds, reused
        self._seat: int | None = None
        self._recorder = None
        self._observer = None
        self._walker = _TreeWalker(self)
        self.last: dict | None = None         # what the last search did (iterations, failures, visits)
        self.failed = 0                       # worlds dealt that the seat could not believe, whole game
        self.errors = 0                       # worlds stopped by anything else (none expected)
        self.searches = 0                     # decisions searched over the whole game

    def attach(self, state, seat: int) -> None:
        """Before set-up: keep the turn's checkpoint (a Recorder) and this seat's observer of the game."""
        from cardlang.runtime.observer import Observer
        self._seat = seat
        self._recorder = Recorder.of(state, self.game)
        self._observer = Observer.of(state, seat)
        n = state.num_players
        self._models = [self._make_rollout(self.rng.randrange(1 << 30)) for _ in range(n)]

    def decide(self, view, decision) -> list[int]:
        state = view.rules_state
        if self._recorder is None or state.turn_number == 0 or view.player != self._seat:
            return self.rollout.decide(view, decision)  # set-up: no turn to search from
        picked: tuple = ()
        node = Node()
        prefix: list = []
        default: list | None = None  # the rollout bot's answer: what is played unless the search finds better
        while True:
            acts = legal_actions(state, decision, picked)
            if not acts:  # nothing left to pick (a private question with no option)
                return list(picked)
            if len(acts) == 1:
                act = acts[0]
            else:
                keys = [a[0] for a in acts]
                if default is None:
                    default = list(self.rollout.decide(view, decision))
                key = self._search(decision, keys, prefix, node, _default_key(decision, picked, acts, default))
                if key is None:  # budget too small to try each action once: the rollout bot's choice
                    if not picked:
                        return default
                    key = keys[0]
                act = acts[keys.index(key)]
                node = node.child(key)
            picked, finished = apply_action(decision, picked, act)
            prefix.append(act[0])
            if finished:
                return list(picked)

    def _search(self, decision, keys: list, prefix: list, node: Node, default=None):
        opts = self.options
        if opts.iterations is not None and opts.iterations < len(keys):
            _say(f"search budget of {opts.iterations} iterations cannot try each of a decision's actions once; "
                 f"the rollout bot chooses there")
            return None
        cp = self._recorder.checkpoint()
        self._turn = cp.turn_number
        cap = cp.turn_number + opts.cap
        began = time.perf_counter()
        deadline = None if opts.seconds is None else began + opts.seconds
        by_turns = opts.turns is not None  # the budget in turns played by the worlds (see _WORLD_TURNS)
        budget = opts.iterations if opts.iterations is not None else opts.turns if by_turns else 1 << 62
        # the duel, the budget's last part: the rollout bot's answer and its best challenger tried in turn
        duel_from = budget - int(budget * opts.duel) if deadline is None else None
        duel_at = None if deadline is None else began + opts.seconds * (1 - opts.duel)
        walker, seat, rng = self._walker, self._seat, self.rng
        root = (seat, decision.tag)  # a world that first meets another decision is refused
        done = failed = turns = misses = 0
        from cardlang.runtime.worlds import Dealer, NoWorld
        try:
            dealer = Dealer(cp, self.game, self._observer)  # what every world of this decision shares, found once
        except NoWorld:  # (a decision with no world: the rollout bot's choice, as for set-up)
            return None
        by_mean = opts.challenger == "mean"
        held = None  # the duel's challenger (challenger=mean: the best mean when the duel begins, held to its end)
        pairs: dict = {}  # paired duel: challenger -> [pairs, sum, sum of squares] of its value minus the default's
        refused = (Diverged, _Abandon, IllegalAction)
        while True:
            spent = turns + _WORLD_TURNS * done if by_turns else done
            if spent >= budget:
                break
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            force = None
            if opts.duel and default is not None and (spent >= duel_from if duel_from is not None
                                                      else time.perf_counter() >= duel_at):
                if held is None or not by_mean:
                    held = _challenger(node, keys, default, by_mean)
                force = _duel(node, default, held)
            try:
                if opts.paired and force is not None:
                    # the default and its challenger on the same world (the same draws of RNG: the same deal,
                    # the same reseeding), so their difference is the two actions', not the two worlds'
                    challenger = held
                    drawn = rng.getstate()
                    v_default, t = self._play(dealer, decision.tag, prefix, node, default, root, cap)
                    done, turns = done + 1, turns + t
                    rng.setstate(drawn)
                    v_challenger, t = self._play(dealer, decision.tag, prefix, node, challenger, root, cap)
                    diff = v_challenger - v_default
                    row = pairs.setdefault(challenger, [0, 0.0, 0.0])
                    row[0] += 1
                    row[1] += diff
                    row[2] += diff * diff
                else:
                    _, t = self._play(dealer, decision.tag, prefix, node, force, root, cap)
            except refused as e:
                # a world the seat could not believe (its replay does not fit what the seat saw): another
                # is dealt; the iteration is not spent, unless worlds keep failing. (Anything else that stops
                # a world is counted apart: not expected.)
                failed += 1
                if not isinstance(e, Diverged):
                    self.errors += 1
                if walker.path or misses >= _TRIES:
                    done += 1
                else:
                    misses += 1
                continue
            done += 1
            misses = 0
            turns += t
        self.failed += failed
        self.searches += 1
        best = node.most_visited(keys)
        if default is not None and best is not None:
            if opts.duel:  # the challenger the duel measured, if clearly better; else the default
                challenger = held if by_mean and held is not None else _challenger(node, keys, default, by_mean)
                if challenger is None:
                    best = default
                elif challenger in pairs:
                    best = challenger if _paired_better(*pairs[challenger], opts.overrule) else default
                else:
                    best = _better(node, challenger, default, opts.overrule, opts.margin > 0)
            elif best != default:
                best = _better(node, best, default, opts.overrule, opts.margin > 0)
        self.last = {"iterations": done, "failed": failed, "rechecked": dealer.rechecked, "turns": turns,
                     "visits": node.stats(), "pairs": {k: row[0] for k, row in pairs.items()},
                     "default": default, "played": best}
        if best is None or any(k not in node.children or not node.children[k].visits for k in keys):
            if by_turns:
                _say(f"search budget of {opts.turns} turns cannot try each of a decision's actions once; "
                     f"the rollout bot chooses there")
                return None
            if deadline is not None:
                _say(f"search budget of {opts.seconds:g} seconds cannot try each of a decision's actions once; "
                     f"the rollout bot chooses there")
                return None
        return best

    def _play(self, dealer, tag: str, prefix: list, node: Node, force, root, cap: int) -> tuple[float, int]:
        """One world dealt and played out from the searched decision (FORCE: the root's action, the duel's),
        its value backed up the tree walked; (its value, the turns it played). Raises what refuses a world."""
        from cardlang.runtime.worlds import Unsure
        walker, seat, game = self._walker, self._seat, self.game
        agents = list(self._models)
        agents[seat] = walker
        walker.start(tag, prefix, node, force)
        world = dealer.world(agents, self.rng, until=root)
        try:
            result = play_on(game, world, cap)
        except Unsure:  # its replay read a dealt card: the same world again, checked in full
            walker.start(tag, prefix, node, force)
            world = dealer.again(agents, until=root)
            result = play_on(game, world, cap)
        value = _value(result, seat, self.options.margin)
        for n in walker.path:
            n.visits += 1
            n.value += value
            n.squares += value * value
        return value, world.turn_number - self._turn


# A budget in turns (option turns=T) counts each world as the turns its rollout played plus this many: dealing
# and replaying a world costs about what a few turns of play do, and a world that ends at once still costs.
# Worlds near a game's end play few turns, so the same budget tries many more of them there, where a rollout
# is short and says most about the result.
_WORLD_TURNS = 4

_TRIES = 8  # worlds in a row that may fail before one is counted as an iteration spent


class _TreeWalker:
    """The searching seat inside a world: re-applies the answer's picks made so far, then picks down the tree
    by UCB until it reaches an action new to the tree and its decision is answered; from there the seat's
    rollout bot takes over (put in its place in the world's agents)."""

    name = "search (tree)"

    def __init__(self, owner: SearchAgent) -> None:
        self.owner = owner
        self.path: list[Node] = []

    def start(self, tag: str, prefix: list, node: Node, force=None) -> None:
        """A new world: PREFIX's picks made again, then the tree from NODE (its action FORCE when given and
        legal in this world: the duel)."""
        self.tag, self.prefix, self.node, self.root, self.force = tag, prefix, node, node, force
        self.path = []
        self.first = True

    def decide(self, view, decision) -> list[int]:
        state = view.rules_state  # a sampled world, never the real game
        picked: tuple = ()
        if self.first:
            self.first = False
            if state.listeners:  # the world's observer, done once the world was found believable: the
                state.listeners.clear()  # rollout needs no events (and bots then answer by name, faster)
            if decision.tag != self.tag:
                raise _Abandon(decision.tag)
            for key in self.prefix:
                if key not in legal_keys(state, decision, picked):
                    raise _Abandon(key)
                picked, finished = apply_key(decision, picked, key)
                if finished:  # (the answer was finished by the picks made: nothing left to search)
                    raise _Abandon(key)
        node, c, rng, grown = self.node, self.owner.options.c, self.owner.rng, False
        while True:
            keys = legal_keys(state, decision, picked)
            if not keys:
                break
            if len(keys) == 1:
                key = keys[0]
            else:
                if self.force is not None and node is self.root and self.force in keys:
                    key, new = self.force, node.take(keys, self.force)
                else:
                    key, new = node.select(keys, c, rng)
                grown = grown or new
                node = node.child(key)
                self.path.append(node)
            picked, finished = apply_key(decision, picked, key)
            if finished:
                break
        self.node = node
        if grown:  # the rest of the world is the rollout's
            state.agents[view.player] = self.owner._models[view.player]
        return list(picked)


def _default_key(decision, picked: tuple, acts: list, answer: list):
    """The key of the action that takes ANSWER's next pick (after PICKED), or None when none does."""
    want = answer[len(picked)] if len(answer) > len(picked) else None
    for a in acts:
        after, _ = apply_action(decision, picked, a)
        nxt = after[len(picked)] if len(after) > len(picked) else None
        if decision.kind == "yesno":
            if (after == (0,)) == (answer == [0]):
                return a[0]
        elif nxt == want or (want is not None and nxt is not None and a[0][0] == "card"
                             and decision.labels[nxt] == decision.labels[want]):
            return a[0]
    return None


# The duel (option duel=F, off by default): the last F of a decision's budget (iterations, or seconds) tries the
# rollout bot's answer and the search's best other action (its most visited) in turn, the one with fewer visits
# first, so that the two means compared by _better are measured alike. Without it UCB leaves the default few
# visits once it looks worse, and the comparison's error is mostly the default's: a card the rollout bot never
# buys is seldom bought, however often the search tries it.
# Paired (option paired=yes): each turn of the duel plays the default and its challenger on the same world (the
# same cards dealt, the same RNG after the decision), and the challenger is played only when the mean of those
# paired differences is _OVERRULE standard errors above zero. Most of a rollout's noise is the world's (the
# shuffles, what the others draw), and a pair shares it, so far fewer worlds tell two buys apart.


def _challenger(node: Node, keys: list, default, by_mean: bool = False):
    """The most visited of KEYS other than DEFAULT (BY_MEAN: the one of best mean; None if none was tried)."""
    others = [k for k in keys if k != default]
    return node.best_mean(others) if by_mean else node.most_visited(others)


def _duel(node: Node, default, challenger):
    """The action the next world tries at the root in the duel: of DEFAULT and CHALLENGER, the one with fewer
    visits (None when there is no challenger)."""
    if challenger is None:
        return None
    d = node.children.get(default)
    return default if d is None or d.visits <= node.children[challenger].visits else challenger


# How much better (in standard errors of the difference of the two means) the search's choice must look than
# the rollout bot's before it is played instead: a few noisy visits never overrule a sound default. (Option
# overrule=Z; this is its default.)
_OVERRULE = DEFAULT_OVERRULE


def _better(node: Node, best, default, z: float = _OVERRULE, measured: bool = False):
    """BEST if its mean beats DEFAULT's by Z standard errors of the difference (see _OVERRULE), else DEFAULT.
    The variance of a mean's values is a win's or loss's (m(1 - m)), or MEASURED from the values' squares (values
    moved by the score margin vary less than that)."""
    b, d = node.children.get(best), node.children.get(default)
    if d is None or not d.visits:
        return best
    se = math.sqrt(_variance(b, measured) / b.visits + _variance(d, measured) / d.visits)
    return best if b.value / b.visits - d.value / d.visits > z * se else default


def _variance(n: Node, measured: bool) -> float:
    """The variance of N's values (at least 0.01: a few visits that agree are not certainty)."""
    m = n.value / n.visits
    if measured and n.visits > 1:
        return max((n.squares - n.value * m) / (n.visits - 1), 0.01)
    return max(m * (1 - m), 0.01)


def _paired_better(n: int, total: float, squares: float, z: float = _OVERRULE) -> bool:
    """Whether the challenger's paired differences (N pairs, their TOTAL and sum of SQUARES) show it better than
    the default by Z standard errors (the variance at least 0.01, as _better's: a few pairs that all
    agree are not certainty)."""
    if n < 2:
        return False
    mean = total / n
    variance = max((squares - total * mean) / (n - 1), 0.01)
    return mean > z * math.sqrt(variance / n)


def _value(result, seat: int, margin: float = 0.0) -> float:
    """The result of a played-out world for SEAT, in [0, 1]: a win 1, a share of a win its share, a draw
    one half, a loss 0; stopped at the cap, one half moved by the score margin over the best other seat.
    MARGIN (option margin=F) is the share of a finished world's value that its score margin gives, the rest
    the win's: two buys that both win are then told apart by how much they win by, and a rollout's value
    varies less than a bare win or loss."""
    if not result.stopped:
        w = result.winners
        won = 0.5 if not w else (1.0 / len(w) if seat in w else 0.0)
        if not margin:
            return won
        return (1.0 - margin) * won + margin * _by_margin(result.scores, seat)
    return _by_margin(result.scores, seat)


def _by_margin(scores, seat: int) -> float:
    """One half moved by SEAT's score margin over the best other seat, in (0, 1)."""
    others = [s for j, s in enumerate(scores) if j != seat]
    if not others:
        return 0.5
    margin = scores[seat] - max(others)
    scale = 1.0 + sum(abs(s) for s in scores) / len(scores)
    return 0.5 + 0.5 * math.tanh(2.0 * margin / scale)
