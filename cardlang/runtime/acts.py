"""A game's own verbs told as events: each call of a game verb, for a state whose listener asked for the
game's acts (`state.listen(fn, acts=True)`: a table), becomes an `Acted` event (with its arguments as plain
data) and a `Done` event, so that a narrator can tell the game in the verbs' own templates and fold the
low-level moves and counter changes into them.

A compiled game keeps two tables of its verbs: their bodies, and the same bodies told (`told_verb`, made
once per verb when the game loads). Generated code picks the told table when the state asks for acts
(`ctx.state.acts`), so a state nobody asked that of runs the bodies with one attribute test per call and no
wrapper, and the game's functions are never replaced. Knows no source text, no compiler, no game.
"""
from __future__ import annotations

from typing import Any, Callable

from cardlang.runtime.events import Acted, Done
from cardlang.runtime.state import CardDef, Ctx, Zone


def _value(v: Any) -> Any:
    """An argument as plain data for the log: card ids stay ids (the narrator names them only to those who
    may see them), a card definition becomes its name, a zone its label."""
    if isinstance(v, CardDef):
        return {"name": v.name}
    if isinstance(v, Zone):
        return {"zone": v.label}
    if isinstance(v, (list, tuple)):
        items = [_value(x) for x in v]
        if items and all(isinstance(x, int) for x in items):
            return {"cards": tuple(items)}
        return tuple(items)
    return v


def told_verb(name: str, params: tuple[tuple[str, str | None], ...], body: Callable) -> Callable:
    """BODY, the verb NAME's, run between an `Acted` (PARAMS: its parameters' names and declared types, in
    order) and a `Done`. Called only for a state that asked for the game's acts."""
    def run_told_verb(ctx: Ctx, *values: Any) -> None:  # (a verb's arguments come after ctx, in order)
        state = ctx.state
        args = []
        for (p, ptype), v in zip(params, values):
            if ptype in ("player", "players"):  # seats stay seats (a list of them is not of cards)
                args.append((p, tuple(v) if isinstance(v, list) else v))
                continue
            if ptype in ("card", "cards") and isinstance(v, int) and not isinstance(v, bool):
                v = [v]
            args.append((p, _value(v)))
        state.emit(Acted(ctx.you, name, tuple(args)))
        try:
            body(ctx, *values)
        finally:
            state.emit(Done(ctx.you, name))
    return run_told_verb
