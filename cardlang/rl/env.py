"""A PettingZoo AEC environment for any game written in the language: every seat is an agent ("p1".."pN") that
answers its decisions one atomic action at a time (runtime/actions.py), numbered in the game's fixed action
space (rl/layout.py), and observes a vector of what it may know (rl/observe.py) with the mask of its legal
actions. The game runs on runtime/stepping.py's Match, so the same seed and actions give the same game.

Rewards come only at the end: +1 to each winner, -1 to each other seat, 0 to all when nobody or every seat wins
(a draw) or the turn limit stops the game (then every agent still playing is truncated). A seat knocked out of the
game is terminated there, with -1. Win and loss, not a score margin: a game's result is who won, and its scores
(victory points, Honor, lives) mean different things in different games. Knows no game.
"""
from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from cardlang.rl.layout import Layout, layout_of
from cardlang.rl.moves import numbered
from cardlang.rl.observe import Encoder
from cardlang.runtime.actions import Action, apply_action
from cardlang.runtime.engine import MAX_TURNS
from cardlang.runtime.observer import Observer
from cardlang.runtime.state import NUMBER_LIMIT, Decision, IllegalAction
from cardlang.runtime.stepping import Match

_GAMES: dict[str, Any] = {}  # games loaded by id in this process (a load takes a second or more)


class IllegalMove(ValueError):
    """An action the mask did not mark legal (or one given out of turn)."""


def _game(game) -> Any:
    if not isinstance(game, str):
        return game
    got = _GAMES.get(game)
    if got is None:
        from cardlang.compile.game import load_game
        got = _GAMES[game] = load_game(game)
    return got


class raw_env(AECEnv):  # noqa: N801 - PettingZoo's name for the environment without wrappers
    """One game of GAME (an id such as the names `cardlang games` lists, or a loaded CompiledGame) for PLAYERS
    seats. SEED: the first game's seed; each later reset without a seed takes the next seed of a stream drawn
    from it (none: a fresh random stream). MAX_TURNS: the turn limit, after which every agent is truncated.
    POOLS and VARIANTS as for a played game. MEMORY: each seat's observer (runtime/observer.py) follows the game,
    so a card the seat identified and has not lost track of counts where it lies (a card revealed and put back
    on a hidden pile); without it only what the seat may see now counts (faster)."""

    metadata = {"name": "cardlang_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, game, players: int = 2, seed: int | None = None, *, max_turns: int = MAX_TURNS,
                 pools=None, variants=(), render_mode: str | None = None, memory: bool = True) -> None:
        super().__init__()
        self.game = _game(game)
        self.layout: Layout = layout_of(self.game, players)
        problem = self.game.variant_problem(variants, players)
        if problem:
            raise ValueError(problem)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r} is not one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self.encoder = Encoder(self.layout)
        self.max_turns, self.pools, self.variants = max_turns, pools, tuple(variants)
        self.memory = memory
        self.possible_agents = [f"p{i + 1}" for i in range(players)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        lay = self.layout
        obs = gymnasium.spaces.Box(-float(NUMBER_LIMIT), float(NUMBER_LIMIT), (lay.size,), np.float32)
        mask = gymnasium.spaces.Box(0, 1, (lay.actions,), np.int8)
        self.observation_spaces = {a: gymnasium.spaces.Dict({"observation": obs, "action_mask": mask})
                                   for a in self.possible_agents}
        self.action_spaces = {a: gymnasium.spaces.Discrete(lay.actions) for a in self.possible_agents}
        self._seeds = random.Random(seed)
        self._first_seed = seed
        self.match: Match | None = None
        self.agents = []

    def observation_space(self, agent: str) -> gymnasium.spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space:
        return self.action_spaces[agent]

    # ---- a game

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is None:
            seed = self._first_seed if self._first_seed is not None else self._seeds.randrange(2 ** 63)
            self._first_seed = None
        self.seed = seed
        if self.match is not None:
            self.match.close()  # a game left unfinished: its thread ends
        self.match = Match(self.game, [None] * len(self.possible_agents), seed, pools=self.pools,
                           variants=self.variants, max_turns=self.max_turns, record=False)  # no copies wanted
        # each seat's observer hears the game from before set-up (runtime/observer.py): what it identified and
        # still knows (a card revealed, then put back on top of a hidden pile) counts in its observation
        self._known = [Observer.of(self.match.state, s).known if self.memory else None
                       for s in range(len(self.possible_agents))]
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        self._picked: tuple[int, ...] = ()
        self._legal: dict[int, Action] = {}
        self.forced = 0  # answers the environment gave for seats already out of the game (see _next)
        self.unnumbered: list[Action] = []  # legal actions left out: past the end of their block (rl/layout.py)
        self._next()

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        i = int(action) if action is not None else -1
        step = self._legal.get(i)
        if step is None:
            raise IllegalMove(f"action {action} ({self._name(i)}) is not legal for {agent} now; legal: "
                              + ", ".join(f"{j} ({self._name(j)})" for j in self._legal))
        self._cumulative_rewards[agent] = 0
        self._clear_rewards()
        self._take(step)
        self._accumulate_rewards()

    def _name(self, i: int) -> str:
        return self.layout.action_name(i) if 0 <= i < self.layout.actions else "out of range"

    def _take(self, step: Action) -> None:
        m = self.match
        picked, finished = apply_action(m.pending, self._picked, step)
        if finished:
            self._picked = ()
            m.answer(list(picked))
            self._next()
        else:
            self._picked = picked
            self._legal = numbered(self.layout, m.state, m.pending, picked, self.unnumbered)

    def _next(self) -> None:
        """Play on to the next decision a seat still in the game must answer, or to the game's end."""
        m = self.match
        while True:
            d = m.advance()
            self._knocked_out()
            if d is None:
                self._ended()
                return
            if d.nothing_to_pick:  # asked (privately) with nothing to pick: its only answer, none, needs no agent
                m.answer([])
                continue
            self._legal = numbered(self.layout, m.state, d, self._picked, self.unnumbered)
            if not self._legal:
                raise IllegalAction(f"decision '{d.tag}' of p{d.player + 1} offers no action this game's action "
                                    f"space can number ({len(d.options)} options)")
            agent = self.possible_agents[d.player]
            if agent in self.agents and not self.terminations[agent]:
                break
            # a seat that is out of the game asked anyway (the rules may ask everyone): the first legal answer,
            # as no agent is left to give one
            self.forced += 1
            self._picked, finished = apply_action(d, self._picked, next(iter(self._legal.values())))
            while not finished:
                self._legal = numbered(self.layout, m.state, d, self._picked)
                self._picked, finished = apply_action(d, self._picked, next(iter(self._legal.values())))
            m.answer(list(self._picked))
            self._picked = ()
        self.agent_selection = agent
        self._deads_step_first()

    def _knocked_out(self) -> None:
        out = self.match.state.out
        for seat, a in enumerate(self.possible_agents):
            if out[seat] and a in self.agents and not self.terminations[a]:
                self.terminations[a] = True
                self.rewards[a] = -1

    def _ended(self) -> None:
        result = self.match.result
        alive = [a for a in self.agents if not self.terminations[a]]
        winners = {self.possible_agents[p] for p in result.winners}
        draw = result.stopped or not winners or len(winners) == len(self.possible_agents)
        for a in alive:
            self.rewards[a] = 0 if draw else (1 if a in winners else -1)
            if result.stopped:
                self.truncations[a] = True
            else:
                self.terminations[a] = True
        self._legal = {}
        self.agent_selection = self.agents[0]
        self._deads_step_first()

    # ---- what an agent sees

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat[agent]
        m = self.match
        d: Decision | None = m.pending if m.result is None else None
        asked = d is not None and d.player == seat and agent == self.agent_selection
        mask = np.zeros(self.layout.actions, dtype=np.int8)
        if asked:
            mask[list(self._legal)] = 1
        vector = self.encoder.observe(m.state, seat, d if asked else None, self._picked if asked else (),
                                      self._known[seat])
        return {"observation": vector, "action_mask": mask}

    def legal_moves(self) -> list[int]:
        """The numbers of the actions the selected agent may take now."""
        return list(self._legal)

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.match is None:
            return None
        m = self.match
        if m.result is not None:
            return f"game over after {m.state.turn_number} turns; winners: " + \
                (", ".join(self.possible_agents[p] for p in m.result.winners) or "none")
        d = m.pending
        return (f"turn {m.state.turn_number}: {self.agent_selection} answers '{d.tag}' ({d.prompt}); legal: "
                + ", ".join(f"{i} {step.label}" for i, step in self._legal.items()))

    def close(self) -> None:
        if self.match is not None:
            self.match.close()

    def __del__(self) -> None:  # an environment dropped in the middle of a game: its game's thread ends too
        try:
            self.close()
        except Exception:  # noqa: BLE001 - at interpreter exit the modules it needs may be gone
            pass


def env(game, players: int = 2, seed: int | None = None, **kwargs) -> AECEnv:
    """The environment of `raw_env`, wrapped as PettingZoo's own games are: an action out of the space or out of
    order is refused with a clear error."""
    e = raw_env(game, players, seed, **kwargs)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return wrappers.OrderEnforcingWrapper(e)
