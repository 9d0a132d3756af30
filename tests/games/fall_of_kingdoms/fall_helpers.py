"""Shared helpers for The Fall of Kingdoms tests: the compiled game, a set-up state with scripted agents, and
the invariants every step must keep. (A uniquely named module, not conftest.py: other test folders have theirs.)"""
from __future__ import annotations

from functools import lru_cache

from cardlang.compile.game import load_game
from cardlang.runtime.decisions import ScriptedAgent
from cardlang.runtime.engine import setup_game

GAME_ID = "fall-of-kingdoms"
COINS_IN_BOX = 70
CHARACTERS = ["Saint", "Prophet", "Assassin", "General", "Informant", "Puppeteer"]


@lru_cache(maxsize=1)
def load():
    return load_game(GAME_ID)


def check(state) -> None:
    """Every card in exactly one zone; every counter in its bounds; the 70 coins all accounted for."""
    seen = []
    for zone in state.all_zones():
        for cid in zone.cards:
            assert state.loc[cid] is zone
        seen.extend(zone.cards)
    assert sorted(seen) == list(range(len(state.card_def))), "a card is lost or in two zones"
    for spec, row in zip(state.counter_specs, state.counters):
        for v in row:
            assert spec.minimum is None or v >= spec.minimum, spec.name
            assert spec.maximum is None or v <= spec.maximum, spec.name
    slot = next(i for i, s in enumerate(state.counter_specs) if s.name == "coins")
    assert sum(state.counters[slot]) + state.banks[slot] == COINS_IN_BOX, "a coin was made or lost"


def names(state, zone: str, player: int | None = None) -> list[str]:
    row = state.zones[state.zone_slot[zone]]
    z = row[player] if player is not None else row[0]
    return sorted(state.card_def[c].name for c in z.cards)


def counter(state, name: str, player: int) -> int:
    slot = next(i for i, s in enumerate(state.counter_specs) if s.name == name)
    return state.counters[slot][player]


def scripted_setup(game, players: int, seed: int = 1):
    """A game right after set-up, nobody exchanging a Destiny card; the script list is shared by all seats."""
    script: list = ["none"] * players
    agents = [ScriptedAgent(script) for _ in range(players)]
    state = setup_game(game, agents, seed, log=True)
    assert script == []
    return state, script


class _Stop(Exception):
    pass


class Recorder:
    """Answers from a shared script; at the first decision tagged STOP, records it and stops the game."""

    def __init__(self, script: list, stop: str, seen: list, skip: list) -> None:
        self.script, self.stop, self.seen, self.skip = script, stop, seen, skip

    def decide(self, view, decision):
        if decision.tag == self.stop and self.skip[0] > 0:
            self.skip[0] -= 1
        elif decision.tag == self.stop:
            self.seen.append(decision)
            raise _Stop()
        return ScriptedAgent(self.script).decide(view, decision)


def put(state, zone: str, player: int | None, cards: list[str]) -> None:
    """Empty the zone into a spare pile of the same game (nothing is lost), then move in the named cards, taken
    from wherever they are (Destiny pile, House, Valley of Ashes...)."""
    from cardlang.runtime import zones as Z
    row = state.zones[state.zone_slot[zone]]
    z = row[player] if player is not None else row[0]
    spare = state.zones[state.zone_slot["ashes"]][0] if zone != "ashes" else state.zones[state.zone_slot["house"]][0]
    for cid in list(z.cards):
        Z.move(state, cid, spare)
    for name in cards:
        cid = next(c for c in range(len(state.card_def)) if state.card_def[c].name == name
                   and state.loc[c] is not z)
        Z.move(state, cid, z)


def set_counter(state, name: str, player: int, value: int) -> None:
    from cardlang.runtime import counters as C
    slot = next(i for i, s in enumerate(state.counter_specs) if s.name == name)
    C.set_counter(state, slot, player, value, clamp=True)


def offered(game, state, stop: str, script: list, phase: str = "action", player: int = 0, skip: int = 0):
    """Run PHASE as PLAYER with SCRIPT; return the decision tagged STOP when it is asked after SKIP earlier ones
    (those are answered from the script), or None."""
    from types import SimpleNamespace
    from cardlang.errors import RuleViolation
    from cardlang.runtime.state import Ctx
    seen: list = []
    skips = [skip]
    state.agents = [Recorder(script, stop, seen, skips) for _ in range(state.num_players)]
    start = len(state.log)
    problem = None
    try:
        game.phases[phase](Ctx(state, player, None, {}, "turn"))
    except _Stop:
        pass
    except RuleViolation as e:  # the script ran out after the decision was taken without asking
        problem = e
    if seen:
        return seen[0]
    # A decision with nothing to choose is taken without asking: what it offered is what it took (logged).
    forced = [e for e in state.log[start:] if e.kind == "Decided" and e.tag == stop and e.how == "forced"]
    if forced:
        return SimpleNamespace(tag=stop, labels=list(forced[0].picked))
    if problem is not None:
        raise problem
    return None
