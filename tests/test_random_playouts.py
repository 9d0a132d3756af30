"""Seeded random-agent games: each ends by the game's own rules, raises nothing, and after every single
mutation of the state (the engine calls `check` after each card move and counter change) the invariants hold:

* every card id is in exactly one zone: the zone its `loc` names holds it, and the multiset of all zone
  contents is exactly the set of all card ids (no card lost, none duplicated);
* no card is created once play has begun;
* every counter is within its declared min/max;
* every bank is non-negative and conserved: bank + what the players hold of it never changes.

Dominion has no bank, so a small game written here for the purpose (a shared pool of gems that cards take
from and give back to) runs with the same checker.

`result.stopped` (the engine's turn limit, engine.py `MAX_TURNS`) is a draw by fiat, not an end by the
rules; random agents always finish a Dominion game well before it, so none is allowed here, and every game
that ends must satisfy its `end when` condition (or have been won outright).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from cardlang.compile.game import load_game
from cardlang.runtime.decisions import RandomAgent
from cardlang.runtime.engine import play_game
from cardlang.runtime.invariants import InvariantViolation, check_state
from cardlang.runtime.state import Ctx

ROOT = Path(__file__).resolve().parents[1]


class Invariants:
    """The `check` callable: asserts every invariant of the state; counts how often it ran."""

    def __init__(self) -> None:
        self.calls = 0
        self.totals: dict[int, int] | None = None
        self.cards_in_play: int | None = None

    def __call__(self, state) -> None:
        self.calls += 1
        assert_invariants(state, self)


def assert_invariants(state, inv: Invariants | None = None) -> None:
    check_state(state)  # the shared checker (cardlang/runtime/invariants.py), as the soak uses it
    n = len(state.card_def)
    if inv is not None:
        if state.turn_number > 0:
            if inv.cards_in_play is None:
                inv.cards_in_play = n
            assert n == inv.cards_in_play, "a card was created during play"


def assert_ended_by_the_rules(game, result) -> None:
    state = result.state
    assert not result.stopped, f"stopped by the turn limit after {state.turn_number} turns"
    assert result.winners, "no winner"
    n = state.num_players
    assert len(result.scores) == n and len(result.turns) == n
    assert all(0 <= w < n for w in result.winners)
    # Neither game here has `win` or `eliminate`: a game ends only when its `end when` condition holds.
    assert game.end is not None and game.end(Ctx(state, state.current, None, {}, "end")), \
        "the game ended although its end condition does not hold"
    assert not any(state.out)
    best = max(result.scores)
    leaders = [p for p in range(n) if result.scores[p] == best]
    assert set(result.winners) <= set(leaders), (result.winners, result.scores)
    if game.tiebreak is not None and len(leaders) > 1:
        kind, fn = game.tiebreak
        keys = {p: fn(Ctx(state, p, None, {}, "tiebreak")) for p in leaders}
        pick = min(keys.values()) if kind == "fewest" else max(keys.values())
        assert sorted(result.winners) == sorted(p for p in leaders if keys[p] == pick)
    else:
        assert sorted(result.winners) == leaders


@pytest.fixture(scope="module")
def dominion():
    return load_game("dominion")


# 2, 3 and 4 players x 40 seeds = 120 games; the per-mutation check runs on every other seed (60 games),
# the other half is checked once at the end (it keeps the run short on two cores). tests/test_soak.py plays
# 100 more a player count (every 10th checked at every step), and tools/soak.py the full soak.
SEEDS = range(40)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_dominion_random_games(dominion, players):
    checked = unchecked = 0
    kingdoms: set[tuple[str, ...]] = set()
    for seed in SEEDS:
        pools = {"kingdom": "random"} if seed % 3 else None  # two thirds random kingdoms, one third default
        agents = [RandomAgent(1000 * players + 10 * seed + i) for i in range(players)]
        inv = Invariants() if seed % 2 == 0 else None
        result = play_game(dominion, agents, seed, pools=pools, check=inv)
        if inv is not None:
            assert inv.calls > 100, "the engine did not call check after each mutation"
            checked += 1
        else:
            unchecked += 1
        assert_invariants(result.state)
        assert_ended_by_the_rules(dominion, result)
        kingdoms.add(tuple(d.name for d in result.state.vars["kingdom"]))
    assert checked == 20 and unchecked == 20
    assert len(kingdoms) > 20, "random kingdoms should differ between seeds"


def test_check_is_called_after_every_move_and_counter_change(dominion):
    """The check runs once per logged Moved/Counter/Refilled event (the mutations), never less."""
    inv = Invariants()
    result = play_game(dominion, [RandomAgent(1), RandomAgent(2)], 5, log=True, check=inv)
    mutations = sum(1 for e in result.state.log if e.kind in ("Moved", "Counter", "Refilled"))
    assert inv.calls >= mutations > 0


def test_a_broken_invariant_is_caught(dominion):
    """The checker is not vacuous: a card moved behind the engine's back is reported."""
    result = play_game(dominion, [RandomAgent(1), RandomAgent(2)], 9)
    state = result.state
    zones = [z for z in state.all_zones() if z.cards]
    cid = zones[0].cards.pop()
    zones[1].cards.append(cid)
    with pytest.raises(InvariantViolation, match="in two places|sits in"):
        assert_invariants(state)


# ---- a game with a bank ---------------------------------------------------------------------------------

BANK_GAME = """
game gems {
  players 2 to 4;
  types Action;
  property cost = 0;
  zone deck: per player, hidden, refill discard;
  zone hand: per player, owner;
  zone discard: per player, public;
  counter gems: per player, min 0, max 9, bank 12;
  counter rounds: shared, min 0;
  setup {
    for p in players {
      create 3 Take to p.deck;
      create 2 Give to p.deck;
      create 2 Steal to p.deck;
      shuffle p.deck;
    }
  }
  turn {
    move top 2 of deck to hand;
    let c = choose up to 1 from hand as pick prompt "Play a card";
    for x in c { trigger play x; }
    move hand to discard;
    rounds += 1;
  }
  end when rounds >= 12 * count(players);
  score gems;
  tiebreak fewest turns;
}
"""
BANK_CARDS = {
    "take": "card Take { types Action; on play { gems += 4; } }",
    "give": "card Give { types Action; on play { if gems > 0 { gems -= 1; } } }",
    "steal": """card Steal { types Action; on play {
        let q = choose 1 from others as victim;
        if q.gems > 0 { q.gems -= 1; gems += 1; }
    } }""",
}


@pytest.fixture(scope="module")
def bank_game(tmp_path_factory):
    home = tmp_path_factory.mktemp("bank_home")
    (home / "games" / "gems").mkdir(parents=True)
    (home / "games" / "gems" / "game.cl").write_text(BANK_GAME, encoding="utf-8")
    (home / "cards" / "gems").mkdir(parents=True)
    for name, text in BANK_CARDS.items():
        (home / "cards" / "gems" / f"{name}.card").write_text(text, encoding="utf-8")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("CARDLANG_HOME", str(home))
        return load_game("gems")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bank_game_conserves_its_bank(bank_game, players):
    drained = 0
    for seed in range(25):
        inv = Invariants()
        result = play_game(bank_game, [RandomAgent(10 * seed + i) for i in range(players)], seed, check=inv)
        assert inv.calls > 0
        assert_invariants(result.state)
        assert_ended_by_the_rules(bank_game, result)
        drained += result.state.banks[0] == 0
    assert drained > 0, "the bank never ran dry: the clamp at an empty bank went untested"
