"""Small reads generated code computes in place instead of calling a function (a function primitive's `lower`,
compile/inline.py for a card's owner, the count of a list of numbers in compile/loops.py): each gives the
function's value over the same arguments."""
import ast as py

from cardlang.compile import codegen as G
from cardlang.compile import inline as I
from cardlang.primitives import CORE, attach

ATTACHED, ROW, COLUMN = CORE.get("attached"), CORE.get("row"), CORE.get("column")


def _code(src: str) -> py.expr:
    return py.parse(src, mode="eval").body


def _unparse(code: py.expr) -> str:
    return py.unparse(py.fix_missing_locations(code))


def test_cards_attached_to_a_name_read_from_the_context_are_looked_up_for_one_card():
    gen = G.Gen("test")
    got = ATTACHED.lower(gen, [G.var("u")])  # (the emitter's read of a rules name, marked: not its shape)
    assert _unparse(got) == ("[*ctx.state.attached.get(_n0[0], ())] if _k1_len((_n0 := ctx.vars['u'])) == 1 "
                             "else _k0_run_attached(ctx.state, _n0)")  # ctx.vars['u'] read once
    assert gen.ns["_k1_len"] is len and gen.ns["_k0_run_attached"] is attach.attached_to


def test_the_row_of_cards_in_a_local_is_the_row_of_its_first_card():
    gen = G.Gen("test")
    got = ROW.lower(gen, [_code("_l3")])
    assert _unparse(got) == "(_cell0[1] if (_cell0 := ctx.state.cell.get(_l3[0])) is not None else 0) if _l3 else 0"
    assert COLUMN.lower(gen, [_code("f(x)")]) is None  # any other shape: the call (column's run)


class _State:
    def __init__(self) -> None:
        self.cell = {7: (2, 1), 8: (4, 2)}
        self.attached = {7: [9, 10]}


def test_the_in_place_reads_give_what_the_functions_give():
    state = _State()
    gen = G.Gen("test")
    row, attached = ROW.lower(gen, [_code("l")]), ATTACHED.lower(gen, [G.var("u")])
    for cards in ([], [7], [8], [5], [7, 8], [8, 7]):
        class Ctx:
            vars = {"u": cards}
        ctx = Ctx()
        ctx.state = state
        env = dict(gen.ns, ctx=ctx, l=cards)
        assert eval(compile(py.Expression(py.fix_missing_locations(row)), "t", "eval"), env) == ROW.run(state, cards)
        assert eval(compile(py.Expression(py.fix_missing_locations(attached)), "t", "eval"), env) == \
            attach.attached_to(state, cards)


def test_a_cards_owner_in_place_is_the_functions_and_its_errors_the_same():
    import pytest
    from cardlang.primitives import values
    from cardlang.runtime.state import IllegalAction

    class Zone:
        def __init__(self, owner):
            self.owner = owner

    class Def:
        name = "Rock"

    state = _State()
    state.loc = [Zone(1), Zone(None)]
    state.card_def = [Def(), Def()]
    gen = G.Gen("test")
    of_list, of_card = I.owner(gen, [_code("l")]), I.owner(gen, [_code("[c]")])
    assert _unparse(of_card) == "_o2 if (_o2 := ctx.state.loc[c].owner) is not None else _k0_owner_of(ctx, [c])"
    assert gen.ns["_k0_owner_of"] is values.owner_of
    for code, env in ((of_list, {"l": [0, 1]}), (of_card, {"c": 0}), (of_list, {"l": []}), (of_list, {"l": [1]}),
                      (of_card, {"c": 1})):
        class Ctx:
            pass
        ctx = Ctx()
        ctx.state = state
        run = lambda: eval(compile(py.Expression(py.fix_missing_locations(code)), "t", "eval"),  # noqa: E731
                           dict(gen.ns, ctx=ctx, **env))
        cards = env.get("l", [env.get("c")])
        try:
            want = values.owner_of(ctx, cards)
        except IllegalAction as e:
            with pytest.raises(IllegalAction, match=str(e)):
                run()
        else:
            assert run() == want
