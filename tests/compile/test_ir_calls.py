"""The IR's calls (compile/ir/nodes_calls.py), emitted (compile/ir/emit_calls.py) and run on a real state against
their references: a core verb's run, a game verb's body with its nesting bookkeeping, run_ability for `trigger`, and the switch of
players and the empty pick around every call."""
from __future__ import annotations

import ast as py
import copy

import pytest

from cardlang.compile import codegen as G
from cardlang.compile.ir import nodes as N
from cardlang.compile.ir import nodes_calls as C
from cardlang.compile.ir.emit_stmts import emit_stmts
from cardlang.compile.passes import OPTIMISED, PLAIN, Options
from cardlang.errors import NestingLimit, Span
from cardlang.primitives import CORE as REGISTRY
from cardlang.primitives.lowering import UNKNOWN
from cardlang.primitives.values import NothingToActOn
from cardlang.runtime.abilities import MAX_DEPTH
from cardlang.runtime.state import CardDef, CounterSpec, Ctx, GameState, ZoneSpec

SPAN = Span("t.cl", 1, 1, 1, 2)


def _state() -> GameState:
    zones = [ZoneSpec("hand", True, slot=0), ZoneSpec("supply", False, slot=1)]
    state = GameState(defs=[], zone_specs=zones, counter_specs=[CounterSpec("coins", True, slot=0)], num_players=2,
                      seed=1)
    knight = CardDef(0, "Knight", frozenset({"Unit"}))
    state.defs.append(knight)
    for p in (0, 1, 1):
        state.new_card(knight, state.zones[0][p])
    return state


def _run(body: tuple, ctx: Ctx, options: Options = OPTIMISED) -> None:
    G.build_function("ir test", None, lambda gen: emit_stmts(gen, body), options=options).fn(ctx)


def _where(state: GameState) -> list:
    return [state.loc[c].spec.name for c in range(len(state.card_def))]


@pytest.mark.parametrize("options", [OPTIMISED, PLAIN], ids=["lowered", "run"])
def test_a_core_verbs_call_does_what_its_run_does(options: Options) -> None:
    move = REGISTRY.get("move")
    for cards in ((N.Const(1),), (N.Const(1), N.Const(2))):  # one card (moved in the code), two (move_into)
        state, reference = _state(), _state()
        node = C.CallPrimitive(move, (N.ZoneRef(1, N.Const(0)), N.Cards(cards), N.Const("top")),
                               (UNKNOWN, UNKNOWN, "top"), tuple(state.zone_specs))
        _run((node,), Ctx(state, 1, None), options)
        move.run(Ctx(reference, 1, None), reference.zones[1][0], [c.value for c in cards], "top")
        assert _where(state) == _where(reference) != _where(_state())
        assert state.zones[1][0].cards == reference.zones[1][0].cards


@pytest.mark.parametrize("flat", [True, False])
def test_a_game_verbs_call_runs_its_body_with_its_arguments_one_level_deeper(flat: bool) -> None:
    seen = []

    def body(ctx: Ctx, a, b) -> None:
        seen.append((ctx.you, a, b, ctx.state.depth))
    verbs = {"v": body}
    node = C.CallVerb("v", (N.You(), N.CounterRef(0, N.You())), verbs, {"v": None}, flat, (SPAN, SPAN))
    state = _state()
    state.counters[0][1] = 4
    _run((node,), Ctx(state, 1, None))
    # the body ran with the arguments in order; a verb that may run inside itself counts one level more
    assert seen == [(1, 1, 4, 0 if flat else 1)] and state.depth == 0
    state.depth = MAX_DEPTH + 1
    if flat:  # no bookkeeping at all
        _run((node,), Ctx(state, 1, None))
    else:
        with pytest.raises(NestingLimit):
            _run((node,), Ctx(state, 1, None))


def test_a_verb_past_the_nesting_limit_is_named_by_each_call_it_passes_back_through() -> None:
    inner = Span("t.cl", 7, 3, 7, 9)

    def body(ctx: Ctx) -> None:
        raise NestingLimit(MAX_DEPTH, "w", SPAN, inner)
    node = C.CallVerb("v", (), {"v": body}, {"v": None}, False, (SPAN, SPAN))
    state = _state()
    with pytest.raises(NestingLimit) as caught:
        _run((node,), Ctx(state, 1, None))
    assert [c[0] for c in caught.value.calls] == ["w", "v"] and state.depth == 0


def test_a_flat_verbs_call_runs_its_statements_in_place_when_nobody_watches() -> None:
    from cardlang.compile.codegen import Code
    seen = []
    # the verb's statements read its parameter `a` from the local the call gives it
    items = [(None, Code(lambda gen: [py.Expr(G.call(gen.const(seen.append), gen.var("a")))]))]
    node = C.CallVerb("v", (N.Const(5),), {"v": lambda ctx, a: seen.append(("called", a))}, {}, True, (SPAN, SPAN),
                      (items, lambda: frozenset(), ("a",), False))  # (its names kept in locals: found when emitted)
    fn = G.build_function("ir test", None, lambda gen: emit_stmts(gen, (node,))).fn
    state = _state()
    fn(Ctx(state, 1, None))
    state.listeners.append(lambda e: None)  # someone watches: the verb is called (it tells of itself)
    fn(Ctx(state, 1, None))
    assert seen == [5, ("called", 5)]
    # the pass off: always called
    off = Options(OPTIMISED.passes - {"verb-in-place"})
    G.build_function("ir test", None, lambda gen: emit_stmts(gen, (node,)), options=off).fn(Ctx(_state(), 1, None))
    assert seen[-1] == ("called", 5)


def test_the_pass_verb_in_place_splits_a_flat_verbs_call_on_nobody_watching() -> None:
    from cardlang.compile.ir.verb_in_place import verb_in_place
    body = ([], lambda: frozenset(), ("a",), False)
    call = C.CallVerb("v", (N.Const(5),), {}, {}, True, (SPAN, SPAN), body)
    got = verb_in_place(N.If(N.Const(True), (call,)))
    [split] = got.body
    assert split == N.If(N.Quiet(), (C.InPlace((N.Const(5),), body),), (C.CallVerb("v", (N.Const(5),), {}, {}, True),))
    assert split.orelse[0].in_place is None and split.body[0].body is body
    # a verb that may run inside itself, or whose code needs names, is called as it is
    for kept in (C.CallVerb("v", (), {}, {}, False, (SPAN, SPAN), body), C.CallVerb("v", (), {}, {}, True)):
        assert verb_in_place(kept) is kept


def test_the_pass_nested_in_place_runs_a_nesting_verb_in_place_with_its_depth_counted() -> None:
    from cardlang.compile.codegen import Code
    from cardlang.compile.ir.nested_in_place import nested_in_place
    seen, inner = [], Span("t.cl", 7, 3, 7, 9)

    def statements(gen):  # the verb's body: records its parameter and the depth; past 3, a cycle's error
        def look(ctx: Ctx, a) -> None:
            seen.append((a, ctx.state.depth))
            if ctx.state.depth > 3:
                raise NestingLimit(MAX_DEPTH, "w", SPAN, inner)
        return [py.Expr(G.call(gen.const(look), G.name("ctx"), gen.var("a")))]
    items = [(None, Code(statements))]
    body = (items, lambda: frozenset(), ("a",), False)  # (its names kept in locals: found when emitted)
    call = C.CallVerb("v", (N.Const(5),), {"v": lambda ctx, a: seen.append(("called", a))}, {}, False, (SPAN, SPAN),
                      body)
    [split] = nested_in_place(N.If(N.Const(True), (call,))).body
    assert split == N.If(N.Quiet(), (C.InPlace((N.Const(5),), body, ("v", (SPAN, SPAN))),),
                         (C.CallVerb("v", (N.Const(5),), {}, {}, False),))
    # a flat verb's call is verb-in-place's, a call without statements stays a call
    for kept in (C.CallVerb("v", (), {}, {}, True, (SPAN, SPAN), body), C.CallVerb("v", (), {}, {}, False)):
        assert nested_in_place(kept) is kept
    fn = G.build_function("ir test", None, lambda gen: emit_stmts(gen, (call,))).fn
    state = _state()
    fn(Ctx(state, 1, None))
    assert seen == [(5, 1)] and state.depth == 0  # in place, one level deeper, as its call counts it
    state.depth = 3
    with pytest.raises(NestingLimit) as caught:
        fn(Ctx(state, 1, None))
    assert [c[0] for c in caught.value.calls] == ["w", "v"] and state.depth == 3
    state.depth = MAX_DEPTH + 1
    with pytest.raises(NestingLimit):
        fn(Ctx(state, 1, None))
    assert seen[-1] == (5, 4)  # (not run past the limit)
    state.depth = 0
    state.listeners.append(lambda e: None)  # someone watches: the verb is called
    fn(Ctx(state, 1, None))
    assert seen[-1] == ("called", 5)


def test_verbs_are_compiled_callees_first_and_a_cycle_is_broken_where_it_closes() -> None:
    from cardlang.compile.calls import callees_first
    from cardlang.syntax import ast
    from cardlang.syntax.parser import parse
    text = """
    verb turn() { fight; pay; }
    verb fight() { hit; }
    verb hit() { if true { hit; } wound; }
    verb wound() { }
    verb pay() { collect; }
    verb collect() { }
    verb ping() { pong; }
    verb pong() { ping; }
    """
    verbs = {d.name: d for d in parse(text, "t.cl").decls if isinstance(d, ast.VerbDecl)}
    assert callees_first(verbs) == ["wound", "hit", "fight", "collect", "pay", "turn", "pong", "ping"]


def test_trigger_runs_each_reacting_cards_ability_with_the_named_values() -> None:
    state = _state()
    state.card_def[1].triggers["hit"] = None  # (the same definition for all: every card reacts)
    runs = []

    def run_ability(ctx: Ctx, card, event, vals) -> None:
        runs.append((card, event, dict(vals)))
    node = C.Trigger("hit", N.ZoneCards(N.ZoneRef(0, N.You())), ("power",), (N.Const(3),), run_ability)
    _run((node,), Ctx(state, 1, None))
    reference = []
    for c in list(state.zones[0][1].cards):
        if "hit" in state.card_def[c].triggers:
            reference.append((c, "hit", {"power": 3}))
    assert runs == reference and len(runs) == 2


def test_a_trigger_of_a_card_definition_runs_its_ability_with_no_card_in_play() -> None:
    state = _state()
    runs = []

    def run_ability(ctx: Ctx, card, event, vals, definition) -> None:
        runs.append((card, event, vals, definition))
    node = C.Trigger("use", None, ("target",), (N.Const(0),), run_ability, N.Const("a definition"))
    _run((node,), Ctx(state, 1, None))
    assert runs == [(None, "use", {"target": 0}, "a definition")]


def test_a_call_for_another_player_switches_you_and_puts_it_back_and_an_empty_pick_does_nothing() -> None:
    seen = []

    def act(ctx: Ctx) -> None:
        seen.append(ctx.you)
        raise NothingToActOn()
    state = _state()
    ctx = Ctx(state, 1, None)
    _run((C.Skip((C.AsPlayer(N.Const(0), (N.Do(N.Call(act, first="ctx")),)),)),), ctx)
    assert seen == [0] and ctx.you == 1
    with pytest.raises(NothingToActOn):  # (the reference: the call itself raises; Skip makes it nothing)
        act(copy.copy(ctx))


def test_a_verb_of_no_parameters_using_names_runs_in_place_only_where_no_table_of_names_would_be_built(
        tmp_path) -> None:
    """It runs on its caller's names whether called or in place, so a card's ability runs it in place (its store
    into ctx.vars kept: a choice that is no let's value, and is not lifted into one (compile/lift.py: a call run
    `for` a player), reads it there, through its reference); a verb with parameters calls it, or it would build
    its own table."""
    from pathlib import Path

    from cardlang.compile.codegen import source_of
    from cardlang.compile.game import load_game
    (tmp_path / "verbs.cl").write_text('verb peek_top() { let got = top 1 of deck; '
                                       'move (choose up to 1 from got as keep) to hand for you; }\n'
                                       "verb twice(n: int) { peek_top; coins += n; }\n", encoding="utf-8")
    (tmp_path / "peeker.card").write_text("card Peeker { cost 0; types Action; on play { peek_top; } }",
                                          encoding="utf-8")
    game = load_game("dominion", [Path(tmp_path)])
    code = {m.label: source_of(m) for m in game.generated}
    peeker, twice = code["card 'Peeker': on play"], code["verb twice"]
    quiet = "if _quiet:" in peeker or "if _state.log is None and (not _state.listeners):" in peeker
    assert quiet and "ctx.vars['got'] = " in peeker and "['peek_top'](ctx)" in peeker
    assert "ctx.vars = {" not in twice and "['peek_top'](ctx)" in twice and "ctx.vars['got']" not in twice


def test_only_a_short_verb_that_may_run_inside_itself_keeps_its_statements_for_a_call() -> None:
    """calls.compile_verbs: Dominion's `play` (a `trigger play` may lead back to it; 18 source nodes) runs in
    place; The Fall of Kingdoms' `redirect` and `kingdom_attack`, long, are called (a copy in every caller cost
    more compiling than the call costs); with the pass off, none."""
    from cardlang.compile.game import load_game
    from cardlang.compile.passes import SWITCHABLE
    # (verb_inline: a fact of the compile rules, which a load linked from the cache does not run)
    dominion, fall = load_game("dominion", linked=False).facts, load_game("fall-of-kingdoms", linked=False).facts
    assert "play" in dominion.verb_inline and "play" not in dominion.flat_verbs
    assert {"redirect", "kingdom_attack"} - fall.flat_verbs == {"redirect", "kingdom_attack"}
    assert not [n for n in fall.verb_inline if n not in fall.flat_verbs]
    off = load_game("dominion", options=Options(SWITCHABLE - {"nested-in-place"}), linked=False).facts
    assert "play" not in off.verb_inline
