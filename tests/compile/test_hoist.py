"""Loop-invariant reads in generated loops (`where`, `sum`): computed once before the loop when the loop has
an item, never when the loop body calls something that might change them."""
import ast as py

from cardlang.compile import codegen as G
from cardlang.compile import hoist as H
from cardlang.compile import pytree
from cardlang.compile.ir import nodes as N
from cardlang.compile.ir.emit import emit


def _loop_body(src: str, gen: G.Gen | None = None, **reads: N.Node) -> py.stmt:
    """The statement SRC, each name of READS in it replaced by that IR node's code as the emitter makes it
    (a state's row is known safe to read by the emitter's mark, not by its shape)."""
    body = py.parse(src).body[0]
    if reads:
        pytree.replace(body, lambda n: emit(gen, reads[n.id]) if isinstance(n, py.Name) and n.id in reads else None)
    return body


def test_reads_the_same_on_every_pass_are_taken_out_once() -> None:
    gen = G.Gen("test")
    body = _loop_body("if ctx.state.card_counters.get((_c, 'ticket'), 0) == 10 * ctx.vars['f'] + ctx.vars['r'] "
                      "and _c <= MINE + 0 * MINE:\n"
                      "    _out.append(_c)", gen, MINE=N.CounterRef(0, N.You()))
    hoisted = H.hoist_invariants(gen, body, {"_c", "_out"})
    assert [py.unparse(py.fix_missing_locations(h)) for h in hoisted] == [
        "_inv0 = ctx.state.card_counters.get", "_inv1 = 10 * ctx.vars['f'] + ctx.vars['r']",
        "_inv2 = ctx.state.counters[0][ctx.you] + 0 * ctx.state.counters[0][ctx.you]"]
    assert py.unparse(body) == ("if _inv0((_c, 'ticket'), 0) == _inv1 and _c <= _inv2:\n"
                                "    _out.append(_c)")


def test_nothing_is_taken_out_of_a_body_that_calls_something_else() -> None:
    gen = G.Gen("test")
    body = _loop_body("_out += _k0_count(ctx.state, _c) + ctx.vars['n']")
    before = py.dump(body)
    assert H.hoist_invariants(gen, body, {"_c", "_out"}) == []
    assert py.dump(body) == before
    body = _loop_body("if ctx.vars['n'] > 0:\n    _k1_note(ctx)")   # a call that may change ctx.vars
    assert H.hoist_invariants(gen, body, {"_c", "_out"}) == []


def test_what_the_loop_writes_stays_in_it() -> None:
    gen = G.Gen("test")
    body = _loop_body("_out += ctx.state.card_def[_c].props.get('hp', 0) + _out")
    hoisted = H.hoist_invariants(gen, body, {"_c", "_out"})
    assert [py.unparse(py.fix_missing_locations(h)) for h in hoisted] == ["_inv0 = ctx.state.card_def"]
    assert py.unparse(body) == "_out += _inv0[_c].props.get('hp', 0) + _out"


def test_a_comprehensions_own_name_stays_in_it() -> None:
    """A comprehension inside the body (`count(others where player != b)` in a `where`): what reads its loop's
    name varies with it, as with the loop's own item; only what reads neither is taken out."""
    gen = G.Gen("test")
    body = _loop_body("if 'T' in _c.types and _k0_len([_c0 for _c0 in [*ctx.state.others[ctx.you]] "
                      "if _c0 != ctx.vars['b'] and ctx.vars['m'][_c0] > 1]) > 0:\n    _out.append(_c)")
    hoisted = H.hoist_invariants(gen, body, {"_c", "_out"})
    assert [py.unparse(py.fix_missing_locations(h)) for h in hoisted] == [
        "_inv0 = ctx.state.others[ctx.you]", "_inv1 = ctx.vars['b']", "_inv2 = ctx.vars['m']"]
    assert "if _c0 != _inv1 and _inv2[_c0] > 1" in py.unparse(body)


def test_a_body_that_only_reads_may_go_over_a_zones_own_list() -> None:
    reads = _loop_body("if 'Castle' in ctx.state.card_def[_c].types and _k0_len(_x) > 0:\n    _out.append(_c)")
    assert H.only_reads(reads, {"_c", "_out"})
    acts = _loop_body("if _k0_read_modified(ctx, [_c]) > 0:\n    _out.append(_c)")   # runs abilities
    assert not H.only_reads(acts, {"_c", "_out"})
    other = _loop_body("ctx.vars['t'].append(_c)")                                     # a list not the loop's
    assert not H.only_reads(other, {"_c", "_out"})


def test_a_read_that_could_fail_stays_where_its_test_guards_it() -> None:
    # `X[0] if X else CALL`: X's first card is read only when X has one (an empty list has no item 0)
    gen = G.Gen("test")
    body = _loop_body("_out += (ctx.state.card_def[ctx.vars['c'][0]].props.get('hp', 0) if ctx.vars['c'] else 0)"
                      " + SHARED", gen, SHARED=N.CounterRef(3, N.Const(0)))
    hoisted = H.hoist_invariants(gen, body, {"_c", "_out"})
    assert [py.unparse(py.fix_missing_locations(h)) for h in hoisted] == [
        "_inv0 = ctx.vars['c']", "_inv1 = ctx.state.card_def", "_inv2 = ctx.state.counters[3][0]"]
    assert py.unparse(body) == "_out += (_inv1[_inv0[0]].props.get('hp', 0) if _inv0 else 0) + _inv2"


def test_reads_made_twice_for_one_item_are_made_once_per_item() -> None:
    gen = G.Gen("test")
    body = _loop_body("if _d[_c].props.get('a', 0) <= 1 and _d[_c].props.get('b', 0) <= (_x := _d[_c].n)[1]:\n"
                      "    _out.append(_c)")
    shared = H.share_item_reads(gen, body, "_c", {"_out"})
    assert [py.unparse(py.fix_missing_locations(h)) for h in shared] == ["_it0 = _d[_c].props.get", "_it1 = _d[_c]"]
    assert py.unparse(body).startswith("if _it0('a', 0) <= 1 and _it0('b', 0) <= (_x := _it1.n)[1]")


def test_an_index_of_a_list_the_emitter_did_not_mark_is_not_a_safe_read() -> None:
    # `rows[3][0]` written by hand has the shape of a counter's read, but nothing says it is one: it may fail
    gen = G.Gen("test")
    assert not H.safe_read(py.parse("ctx.state.counters[3][0]", mode="eval").body)
    assert H.safe_read(emit(gen, N.CounterRef(3, N.Const(0))))
