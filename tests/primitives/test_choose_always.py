"""A question whose options are cards picked by what they are from a zone some seat cannot see is asked always
(compile/visibility.py `held_state`): with nothing to pick it is still logged as asked, so `p1 decided (tag)`
does not tell the others whether the hand held a fitting card (issue 24: Dominion's play_action, Warring
Kingdom's equip and reinforce). Its answer, none, needs no agent; nobody reading the game, nothing is built."""
from __future__ import annotations

from cardlang.runtime.events import render_event_for

from test_choose_privately import seated
from cardlang.runtime import events as E


def test_a_filtered_question_over_a_hand_is_logged_with_nothing_to_pick(tiny) -> None:
    g = tiny(probe="let c = choose up to 1 from hand where card is Shield as shield; move c to table;")
    state, asked = seated(g, [])
    g.put(state, "p1.hand", ["Gem"])                    # no Shield: nothing to pick
    g.play(state)
    assert asked == []                                  # its answer is known: no agent is asked
    (e,) = g.events(state, "Decided")
    assert e == E.Decided(0, "shield", (), "asked")
    assert render_event_for(state, e, 1) == "p1 decided (shield)"   # as when a Shield is there


def test_with_a_fitting_card_it_is_asked_as_before(tiny) -> None:
    g = tiny(probe="let c = choose up to 1 from hand where card is Thing as pick; move c to table;")
    state, asked = seated(g, ["Gem"])
    g.put(state, "p1.hand", ["Gem"])
    g.play(state)
    assert asked == [("pick", ["Gem"])]
    assert render_event_for(state, g.events(state, "Decided")[0], 1) == "p1 decided (pick)"


def test_nobody_reading_the_game_nothing_is_logged_or_asked(tiny) -> None:
    g = tiny(probe="let c = choose up to 1 from hand where card is Shield as shield;")
    state = g.state(log=False)
    state.agents = seated(g, [])[0].agents
    g.play(state)
    assert state.log is None


def test_a_whole_hand_or_a_public_zone_is_not_asked_with_nothing_to_pick(tiny) -> None:
    # the size of a hand is public; so is what a public zone holds
    g = tiny(probe="let c = choose up to 1 from hand as a; let d = choose up to 1 from table where card is Shield "
                   "as b; let e = choose 1 from top 2 of deck as c;")
    state, asked = seated(g, [])
    g.play(state)
    assert g.events(state, "Decided") == []


def test_cards_kept_in_a_local_by_a_loop_over_the_hand_are_asked_always(tiny) -> None:
    g = tiny(probe="let offer = nothing; for x in hand { if x is Shield { offer = [offer, x]; } } "
                   "let c = choose up to 1 from offer as pick;")
    state, asked = seated(g, [])
    g.put(state, "p1.hand", ["Gem"])
    g.play(state)
    assert [e.tag for e in g.events(state, "Decided")] == ["pick"]


def test_revealed_cards_are_public_again(tiny) -> None:
    g = tiny(probe="let shown = top 2 of deck; reveal shown; let c = choose up to 1 from shown where card is "
                   "Shield as pick;")
    state, asked = seated(g, [])
    g.put(state, "p1.deck", ["Gem", "Coin"])
    g.play(state)
    assert g.events(state, "Decided") == []             # no Shield among the revealed cards: everyone saw it


def test_labelled_options_all_ruled_out_by_a_hidden_hand_are_logged_as_asked(tiny) -> None:
    g = tiny(probe='choose as what { "Mark" if count(hand where card is Shield) > 0 { marks += 1; } '
                   '"Mark twice" if count(hand where card is Shield) > 1 { marks += 2; } }')
    state, asked = seated(g, [])
    g.play(state)
    assert [(e.tag, e.picked) for e in g.events(state, "Decided")] == [("what", ())]
    g = tiny(probe='choose as what { "Mark" if count(hand where card is Shield) > 0 { marks += 1; } "Pass" { } }')
    state, asked = seated(g, [])
    g.play(state)
    assert (g.events(state, "Decided")[0].picked, g.events(state, "Decided")[0].how) == (("Pass",), "forced")   # one option is always there


def test_a_card_watching_a_hand_may_not_ask_a_question(tiny) -> None:
    """A watcher runs only while its card is there: its question would tell that the card is held (the rules'
    `on attack` window, asked of every target, is the way: games/dominion/game.cl)."""
    shield = ('card Shield { types Shield; on attack in hand { may "Reveal it?" as reveal_shield privately '
              '{ immune; } } }')
    errs = tiny.errors("attack p in others { marks += 1; }", cards={"Shield": shield})
    assert [e.message for e in errs] == ["a card watching 'hand' asks a question there: being asked would tell "
                                         "the others it holds the card ('hand' is not public)"]
    ok = 'card Shield { types Shield; on attack in table { may "Reveal it?" as reveal_shield { immune; } } }'
    tiny("attack p in others { marks += 1; }", cards={"Shield": ok})   # a public zone: nothing to hide
