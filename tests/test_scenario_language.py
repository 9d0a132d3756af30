"""The scenario language itself (cardlang/compile/scenario.py, scenario_checks.py): its statements come from an
explicit table, so an unknown one is an error with a position and a hint, never a Python attribute; and each
statement added for issue 9 (expect_no_log, a seat's view, refused answers, options not offered, order-sensitive
zones, turn counts, cards the supply no longer has) both passes and fails when it should."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from cardlang.compile.scenario import STATEMENTS, load_scenarios, run_scenario

ROOT = Path(__file__).resolve().parents[1]
_CACHE: dict = {}


def run(tmp_path: Path, body: str, players: int = 2):
    """Run one Dominion scenario with BODY; the result (its error is None when it passed)."""
    path = tmp_path / "t.scenario"
    path.write_text(f'scenario "t" {{\n  game dominion; players {players};\n{body}\n}}\n', encoding="utf-8")
    (decl,) = load_scenarios(path)
    return run_scenario(decl, cache=_CACHE)


def error(tmp_path: Path, body: str, **kw) -> str:
    r = run(tmp_path, body, **kw)
    assert r.error is not None, "the scenario should fail"
    return r.error.render()


@pytest.mark.parametrize(("line", "hint"), [
    ("explainer X;", "did you mean"),
    ("_class__ X;", "scenario statements: answer"),
    ("_init__;", "scenario statements: answer"),
    ("_eq__;", "scenario statements: answer"),
    ("_dir__;", "scenario statements: answer"),
    ("expct count(p1.hand) == 5;", "did you mean 'expect'?"),
    ("expect_log_for p2 \"x\";", "did you mean 'expect_log'?"),
])
def test_an_unknown_statement_is_an_error_at_its_line_with_a_hint(tmp_path, line: str, hint: str) -> None:
    text = error(tmp_path, "  " + line)
    verb = line.split()[0].rstrip(";")
    assert text.startswith(f"{tmp_path / 't.scenario'}:3:3: error: unknown statement '{verb}'"), text
    assert hint in text
    assert "internal error" not in text


def test_the_statement_table_holds_only_statements() -> None:
    assert set(STATEMENTS) == {"answer", "answer_refused", "not_offered", "forced", "current", "dice", "put", "run",
                               "expect", "expect_in_order", "expect_log", "expect_no_log", "winner"}


def test_the_cli_reports_an_unknown_statement_without_internal_error(tmp_path) -> None:
    path = tmp_path / "t.scenario"
    path.write_text('scenario "t" {\n  game dominion; players 2;\n  _class__ X;\n}\n', encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "cardlang", "test", str(path)], capture_output=True, text=True,
                         cwd=ROOT, timeout=300)
    assert out.returncode == 1
    assert "unknown statement '_class__'" in out.stdout + out.stderr
    assert "internal error" not in out.stdout + out.stderr and "Traceback" not in out.stderr


def test_expect_no_log(tmp_path) -> None:
    body = '  p1.hand = [Smithy];\n  p1.deck = [Copper, Copper, Copper];\n  play Smithy in hand;\n'
    assert run(tmp_path, body + '  expect_no_log "Gold moved";').passed
    assert "contains 'Copper moved'" in error(tmp_path, body + '  expect_no_log "Gold moved" "Copper moved";')


def test_a_seats_view_hides_what_it_may_not_see(tmp_path) -> None:
    body = '  p1.hand = [Smithy];\n  p1.deck = [Gold, Copper, Copper];\n  play Smithy in hand;\n'
    assert run(tmp_path, body + '  expect_log for p1 "Gold moved p1.deck -> p1.hand";\n'
                                '  expect_log for p2 "a card moved p1.deck -> p1.hand";\n'
                                '  expect_no_log for p2 "Gold moved p1.deck -> p1.hand";').passed
    assert "line of p2's view" in error(tmp_path, body + '  expect_log for p2 "Gold moved p1.deck -> p1.hand";')


def test_chapel_refuses_a_fifth_card(tmp_path) -> None:
    body = ('  p1.hand = [Chapel, Copper, Copper, Copper, Copper, Estate];\n'
            '  answer_refused [Copper, Copper, Copper, Copper, Estate];   // "up to 4"\n'
            '  answer [Copper, Copper, Copper, Estate];\n'
            '  play Chapel in hand;\n  expect p1.hand == [Copper];')
    assert run(tmp_path, body).passed
    text = error(tmp_path, body.replace("[Copper, Copper, Copper, Copper, Estate];   //", "[Copper, Estate];   //"))
    assert "accepted" in text and "should be refused" in text


def test_feast_does_not_offer_gold(tmp_path) -> None:
    body = ('  kingdom [Feast, Cellar, Chapel, Moat, Village, Smithy, Militia, Market, Festival, Witch];\n'
            '  p1.hand = [Feast];\n  not_offered Gold Province;\n  answer Duchy;\n  play Feast in hand;\n'
            '  expect p1.discard == [Duchy];')
    assert run(tmp_path, body).passed
    assert "'feast_gain' offers Duchy" in error(tmp_path, body.replace("not_offered Gold Province;",
                                                                       "not_offered Gold Duchy;"))


def test_a_check_left_for_a_decision_that_never_comes_fails(tmp_path) -> None:
    assert "never asked for: [not_offered Gold (line 3)]" in error(tmp_path, "  not_offered Gold;")


def test_zones_compare_in_order_with_expect_in_order(tmp_path) -> None:
    body = '  p1.deck = [Gold, Copper, Estate];\n'
    assert run(tmp_path, body + '  expect p1.deck == [Estate, Gold, Copper];\n'            # a multiset
                                '  expect_in_order p1.deck == [Gold, Copper, Estate];\n'
                                '  expect_in_order top 2 of p1.deck == [Gold, Copper];').passed
    text = error(tmp_path, body + '  expect_in_order p1.deck == [Copper, Gold, Estate];')
    assert "to be [Copper, Gold, Estate] in this order, but it is [Gold, Copper, Estate]" in text


def test_looking_at_a_short_deck_does_not_shuffle_the_discard_in(tmp_path) -> None:
    body = ('  p1.deck = [Gold];\n  p1.discard = [Copper, Estate];\n'
            '  expect count(top 2 of p1.deck) == 1;\n  expect_in_order top 3 of p1.deck == [Gold];\n'
            '  expect count(p1.discard) == 2;\n  expect_no_log "Shuffled p1.discard";')
    assert run(tmp_path, body).passed


def test_turn_counts_can_be_set(tmp_path) -> None:
    assert run(tmp_path, '  p2.turns = 4;\n  expect p2.turns == 4;\n  expect p1.turns == 0;').passed
    assert "0 or more" in error(tmp_path, '  p2.turns = 0 - 1;')


def test_a_card_the_supply_no_longer_has_is_refused(tmp_path) -> None:
    nine = ", ".join(["Province"] * 9)                   # 2 players: 8 Provinces in the supply
    text = error(tmp_path, f"  p1.discard = [{nine}];")
    assert "no Province is left to put in p1.discard: its supply pile (supply[Province]) is empty" in text
    assert run(tmp_path, f"  p1.discard = [{', '.join(['Province'] * 8)}];\n"
                         "  expect count(Province in supply) == 0;").passed


def test_answers_for_decisions_with_nothing_to_choose_are_unused(tmp_path) -> None:
    body = '  p1.hand = ["Throne Room", Smithy];\n  p1.deck = [Copper, Copper, Copper, Copper, Copper, Copper];\n'
    assert run(tmp_path, body + '  play "Throne Room" in hand;\n  expect_log "p1 took Smithy (throne_room: no other choice)";').passed
    text = error(tmp_path, body + '  answer Smithy;\n  play "Throne Room" in hand;')
    # reported at the answer itself (line 5, column 10), naming the pick it was written for
    assert text.startswith(f"{tmp_path / 't.scenario'}:5:10: error: this answer is for no question: "
                           "'throne_room' for p1 was taken without asking (its only choice: Smithy)"), text


# ---- issue 22 §4: forced picks, refused set-ups, dice answers, turns of players out of the game ---------------
_THRONE = ('  p1.hand = ["Throne Room", Smithy, Copper];\n'
           '  p1.deck = [Copper, Copper, Copper, Copper, Copper, Copper, Copper, Copper];\n')


def test_an_answer_for_a_forced_pick_is_not_taken_by_a_later_question(tmp_path) -> None:
    # Before: Smithy waited in the script and went to the Chapel's question, which took it in silence.
    body = (_THRONE + '  answer Smithy;\n  play "Throne Room" in hand;\n'
            '  p1.hand = [Chapel, Smithy];\n  play Chapel in hand;')
    text = error(tmp_path, body)
    assert ":5:10: error: this answer is for no question: 'throne_room' for p1" in text
    assert "hint: remove this answer; if it is for a later question, write `forced Smithy;` before it" in text


def test_an_answer_waiting_through_a_forced_pick_says_so_when_unused(tmp_path) -> None:
    text = error(tmp_path, _THRONE + '  answer Gold;\n  play "Throne Room" in hand;')
    assert text.startswith(f"{tmp_path / 't.scenario'}:5:10: error: 1 scripted answer(s) were never asked for: "
                           "['Gold']; it was next when 'throne_room' for p1 was taken without asking"), text


def test_forced_states_the_pick_and_keeps_later_answers_for_later(tmp_path) -> None:
    ok = _THRONE + '  forced Smithy;\n  play "Throne Room" in hand;\n  expect count(p1.hand) == 7;'
    assert run(tmp_path, ok).passed
    assert ":5:10: error: expected Copper to be taken, but 'throne_room' for p1 was taken without asking" in \
        error(tmp_path, ok.replace("forced Smithy", "forced Copper"))
    asked = '  p1.hand = ["Throne Room", Smithy, Village];\n  forced Smithy;\n  play "Throne Room" in hand;'
    assert "expected a pick made without asking, but 'throne_room' was put to p1" in error(tmp_path, asked)


def test_a_wrong_answer_is_reported_at_its_own_line(tmp_path) -> None:
    body = '  p1.hand = [Chapel, Copper, Estate];\n  answer Gold;\n  play Chapel in hand;'
    text = error(tmp_path, body)
    assert ":4:10: error: this answer went to 'chapel_trash' for p1, which refuses it: 'chapel_trash' has no " \
        "option 'Gold' (options: Estate, Copper)" \
        in text, text


def _wk(tmp_path: Path, body: str):
    path = tmp_path / "wk.scenario"
    path.write_text(f'scenario "t" {{\n  game warring_kingdom;\n{body}\n}}\n', encoding="utf-8")
    (decl,) = load_scenarios(path)
    return run_scenario(decl, cache=_CACHE)


def test_setup_refused(tmp_path) -> None:
    assert _wk(tmp_path, '  players 4; variant epic;\n  setup_refused "is for 2 to 3 players";').passed
    assert _wk(tmp_path, '  players 5;\n  setup_refused;').passed
    accepted = _wk(tmp_path, '  players 3; variant epic;\n  setup_refused;').error.render()
    assert ":4:3: error: expected the set-up to be refused, but it was accepted (warring-kingdom with 3 players, " \
           "variant epic)" in accepted
    other = _wk(tmp_path, '  players 4; variant epic;\n  setup_refused "no such text";').error.render()
    assert "refused, but with \"variant 'epic' is for 2 to 3 players, not 4\", which does not contain" in other
    after = _wk(tmp_path, '  players 4; variant epic;\n  setup_refused;\n  expect count(p1.hand) == 5;')
    assert "runs nothing after it" in after.error.render()
    # without setup_refused, a player count the game does not allow is an error at `players`
    assert ":3:3: error: warring-kingdom is for 2 to 4 players, not 5" in _wk(tmp_path, "  players 5;").error.render()


def test_dice_are_answered_by_their_faces(tmp_path) -> None:
    body = ('  players 2;\n  p1.hand = [];\n  p2.hand = [];\n  put Warrior to p1.board column=3 row=1;\n'
            '  put Jester to p1.board column=3 row=2;\n  put "Town Guard" to p2.board column=3 row=1;\n'
            '  dice [3, 1, 1, 1, 1, 3, 3, 1, 1, 1];\n  answer none none ANSWER;\n  combat p2;\n'
            '  expect_log "p1 chose 3 (distract)";')
    assert _wk(tmp_path, body.replace("ANSWER", "3")).passed         # a number: the face
    assert _wk(tmp_path, body.replace("ANSWER", '"3"')).passed       # the same label, quoted
    assert "has no option '6'" in _wk(tmp_path, body.replace("ANSWER", "6")).error.render()


_KINGDOM = "Feast, Cellar, Chapel, Moat, Village, Smithy, Militia, Market, Festival, Witch"


@pytest.mark.parametrize(("kingdom", "col", "message"), [
    ("Smithy, Smithy, Smithy, Smithy, Smithy, Smithy, Smithy, Smithy, Smithy, Smithy", 20,
     "Smithy is in the kingdom twice"),
    ("Copper", 12, "Copper is not a card the kingdom may hold"),
    (_KINGDOM.replace("Witch", "Province"), 85, "Province is not a card the kingdom may hold"),
])
def test_a_kingdom_names_each_card_once_and_only_cards_it_may_hold(tmp_path, kingdom, col, message) -> None:
    """Issue 24: a scenario's kingdom of ten Smithies or of one Copper was accepted in silence."""
    text = error(tmp_path, f"  kingdom [{kingdom}];\n  p1.hand = [Smithy];\n  play Smithy in hand;")
    assert f"t.scenario:3:{col}: error: {message}\n" in text
    assert "   3 |   kingdom [" in text and "^^^" in text and "= hint:" in text
    assert run(tmp_path, f"  kingdom [{_KINGDOM}];\n  p1.hand = [Smithy];\n  play Smithy in hand;").passed


def test_playing_a_card_that_is_not_in_hand_fails_at_its_line(tmp_path) -> None:
    """Issue 24: `play Smithy in hand;` with no Smithy in hand played nothing and passed."""
    body = "  p1.hand = [Copper, Copper];\n  play Smithy in hand;\n  expect count(p1.hand) == 2;"
    text = error(tmp_path, body)
    assert "t.scenario:4:8: error: play: no Smithy in hand (p1 is the current player)\n" in text
    assert "   4 |   play Smithy in hand;" in text and "= hint: put it there first" in text
    assert run(tmp_path, body.replace("[Copper, Copper]", "[Copper, Copper, Smithy]").replace("== 2", "== 5")).passed
