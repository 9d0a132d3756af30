"""`display ZONE [with ZONE]`: draw grid zones into the log, so a person watching sees the board.

With `with`, the second board is drawn turned round above the first, as two players facing each other
across the table see them (column 1 of one faces the last column of the other). Each slot shows its card,
what is attached to it, and what the zone `shows`: properties always, per-card counters when they are off
their start (`damage 4/6` for a counter declared `of hp`). Costs nothing when no one reads the log. Knows no
game.
"""
from __future__ import annotations

from cardlang.primitives.registry import ZONE, Bound, Param, primitive
from cardlang.runtime import board as B
from cardlang.runtime.events import Displayed
from cardlang.runtime.state import Ctx, IllegalAction


def readers(abilities, ctx: Ctx, zone):
    """The property readers (modifiers included: the game's runtime.abilities.Abilities) and counter specs a
    drawing of ZONE needs."""
    from cardlang.primitives.values import _prop_of_card
    state = ctx.state

    def prop(name: str):
        default = abilities.prop_defaults.get(name, 0)

        def read(cid: int):
            v = _prop_of_card(ctx, cid, name, default)
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


@primitive("display", Param("zone", ZONE), Param("with_", ZONE, None, required=False, aliases=("with",)),
           describe=lambda a: "")
def build_display(b: Bound, info) -> object:
    """Draw a grid zone in the log (with a second zone: that one turned round above it, facing it).
    Example: display board with left.board;"""
    zone, other = b.values["zone"], b.values.get("with_")
    abilities = info.abilities

    def run_display(ctx: Ctx) -> None:
        state = ctx.state
        if state.log is None and not state.listeners:
            return
        z = zone(ctx)
        if z.cells is None:
            raise IllegalAction(f"{z.label} is not a grid zone")
        lines: list[str] = []
        if other is not None:
            o = other(ctx)
            if o.cells is None:
                raise IllegalAction(f"{o.label} is not a grid zone")
            lines += draw(abilities, ctx, o, flip=True)
            lines.append("  " + "-" * 40)
        lines += draw(abilities, ctx, z)
        state.emit(Displayed(tuple(lines)))
    return run_display
