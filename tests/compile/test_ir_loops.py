"""The IR of the loops over a set and the last plain statements (compile/ir/nodes_loops.py, emitted by
ir/emit_loops.py): each node's emitted code, run as a generated function on a real state, computes what the
reference (a plain Python loop, or the closure the node names) computes, in each of the forms the emitter
may choose (the loop in its caller or a call of its function, a guard or none, charged or not)."""
from __future__ import annotations

import ast as py

import pytest

from cardlang.compile import codegen as G
from cardlang.compile.ir import nodes as N
from cardlang.compile.ir import nodes_loops as NL
from cardlang.compile.ir import nodes_ops as O
from cardlang.compile.ir.emit import emit
from cardlang.compile.ir.emit_stmts import emit_stmts
from cardlang.compile.passes import OPTIMISED, PLAIN, Options
from cardlang.errors import RuleViolation
from cardlang.primitives.values import count_step, over_budget, too_big
from cardlang.runtime.state import NUMBER_LIMIT, BreakLoop, CardDef, CounterSpec, Ctx, GameState, ZoneSpec

SPAN = "the loop's span"  # (what the stops are handed: a span in the compiler, any value here)


def _state() -> GameState:
    """Two seats; seat 1's hand holds Knight (Unit, strength 3), Farm (Land, strength 0), Knight and Tower
    (Unit, Land, strength 5); card 1 has 2 damage (a per-card counter starting at 0)."""
    zones = [ZoneSpec("hand", True, slot=0), ZoneSpec("supply", False, slot=1)]
    counters = [CounterSpec("coins", True, slot=0), CounterSpec("damage", False, slot=1, per_card=True)]
    state = GameState(defs=[], zone_specs=zones, counter_specs=counters, num_players=2, seed=1)
    for i, (name, types, strength) in enumerate((("Knight", {"Unit"}, 3), ("Farm", {"Land"}, 0),
                                                 ("Tower", {"Unit", "Land"}, 5))):
        d = CardDef(i, name, frozenset(types))
        d.props["strength"] = strength
        state.defs.append(d)
    for d in (0, 1, 0, 2):
        state.new_card(state.defs[d], state.zones[0][1])
    state.card_counters["damage"][1] = 2
    return state


def _ctx(state: GameState, **names) -> Ctx:
    return Ctx(state, 1, 0, dict(names))


HAND = N.ZoneCards(N.ZoneRef(0, N.You()))  # a new list of seat 1's hand
UNIT = N.IsType(N.Name("card"), N.Const("Unit"))
STRENGTH = N.Printed(N.Name("card"), "strength", 0)


def _value(node: N.Node, ctx: Ctx, options: Options = OPTIMISED):
    """NODE's emitted code, run as a generated function on CTX; and that code, unparsed."""
    g = G.build_function("ir loops test", None, lambda gen: [py.Return(emit(gen, node))], options=options)
    return g.fn(ctx), py.unparse(g.tree)


def _run(body: tuple, ctx: Ctx, options: Options = OPTIMISED):
    """The IR statements BODY, emitted and run as a generated function on CTX: what it returns, and its code."""
    g = G.build_function("ir loops test", None, lambda gen: emit_stmts(gen, body), options=options)
    return g.fn(ctx), py.unparse(g.tree)


def _units(ctx: Ctx) -> list[int]:  # the reference: the cards of the hand of type Unit
    return [c for c in ctx.state.zones[0][ctx.you].cards if "Unit" in ctx.state.card_def[c].types]


@pytest.mark.parametrize("options", [OPTIMISED, PLAIN], ids=["optimised", "plain"])
def test_a_generated_loop_gives_what_a_plain_loop_gives(options: Options) -> None:
    state = _state()
    ctx = _ctx(state)
    units = _units(ctx)
    assert units == [0, 2, 3]
    for kind, each, want in (("where", UNIT, units), ("count", UNIT, 3), ("sum", STRENGTH, 11)):
        for charged in (False, True):
            state.steps = 0
            got, code = _run((NL.OverItems(kind, HAND, "card", each, SPAN, over_budget, too_big, None, charged),),
                             ctx, options)
            assert got == want, (kind, charged, code)
            assert state.steps == (4 if charged else 0)  # one step per item, all at once
    # a body that hands ctx on (to a compiled function that may read the item as a name): the item is put in
    # the names table, and the name's value before is restored
    named = N.Call(lambda ctx: ctx.vars["card"] in (0, 3), (), first="ctx")
    ctx.vars["card"] = "before"
    got, code = _run((NL.OverItems("where", HAND, "card", named, SPAN, over_budget, too_big),), ctx, options)
    assert got == [0, 3] and ctx.vars["card"] == "before" and "_vars['card'] = _c" in code


def test_a_charged_loop_stops_past_the_budget_and_a_sum_past_the_number_limit() -> None:
    state = _state()
    state.step_budget, state.steps = 3, 0
    with pytest.raises(RuleViolation, match="step budget"):  # four items, a budget of three
        _run((NL.OverItems("count", HAND, "card", UNIT, SPAN, over_budget, too_big),), _ctx(state))
    state.steps = 0
    huge = N.Const(NUMBER_LIMIT // 2)
    with pytest.raises(RuleViolation, match="18 digits"):  # four halves of the limit
        _run((NL.OverItems("sum", HAND, "card", huge, SPAN, over_budget, too_big, None, False),), _ctx(state))


def test_a_charge_adds_the_items_at_once() -> None:
    state = _state()
    state.step_budget, state.steps = 10, 5
    _run((NL.Charge(HAND, SPAN, over_budget),), _ctx(state))
    assert state.steps == 9
    with pytest.raises(RuleViolation, match="step budget"):
        _run((NL.Charge(HAND, SPAN, over_budget),), _ctx(state))


def test_a_counter_guard_answers_before_the_loop_only_when_no_card_holds_the_value() -> None:
    state = _state()
    ctx = _ctx(state)

    def guarded(x: int, empty: N.Node = N.Cards(())) -> tuple:
        guard = NL.CounterGuard("damage", 0, N.Const(x), empty)
        return _run((guard, N.Return(N.Const("looped"))), ctx)[0]
    assert guarded(2) == "looped"  # card 1 holds 2
    assert guarded(0) == "looped"  # the start value: every card without an entry holds it
    assert guarded(7) == [] and guarded(7, N.Const(0)) == 0  # nobody holds 7: EMPTY at once
    # a value whose reading might fail (a call): no guard
    fails = N.Call(lambda ctx: 7, (), first="ctx")
    assert _run((NL.CounterGuard("damage", 0, fails, N.Cards(())), N.Return(N.Const("looped"))), ctx)[0] == "looped"


def test_a_filter_in_its_caller_or_called_gives_the_same() -> None:
    state = _state()
    ctx = _ctx(state)
    want = _units(ctx)
    inline, code = _value(NL.Where(HAND, UNIT, "card", _units, inline=True), ctx)
    # the comprehension, over the zone's own list (the condition only reads); FN is not called
    assert inline == want and code.endswith(
        "return [_c0 for _c0 in ctx.state.zones[0][ctx.you].cards if 'Unit' in ctx.state.card_def[_c0].types]")
    called, code = _value(NL.Where(HAND, UNIT, "card", _units), ctx)
    assert called == want and code.rstrip().endswith("return _k0(ctx)")
    # the count in its caller: `len([...])`
    got, code = _value(NL.CountWhere(HAND, UNIT, "card", lambda ctx: pytest.fail("inlined"), inline=True), ctx)
    assert got == 3 and "_len([_c" in code
    assert _value(NL.CountWhere(HAND, UNIT, "card", lambda ctx: 99), ctx)[0] == 99  # not inline: FN's answer


def test_a_guarded_filter_tests_the_counter_first_in_its_caller() -> None:
    state = _state()
    ctx = _ctx(state)
    def damaged(ctx: Ctx) -> list[int]:  # the reference: the cards of the hand with 2 damage
        return [c for c in ctx.state.zones[0][1].cards if ctx.state.card_counters["damage"].get(c, 0) == 2]
    cond = N.Py(None)  # never emitted where the guard answers
    for x, want in ((2, [1]), (7, [])):
        guard = NL.CounterGuard("damage", 0, N.Const(x), N.Cards(()))
        got, code = _value(NL.Where(HAND, cond, "card", damaged, guard=guard), ctx)
        assert got == want and "if (_x" in code and ".values()" in code


@pytest.mark.parametrize("options", [OPTIMISED, Options(OPTIMISED.passes - {"guard-reuse"})],
                         ids=["reused", "not-reused"])
def test_a_guarded_filter_in_its_caller_reuses_the_guards_value_and_table(options: Options) -> None:
    """`where card.damage == X` in its caller (the pass `guard-reuse`): the loop compares each card's counter,
    read from the table the guard kept, with the X it kept, and gives what the plain loop gives, for a value
    some card holds, none holds, and the start value (every card without an entry holds it); `and` with another
    test keeps that test."""
    state = _state()
    ctx = _ctx(state, x=2)
    never = lambda ctx: pytest.fail("the filter's function is not called")  # noqa: E731
    x = N.Name("x")
    plus = O.Arith("+", x, N.Const(0))
    reused = options.on("guard-reuse")
    for value, want in ((2, [1]), (7, []), (0, [0, 2, 3])):
        ctx.vars["x"] = value
        for left in (x, plus):  # X a name, or arithmetic
            damage = N.CardCounter("damage", N.Name("card"), 0)
            cond = O.Compare("==", damage, left)
            guard = NL.CounterGuard("damage", 0, left, N.Cards(()))
            got, code = _value(NL.Where(HAND, cond, "card", never, inline=True, guard=guard), ctx, options)
            assert got == want, code
            assert ("ctx.state.card_counters['damage'].get" not in code) == reused, code
            assert "[_c" in code, code  # a comprehension in the caller, no helper's loop
            flipped = O.Both(True, UNIT, O.Compare("==", left, damage))  # `card is Unit and X == card.damage`
            got, code = _value(NL.Where(HAND, flipped, "card", never, inline=True, guard=guard), ctx, options)
            assert got == [c for c in want if "Unit" in state.card_def[c].types], code
            assert ("ctx.state.card_counters['damage'].get" not in code) == reused, code


@pytest.mark.parametrize("options", [OPTIMISED, PLAIN], ids=["optimised", "plain"])
def test_a_count_by_name_or_type_gives_what_the_plain_loop_gives(options: Options) -> None:
    """`count(CARDS where card.name == N)` and `count(CARDS where card is T)` in the caller: `len` of the
    comprehension, the same count as the plain loop's, for the item's card and for another name's."""
    state = _state()
    ctx = _ctx(state)
    never = lambda ctx: pytest.fail("the count's function is not called")  # noqa: E731
    card = N.DefOf(N.Name("card"))
    for cond, want in ((N.DefNamed(card, "Knight"), 2), (N.DefNamed(card, "Farm"), 1), (N.DefNamed(card, "Gold"), 0),
                       (N.DefIsType(card, "Unit"), 3), (N.DefIsType(card, "Land"), 2), (N.DefIsType(card, "Spell"), 0)):
        got, code = _value(NL.CountWhere(HAND, cond, "card", never, inline=True), ctx, options)
        assert got == want, code
        assert "len([" in code, code
    other = N.DefNamed(N.DefOf(N.Name("other")), "Knight")  # another name's card: not the item
    ctx.vars["other"] = 1
    got, code = _value(NL.CountWhere(HAND, other, "card", never, inline=True), ctx, options)
    assert got == 0 and "count_" not in code


def test_a_filter_of_at_most_one_item_is_a_test_in_its_caller() -> None:
    state = _state()
    ctx = _ctx(state)
    one = N.Py(py.parse("[_a] if (_a := ctx.card) is not None else []", mode="eval").body)
    never = lambda ctx: pytest.fail("the filter's function is not called")  # noqa: E731
    got, code = _value(NL.Where(one, UNIT, "card", never, one=True), ctx)
    assert got == [0] and code.endswith(  # card 0 is a Knight, a Unit
        "return [_a] if (_a := ctx.card) is not None and 'Unit' in ctx.state.card_def[_a].types else []")
    land = N.IsType(N.Name("card"), N.Const("Land"))
    assert _value(NL.Where(one, land, "card", never, one=True), ctx)[0] == []


def test_a_sum_in_its_caller_reads_the_callers_names_and_is_bounded() -> None:
    state = _state()
    ctx = _ctx(state, bonus=2)
    each = N.Name("bonus")  # reads a name of the caller's: written in the caller
    got, code = _value(NL.SumIn(HAND, each, lambda ctx: pytest.fail("inlined"), SPAN, too_big), ctx)
    assert got == 8 and "for _c" in code and "_k0(ctx)" not in code
    # reading no name of the caller's: FN, which hoists better
    got, code = _value(NL.SumIn(HAND, STRENGTH, lambda ctx: 11, SPAN, too_big), ctx)
    assert got == 11 and code.rstrip().endswith("(ctx)")
    ctx.vars["bonus"] = NUMBER_LIMIT // 2
    with pytest.raises(RuleViolation, match="18 digits"):
        _value(NL.SumIn(HAND, each, lambda ctx: 0, SPAN, too_big), ctx)


def test_a_count_of_equal_numbers_is_the_lists_own_count() -> None:
    ctx = _ctx(_state(), dice=[6, 1, 6, 3])
    dice = N.Name("dice")
    assert _value(NL.ListCount(dice, N.Const(6)), ctx)[0] == 2
    got, code = _value(NL.CountEqual(dice, N.Const(6), lambda ctx: pytest.fail("inlined")), ctx)
    assert got == 2 and ".count(6)" in code
    x = N.Call(lambda ctx: 6, (), first="ctx")  # a read that might fail: FN's answer
    assert _value(NL.CountEqual(dice, x, lambda ctx: 99), ctx)[0] == 99


def test_a_bounded_number_and_a_names_change() -> None:
    ctx = _ctx(_state(), x=3)
    assert _value(NL.Bounded(N.Const(5), SPAN, too_big), ctx)[0] == 5
    with pytest.raises(RuleViolation, match="18 digits"):
        _value(NL.Bounded(N.Const(NUMBER_LIMIT), SPAN, too_big), ctx)
    _run((NL.ChangeName("x", "+=", N.Const(4), SPAN, too_big), NL.ChangeName("x", "-=", N.Const(2), SPAN, too_big)),
         ctx)
    assert ctx.vars["x"] == 5
    with pytest.raises(RuleViolation, match="18 digits"):
        _run((NL.ChangeName("x", "+=", N.Const(NUMBER_LIMIT - 5), SPAN, too_big),), ctx)


def test_an_attack_charges_a_step_per_target_and_runs_its_body_for_each_one_hit() -> None:
    ctx = _ctx(_state())
    windows, hits = [], []

    def window(ctx, target):  # (runtime/abilities.py attack_window: the game's rules and watchers)
        windows.append(target)
        return target == 1
    steps = ctx.state.steps
    attack = NL.Attack("p", O.ListOf((N.Const(0), N.Const(1))), SPAN, count_step, window,
                       lambda ctx: hits.append(ctx.vars["p"]))
    _run((attack,), ctx)
    assert windows == [0, 1] and hits == [1] and ctx.state.steps == steps + 2


def test_the_attack_window_runs_the_rules_then_the_watchers_and_puts_immunity_back() -> None:
    from cardlang.runtime.abilities import Abilities
    a = Abilities(RuleViolation)
    ctx = _ctx(_state())
    seen = []

    def rule(rctx):  # the game's `on attack`: run for the target, the attacker among its names
        seen.append((rctx.you, rctx.vars["attacker"]))
        rctx.state.immune = rctx.you == 0
    a.attack_rules.append(rule)
    ctx.state.immune = True  # (an attack inside a window: its flag is the outer one's again after)
    assert a.attack_window(ctx, 0) is False and a.attack_window(ctx, 1) is True
    assert seen == [(0, ctx.you), (1, ctx.you)] and ctx.state.immune is True


def test_a_break_ends_the_loop_or_raises_to_it() -> None:
    ctx = _ctx(_state())
    count = N.Let(N.Name("n"), N.Const(1))  # the loop's body: one pass, then break
    body = (N.OfBlock([(None, G.Code(lambda gen: gen.emit_ir((count, NL.Break()))))]),)
    _run((N.Loop("while", N.Const(True), body, SPAN, over_budget),), ctx)
    assert ctx.vars["n"] == 1
    with pytest.raises(BreakLoop):  # no loop of its own function: the loop's exception, for a caller's loop
        _run((NL.Break(),), ctx)


def test_entering_a_phase_runs_its_body_inline_when_quiet_else_its_reference() -> None:
    state = _state()
    ctx = _ctx(state)
    ran = []
    body = (N.OfBlock([(None, G.Code(lambda gen: [py.Expr(G.call(gen.const(ran.append), G.const("body")))]))]),)
    run = lambda ctx: ran.append("run")  # noqa: E731
    block = lambda ctx: ran.append("block")  # noqa: E731
    _run((NL.EnterPhase("buy", body, run, block),), ctx)
    assert state.phase == "buy" and ran == ["body"]
    state.log = []  # someone watches: the reference (which tells them)
    _run((NL.EnterPhase("action", body, run, block),), ctx)
    assert state.phase == "action" and ran == ["body", "run"]
    state.log = None
    _run((NL.EnterPhase("clean", body, run, block, inline=False),), ctx)  # the pass phase-inline off
    assert ran == ["body", "run", "run"]
    sets_you = (N.OfBlock([(None, G.Code(lambda gen: [py.Assign([G.set_you()], G.const(0))]))]),)
    _run((NL.EnterPhase("end", sets_you, run, block),), ctx)  # a body that sets the player: its function
    assert ran[-1] == "block" and ctx.you == 1


def test_a_phases_own_function_enters_it_tells_whoever_watches_then_runs_its_block() -> None:
    from cardlang.runtime.events import Phase, tell_phase
    state = _state()
    ctx = _ctx(state)
    ran = []
    _run((NL.RunPhase("buy", tell_phase, lambda ctx: ran.append(ctx.state.phase)),), ctx)
    assert state.phase == "buy" and ran == ["buy"]  # nobody watches: nothing told
    state.log = []
    _run((NL.RunPhase("action", tell_phase, lambda ctx: ran.append(ctx.state.phase)),), ctx)
    assert state.log == [Phase(state.current, "action")] and ran == ["buy", "action"]
    _run((NL.RunPhase("clean", tell_phase),), ctx)  # an empty phase: no block to call
    assert state.phase == "clean" and state.log[-1] == Phase(state.current, "clean")


@pytest.mark.parametrize("breaks", [False, True], ids=["never-breaks", "may-break"])
def test_a_loop_that_never_breaks_over_written_numbers_charges_its_passes_at_once(breaks: bool) -> None:
    """The pass `charge-once`: a `for` over a list written out (or a `repeat` of a written count) whose body has
    no `break` adds all its passes to the steps before it starts; one that may break, or with the pass off,
    charges a step at the top of each pass. The same steps after the loop either way."""
    count = N.Let(N.Name("n"), O.Arith("+", N.Name("n"), N.Name("f")))
    body = (N.OfBlock([(None, G.Code(lambda gen: gen.emit_ir((count,))))]),)
    over = O.Numbers((N.Const(1), N.Const(2), N.Const(3)))
    loops = (N.Loop("for", over, body, SPAN, over_budget, "f", True, breaks),
             N.Loop("repeat", N.Const(2), body, SPAN, over_budget, breaks=breaks))
    for options in (OPTIMISED, PLAIN):
        state = _state()
        ctx = _ctx(state, n=0)
        _, code = _run(loops, ctx, options)
        assert ctx.vars["n"] == 6 + 2 * 3 and state.steps == 5
        at_once = options is OPTIMISED and not breaks
        assert ("steps += 3" in code and "steps += 2" in code and "steps += 1" not in code) == at_once, code
    state = _state()
    state.step_budget, state.steps = 4, 2
    ctx = _ctx(state, n=0)
    with pytest.raises(RuleViolation, match="step budget"):
        _run(loops[:1], ctx)
    assert ctx.vars["n"] == (0 if not breaks else 1 + 2)  # at once: stopped before the first pass


@pytest.mark.parametrize("options", [OPTIMISED, PLAIN], ids=["optimised", "plain"])
def test_a_filter_of_definitions_by_a_printed_property_gives_what_the_plain_loop_gives(options: Options) -> None:
    """`cards where card.P == X` over the game's definitions: with the pass `filter-in-c`, a lookup in a table
    of the definitions by what they print (made when compiling), a new list each time; the same definitions,
    in order, as the plain loop, for a value some print, one none prints and the default."""
    state = _state()
    state.defs.append(CardDef(3, "Farm", frozenset({"Land"})))  # a second Farm printing no strength: the default
    defs = N.Value(list(state.defs), "defs")
    for cond_of in (lambda p: O.Compare("==", p, N.Name("x")), lambda p: O.Compare("==", N.Name("x"), p)):
        cond = cond_of(N.DefPrinted(N.Name("card"), "strength", 0))
        for strength in (0, 3, 5, 7):
            ctx = _ctx(state, x=strength)
            want = [d for d in state.defs if d.props.get("strength", 0) == strength]
            got, code = _run((NL.OverItems("where", defs, "card", cond, SPAN, over_budget, too_big, None, False),),
                             ctx, options)
            assert got == want and ("_index" in code) == (options is OPTIMISED), code
            again, _ = _run((NL.OverItems("where", defs, "card", cond, SPAN, over_budget, too_big, None, False),),
                            ctx, options)
            assert again == want and (again is not got or not want)
