"""Who may see what an expression reads: the one visibility analysis of the compiler. Two uses: what a bot
may read (`check_bot_expr`), and which questions would tell by being asked (`held_state`, `reads_hidden`,
`watcher_question`, below).

A bot's condition (or the value it weighs options by) is read from the full state, so the compiler must
know before play that its value depends only on what the bot's seat may see. This pass walks the
expression and gathers every zone it reads the cards of, for whom (the bot's own seat, the table, another
player), however it is spelled: a zone by name, `P.ZONE`, `owned` (the union of a player's owned zones), a
list, a `where` over it, a count of some of its cards, a property of one of its cards, `top N of` it, a
function given its cards. A seat sees a zone's cards when the zone is public, or its own and `owner`; it
knows which cards, but not their order, of its own zone marked `owner knows` (a deck whose every card came
in face up). What survives to the root and the seat may not see is an error at the read's span.

What the seat may always read: the size of a whole zone (`count(ZONE)`, `count(P.owned)`: counts are
public), the cards it was shown (`seen(ZONE)`), counters, players, claims. A count or a sum of a zone whose
cards the seat knows but not their order is fine (neither depends on the order); taking its top, reading the
(first) card's property or passing its cards to any other function reads the order, and is refused.

A question with nothing to pick is not asked; when its options are cards picked by what they are from a zone
some seat cannot see, being asked would tell what that zone holds. `held_state` finds such a question's
source (following locals through `let`, `=` and `for`, which the compiler notes in `Scope.held`), and the
compiler asks it always (compile/decisions.py); `watcher_question` finds a question a card asks while it
sits in such a zone (compile/game.py refuses it).

Knows the syntax tree and the game's declarations (zone specs); compiles nothing and knows no game.
"""
from __future__ import annotations

from cardlang.errors import CardCompileError, Span
from cardlang.syntax import ast
from cardlang.syntax.walk import field_names, nodes

HIDDEN, ORDER = "hidden", "order"  # a read the seat may not make at all / one whose order it may not read
_BOUND = ("card", "player", "number", "slot")  # the names `where` and `lowest`/`highest` give each item
_ORDER_FREE = {"count", "sum"}  # functions whose value does not depend on the order of the cards given


def check_bot_expr(spec, node, names) -> None:
    """Raise a CardCompileError at the first read in NODE (a bot's condition or weighed value) of cards its
    player may not see; NAMES are the names bound around it (`picked`, `card`...), which read no zone."""
    for kind, message, span in Reads(spec).reads(node, frozenset(names)):
        if kind == HIDDEN:
            raise CardCompileError(message, span, hint="a bot may count a whole zone (count(ZONE)), or read "
                                                       "the cards it was shown: seen(ZONE)")


class Reads:
    """The reads of cards an expression makes that a bot's seat may not see (HIDDEN) or may see only as a
    set (ORDER), each (kind, message, span)."""

    def __init__(self, spec, everyone: bool = False) -> None:
        self.zones = spec.zones
        self.everyone = everyone  # read for every seat: a zone is seen only when public

    def reads(self, node, bound: frozenset) -> list:
        t = type(node)
        if t is ast.NameRef:
            return [] if node.name in bound else self._name(node)
        if t is ast.Attr:
            return self._attr(node, bound)
        if t is ast.Func:
            return self._func(node, bound)
        if t is ast.TopOf:  # the top (or bottom) cards: their order
            whole = self.whole_zone(node.zone, bound)
            zs = self.zones.get(node.zone.name) if whole is not None else None
            if zs is not None and zs.visibility == "top public" and node.end == "top" and \
                    type(node.count) is ast.IntLit and node.count.value == 1:
                return whole  # a face-up top card: everyone sees it
            return self.reads(node.count, bound) + _ordered(self.reads(node.zone, bound))
        if t is ast.Where:
            return self.reads(node.source, bound) + self.reads(node.cond, bound | set(_BOUND))
        out: list = []
        fields = field_names(t)
        for f in fields or ():
            v = getattr(node, f)
            for item in v if isinstance(v, tuple) else (v,):
                if field_names(type(item)):
                    out += self.reads(item, bound)
        return out

    def whole_zone(self, node, bound: frozenset) -> list | None:
        """When NODE is a whole zone (`hand`, `p.hand`, `owned`, `p.owned`): the reads of naming it (the
        player's expression), not of its cards; else None."""
        if type(node) is ast.NameRef and node.name not in bound and (node.name in self.zones
                                                                      or node.name == "owned"):
            return []
        if type(node) is ast.Attr and (node.name in self.zones or node.name == "owned"):
            return self.reads(node.obj, bound)
        return None

    def _name(self, node: ast.NameRef) -> list:
        n = node.name
        if n in self.zones:
            zs = self.zones[n]
            return self._zone(zs, "you" if zs.per_player else "table", n, node.span)
        if n == "owned":
            return self._owned("you", "owned", node.span)
        return []

    def _attr(self, node: ast.Attr, bound: frozenset) -> list:
        base = self.reads(node.obj, bound)
        n = node.name
        who = "you" if type(node.obj) is ast.NameRef and node.obj.name == "you" else "other"
        if n in self.zones:  # P.ZONE
            return base + self._zone(self.zones[n], who, f"{_spell(node.obj)}.{n}", node.span)
        if n == "owned":
            return base + self._owned(who, f"{_spell(node.obj)}.owned", node.span)
        if n in ("left", "right", "turns"):
            return base
        return _ordered(base)  # a property, name, owner or counter of the (first) card: which card is first

    def _func(self, node: ast.Func, bound: frozenset) -> list:
        args = node.args
        if node.name in ("count", "seen") and len(args) == 1:
            whole = self.whole_zone(args[0], bound)
            if whole is not None:  # its size is public; `seen` gives only what the seat was shown
                return whole
        out: list = []
        for i, a in enumerate(args):
            got = self.reads(a, bound | set(_BOUND) if node.name == "sum" and i == 1 else bound)
            out += got if node.name in _ORDER_FREE else _ordered(got)
        return [r for r in out if r[0] == HIDDEN] if node.name in _ORDER_FREE else out

    def _zone(self, zs, who: str, spelled: str, span: Span) -> list:
        if self.everyone:
            who = "other"
        if zs.visibility == "public" or (who == "you" and zs.visibility == "owner"):
            return []
        if who == "you" and zs.owner_knows:
            return [(ORDER, f"a bot may not read the order of '{spelled}': its player knows which cards it "
                            f"holds, not their order", span)]
        return [(HIDDEN, f"a bot may not look into '{spelled}': its player cannot see it", span)]

    def _owned(self, who: str, spelled: str, span: Span) -> list:
        """`owned`: every owned zone of the player, each read as itself."""
        out: list = []
        for zs in self.zones.values():
            if zs.per_player and zs.owned:
                for kind, _, _ in self._zone(zs, who, zs.name, span):
                    if kind == HIDDEN:
                        why = f"a bot may not look into '{spelled}': it holds '{zs.name}', which its player cannot see"
                    else:
                        why = (f"a bot may not read the order of '{spelled}': it holds '{zs.name}', whose cards "
                               f"its player knows but not their order")
                    out.append((kind, why, span))
        return out


def _ordered(reads: list) -> list:
    """READS, read in order: a set the seat knows only as a set becomes a read it may not make."""
    return [(HIDDEN, m, s) if k == ORDER else (k, m, s) for k, m, s in reads]


def _spell(node) -> str:
    """How a player's expression is written, for a message: `left`, `claimant()`, `p`."""
    if type(node) is ast.NameRef:
        return node.name
    if type(node) is ast.Func and not node.args:
        return f"{node.name}()"
    if type(node) is ast.Attr:
        return f"{_spell(node.obj)}.{node.name}"
    return "..."


# ---- questions whose presence tells ------------------------------------------------------------------------
# A question with nothing to pick is not asked. When its options are cards of a zone some seat cannot see,
# picked out by what they are (`hand where card is Spell`), whether it is asked tells the others what that
# zone holds; so such a question is asked privately, and always (docs/language.md, section 11, "privately").

NONE, WHOLE, PICKED = 0, 1, 2  # no hidden cards / a hidden zone's cards as they are / picked out by a test


def held_state(spec, node, held: dict, names=()) -> int:
    """What cards NODE gives, for the question they are offered in: NONE, WHOLE (all the cards of a zone some
    seat cannot see, or its top N: their number is public) or PICKED (some of them, by what they are: a
    `where`, `X in ZONE`, a loop over them; or any cards picked by a test that reads such a zone). HELD maps
    the locals known to hold such cards to their state."""
    t = type(node)
    if t is ast.NameRef:
        if node.name in held:
            return held[node.name]
        return _zone_state(spec, node.name)
    if t is ast.Attr:
        return _zone_state(spec, node.name) if node.name in spec.zones or node.name == "owned" else NONE
    if t is ast.Where:
        src = held_state(spec, node.source, held, names)
        if src != NONE or reads_hidden(spec, node.cond, held, names):
            return PICKED
        return NONE
    if t is ast.In:
        return PICKED if held_state(spec, node.container, held, names) != NONE else NONE
    if t is ast.TopOf:
        return held_state(spec, node.zone, held, names)
    if t in (ast.ListLit, ast.Func):
        parts = node.items if t is ast.ListLit else node.args
        return max((held_state(spec, p, held, names) for p in parts), default=NONE)
    return NONE


def reads_hidden(spec, node, held: dict, names=()) -> bool:
    """Whether NODE reads cards some seat cannot see (the size of a whole zone is public), or a local
    holding such cards."""
    if any(type(n) is ast.NameRef and held.get(n.name, NONE) != NONE for n in nodes(node)):
        return True
    return any(kind == HIDDEN for kind, _, _ in Reads(spec, everyone=True).reads(node, frozenset(names)))


def _zone_state(spec, name: str) -> int:
    if name == "owned":
        hidden = any(z.visibility != "public" for z in spec.zones.values() if z.per_player and z.owned)
        return WHOLE if hidden else NONE
    zs = spec.zones.get(name)
    return WHOLE if zs is not None and zs.visibility != "public" else NONE


def watcher_question(spec, zone: str, body):
    """The first question (a `choose`, `may` or labelled `choose`, here or in a game verb it calls) that a card
    watching ZONE asks, when some seat cannot see ZONE; else None. A watcher runs only while its card is in
    the zone, so its question is put only to a player who holds the card: being asked gives the card away.
    (The rules' own window, `on attack`, asks every target whatever they hold.)"""
    zs = spec.zones.get(zone)
    if zs is None or zs.visibility == "public":
        return None
    todo, seen = [body], set()
    while todo:
        for n in nodes(todo.pop()):
            if type(n) in (ast.Choose, ast.May, ast.ChooseOption):
                return n
            if type(n) is ast.Call and n.verb in spec.verbs and n.verb not in seen:
                seen.add(n.verb)
                todo.append(spec.verbs[n.verb].body)
    return None
