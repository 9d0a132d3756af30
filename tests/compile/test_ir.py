"""The IR (compile/ir/): every node class has its emitter rule and an unknown one raises; the emitter's code
reads what the runtime's own readers (runtime/layout.py) read, on a real state; the layout's names are the
runtime's fields; the pass `one-card` and its switch; the emitter's marks survive the rewrites' copy; and the
modules moved onto the IR spell no runtime field themselves."""
from __future__ import annotations

import ast as py
import re
import typing
from pathlib import Path

import pytest

from cardlang.compile import codegen as G
from cardlang.compile import pytree
from cardlang.compile.fnlocals import with_state_local
from cardlang.compile.ir import nodes as N
from cardlang.compile.ir import nodes_loops as NL
from cardlang.compile.ir import nodes_ops as NO
from cardlang.compile.ir import nodes_decisions as ND
from cardlang.compile.ir.emit import EXPR_RULES, emit, mark, row_mark, zone_read
from cardlang.compile.ir.emit_stmts import STMT_RULES, emit_stmts
from cardlang.compile.ir.passes import IR_PASSES, run_passes
from cardlang.compile.passes import OPTIMISED, PASSES, PLAIN, Options
from cardlang.runtime import layout as L
from cardlang.runtime import zones as Z
from cardlang.runtime.checker import InvariantChecker
from cardlang.runtime.state import BreakLoop, CardDef, CounterSpec, Ctx, Decision, GameState, ZoneSpec
from cardlang.syntax.nodes import node

ROOT = Path(__file__).resolve().parents[2]


def _state() -> GameState:
    zones = [ZoneSpec("hand", True, slot=0), ZoneSpec("supply", False, slot=1)]
    counters = [CounterSpec("coins", True, slot=0), CounterSpec("round", False, slot=1),
                CounterSpec("damage", False, slot=2, per_card=True)]
    state = GameState(defs=[], zone_specs=zones, counter_specs=counters, num_players=2, seed=1)
    knight = CardDef(0, "Knight", frozenset({"Unit"}))
    knight.props["strength"] = 3
    state.defs.append(knight)
    for p in (0, 1):
        state.new_card(knight, state.zones[0][p])
    state.counters[0][1], state.counters[1][0] = 7, 2
    state.card_counters["damage"][1] = 2
    return state


def _run(node: N.Node, ctx: Ctx, options: Options = OPTIMISED):
    """The value of NODE's emitted code, compiled as a generated function and run on CTX."""
    fn = G.build_function("ir test", None, lambda gen: [py.Return(emit(gen, node))], options=options).fn
    return fn(ctx)


def test_every_node_class_has_its_emitter_rule_and_an_unknown_one_raises() -> None:
    from cardlang.compile.ir import nodes_ask as NA
    from cardlang.compile.ir import nodes_calls as NC
    from cardlang.compile.ir.emit_stmts import VALUE_RULES
    """(A decision's nodes, ir/nodes_decisions.py, have their rules in ir/emit_decisions.py, in the same tables;
    asking's, ir/nodes_ask.py, in ir/emit_ask.py, a choice's statements as a let's value in VALUE_RULES too.)"""
    assert (set(typing.get_args(N.Expr)) | set(typing.get_args(NL.Expr)) | set(typing.get_args(NO.Expr))
            | set(typing.get_args(NA.Expr)) | set(typing.get_args(ND.Expr) or (ND.Expr,))) == set(EXPR_RULES)
    assert (set(typing.get_args(N.Stmt)) | set(typing.get_args(NL.Stmt)) | set(typing.get_args(ND.Stmt))
            | set(typing.get_args(NC.CallStmt)) | set(typing.get_args(NA.Stmt))) == set(STMT_RULES)
    assert set(VALUE_RULES) == {NA.AskCards, NA.AskPlayer, NA.AskValues, NL.CountWhere}  # (a count: count-loops)
    node_classes = {c for m in (N, NL, NO, ND, NC, NA) for c in vars(m).values()
                    if isinstance(c, type) and issubclass(c, N.Node) and c is not N.Node}
    assert node_classes == set(EXPR_RULES) | set(STMT_RULES)

    @node  # (as the IR's node classes are made)
    class Unheard(N.Node):
        """An IR node class added without its emitter rule."""
    with pytest.raises(TypeError, match="no rule for the IR node Unheard"):
        emit(G.Gen("t"), Unheard())


def test_the_layouts_names_are_the_runtimes_fields() -> None:
    state = _state()
    ctx = Ctx(state, 1, 1)
    for names, obj in ((L.OF_CTX, ctx), (L.OF_STATE, state), (L.OF_ZONE, state.zones[0][0]),
                       (L.OF_SPEC, state.zones[0][0].spec), (L.OF_DEF, state.card_def[0]),
                       (L.OF_CHECK, InvariantChecker),
                       (L.OF_DECISION, Decision(0, "t", "", "cards", [0], 0, 1, names=state.card_def))):
        for n in names:
            assert hasattr(obj, n), (type(obj).__name__, n)


def test_the_emitters_reads_are_the_runtimes_readers() -> None:
    state = _state()
    ctx = Ctx(state, 1, 1)
    assert _run(N.ZoneRef(0, N.You()), ctx) is L.zone(state, 0, 1)
    assert _run(N.ZoneRef(1, N.Const(0)), ctx) is L.zone(state, 1, 0)
    assert _run(N.CounterRef(0, N.You()), ctx) == L.counter(state, 0, 1) == 7
    assert _run(N.CounterRef(1, N.Const(0)), ctx) == L.counter(state, 1, 0) == 2
    assert _run(N.CardCounter("damage", N.ThisCard(), 0), ctx) == L.card_counter(state, "damage", 1, 0) == 2
    assert _run(N.CardCounter("damage", N.Const(0), 5), ctx) == L.card_counter(state, "damage", 0, 5) == 5
    assert _run(N.CardCounterTable("damage"), ctx) is state.card_counters["damage"]
    assert _run(N.State(), ctx) is state and _run(N.You(), ctx) == 1
    assert _run(N.CellTable(), ctx) is state.cell and _run(N.AttachedTable(), ctx) is state.attached
    assert _run(N.ZoneCount(N.ZoneRef(0, N.You())), ctx) == len(state.zones[0][1].cards) == 1
    state.banks[1] = 9
    assert _run(N.BankLeft(1), ctx) == 9
    assert _run(N.CardsAt(N.ZoneRef(0, N.You()), N.Const(0), N.Const(0)), ctx) == []  # no grid: no cell
    assert _run(N.Printed(N.ThisCard(), "strength", 0), ctx) == L.printed(state, 1, "strength", 0) == 3
    assert _run(N.Printed(N.ThisCard(), "speed", -1), ctx) == -1
    assert _run(N.DefPrinted(N.Value(state.defs[0], "card"), "strength", 0), ctx) == 3
    assert _run(N.IsType(N.ThisCard(), N.Const("Unit")), ctx) is True
    assert _run(N.IsType(N.ThisCard(), N.Const("Unit"), negated=True), ctx) is False
    assert _run(N.DefIsType(N.DefOf(N.ThisCard()), "Unit"), ctx) is True
    assert _run(N.Not(N.DefNamed(N.Value(state.defs[0], "card"), "Knight")), ctx) is False
    assert _run(N.HolderOf(N.ThisCard()), ctx) == 1
    assert _run(N.Current(), ctx) == 0 and _run(N.Turns(N.You()), ctx) == 0
    for checked in (False, True):
        assert _run(N.Quiet(checked), ctx) is L.quiet(state, checked) is True
    state.listeners.append(lambda e: None)
    assert _run(N.Quiet(), ctx) is L.quiet(state) is False
    # a modifier's `modify ... this` adds to this card only (the pass modify-this-first)
    for acc, want in ((None, True), ([1, "strength", 0], True), ([2, "strength", 0], False)):
        state.modifying = acc
        assert bool(_run(N.ForThis(), ctx)) is L.for_this(ctx) is want
    state.modifying = None


def test_statements_and_locals() -> None:
    state = _state()
    v = N.Var("x")
    body = (N.Let(v, N.CounterRef(0, N.You())),
            N.If(N.Quiet(), (N.Do(N.Call(list.append, (N.Name("out"), v), first=None)),)))
    fn = G.build_function("ir test", None, lambda gen: emit_stmts(gen, body)).fn
    ctx = Ctx(state, 1, None, {"out": []})
    fn(ctx)
    assert ctx.vars["out"] == [7]


def test_a_let_of_a_rules_name_and_an_if_around_a_block_still_built_as_python() -> None:
    from cardlang.compile.codegen import Code
    state = _state()
    seen = []
    block = [(None, Code(lambda gen: [py.Expr(G.call(gen.const(seen.append), G.var("x")))]))]
    body = (N.Let(N.Name("x"), N.CounterRef(0, N.You()), own=True),
            N.If(N.Quiet(), (N.OfBlock(block),), (N.OfBlock([]),)),
            N.If(N.Watched(), (N.OfBlock(block),)))
    fn = G.build_function("ir test", None, lambda gen: emit_stmts(gen, body)).fn
    ctx = Ctx(state, 1, None, {})
    fn(ctx)
    assert ctx.vars["x"] == 7 and seen == [7]  # the name written to the table; the quiet branch only ran


def test_a_loop_charges_one_step_a_pass_binds_its_name_and_stops_past_the_budget() -> None:
    from cardlang.compile.codegen import Code
    stopped = []

    def over(ctx, span):  # the reference's stop, recorded (the real one raises, naming the card)
        stopped.append(span)
        raise BreakLoop()

    seen = []
    block = [(None, Code(lambda gen: [py.Expr(G.call(gen.const(seen.append), gen.var("c")))]))]

    def run(loop: N.Node, budget: int = 100) -> GameState:
        state = _state()
        state.step_budget, state.steps = budget, 0
        fn = G.build_function("ir test", None, lambda gen: emit_stmts(gen, (loop,))).fn
        fn(Ctx(state, 1, None, {}))
        return state

    listed = N.Call(list, (N.ZoneCards(N.ZoneRef(0, N.You())),), first=None)
    assert run(N.Loop("for", listed, (N.OfBlock(block),), "span", over, "c", True)).steps == 1 and seen == [1]
    assert run(N.Loop("repeat", N.Const(3), (N.OfBlock([]),), "span", over)).steps == 3 and stopped == []
    assert run(N.Loop("while", N.Const(True), (N.OfBlock([]),), "the loop", over), budget=5).steps == 6
    assert stopped == ["the loop"]  # the sixth pass is past a budget of five


def test_a_card_counters_change_is_done_in_the_code_only_when_quiet_one_card_and_in_bounds() -> None:
    calls = []

    def change(state, value, cards):  # the reference, called for every case the code does not do itself
        calls.append((value, list(cards)))

    def run(op: str, value: int, cards: N.Node, watched: bool = False) -> GameState:
        state = _state()
        if watched:
            state.listeners.append(lambda e: None)
        node = N.ChangeCardCounter("damage", 0, 0, 5, op, N.Const(value), cards, change)
        G.build_function("ir test", None, lambda gen: emit_stmts(gen, (node,))).fn(Ctx(state, 1, 1))
        return state

    assert run("+=", 2, N.Cards((N.ThisCard(),))).card_counters["damage"] == {1: 4} and calls == []
    assert run("=", 0, N.Cards((N.ThisCard(),))).card_counters["damage"] == {} and calls == []  # at its start
    assert run("+=", 4, N.Cards((N.ThisCard(),))).card_counters["damage"] == {1: 2}  # past 5: the change's
    assert calls == [(4, [1])]
    run("-=", 1, N.Cards((N.ThisCard(),)), watched=True)
    run("=", 1, N.Cards((N.ThisCard(), N.Const(0))))
    assert calls[1:] == [(1, [1]), (1, [1, 0])]


def test_a_players_counters_change_is_done_in_the_code_only_when_quiet_and_in_bounds_as_set_counter_does() -> None:
    from cardlang.runtime import counters as C
    calls = []

    def setter(state, slot, seat, value, clamp=False):  # the reference, recorded, then run
        calls.append((slot, seat, value))
        C.set_counter(state, slot, seat, value, clamp=clamp)

    def run(op: str, value: int, whose: N.Node = N.You(), watched: bool = False, inline: bool = True,
            maximum: int | None = 9, per_player: bool = True, slot: int = 0) -> GameState:
        state = _state()
        if watched:
            state.listeners.append(lambda e: None)
        node = N.ChangeCounter(slot, whose, op, N.Const(value), 0, maximum, None, inline, setter, per_player)
        G.build_function("ir test", None, lambda gen: emit_stmts(gen, (node,))).fn(Ctx(state, 1, 1))
        return state

    assert run("+=", 2).counters[0] == [0, 9] and calls == []  # in the code: 7 + 2, within 0..9
    assert run("+=", 12, N.Const(0)).counters[0] == [12, 7] and calls == [(0, 0, 12)]  # past 9: the reference's
    assert run("=", 1, watched=True).counters[0] == [0, 1] and calls[-1] == (0, 1, 1)  # someone told
    assert run("+=", 1, inline=False).counters[0] == [0, 8] and calls[-1] == (0, 1, 8)  # not inline
    assert run("+=", 5, N.Const(None), maximum=None, per_player=False, slot=1).counters[1] == [7]
    assert len(calls) == 3  # a shared counter: its row at 0, in the code


def test_a_move_of_one_card_is_done_in_the_code_only_when_nobody_watches_and_leaves_what_the_move_leaves() -> None:
    """MoveOne: card 0 (seat 1's hand) to the supply, in the code when quiet (the reference not called), the
    same zones and locations as the runtime's own move; the reference's call when a listener, an attachment
    or a private look is there; the checker told of the move the code makes. Single and HasTrigger beside."""
    calls = []

    def move_into(ctx, dest, cards):  # the reference, called for every case the code does not do itself
        calls.append(list(cards))
        for c in cards:
            Z.move(ctx.state, c, dest)

    def run(plain: bool, spoil=None, check=None) -> GameState:
        state = _state()
        if spoil:
            spoil(state)
        state.check = check
        body = (N.If(N.Single(N.Cards((N.Const(0),))), (N.MoveOne(N.Const(0), N.ZoneRef(1, N.Const(0)), move_into,
                                                                   dest_plain=plain),)),)
        G.build_function("ir test", None, lambda gen: emit_stmts(gen, body)).fn(Ctx(state, 1, 1))
        return state

    want = _state()
    Z.move(want, 0, want.zones[1][0])
    for plain in (False, True):
        got = run(plain)
        assert calls == [] and got.loc[0] is got.zones[1][0]
        assert [z.cards for z in got.all_zones()] == [z.cards for z in want.all_zones()]
    for spoil in (lambda s: s.listeners.append(lambda e: None), lambda s: s.host.__setitem__(1, 0),
                  lambda s: s.peeked.__setitem__(0, {0})):
        assert run(False, spoil).loc[0].spec.name == "supply"
    assert calls == [[0], [0], [0]]

    class Told:
        def moved(self, state, cid, src, dest):
            calls.append((cid, src.spec.name, dest.spec.name))
    run(True, check=Told())
    assert calls[3:] == [(0, "hand", "supply")]
    state = _state()
    state.card_def[0].triggers["played"] = lambda ctx: None
    assert _run(N.HasTrigger(N.ThisCard(), "played"), Ctx(state, 1, 1)) is True
    assert _run(N.HasTrigger(N.ThisCard(), "bought"), Ctx(state, 1, 1)) is False
    assert _run(N.Single(N.Cards((N.ThisCard(), N.ThisCard()))), Ctx(state, 1, 1)) is False


def _first_strength(cards: N.Node) -> N.FirstOr:
    f = N.Var("f")
    return N.FirstOr(cards, f, N.Printed(N.Item(f, 0), "strength", 0), N.Const("no card"))


def test_the_pass_one_card_reads_the_one_card_itself() -> None:
    one = _first_strength(N.Cards((N.ThisCard(),)))
    assert run_passes(one, OPTIMISED) == N.Printed(N.ThisCard(), "strength", 0)
    assert run_passes(one, PLAIN) is one  # switched off: the general read, its list and its test
    several = _first_strength(N.Cards((N.ThisCard(), N.Const(0))))
    assert run_passes(several, OPTIMISED) is several
    state = _state()
    ctx = Ctx(state, 1, 1)
    assert _run(one, ctx) == _run(one, ctx, PLAIN) == 3  # the same value either way
    assert _run(_first_strength(N.Cards(())), ctx) == "no card"
    plain = py.unparse(emit(G.Gen("t", PLAIN), one))
    assert plain.startswith("ctx.state.card_def[_f0[0]].props.get('strength', 0) if (_f0 := [ctx.card])")
    assert py.unparse(emit(G.Gen("t"), one)) == "ctx.state.card_def[ctx.card].props.get('strength', 0)"


def test_each_ir_pass_is_a_listed_switchable_pass_with_its_own_module() -> None:
    listed = {p.name: p for p in PASSES}
    for name, rewrite in IR_PASSES:
        assert listed[name].module.startswith("compile/ir/")
        assert (ROOT / "cardlang" / listed[name].module).is_file()


def test_marks_survive_the_copy_the_rewrites_make() -> None:
    gen = G.Gen("t")
    code = emit(gen, N.ZoneRef(2, N.You()))
    assert zone_read(code) == N.ZoneRef(2, N.You()) and row_mark(code.value) == N.ZoneRef(2, N.You())
    copied, _ = pytree.copy_listed(code)
    assert copied is not code and zone_read(copied) == N.ZoneRef(2, N.You())
    assert mark(emit(gen, N.Quiet())) == N.Quiet()
    assert zone_read(py.parse("ctx.state.zones[2][ctx.you]", mode="eval").body) is None  # the shape alone
    # a loop over the player's zone, read in a function that reads the state twice: the zone read once
    body = [py.For(G.store("_x"), py.List([], py.Load()), [py.Expr(emit(gen, N.ZoneRef(2, N.You()))),
                                                         py.Expr(emit(gen, N.ZoneRef(2, N.You())))], [])]
    fn = py.FunctionDef("f", py.arguments([], [py.arg("ctx")], None, [], [], None, []), body, [], None)
    out = py.unparse(py.fix_missing_locations(with_state_local(py.Module([fn], []))))
    assert "_once0 = _state.zones[2][ctx.you]" in out and out.count("_state.zones") == 1


def test_the_quiet_tests_are_known_by_their_mark_and_read_from_one_local() -> None:
    """The tests "nobody watches" / "someone watches" are the emitter's (a compile rule's on a local of the
    state, a lowering's through gen.quiet), and fnlocals reads them from `_quiet` when a function makes
    them twice; the same test written by hand is not known (nothing says what it is)."""
    from cardlang.compile.ir.emit import is_split_test, quiet_test, watched_test
    gen = G.Gen("t")
    extra = py.Compare(G.name("_n"), [py.Gt()], [G.const(0)])
    quiet, loud = gen.quiet(G.name("_st"), [extra], checked=True), watched_test()
    assert is_split_test(quiet) and is_split_test(loud) and mark(quiet) == N.Quiet(True)
    assert py.unparse(quiet) == "_st.log is None and (not _st.listeners) and (_st.check is None) and (_n > 0)"
    assert not is_split_test(py.parse("ctx.state.log is None and not ctx.state.listeners", mode="eval").body)
    body = [py.Assign([G.store("_st")], G.ctx_attr("state")), py.Assign([G.store("_n")], G.const(1)),
            py.If(quiet, [py.Pass()], []), py.If(loud, [py.Pass()], []), py.If(quiet_test(), [py.Pass()], [])]
    fn = py.FunctionDef("f", py.arguments([], [py.arg("ctx")], None, [], [], None, []), body, [], None)
    out = py.unparse(py.fix_missing_locations(with_state_local(py.Module([fn], []))))
    assert "_quiet = _state.log is None and (not _state.listeners)" in out
    assert "if _quiet and _state.check is None and (_n > 0):" in out and "if not _quiet:" in out
    assert out.count(".listeners") == 1


def test_only_the_emitter_spells_the_layout_in_compile_and_primitives() -> None:
    """No module of compile/ or primitives/ spells a runtime field where it builds or matches code (all of
    them asking the emitter, which spells them through runtime/layout.py's names)."""
    import tools.layout_names as T
    fields = T.field_names()
    modules = sorted(p for f in ("compile", "primitives") for p in (ROOT / "cardlang" / f).rglob("*.py"))
    assert len(modules) > 40
    for module in modules:
        strings, shapes = T.count(module.read_text(encoding="utf-8"), fields)
        assert (strings, shapes) == (0, 0), module
    importers = [p.relative_to(ROOT) for p in (ROOT / "cardlang").rglob("*.py")
                 if re.search(r"runtime(\.layout| import layout)", p.read_text(encoding="utf-8"))
                 and "runtime" not in p.parts]
    assert sorted(str(p) for p in importers) == ["cardlang/compile/ir/emit.py", "cardlang/compile/ir/emit_decisions.py",
                                                 "cardlang/compile/ir/emit_moves.py", "cardlang/compile/ir/emit_stmts.py"]


def test_fnlocals_knows_the_state_the_player_and_a_cards_definition_by_their_marks() -> None:
    """`ctx.state`, `ctx.you` and `card_def[_x]` are kept in locals when the emitter made them (ctx_state,
    ctx_you, def_of: marked), never for the same code written by hand; a function that sets ctx.you
    (set_you, marked) keeps no local of it."""
    from cardlang.compile.ir.emit import ctx_state, ctx_you, def_of, set_you

    def rewritten(body: list[py.stmt]) -> str:
        fn = py.FunctionDef("f", py.arguments([], [py.arg("ctx")], None, [], [], None, []), body, [], None)
        return py.unparse(py.fix_missing_locations(with_state_local(py.Module([fn], []))))

    def loop(card_read, player_read) -> list[py.stmt]:
        return [py.For(G.store("_x"), py.List([], py.Load()), [
            py.Expr(G.attr(card_read(), "types")), py.Expr(G.attr(card_read(), "props")),
            py.Expr(player_read())], [])]
    by_hand = py.parse("ctx.state.card_def[_x]", mode="eval").body
    assert mark(def_of(G.name("_x"))) == N.DefOf(N.Py(G.name("_x"))) and mark(ctx_state()) == N.State()
    out = rewritten([py.Expr(ctx_state()), *loop(lambda: def_of(G.name("_x")), ctx_you)])
    assert "_state = ctx.state" in out and "_def_x = _state.card_def[_x]" in out and "_def_x.types" in out
    assert "_once0 = ctx.you" in out
    out = rewritten([py.Expr(py.parse("ctx.state", mode="eval").body), *loop(lambda: by_hand,
                                                                               lambda: G.attr(G.name("ctx"), "you"))])
    assert "_state" not in out and "_def_x" not in out and "_once" not in out  # the shape alone: not known
    out = rewritten([py.Expr(ctx_state()), py.Assign([set_you()], G.const(1)),
                     *loop(lambda: def_of(G.name("_x")), ctx_you)])
    assert "_once" not in out and "_def_x" in out


def test_names_knows_the_names_table_by_its_mark() -> None:
    """compile/names.py counts a read of `ctx.vars[...]` when the emitter made the table (ctx_names, marked
    Names: G.var), never for the same code written by hand; is_you knows a set of the player the same way."""
    from types import SimpleNamespace

    from cardlang.compile.ir.emit import ctx_you, is_names, is_you, set_you
    from cardlang.compile.names import name_uses
    gen = SimpleNamespace(ns={})
    assert name_uses(gen, G.var("n")) == (False, True, {"n"})
    assert name_uses(gen, G.ctx_names()) == (True, True, set())  # the whole table read: a callee might see it
    assert name_uses(gen, py.parse("ctx.vars['n']", mode="eval").body) == (False, False, set())
    assert name_uses(gen, py.parse("ctx.vars", mode="eval").body) == (False, False, set())
    assert is_names(G.var("n").value) and not is_names(py.parse("ctx.vars", mode="eval").body)
    assert is_you(set_you()) and is_you(ctx_you()) and not is_you(G.attr(G.name("ctx"), "you"))

def test_a_lowering_asks_the_emitters_marks_through_gen() -> None:
    """A primitive's lowering (no import of the compiler) knows the copy of a zone's cards and a read of a rules
    name by the emitter's marks (gen.ir_mark), not by their shape; the call handed ctx is not free."""
    from cardlang.compile.reacting import free
    from cardlang.primitives.lowering import named
    gen = G.Gen("t")
    zone = emit(gen, N.ZoneRef(1, N.Const(0)))
    copied = gen.emit_expr(N.ZoneCards(N.Py(zone)))
    assert py.unparse(copied) == "list(ctx.state.zones[1][0].cards)"
    assert type(gen.ir_mark(copied)) is N.ZoneCards and gen.ir_mark(copied).zone.code is zone
    assert gen.ir_mark(py.parse("list(ctx.state.zones[1][0].cards)", mode="eval").body) is None
    assert named(gen, G.var("x")) and not named(gen, py.parse("ctx.vars['x']", mode="eval").body)
    assert free(G.var("x")) and free(zone) and not free(py.parse("f(ctx)", mode="eval").body)
