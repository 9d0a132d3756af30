"""The search bot's games, pinned: a short searched game of each game, its log's hash fixed (issue 26).

A change meant to make the search cheaper must leave what it chooses alone (the same seed, the same game, byte
for byte), so that strength games played before and after it can be added up. A hash here that changes means
the search now plays differently: that is a change of the bot, to be made on purpose, its strength measured
again, and the hash updated with it. The cases use the duel (the strength games' setting), paired and not, and
worlds that the seat cannot believe (The Fall of Kingdoms' refused worlds)."""
from __future__ import annotations

import hashlib

import pytest

from cardlang.agents import make_agent
from cardlang.compile.game import load_game
from cardlang.runtime.engine import play_game
from cardlang.runtime.events import render_event

# game, the search bot (seat 2), its opponent (seat 1), turns played (all seats'), the log's hash (sha256, 16
# hex digits), at least this many decisions searched
CASES = [
    ("dominion", "search:iterations=24,cap=3,duel=0.25,rollout=smithy-bmu", "smithy-bmu", 30,
     "36ff28bf10253422", 15),
    ("dominion", "search:iterations=24,cap=3,duel=0.5,paired=yes,rollout=big-money", "big-money", 30,
     "8d0bbc44c6756666", 10),
    ("warring-kingdom", "search:iterations=12,cap=3,duel=0.25,rollout=economy", "economy", 14,
     "746031d90d599c11", 40),
    ("warring-kingdom", "search:iterations=12,cap=6,duel=0.25,rollout=economy", "random", 14,
     "af35ea653616f3a6", 40),
    ("greedy-kingdoms", "search:iterations=16,cap=3,duel=0.25,rollout=reader", "reader", 40,
     "5ad6a41a7ad98b3e", 80),
    ("fall-of-kingdoms", "search:iterations=24,cap=3,duel=0.25,rollout=bluffer", "bluffer", 10,
     "ce117a548e71cdf4", 10),
]


@pytest.mark.parametrize("game_id, spec, opponent, turns, digest, searches", CASES,
                         ids=[f"{c[0]}-{c[2]}-{'paired' if 'paired' in c[1] else 'duel'}" for c in CASES])
def test_a_searched_game_is_the_same_game(game_id, spec, opponent, turns, digest, searches) -> None:
    game = load_game(game_id)
    bot = make_agent(game, spec, 1)
    r = play_game(game, [make_agent(game, opponent, 1), bot], 7, log=True, max_turns=turns)
    assert bot.searches >= searches
    log = "\n".join(render_event(r.state, e) for e in r.state.log)
    assert hashlib.sha256(log.encode()).hexdigest()[:16] == digest, \
        f"{game_id}: the search bot ({spec}) played another game than the one pinned"
