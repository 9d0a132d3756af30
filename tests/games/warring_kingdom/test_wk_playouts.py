"""Seeded random-agent games of Warring Kingdom for 2, 3 and 4 players, each variant, and the bots: every game
ends by the rules (a castle falls) or at the engine's turn limit, nothing raises, and after every single
mutation of the state the invariants below hold. Same seed, same decisions: byte-identical logs."""
from __future__ import annotations

import json

import pytest

from cardlang.compile.bots import LanguageBot
from cardlang.compile.game import load_game
from cardlang.runtime.decisions import RandomAgent
from cardlang.runtime.engine import play_game
from cardlang.runtime.invariants import check_state
from cardlang.runtime.events import rows

GAME = load_game("warring-kingdom")


class Invariants:
    def __init__(self) -> None:
        self.cards: int | None = None
        self.calls = 0

    def __call__(self, state) -> None:
        self.calls += 1
        check(state, self)


def check(state, inv: Invariants | None = None) -> None:
    n = len(state.card_def)
    if inv is not None and state.turn_number > 0:  # set-up makes the cards; play never does
        if inv.cards is None:
            inv.cards = n
        assert n == inv.cards, "a card was created during play"
    check_state(state)  # every game's invariants (cardlang/runtime/invariants.py); this game's own follow
    for a, host in state.host.items():  # equipment is attached to units
        assert "Equipment" in state.card_def[a].types and "Unit" in state.card_def[host].types
    for spec, row in zip(state.counter_specs, state.counters):
        if spec.numbers:
            assert all(1 <= x <= 6 for v in row for x in v)
    board = state.zone_slot["board"]
    for p in range(state.num_players):
        z = state.zones[board][p]
        castles = [c for c in z.cards if "Castle" in state.card_def[c].types]
        # One castle each (none yet early in set-up, none for a moment while it turns to its Aged side).
        assert len(castles) == 1 or (inv is not None and not castles), "each player has one castle on the board"
        if castles:
            assert state.cell[castles[0]][0] == 3
        for cid, (c, r) in ((c, state.cell[c]) for c in z.cards if c in state.cell):
            if "Unit" in state.card_def[cid].types:
                assert r <= 2, "units stand in rows 1 and 2"


CASES = [(2, ()), (3, ()), (4, ()), (2, ("blitz",)), (3, ("blitz",)), (4, ("limited",)), (2, ("limited",)),
         (2, ("epic",)), (3, ("epic",))]


@pytest.mark.parametrize("players, variants", CASES, ids=[f"{p}p-{'-'.join(v) or 'standard'}" for p, v in CASES])
def test_random_games_keep_every_invariant(players, variants) -> None:
    for seed in range(4):
        inv = Invariants()
        agents = [RandomAgent(seed * 11 + i) for i in range(players)]
        r = play_game(GAME, agents, seed, check=inv if seed < 2 else None, variants=variants, max_turns=300)
        check(r.state)
        assert seed >= 2 or inv.calls > 100
        assert r.stopped or len(r.winners) == 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_end_by_a_castle_falling(players) -> None:
    """Random players throw away half their army most turns (any subset is as likely as any other), so with
    23-HP castles many games reach the turn limit; with Blitz's 11-HP castles they all end the only way the
    game ends, by a castle falling."""
    for seed in range(4):
        r = play_game(GAME, [RandomAgent(seed * 11 + i) for i in range(players)], seed, log=True,
                      variants=["blitz"])
        assert not r.stopped and len(r.winners) == 1
        notes = [e.text for e in r.state.log if e.kind == "Note"]
        assert "s Castle and wins" in notes[-1]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bot_games_keep_every_invariant_and_end(players) -> None:
    for seed in range(3):
        names = ["economy", "rush", "economy", "rush"][:players]
        agents = [LanguageBot(GAME, n, seed + i) for i, n in enumerate(names)]
        inv = Invariants()
        r = play_game(GAME, agents, seed, check=inv if seed == 0 else None)
        check(r.state)
        assert not r.stopped and len(r.winners) == 1


def test_same_seed_same_decisions_give_identical_logs() -> None:
    def log(seed: int) -> bytes:
        r = play_game(GAME, [RandomAgent(1), RandomAgent(2), RandomAgent(3)], seed, log=True, max_turns=150)
        return json.dumps(rows(r.state.log)).encode()
    assert log(5) == log(5)
    assert log(5) != log(6)
