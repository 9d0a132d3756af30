"""The IR of the operators and the coercions (compile/ir/nodes_ops.py, and ir/nodes.py's `Not`, emitted by
ir/emit_ops.py): each node's emitted code, run as a generated function on a real state, computes what plain
Python computes (the operator itself, `bool`, `list`, the runtime's own readers), in each of the shapes the
emitter may choose (a truth value with or without `not not`, a list copied or not)."""
from __future__ import annotations

import ast as py
import itertools
import operator

import pytest

from cardlang.compile import codegen as G
from cardlang.compile.ir import nodes as N
from cardlang.compile.ir import nodes_loops as NL
from cardlang.compile.ir import nodes_ops as NO
from cardlang.compile.ir.emit import emit
from cardlang.compile.passes import OPTIMISED, PLAIN, Options
from cardlang.errors import RuleViolation
from cardlang.primitives.values import too_big, zone_cards_in
from cardlang.runtime.state import NUMBER_LIMIT, CardDef, CounterSpec, Ctx, GameState, ZoneSpec

SPAN = "the operator's span"  # (what too_big is handed: a span in the compiler, any value here)
NUMBERS = (-7, -1, 0, 1, 2, 5)


def _state() -> GameState:
    """Two seats; seat 1's hand holds Knight, Farm and Knight; the supply is a zone of piles."""
    zones = [ZoneSpec("hand", True, slot=0), ZoneSpec("supply", False, piles=True, slot=1)]
    state = GameState(defs=[], zone_specs=zones, counter_specs=[CounterSpec("coins", True, slot=0)],
                      num_players=2, seed=1)
    for i, name in enumerate(("Knight", "Farm")):
        state.defs.append(CardDef(i, name, frozenset({"Unit"})))
    for d in (0, 1, 0):
        state.new_card(state.defs[d], state.zones[0][1])
    return state


def _ctx(state: GameState | None = None, **names) -> Ctx:
    return Ctx(state or _state(), 1, 0, dict(names))


def _value(node: N.Node, ctx: Ctx, options: Options = OPTIMISED):
    """NODE's emitted code, run as a generated function on CTX; and that code's returned expression, unparsed."""
    g = G.build_function("ir ops test", None, lambda gen: [py.Return(emit(gen, node))], options=options)
    return g.fn(ctx), py.unparse(g.tree).rstrip().rpartition("return ")[2]


def _called(value):
    """A node calling a function of ctx that gives VALUE (a bridge's code: an expression of no known shape)."""
    return N.Call(lambda ctx: value, (), first="ctx")


def _never():
    return N.Call(lambda ctx: pytest.fail("computed though the left side decided"), (), first="ctx")


@pytest.mark.parametrize("options", [OPTIMISED, PLAIN], ids=["optimised", "plain"])
def test_arithmetic_and_its_minus_are_pythons(options: Options) -> None:
    ctx = _ctx()
    for (a, b), (op, ref) in itertools.product(itertools.product(NUMBERS, NUMBERS),
                                               (("+", operator.add), ("-", operator.sub), ("*", operator.mul))):
        ctx.vars.update(a=a, b=b)
        node = NO.Arith(op, N.Name("a"), N.Name("b"))
        assert _value(node, ctx, options)[0] == ref(a, b), (a, op, b)
        assert _value(NL.Bounded(node, SPAN, too_big), ctx, options)[0] == ref(a, b)
    assert _value(NO.Neg(N.Name("a")), ctx, options)[0] == -ctx.vars["a"]
    assert _value(NO.Arith("-", N.Const(3), NO.Neg(N.Const(4))), ctx)[1] == "3 - -4"


def test_a_bounded_sum_stops_the_game_past_the_number_limit() -> None:
    ctx = _ctx(x=NUMBER_LIMIT // 2 + 1)
    with pytest.raises(RuleViolation, match="18 digits"):
        _value(NL.Bounded(NO.Arith("+", N.Name("x"), N.Name("x")), SPAN, too_big), ctx)
    assert _value(NO.Arith("+", N.Name("x"), N.Name("x")), ctx)[0] == NUMBER_LIMIT + 2  # unchecked: not Bounded


def test_comparisons_are_pythons_of_numbers_and_of_players() -> None:
    ctx = _ctx()
    refs = {"==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le, ">": operator.gt,
            ">=": operator.ge}
    for (a, b), (op, ref) in itertools.product(itertools.product(NUMBERS, NUMBERS), refs.items()):
        ctx.vars.update(a=a, b=b)
        got, code = _value(NO.Compare(op, N.Name("a"), N.Name("b")), ctx)
        assert got is ref(a, b), (a, op, b, code)
    assert _value(NO.Compare("==", N.You(), N.Current()), ctx)[0] is False  # seat 1, seat 0's turn
    assert _value(NO.Compare("!=", N.You(), N.Current()), ctx)[0] is True
    assert _value(NO.Compare("==", N.Const("a"), N.Const("a")), ctx)[0] is True  # texts


def test_and_or_give_a_truth_value_and_compute_the_right_side_only_when_needed() -> None:
    ctx = _ctx()
    values = (0, 3, [], [2], True, False, None)
    for (a, b), conj in itertools.product(itertools.product(values, values), (True, False)):
        got, code = _value(NO.Both(conj, _called(a), _called(b)), ctx)
        want = (bool(a) and bool(b)) if conj else (bool(a) or bool(b))
        assert got is want, (a, conj, b, code)
    assert _value(NO.Both(True, _called(0), _never()), ctx)[0] is False
    assert _value(NO.Both(False, _called([1]), _never()), ctx)[0] is True
    # a side that is a truth value already is not converted; any other is, with `not not`, not a call of bool
    ctx.vars.update(n=2)
    got, code = _value(NO.Both(True, NO.Compare(">", N.Name("n"), N.Const(1)), N.Name("n")), ctx)
    assert got is True and code == "ctx.vars['n'] > 1 and (not not ctx.vars['n'])"


def test_not_and_a_list_of_at_most_one_card_tested_by_its_own_test() -> None:
    ctx = _ctx(x=5)
    for v in (0, 3, [], [2], True, None):
        assert _value(N.Not(_called(v)), ctx)[0] is (not v)
    # `[C] if T else []` (one card or none) is true when T is: `not T`, no list built
    one = N.Py(py.parse("[ctx.card] if ctx.vars['x'] > 2 else []", mode="eval").body)
    got, code = _value(N.Not(one), ctx)
    assert got is False and code == "not ctx.vars['x'] > 2"
    got, code = _value(NO.Both(False, one, _never()), ctx)
    assert got is True and code.startswith("ctx.vars['x'] > 2 or")
    # the same shape whose test is no truth value: the list itself is tested
    odd = N.Py(py.parse("[ctx.card] if ctx.vars['x'] else []", mode="eval").body)
    got, code = _value(N.Not(odd), ctx)
    assert got is False and code == "not ([ctx.card] if ctx.vars['x'] else [])"


HAND = N.ZoneRef(0, N.You())  # seat 1's hand: cards 0, 1, 2
SUPPLY = N.ZoneRef(1, N.Const(0))  # the shared supply, a zone of piles
PLAIN_ZONES = frozenset({0})  # the slots of the zones of no piles


def _with_piles() -> GameState:
    """_state() with the supply's piles: three Knights (cards 3, 4, 5) and a Farm (card 6)."""
    state = _state()
    for d in (0, 0, 0, 1):
        state.new_card(state.defs[d], state.pile(1, state.defs[d].name))
    return state


def test_the_lists_written_in_the_source() -> None:
    ctx = _ctx(a=5, dice=(6, 2))
    assert _value(NO.ListOf((N.You(), N.Current())), ctx)[0] == [1, 0]
    knight = N.Value(ctx.state.defs[0], "card")
    assert _value(NO.ListOf((knight, knight)), ctx)[0] == [ctx.state.defs[0]] * 2
    got, code = _value(NO.Numbers((N.Const(1), N.Name("a"))), ctx)
    assert got == (1, 5) and code == "(1, ctx.vars['a'])"
    got, code = _value(NO.Joined("numbers", (N.Name("dice"), NO.Numbers((N.Const(4),)))), ctx)
    assert got == (6, 2, 4) and code == "(*ctx.vars['dice'], *(4,))"


def test_a_list_of_cards_joined_unpacks_each_part_without_copying_it_first() -> None:
    ctx = _ctx(_state())
    ctx.card = 2
    hand = ctx.state.zones[0][1].cards
    joined = NO.Joined("cards", (NO.CardsOfZone(HAND, PLAIN_ZONES, None), N.Cards((N.ThisCard(),))))
    got, code = _value(joined, ctx)
    assert got == hand + [2] and got is not hand
    assert code == "[*ctx.state.zones[0][ctx.you].cards, *[ctx.card]]"  # the zone's own list, not list(...)
    # either arm of an `if` unpacked as it is; `[*X]` as X
    either = N.Py(py.parse("list(ctx.vars['a']) if ctx.vars['n'] else [*ctx.vars['b']]", mode="eval").body)
    ctx.vars.update(a=[7], b=[8], n=0)
    got, code = _value(NO.Joined("cards", (either,)), ctx)
    assert got == [8] and code == "[*(ctx.vars['a'] if ctx.vars['n'] else ctx.vars['b'])]"


def test_a_zones_cards_are_its_own_lists_copy_or_the_top_of_each_pile() -> None:
    ctx = _ctx(_with_piles())
    state = ctx.state
    got, code = _value(NO.CardsOfZone(HAND, PLAIN_ZONES, zone_cards_in), ctx)
    assert got == [0, 1, 2] and got is not state.zones[0][1].cards
    assert code == "list(ctx.state.zones[0][ctx.you].cards)"
    got, code = _value(NO.CardsOfZone(SUPPLY, PLAIN_ZONES, zone_cards_in), ctx)  # the reference: each pile's top
    assert got == zone_cards_in(state, state.zones[1][0]) == [5, 6]
    assert code == "_k0_zone_cards_in(ctx.state, ctx.state.zones[1][0])"
    # a zone the code does not show to be a declared one (a bridge): the reference too
    bridged = N.Py(py.parse("ctx.vars['z']", mode="eval").body)
    ctx.vars["z"] = state.zones[0][1]
    got, code = _value(NO.CardsOfZone(bridged, PLAIN_ZONES, zone_cards_in), ctx)
    assert got == [0, 1, 2] and code == "_k0_zone_cards_in(ctx.state, ctx.vars['z'])"


def test_a_loop_runs_over_a_list_of_its_own() -> None:
    ctx = _ctx(_state(), xs=[3, 4])
    got, code = _value(NO.Listed(N.Name("xs")), ctx)  # a list something else holds: copied
    assert got == [3, 4] and got is not ctx.vars["xs"] and code == "list(ctx.vars['xs'])"
    zone = NO.CardsOfZone(HAND, PLAIN_ZONES, zone_cards_in)  # a copy already: not copied again
    assert _value(NO.Listed(zone), ctx) == ([0, 1, 2], "list(ctx.state.zones[0][ctx.you].cards)")
    assert _value(NO.Listed(NO.Numbers((N.Const(1), N.Const(2)))), ctx) == ((1, 2), "(1, 2)")  # written numbers
    assert _value(NO.Listed(NO.Numbers((N.Const(1), N.Name("xs")))), ctx)[1] == "list((1, ctx.vars['xs']))"
    made = []

    def where(ctx: Ctx) -> list[int]:  # a generated `where`: a list of its own each call (compile/loops.py)
        made.append([0, 2])
        return made[-1]
    # its call, marked Where by the emitter (ir/emit.py new_list), is not copied; a plain call of it would be
    got, code = _value(NO.Listed(NL.Where(N.Name("xs"), N.Const(True), "card", where)), ctx)
    assert got is made[-1] and code == "_k0_where(ctx)"
    assert _value(NO.Listed(N.Call(where, (), first="ctx")), ctx)[1] == "list(_k0_where(ctx))"
    either = N.Py(py.parse("[] if ctx.vars['xs'] else [1]", mode="eval").body)
    assert _value(NO.Listed(either), ctx) == ([], "[] if ctx.vars['xs'] else [1]")


@pytest.mark.parametrize("options", [OPTIMISED, PLAIN], ids=["optimised", "plain"])
def test_cards_are_of_a_type_or_a_card_as_the_runtimes_tests_say(options: Options) -> None:
    from cardlang.compile.operators import cards_are_named, cards_are_type
    state = _state()
    state.defs[1].types = frozenset({"Land"})  # Farm: no Unit
    ctx = _ctx(state)
    ctx.card = 0
    sets = {"one": N.Cards((N.ThisCard(),)), "name": N.Name("cs"), "bridge": _called([0, 2]), "none": N.Cards(())}
    for (label, cards), negated in itertools.product(sets.items(), (False, True)):
        for held in ([0], [1], [0, 2], [0, 1], []):
            ctx.vars["cs"] = held
            for kind, fn, value in (("type", cards_are_type, "Unit"), ("named", cards_are_named, "Knight")):
                want = fn(state, _value(cards, ctx)[0], value, negated)
                got, code = _value(NO.AllAre(cards, kind, value, negated, fn), ctx, options)
                assert got is want, (label, held, kind, negated, code)
    # one card, of a type, tested as the card's own (the pass `lower`); a name's cards, one or the call
    lowered = options.on("lower")
    got, code = _value(NO.AllAre(sets["one"], "type", "Unit", True, cards_are_type), ctx, options)
    assert got is False and (code == "'Unit' not in ctx.state.card_def[ctx.card].types") == lowered
    got, code = _value(NO.AllAre(sets["name"], "type", "Unit", False, cards_are_type), ctx, options)
    assert ("_len((_n0 := ctx.vars['cs'])) == 1 else" in code) == lowered and "_cards_are_type(ctx.state," in code


def test_an_operators_helper_is_called_with_its_arguments_code_made_first() -> None:
    from cardlang.compile.operators import cards_named, cards_named_in, count_named_in, top_named_in
    state = _with_piles()
    ctx = _ctx(state, cs=[0, 1, 2])
    knight = N.Value(state.defs[0], "card")
    for zone, slot, seat in ((HAND, 0, 1), (SUPPLY, 1, 0)):  # a zone of no piles, a zone of piles
        z = state.zones[slot][seat]
        assert _value(NO.Helper(cards_named_in, (zone, knight)), ctx)[0] == cards_named_in(state, z, state.defs[0])
        assert _value(NO.Helper(count_named_in, (zone, knight)), ctx)[0] == count_named_in(state, z, state.defs[0])
        two = NO.Helper(top_named_in, (zone, knight, N.Const(2)))
        assert _value(two, ctx)[0] == top_named_in(state, z, state.defs[0], 2)
    got, code = _value(NO.Helper(cards_named, (N.Name("cs"), knight)), ctx)
    assert got == [0, 2] and code == "_k1_cards_named(ctx.state, ctx.vars['cs'], _card0)"  # the card's constant first
    got, code = _value(NO.Helper(len, (N.Name("cs"),), state=False), ctx)
    assert got == 3 and code == "_k0_len(ctx.vars['cs'])"


def test_top_n_of_a_name_in_a_zone_is_the_top_n_of_all_its_cards_of_that_name() -> None:
    """top_named_in looks from the top down and stops at the Nth card of the name: the same cards, in the same
    order (top first), as the top N of the whole list of them."""
    import random
    from cardlang.compile.operators import cards_named_in, top_named_in
    state = _state()
    hand = state.zones[0][0]
    rng = random.Random(5)
    for _ in range(40):
        state.new_card(state.defs[rng.randrange(2)], hand)
    rng.shuffle(hand.cards)
    for d in state.defs:
        for n in (1, 2, 3, 25, 40):
            assert top_named_in(state, hand, d, n) == cards_named_in(state, hand, d)[: -n - 1: -1], (d.name, n)
        assert top_named_in(state, hand, d, 0) == []


def test_division_and_its_remainder_are_the_references_or_pythons_by_a_written_number() -> None:
    from cardlang.primitives.values import int_div, int_mod
    from cardlang.runtime.state import IllegalAction
    ctx = _ctx()
    for (a, b), (op, fn) in itertools.product(itertools.product(NUMBERS, NUMBERS), (("/", int_div), ("%", int_mod))):
        ctx.vars.update(a=a, b=b)
        for right in (N.Name("b"), N.Const(b)):
            node = NO.Divide(op, N.Name("a"), right, fn)
            if b == 0:
                with pytest.raises(IllegalAction, match="division by zero"):
                    _value(node, ctx)
                continue
            got, code = _value(node, ctx)
            assert got == fn(a, b), (a, op, b)
            assert (code == f"ctx.vars['a'] {'//' if op == '/' else '%'} {b}") == (type(right) is N.Const)


def test_cards_and_card_names_compare_by_their_names_as_many_times_each() -> None:
    from cardlang.compile.operators import same_cards
    state = _state()  # seat 1's hand: Knight (0), Farm (1), Knight (2)
    knight, farm = state.defs
    ctx = _ctx(state)
    values = {"cards": ([0, 2], [0, 1], [2, 0], [], [1]), "card names": ([knight, knight], [farm, knight], []),
              "card name": (knight, farm)}

    def names(v, kind):  # the plain reference: each side's names, sorted
        return sorted([v.name] if kind == "card name" else [x.name for x in v] if kind == "card names"
                      else [state.card_def[c].name for c in v])
    for (lk, lvs), (rk, rvs) in itertools.product(values.items(), values.items()):
        for lv, rv, equal in itertools.product(lvs, rvs, (True, False)):
            ctx.vars.update(l=lv, r=rv)
            node = NO.SameCards(N.Name("l"), lk, N.Name("r"), rk, equal, same_cards)
            assert _value(node, ctx)[0] is ((names(lv, lk) == names(rv, rk)) == equal), (lv, lk, rv, rk)


def test_the_bottom_cards_of_a_set_are_its_first() -> None:
    ctx = _ctx(cs=[4, 5, 6])
    for n in range(5):
        ctx.vars["n"] = n
        got, code = _value(NO.Bottom(N.Name("cs"), N.Name("n")), ctx)
        assert got == [4, 5, 6][:n] and code == "ctx.vars['cs'][:ctx.vars['n']]"


def test_a_text_with_names_shows_each_value_as_text_of_does() -> None:
    from cardlang.primitives.values import text_of
    state = _state()
    ctx = _ctx(state, c=2, p=1, n=7, cs=[0, 1], d=state.defs[1], t="hi")
    parts = ("Set aside ", (N.Name("c"), "card"), " of ", (N.Name("p"), "player"), ", ", (N.Name("n"), "int"), "",
             (N.Name("cs"), "cards"), (N.Name("d"), "card name"), (N.Name("t"), "text"), "?")
    want = "".join(p if isinstance(p, str) else text_of(ctx, ctx.vars[p[0].name], p[1]) for p in parts)
    got, code = _value(NO.Text(parts, text_of), ctx)
    assert got == want == "Set aside Knight of p2, 7Knight, FarmFarmhi?"
    assert code.startswith("f\"Set aside {_k0_text_of(ctx, ctx.vars['c'], 'card')} of")
    assert "{ctx.vars['n']}" in code and "{ctx.vars['t']}" in code  # a number, a text: as they are


def test_a_card_name_and_a_variant() -> None:
    state = _state()
    state.variants = frozenset({"short"})
    ctx = _ctx(state, d=state.defs[1])
    assert _value(N.NameOf(N.Name("d")), ctx) == ("Farm", "ctx.vars['d'].name")
    assert _value(N.Variant("short"), ctx) == (True, "'short' in ctx.state.variants")
    assert _value(N.Variant("long"), ctx)[0] is False


def test_each_coercion_has_code_computing_what_plain_python_does() -> None:
    """Compiler.coerce_ce: every conversion is IR (no closure of its own); its code, run on a real game's state,
    gives the plain value, and an empty pick wanted as a card name stops as NothingChosen."""
    from cardlang.compile.compiler import Compiler
    from cardlang.compile.game import load_game
    from cardlang.compile.ir.ce import ir_ce
    from cardlang.primitives import types as T
    from cardlang.primitives.values import NothingChosen
    from cardlang.runtime.decisions import RandomAgent
    from cardlang.runtime.engine import setup_game
    game = load_game("dominion")
    comp = Compiler.for_game(game)
    state = setup_game(game, [RandomAgent(1), RandomAgent(2)], 1)
    hand = state.zones[state.zone_slot["hand"]][0]
    c0, c1 = hand.cards[:2]
    d0, d1 = state.card_def[c0], state.card_def[c1]
    cases = [  # (have, want, value, the plain value)
        (T.BOOL, T.INT, True, 1), (T.BOOL, T.INT, False, 0), (T.CARD, T.CARDS, c0, [c0]),
        (T.ZONE, T.CARDS, hand, list(hand.cards)), (T.ANY, T.CARDS, hand, list(hand.cards)),
        (T.ANY, T.CARDS, c1, [c1]), (T.ANY, T.CARDS, [c1, c0], [c1, c0]), (T.CARD, T.CARDNAME, c1, d1),
        (T.CARDS, T.CARDNAME, [c1, c0], d1), (T.ZONE, T.CARDNAME, hand, d0), (T.CARDNAMES, T.CARDNAME, [d1, d0], d1),
        (T.CARDNAME, T.CARDNAMES, d0, [d0]), (T.PLAYER, T.PLAYERS, 1, [1]), (T.INT, T.NUMBERS, 4, (4,)),
        (T.SLOT, T.SLOTS, (1, 2), [(1, 2)]), (T.PLAYER, T.TEXT, 1, "p2"), (T.INT, T.TEXT, 12, "12"),
        (T.CARDS, T.TEXT, [c0, c1], f"{d0.name}, {d1.name}"), (T.CARDNAME, T.TEXT, d1, d1.name),
        (T.NUMBERS, T.TEXT, (3, 4), "3, 4"), (T.ZONE, T.TEXT, hand, hand.label),
    ]
    for have, want, value, plain in cases:
        ce = comp.coerce_ce(ir_ce(have, N.Name("x")), want, None)
        assert ce.type == want and ce.ir is not None, (have, want)
        got = _value(ce.ir, Ctx(state, 0, None, {"x": value}))[0]
        assert got == plain and type(got) is type(plain), (have, want, got)
        assert comp.fn_of(ce)(Ctx(state, 0, None, {"x": value})) == plain  # its function, made from that code
    for have, empty in ((T.CARDS, []), (T.CARDNAMES, [])):
        ce = comp.coerce_ce(ir_ce(have, N.Name("x")), T.CARDNAME, None)
        with pytest.raises(NothingChosen):
            _value(ce.ir, Ctx(state, 0, None, {"x": empty}))


def test_a_pile_read_in_the_code_is_what_count_named_in_and_top_named_in_give() -> None:
    """`PileCount` / `PileTop` (the pass `piles-in-code`): a shared zone of piles's pile of a name found by its key
    in the code; the same count and the same top cards, top first, as the helpers give, for a pile of three, an
    emptied pile and a name with no pile, whether the name is written (a constant key) or read from a name."""
    from cardlang.compile.operators import count_named_in, top_named_in
    from cardlang.runtime import zones as Z
    state = _state()
    knight, farm = state.defs
    Z.create(state, knight, state.pile(1, "Knight"), 3)
    Z.create(state, farm, state.pile(1, "Farm"), 1)
    state.pile(1, "Farm").cards.clear()  # (emptied: its pile is still there)
    nobody = CardDef(2, "Nobody", frozenset())
    supply = state.zones[1][0]
    for d in (knight, farm, nobody):
        ctx = _ctx(state, d=d)
        for card in (N.Value(d, "card"), N.Name("d")):
            got, code = _value(NO.PileCount(1, card), ctx)
            assert got == count_named_in(state, supply, d) and "piles.get((1, " in code, code
            for n in (1, 2, 5):
                got, code = _value(NO.PileTop(1, card, n), ctx)
                assert got == top_named_in(state, supply, d, n), (d.name, n)
        assert "'Knight'" in _value(NO.PileCount(1, N.Value(knight, "card")), ctx)[1]  # a written name: a constant


def test_the_pass_piles_in_code_reads_dominions_supply_piles_in_the_code() -> None:
    """With the pass `piles-in-code`, the end test's `count(Province in supply)` and `gain`'s `top 1 of (c in
    supply)` read the pile in the code, as a bot's option of a name in the supply does; without it, the helpers'
    calls and the zone's tests (a hand, no zone of piles, keeps the helpers)."""
    from cardlang.compile.codegen import source_of
    from cardlang.compile.game import load_game
    from cardlang.compile.passes import SWITCHABLE

    def code(options: Options) -> str:
        return "\n".join(source_of(m) for m in load_game("dominion", options=options).generated)
    on, off = code(OPTIMISED), code(Options(SWITCHABLE - {"piles-in-code"}))
    supply = "_state, _state.zones[0][0]"  # (the supply: the zone of piles at slot 0)
    assert "piles.get((0, 'Province'))" in on and f"top_named_in({supply}" not in on
    assert "piles.get((0, " not in off and f"top_named_in({supply}" in off and f"count_named_in({supply}" in off
    # a bot's option of a name in the supply (`buy`): its pile by its key, no test of the zone
    assert on.count("_zone.spec.piles") < off.count("_zone.spec.piles") and "piles.get((0, _name))" in on
