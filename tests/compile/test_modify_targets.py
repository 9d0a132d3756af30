"""The pass `modify-targets` (primitives/modify_targets.py): a modifier runs only for reads of the cards it can
change, worked out from its source; every other card's read is its printed value with no modifier run. The
answer is sound for each way a modifier names its cards (unknown ones may be any card), and the games and every
card's modified numbers are the same with the pass on and off."""
from __future__ import annotations

from onoff import assert_same_games, without

from cardlang.agents import make_agent
from cardlang.compile.game import load_game
from cardlang.compile.passes import OPTIMISED
from cardlang.primitives.modify import read_modified
from cardlang.primitives.modify_targets import ANY, modify_targets
from cardlang.runtime.abilities import Abilities
from cardlang.runtime.engine import play_game
from cardlang.runtime.state import Ctx
from cardlang.syntax import ast
from cardlang.syntax import parser as P

OFF = without("modify-targets")


def _decls(*cards: str) -> list[ast.CardDecl]:
    return [d for c in cards for d in P.parse(c, "t.card").decls if isinstance(d, ast.CardDecl)]


def _targets(body: str, verbs: dict | None = None) -> dict:
    decls = _decls(f"card A {{ types Unit; tags Op; on modify in board {{ {body} }} }}",
                   "card B { types Unit; tags Op, Guard; }", "card C { types Unit; }", "card D { types Gear; }")
    return modify_targets(decls, 0, "modify", verbs or {})


def test_a_modifier_changes_this_and_the_cards_its_loops_select() -> None:
    assert _targets("modify power this by 1;") == {"power": frozenset({0})}
    assert _targets("for u in board where card is Op { modify power u by 1; }") == {"power": frozenset({0, 1})}
    assert _targets("for u in board where card is Unit and card is Guard { modify hp u by 1; }") == \
        {"hp": frozenset({1})}
    assert _targets("for u in board where card is C or card is Gear { modify hp u by 1; }") == \
        {"hp": frozenset({2, 3})}
    assert _targets("let g = board where card is Gear; for u in g { modify hp u by 1; }") == {"hp": frozenset({3})}


def test_what_it_cannot_tell_may_be_any_card() -> None:
    assert _targets("for u in board { modify power u by 1; }") == {"power": ANY}
    assert _targets("for u in board where not card is Op { modify power u by 1; }") == {"power": ANY}
    assert _targets("for u in board where card is Op or card.hp > 1 { modify power u by 1; }") == {"power": ANY}
    # a name bound again: the new binding's cards (here any), for the rest of its block
    assert _targets("for u in board where card is Op { let u = board; modify power u by 1; }") == {"power": ANY}
    assert _targets("for this in board { modify power this by 1; }") == {"power": ANY}
    # one known and one unknown target of a property: any card
    assert _targets("modify power this by 1; for u in hand { modify power u by 2; }") == {"power": ANY}


def test_a_verbs_parameters_are_any_cards_and_its_this_the_modifiers() -> None:
    decls = _decls("card X { types Unit; on modify in board { boost this; lift; } }")
    verbs = {d.name: d for d in P.parse("verb boost(t: cards) { modify power t by 1; }\n"
                                        "verb lift() { modify hp this by 1; }", "v.cl").decls}
    assert modify_targets(decls, 0, "modify", verbs) == {"power": ANY, "hp": frozenset({0})}
    # the same verb where `this` is another card: walked again for it
    decls = _decls("card X { types Unit; on modify in board { lift; for this in board where card is Y { lift; } } }",
                   "card Y { types Unit; }")
    assert modify_targets(decls, 0, "modify", verbs) == {"hp": frozenset({0, 1})}


def test_the_pass_fires_and_leaves_the_numbers_and_the_games_the_same() -> None:
    """Warring Kingdom's Inspire changes only Operatives: a Town Guard's offence runs no modifier with the pass
    on. At the end of bot games every card's offence and defence read the same with it on and off, and the games
    are the same."""
    on, off = load_game("warring-kingdom", options=OPTIMISED), load_game("warring-kingdom", options=OFF)
    guard = on.defs_by_name["Town Guard"].index
    assert "offence" in on.abilities.touchable and guard not in on.abilities.touchable["offence"]
    assert on.defs_by_name["Jester"].index in on.abilities.touchable["offence"]  # an Operative: Inspire's
    assert off.abilities.touchable == {}
    runs: dict[str, list] = {"on": [], "off": []}
    real = Abilities.modifier_total
    seen = 0
    for seed in range(3):
        reads = {}
        for name, game in (("on", on), ("off", off)):
            r = play_game(game, [make_agent(game, b, seed + j) for j, b in enumerate(("rush", "economy"))], seed)
            state, ctx = r.state, Ctx(r.state, 0)
            try:
                Abilities.modifier_total = lambda self, *a: runs[name].append(a[1]) or real(self, *a)
                reads[name] = [read_modified(ctx, [c], game.abilities, p, 0)
                               for c in range(len(state.card_def)) for p in ("offence", "defence")]
            finally:
                Abilities.modifier_total = real
            seen += sum(1 for c in range(len(state.card_def)) for p in ("offence", "defence")
                        if reads[name][2 * c + (p == "defence")] != state.card_def[c].props.get(p, 0))
        assert reads["on"] == reads["off"]
    # with the pass, only the cards some modifier can change ask the modifiers (a Town Guard's never does)
    can = on.abilities.touchable["offence"] | on.abilities.touchable["defence"]
    assert runs["on"] and all(state.card_def[c].index in can for c in runs["on"])
    assert any(state.card_def[c].index not in can for c in runs["off"]) and len(runs["off"]) > len(runs["on"])
    assert seen > 0  # some modifier changed a number: the reads put the pass to the test
    assert_same_games(on, off, bots=("economy", "rush"), seeds=range(2))


def test_the_invariant_checker_asks_every_modifier_of_a_card_none_can_change() -> None:
    """Played with the invariant checker, a read the pass answers with the printed value asks every modifier
    too, and a modifier that changed the card after all (here: the answer of a wrong analysis, which leaves
    out the Warriors) stops the game."""
    import pytest

    from cardlang.runtime.checker import InvariantChecker
    from cardlang.runtime.invariants import InvariantViolation
    game = load_game("warring-kingdom", options=OPTIMISED)
    bots = ("rush", "economy")
    play_game(game, [make_agent(game, b, 1 + j) for j, b in enumerate(bots)], 1, check=InvariantChecker())
    warrior = game.defs_by_name["Warrior"].index
    kept = dict(game.abilities.touchable)
    try:
        for p in kept:
            game.abilities.touchable[p] = kept[p] - {warrior}
        with pytest.raises(InvariantViolation, match="Warrior's"):
            play_game(game, [make_agent(game, b, 1 + j) for j, b in enumerate(bots)], 1, check=InvariantChecker())
    finally:
        game.abilities.touchable.update(kept)
