"""A game's fixed numbering for learning agents: which action number is which atomic step of an answer, and which
stretch of the observation vector holds what. Made from the game's declarations alone (its card definitions,
zones, counters, phases and the decisions its sources can ask) and the number of players, so one game with one
number of players always has the same layout. Knows no game and no state; needs no numpy.

Actions, in blocks (`Layout.blocks`, each a (start, size) pair):
  stop     end the answer with what is picked (a yes/no question's "no"; "none" where none may be picked)
  yes      a yes/no question's "yes"
  card     a card the decider can see, by its definition (identical cards are one action), or a card name
  hidden   a card the decider cannot see, by its place among the options offered (never by what it is)
  player   a player, counted from the decider: 0 is the decider, 1 the next seat in turn order, ...
  option   a `choose { ... }` option by its place in the source, or a number (a die) by its place in the list
  slot     a slot of a grid zone, by column and row
"""
from __future__ import annotations

from dataclasses import dataclass, field

from cardlang.compile.checks import decision_tags
from cardlang.syntax import ast
from cardlang.syntax.walk import nodes

# How many hidden cards one decision may offer by position, and (at least) how many options or numbers: a
# decision offering more has its later ones left out of the action space (the first ones stay, so an answer is
# always possible). No decision of a thousand random games of each game that ships offered more
# (tools/rl_random_play.py counts any action left out); a game's longest `choose { ... }` widens the option block.
MAX_HIDDEN = 64
MIN_OPTIONS = 16

# The kinds of decision the runtime asks (runtime/state.py Decision.kind), in the observation's one-hot order.
KINDS = ("cards", "options", "yesno", "players", "numbers", "slots")

BLOCKS = ("stop", "yes", "card", "hidden", "player", "option", "slot")


@dataclass
class Layout:
    """The action numbering and the observation's segments of GAME played by PLAYERS seats."""

    players: int
    defs: int                                   # card definitions: each card's `CardDef.index`
    blocks: dict[str, tuple[int, int]]          # action block -> (first action, how many)
    actions: int                                # the size of the action space
    tags: tuple[str, ...]                       # the decisions' tags the sources can ask, sorted
    phases: tuple[str, ...]                     # the game's phases, as declared
    grid: tuple[int, int]                       # (columns, rows) spanning every grid zone; (0, 0) without one
    zones: list[tuple[str, int, bool]]          # (zone name, slot, per player), in slot order
    counters: list[tuple[str, int, bool]]       # plain counters: (name, slot, per player)
    dice: list[tuple[str, int, bool]]           # counters holding numbers
    card_counters: list[str]                    # per-card counters, by name
    grids: list[tuple[str, int]]                # grid zones: (name, slot)
    banks: list[tuple[str, int]]                # counters with a finite bank: (name, slot)
    segments: list[tuple[str, int, int]] = field(default_factory=list)  # (what, start, length)
    size: int = 0                               # the observation vector's length
    names: list[str] = field(default_factory=list)  # every action's name, for people (`action_name`)
    offsets: dict[str, int] = field(default_factory=dict)  # segment -> where it starts

    def at(self, what: str) -> int:
        """Where segment WHAT starts in the observation vector."""
        return self.offsets[what]

    def action_name(self, i: int) -> str:
        return self.names[i]


def layout_of(game, players: int) -> Layout:
    """The layout of GAME (a CompiledGame) for PLAYERS seats."""
    lo, hi = game.players
    if not lo <= players <= hi:
        raise ValueError(f"{game.id} is played by {lo} to {hi} players, not {players}")
    spec = game.spec
    zone_specs = sorted(spec.zones.values(), key=lambda z: z.slot)
    counter_specs = sorted(spec.counters.values(), key=lambda c: c.slot)
    sources = [spec.decl, *game.decls.values()]
    longest = max((len(n.options) for root in sources for n in nodes(root) if isinstance(n, ast.ChooseOption)),
                  default=0)
    grid_specs = [z for z in zone_specs if z.grid]
    grid = (max((z.grid[0] for z in grid_specs), default=0), max((z.grid[1] for z in grid_specs), default=0))
    d = len(game.defs)
    sizes = {"stop": 1, "yes": 1, "card": d, "hidden": MAX_HIDDEN, "player": players,
             "option": max(MIN_OPTIONS, longest), "slot": grid[0] * grid[1]}
    blocks, start = {}, 0
    for b in BLOCKS:
        blocks[b] = (start, sizes[b])
        start += sizes[b]
    lay = Layout(players=players, defs=d, blocks=blocks, actions=start,
                 tags=tuple(sorted(decision_tags(sources, game.registry))), phases=tuple(game.phases), grid=grid,
                 zones=[(z.name, z.slot, z.per_player) for z in zone_specs],
                 counters=[(c.name, c.slot, c.per_player) for c in counter_specs if not (c.per_card or c.numbers)],
                 dice=[(c.name, c.slot, c.per_player) for c in counter_specs if c.numbers],
                 card_counters=[c.name for c in counter_specs if c.per_card],
                 grids=[(z.name, z.slot) for z in grid_specs],
                 banks=[(c.name, c.slot) for c in counter_specs if c.bank is not None and not c.per_card])
    lay.names = _action_names(game, lay)
    _segments(lay)
    return lay


def _action_names(game, lay: Layout) -> list[str]:
    names = ["stop", "yes"]
    names += [f"card {x.name}" for x in game.defs]
    names += [f"hidden #{i}" for i in range(lay.blocks["hidden"][1])]
    names += ["player: you"] + [f"player: {i} seat{'s' if i > 1 else ''} after you" for i in range(1, lay.players)]
    names += [f"option {i}" for i in range(lay.blocks["option"][1])]
    cols, rows = lay.grid
    names += [f"slot column {c}, row {r}" for r in range(1, rows + 1) for c in range(1, cols + 1)]
    return names


def _segments(lay: Layout) -> None:
    """Lay out the observation vector. Seats are counted from the observer (0: the observer, 1: the next seat in
    turn order, ...), so one policy serves every seat."""
    n, d = lay.players, lay.defs
    segs: list[tuple[str, int, int]] = []
    at = 0

    def add(what: str, length: int) -> None:
        nonlocal at
        segs.append((what, at, length))
        at += length

    # per zone and seat: how many cards of each definition the observer may see there, then how many cards
    for name, _, per in lay.zones:
        add(f"zone {name}", (n if per else 1) * (d + 1))
    for name, _, per in lay.counters:
        add(f"counter {name}", n if per else 1)
    for name, _ in lay.banks:
        add(f"bank {name}", 1)
    cap = lay.blocks["option"][1]
    for name, _, per in lay.dice:  # the numbers in order (the first ones), then how many there are
        add(f"numbers {name}", (n if per else 1) * (cap + 1))
    # per per-card counter, per zone and seat: its total over the cards the observer may see there
    for name in lay.card_counters:
        add(f"card counter {name}", sum(n if per else 1 for _, _, per in lay.zones))
    cells = lay.grid[0] * lay.grid[1]
    for name, _ in lay.grids:  # per seat and slot: the card there, by definition, and its per-card counters
        add(f"grid {name}", n * cells * (d + len(lay.card_counters)))
    add("claims", n * d)                    # each seat's latest claim, by definition
    add("turn", 1 + 3 * n)                  # turns played; whose turn it is; seats out; turns each seat took
    add("phase", len(lay.phases) + 1)       # the phase now (the last: none or another)
    # the decision the observer must answer now (all zero for a seat that is not asked)
    add("decision tag", len(lay.tags) + 1)  # its tag (the last: a tag the sources did not show)
    add("decision kind", len(KINDS))
    add("decision", 3)                      # at least, at most, picked so far
    add("decision picked", d)               # the cards picked so far by definition (those it can see)
    lay.segments = segs
    lay.size = at
    lay.offsets = {what: start for what, start, _ in segs}
