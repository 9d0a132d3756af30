"""The legal atomic actions of a pending decision (runtime/actions.py) as numbers of a game's fixed action space
(rl/layout.py), and back. Knows no game; reads the decision and what its decider may see, nothing more.
"""
from __future__ import annotations

from cardlang.rl.layout import Layout
from cardlang.runtime.actions import Action, apply_action, legal_actions
from cardlang.runtime.state import Decision, GameState


def numbered(lay: Layout, state: GameState, decision: Decision, picked: tuple[int, ...],
             unnumbered: list[Action] | None = None) -> dict[int, Action]:
    """The legal actions after PICKED, by their number in LAY's action space, in the order legal_actions gives
    them. An action past the end of its block (a hidden card offered beyond the first MAX_HIDDEN options, a
    number beyond the option block) has no number and is left out (added to UNNUMBERED, when given); two actions
    with one number (two options of one label, the same for whoever picks) keep the first."""
    out: dict[int, Action] = {}
    for action in legal_actions(state, decision, picked):
        i = number_of(lay, state, decision, picked, action)
        if i is None:
            if unnumbered is not None:
                unnumbered.append(action)
        elif i not in out:
            out[i] = action
    return out


def number_of(lay: Layout, state: GameState, decision: Decision, picked: tuple[int, ...],
              action: Action) -> int | None:
    """ACTION's number in LAY's action space, or None when its block has no room for it."""
    key = action.key
    what = key[0]
    if what == "stop" or what == "no":
        return lay.blocks["stop"][0]
    if what == "yes":
        return lay.blocks["yes"][0]
    if what == "card":
        card = state.def_by_name[key[1]]
        return _within(lay, "card", card.index)
    if what == "position":
        return _within(lay, "hidden", key[1])
    # an option, a player, a number or a slot: which option it picks (the first not yet picked of its label)
    now, _ = apply_action(decision, picked, action)
    i = now[-1]
    o = decision.options[i]
    kind = decision.kind
    if kind == "players":
        return _within(lay, "player", (o - decision.player) % lay.players)
    if kind == "options":  # the option's place in its `choose { ... }`
        return _within(lay, "option", o)
    if kind == "slots":
        cols, rows = lay.grid
        c, r = o
        return _within(lay, "slot", (r - 1) * cols + (c - 1)) if 1 <= c <= cols and 1 <= r <= rows else None
    return _within(lay, "option", i)  # a number (a die): its place among those offered


def _within(lay: Layout, block: str, i: int) -> int | None:
    start, size = lay.blocks[block]
    return start + i if 0 <= i < size else None
