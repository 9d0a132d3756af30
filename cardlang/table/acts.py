"""Put a game's own words into its event stream: each call of a game verb becomes an `Acted` event (with its
arguments) and a `Done` event, and each card ability resolving is closed by an `AbilityDone` event, so that a
narrator can tell the game in the verbs' own templates and fold the low-level moves and counter changes into
them. An ability's start is the engine's own `Triggered` event (the one the log and the balance lab read):
the table adds only where it ends. A continuous modifier (`on modify in ZONE`) is no ability resolving: it
has neither.

Installed once per loaded game, and only by the commands that show a table (`play`, `replay`): a run with
nobody listening pays one attribute test per verb. Knows the compiler's table of verb bodies and the cards'
ability tables; knows no game.
"""
from __future__ import annotations

from typing import Any, Callable

from cardlang.primitives.modify import EVENT as MODIFY
from cardlang.runtime.events import AbilityDone, Acted, Done
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
        if state.log is None and not state.listeners:
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


def _wrap_ability(body: Callable) -> Callable:
    def told_ability(ctx: Ctx) -> None:
        state = ctx.state
        if state.log is None and not state.listeners:
            body(ctx)
            return
        try:
            body(ctx)  # the engine has just emitted its `Triggered` for it
        finally:
            state.emit(AbilityDone(ctx.you, ctx.card))
    told_ability.told = True  # type: ignore[attr-defined]
    return told_ability


def install(game) -> None:
    """Make GAME's verbs and abilities tell themselves (idempotent)."""
    comp = game.facts
    for name, body in list(comp.verbs.items()):
        if getattr(body, "told", False):
            continue
        decl = game.spec.verbs[name]
        params = tuple((p.name, p.type) for p in decl.params)
        comp.verbs[name] = _wrap_verb(name, params, body)
    for d in game.defs:
        for event, body in list(d.triggers.items()):
            if not getattr(body, "told", False):
                d.triggers[event] = _wrap_ability(body)
        for event, (zone, body) in list(d.watchers.items()):
            if event != MODIFY and not getattr(body, "told", False):  # a modifier is read, not resolved
                d.watchers[event] = (zone, _wrap_ability(body))
