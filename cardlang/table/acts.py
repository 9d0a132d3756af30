"""Put a game's own verbs into its event stream: each call of a game verb becomes an `Acted` event (with its
arguments) and a `Done` event, so that a narrator can tell the game in the verbs' own templates and fold the
low-level moves and counter changes into them. Abilities need nothing here: the runtime closes each one it
resolves with an `AbilityDone` for a listener that asked for the game's acts (runtime/abilities.py), and its
start is the engine's own `Triggered` (the one the log and the balance lab read).

A table subscribes with `state.listen(narrator, acts=True)`; a state nobody asked that of tells no verb. The
verbs still pass through a wrapper, installed once per loaded game and only by the commands that show a table
(`play`, `replay`): generated code calls a verb's body directly, and only the emitter could tell a call without
one (a run with nobody asking pays one attribute test per verb). Knows the game's table of verb bodies; knows
no game.
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


def _wrap_verb(name: str, params: tuple[tuple[str, str | None], ...], body: Callable) -> Callable:
    def told_verb(ctx: Ctx, *values: Any) -> None:  # (a verb's arguments come after ctx, in order)
        state = ctx.state
        if not state.acts:
            body(ctx, *values)
            return
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
    told_verb.told = True  # type: ignore[attr-defined]
    return told_verb


def install(game) -> None:
    """Make GAME's verbs tell themselves to a state that asks for the game's acts (idempotent)."""
    verbs = game.verbs
    for name, body in list(verbs.items()):
        if getattr(body, "told", False):
            continue
        decl = game.spec.verbs[name]
        params = tuple((p.name, p.type) for p in decl.params)
        verbs[name] = _wrap_verb(name, params, body)
