"""The table as one seat sees it: each player's counters and zones, the shared zones with counts and costs,
and boards drawn facing each other; plus a game's header and closing summary. Fits 80 columns.

What is shown is declared by the game: a zone's `table cards|prices|top|count|none` option, else its visibility
(your own hand by name, another player's hidden cards as a count, a discard pile by its top card), and
`quiet` zones and counters (bookkeeping) never. Counters that are flags (at most 1) show only when set.
Names are the game's `called` words. Knows no game.
"""
from __future__ import annotations

import textwrap

from cardlang.runtime.state import GameState, Zone

WIDTH = 80


def wrap(line: str, indent: str = "    ") -> list[str]:
    if len(line) <= WIDTH:
        return [line]
    lead = len(line) - len(line.lstrip(" "))
    return textwrap.wrap(line, WIDTH, subsequent_indent=" " * lead + indent, break_on_hyphens=False,
                         break_long_words=True)


def zone_word(zone: Zone) -> str:
    return zone.spec.description or zone.spec.name.replace("_", " ")


def counter_word(spec, n: int = 2) -> str:
    if spec.words is not None:
        return spec.words[0] if n == 1 else spec.words[1]
    return spec.name.replace("_", " ")


def _mode(zone: Zone, sees: bool) -> str:
    spec = zone.spec
    if spec.quiet or spec.table == "none":
        return "none"
    mode = spec.table or {"public": "cards", "owner": "cards", "top public": "top"}.get(spec.visibility, "count")
    if mode in ("cards", "prices") and not sees:
        mode = "top" if spec.visibility == "top public" else "count"
    return mode


def price(state: GameState, d) -> str:
    """A card's cost as printed: its `cost` property, or its `cost_X` properties named by the counter X."""
    specs = {c.name: c for c in state.counter_specs}
    parts = []
    for key, value in d.props.items():
        if key == "cost" and isinstance(value, int):
            parts.append(str(value))
        elif key.startswith("cost_") and isinstance(value, int) and value:
            c = specs.get(key[5:])
            parts.append(f"{value} {counter_word(c, value) if c else key[5:].replace('_', ' ')}")
    return ", ".join(parts)


def zone_text(state: GameState, zone: Zone, sees: bool, viewer: int | None = None) -> str | None:
    mode = _mode(zone, sees)
    n = len(zone.cards)
    if mode == "none" or not n:
        return None
    names = [state.card_def[c].name for c in zone.cards]
    count = f"{n} card{'s' if n != 1 else ''}"
    if mode == "count":
        known = ""
        if viewer is not None and not sees:  # cards an effect showed this player (a look a card allowed)
            from cardlang.primitives.peek import sees as peeked
            shown = [state.card_def[c].name for c in peeked(state, viewer, zone)]
            known = f" (you saw {', '.join(shown)})" if shown else ""
        return f"{zone_word(zone)} {count}{known}"
    if mode == "top":
        return f"{zone_word(zone)} {count}, {names[-1]} on top"
    if zone.cells is None and zone.spec.shows:  # what the game prints large on its cards (`shows icon`)
        defs = [state.card_def[c] for c in zone.cards]
        names = [n + "".join(f" ({d.props[p]})" for p in zone.spec.shows if d.props.get(p) not in (None, "", 0))
                 for n, d in zip(names, defs)]
    if mode == "prices":  # `table prices`: a row of cards for sale
        priced = [(n, price(state, state.card_def[c])) for n, c in zip(names, zone.cards)]
        names = [f"{n} ({p})" if p else n for n, p in priced]
    return f"{zone_word(zone)}: {', '.join(names)}"


def counters_text(state: GameState, p: int | None) -> str:
    parts = []
    for spec in state.counter_specs:
        if spec.quiet or spec.per_card or spec.per_player != (p is not None):
            continue
        v = state.counters[spec.slot][p if p is not None else 0]
        if isinstance(v, tuple):
            if v:
                parts.append(f"{counter_word(spec)} {', '.join(map(str, v))}")
            continue
        if v or spec.maximum is None or spec.maximum > 1:
            parts.append(f"{counter_word(spec, v)} {v}")
    return ", ".join(parts)


def sees_zone(zone: Zone, viewer: int | None, spectator: bool) -> bool:
    if spectator:
        return True
    vis = zone.spec.visibility
    return vis == "public" or (vis == "owner" and viewer is not None and zone.owner == viewer)


def score_text(game, state: GameState, p: int) -> str:
    """The running score, for a game that names it (`score EXPR called "VP";`): "VP 5"."""
    called = getattr(game.spec.decl, "score_called", None) if game is not None else None
    if not called or game.score is None:
        return ""
    from cardlang.runtime.state import Ctx
    return f"{called} {game.score(Ctx(state, p, None, {}, 'score'))}"


def player_lines(state: GameState, p: int, viewer: int | None, spectator: bool = False,
                 boards: list | None = None, game=None) -> list[str]:
    """One player's counters and zones as VIEWER sees them (grid zones go to BOARDS, drawn apart), after
    the running score when GAME names one."""
    mark = " (you)" if p == viewer else ""
    out_mark = " (out)" if state.out[p] else ""
    counts = ", ".join(x for x in (score_text(game, state, p), counters_text(state, p)) if x)
    out = wrap(f"p{p + 1}{mark}{out_mark}: {counts or '-'}")
    texts = []
    for row in state.zones:
        if not row[0].spec.per_player:
            continue
        z = row[p]
        if z.cells is not None:
            if boards is not None and z.cards and not z.spec.quiet:
                boards.append(z)
            continue
        t = zone_text(state, z, sees_zone(z, viewer, spectator), viewer)
        if t:
            texts.append(t)
    for t in _pack(texts):
        out += wrap("  " + t)
    return out


def status(game, state: GameState, viewer: int | None, spectator: bool = False) -> list[str]:
    """The table for VIEWER (None with SPECTATOR: everything; None alone: what is public)."""
    out: list[str] = []
    n = state.num_players
    order = [(viewer + i) % n for i in range(n)] if viewer is not None else list(range(n))
    boards: list[Zone] = []
    for p in order:
        out += player_lines(state, p, viewer, spectator, boards, game)
    shared = counters_text(state, None)
    if shared:
        out += wrap(f"table: {shared}")
    for row in state.zones:
        z = row[0]
        if z.spec.per_player or z.spec.quiet or z.spec.table == "none":
            continue
        if z.spec.piles:
            out += piles(state, z)
            continue
        t = zone_text(state, z, sees_zone(z, viewer, spectator))
        if t:
            out += wrap("  " + t)
    if boards:
        out += facing(game, state, list(reversed(boards)) if viewer is not None else boards)
    return out


def _pack(texts: list[str]) -> list[str]:
    """Short zone summaries share a line ("deck 5 cards · discard pile 3 cards"); card lists get their own."""
    lines: list[str] = []
    for t in texts:
        if lines and ":" not in t and ":" not in lines[-1] and len(lines[-1]) + len(t) + 5 <= WIDTH:
            lines[-1] += " · " + t
        else:
            lines.append(t)
    return lines


def piles(state: GameState, zone: Zone) -> list[str]:
    items = []
    for z in state.pile_order.get(zone.spec.slot, []):
        d = state.def_by_name.get(z.pile)
        cost = price(state, d) if d is not None else ""
        items.append(f"{z.pile} ({cost}) x{len(z.cards)}" if cost else f"{z.pile} x{len(z.cards)}")
    if not items:
        return []
    width = max(len(i) for i in items) + 2
    cols = max(1, (WIDTH - 2) // width)
    lines = [f"{zone_word(zone)}:"]
    for i in range(0, len(items), cols):
        lines.append("  " + "".join(f"{x:<{width}}" for x in items[i:i + cols]).rstrip())
    return lines


def facing(game, state: GameState, zones: list[Zone]) -> list[str]:
    """Boards drawn facing each other: every board but the last turned round above it (as the players across
    the table see them: column 1 of one faces the last column of the other), the last one the right way up."""
    from cardlang.primitives.display import readers
    from cardlang.runtime.state import Ctx
    out: list[str] = []
    for i, z in enumerate(zones):
        flip = i < len(zones) - 1
        shows, counters = readers(game.abilities, Ctx(state, z.owner or 0), z)
        if i:
            out.append("  " + "-" * 74)
        out += grid(state, z, flip, shows, counters)
    return out


_CELL = 14


def _cell(state: GameState, cid: int | None, shows, counters) -> list[str]:
    if cid is None:
        return ["."]
    lines = [state.card_def[cid].name]
    for a in state.attached.get(cid, ()):
        lines.append("+" + state.card_def[a].name)
    if shows:  # the numbers in the order the legend above the board names them: "1/3/5"
        lines.append("/".join(str(read(cid)) for read in shows.values()))
    for spec, of in counters:
        v = state.card_counters[spec.name].get(cid, spec.start)
        if v != spec.start:
            lines.append(f"{counter_word(spec)} {v}/{of(cid)}" if of is not None else f"{spec.name} {v}")
    return [x[:_CELL - 1] for x in lines]


def grid(state: GameState, zone: Zone, flip: bool, shows, counters) -> list[str]:
    cols, rows = zone.spec.grid or (0, 0)
    col_order = list(range(cols, 0, -1)) if flip else list(range(1, cols + 1))
    row_order = list(range(rows, 0, -1)) if flip else list(range(1, rows + 1))
    owner = f"p{zone.owner + 1}'s " if zone.owner is not None else ""
    legend = "/".join(p.replace("_", " ") for p in shows)
    out = [f"{owner}{zone_word(zone)}" + (" (facing)" if flip else "") + (f"  (each card: {legend})" if legend else "")]
    out.append("        " + "".join(f"{'column ' + str(c):<{_CELL}}" for c in col_order).rstrip())
    for r in row_order:
        cells = [_cell(state, zone.cells.get((c, r)) if zone.cells else None, shows, counters) for c in col_order]
        if all(c == ["."] for c in cells):
            continue
        for i in range(max(len(c) for c in cells)):
            head = f"  row {r} " if i == 0 else "        "
            out.append(head + "".join(f"{(c[i] if i < len(c) else ''):<{_CELL}}" for c in cells).rstrip())
    return out


def header(game, state: GameState, names: list[str], seed: int, viewer: int | None,
           variants=frozenset()) -> list[str]:
    out = [f"{game.title} · seed {seed}"]
    seats = []
    for i, n in enumerate(names):
        seats.append(f"p{i + 1} {n}" + (" (you)" if i == viewer else ""))
    out += wrap("Players: " + ", ".join(seats))
    for pool in game.pools:
        chosen = state.vars.get(pool)
        if chosen:
            out += wrap(f"{pool.replace('_', ' ').capitalize()}: " + ", ".join(d.name for d in chosen))
    if game.spec.variants:
        chosen_v = [game.spec.variants[v].text or v for v in sorted(variants)] if variants else ["none"]
        out += wrap("Variants: " + "; ".join(chosen_v))
    return out


def summary(result, names: list[str], scored: bool = True) -> list[str]:
    """The result; SCORED: the game keeps a score (a game won only by a `win`, with none, shows no scores)."""
    total = sum(result.turns)
    out = ["", f"== Game over after {total} turns " + ("(stopped at the turn limit) " if result.stopped else "")
           + "=="]
    if scored:
        out += wrap("Scores: " + ", ".join(f"p{i + 1} ({names[i]}) {s}" for i, s in enumerate(result.scores)))
    winners = ", ".join(f"p{w + 1} ({names[w]})" for w in result.winners) or "nobody"
    out.append(f"Winner: {winners}" if len(result.winners) <= 1 else f"Winners (shared): {winners}")
    return out
