"""The decisions asked in place (the pass decide-inline: the IR's AskCards, AskPlayer and AskValues emitted by
compile/ir/emit_ask.py) do what their reference runs do (compile/decision_runs.py: the decision put in full over
options already evaluated): on random positions of a small game, for random options, counts (written or
computed), kinds, seats asked (the player, another, chance), privacy and `always`, with a log and with nobody
watching, both give the same picks, put the same decisions to the same agents, log the same events and draw
the same numbers from the game's RNG, or raise the same error."""
from __future__ import annotations

import ast as py
import random

import pytest

from cardlang.compile import codegen as G
from cardlang.compile.decision_runs import choose_cards, choose_player, choose_values
from cardlang.compile.ir import nodes as N
from cardlang.compile.ir import nodes_ask as A
from cardlang.compile.pyast import name
from cardlang.runtime.decisions import CHANCE, RandomAgent
from cardlang.runtime.state import Ctx, IllegalAction

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
    s.agents = [Recording(case["seed"] + i, seen) for i in range(players)]
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


def test_a_choice_of_a_player_asked_in_place_is_its_reference_run(tiny_game) -> None:
    rng = random.Random("players")
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


@pytest.mark.parametrize("vkind", ["cards", "numbers"])
def test_a_choice_of_values_asked_in_place_is_its_reference_run(tiny_game, vkind: str) -> None:
    rng = random.Random(f"values {vkind}")
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
