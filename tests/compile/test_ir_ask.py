"""The IR of asking (compile/ir/nodes_ask.py, emitted by compile/ir/emit_ask.py): each node's emitted code, run
on a real GameState, asks what the reference asks (the same Decision: player, tag, prompt, kind, options, bounds,
labels, privacy) and gives what it gives. A text: the reference's text (`text_of` on each value). A choice of
cards: bounds written or computed, nothing to pick not asked, a private one put to its player, a bot's answer
by name taken first when nobody reads the game. Players, names, numbers; `choose one of` (conditions, a bot's
pick by name, nothing legal asked always when watched); `may`. Where a choice is no let's whole value its
reference is called. (tests/primitives/test_choose_inline.py compares the compiled games with the closures.)"""
from __future__ import annotations

import ast as py

import pytest

from cardlang.compile import codegen as G
from cardlang.compile.codegen import Code
from cardlang.compile.ir import nodes as N
from cardlang.compile.ir import nodes_ask as A
from cardlang.compile.ir import nodes_ops as NO
from cardlang.primitives.values import slot_labels, text_of
from cardlang.runtime.decisions import ScriptedAgent
from cardlang.runtime.state import CardDef, Ctx, GameState, IllegalAction, ZoneSpec

HAND = N.ZoneCards(N.ZoneRef(0, N.You()))


def _state(log: bool = True) -> GameState:
    zones = [ZoneSpec("hand", True, slot=0)]
    state = GameState(defs=[], zone_specs=zones, counter_specs=[], num_players=2, seed=1)
    for i, name in enumerate(("Knight", "Page", "Squire")):
        state.defs.append(CardDef(i, name, frozenset({"Unit"})))
        state.new_card(state.defs[i], state.zones[0][0])
    if log:
        state.log = []
    return state


def _asking(state: GameState, *answers) -> list:
    """Seat 1 and 2 answer from one script; returns the list the decisions asked are recorded in."""
    seen: list = []
    script: list = []
    for a in answers:
        script += [seen.append, a]
    state.agents = [ScriptedAgent(script), ScriptedAgent(script)]
    return seen


def _value(node: N.Node, ctx: Ctx):
    """NODE's value as a let's whole value (its statements, then the let of its result), run on CTX."""
    x = N.Var("x")
    fn = G.build_function("ir test", None, lambda gen: gen.emit_ir((N.Let(x, node), N.Return(x)))).fn
    return fn(ctx)


def _run(stmt: N.Node, ctx: Ctx) -> None:
    G.build_function("ir test", None, lambda gen: gen.emit_ir((stmt,))).fn(ctx)


def _fields(d) -> tuple:
    return (d.player, d.tag, d.prompt, d.kind, list(d.options), d.min, d.max, list(d.labels), d.private, d.always)


def test_a_text_is_the_references_each_value_shown_as_its_kind() -> None:
    state = _state()
    ctx = Ctx(state, 1, None, {"c": [0, 2], "n": 3})
    node = NO.Text(("", (N.Name("c"), "cards"), " and ", (N.You(), "player"), " for ", (N.Name("n"), "int"), "!"),
                   text_of)
    expected = "" + text_of(ctx, [0, 2], "cards") + " and " + text_of(ctx, 1, "player") + " for 3!"
    assert _value(node, ctx) == expected == "Knight, Squire and p2 for 3!"
    assert _value(NO.Text(("just this",), text_of), ctx) == "just this"


def _cards(kind: str, count=None, written=None, **kw) -> A.AskCards:
    by, tag, prompt, private = kw.pop("by", None), kw.pop("tag", "pick"), kw.pop("prompt", N.Const("Pick")), \
        kw.pop("private", False)
    return A.AskCards(by, tag, prompt, private, HAND, kind, count, written, **kw)


@pytest.mark.parametrize("kind, count, written, bounds", [
    ("exactly", None, 2, (2, 2)), ("up_to", N.Name("k"), None, (0, 3)), ("any", None, None, (0, 3)),
    ("exactly", N.Name("k"), None, (3, 3))])
def test_a_choice_of_cards_asks_the_references_decision(kind, count, written, bounds) -> None:
    state = _state()
    seen = _asking(state, ["Squire", "Knight"])
    ctx = Ctx(state, 0, None, {"k": 5})
    got = _value(_cards(kind, count, written), ctx)
    if bounds == (3, 3):  # every option must be taken: not put to the agent (runtime `ask`), all of them
        assert got == [0, 1, 2] and seen == [] and state.log[-1].tag == "pick"
        return
    (d,) = seen
    assert _fields(d) == (0, "pick", "Pick", "cards", [0, 1, 2], *bounds, ["Knight", "Page", "Squire"], False,
                          False)
    assert got == [2, 0]


class _Recorder:
    """An agent that records what it is asked and picks nothing."""

    def __init__(self) -> None:
        self.seen: list = []

    def decide(self, view, decision) -> list[int]:
        self.seen.append(decision)
        return []


def test_nothing_to_pick_is_not_asked_unless_private_or_asked_always_and_watched() -> None:
    """Asked always: logged as asked (its answer, none, needs no agent) when someone reads the game; private:
    put to its player."""
    for node, log, logged, put in ((_cards("up_to", N.Name("k")), True, 0, 0),
                                   (_cards("up_to", N.Name("k"), always=True), True, 1, 0),
                                   (_cards("up_to", N.Name("k"), always=True), False, 0, 0),
                                   (_cards("up_to", N.Name("k"), private=True), False, 0, 1)):
        state = _state(log)
        agent = _Recorder()
        state.agents = [agent, agent]
        assert _value(node, Ctx(state, 0, None, {"k": -1})) == []
        assert len([e for e in state.log or () if getattr(e, "tag", None) == "pick"]) == logged
        assert len(agent.seen) == put
        if put:
            assert (agent.seen[0].min, agent.seen[0].max, agent.seen[0].private) == (0, 0, True)


def test_a_prompt_with_names_is_made_with_the_decision_by_the_seat_given() -> None:
    state = _state()
    seen = _asking(state, "Page")
    prompt = NO.Text(("", (N.Name("who"), "player"), " picks which?"), text_of)
    got = _value(_cards("exactly", None, 1, by=N.Name("who"), prompt=prompt), Ctx(state, 0, None, {"who": 1}))
    assert got == [1] and (seen[0].player, seen[0].prompt) == (1, "p2 picks which?")


class _ByName:
    """A bot that answers TAG by name: FIND's option of the first name it prefers (compile/bots.py's protocol)."""

    def __init__(self, names: tuple[str, ...]) -> None:
        self.named_picks = {"pick": self.pick, "choice": self.pick}
        self.names, self.asked = names, 0

    def pick(self, agent, state, p, find, where):
        for name in self.names:
            got = find(where, name)
            if got is not None:
                return got
        return None

    def decide(self, view, decision):
        self.asked += 1
        return [0] if decision.max else []


def test_a_bots_answer_by_name_is_taken_first_when_nobody_reads_the_game() -> None:
    def find(ctx, name):  # the option of a name (compile/decisions.py _named_option), here in the hand
        return next((c for c in ctx.state.zones[0][0].cards if ctx.state.card_def[c].name == name), None)
    named = _cards("up_to", N.Const(1), 1, first="named", one=True, find=find)
    none = _cards("up_to", N.Const(1), 1, first="none")
    for node, names, expected in ((named, ("Queen", "Squire"), [2]), (named, ("Queen",), []),
                                  (none, (), [])):
        state = _state(log=False)
        bot = _ByName(names)
        state.agents = [bot, bot]
        assert _value(node, Ctx(state, 0, None, {})) == expected and bot.asked == 0
    state = _state(log=True)  # someone reads the game: put in full
    bot = _ByName(("Squire",))
    state.agents = [bot, bot]
    assert _value(named, Ctx(state, 0, None, {})) == [0] and bot.asked == 1


def test_a_choice_of_a_player_names_and_numbers() -> None:
    state = _state()
    seen = _asking(state, "p2", "Page", ["4", "1"], "column 2, row 1")
    ctx = Ctx(state, 0, None, {"ps": [0, 1], "none": [], "ns": (1, 4, 6)})
    ask_player = A.AskPlayer(None, "who", N.Const("Who?"), False, N.Name("ps"))
    assert _value(ask_player, ctx) == 1
    assert _fields(seen[0])[3:8] == ("players", [0, 1], 1, 1, ["p1", "p2"])
    with pytest.raises(IllegalAction, match="there is no player to choose"):
        _value(A.AskPlayer(None, "who", N.Const("Who?"), False, N.Name("none")), ctx)
    names = A.AskValues(N.Const(1), "name", N.Const("Name?"), True, N.Value(state.defs[:2]), "cards", "exactly",
                        N.Const(1))
    assert _value(names, ctx) == [state.defs[1]]
    assert _fields(seen[1]) == (1, "name", "Name?", "cards", state.defs[:2], 1, 1, ["Knight", "Page"], True, False)
    numbers = A.AskValues(None, "dice", N.Const("Dice?"), False, N.Name("ns"), "numbers", "any",
                          labels=lambda xs: [str(x) for x in xs])
    assert _value(numbers, ctx) == (4, 1) and _fields(seen[2])[3:8] == ("numbers", [1, 4, 6], 0, 3, ["1", "4", "6"])
    slots = A.AskValues(None, "slot", N.Const("Where?"), False, N.Value([(1, 1), (2, 1)]), "slots", "up_to",
                        N.Const(1), labels=slot_labels)
    assert _value(slots, ctx) == [(2, 1)] and seen[3].labels == ["column 1, row 1", "column 2, row 1"]


def test_a_choice_that_is_no_lets_value_calls_its_reference_made_only_then() -> None:
    made: list = []

    def make():  # (the IR of the call of its reference run)
        made.append(1)
        return N.Call(lambda ctx: ["the reference's"], first="ctx")
    ref = A.Reference(make)
    x = N.Var("x")  # a let's value: asked in place
    G.build_function("ir test", None, lambda gen: gen.emit_ir((N.Let(x, _cards("any", fn=ref)), N.Return(x))))
    assert made == []
    fn = G.build_function("ir test", None, lambda gen: gen.emit_ir((N.Return(_cards("any", fn=ref)),))).fn
    assert made == [1]
    assert fn(Ctx(_state(), 0, None, {})) == ["the reference's"]
    G.build_function("ir test", None, lambda gen: gen.emit_ir((N.Return(_cards("any", fn=ref)),)))
    assert made == [1]  # made once


def _blocks(seen: list, *labels: str) -> tuple:
    def block(label: str) -> N.Node:
        return N.OfBlock([(None, Code(lambda gen: [py.Expr(G.call(gen.const(seen.append), G.const(label)))]))])
    return tuple(block(x) for x in labels)


def test_a_choice_of_options_asks_the_legal_ones_and_runs_the_picked_block() -> None:
    labels = ["Attack", "Hide", "Rest"]
    label_of = lambda legal: [labels[i] for i in legal]  # noqa: E731

    def find(legal, name):
        return next((i for i in legal if labels[i] == name), None)
    state = _state()
    ran: list = []
    seen = _asking(state, "Rest")
    node = A.AskOption(None, "choice", N.Const("Do what?"), False, (N.Name("a"), None, N.Not(N.Name("a"))),
                       _blocks(ran, *labels), False, label_of, find)
    _run(node, Ctx(state, 0, None, {"a": False}))
    assert ran == ["Rest"] and _fields(seen[0])[:8] == (0, "choice", "Do what?", "options", [1, 2], 1, 1,
                                                        ["Hide", "Rest"])
    state = _state(log=False)  # a bot that answers by name, nobody reading: not asked, its pick or the first
    for names, expected in ((("Attack",), "Attack"), (("Sleep",), "Attack"), (("Rest", "Attack"), "Attack")):
        bot = _ByName(names)
        state.agents = [bot, bot]
        ran.clear()
        _run(node, Ctx(state, 0, None, {"a": True}))
        assert ran == [expected] and bot.asked == 0
    state = _state()  # nothing legal, asked always: logged as asked with nothing to pick
    seen = _asking(state)
    always = A.AskOption(N.Const(1), "choice", N.Const("Do what?"), False, (N.Name("a"),),
                         _blocks(ran, "Attack"), True, label_of, find)
    ran.clear()
    _run(always, Ctx(state, 0, None, {"a": False}))
    assert ran == [] and [e.tag for e in state.log if hasattr(e, "tag")] == ["choice"]


def test_may_runs_its_block_on_yes_and_its_else_on_no() -> None:
    ran: list = []
    for answer, expected in (("yes", ["yes"]), ("no", ["no"])):
        state = _state()
        seen = _asking(state, answer)
        ran.clear()
        yes, no = _blocks(ran, "yes", "no")
        _run(A.AskMay(N.Const(1), "may", N.Const("Go?"), True, (yes,), (no,)), Ctx(state, 0, None, {}))
        assert ran == expected
        assert _fields(seen[0]) == (1, "may", "Go?", "yesno", ["yes"], 0, 1, ["yes"], True, False)
