"""A decision as atomic actions: one pick at a time, for a search and a learning environment.

An answer to a decision may pick several options; a search tree or an action mask wants one step at a time.
`legal_actions` gives the steps open after the picks made so far, `apply_action` takes one. Two rules keep an
action from saying more than its decider may know:
- options the decider can see that read the same (two cards of one name in its hand) are one action, "pick
  one of that name", which takes the first such option not yet picked: choosing between identical cards is no
  choice;
- a card it cannot see (its hidden deck's cards, offered by position) is keyed by its place among the
  options, never by its name.
A multi-pick ends when as many as allowed are picked, or with `STOP` once enough are. Knows no game.
"""
from __future__ import annotations

from typing import NamedTuple

from cardlang.runtime.state import Decision, GameState


class Action(NamedTuple):
    """One atomic step of an answer. KEY identifies it across positions: ("card", name) for a visible card,
    ("position", i) for a hidden one, ("option", label) for an option, a player, a slot or a number, ("yes",)
    and ("no",) for a yes/no question, ("stop",) to end a multi-pick. LABEL is how a person reads it."""

    key: tuple
    label: str


STOP = Action(("stop",), "stop")
YES, NO = Action(("yes",), "yes"), Action(("no",), "no")


def seen_by(state: GameState, cid: int, player: int) -> bool:
    """Whether PLAYER may see which card CID is: in a zone it sees, on top of a zone whose top is face up, or
    shown to it and not moved since."""
    zone = state.loc[cid]
    vis = zone.spec.visibility
    if vis == "public" or (vis == "owner" and zone.owner == player):
        return True
    if vis == "top public" and zone.cards and zone.cards[-1] == cid:
        return True
    shown = state.peeked.get(cid)
    return shown is not None and player in shown


def legal_actions(state: GameState, decision: Decision, picked: tuple[int, ...] = ()) -> list[Action]:
    """The atomic actions open to DECISION's player after PICKED (option indices picked so far, in order):
    `legal_keys`, each with the label a person reads."""
    return [_action(k) for k in legal_keys(state, decision, picked)]


def _action(key: tuple) -> Action:
    what = key[0]
    if what == "card" or what == "option":
        return Action(key, key[1])
    if what == "position":
        return Action(key, f"card #{key[1] + 1}")
    return {"stop": STOP, "yes": YES, "no": NO}[what]


def legal_keys(state: GameState, decision: Decision, picked: tuple[int, ...] = ()) -> list[tuple]:
    """The keys of the atomic actions open to DECISION's player after PICKED (option indices picked so far, in
    order); `legal_actions` gives them with their labels (a search walks its tree by key, many times a
    decision, and builds no Action)."""
    kind = decision.kind
    if kind == "yesno":
        return [YES.key, NO.key] if not picked else []
    options = decision.options
    n = len(options)
    if len(picked) >= min(decision.max, n):
        return [STOP.key]  # nothing (more) to pick: a private question with no option
    labels = decision.labels
    if kind == "cards":
        out: list[tuple] = []
        seen: set[str] = set()
        p, loc, peeked = decision.player, state.loc, state.peeked
        for i, o in enumerate(options):
            if picked and i in picked:
                continue
            if type(o) is int:  # a card, not a card's name: seen_by, inline (a call per option and tree step)
                zone = loc[o]
                vis = zone.spec.visibility
                if not (vis == "public" or (vis == "owner" and zone.owner == p)
                        or (vis == "top public" and zone.cards[-1] == o)
                        or p in peeked.get(o, ())):
                    out.append(("position", i))
                    continue
            label = labels[i]
            if label not in seen:
                seen.add(label)
                out.append(("card", label))
    else:
        out = [("option", labels[i]) for i in range(n) if i not in picked]
    if len(picked) >= decision.min:
        out.append(STOP.key)
    return out


def apply_action(decision: Decision, picked: tuple[int, ...], action: Action) -> tuple[tuple[int, ...], bool]:
    """PICKED after ACTION, and whether the answer is finished (the picks, in order, are then the answer)."""
    return apply_key(decision, picked, action.key)


def apply_key(decision: Decision, picked: tuple[int, ...], key: tuple) -> tuple[tuple[int, ...], bool]:
    """apply_action by the action's key."""
    what = key[0]
    if what == "yes":
        return (0,), True
    if what == "no" or what == "stop":
        return picked, True
    if what == "position":
        i = key[1]
    else:
        labels, taken = decision.labels, set(picked)
        i = next((j for j, label in enumerate(labels) if label == key[1] and j not in taken), -1)
        if i < 0:
            raise ValueError(f"no option {key[1]!r} left to pick in '{decision.tag}'")
    now = picked + (i,)
    return now, len(now) >= min(decision.max, len(decision.options))


def answer_of(picked: tuple[int, ...]) -> list[int]:
    """The answer to give `ask` for these picks."""
    return list(picked)
