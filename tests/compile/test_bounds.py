"""The `bounds` pass (compile/passes.py): `+`, `-` and `*` of numbers whose size the compiler knows (a number
written in the source, a property every card prints as a number, a loop's name over written numbers) go
unchecked against the 18-digit limit when the result cannot reach it; everything else is still checked, and a
number past the limit is still an error."""
from pathlib import Path

import pytest
from onoff import play_from_hand

from cardlang.compile.codegen import source_of
from cardlang.compile.game import load_game
from cardlang.compile.passes import OPTIMISED, Options
from cardlang.errors import RuleViolation

CARDS = {
    # printed costs and written numbers: at most 8 + 10 * 5; `coins` is a counter (no size known): checked
    "adder.card": "card Adder { cost 0; types Action; on play {\n"
                  "  for f in [1, 2, 3, 4, 5] { if count(hand where card.cost + 10 * f > 40) > 0 { coins += 1; } }\n"
                  "  coins += count(hand where card.cost + coins > 3);\n} }",
    # a loop's name that the loop writes again is not known
    "writer.card": "card Writer { cost 0; types Action; on play {\n"
                   "  for f in [1, 2] { f = 999999999999999999; coins += count(hand where card.cost + f > 0); }\n} }",
}


def _game(tmp_path: Path, options: Options = OPTIMISED, cards: dict[str, str] = CARDS):
    """Dominion with CARDS written into TMP_PATH, compiled with OPTIONS."""
    for name, text in cards.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    return load_game("dominion", [tmp_path], options=options)


def _code(game, card: str) -> str:
    return "\n".join(source_of(m) for m in game.generated if m.card == card)


def _coins(state) -> int:
    return state.counters[[c.name for c in state.counter_specs].index("coins")][0]


def test_known_sizes_go_unchecked_and_the_rest_is_checked(tmp_path: Path) -> None:
    code = _code(_game(tmp_path), "Adder")  # (each `where` twice: its list, and its count)
    assert any("+ 10 * " in line and "too_big" not in line for line in code.splitlines())  # cost + 10 * f
    assert code.count("too_big(ctx") == 2  # card.cost + coins: a counter's size is not known
    (tmp_path / "plain").mkdir()
    plain = _code(_game(tmp_path / "plain", Options(OPTIMISED.passes - {"bounds"})), "Adder")
    assert "+ 10 * " not in plain and plain.count("too_big(ctx") > 2


@pytest.mark.parametrize("off", [False, True])
def test_the_same_numbers_either_way(tmp_path: Path, off: bool) -> None:
    g = _game(tmp_path, Options(OPTIMISED.passes - {"bounds"}) if off else OPTIMISED)
    # Gold (6) reaches past 40 from f = 4; Estate (2) from f = 4 too; Copper (0) from f = 5: f = 4, 5 count
    state = play_from_hand(g, "Adder", ["Copper", "Estate", "Gold"])
    assert _coins(state) == 2 + 2  # then Estate and Gold cost more than 3 - coins (2)


def test_a_name_the_loop_writes_is_still_checked(tmp_path: Path) -> None:
    g = _game(tmp_path)
    assert "too_big(ctx" in _code(g, "Writer")
    with pytest.raises(RuleViolation, match="18 digits"):
        play_from_hand(g, "Writer", ["Province"])  # 8 + 999999999999999999 is past the limit


SIGNED = {
    # `cost` is printed as 0 or more on every card; `vp` is not (Curse prints -1)
    "payer.card": "card Payer { cost 5; types Action; on play {\n"
                  "  coins += this.cost;\n  coins -= this.cost;\n  actions += this.vp;\n} }",
}


def _tests(code: str) -> list[str]:
    """The bound tests of the counter changes in CODE, in order."""
    return [line.strip() for line in code.splitlines() if line.strip().startswith("if _quiet and _v")]


def test_a_counter_changed_by_a_value_never_below_0_leaves_out_the_bound_it_cannot_pass(tmp_path: Path) -> None:
    """A counter is always within its bounds: `+=` a property every card prints as 0 or more cannot pass its
    lower bound, `-=` it cannot pass its upper one (NUMBER_LIMIT's, for a counter with no maximum); `+=` a
    property some card prints below 0 keeps both tests; with the pass off every test is there."""
    up, down, actions = _tests(_code(_game(tmp_path, cards=SIGNED), "Payer"))
    assert ">= 0" not in up and "< 1000000000000000000" in up
    assert ">= 0" in down and "< 1000000000000000000" not in down
    assert ">= 0" in actions and "< 1000000000000000000" in actions
    (tmp_path / "plain").mkdir()
    plain = _tests(_code(_game(tmp_path / "plain", Options(OPTIMISED.passes - {"bounds"}), SIGNED), "Payer"))
    assert all(">= 0" in t and "< 1000000000000000000" in t for t in plain), plain


@pytest.mark.parametrize("off", [False, True])
def test_a_counter_changed_by_a_printed_value_is_the_same_either_way(tmp_path: Path, off: bool) -> None:
    g = _game(tmp_path, Options(OPTIMISED.passes - {"bounds"}) if off else OPTIMISED, SIGNED)
    coins = _coins(play_from_hand(g, "Payer", ["Copper"]))
    assert coins == 0  # 0 + 5 - 5


COUNTS = {
    # a count is never past 10**12 items, a truth value as a number is 0 or 1, and a `let` of its own that
    # nothing else writes keeps its value's size: none of these sums is checked
    "tally.card": "card Tally { cost 0; types Action; on play {\n"
                  "  let n = count(hand);\n"
                  "  coins += n + count(hand where card.cost > 2) * 2 + (count(hand) > 1);\n} }",
    # a name written again after its `let` is not known
    "retally.card": "card Retally { cost 0; types Action; on play {\n"
                    "  let w = count(hand);\n  w = 999999999999999999;\n  coins += w + count(hand);\n} }",
}


def test_counts_truth_values_and_lets_of_them_go_unchecked(tmp_path: Path) -> None:
    g = _game(tmp_path, cards=COUNTS)
    assert "too_big(ctx" not in _code(g, "Tally") and "too_big(ctx" in _code(g, "Retally")
    (tmp_path / "plain").mkdir()
    plain = _game(tmp_path / "plain", Options(OPTIMISED.passes - {"bounds"}), cards=COUNTS)
    assert _code(plain, "Tally").count("too_big(ctx") >= 3
    for game in (g, plain):  # the same numbers either way: 3 cards, Gold costs more than 2, more than 1 card
        assert _coins(play_from_hand(game, "Tally", ["Copper", "Estate", "Gold"])) == 3 + 1 * 2 + 1
    with pytest.raises(RuleViolation, match="18 digits"):
        play_from_hand(g, "Retally", ["Province"])  # 999999999999999999 + 1 is past the limit
