"""`display ZONE [with ZONE]`: draw grid zones into the log, so a person watching sees the board.

With `with`, the second board is drawn turned round above the first, as two players facing each other
across the table see them (column 1 of one faces the last column of the other). Each slot shows its card,
what is attached to it, and what the zone `shows`: properties always, per-card counters when they are off
their start (`damage 4/6` for a counter declared `of hp`). Costs nothing when no one reads the log. Knows no
game.
"""
from __future__ import annotations

from cardlang.primitives.core_lowering import when_watched
from cardlang.primitives.registry import ZONE, Bound, Param, Verb, primitive
from cardlang.runtime import board as B
from cardlang.runtime.events import Displayed
from cardlang.runtime.state import Ctx, IllegalAction


def readers(abilities, ctx: Ctx, zone):
    """The property readers (modifiers included: the game's runtime.abilities.Abilities) and counter specs a
    drawing of ZONE needs."""
    from cardlang.primitives.values import prop_of_card
    state = ctx.state

    def prop(name: str):
        default = abilities.prop_defaults.get(name, 0)

        def read(cid: int):
            v = prop_of_card(ctx, cid, name, default)
            if name in abilities.modified:
                v += abilities.modifier_total(state, cid, name)
            return v
        return read
    per_card = {spec.name: spec for spec in state.counter_specs if spec.per_card}
    shows = {p: prop(p) for p in zone.spec.shows if p not in per_card}
    counters = [(per_card[p], prop(per_card[p].of) if per_card[p].of else None)
                for p in zone.spec.shows if p in per_card]
    return shows, counters


def draw(abilities, ctx: Ctx, zone, flip: bool = False) -> list[str]:
    shows, counters = readers(abilities, ctx, zone)
    return B.grid_lines(ctx.state, zone, flip=flip, shows=shows, counters=counters)


@primitive
class Display(Verb):
    """Draw a grid zone in the log (with a second zone: that one turned round above it, facing it).
    Example: display board with left.board;"""

    verb = "display"
    params = (Param("zone", ZONE), Param("with_", ZONE, None, required=False, aliases=("with",)))
    compiled = ("abilities",)  # runtime.abilities.Abilities: the properties' defaults and their modifiers
    lazy = frozenset({"zone", "with_"})  # read only when someone reads the log
    lowers_lazy = True

    def prepare(self, b: Bound, info) -> dict:
        return {"abilities": info.abilities}

    @staticmethod
    def run(ctx: Ctx, abilities, zone, with_) -> None:
        state = ctx.state
        if state.log is None and not state.listeners:
            return
        z = zone(ctx)
        if z.cells is None:
            raise IllegalAction(f"{z.label} is not a grid zone")
        lines: list[str] = []
        if with_ is not None:
            o = with_(ctx)
            if o.cells is None:
                raise IllegalAction(f"{o.label} is not a grid zone")
            lines += draw(abilities, ctx, o, flip=True)
            lines.append("  " + "-" * 40)
        lines += draw(abilities, ctx, z)
        state.emit(Displayed(tuple(lines)))

    def lower(self, gen, args: list, site) -> list:
        """`if ctx.state.log is not None or ctx.state.listeners: show(ctx, ABILITIES, ZONE, WITH)`: the zones
        worked out in the code itself, only when someone reads the log."""
        return when_watched(gen, show, args)


def show(ctx: Ctx, abilities, zone, with_) -> None:
    """Draw ZONE (under WITH turned round, WITH not None) into the log: run's drawing, over the zones."""
    if zone.cells is None:
        raise IllegalAction(f"{zone.label} is not a grid zone")
    lines: list[str] = []
    if with_ is not None:
        if with_.cells is None:
            raise IllegalAction(f"{with_.label} is not a grid zone")
        lines += draw(abilities, ctx, with_, flip=True)
        lines.append("  " + "-" * 40)
    lines += draw(abilities, ctx, zone)
    ctx.state.emit(Displayed(tuple(lines)))
