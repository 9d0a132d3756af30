"""The runtime's layout as generated code may touch it: each field of the context, the state, a zone, a
card's definition and a decision that compiled code reads directly (not through a function), named once here,
with the meaning of its indexes and a reference reader beside the names that are read by index.

This is the runtime's side of the contract with the compiler: the compiler's emitter (compile/ir/emit*.py)
spells these fields only through these names, and is meant to be the only compile module that does
(tests/compile/test_ir.py counts the others). A field renamed in runtime/state.py is renamed here, and
tests/compile/test_ir.py fails until it is (every name is checked against a real state). Knows no compiler, no
source, no game.
"""
from __future__ import annotations

from typing import Any

# ---- the context of a running effect (state.Ctx)
STATE = "state"          # the GameState
YOU = "you"              # the seat whose effect runs
CARD = "card"            # the card whose ability runs (`this`), or None
NAMES = "vars"           # the rules' names in scope: name -> value

# ---- the game state (state.GameState)
ZONES = "zones"          # zones[slot][seat] of a zone of each player, zones[slot][0] of a shared one -> Zone
COUNTERS = "counters"    # counters[slot][seat] / counters[slot][0] -> a number (a tuple for a list of numbers)
CARD_COUNTERS = "card_counters"  # card_counters[counter name] -> {card: value}; a card at its start has none
CARD_DEF = "card_def"    # card id -> its CardDef
LOC = "loc"              # card id -> the Zone it is in
CURRENT = "current"      # the seat whose turn it is
OTHERS = "others"        # others[seat] -> the seats still in round the table from its left (a tuple)
AROUND = "around"        # around[seat] -> the same from that seat on (`players`)
TURNS = "turns"          # turns[seat] -> the turns that seat has begun
POOLS = "vars"           # game-level values by name (a pool of card names)
LOG = "log"              # the event log, None when nobody keeps one
LISTENERS = "listeners"  # who is told of each event (empty: nobody)
CHECK = "check"          # the invariant checker told of every change, or None
HOST = "host"            # attached card -> the card it is attached to (empty: no attachment)
EMPTY_KNOWN = "empty_known"  # zone slot -> its empty piles, None once a pile may have emptied or filled
PEEKED = "peeked"        # card id -> the seats privately shown it, until it moves (empty: none)
CELL = "cell"            # card id -> its (column, row), for a card in a grid zone
ATTACHED = "attached"    # card id -> the cards attached to it, in order
MODIFYING = "modifying"  # while a modifier runs: [card, property, total] of the read it sums, else None
MODIFYING_CARD = 0       # modifying[MODIFYING_CARD]: the card whose property is summed
IDS_OF = "ids_of"        # card ids derived from card_def (by definitions; ("on", EVENT): those with that ability)
PILES_BY_KEY = "piles"  # (zone slot, pile key) -> the Zone of that pile
PILE_ORDER = "pile_order"  # zone slot -> the piles of a zone of piles, in the order they were made
BANKS = "banks"          # banks[counter slot] -> what a counter drawing on a bank has left, None for none
AGENTS = "agents"        # the seats' agents, by seat
STEPS = "steps"          # the steps the game has run (its step budget is charged on every loop's pass)
STEP_BUDGET = "step_budget"  # the steps a game may run before it is stopped
CARD_LIMIT = "card_limit"  # the cards one game may create
CLAIMS = "claims"        # the claims said out loud so far: (seat, card name) pairs, in order
DEF_BY_NAME = "def_by_name"  # card name -> its CardDef
DEPTH = "depth"          # abilities (and game verbs) resolving inside each other
ACTS = "acts"            # does a listener ask for the game's acts (the told verbs, runtime/acts.py)?
PHASE = "phase"          # the name of the phase running
SECRET = "secret"        # inside `simultaneous`: is each decision asked now secret from the other seats?
VARIANTS = "variants"    # the names of the game's variants chosen for this game (a frozenset)
MOVED = "moved"          # the checker's method told of a move: check.moved(state, card, source, dest)
COUNTED = "counted"      # the checker's method told of a counter's change: check.counted(state, slot, seat)

# ---- a zone (state.Zone) and a card's definition (state.CardDef)
CARDS = "cards"          # a zone's card ids, the top last
OWNER = "owner"          # a zone's owner seat, None for a shared zone
PILE = "pile"            # a pile's key in a zone of piles, None for the zone itself (or a zone of no piles)
CELLS = "cells"          # a grid zone's cards by cell, None for a zone that is no grid
SPEC = "spec"            # a zone's declaration (ZoneSpec)
PILES = "piles"          # a declaration's: does the zone hold named piles?
PROPS = "props"          # a definition's printed properties: name -> value
PRINTED = "printed"      # the same, every property the game declares, at its default where none is printed
DYNAMIC = "dynamic"      # a definition's computed properties: name -> function (empty when it computes none)
TYPES = "types"          # a definition's types: a frozenset of names
NAME = "name"            # a definition's card name
SLOT = "slot"            # a declaration's slot in the state's zones
TRIGGERS = "triggers"    # a definition's abilities run when something happens to its card: event -> effect

# ---- a decision put to a player (state.Decision), as a bot's generated answer reads it
NONES = "nones"          # an agent's decision tags that its rules answer `none` by name whatever the state
                         # (compile/bots.py answers_none; an agent without it has none)
NEVER_NONE = "never_none"  # an agent's decision tags that it never answers `none` by name before naming a card
                           # (compile/bots.py never_none; an agent without it may answer any so)
KIND = "kind"            # "cards" | "options" | "yesno" | "players" | "numbers" | "slots"
OPTIONS = "options"      # the options offered: card ids, labels, player indices, numbers or slots
LABELS = "labels"        # what the decider sees of each option (made when first read)
MIN = "min"              # the fewest options to pick
MAX = "max"              # the most options to pick

# Which object each name is a field of (tests/compile/test_ir.py checks each against a real game).
OF_CTX = (STATE, YOU, CARD, NAMES)
OF_STATE = (ZONES, COUNTERS, CARD_COUNTERS, CARD_DEF, LOC, CURRENT, TURNS, POOLS, LOG, LISTENERS, CHECK, HOST,
            PEEKED, CELL, ATTACHED, MODIFYING, IDS_OF, PILES_BY_KEY, PILE_ORDER, BANKS, STEPS, STEP_BUDGET, CARD_LIMIT, DEPTH, ACTS,
            PHASE, SECRET, VARIANTS, CLAIMS, DEF_BY_NAME)
OF_ZONE = (CARDS, OWNER, CELLS, SPEC, PILE)
OF_SPEC = (PILES, SLOT)
OF_CHECK = (MOVED, COUNTED)
OF_DEF = (PROPS, PRINTED, TYPES, NAME, TRIGGERS)
OF_DECISION = (KIND, OPTIONS, LABELS, MIN, MAX)

# What a state's `zones`, `counters` and `turns` are indexed by: slots and seats that exist (a read of one at a
# slot the compiler took from a declaration cannot fail).
ROWS = (ZONES, COUNTERS, TURNS, BANKS)


# Reference readers: what the emitter's code for each read computes (tests/compile/test_ir.py compares them).
def zone(state: Any, slot: int, who: int) -> Any:
    """The zone at SLOT of seat WHO (0 for a shared zone)."""
    return state.zones[slot][who]


def counter(state: Any, slot: int, who: int) -> Any:
    """The counter at SLOT of seat WHO (0 for a shared counter)."""
    return state.counters[slot][who]


def card_counter(state: Any, key: str, card: int, start: int) -> int:
    """The per-card counter KEY of CARD (START when it has no entry)."""
    return state.card_counters[key].get(card, start)


def printed(state: Any, card: int, prop: str, default: Any) -> Any:
    """CARD's printed property PROP (DEFAULT when its card does not print it)."""
    return state.card_def[card].props.get(prop, default)


def for_this(ctx: Any) -> bool:
    """No modifier runs, or the one running sums a property of ctx.card (a `modify ... this` may add to it)."""
    acc = ctx.state.modifying
    return acc is None or acc[MODIFYING_CARD] == ctx.card


def quiet(state: Any, checked: bool = False) -> bool:
    """Nobody is told of a change: no log, no listener (CHECKED: and no invariant checker either)."""
    return state.log is None and not state.listeners and (not checked or state.check is None)
