"""Greedy Kingdoms: seeded random-agent games for 2, 3 and 4 players end by the rules (a second Royal Palace)
without an error; after every single card move and counter change (in every third game; every game at its end)
every card is in exactly one zone, no card is created during play, every counter keeps its bounds and each of the four banks is conserved
(bank + what the players hold + the stakes of open bets == 12). Same seed, same answers: byte-identical logs."""
from __future__ import annotations

import json
from collections import Counter

import pytest

from cardlang.agents import make_agent
from cardlang.compile.game import load_game
from cardlang.runtime.decisions import RandomAgent
from cardlang.runtime.engine import play_game
from cardlang.runtime.events import rows

GAME = load_game("greedy-kingdoms")
RESOURCES = ("honor", "gold", "food", "land")


class Checker:
    """Called by the engine after every mutation."""

    def __init__(self) -> None:
        self.calls = 0
        self.cards: int | None = None

    def __call__(self, state) -> None:
        self.calls += 1
        check(state)
        if state.turn_number > 0:
            if self.cards is None:
                self.cards = len(state.card_def)
            assert len(state.card_def) == self.cards, "a card was created during play"


def check(state) -> None:
    seen: list[int] = []
    for zone in state.all_zones():
        for cid in zone.cards:
            assert state.loc[cid] is zone, f"{state.card_def[cid].name} is in {zone.label}, loc disagrees"
        seen.extend(zone.cards)
    if sorted(seen) != list(range(len(state.card_def))):
        counts = Counter(seen)
        raise AssertionError(f"lost {[c for c in range(len(state.card_def)) if c not in counts][:5]}, "
                             f"twice {[c for c, k in counts.items() if k > 1][:5]}")
    for spec, row in zip(state.counter_specs, state.counters):
        for v in row:
            assert spec.minimum is None or v >= spec.minimum, (spec.name, v)
            assert spec.maximum is None or v <= spec.maximum, (spec.name, v)
        if spec.name in RESOURCES:
            assert spec.bank == 12
            bank = state.banks[spec.slot]
            stakes = state.counters[state.counter_specs.index(
                next(c for c in state.counter_specs if c.name == f"stake_{spec.name}"))]
            held = sum(row) + sum(stakes)          # a bet's stake is held aside, out of the bank
            assert bank >= 0 and bank + held == 12, f"{spec.name}: bank {bank} + {row} + stakes {stakes} != 12"


def palaces(state, p: int) -> int:
    kingdom = state.zones[state.zone_slot["kingdom"]][p]
    return sum(1 for c in kingdom.cards if state.card_def[c].name == "Royal Palace")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_end_by_a_second_palace_and_conserve_everything(players: int) -> None:
    # The whole-state check after every mutation is most of this test's time (the games alone take a second):
    # it runs in every third game (14 a player count, as tests/test_random_playouts.py checks half of
    # Dominion's), and every game is checked whole at its end and judged on how it ended.
    dry = 0
    for seed in range(40):
        inv = Checker() if seed % 3 == 0 else None
        agents = [RandomAgent(100 * players + 10 * seed + i) for i in range(players)]
        r = play_game(GAME, agents, seed, check=inv)
        assert inv is None or inv.calls > 200
        check(r.state)
        assert not r.stopped, f"seed {seed}: stopped at the turn limit"
        assert len(r.winners) == 1
        (w,) = r.winners
        assert palaces(r.state, w) >= 2 and r.scores[w] == palaces(r.state, w)  # Courier, Hourglass: 3 in a turn
        assert all(palaces(r.state, p) < 2 for p in range(players) if p != w)
        total_palaces = 3 if players == 2 else 5
        assert sum(palaces(r.state, p) for p in range(players)) <= total_palaces
        dry += any(b == 0 for b in r.state.banks[:4])
    assert dry > 0, "no game ran a bank dry: the clamp went untested"


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("bot", ["reader", "needs", "palace-rusher"])
def test_bot_games_end_and_conserve(players: int, bot: str) -> None:
    for seed in range(6):
        names = [bot] + ["random", "reader", "palace-rusher"][: players - 1]
        agents = [make_agent(GAME, n, seed * 7 + i) for i, n in enumerate(names)]
        r = play_game(GAME, agents, seed, check=check if seed < 2 else None)
        check(r.state)
        assert not r.stopped and len(r.winners) == 1


def test_same_seed_same_decisions_give_identical_logs() -> None:
    def log(seed: int) -> bytes:
        r = play_game(GAME, [RandomAgent(1), RandomAgent(2), RandomAgent(3)], seed, log=True)
        return json.dumps(rows(r.state.log)).encode()
    assert log(5) == log(5)
    assert log(5) != log(6)
