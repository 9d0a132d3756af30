"""Counters with `bank N`: a finite supply shared by all players. Taking clamps to what the bank holds,
paying puts tokens back, a payment you cannot afford is refused, and bank + holdings never change."""
import pytest

from cardlang.runtime.counters import set_counter
from cardlang.runtime.state import CounterSpec, GameState, IllegalAction

TOKENS = CounterSpec("tokens", per_player=True, bank=5, slot=0)


def make(players: int = 3) -> GameState:
    return GameState(defs=[], zone_specs=[], counter_specs=[TOKENS], num_players=players, seed=1, log=True)


def total(state: GameState) -> int:
    return state.banks[0] + sum(state.counters[0])


def take(state, p, n, clamp=True):
    return set_counter(state, 0, p, state.counters[0][p] + n, clamp=clamp)


def pay(state, p, n):
    return set_counter(state, 0, p, state.counters[0][p] - n)


def test_taking_comes_out_of_the_bank() -> None:
    s = make()
    assert take(s, 0, 2) == 2
    assert s.counters[0] == [2, 0, 0] and s.banks[0] == 3 and total(s) == 5


def test_taking_more_than_the_bank_holds_takes_what_is_left() -> None:
    s = make()
    take(s, 0, 4)
    assert take(s, 1, 3) == 1          # "take as many as remain"
    assert s.counters[0] == [4, 1, 0] and s.banks[0] == 0
    assert take(s, 2, 1) == 0          # a dry bank gives nothing and logs nothing
    assert [e for e in s.log if e.kind == "Counter"][-1].player == 1
    assert total(s) == 5


def test_without_clamping_an_overdraft_is_refused() -> None:
    s = make()
    take(s, 0, 5)
    with pytest.raises(IllegalAction, match="the bank holds only 0 tokens"):
        take(s, 1, 1, clamp=False)


def test_paying_puts_tokens_back_and_a_debt_is_refused() -> None:
    s = make()
    take(s, 0, 3)
    pay(s, 0, 2)
    assert s.counters[0][0] == 1 and s.banks[0] == 4
    with pytest.raises(IllegalAction, match="cannot go below 0"):
        pay(s, 0, 2)
    assert s.counters[0][0] == 1 and total(s) == 5   # a refused payment changes nothing


def test_a_steal_passes_through_the_bank_and_conserves() -> None:
    s = make()
    take(s, 0, 5)                      # the bank is dry
    pay(s, 0, 1)                       # the victim loses one: it goes back to the bank ...
    assert take(s, 1, 1) == 1          # ... and the thief takes it at once
    assert s.counters[0] == [4, 1, 0] and s.banks[0] == 0 and total(s) == 5


def test_random_sequences_conserve() -> None:
    import random
    rng = random.Random(7)
    s = make(4)
    for _ in range(2000):
        p = rng.randrange(4)
        if rng.random() < 0.5:
            take(s, p, rng.randint(0, 3))
        elif s.counters[0][p]:
            pay(s, p, rng.randint(1, s.counters[0][p]))
        assert total(s) == 5 and s.banks[0] >= 0 and min(s.counters[0]) >= 0


# ---- bank(COUNTER): what the bank still holds, readable by rules, bots and scenarios -------------------

def _toy(tmp_path, monkeypatch, body: str, extra: str = ""):
    from cardlang.compile.game import load_game
    (tmp_path / "games" / "mint").mkdir(parents=True)
    (tmp_path / "cards" / "mint").mkdir(parents=True)
    (tmp_path / "games" / "mint" / "game.cl").write_text(
        "game mint { players 2 to 2; types Thing; counter coins: per player, bank 5; counter turns_left: shared;\n"
        f"  {extra}\n"
        f"  turn {{ {body} win you; }} }}\n", encoding="utf-8")
    (tmp_path / "cards" / "mint" / "nugget.card").write_text("card Nugget { types Thing; }", encoding="utf-8")
    monkeypatch.setenv("CARDLANG_HOME", str(tmp_path))
    return load_game("mint")


def test_bank_function_reads_what_is_left(tmp_path, monkeypatch) -> None:
    from cardlang.runtime.decisions import RandomAgent
    from cardlang.runtime.engine import play_game
    g = _toy(tmp_path, monkeypatch, "coins += 3; left.coins += bank(coins) - 1; turns_left = bank(coins);")
    r = play_game(g, [RandomAgent(1), RandomAgent(2)], seed=1)
    assert r.state.counters[0] == [3, 1] and r.state.banks[0] == 1 and r.state.counters[1] == [1]


@pytest.mark.parametrize("body, message", [
    ("turns_left = bank(turns_left);", "counter 'turns_left' has no bank"),
    ("turns_left = bank(coin);", "'coin' is not a counter"),
    ("turns_left = bank(1);", "'counter' must be a plain word"),
])
def test_bank_function_errors(tmp_path, monkeypatch, body, message) -> None:
    from cardlang.errors import ErrorList
    with pytest.raises(ErrorList) as e:
        _toy(tmp_path, monkeypatch, body)
    assert e.value.errors[0].message == message


# ---- `bank OTHER`: a counter whose tokens are OTHER's, held out of OTHER's bank (a bet's stake) ------------

STAKE = CounterSpec("stake", per_player=True, slot=1, bank_slot=0)


def make_with_stake(players: int = 3) -> GameState:
    return GameState(defs=[], zone_specs=[], counter_specs=[TOKENS, STAKE], num_players=players, seed=1, log=True)


def test_a_stake_is_held_out_of_the_other_counters_bank() -> None:
    s = make_with_stake()
    take(s, 0, 4)
    pay(s, 0, 1)                                  # put one token at stake: off the player ...
    assert set_counter(s, 1, 0, 1) == 1          # ... and held aside, not left in the bank
    assert s.banks[0] == 1 and s.banks[1] is None
    assert take(s, 1, 3) == 1                     # someone else can take only what the bank really holds
    assert s.banks[0] + sum(s.counters[0]) + sum(s.counters[1]) == 5
    set_counter(s, 1, 0, 0)                       # a lost stake goes to the bank
    assert s.banks[0] == 1


def test_a_stake_cannot_be_made_from_an_empty_bank_without_paying_first() -> None:
    s = make_with_stake()
    take(s, 0, 5)
    with pytest.raises(IllegalAction, match="the bank holds only 0 stake"):
        set_counter(s, 1, 1, 1)


def test_bank_other_in_a_game(tmp_path, monkeypatch) -> None:
    from cardlang.runtime.decisions import RandomAgent
    from cardlang.runtime.engine import play_game
    g = _toy(tmp_path, monkeypatch, "coins += 5; coins -= 2; held += 2; left.coins += 3; turns_left = bank(coins);",
             extra="counter held: per player, quiet, bank coins;")
    r = play_game(g, [RandomAgent(1), RandomAgent(2)], seed=1)
    coins, held = g.spec.counters["coins"].slot, g.spec.counters["held"].slot
    assert r.state.counters[coins] == [3, 0] and r.state.counters[held] == [2, 0]
    assert r.state.banks[coins] == 0 and r.state.banks[held] is None


@pytest.mark.parametrize("decl, message", [
    ("counter held: per player, bank turns_left;",
     "counter 'held' draws on the bank of 'turns_left', which is not a counter with `bank N`"),
    ("counter held: per player, bank coin;",
     "counter 'held' draws on the bank of 'coin', which is not a counter with `bank N`"),
    ("counter held: per player, bank 3, bank coins;", "counter 'held' has both `bank 3` and `bank coins`"),
])
def test_bank_other_errors(tmp_path, monkeypatch, decl, message) -> None:
    from cardlang.errors import ErrorList
    with pytest.raises(ErrorList) as e:
        _toy(tmp_path, monkeypatch, "", extra=decl)
    assert e.value.errors[0].message == message


@pytest.mark.parametrize("log", [True, False])
def test_generated_changes_keep_bank_and_bounds_whether_watched_or_not(tiny, log) -> None:
    # Nobody watching, generated code stores a change itself (no set_counter): the same values, the same bank.
    extra = ("  counter gems: per player, bank 5;\n  counter flag: per player, max 1;\n"
             "  counter stake: per player, max 1, bank gems;")
    g = tiny(probe="gems += 3; gems += 4; flag = 1; flag += 1; stake = 1; gems -= 1; stake = 0; flag -= 1;",
             extra=extra)
    s = g.state(log=log)
    g.play(s)
    slot = {n: g.game.spec.counters[n].slot for n in ("gems", "flag", "stake")}
    assert [s.counters[slot[n]][0] for n in ("gems", "flag", "stake")] == [4, 0, 0]
    assert s.banks[slot["gems"]] == 1       # 3 taken, 2 of the 4 left, 1 paid back; the stake came and went
