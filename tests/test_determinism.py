"""A game is a function of its seed and its agents: the same seed with the same agents gives a byte-identical
log (`json.dumps(events.rows(state.log))`), for random agents and for bots written in the language; a
different seed gives a different game. Watching a game (log, check) does not change it, and neither does Python's string-hash
seed (no set or dict iteration order leaks into play)."""
from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cardlang.compile.bots import LanguageBot
from cardlang.compile.game import load_game
from cardlang.runtime.decisions import RandomAgent
from cardlang.runtime.engine import play_game
from cardlang.runtime.events import rows

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def game():
    return load_game("dominion")


def random_agents(n: int, base: int = 0) -> list:
    return [RandomAgent(base + i) for i in range(n)]


def log_bytes(game, agents, seed: int, pools=None) -> bytes:
    result = play_game(game, agents, seed, pools=pools, log=True)
    assert result.state.log, "log=True must record events"
    return json.dumps(rows(result.state.log)).encode()


def final_state(result) -> tuple:
    s = result.state
    return (tuple(result.winners), tuple(result.scores), tuple(result.turns),
            tuple((z.label, tuple(z.cards)) for z in s.all_zones()),
            tuple(tuple(row) for row in s.counters))


# ---- random agents ------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("pools", [None, {"kingdom": "random"}], ids=["default", "random-kingdom"])
def test_random_agents_same_seed_same_log(game, players, pools):
    for seed in (0, 7, 12345):
        a = log_bytes(game, random_agents(players, 100 * seed), seed, pools)
        b = log_bytes(game, random_agents(players, 100 * seed), seed, pools)
        assert a == b


def test_random_agents_different_seeds_differ(game):
    logs = {log_bytes(game, random_agents(3), seed, {"kingdom": "random"}) for seed in range(8)}
    assert len(logs) == 8


def test_different_agent_seeds_differ(game):
    """Same game seed (same shuffles), different agents' seeds: the decisions, and so the log, differ."""
    a = log_bytes(game, random_agents(2, 0), 3)
    b = log_bytes(game, random_agents(2, 50), 3)
    assert a != b


def test_log_is_plain_data(game):
    result = play_game(game, random_agents(2), 4, log=True, pools={"kingdom": "random"})

    def plain(x) -> bool:
        if isinstance(x, (tuple, list)):
            return all(plain(y) for y in x)
        return x is None or isinstance(x, (str, int, bool))
    bad = [e for e in result.state.log if not plain(rows([e])[0])]  # each event's values
    assert not bad, bad[:3]
    kinds = {e.kind for e in result.state.log}
    assert {"Pool", "Created", "Shuffled", "Moved", "Turn", "Decided", "GameEnded"} <= kinds, kinds


# ---- bots written in the language ---------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
def test_big_money_same_seed_same_log(game, players):
    for seed in (1, 2, 99):
        a = log_bytes(game, [LanguageBot(game, "big-money") for _ in range(players)], seed)
        b = log_bytes(game, [LanguageBot(game, "big-money") for _ in range(players)], seed)
        assert a == b


def test_every_bot_is_deterministic(game):
    for name in sorted(game.bots):
        agents = [LanguageBot(game, name), LanguageBot(game, "big-money")]
        a = log_bytes(game, agents, 5, {"kingdom": "random"})
        agents = [LanguageBot(game, name), LanguageBot(game, "big-money")]
        b = log_bytes(game, agents, 5, {"kingdom": "random"})
        assert a == b, name


def test_big_money_different_seeds_differ(game):
    logs = {log_bytes(game, [LanguageBot(game, "big-money"), LanguageBot(game, "big-money")], seed)
            for seed in range(6)}
    assert len(logs) == 6


def test_one_bot_instance_can_play_many_games(game):
    """A bot keeps no state between games: reusing the instance gives the same log as a fresh one."""
    bots = [LanguageBot(game, "big-money"), LanguageBot(game, "big-money")]
    first = log_bytes(game, bots, 8)
    log_bytes(game, bots, 9)
    assert log_bytes(game, bots, 8) == first


# ---- watching does not change the game ----------------------------------------------------------------

@pytest.mark.parametrize("seed", range(12))
def test_log_and_check_do_not_change_the_game(game, seed):
    players = 2 + seed % 3
    plain = play_game(game, random_agents(players, seed), seed, pools={"kingdom": "random"})
    logged = play_game(game, random_agents(players, seed), seed, pools={"kingdom": "random"}, log=True)
    checked = play_game(game, random_agents(players, seed), seed, pools={"kingdom": "random"},
                        check=lambda state: None)
    assert final_state(plain) == final_state(logged) == final_state(checked)


# ---- across processes ---------------------------------------------------------------------------------

_DIGEST = """
import hashlib, json
from cardlang.compile.bots import LanguageBot
from cardlang.compile.game import load_game
from cardlang.runtime.decisions import RandomAgent
from cardlang.runtime.engine import play_game
from cardlang.runtime.events import rows
g = load_game("dominion")
h = hashlib.sha256()
for seed in range(4):
    r = play_game(g, [RandomAgent(seed * 10 + i) for i in range(3)], seed, pools={"kingdom": "random"}, log=True)
    h.update(json.dumps(rows(r.state.log)).encode())
r = play_game(g, [LanguageBot(g, "big-money"), LanguageBot(g, "big-money")], 4, log=True)
h.update(json.dumps(rows(r.state.log)).encode())
print(h.hexdigest())
"""


def _digest_in_process() -> str:
    h = hashlib.sha256()
    g = load_game("dominion")
    for seed in range(4):
        r = play_game(g, [RandomAgent(seed * 10 + i) for i in range(3)], seed, pools={"kingdom": "random"},
                      log=True)
        h.update(json.dumps(rows(r.state.log)).encode())
    r = play_game(g, [LanguageBot(g, "big-money"), LanguageBot(g, "big-money")], 4, log=True)
    h.update(json.dumps(rows(r.state.log)).encode())
    return h.hexdigest()


def test_logs_do_not_depend_on_the_hash_seed():
    digests = set()
    for hash_seed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        out = subprocess.run([sys.executable, "-c", _DIGEST], cwd=ROOT, env=env, capture_output=True, text=True,
                             timeout=120)
        assert out.returncode == 0, out.stderr
        digests.add(out.stdout.strip())
    digests.add(_digest_in_process())
    assert len(digests) == 1, digests
