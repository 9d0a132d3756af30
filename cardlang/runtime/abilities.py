"""Card abilities at play time: resolving an ability by its event (with the step budget and the nesting
limit), the zone watchers (`on EVENT in ZONE`), the game's `on attack` rules, and the totals of continuous
modifiers (`on modify in ZONE`).

A compiled game hands the runtime one `Abilities`, filled while its cards are compiled and only read after;
generated code calls its methods by name. Knows no source text, no AST and no compiler: the abilities are
the cards' compiled functions (CardDef.triggers, CardDef.watchers), and the one error that must point at a
card's source (the step budget) is made by the type the compiling side hands in. An ability resolving is a
`Triggered` event for whoever watches, and its end an `AbilityDone` for whoever asked for the game's acts
(`state.listen(..., acts=True)`: a table); a modifier being read is neither.
"""
from __future__ import annotations

from itertools import compress, count
from typing import Any, Callable

from cardlang.runtime.events import AbilityDone, Triggered
from cardlang.runtime.state import Ctx, GameState

MAX_DEPTH = 150  # abilities resolving inside each other; well below Python's own recursion limit
MODIFY = "modify"  # the event of continuous modifiers (`on modify in ZONE`), read, never resolved


def reacting_ids(state: GameState, event: str) -> frozenset[int]:
    """The cards with an `on EVENT` ability, kept in state.ids_of under ("on", EVENT) until a card is made:
    generated code asks whether a list of cards holds one of them in one set operation (compile/ir/emit.py
    MayReact) before it looks for them card by card. Made once for a list of definitions, not once a game:
    the games of a simulation deal the same cards in the same order (_KNOWN)."""
    card_def = state.card_def
    if card_def.__class__ is not list:  # a search's world whose replay is watched for reads of dealt cards
        return _every_card(state)       # (runtime/worlds.py): every list may react, each card is looked at
    known = state.ids_of.get(("on",))
    if known is None:
        key = tuple(card_def)
        known = _KNOWN.get(key)
        if known is None:
            if len(_KNOWN) >= 8:
                _KNOWN.clear()
            known = _KNOWN[key] = {}
        state.ids_of[("on",)] = known
    ids = known.get(event)
    if ids is None:
        hits = {d for d in set(card_def) if event in d.triggers}
        ids = known[event] = frozenset(compress(count(), map(hits.__contains__, card_def))) if hits else frozenset()
    state.ids_of[("on", event)] = ids
    return ids


# (a game's definitions, in card order) -> event -> the cards with that ability: the last few lists of cards seen
# (definitions never change once compiled)
_KNOWN: dict[tuple, dict[str, frozenset[int]]] = {}


def _every_card(state: GameState) -> frozenset[int]:
    """Every card id, which meets any list of cards: reacting_ids's answer when it may not read every card's
    definition, so that a trigger looks at its cards one by one, reading only theirs, as without the set (not
    kept under ("on", EVENT): once the world is no longer watched, the set is made)."""
    ids = state.ids_of.get(("every",))
    if ids is None or len(ids) != len(state.card_def):
        ids = state.ids_of[("every",)] = frozenset(range(len(state.card_def)))
    return ids


class Abilities:
    """What play needs of a game's cards beyond each ability's own code: which cards watch which zone for
    which event, the game's `on attack` rules, which modifiers may change which property, and the printed
    defaults of the properties."""

    __slots__ = ("watch_index", "attack_rules", "modifiers", "touchable", "modified", "prop_defaults", "violation")

    def __init__(self, violation: Callable[[str, Any], Exception]) -> None:
        # event -> (zone name, indexes of the definitions with an `on EVENT in ZONE` ability there)
        self.watch_index: dict[str, list[tuple[str, set[int]]]] = {}
        # the game's `on attack` rules, run for each target of every `attack` before the cards' watchers
        self.attack_rules: list[Callable[[Ctx], None]] = []
        # property -> (zone slot, definitions whose modifiers there change only their own card, the others,
        # the definitions those others can change or None for any): the modifiers that may change it
        # (primitives/modify.py modifier_index)
        self.modifiers: dict[str, list[tuple[int, frozenset[int], frozenset[int], frozenset[int] | None]]] = {}
        # property -> the definitions whose cards some modifier can change, when known (modify.touchable):
        # a read of another card's runs none (primitives/modify.py read_modified)
        self.touchable: dict[str, frozenset[int]] = {}
        self.modified: set[str] = set()  # properties some modifier changes
        self.prop_defaults: dict[str, Any] = {}  # property -> its value on a card that does not print it
        self.violation = violation  # (message, span) -> the error for an ability past the budget

    def run_ability(self, ctx: Ctx, cid: int | None, event: str, values: dict | None = None,
                    definition=None) -> None:
        """Run the `on EVENT` ability of card CID (or of a card DEFINITION, with no card in play), with
        VALUES bound as names in it."""
        state = ctx.state
        d = definition if definition is not None else state.card_def[cid]
        eff = d.triggers.get(event)
        if eff is None:
            return
        state.steps += 1
        if state.steps > state.step_budget or state.depth > MAX_DEPTH:
            raise self.violation(f"'{d.name}' ran past the step budget ({state.step_budget} steps, "
                                 f"{MAX_DEPTH} abilities inside each other); does it loop forever?",
                                 d.meta.get("span"))
        if state.log is not None or state.listeners:  # abilities resolved, for logs and per-card statistics
            state.emit(Triggered(ctx.you, cid, d.name, event))
            if state.acts:  # and where it ends, for a table (the log needs only where it starts)
                state.depth += 1
                try:
                    eff(Ctx(state, ctx.you, cid, dict(values) if values else {}, d.name))
                finally:
                    state.depth -= 1
                    state.emit(AbilityDone(ctx.you, cid))
                return
        state.depth += 1
        try:
            eff(Ctx(state, ctx.you, cid, dict(values) if values else {}, d.name))
        finally:
            state.depth -= 1

    def attack_window(self, ctx: Ctx, target: int) -> bool:
        """Whether TARGET of an attack by ctx.you is hit: the game's `on attack` rules, then the `on attack`
        watchers of TARGET's cards, run for it, and none made it immune (the state's flag put back after)."""
        state = ctx.state
        saved = state.immune
        state.immune = False
        for rule in self.attack_rules:  # the game's window, whatever the target holds (a hand is not revealed by it)
            rule(Ctx(state, target, None, {"attacker": ctx.you}, "rules"))
        self.fire_watchers(ctx, "attack", target, {"attacker": ctx.you})
        hit = not state.immune
        state.immune = saved
        return hit

    def fire_watchers(self, ctx: Ctx, event: str, player: int, extra: dict) -> None:
        """Run `on EVENT in ZONE` abilities of the cards sitting in that zone of PLAYER."""
        state = ctx.state
        for zone_name, defs in self.watch_index.get(event, ()):
            zone = state.zones[state.zone_slot[zone_name]][player]
            for cid in list(zone.cards):
                d = state.card_def[cid]
                if d.index in defs and state.loc[cid] is zone:
                    if state.log is not None or state.listeners:
                        state.emit(Triggered(player, cid, d.name, event))
                        if state.acts:
                            try:
                                d.watchers[event][1](Ctx(state, player, cid, dict(extra), d.name))
                            finally:
                                state.emit(AbilityDone(player, cid))
                            continue
                    d.watchers[event][1](Ctx(state, player, cid, dict(extra), d.name))

    def modifier_total(self, state: GameState, cid: int, prop: str, every: bool = False) -> int:
        """The sum of every modifier now in play for PROPERTY of card CID. Only the modifiers that may change
        PROPERTY run, one that changes only its own card only when CID is that card, and the others only when
        they can change CID's definition (EVERY: whatever they can change, for the invariant checker): the rest
        would add nothing (the order of modifiers never matters: inside one, properties read their printed
        values)."""
        entries = self.modifiers.get(prop)
        if not entries:
            return 0
        card_def = state.card_def
        index = card_def[cid].index
        runs = []  # (zone, card) of each modifier to run; found first, so that a read none applies to costs little
        for slot, own, others, touch in entries:
            if own and index in own:
                zone = state.loc[cid]
                if zone.spec.slot == slot and zone.pile is None:
                    runs.append((zone, cid))
            if others and (touch is None or every or index in touch):  # (touch: the cards those can change)
                ids = state.ids_of.get(others)  # the cards of those definitions: a zone holding none is passed
                if ids is None:                 # over in one set operation, not card by card
                    ids = state.ids_of[others] = frozenset(c for c, d in enumerate(card_def) if d.index in others)
                if ids:
                    for zone in state.zones[slot]:
                        if not ids.isdisjoint(zone.cards):
                            for source in zone.cards:
                                if source in ids:
                                    runs.append((zone, source))
        if not runs:
            return 0
        acc = [cid, prop, 0]
        state.modifying = acc
        ctx = Ctx(state, 0)  # one context for all the modifiers: each gets its player, card and names of its own
        try:
            for zone, source in runs:
                d = card_def[source]
                ctx.you = zone.owner if zone.owner is not None else 0
                ctx.card, ctx.vars, ctx.source = source, {}, d.name
                d.watchers[MODIFY][1](ctx)
        finally:
            state.modifying = None
        return acc[2]
