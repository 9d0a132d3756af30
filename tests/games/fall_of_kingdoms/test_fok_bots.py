"""The bots, written in the language: `honest` never claims a card it does not hold (except the forced lie of a
borrowed Puppeteer); `bluffer` bluffs, and calls claims using what is public."""
from __future__ import annotations

from cardlang.agents import make_agent
from cardlang.runtime.engine import play_game

from fall_helpers import check


def watch(game, seats: list[str], seed: int):
    """Play one game; return (claims, calls): each claim as (seat, role, held, borrowed), each call by seat."""
    claims, calls = [], []
    state_box = {}
    last_peek: dict[int, int] = {}

    def listen(e: tuple) -> None:
        state = state_box.get("s")
        if state is None:
            return
        if e.kind == "Peeked":
            last_peek[e.player] = len(claims)
        if e.kind == "Claimed":
            p, role = e.player, e.card
            active = state.zones[state.zone_slot["active"]][p].cards
            held = any(state.card_def[c].name == role for c in active)
            borrowed = last_peek.get(p) == len(claims) and len(claims) > 0 and claims[-1][1] == "Puppeteer" \
                and claims[-1][0] == p
            claims.append((p, role, held, borrowed))
        if e.kind == "Challenged":
            calls.append(e.caller)
    agents = [make_agent(game, name, seed + i) for i, name in enumerate(seats)]
    from cardlang.runtime import engine
    state = game.new_state(len(agents), seed)
    state.listeners.append(listen)
    state_box["s"] = state
    engine.setup_into(game, state, agents)
    r = engine.play_out(game, state)
    check(r.state)
    return claims, calls


def test_honest_never_bluffs(game) -> None:
    seen = 0
    for seed in range(12):
        seats = ["honest", "bluffer", "honest", "random"]
        claims, _ = watch(game, seats, seed)
        for p, role, held, borrowed in claims:
            if seats[p] == "honest" and not borrowed:
                assert held, f"seed {seed}: honest p{p + 1} claimed {role} without holding it"
                seen += 1
    assert seen > 20


def test_bluffer_bluffs_and_calls(game) -> None:
    bluffs = calls = 0
    for seed in range(12):
        seats = ["bluffer", "honest", "bluffer", "honest"]
        claims, callers = watch(game, seats, seed)
        bluffs += sum(1 for p, role, held, borrowed in claims if seats[p] == "bluffer" and not held and not borrowed)
        calls += sum(1 for c in callers if seats[c] == "bluffer")
    assert bluffs > 5 and calls > 5


def test_bot_tables_end(game) -> None:
    for players in (2, 4, 7):
        for seed in range(5):
            seats = [("honest", "bluffer")[i % 2] for i in range(players)]
            r = play_game(game, [make_agent(game, n, seed + i) for i, n in enumerate(seats)], seed)
            assert r.winners or r.stopped
