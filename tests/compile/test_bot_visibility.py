"""A bot reads only what its seat may see (compile/visibility.py): every path to a hidden zone is a compile
error at the read, however it is spelled; counts of whole zones, its own cards, public zones and what it was
shown are fine. Issue 24: a Fall of Kingdoms bot read `count(claimed() in claimant().owned)` and called 34 of
34 bluffs."""
from __future__ import annotations

import pytest

from cardlang.compile.bots import _compile_bot
from cardlang.compile.game import load_game
from cardlang.errors import CardCompileError
from cardlang.syntax import ast
from cardlang.syntax.parser import parse

_GAMES: dict = {}


def compile_rule(game_id: str, tag: str, body: str):
    """Compile `bot "probe" { on TAG { BODY } }` against the shipped game."""
    game = _GAMES.get(game_id) or _GAMES.setdefault(game_id, load_game(game_id))
    (decl,) = [d for d in parse(f'bot "probe" {{ on {tag} {{ {body} }} }}', "probe.cl").decls
               if isinstance(d, ast.BotDecl)]
    game.bots["probe"] = decl
    try:
        return _compile_bot(game, "probe")
    finally:
        del game.bots["probe"]


FALL_PEEKS = [
    # the spelling of issue 24: the claimant's owned cards hold their hidden Characters and reserve
    ("count(claimed() in claimant().owned) == 0", "claimant().owned", "'active'"),
    ("count(claimed() in left.owned) > 0", "left.owned", "'active'"),
    ("count(Saint in owned) > 0", "owned", "'reserve'"),                    # its own reserve: unseen by all
    ("count(claimed() in [ashes, claimant().active]) > 0", "claimant().active", ""),  # a list (union)
    ("count(claimant().active where card is Saint) > 0", "claimant().active", ""),    # a where
    ("sum(claimant().reserve, 1) > 0", "claimant().reserve", ""),                      # a sum
    ("claimant().active is Saint", "claimant().active", ""),                          # a test of its cards
    ("count(top 1 of house) > 0", "house", ""),                                        # a function of its cards
    ("count(others where count(Saint in player.active) > 0) > 0", "player.active", ""),  # inside a where
    ("count(claimed() in reserve) > 0", "reserve", ""),
]


@pytest.mark.parametrize("cond, spelled, holds", FALL_PEEKS, ids=[c for c, _, _ in FALL_PEEKS])
def test_a_fall_of_kingdoms_bot_may_not_read_hidden_characters(cond: str, spelled: str, holds: str) -> None:
    with pytest.raises(CardCompileError) as e:
        compile_rule("fall-of-kingdoms", "challenge", f"yes if {cond}; no;")
    assert e.value.message.startswith(f"a bot may not look into '{spelled}': "), e.value.message
    assert holds in e.value.message
    assert e.value.span.path == "probe.cl"


DOMINION_PEEKS = [
    ("left.hand.cost > 3", "a bot may not look into 'left.hand'"),                 # a property of a hidden card
    ("count(left.hand where card.cost > 3) > 0", "a bot may not look into 'left.hand'"),
    ("count(Gold in left.owned) > 0", "a bot may not look into 'left.owned'"),
    ("count(Gold in [hand, left.deck]) > 0", "a bot may not look into 'left.deck'"),
    ("count(Gold in left.discard) > 0", "a bot may not look into 'left.discard'"),  # only its top is public
    ("left.discard is Gold", "a bot may not look into 'left.discard'"),
    # its own deck: which cards it holds is known (each came in face up), their order is not
    ("top 1 of deck is Gold", "a bot may not read the order of 'deck'"),
    ("deck.cost > 2", "a bot may not read the order of 'deck'"),
    ("count(top 1 of (owned where card is Gold)) > 0", "a bot may not read the order of 'owned'"),
]


@pytest.mark.parametrize("cond, message", DOMINION_PEEKS, ids=[c for c, _ in DOMINION_PEEKS])
def test_a_dominion_bot_may_not_read_hidden_cards(cond: str, message: str) -> None:
    with pytest.raises(CardCompileError) as e:
        compile_rule("dominion", "buy", f"Gold if {cond}; none;")
    assert e.value.message.startswith(message), e.value.message


def test_a_weighed_value_is_checked_too() -> None:
    with pytest.raises(CardCompileError, match="may not look into 'left.hand'"):
        compile_rule("dominion", "buy", "highest count(card in left.hand);")


def test_what_a_seat_may_see_compiles() -> None:
    compile_rule("fall-of-kingdoms", "challenge",
                 "yes if count(claimant().owned) == 3 and count(left.active) == 2 and count(Saint in active) > 0"
                 " and count(Saint in seen(left.active)) > 0 and count(claimed() in ashes) > 0"
                 " and claims(claimant(), claimed()) > 1; no;")
    compile_rule("dominion", "buy",
                 "Gold if count(Gold in owned) > 0 and count(Gold in deck) > 0 and count(Copper in discard) > 0"
                 " and sum(owned, card.vp) > 2 and count(deck) > 2 and count(left.hand) > 3"
                 " and count(Gold in you.hand) == 0 and count(Silver in left.inplay) > 0; none;")


def test_the_face_up_top_card_of_a_discard_pile_is_public() -> None:
    compile_rule("dominion", "buy", "Gold if top 1 of left.discard is Province; none;")
    with pytest.raises(CardCompileError, match="may not look into 'left.discard'"):
        compile_rule("dominion", "buy", "Gold if top 2 of left.discard is Province; none;")


@pytest.mark.parametrize("cond", ["count(attached(left.hand)) > 0", "count(carrier(left.hand)) > 0",
                                  "count(adjacent(left.hand)) > 0"])
def test_a_function_given_hidden_cards_reads_them(cond: str) -> None:
    with pytest.raises(CardCompileError, match="may not look into 'left.hand'"):
        compile_rule("warring-kingdom", "buy", f"Silver if {cond}; none;")
    compile_rule("warring-kingdom", "buy", f"Silver if {cond.replace('left.hand', 'left.board')}; none;")
