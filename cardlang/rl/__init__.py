"""Reinforcement learning on any game written in the language: a PettingZoo AEC environment (`env`, `raw_env`),
its fixed action and observation layout (layout.py), the observation of one seat (observe.py) and the legal
actions as numbers (moves.py). Plays games through runtime/stepping.py and runtime/actions.py; knows no game,
and nothing below it imports it.

Needs the optional extra `rl` (numpy, gymnasium, pettingzoo): `pip install 'cardlang[rl]'`.
"""
from __future__ import annotations

try:
    import gymnasium  # noqa: F401
    import numpy  # noqa: F401
    import pettingzoo  # noqa: F401
except ImportError as e:  # pragma: no cover - exercised by a test in a process without them
    raise ImportError(f"cardlang.rl needs the optional extra 'rl' (numpy, gymnasium, pettingzoo): "
                      f"pip install 'cardlang[rl]' ({e})") from e

from cardlang.rl.env import IllegalMove, env, raw_env  # noqa: E402
from cardlang.rl.layout import Layout, layout_of  # noqa: E402

__all__ = ["IllegalMove", "Layout", "env", "layout_of", "raw_env"]
