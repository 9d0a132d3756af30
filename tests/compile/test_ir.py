"""The IR (compile/ir/): every node class has its emitter rule and an unknown one raises; the emitter's code
reads what the runtime's own readers (runtime/layout.py) read, on a real state; the layout's names are the
runtime's fields; the pass `one-card` and its switch; the emitter's marks survive the rewrites' copy; and the
modules moved onto the IR spell no runtime field themselves."""
from __future__ import annotations

import ast as py
import re
import typing
from dataclasses import dataclass
from pathlib import Path

import pytest

from cardlang.compile import codegen as G
from cardlang.compile import pytree
from cardlang.compile.fnlocals import with_state_local
from cardlang.compile.ir import nodes as N
from cardlang.compile.ir.emit import EXPR_RULES, STMT_RULES, emit, emit_stmts, mark, row_mark, zone_read
from cardlang.compile.ir.passes import IR_PASSES, run_passes
from cardlang.compile.passes import OPTIMISED, PASSES, PLAIN, Options
from cardlang.runtime import layout as L
from cardlang.runtime.state import CardDef, CounterSpec, Ctx, GameState, ZoneSpec

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
    assert set(typing.get_args(N.Expr)) == set(EXPR_RULES)
    assert set(typing.get_args(N.Stmt)) == set(STMT_RULES)
    node_classes = {c for c in vars(N).values() if isinstance(c, type) and issubclass(c, N.Node) and c is not N.Node}
    assert node_classes == set(EXPR_RULES) | set(STMT_RULES)

    @dataclass(frozen=True, slots=True)
    class Unheard(N.Node):
        """An IR node class added without its emitter rule."""
    with pytest.raises(TypeError, match="no rule for the IR node Unheard"):
        emit(G.Gen("t"), Unheard())


def test_the_layouts_names_are_the_runtimes_fields() -> None:
    state = _state()
    ctx = Ctx(state, 1, 1)
    for names, obj in ((L.OF_CTX, ctx), (L.OF_STATE, state), (L.OF_ZONE, state.zones[0][0]),
                       (L.OF_DEF, state.card_def[0])):
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


def test_statements_and_locals() -> None:
    state = _state()
    v = N.Var("x")
    body = (N.Let(v, N.CounterRef(0, N.You())),
            N.If(N.Quiet(), (N.Do(N.Call(list.append, (N.Name("out"), v), first=None)),)))
    fn = G.build_function("ir test", None, lambda gen: emit_stmts(gen, body)).fn
    ctx = Ctx(state, 1, None, {"out": []})
    fn(ctx)
    assert ctx.vars["out"] == [7]


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
        assert listed[name].switchable and listed[name].module.startswith("compile/ir/")
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


def test_only_the_emitter_spells_the_layout_in_the_modules_moved_onto_the_ir() -> None:
    import tools.layout_names as T
    fields = T.field_names()
    for module in ("expressions.py", "inline.py", "hoist.py", "ir/emit.py", "ir/nodes.py", "ir/one_card.py",
                   "ir/passes.py", "ir/ce.py"):
        strings, shapes = T.count((ROOT / "cardlang/compile" / module).read_text(encoding="utf-8"), fields)
        assert (strings, shapes) == (0, 0), module
    importers = [p.relative_to(ROOT) for p in (ROOT / "cardlang").rglob("*.py")
                 if re.search(r"runtime(\.layout| import layout)", p.read_text(encoding="utf-8"))
                 and "runtime" not in p.parts]
    assert [str(p) for p in importers] == ["cardlang/compile/ir/emit.py"]
