"""The decisions asked in place (the pass decide-inline: the IR's AskCards, AskPlayer and AskValues emitted by
compile/ir/emit_ask.py) do what their reference runs do (compile/decision_runs.py: the decision put in full over
options already evaluated): on random positions of a small game, for random options, counts (written or
computed), kinds, seats asked (the player, another, chance), privacy and `always`, with a log and with nobody
watching, both give the same picks, put the same decisions to the same agents, log the same events and draw
the same numbers from the game's RNG, or raise the same error.

Likewise the decisions that run blocks and the choice a bot may answer by name first: `choose one of`
(AskOption against choose_option over legal_options: the same conditions tested in order, the same block run),
`may` (AskMay against ask_may) and a choice of cards with FIRST "named" or "none" (AskCards against
choose_cards_first: a bot's pick by name when nobody watches, the full question, its options worked out only then,
when someone does: a log or a listener), with seats answering at random or by name; the listener hears the same.
Some seats answer by compiled rules (ByRules): the code asked in place puts a decision nobody reads to them by its
fields, its Decision not built (the pass ask-rules, runtime/decisions.py ask_rules), the reference run always
builds it; they see and answer the same."""
from __future__ import annotations

import ast as py
import random
from typing import Callable

import pytest

from cardlang.compile import codegen as G
from cardlang.compile.decision_runs import (ask_may, choose_cards, choose_cards_first, choose_option, choose_player,
                                            choose_values, legal_options)
from cardlang.compile.ir import nodes as N
from cardlang.compile.ir import nodes_ask as A
from cardlang.compile.pyast import name
from cardlang.runtime.decisions import CHANCE, RandomAgent
from cardlang.runtime.state import Ctx, Decision, IllegalAction

CASES = 300
NAMES = ["Coin", "Gem", "Land"]


class Recording(RandomAgent):
    """A random answer, each decision put noted (what the player is shown and may pick)."""

    def __init__(self, seed: int, seen: list) -> None:
        super().__init__(seed)
        self.seen = seen

    def decide(self, view, d):
        self.seen.append((d.player, d.tag, d.prompt, d.kind, list(d.options), d.min, d.max, list(d.labels),
                          d.private))
        return super().decide(view, d)


class ByRules(Recording):
    """A bot answering by compiled rules (compile/bots.py's protocol: `decide_on`, the decision's fields, which
    runtime/decisions.py ask_rules puts when nobody reads the game): a random answer either way, each decision
    noted as the fields show it (no prompt: the fields have none), the puts of fields counted in ON_FIELDS."""

    on_fields = 0

    def decide(self, view, d):
        self.seen.append(("rules", d.player, d.tag, d.kind, list(d.options), d.min, d.max, list(d.labels)))
        return RandomAgent.decide(self, view, d)

    def decide_on(self, state, p, tag, kind, options, lo, hi, labels, names):
        ByRules.on_fields += 1
        d = Decision(p, tag, "", kind, options, lo, hi, labels, names=names)
        return self.decide(None, d)


def _agents(seed: int, seen: list, players: int) -> list:
    """Each seat random (asked the Decision) or a bot answering by rules, drawn from SEED."""
    rng = random.Random(seed - 1)
    return [(ByRules if rng.random() < 0.5 else Recording)(seed + i, seen) for i in range(players)]


def _inlined(node_of) -> callable:
    """`def run(ctx, _o, _c, _b): _r = <the node, asked in place>; return _r`, generated through the emitter."""
    def body(gen: G.Gen) -> list[py.stmt]:
        r = N.Var(name="_r")
        return gen.emit_ir((N.Let(r, node_of(N.Py(name("_o")), N.Py(name("_c")), N.Py(name("_b")))), N.Return(r)))
    return G.build_function("a decision asked in place", None, body, "run", ("_o", "_c", "_b")).fn


def _prompt(text: str):
    fn = lambda ctx: text  # noqa: E731
    fn.text = text
    return fn


def _draw(rng: random.Random, players: int) -> dict:
    return {"kind": rng.choice(("any", "up_to", "exactly")), "written": rng.choice((None, None, 0, 1, 2, 5)),
            "count": rng.choice((None, -1, 0, 1, 2, 3, 7)), "by": rng.choice((None, None, CHANCE, *range(players))),
            "private": rng.random() < 0.3, "always": rng.random() < 0.3, "tag": rng.choice(("pick", "take")),
            "log": rng.random() < 0.5, "seed": rng.randrange(10_000)}


def _position(tiny_game, case: dict, players: int):
    rng = random.Random(case["seed"])
    s = tiny_game.state(players=players, seed=case["seed"], log=case["log"])
    seen: list = []
    s.agents = _agents(case["seed"], seen, players)
    for where in ("p1.hand", "table", "p2.hand"):
        tiny_game.put(s, where, [rng.choice(NAMES) for _ in range(rng.randrange(0, 5))])
    cards = [c for z in ("p1.hand", "table", "p2.hand") for c in tiny_game.zone(s, z).cards]
    options = rng.sample(cards, rng.randrange(0, len(cards) + 1))
    return s, seen, options


def _outcome(run, s, seen) -> tuple:
    try:
        got = run()
    except IllegalAction as e:
        got = ("refused", str(e))
    return got, seen, [str(e) for e in (s.log or [])], s.rng.random()


@pytest.fixture(scope="module")
def tiny_game(tmp_path_factory):
    import os
    from cardlang.compile.game import load_game
    from tiny_game import Tiny, TinyFactory
    home = tmp_path_factory.mktemp("home")
    old = os.environ.get("CARDLANG_HOME"), os.getcwd()
    os.environ["CARDLANG_HOME"] = str(home)
    os.chdir(home)
    try:
        TinyFactory(home).write("marks += 1;", None, "", "", "")
        yield Tiny(load_game("tiny"))
    finally:
        os.chdir(old[1])
        if old[0] is None:
            os.environ.pop("CARDLANG_HOME", None)
        else:
            os.environ["CARDLANG_HOME"] = old[0]


def test_a_choice_of_cards_asked_in_place_is_its_reference_run(tiny_game) -> None:
    rng = random.Random("cards")
    asked = 0
    on_fields = ByRules.on_fields
    for _ in range(CASES):
        players = rng.choice((2, 3))
        case = _draw(rng, players)
        by = case["by"]
        count = case["count"] if case["written"] is None and case["kind"] != "any" else None
        written = case["written"] if case["kind"] != "any" else None
        prompt = _prompt(f"Choose, {case['tag']}")
        run = _inlined(lambda o, c, b: A.AskCards(None if by is None else b, case["tag"], N.Const(prompt.text),
                                                  case["private"], o, case["kind"], None if count is None else c,
                                                  written, case["always"]))
        s, seen, options = _position(tiny_game, case, players)
        ctx = Ctx(s, 0)
        reference = _outcome(lambda: choose_cards(ctx, list(options), count, case["kind"], written,
                                                  None if by is None else (lambda ctx: by), prompt, case["tag"],
                                                  case["private"], case["always"]), s, seen)
        s, seen, options = _position(tiny_game, case, players)
        ctx = Ctx(s, 0)
        assert _outcome(lambda: run(ctx, list(options), count, by), s, seen) == reference, case
        asked += bool(reference[1])
    assert asked > CASES // 4  # most cases put a decision (the others: nothing to pick)
    assert ByRules.on_fields > on_fields + CASES // 20  # some to a bot by rules, its Decision not built


def test_a_choice_of_a_player_asked_in_place_is_its_reference_run(tiny_game) -> None:
    rng = random.Random("players")
    on_fields = ByRules.on_fields
    for _ in range(CASES // 3):
        players = rng.choice((2, 3, 4))
        case = _draw(rng, players)
        by = case["by"]
        seats = rng.sample(range(players), rng.randrange(0, players + 1))
        prompt = _prompt("Whom?")
        run = _inlined(lambda o, c, b: A.AskPlayer(None if by is None else b, case["tag"], N.Const(prompt.text),
                                                   case["private"], o))
        s, seen, _ = _position(tiny_game, case, players)
        ctx = Ctx(s, 0)
        reference = _outcome(lambda: choose_player(ctx, list(seats), None if by is None else (lambda ctx: by),
                                                   prompt, case["tag"], case["private"]), s, seen)
        s, seen, _ = _position(tiny_game, case, players)
        ctx = Ctx(s, 0)
        assert _outcome(lambda: run(ctx, list(seats), None, by), s, seen) == reference, case
    assert ByRules.on_fields > on_fields


@pytest.mark.parametrize("vkind", ["cards", "numbers"])
def test_a_choice_of_values_asked_in_place_is_its_reference_run(tiny_game, vkind: str) -> None:
    rng = random.Random(f"values {vkind}")
    on_fields = ByRules.on_fields
    defs = [tiny_game.game.defs_by_name[n] for n in NAMES]
    for _ in range(CASES // 3):
        players = rng.choice((2, 3))
        case = _draw(rng, players)
        by = case["by"]
        count = case["count"] if case["kind"] != "any" else None
        values = rng.sample(defs, rng.randrange(0, 4)) if vkind == "cards" else \
            tuple(rng.randrange(1, 7) for _ in range(rng.randrange(0, 5)))
        labels = None if vkind == "cards" else (lambda numbers: [str(o) for o in numbers])
        prompt = _prompt("Which?")
        run = _inlined(lambda o, c, b: A.AskValues(None if by is None else b, case["tag"], N.Const(prompt.text),
                                                   case["private"], o, vkind, case["kind"],
                                                   None if count is None else c, labels))
        s, seen, _ = _position(tiny_game, case, players)
        ctx = Ctx(s, 0)
        reference = _outcome(lambda: choose_values(ctx, list(values), count, case["kind"], vkind, labels,
                                                   None if by is None else (lambda ctx: by), prompt, case["tag"],
                                                   case["private"]), s, seen)
        s, seen, _ = _position(tiny_game, case, players)
        ctx = Ctx(s, 0)
        assert _outcome(lambda: run(ctx, values, count, by), s, seen) == reference, case
    assert ByRules.on_fields > on_fields


# ---- the decisions whose reference runs are otherwise checked only through whole games: `choose one of` (over
# legal_options), `may`, and a choice of cards a bot may answer by name first (choose_cards_first)
LABELS = ["Attack", "Hide", "Rest"]


class ByName(Recording):
    """A bot that answers the tags TAGS by name (compile/bots.py's protocol, compile/asking.py): what FIND gives
    for the first of NAMES it finds, else none; each pick by name noted with what it came to."""

    def __init__(self, seed: int, seen: list, names: list[str], tags: set[str]) -> None:
        super().__init__(seed, seen)
        self.names = names
        self.named_picks = {t: (self.pick if t in tags else None) for t in ("pick", "take")}

    def pick(self, agent, state, p, find, where):
        got = next((x for x in (find(where, n) for n in self.names) if x is not None), None)
        self.seen.append(("by name", p, list(where) if isinstance(where, list) else None, got))
        return got


def _table(tiny_game, case: dict, players: int, names: list[str]):
    """_position, with each seat's agent random or a bot answering by name (names tried from NAMES), and a
    listener (someone watching) on some cases; returns the events the listener hears too."""
    s, seen, options = _position(tiny_game, case, players)
    rng = random.Random(case["seed"] + 1)
    s.agents = [(ByRules if rng.random() < 0.5 else Recording)(case["seed"] + i, seen) if rng.random() < 0.3 else
                ByName(case["seed"] + i, seen, rng.sample(names, rng.randrange(0, 4)),
                       set(rng.sample(("pick", "take"), rng.randrange(1, 3)))) for i in range(players)]
    heard: list = []
    if rng.random() < 0.25:
        s.listen(lambda e: heard.append(str(e)))
    return s, seen, options, heard


def _prompts(rng: random.Random, text: str) -> Callable | str:
    """A prompt in each form the generated code passes: the text, a function with the text, a function."""
    return rng.choice((text, _prompt(text), lambda ctx: text))


def _stmt(node, args: tuple[str, ...] = ("_b",)) -> callable:
    """`def run(ctx, _b): <the node, asked in place>`, generated through the emitter."""
    return G.build_function("a decision asked in place", None, lambda gen: gen.emit_ir((node,)), "run", args).fn


def _watched(s) -> bool:
    return s.log is not None or bool(s.listeners)


def test_a_choice_of_options_asked_in_place_is_its_reference_run(tiny_game) -> None:
    """choose_option over legal_options: the same conditions tested in order, the same block run, the same
    decision put (or the same bot's pick by name when nobody watches), nothing legal asked always when watched."""
    rng = random.Random("options")
    by_name = asked = 0
    for _ in range(CASES):
        players = rng.choice((2, 3))
        case = _draw(rng, players)
        by = case["by"]
        k = rng.randrange(1, 5)
        holds = [rng.choice((None, True, False)) for _ in range(k)]
        labels = [rng.choice(LABELS) for _ in range(k)]  # (a label twice: the earliest legal one is named)
        trace: list = []

        def cond(ctx, i):
            trace.append(("tested", i))
            return holds[i]

        def body(ctx, i):
            trace.append(("ran", i))
            ctx.state.emit(f"ran option {i}")

        def label_of(legal):
            return [labels[i] for i in legal]

        def find(legal, label):
            return next((i for i in legal if labels[i] == label), None)
        prompt = _prompts(rng, "Do what?")
        conds = [None if h is None else (lambda ctx, i=i: cond(ctx, i)) for i, h in enumerate(holds)]
        bodies = [lambda ctx, i=i: body(ctx, i) for i in range(k)]
        run = _stmt(A.AskOption(None if by is None else N.Py(name("_b")), case["tag"], N.Const("Do what?"),
                                case["private"], tuple(None if h is None else N.Call(cond, first="ctx", consts=(i,))
                                                       for i, h in enumerate(holds)),
                                tuple(N.Do(N.Call(body, first="ctx", consts=(i,))) for i in range(k)),
                                case["always"], label_of, find))
        s, seen, _, heard = _table(tiny_game, case, players, LABELS + ["Sleep"])
        ctx = Ctx(s, 0)
        reference = _outcome(lambda: choose_option(ctx, legal_options(ctx, *conds), None if by is None else
                                                   (lambda ctx: by), prompt, case["tag"], case["private"],
                                                   case["always"], label_of, find, *bodies), s, seen)
        reference += (list(trace), heard)
        trace.clear()
        s, seen, _, heard = _table(tiny_game, case, players, LABELS + ["Sleep"])
        ctx = Ctx(s, 0)
        assert _outcome(lambda: run(ctx, by), s, seen) + (list(trace), heard) == reference, case
        by_name += any(x[0] == "by name" for x in seen)
        asked += any(x[0] != "by name" for x in seen)
    assert by_name > CASES // 20 and asked > CASES // 4  # both the pick by name and the full question


def test_may_asked_in_place_is_its_reference_run(tiny_game) -> None:
    rng = random.Random("may")
    on_fields = ByRules.on_fields
    for _ in range(CASES // 2):
        players = rng.choice((2, 3))
        case = _draw(rng, players)
        by = case["by"]
        other = rng.random() < 0.5
        trace: list = []

        def body(ctx, what):
            trace.append(what)
            ctx.state.emit(f"said {what}")
        prompt = _prompts(rng, "Go?")
        run = _stmt(A.AskMay(None if by is None else N.Py(name("_b")), case["tag"], N.Const("Go?"), case["private"],
                             (N.Do(N.Call(body, first="ctx", consts=("yes",))),),
                             (N.Do(N.Call(body, first="ctx", consts=("no",))),) if other else ()))
        s, seen, _, heard = _table(tiny_game, case, players, NAMES)
        ctx = Ctx(s, 0)
        reference = _outcome(lambda: ask_may(ctx, None if by is None else (lambda ctx: by), prompt, case["tag"],
                                             case["private"], lambda ctx: body(ctx, "yes"),
                                             (lambda ctx: body(ctx, "no")) if other else (lambda ctx: None)),
                             s, seen) + (list(trace), heard)
        trace.clear()
        s, seen, _, heard = _table(tiny_game, case, players, NAMES)
        ctx = Ctx(s, 0)
        assert _outcome(lambda: run(ctx, by), s, seen) + (list(trace), heard) == reference, case
    assert ByRules.on_fields > on_fields


@pytest.mark.parametrize("first", ["named", "none"])
def test_a_choice_a_bot_answers_by_name_first_asked_in_place_is_its_reference_run(tiny_game, first: str) -> None:
    """choose_cards_first: a bot's pick by name (FIRST "named": the cards it names, for a choice of one; "none":
    it names none) when nobody watches, else (someone watches, another agent, chance asked, a count not 1) the
    question in full, its options worked out only then."""
    rng = random.Random(f"first {first}")
    by_name = asked = 0
    for _ in range(CASES):
        players = rng.choice((2, 3))
        case = _draw(rng, players)
        by = case["by"]
        kind = "up_to" if first == "named" else rng.choice(("any", "up_to"))
        written = rng.choice((None, 1, 1, 2)) if kind == "up_to" else None
        one = written == 1 and rng.random() < 0.8
        counted = kind == "up_to" and written is None
        c = written if written is not None else rng.choice((-1, 0, 1, 1, 1, 2, 3))
        built: list = []

        def options_of(ctx):
            built.append("options")
            return list(options)

        def count_of(ctx):
            return c

        def find(ctx, label):  # the earliest option of that name
            return next((o for o in options if ctx.state.card_def[o].name == label), None)
        prompt = _prompts(rng, f"Choose, {case['tag']}")
        run = _inlined(lambda o, c, b: A.AskCards(
            None if by is None else b, case["tag"], N.Const(f"Choose, {case['tag']}"), case["private"],
            N.Call(options_of, first="ctx"), kind, N.Call(count_of, first="ctx") if kind == "up_to" else None, written,
            case["always"], first, one, find))
        s, seen, options, heard = _table(tiny_game, case, players, NAMES + ["Crown"])
        ctx = Ctx(s, 0)
        reference = _outcome(lambda: choose_cards_first(
            ctx, first, one, find, options_of, count_of if kind == "up_to" else None, counted, kind, written,
            None if by is None else (lambda ctx: by), prompt, case["tag"], case["private"], case["always"]),
            s, seen) + (list(built), heard)
        built.clear()
        s, seen, options, heard = _table(tiny_game, case, players, NAMES + ["Crown"])
        ctx = Ctx(s, 0)
        assert _outcome(lambda: run(ctx, None, None, by), s, seen) + (list(built), heard) == reference, case
        by_name += any(x[0] == "by name" for x in seen) and not _watched(s)
        asked += any(x[0] != "by name" for x in seen)
    assert by_name > CASES // 20 and asked > CASES // 10  # both the pick by name and the full question
