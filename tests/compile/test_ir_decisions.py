"""The IR of decisions and bots (compile/ir/nodes_decisions.py, emitted by compile/ir/emit_decisions.py): each
node's emitted code, run, gives what its reference gives. The legal options of a `choose one of`: the
conditions that hold, in order. The option of a name: the first card of that name (a pile's top card) that the
filter lets through, the names table as it was. A bot's rule (built as IR by compile/botgen.py): the answer a
plain reading of the rule gives (`_reference` below), for names, `none`, `random`, `lowest` / `highest`,
conditions kept or not, yes/no, picks forced to the minimum; its pick by name: the names tried in order."""
from __future__ import annotations

import itertools
import random

import pytest

from cardlang.compile import botgen as B
from cardlang.compile import codegen as G
from cardlang.compile.ir import nodes as N
from cardlang.compile.ir import nodes_decisions as D
from cardlang.compile.ir.emit import code_of
from cardlang.compile.ir.emit_decisions import BY_NAME_PARAMS, DECIDE_PARAMS
from cardlang.primitives.types import CE
from cardlang.runtime.state import CardDef, Ctx, Decision, GameState, ZoneSpec


def _state() -> GameState:
    zones = [ZoneSpec("hand", True, slot=0), ZoneSpec("supply", False, piles=True, slot=1)]
    state = GameState(defs=[], zone_specs=zones, counter_specs=[], num_players=2, seed=1)
    for i, (name, strength) in enumerate((("Knight", 3), ("Page", 1), ("Knight", 5), ("Squire", 2))):
        d = CardDef(i, name, frozenset({"Unit"}))
        d.props["strength"] = strength
        state.defs.append(d)
        state.new_card(d, state.zones[0][1])
    for name in ("Knight", "Page"):
        state.new_card(state.defs[0 if name == "Knight" else 1], state.pile(1, name))
    return state


def _fns(defs, options=None) -> dict:
    kw = {} if options is None else {"options": options}
    return G.build_functions("ir test", None, [(n, params, lambda gen, body=body: gen.emit_ir(body))
                                               for n, params, body in defs], **kw)[1]


def test_the_legal_options_are_those_whose_condition_holds_in_order() -> None:
    fn = _fns([("f", (G.CTX,), (D.ReturnLegal((N.Name("a"), None, N.Name("b"), N.Not(N.Name("a")))),))])["f"]
    for a, b in itertools.product((False, True), repeat=2):
        expected = [i for i, ok in enumerate((a, True, b, not a)) if ok]
        assert fn(Ctx(_state(), 1, None, {"a": a, "b": b})) == expected


@pytest.mark.parametrize("kept", (False, True))
def test_the_option_of_a_name_is_the_first_card_of_it_the_filter_lets_through(kept: bool) -> None:
    """In one zone, a zone of piles (its pile of that name's top card) or several, in order."""
    seen = []

    def strong(ctx) -> bool:  # a compiled function handed ctx: it reads `card` in the names table
        seen.append(ctx.vars["card"])
        return ctx.state.card_def[ctx.vars["card"]].props["strength"] > 2
    card = N.Var(name="_c")
    cond = N.Call(strong, first="ctx") if kept else N.Not(N.DefNamed(N.DefOf(card), "Page"))

    def find_in(*zones: N.Node):
        def body(gen):
            gen.bind_local("card", card.name)
            return gen.emit_ir((D.NamedOption(zones, cond, N.Var(name="_name"), card, kept),))
        return G.build_functions("ir test", None, [("find", (G.CTX, "_name"), body)])[1]["find"]
    state = _state()
    ctx = Ctx(state, 1, None, {"card": "before"})
    hand_z, supply_z = N.ZoneRef(0, N.You()), N.ZoneRef(1, N.Const(0))
    hand, supply, both = find_in(hand_z), find_in(supply_z), find_in(supply_z, hand_z)

    def reference(cards: list[int], name: str):  # the closure's find (compile/decisions.py), in words
        def ok(c: int) -> bool:
            return state.card_def[c].props["strength"] > 2 if kept else state.card_def[c].name != "Page"
        return next((c for c in cards if state.card_def[c].name == name and ok(c)), None)
    for name in ("Knight", "Page", "Squire", "Queen"):
        pile = state.piles.get((1, name))
        tops = pile.cards[-1:] if pile is not None else []
        assert hand(ctx, name) == reference(state.zones[0][1].cards, name)
        assert supply(ctx, name) == reference(tops, name)
        assert both(ctx, name) == reference(tops + state.zones[0][1].cards, name)
        assert ctx.vars["card"] == "before"  # put back
    assert bool(seen) is kept


def _cond(node: N.Node | None) -> CE | None:
    return CE("bool", code=code_of(node)) if node is not None else None


def _rule(*prefs) -> list[B.BotPref]:
    """BotPrefs as compile/bots.py makes them: (kind, value, condition: a rules name that holds, or None)."""
    out = []
    for kind, value, cond in prefs:
        if kind in ("lowest", "highest"):
            value = CE("int", code=code_of(N.Printed(N.Name("card"), "strength", 0)))
        out.append(B.BotPref(kind, value, _cond(N.Name(cond)) if cond else None, cond, False, None))
    return out


def _reference(prefs: list[B.BotPref], d: Decision, flags: dict, rng: random.Random, state) -> list[int]:
    """A bot's answer as its rule reads: preferences in order, each pick the first that applies."""
    holds = [p.shape is None or flags[p.shape] for p in prefs]
    if d.kind == "yesno":
        return next(([0] if p.kind == "yes" else [] for p, h in zip(prefs, holds) if h), [])
    remaining, picks = list(range(len(d.options))), []
    while len(picks) < d.max and remaining:
        choice = None
        for p, h in zip(prefs, holds):
            if not h or p.kind in ("yes", "no"):
                continue
            if p.kind == "none":
                break
            if p.kind == "name":
                choice = next((i for i in remaining if d.labels[i] == p.value), None)
            elif p.kind == "random":
                choice = rng.choice(remaining)
            elif d.kind == "cards":
                weigh = {i: state.card_def[d.options[i]].props["strength"] for i in remaining}
                choice = (min if p.kind == "lowest" else max)(remaining, key=lambda i: weigh[i])
            if choice is not None:
                break
        if choice is None:
            break
        picks.append(choice)
        remaining.remove(choice)
    return picks + remaining[:max(d.min - len(picks), 0)]


RULES = [
    (("name", "Squire", None), ("name", "Knight", None)),
    (("name", "Page", "a"), ("name", "Squire", "a"), ("none", None, "b"), ("name", "Knight", None)),
    (("name", "Queen", "a"), ("name", "Page", "b"), ("name", "Squire", "a"), ("name", "Knight", "b")),
    (("random", None, "a"), ("name", "Page", None)),
    (("name", "Page", "b"), ("lowest", None, "a"), ("highest", None, None)),
    (("no", None, "a"), ("yes", None, "b"), ("name", "Knight", None)),
]


def _fields(d: Decision) -> tuple:
    """What a bot's decide takes of a decision (DECIDE_PARAMS): its fields, its labels or what makes them."""
    return d.kind, d.options, d.min, d.max, d._labels, d._names


@pytest.mark.parametrize("rule", RULES, ids=lambda r: "-".join(p[0] for p in r))
def test_a_bots_answer_is_the_rules_reading(rule) -> None:
    prefs = _rule(*rule)
    fn = G.build_functions("ir test", None, [("_decide", DECIDE_PARAMS,
                                               lambda gen: gen.emit_ir((B.decide_ir(gen, prefs),)))])[1]["_decide"]
    state = _state()
    hand = state.zones[0][1].cards
    labels = [state.card_def[c].name for c in hand]
    for a, b in itertools.product((False, True), repeat=2):
        ctx = Ctx(state, 1, None, {"a": a, "b": b})
        for lo, hi in ((0, 1), (0, 3), (2, 4), (1, 1)):
            d = Decision(1, "t", "", "cards", hand, lo, hi, labels)
            got = fn(ctx, *_fields(d), random.Random(7))
            assert got == _reference(prefs, d, {"a": a, "b": b}, random.Random(7), state), (a, b, lo, hi)
            # its labels unmade (the card definitions given): made by the rule, the same answer
            unmade = Decision(1, "t", "", "cards", hand, lo, hi, names=state.card_def)
            assert fn(ctx, *_fields(unmade), random.Random(7)) == got
        yesno = Decision(1, "t", "", "yesno", ["yes"], 0, 1, ["yes"])
        assert fn(ctx, *_fields(yesno), None) == _reference(prefs, yesno, {"a": a, "b": b}, None, state)


class _Bot:
    """What a pick by name reads of its bot: its kept context, and the method making one."""

    def __init__(self) -> None:
        self._ctx = None
        self.made = 0

    def _ctx_for(self, state, p: int) -> Ctx:
        self.made += 1
        self._ctx = Ctx(state, p, None, dict(self.flags))
        return self._ctx


@pytest.mark.parametrize("rule", [r for r in RULES if all(p[0] in B.NAMES_ONLY for p in r)],
                         ids=lambda r: "-".join(p[0] for p in r))
def test_a_bots_pick_by_name_tries_the_names_in_order(rule) -> None:
    prefs = _rule(*rule)
    fn = _fns([("_by_name", BY_NAME_PARAMS, B.by_name_ir(prefs))])["_by_name"]
    state = _state()
    for a, b in itertools.product((False, True), repeat=2):
        bot = _Bot()
        bot.flags = {"a": a, "b": b}
        tried = []

        def find(where, name):
            tried.append(name)
            return 40 + len(tried) if name in ("Knight", "Squire") else None
        got = fn(bot, state, 1, find, None)
        expected_tried = []
        answer = None
        for p in prefs:
            if p.shape is not None and not bot.flags[p.shape]:
                continue
            if p.kind == "none":
                break
            expected_tried.append(p.value)
            if p.value in ("Knight", "Squire"):
                answer = 40 + len(expected_tried)
                break
        assert (got, tried) == (answer, expected_tried)
        assert bot.made == (1 if any(p.cond is not None for p in prefs) else 0)
        fn(bot, state, 1, find, None)
        assert bot.made <= 1  # the context kept serves the same game and seat


def test_a_local_of_a_fixed_name_and_a_return() -> None:
    """A Var with a name is that local, not a fresh one (the compiled conditions of a bot read it by it)."""
    v = N.Var(name="_kept")
    import ast as py
    from cardlang.compile.ir.emit_stmts import emit_stmts
    code = py.unparse(py.fix_missing_locations(py.Module(emit_stmts(G.Gen("t"), (N.Let(v, N.Const(None)),)), [])))
    assert code == "_kept = None"
    fn = _fns([("f", (G.CTX,), (N.Let(v, N.Name("a")), N.Return(N.Cards((v, v)))))])["f"]
    assert fn(Ctx(_state(), 0, None, {"a": 3})) == [3, 3]


def test_a_weighing_reads_its_option_from_a_local_and_leaves_the_names_as_the_plain_loop() -> None:
    """The pass `weigh-local`: `lowest card.strength` reads the option weighed from a local where the decision's
    options are cards (the name it reads), and leaves `card` in the names table as the plain loop does; a
    decision of another kind weighs by the plain loop. The same picks with the pass off."""
    from cardlang.compile.passes import OPTIMISED, Options
    prefs = _rule(("lowest", None, None))
    made = {}
    for label, options in (("on", OPTIMISED), ("off", Options(OPTIMISED.passes - {"weigh-local"}))):
        g, fns = G.build_functions("ir test", None, [("_decide", DECIDE_PARAMS, lambda gen: gen.emit_ir(
            (B.decide_ir(gen, prefs),)))], options=options)
        made[label] = (fns["_decide"], G.source_of(g))
    assert "_wvar == 'card'" in made["on"][1] and "_wvar == 'card'" not in made["off"][1]
    state = _state()
    hand = state.zones[0][1].cards
    labels = [state.card_def[c].name for c in hand]
    answers = {}
    for label, (fn, _) in made.items():
        ctx = Ctx(state, 1, None, {})
        d = Decision(1, "t", "", "cards", hand, 2, 3, labels)
        answers[label] = (fn(ctx, *_fields(d), None), dict(ctx.vars))
    assert answers["on"] == answers["off"] and answers["on"][0] == [1, 3, 0]
    assert answers["on"][1]["card"] == hand[2]  # the last option weighed for the third pick
