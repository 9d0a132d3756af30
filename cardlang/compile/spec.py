"""A game's declarations, gathered from its AST: the names every card and rule is checked against."""
from __future__ import annotations

from dataclasses import dataclass, field

from cardlang.errors import CardCompileError, did_you_mean
from cardlang.runtime.state import HIDDEN, OWNER, PUBLIC, TOP_PUBLIC, CounterSpec, ZoneSpec
from cardlang.syntax import ast

_VISIBILITY = {"public": PUBLIC, "owner": OWNER, "hidden": HIDDEN, "top": TOP_PUBLIC}

MAX_GRID_SLOTS = 10_000  # slots of one grid zone


# Where a card face prints a property besides the row of numbers at its foot (render/sheets.py): large in the
# top corner (a Hero's icon), or a round badge before the name (an upkeep on its coin).
PRINTED_PLACES = ("corner", "badge")


@dataclass
class GameSpec:
    """Names a game declares: zones, counters, types, properties, pools, card names, verbs."""

    id: str
    decl: ast.GameDecl
    title: str
    zones: dict[str, ZoneSpec] = field(default_factory=dict)
    counters: dict[str, CounterSpec] = field(default_factory=dict)
    types: list[str] = field(default_factory=list)
    tags: list[str] = field(default_factory=list)
    properties: dict[str, ast.Expr | None] = field(default_factory=dict)
    # each property's type, "number" or "text", and for a number its bounds (MIN, MAX) or None
    property_types: dict[str, tuple[str, tuple[int, int] | None]] = field(default_factory=dict)
    pools: dict[str, ast.PoolDecl] = field(default_factory=dict)
    card_names: list[str] = field(default_factory=list)
    verbs: dict[str, ast.VerbDecl] = field(default_factory=dict)
    variants: dict[str, ast.VariantDecl] = field(default_factory=dict)  # chosen before a game; NAME reads true
    # decision tags some bot of the game's sources answers `none` first, with no condition (compile/bots.py
    # answers_none): where the code tests a bot for it (the pass none-rules), not at every other decision
    none_first: frozenset[str] = frozenset()
    # decision tags some bot never answers `none` by name before naming a card (a rule with a preference other
    # than a name or `none`, or a name first with no condition: compile/bots.py never_none): where the code tests
    # a bot for it before calling picks_none (the pass none-first-inline)
    never_none: frozenset[str] = frozenset()
    # the events some card of the game has an `on EVENT` ability for (compile/game.py _compile), None until known
    card_events: frozenset[str] | None = None

    @classmethod
    def from_decl(cls, game_id: str, decl: ast.GameDecl) -> "GameSpec":
        title = decl.name
        for p in decl.props:
            if p.name == "title" and isinstance(p.value, ast.StrLit):
                title = p.value.value
        spec = cls(game_id, decl, title)
        errors: list[CardCompileError] = []
        for z in decl.zones:
            if z.name in spec.zones:
                errors.append(CardCompileError(f"zone '{z.name}' is declared twice", z.span, hint="keep one"))
                continue
            try:
                zs = _zone_spec(z)
            except CardCompileError as e:
                errors.append(e)
                continue
            zs.slot = len(spec.zones)
            spec.zones[z.name] = zs
        for z in decl.zones:
            zs = spec.zones.get(z.name)
            if zs is not None and zs.refill == z.name:
                errors.append(CardCompileError(f"zone '{z.name}' refills from itself", z.span,
                                               hint="a zone refills from another, as a deck from its discard pile"))
            elif zs is not None and zs.refill is not None and zs.refill not in spec.zones:
                errors.append(CardCompileError(f"zone '{z.name}' refills from '{zs.refill}', which is not declared",
                                               z.span, hint=did_you_mean(zs.refill, spec.zones)))
        for c in decl.counters:
            if c.name in spec.counters or c.name in spec.zones:
                what = "counter" if c.name in spec.counters else "zone"
                errors.append(CardCompileError(f"'{c.name}' is declared twice (as a {what} before)", c.span,
                                               hint="give each zone and counter a name of its own"))
                continue
            try:
                cs = _counter_spec(c)
            except CardCompileError as e:
                errors.append(e)
                continue
            cs.slot = len(spec.counters)
            spec.counters[c.name] = cs
        for c in decl.counters:
            cs = spec.counters.get(c.name)
            if cs is not None and cs.bank_of is not None:
                err = _shared_bank(cs, spec.counters, c.span)
                if err is not None:
                    errors.append(err)
        spec.types = list(decl.types)
        spec.tags = list(decl.tags)
        for c in decl.counters:  # `flag "YES" "NO"` reads a counter as yes or no: it must hold only 0 or 1
            cs = spec.counters.get(c.name)
            if cs is not None and cs.flag is not None and (cs.maximum != 1 or cs.minimum != 0):
                errors.append(CardCompileError(f"counter '{c.name}' reads as yes or no (flag) but can hold other "
                                               "numbers", c.span, hint="a flag counter is 0 or 1: add `max 1`"))
        for p in decl.properties:
            if p.name in spec.properties:
                errors.append(CardCompileError(f"property '{p.name}' is declared twice", p.span, hint="keep one"))
                continue
            try:
                spec.property_types[p.name] = _property_type(p)
            except CardCompileError as e:
                errors.append(e)
                spec.property_types[p.name] = ("number", None)
            spec.properties[p.name] = p.default
            for o in p.options:  # `: printed corner` / `: printed badge`: where a card face prints it
                if not (len(o.words) == 2 and o.words[0] == "printed" and o.words[1] in PRINTED_PLACES):
                    errors.append(CardCompileError(
                        f"unknown property option '{' '.join(map(str, o.words))}'", o.span,
                        hint="a property takes `printed corner` or `printed badge`"))
        for pool in decl.pools:
            spec.pools[pool.name] = pool
        for v in decl.verbs:
            spec.verbs[v.name] = v
        for var in getattr(decl, "variants", ()):
            if var.name in spec.zones or var.name in spec.counters:
                errors.append(CardCompileError(f"variant '{var.name}' has the name of a zone or counter",
                                               var.span, hint="give the variant its own name"))
            spec.variants[var.name] = var
        if errors:
            from cardlang.errors import ErrorList
            raise ErrorList(errors)  # type: ignore[arg-type]
        return spec


PROPERTY_TYPES = ("number", "text")


def _property_type(p: ast.PropertyDecl) -> tuple[str, tuple[int, int] | None]:
    """A property's declared type and bounds (without a type: the default's, a number when it has none),
    checked against its default."""
    default = p.default
    if isinstance(default, ast.Neg) and isinstance(default.value, ast.IntLit):
        value: int | str | None = -default.value.value
    elif isinstance(default, (ast.IntLit, ast.StrLit)):
        value = default.value
    elif default is None:
        value = None
    else:
        raise CardCompileError(f"the default of property '{p.name}' is a number or a quoted text", default.span,
                               hint="for example: property cost: number = 0;  property icon: text = \"\";")
    kind = p.type or ("text" if isinstance(value, str) else "number")
    if kind not in PROPERTY_TYPES:
        raise CardCompileError(f"'{kind}' is not a property type", p.span,
                               hint=did_you_mean(kind, PROPERTY_TYPES) or "a property is a `number` or `text`")
    if value is not None and isinstance(value, str) != (kind == "text"):
        raise CardCompileError(f"property '{p.name}' is {_a_type(kind)}, but its default is {_a_value(value)}",
                               default.span)  # type: ignore[union-attr]
    if p.bounds is not None:
        if kind != "number":
            raise CardCompileError(f"property '{p.name}' is text: only numbers have bounds", p.span)
        if p.bounds[0] > p.bounds[1]:
            raise CardCompileError(f"property '{p.name}' allows no number: {p.bounds[0]} to {p.bounds[1]}", p.span)
        if isinstance(value, int) and not p.bounds[0] <= value <= p.bounds[1]:
            raise CardCompileError(f"the default of property '{p.name}' is {value}, not {p.bounds[0]} to "
                                   f"{p.bounds[1]}", default.span)  # type: ignore[union-attr]
    return kind, p.bounds


def _a_type(kind: str) -> str:
    return "a number" if kind == "number" else "text"


def _a_value(value: int | str) -> str:
    return f"the text \"{value}\"" if isinstance(value, str) else f"the number {value}"


def _words(opt: ast.Option) -> tuple:
    return opt.words


_TABLE = ("cards", "prices", "top", "count", "none")


def _zone_spec(z: ast.ZoneDecl) -> ZoneSpec:
    spec = ZoneSpec(z.name, per_player=False)
    for opt in z.options:
        w = opt.words
        head = w[0]
        if w == ("per", "player"):
            spec.per_player = True
        elif w == ("shared",):
            spec.per_player = False
        elif head in _VISIBILITY and (len(w) == 1 or w == ("top", "public")):
            spec.visibility = _VISIBILITY[head]
        elif w == ("unordered",):
            spec.ordered = False
        elif w == ("ordered",):
            spec.ordered = True
        elif w == ("piles",):
            spec.piles = True
        elif head == "refill" and len(w) == 2 and isinstance(w[1], str):
            spec.refill = w[1]
        elif w == ("not", "owned"):
            spec.owned = False
        elif w == ("owner", "knows"):
            spec.owner_knows = True     # a hidden deck whose every card came in face up (compile/visibility.py)
        elif head == "called" and len(w) == 2 and isinstance(w[1], str):
            spec.description = w[1]     # how rules text names it: `called "discard pile"`
        elif head == "grid" and len(w) == 4 and w[2] == "x" and all(isinstance(v, int) and v > 0
                                                                    for v in (w[1], w[3])):
            if w[1] * w[3] > MAX_GRID_SLOTS:  # decisions list every slot: a bound, like the step budget
                raise CardCompileError(f"a grid of {w[1]:,} x {w[3]:,} slots is too big (at most "
                                       f"{MAX_GRID_SLOTS:,} slots)", opt.span)
            spec.grid = (w[1], w[3])  # type: ignore[assignment]  # `grid 5 x 2`: columns x rows
        elif w == ("keeps", "attachments"):
            spec.keeps_attachments = True
        elif w == ("quiet",):
            spec.quiet = True           # bookkeeping, like a quiet counter: the table never shows it
        elif head == "table" and len(w) == 2 and w[1] in _TABLE:
            spec.table = w[1]           # `table count`: what the table shows of it (cardlang/table/screen.py)
        elif head == "shows" and len(w) > 1 and all(isinstance(v, str) for v in w[1:]):
            spec.shows = tuple(w[1:])  # type: ignore[assignment]
        else:
            raise CardCompileError(f"unknown zone option '{' '.join(map(str, w))}'", opt.span,
                                   hint="zone options: per player, shared, public, owner, hidden, top public, "
                                        "ordered, unordered, piles, refill ZONE, not owned, owner knows, grid C x R, "
                                        "keeps attachments, shows PROPERTY..., quiet, table cards|prices|top|count|none, "
                                        "called \"NAME\"")
    return spec


def _shared_bank(cs: CounterSpec, counters: dict[str, CounterSpec], span) -> CardCompileError | None:
    """Point a `bank OTHER` counter at OTHER's bank (or say why it cannot: OTHER must have `bank N`)."""
    owner = counters.get(cs.bank_of or "")
    if cs.bank is not None:
        return CardCompileError(f"counter '{cs.name}' has both `bank {cs.bank}` and `bank {cs.bank_of}`", span,
                                hint="a counter has one bank: its own (`bank N`) or another's (`bank COUNTER`)")
    if owner is None or owner.bank is None:
        banked = [n for n, o in counters.items() if o.bank is not None]
        return CardCompileError(f"counter '{cs.name}' draws on the bank of '{cs.bank_of}', which is not a counter "
                                "with `bank N`", span,
                                hint=did_you_mean(cs.bank_of or "", banked) or "for example: counter gems: per "
                                "player, bank 12;  counter stake: per player, bank gems;")
    cs.bank_slot = owner.slot
    return None


def _counter_spec(c: ast.CounterDecl) -> CounterSpec:
    spec = CounterSpec(c.name, per_player=False)
    for opt in c.options:
        w = opt.words
        if w == ("per", "player"):
            spec.per_player = True
        elif w == ("shared",):
            spec.per_player = False
        elif len(w) == 2 and w[0] == "bank" and isinstance(w[1], str):
            spec.bank_of = w[1]   # `bank gems`: its tokens are the gems bank's, held aside (a bet's stake)
        elif len(w) == 2 and w[0] in ("min", "max", "start", "bank") and isinstance(w[1], int):
            if w[0] == "min":
                spec.minimum = w[1]
            elif w[0] == "max":
                spec.maximum = w[1]
            elif w[0] == "start":
                spec.start = w[1]
            else:
                spec.bank = w[1]
        elif w == ("unbounded",):
            spec.minimum = None
        elif w == ("per", "card"):
            spec.per_card = True
        elif w == ("numbers",):
            spec.numbers = True
            spec.minimum = None
        elif w[0] == "of" and len(w) == 2 and isinstance(w[1], str):
            spec.of = w[1]
        elif w == ("quiet",):
            spec.quiet = True
        elif w[0] == "called" and len(w) in (2, 3) and all(isinstance(x, str) for x in w[1:]):
            spec.words = (w[1], w[-1])   # `called "Coin" "Coins"`; one word: the same for any number
        elif w[0] == "flag" and len(w) == 3 and all(isinstance(x, str) for x in w[1:]):
            spec.flag = (w[1], w[2])     # a yes/no counter read as a sentence: "you have fallen" / "... not ..."
        else:
            raise CardCompileError(f"unknown counter option '{' '.join(map(str, w))}'", opt.span,
                                   hint="counter options: per player, shared, per card, min N, max N, start N, "
                                        "bank N, bank COUNTER, unbounded, numbers, of PROPERTY, quiet, called \"ONE\" [\"MANY\"]")
    return spec
