"""A generated function keeps the names it declares (a `let`, a loop's name) and a verb's parameters in Python
locals, and puts them into ctx.vars only when something could read them there: a function it hands the
context to (a `where` of its own, a primitive's closure) or its own code (a parameter it assigns). A call of
a flat verb whose code needs no names runs its statements in place when nobody watches. Either way the
cards must do what they say, and an error still points at the verb's own line."""
import pytest
from pathlib import Path

from cardlang.compile.codegen import source_of
from cardlang.compile.game import load_game
from cardlang.compile.passes import OPTIMISED, SWITCHABLE, Options
from cardlang.errors import RuleViolation
from cardlang.runtime.decisions import RandomAgent
from cardlang.runtime.engine import setup_game
from cardlang.runtime.state import Ctx

VERBS = """
verb tuck(c: cards) { for x in c { move x to deck; } }
verb shed(n: int) { move (hand where card.cost >= n) to discard; }
verb grow(n: int) { n += 2; coins += n; }
verb pay(n: int) "pay {n}" { coins -= n; }
"""
CARDS = {
    "tucker.card": "card Tucker { cost 0; types Action; on play { tuck hand; } }",
    "shedder.card": "card Shedder { cost 0; types Action; on play { shed 1; } }",
    "grower.card": "card Grower { cost 0; types Action; on play { grow 1; } }",
    "pairs.card": "card Pairs { cost 0; types Action; on play {\n"
                  "  for x in hand { if count(hand where card.cost == x.cost) > 1 { coins += 1; } }\n} }",
    "payer.card": "card Payer { cost 0; types Action; on play { pay 4; } }",
    "keeper.card": "card Keeper { cost 0; types Action; on play { let got = top 1 of deck; move got to hand; } }",
}


def _game(tmp_path: Path, options: Options = OPTIMISED):
    (tmp_path / "verbs.cl").write_text(VERBS, encoding="utf-8")
    for name, text in CARDS.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    return load_game("dominion", [tmp_path], options=options)


def _code(game, label: str) -> str:
    return "\n".join(source_of(m) for m in game.generated if m.label == label)


def _play(game, name: str, hand: list[str], log: bool = False):
    # LOG: a log, and a listener that asks for the game's acts (a verb called: a table's narrator)
    state = setup_game(game, [RandomAgent(1), RandomAgent(2)], 1, log=log,
                       on_state=(lambda s: s.listen(lambda e: None, acts=True)) if log else None)
    zone = state.zones[state.zone_slot["hand"]][0]
    for cid in list(zone.cards):  # a hand of our own, to know what the card must do
        state.loc[cid] = state.zones[state.zone_slot["trash"]][0]
        state.zones[state.zone_slot["trash"]][0].cards.append(cid)
    zone.cards.clear()
    for n in hand:
        state.new_card(game.defs_by_name[n], zone)
    cid = state.new_card(game.defs_by_name[name], state.zones[state.zone_slot["inplay"]][0])
    game.abilities.run_ability(Ctx(state, 0), cid, "play")
    return state


def _names(state, zone: str) -> list[str]:
    return [state.card_def[c].name for c in state.zones[state.zone_slot[zone]][0].cards]


def _coins(state) -> int:
    return state.counters[[c.name for c in state.counter_specs].index("coins")][0]


def _card_code(game, card: str) -> str:
    return "\n".join(source_of(m) for m in game.generated if m.card == card)


def test_a_verb_takes_its_arguments_after_ctx_and_a_loop_keeps_its_item_in_a_local(tmp_path: Path) -> None:
    g = _game(tmp_path)
    tuck = _code(g, "verb tuck")
    assert "def run_block(ctx, _a0):" in tuck and "ctx.vars" not in tuck  # nothing it calls reads names
    state = _play(g, "Tucker", ["Copper", "Estate"])
    assert _names(state, "hand") == [] and _names(state, "deck")[-2:] == ["Copper", "Estate"]
    assert "ctx.vars" not in _card_code(g, "Keeper")  # a `let` read only by the code itself
    state = _play(g, "Keeper", [])
    assert len(_names(state, "hand")) == 1 and len(_names(state, "deck")) == 4


def test_names_read_by_a_where_of_their_own_are_put_in_ctx_vars(tmp_path: Path) -> None:
    # a `where` run in its caller (the where-inline pass, compile/passes.py) reads the caller's local
    inline = _code(_game(tmp_path), "verb shed")
    assert "ctx.vars" not in inline and "printed['cost'] >= _a0]" in inline  # (the pass printed-table)
    g = _game(tmp_path, Options(SWITCHABLE - {"where-inline"}))
    assert "ctx.vars = {'n': _a0}" in _code(g, "verb shed")  # its `where` is a function of its own
    state = _play(g, "Shedder", ["Copper", "Silver", "Estate", "Gold"])
    assert _names(state, "hand") == ["Copper"] and _names(state, "discard") == ["Silver", "Estate", "Gold"]
    assert "ctx.vars['x'] = " in _card_code(g, "Pairs")  # the loop's `where` reads x.cost there
    state = _play(g, "Pairs", ["Copper", "Silver", "Curse", "Estate", "Gold", "Copper"])
    assert _coins(state) == 3  # the three cards costing 0; Silver, Estate and Gold cost what no other does


def test_a_verb_that_assigns_its_parameter_reads_it_from_ctx_vars(tmp_path: Path) -> None:
    g = _game(tmp_path)
    assert "ctx.vars = {'n': _a0}" in _code(g, "verb grow")
    assert _coins(_play(g, "Grower", [])) == 3


@pytest.mark.parametrize("log", [False, True])
def test_a_verb_run_in_place_reports_its_errors_at_its_own_line(tmp_path: Path, log: bool) -> None:
    g = _game(tmp_path)
    payer = _card_code(g, "Payer")
    assert "if _quiet:" in payer and "['pay'](ctx, 4)" in payer and "_row3[_p1] - _p0" in payer  # in place
    with pytest.raises(RuleViolation) as e:
        _play(g, "Payer", [], log=log)
    line = VERBS.splitlines().index("verb pay(n: int) \"pay {n}\" { coins -= n; }")
    assert (e.value.span.path.endswith("verbs.cl"), e.value.span.line) == (True, line + 1)
    assert e.value.message.startswith("Payer: coins cannot go below 0")


def test_someone_watching_sees_the_verb_called(tmp_path: Path) -> None:
    g = _game(tmp_path)
    state = _play(g, "Tucker", ["Copper"], log=True)
    assert [e.verb for e in state.log if e.kind == "Acted"] == ["draw", "draw", "tuck"]  # set-up's, then the card's
    assert _names(state, "hand") == []


def test_a_name_written_in_several_places_by_lets_and_assignments_of_the_function_itself_is_kept_in_a_local() -> None:
    """statements.kept_in_locals: a name written by a `let` and assignments in the function's own code (its ifs,
    loops, and `may` / `choose one of` blocks when they are inlined) may live in a local; not one a loop binds
    too, nor one written in a block that is a function of its own (`attack`: it would change the name in
    ctx.vars behind the local's back)."""
    from cardlang.compile.statements import kept_in_locals
    from cardlang.syntax.parser import parse

    def kept(body: str, inline: bool = True) -> frozenset[str]:
        (card,) = parse(f"card X {{ on play {{ {body} }} }}\n", "x.card").decls
        return kept_in_locals(card.triggers[0].body, inline)
    assert "t" in kept("let t = 1; if t > 0 { t = 2; } while t < 5 { t += 1; }")
    assert "t" in kept('let t = 1; may "Go?" { t = 2; } coins += t;')
    assert "t" not in kept('let t = 1; may "Go?" { t = 2; } coins += t;', inline=False)
    assert "t" not in kept("let t = 1; for t in [1, 2] { coins += t; }")
    assert "t" not in kept("let t = 1; attack p in others { t = 2; }")
    assert "u" in kept("attack p in others { let u = 1; }")  # written once: as before


def test_a_verb_that_reassigns_its_name_with_a_choice_builds_no_names_table(tmp_path: Path) -> None:
    """A verb whose name is written by a `let` and by an assignment of a choice (and read by its prompt and a
    note) keeps it in a local: its code never touches ctx.vars (the games play the same: the results goldens,
    tests/compile/test_passes.py)."""
    verb = ('verb pick_one(n: int) { let t = hand where card is Treasure; if count(t) > 1 { '
            't = choose 1 from t as pick_one prompt "{n}: which of {t}?"; } move t to discard; '
            'note "{n} moved {t}"; }\n')
    (tmp_path / "pick.cl").write_text(verb, encoding="utf-8")
    (tmp_path / "picker.card").write_text("card Picker { cost 0; types Action; on play { pick_one 2; } }",
                                          encoding="utf-8")
    game = load_game("dominion", [tmp_path])
    (code,) = [source_of(m) for m in game.generated if m.label == "verb pick_one"]
    assert "ctx.vars" not in code and "Decision(" in code
