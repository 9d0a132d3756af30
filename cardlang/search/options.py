"""The search bot's options, as written after its name where a player is named: `search`,
`search:iterations=800,rollout=big-money`, `search:seconds=0.5,cap=12,c=0.7`. Checked before any game
runs; a problem is a SearchSpecError whose message the command line prints as its `error:` line.
Knows no game: the rollout bots a game has are handed in.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

NAME = "search"

DEFAULT_ITERATIONS = 300
DEFAULT_CAP = 30   # turns a rollout may play (all seats' turns together) before it is scored by margin
DEFAULT_C = 0.7    # exploration constant of UCB for values in [0, 1]
DEFAULT_DUEL = 0.0  # the budget's share spent on the duel of the rollout bot's answer and its challenger (agent.py)
DEFAULT_OVERRULE = 2.0  # standard errors by which an action must beat the rollout bot's answer (agent.py, _better)
DEFAULT_MARGIN = 0.0  # the share of a finished rollout's value given by its score margin (agent.py, _value)

_KEYS = {
    "iterations": "a whole number of iterations per decision, at least 1",
    "seconds": "seconds per decision, more than 0",
    "turns": "a budget of turns per decision: worlds are played until their rollouts' turns, each world counted "
             "4 more, reach it; a whole number, at least 1",
    "rollout": "the bot that plays rollouts: one of the game's bots, or random",
    "cap": "turns a rollout plays before it is scored by the score margin, at least 1",
    "c": "the exploration constant of UCB, 0 or more",
    "duel": "the share of the budget spent trying the rollout bot's answer and the best other action in turn, "
            "0 or more and less than 1",
    "paired": "yes to play the duel's two actions on the same world, pair by pair, and compare them by their "
              "paired differences (no: each on a world of its own)",
    "challenger": "which other action the duel measures against the rollout bot's answer: visits (the most "
                  "visited, again at each world) or mean (the best mean when the duel begins, held to its end)",
    "overrule": "standard errors of the difference by which another action must beat the rollout bot's answer "
                "to be played instead, 0 or more",
    "margin": "the share of a finished rollout's value given by the final score margin (the rest by the win), "
              "0 or more and at most 1",
}


class SearchSpecError(ValueError):
    """A search bot's spec that cannot be played; the message says what is wrong and what would do."""


@dataclass(frozen=True)
class SearchOptions:
    iterations: int | None = DEFAULT_ITERATIONS  # None when the budget is in seconds or turns
    seconds: float | None = None
    turns: int | None = None                     # the budget in turns played (agent.py, _WORLD_TURNS)
    rollout: str | None = None                   # None: the game's first declared bot (random if none)
    cap: int = DEFAULT_CAP
    c: float = DEFAULT_C
    duel: float = DEFAULT_DUEL
    paired: bool = False
    margin: float = DEFAULT_MARGIN
    challenger: str = "visits"
    overrule: float = DEFAULT_OVERRULE

    def spec(self) -> str:
        """The options written back as a player name (the defaults left out)."""
        parts = []
        if self.seconds is not None:
            parts.append(f"seconds={self.seconds:g}")
        elif self.turns is not None:
            parts.append(f"turns={self.turns}")
        elif self.iterations != DEFAULT_ITERATIONS:
            parts.append(f"iterations={self.iterations}")
        if self.rollout is not None:
            parts.append(f"rollout={self.rollout}")
        if self.cap != DEFAULT_CAP:
            parts.append(f"cap={self.cap}")
        if self.c != DEFAULT_C:
            parts.append(f"c={self.c:g}")
        if self.duel != DEFAULT_DUEL:
            parts.append(f"duel={self.duel:g}")
        if self.paired:
            parts.append("paired=yes")
        if self.challenger != "visits":
            parts.append(f"challenger={self.challenger}")
        if self.overrule != DEFAULT_OVERRULE:
            parts.append(f"overrule={self.overrule:g}")
        if self.margin != DEFAULT_MARGIN:
            parts.append(f"margin={self.margin:g}")
        return NAME + (":" + ",".join(parts) if parts else "")


def is_search(name: str) -> bool:
    """Whether NAME names the search bot (with or without options)."""
    return name == NAME or name.startswith(NAME + ":")


def parse(name: str, rollouts: list[str]) -> SearchOptions:
    """The options of player name NAME (`search` or `search:k=v,k=v`); ROLLOUTS are the bots a rollout may
    be played by in this game (its bots and `random`). Raises SearchSpecError."""
    if name == NAME:
        return SearchOptions()
    if not name.startswith(NAME + ":"):
        raise SearchSpecError(f"'{name}' is not the search bot")
    got: dict[str, str] = {}
    for item in name[len(NAME) + 1:].split(","):
        key, eq, value = (s.strip() for s in item.partition("="))
        if not eq or not key or not value:
            raise SearchSpecError(f"search bot option {item.strip()!r} is not KEY=VALUE "
                                  f"(e.g. search:iterations=800,rollout={rollouts[0] if rollouts else 'random'})")
        if key not in _KEYS:
            from cardlang.errors import did_you_mean
            hint = did_you_mean(key, list(_KEYS))
            raise SearchSpecError(f"unknown search bot option '{key}'" + (f"; {hint}" if hint else "")
                                  + f" (options: {', '.join(_KEYS)})")
        if key in got:
            raise SearchSpecError(f"search bot option '{key}' is given twice")
        got[key] = value
    if "iterations" in got and "seconds" in got:
        raise SearchSpecError("give the search bot one budget: iterations=N or seconds=S, not both")
    if "turns" in got and ("iterations" in got or "seconds" in got):
        raise SearchSpecError("give the search bot one budget: iterations=N, seconds=S or turns=T, not two")
    iterations = _number(got, "iterations", int, lambda v: v >= 1) if "iterations" in got else None
    seconds = _number(got, "seconds", float, lambda v: v > 0) if "seconds" in got else None
    turns = _number(got, "turns", int, lambda v: v >= 1) if "turns" in got else None
    if iterations is None and seconds is None and turns is None:
        iterations = DEFAULT_ITERATIONS
    rollout = got.get("rollout")
    if rollout is not None and rollout not in rollouts:
        raise SearchSpecError(f"the search bot's rollout bot '{rollout}' is not a bot of this game "
                              f"(choose from: {', '.join(rollouts)})")
    cap = _number(got, "cap", int, lambda v: v >= 1) if "cap" in got else DEFAULT_CAP
    c = _number(got, "c", float, lambda v: v >= 0) if "c" in got else DEFAULT_C
    duel = _number(got, "duel", float, lambda v: 0 <= v < 1) if "duel" in got else DEFAULT_DUEL
    paired = _yes_no(got, "paired") if "paired" in got else False
    if paired and not duel:
        raise SearchSpecError("search bot option paired=yes pairs the duel's worlds: give duel=F too "
                              "(e.g. duel=0.25,paired=yes)")
    margin = _number(got, "margin", float, lambda v: 0 <= v <= 1) if "margin" in got else DEFAULT_MARGIN
    challenger = got.get("challenger", "visits")
    if challenger not in ("visits", "mean"):
        raise SearchSpecError(f"search bot option challenger={challenger}: {_KEYS['challenger']}")
    if challenger != "visits" and not duel:
        raise SearchSpecError("search bot option challenger=mean chooses the duel's challenger: give duel=F too "
                              "(e.g. duel=0.25,challenger=mean)")
    overrule = _number(got, "overrule", float, lambda v: v >= 0) if "overrule" in got else DEFAULT_OVERRULE
    return SearchOptions(iterations, seconds, turns, rollout, cap, c, duel, paired, margin, challenger, overrule)


def _yes_no(got: dict[str, str], key: str) -> bool:
    text = got[key].lower()
    if text not in ("yes", "no"):
        raise SearchSpecError(f"search bot option {key}={got[key]}: {_KEYS[key]}")
    return text == "yes"


def _number(got: dict[str, str], key: str, kind, ok):
    text = got[key]
    try:
        value = kind(text)
    except ValueError:
        value = None
    if value is None or (kind is float and not math.isfinite(value)) or not ok(value):
        raise SearchSpecError(f"search bot option {key}={text}: {_KEYS[key]}")
    return value
