"""The pass `modify-this-first` (compile/modifythis.py, the IR's ForThis): an `if COND { modify P this ...; }`
tests first whether the modifier running sums this very card, so that a modifier run for another card's read
does not work out COND; every card's modified properties read the same with it on and off, and so do games."""
from __future__ import annotations

from cardlang.agents import make_agent
from cardlang.compile.codegen import source_of
from cardlang.compile.game import load_game
from cardlang.compile.passes import OPTIMISED, SWITCHABLE, Options
from cardlang.primitives.modify import read_modified
from cardlang.runtime.engine import play_game
from cardlang.runtime.state import Ctx

OFF = Options(SWITCHABLE - {"modify-this-first"})


def _modifier_code(options) -> str:
    game = load_game("warring-kingdom", options=options)
    return "".join(source_of(g) for g in game.facts.generated if g.card == "Master Warrior")


def test_the_pass_fires_on_a_modifier_whose_if_only_modifies_this() -> None:
    on, off = _modifier_code(OPTIMISED), _modifier_code(OFF)
    assert ".modifying) is None or" in on and ".modifying) is None or" not in off
    # the `for u in board where card is Operative { modify offence u by 3; }` of the same modifier is left alone
    assert on.count(".modifying) is None or") == 1


def test_every_units_strength_reads_the_same_with_the_pass_on_and_off() -> None:
    """At the end of several bot games (boards of Warriors, Master Warriors, Knights and others), every card's
    offence and defence, read through the modifiers, is the same for both compiles of the game."""
    games = {name: load_game("warring-kingdom", options=o) for name, o in (("on", OPTIMISED), ("off", OFF))}
    seen = 0
    for seed in range(6):
        reads = {}
        for name, game in games.items():
            r = play_game(game, [make_agent(game, b, seed + j) for j, b in enumerate(("rush", "economy"))], seed)
            state = r.state
            ctx = Ctx(state, 0)
            reads[name] = [(cid, prop, read_modified(ctx, [cid], game.abilities, prop, 0))
                           for cid in range(len(state.card_def)) for prop in ("offence", "defence")]
            reads[name + " result"] = (r.winners, r.turns)
            # (some read must differ from the printed number, or the modifiers were never put to the test)
            seen += sum(1 for cid, prop, v in reads[name] if v != state.card_def[cid].props.get(prop, 0))
        assert reads["on"] == reads["off"] and reads["on result"] == reads["off result"]
    assert seen > 0
