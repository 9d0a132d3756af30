"""Whether a question is asked tells the other seats nothing of a hidden zone (issue 24: "pN decided (tag)"
showed only when the hand held a fitting card: Dominion's play_action, Warring Kingdom's equip and reinforce).

For each game: two states that differ only in the cards of the current player's hand-like zones (zones only
their owner sees), at the start and after a few turns of bots, play that player's turn with a passive agent
(none when it may, else the first options).
What the other seats see of the log must be the same, Decided events included, up to the first public event
that differs (a Treasure played, a unit deployed: public by the rules) or the player's first answer that
picks something. The rule that makes it hold (compile/visibility.py `held_state`): a question whose options
are picked by what they are from a zone some seat cannot see is asked always, or privately."""
from __future__ import annotations

import pytest

from cardlang.compile.bots import LanguageBot
from cardlang.compile.game import load_game
from cardlang.runtime.engine import run_turn, setup_game
from cardlang.runtime.events import seat_event
from cardlang.runtime.state import GameOver
from cardlang.runtime import events as E

GAMES = ["dominion", "warring-kingdom", "greedy-kingdoms", "fall-of-kingdoms"]


class Passive:
    name = "passive"

    def decide(self, view, decision):
        return list(range(min(decision.min, len(decision.options))))


def _turn_seen(game, seed: int, warm: int, swap) -> dict:
    """Play set-up and WARM turns with the game's first bot, then one turn with passive agents, SWAP changing
    the state before it; that turn's events as each other seat (and the public) sees them, cut at the current
    player's first answer that picks something."""
    n = game.players[0]
    bot = next(b for b, decl in game.bots.items() if not decl.helper)
    state = setup_game(game, [LanguageBot(game, bot, seed + i) for i in range(n)], seed, log=True)
    try:
        for _ in range(warm):
            run_turn(game, state)
            state.current = (state.current + 1) % n
    except GameOver:
        return {}
    state.agents = [Passive() for _ in range(n)]
    p = state.current
    swap(state, p)
    start = len(state.log)
    try:
        run_turn(game, state)
    except GameOver:
        pass
    events = []
    for e in state.log[start:]:
        events.append(e)
        if e.kind == "Decided" and e.player == p and e.picked:
            break
    return {s: [k for k in (seat_event(state, e, s) for e in events) if k is not None]
            for s in [None, *range(n)] if s != p}


def _hidden_zones(state, p: int) -> list:
    return [z for z in state.all_zones() if z.owner == p and z.spec.visibility == "owner" and z.cards]


def _cut(a: list, b: list) -> tuple[list, list]:
    """A and B up to their first public event (not a decision) that differs."""
    pa = [i for i, e in enumerate(a) if e.kind != "Decided"]
    pb = [i for i, e in enumerate(b) if e.kind != "Decided"]
    for ia, ib in zip(pa, pb):
        if a[ia] != b[ib]:
            return a[:ia], b[:ib]
    k = min(len(pa), len(pb))
    return (a[:pa[k]] if k < len(pa) else a), (b[:pb[k]] if k < len(pb) else b)


@pytest.mark.parametrize("game_id", GAMES)
def test_being_asked_does_not_depend_on_a_hidden_hand(game_id: str) -> None:
    game = load_game(game_id)
    names = sorted(game.defs_by_name)
    compared = 0
    for seed, warm in ((1, 0), (2, 6)):
        base = _turn_seen(game, seed, warm, lambda state, p: None)
        for name in names:
            d = game.defs_by_name[name]

            def swap(state, p, d=d):  # the first card of each hidden zone becomes D: a state differing there only
                for z in _hidden_zones(state, p):
                    state.card_def[z.cards[0]] = d
            other = _turn_seen(game, seed, warm, swap)
            for seat, seen in base.items():
                a, b = _cut(seen, other[seat])
                assert a == b, (f"{game_id} seed {seed}: with {name} in hand, seat {seat} sees another record "
                                f"of questions:\n{a}\n{b}")
                compared += 1
    assert compared > 0


class Asked(Passive):
    """A passive agent that notes every question put to it (at a shared screen, each private one is a
    hand-over of the terminal: tests/test_shared_screen.py)."""

    def __init__(self, asked: list) -> None:
        self.asked = asked

    def decide(self, view, decision):
        self.asked.append((decision.player, decision.tag, decision.private))
        return super().decide(view, decision)


@pytest.mark.parametrize("reaction", ["Moat", None])
def test_every_attacked_player_is_asked_the_reaction_question_moat_or_not(reaction) -> None:
    """Dominion's window (`on attack` in games/dominion/game.cl) is opened for every target of every attack:
    the same private question put to the same players, whatever their hands hold (issue 24, language.md 12)."""
    from cardlang.runtime.state import Ctx
    game = load_game("dominion")
    asked: list = []
    state = setup_game(game, [Asked(asked) for _ in range(3)], 1, log=True)
    hand = [z for z in state.all_zones() if z.spec.name == "hand"]
    militia = hand[0].cards[0]
    state.card_def[militia] = game.defs_by_name["Militia"]
    for z in hand[1:]:
        for c in z.cards:
            state.card_def[c] = game.defs_by_name["Copper"]
    if reaction:
        state.card_def[hand[2].cards[0]] = game.defs_by_name[reaction]
    game.abilities.run_ability(Ctx(state, 0), militia, "play")
    assert [a for a in asked if a[1] == "reveal_reaction"] == [(1, "reveal_reaction", True),
                                                               (2, "reveal_reaction", True)]
    public = [seat_event(state, e, 0) for e in state.log if e.kind == "Decided"]
    assert [e for e in public if e is not None] == [E.Decided(1, "discard_down", None, None),
                                                    E.Decided(2, "discard_down", None, None)]
