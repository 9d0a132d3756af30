"""`state.empty_known`: `empty_piles` counts a zone's empty piles once and answers from that count until a
mutator says a pile may have emptied or filled (runtime/state.py). Every way a card leaves or enters a pile
must say so: each is tried here, the answer compared with a count of the piles; the invariant checker compares
them at every checkpoint, and a copy of the state keeps its own."""
import pytest

from cardlang.agents import make_agent
from cardlang.compile.game import load_game
from cardlang.primitives.core import move_into, move_top_into, move_zone_into
from cardlang.primitives.functions import EmptyPiles
from cardlang.runtime import zones as Z
from cardlang.runtime.engine import play_game, setup_game
from cardlang.runtime.checker import InvariantChecker
from cardlang.runtime.invariants import InvariantViolation
from cardlang.runtime.state import Ctx
from cardlang.runtime.stepping import copy_state


@pytest.fixture(scope="module")
def game():
    return load_game("dominion")


def _set_up(game):
    state = setup_game(game, [make_agent(game, "big-money", 0), make_agent(game, "big-money", 1)], 3)
    supply = state.zones[state.zone_slot["supply"]][0]
    trash = state.zones[state.zone_slot["trash"]][0]
    return state, supply, trash, lambda name: state.piles[(supply.spec.slot, name)]


def _answer(state, supply) -> int:
    """empty_piles' answer, and the piles that are empty, which it must be."""
    got = EmptyPiles.run(state, supply)
    assert got == sum(1 for z in state.pile_order[supply.spec.slot] if not z.cards)
    return got


def test_every_mutator_that_empties_or_fills_a_pile_says_so(game) -> None:
    state, supply, trash, pile = _set_up(game)
    ctx = Ctx(state, 0)
    assert _answer(state, supply) == 0 and state.empty_known == {supply.spec.slot: 0}
    for cid in list(pile("Province").cards):  # zones.move, card by card
        Z.move(state, cid, trash)
    assert _answer(state, supply) == 1
    Z.move(state, trash.cards[-1], supply)  # back to its own pile: not empty any more
    assert _answer(state, supply) == 0
    move_into(ctx, trash, list(pile("Province").cards))  # a whole pile in one go
    assert _answer(state, supply) == 1
    move_into(ctx, trash, [pile("Curse").cards[-1] for _ in range(1)])  # one card, the pile not yet empty
    assert _answer(state, supply) == 1
    move_top_into(ctx, trash, pile("Gold"), len(pile("Gold").cards))  # a draw of a whole pile
    assert _answer(state, supply) == 2
    move_zone_into(ctx, trash, pile("Duchy"))  # `move ZONE to DEST`
    assert _answer(state, supply) == 3
    Z.move_all(state, pile("Estate"), trash)  # `shuffle ZONE into DEST`'s move
    assert _answer(state, supply) == 4
    for cid in list(pile("Curse").cards):  # move_into card by card, the last one emptying the pile
        move_into(ctx, trash, [cid])
    assert _answer(state, supply) == 5


def test_a_new_pile_is_counted(game) -> None:
    state, supply, trash, pile = _set_up(game)
    assert _answer(state, supply) == 0
    state.pile(supply.spec.slot, "Nothing Yet")  # made empty (a scenario's `supply[X] = []`)
    assert _answer(state, supply) == 1


def test_a_copy_keeps_its_own_count(game) -> None:
    state, supply, trash, pile = _set_up(game)
    assert _answer(state, supply) == 0
    twin = copy_state(state)
    assert twin.empty_known == state.empty_known and twin.empty_known is not state.empty_known
    twin_supply = twin.zones[supply.spec.slot][0]
    move_zone_into(Ctx(twin, 0), twin.zones[trash.spec.slot][0], twin.piles[(supply.spec.slot, "Province")])
    assert _answer(twin, twin_supply) == 1 and _answer(state, supply) == 0


def test_generated_moves_say_so_in_checked_games(game) -> None:
    """Games of bots that buy out piles, the checker comparing the count with the piles at every checkpoint."""
    ends = set()
    for seed in range(6):
        checker = InvariantChecker()
        result = play_game(game, [make_agent(game, "smithy-bm", seed), make_agent(game, "big-money", seed + 1)],
                           seed, check=checker)
        supply = result.state.zones[result.state.zone_slot["supply"]][0]
        ends.add(_answer(result.state, supply))
    assert ends  # (each game's last answer agreed with its piles)


def test_the_checker_finds_a_pile_emptied_without_a_word(game) -> None:
    state, supply, trash, pile = _set_up(game)
    assert _answer(state, supply) == 0
    gold = pile("Gold")
    trash.cards.extend(gold.cards)  # a mutator that writes zones itself and does not forget the count
    for cid in gold.cards:
        state.loc[cid] = trash
    gold.cards.clear()
    with pytest.raises(InvariantViolation, match="empty piles"):
        InvariantChecker().checkpoint(state, "at the end of the turn")
